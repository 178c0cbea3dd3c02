"""What a phone keeps: the games it started, joined or followed, and the edit keys of
those it may change. No sign-up: a phone is a random token in its signed cookie.

Kept here rather than in the cookie, which would grow past the 4 KB a browser keeps
(and travel with every poll of the sheet). A row is found by the token's SHA-256,
so the database names no phone; an edit key is kept sealed (:mod:`referee.storage.sealing`)
for the phone's token and the game, so neither a copy of the database nor another
phone's cookie opens it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from . import sealing
from .allowance import UNLIMITED, Allowance
from .database import begin_write, one_transaction
from .db import db
from .models import Game, Phone, PhoneGame

#: How a phone came to a game, the strongest last: a phone that started or joined a
#: game never falls back to following it.
HOW = ("followed", "joined", "started")
#: A game opened again (each time its sheet is read: a poll, or a live sheet told of
#: a change) moves to the top of the phone's list at most this often, so following a
#: sheet costs no writes.
TOUCH_EVERY = timedelta(minutes=10)
#: What a phone's edit key is sealed for (every key kept since phones were kept here).
SEALED_FOR = "phone-edit-key"
#: A phone that comes back has its last-seen moved at most this often (one read a
#: request otherwise), which is all ``prune`` needs to tell a phone gone for months.
SEEN_EVERY = timedelta(days=1)


def digest(token: str) -> str:
    """The phone's row key: its token's SHA-256 (the token is only in its cookie)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _seal(edit_key: str, token: str, game_id: str, secret: bytes) -> str:
    return sealing.seal(edit_key, secret, SEALED_FOR, token, game_id)


def _unseal(sealed: str, token: str, game_id: str, secret: bytes) -> str | None:
    return sealing.unseal(sealed, secret, SEALED_FOR, token, game_id)


@dataclass(frozen=True)
class Kept:
    """One of a phone's games: the game, how the phone came to it, and its edit key."""

    game: Game
    how: str
    edit_key: str | None
    opened_at: datetime


def phone_game(token: str, game_id: str) -> PhoneGame | None:
    """The phone's row for the game, if it keeps it."""
    row: PhoneGame | None = db.session.get(PhoneGame, (digest(token), game_id))
    return row


def edit_key(token: str, game_id: str, secret: bytes) -> str | None:
    """The game's edit key, if this phone keeps one."""
    row = phone_game(token, game_id)
    if row is None or row.sealed_key is None:
        return None
    return _unseal(row.sealed_key, token, game_id, secret)


def opened(token: str, game_id: str) -> None:
    """The phone opened the game: put it first among its games if it keeps it, as
    :func:`keep` does. A game it does not keep stays so: reading adds no row."""
    keep(token, game_id, HOW[0], b"", only_kept=True)


def keep(
    token: str,
    game_id: str,
    how: str,
    secret: bytes,
    edit_key: str | None = None,
    *,
    only_kept: bool = False,
    allowance: Allowance = UNLIMITED,
) -> None:
    """Put the game first among the phone's games (``how`` it came to it, never a
    weaker way than before), with its edit key if given. One write, committed; a
    game opened again within :data:`TOUCH_EVERY` writes nothing. ``only_kept``: a
    game the phone does not keep (any more) is left so. A game the phone did not keep
    yet is counted against the address's ``allowance`` of games kept a minute."""
    now = datetime.now(UTC)
    row = phone_game(token, game_id)
    if (row is None and only_kept) or _said_already(row, how, edit_key, now):
        return
    for attempt in (1, 2):
        with one_transaction():
            begin_write()
            if phone_game(token, game_id) is None and only_kept:
                db.session.rollback()
                return
            put(token, game_id, how, secret, edit_key, allowance=allowance)
            try:
                db.session.commit()
                return
            except IntegrityError:
                # The same phone's other request added the row first: update it.
                db.session.rollback()
                if attempt == 2:
                    raise


def put(
    token: str,
    game_id: str,
    how: str,
    secret: bytes,
    edit_key: str | None = None,
    *,
    allowance: Allowance = UNLIMITED,
) -> None:
    """Keep the game on the phone in the write under way (its lock taken), as
    :func:`keep` says; the phone is seen now. A row added is counted against the
    ``allowance`` of games kept a minute (TooManyWrites past it); the caller commits."""
    now = datetime.now(UTC)
    row = phone_game(token, game_id)
    if row is None:
        allowance.spend("keep")
    sealed = _seal(edit_key, token, game_id, secret) if edit_key is not None else None
    new = PhoneGame(
        phone=digest(token), game_id=game_id, how=how, sealed_key=sealed, opened_at=now
    )
    _put(row, new)
    mark_seen(token, now)


def new_row(
    token: str, game_id: str, how: str, secret: bytes, edit_key: str | None, opened_at: datetime
) -> PhoneGame:
    """The phone's row for a game new to it, opened last at ``opened_at``, with its edit
    key sealed, to add to the write under way: a game brought in from a file keeps its
    place among the phone's games (:mod:`referee.storage.brought_in`)."""
    sealed = _seal(edit_key, token, game_id, secret) if edit_key is not None else None
    return PhoneGame(
        phone=digest(token), game_id=game_id, how=how, sealed_key=sealed, opened_at=opened_at
    )


def _said_already(row: PhoneGame | None, how: str, edit_key: str | None, now: datetime) -> bool:
    """Whether the phone's row says all that keeping the game would: no stronger way
    to it, no key to keep, and opened within :data:`TOUCH_EVERY`."""
    if row is None or edit_key is not None or HOW.index(how) > HOW.index(row.how):
        return False
    opened = row.opened_at if row.opened_at.tzinfo else row.opened_at.replace(tzinfo=UTC)
    return now - opened < TOUCH_EVERY


def _put(row: PhoneGame | None, new: PhoneGame) -> None:
    """The phone's row for the game as ``new`` says: added, or opened now, never a
    weaker way than before, and with the new edit key if there is one."""
    if row is None:
        db.session.add(new)
        return
    row.opened_at = new.opened_at
    if HOW.index(new.how) > HOW.index(row.how):
        row.how = new.how
    if new.sealed_key is not None:
        row.sealed_key = new.sealed_key


def mark_seen(token: str, now: datetime) -> None:
    """The phone is seen ``now``, in the write under way (a row added if it has none:
    its first write that keeps something)."""
    insert = postgresql.insert if db.engine.dialect.name == "postgresql" else sqlite.insert
    db.session.execute(
        insert(Phone)
        .values(phone=digest(token), seen_at=now)
        .on_conflict_do_update(index_elements=["phone"], set_={"seen_at": now})
    )


def seen(token: str) -> None:
    """The phone came back: its last-seen moved to now if it is older than
    :data:`SEEN_EVERY` (one read otherwise). A phone with no row gets none here, only
    by a write that keeps something, so a cookie alone adds no row."""
    now = datetime.now(UTC)
    seen_at = db.session.scalar(select(Phone.seen_at).where(Phone.phone == digest(token)))
    if seen_at is None or now - (seen_at.replace(tzinfo=seen_at.tzinfo or UTC)) < SEEN_EVERY:
        return
    with one_transaction():
        begin_write()
        db.session.execute(update(Phone).where(Phone.phone == digest(token)).values(seen_at=now))
        db.session.commit()


def games_of(token: str, secret: bytes, limit: int | None = None) -> list[Kept]:
    """The phone's games, the one opened last first."""
    query = (
        select(PhoneGame, Game)
        .join(Game, Game.id == PhoneGame.game_id)
        .where(PhoneGame.phone == digest(token))
        .order_by(PhoneGame.opened_at.desc(), PhoneGame.game_id)
    )
    if limit is not None:
        query = query.limit(limit)
    return [
        Kept(
            game=game,
            how=row.how,
            edit_key=_unseal(row.sealed_key, token, game.id, secret) if row.sealed_key else None,
            opened_at=row.opened_at,
        )
        for row, game in db.session.execute(query).all()
    ]
