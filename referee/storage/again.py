"""Play again (docs/rules.md#R78): a finished game's next game, one for the whole table.

The next game belongs to the game, not to a phone: the first phone with the game's
edit key to tap *Play again* makes it, under the game's lock, and the game keeps it
(``Game.next_game``) with its edit key sealed for the game's own (``Game.next_key``).
Every later tap, from any phone of the table, at once or later, lands in that game:
a phone with this game's edit key is handed the next one's (kept sealed for the phone,
as every key a phone keeps); a phone that keeps this game only to follow it follows
the next one. Each tap is one write, in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from . import games, phones, sealing
from .allowance import UNLIMITED, Allowance
from .database import begin_write, one_transaction
from .db import db
from .models import Game

__all__ = ["Tap", "play_again"]

#: What a next game's edit key is sealed for, with the game's id and its edit key.
SEALED_FOR = "next-game-edit-key"


@dataclass(frozen=True)
class Tap:
    """A phone's tap on Play again: its token (None: a phone that keeps nothing), this
    game's edit key as the phone keeps it (None: a follower), the app's secret, and
    the address's allowance of games kept a minute."""

    token: str | None
    edit_key: str | None
    secret: bytes
    allowance: Allowance = UNLIMITED


def play_again(game_id: str, tap: Tap, start: Callable[[], tuple[Game, str]]) -> str | None:
    """The id of the game's next game, made now by ``start`` (a new game with its edit
    key, added to this write) if there is none yet and the phone may change this game;
    kept by the phone if it keeps this game. None: no next game, and this phone may
    not make it (a follower's tap before the table's)."""
    with one_transaction():
        begin_write()
        tap.allowance.hold()  # before the game's lock, as every counted write takes them
        game = games.lock_game(game_id)
        if game.next_game is not None and db.session.get(Game, game.next_game) is None:
            game.next_game = game.next_key = None  # pruned since: the table may play again
        editor = tap.edit_key if _edits(game, tap.edit_key) else None
        if game.next_game is None:
            if editor is None or tap.token is None:
                db.session.rollback()
                return None
            next_game = _make_next(game, tap.token, editor, tap.secret, start)
        else:
            next_game = game.next_game
            if tap.token is not None and phones.phone_game(tap.token, game.id) is not None:
                key = _next_key(game, editor, tap.secret)
                how = "joined" if key is not None else "followed"
                phones.put(tap.token, next_game, how, tap.secret, key, allowance=tap.allowance)
        db.session.commit()
        return next_game


def _make_next(
    game: Game, token: str, editor: str, secret: bytes, start: Callable[[], tuple[Game, str]]
) -> str:
    """Make the game's next game with ``start`` (counted as a new game), keep it on the
    game with its key sealed for ``editor``, the game's own, and on the phone that made
    it; its id."""
    following, key = start()
    db.session.flush()  # the next game's row before the rows that name it
    game.next_game = following.id
    game.next_key = sealing.seal(key, secret, SEALED_FOR, game.id, editor)
    # A change to the game: every phone following its sheet is drawn the way to the
    # next one at its next poll.
    game.version += 1
    game.updated_at = datetime.now(UTC)
    phones.put(token, following.id, "started", secret, key)
    return following.id


def _edits(game: Game, edit_key: str | None) -> bool:
    try:
        games.check_edit_key(game, edit_key)
    except games.EditRefused:
        return False
    return True


def _next_key(game: Game, editor: str | None, secret: bytes) -> str | None:
    """The next game's edit key, for a phone with this game's (``editor``): None for a
    follower, and for a next game made before the game kept its key (that phone's
    own, which it keeps)."""
    if editor is None or game.next_key is None or game.next_game is None:
        return None
    key = sealing.unseal(game.next_key, secret, SEALED_FOR, game.id, editor)
    following = db.session.get(Game, game.next_game)
    if key is None or following is None or not _edits(following, key):
        return None
    return key
