"""Saved games: start one (and the limit a minute), find one, check its edit key,
and read its sheet. A game's deals are written by :mod:`referee.storage.deals`.

Starting a game is one transaction, as every write is: let the rules core judge
the table, make the game and the answer kept for a retry, then take the write lock
only to count the game against the address's allowance, write and commit once;
anything refused on the way is rolled back.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..rules import (
    RulesError,
    Ruleset,
    apply_house,
    get_ruleset,
    house_changes,
    house_rules_of,
    parse_cards,
    played_rules,
)
from ..rules.reasons import Reason
from ..rules.scoring import Adjustment, DealScore, Hand, Pot, Sheet, Table, score_deal
from . import idempotency
from .allowance import UNLIMITED, Allowance
from .database import Refused, begin_write, one_transaction
from .db import db
from .idempotency import UNGUARDED, Guard, Replay
from .models import Deal, Game

__all__ = [
    "EditRefused",
    "GameNotFound",
    "KeptNewGame",
    "add_game",
    "adjust_of",
    "check_edit_key",
    "create_game",
    "get_game",
    "house_again",
    "kept_rules",
    "key_hash",
    "lock_game",
    "locked_game",
    "rules_of",
    "scored",
    "sheet_of",
    "table_of",
]

TOKEN_BYTES = 16  # 128 random bits for a game's id and for its edit key
#: What a game id can be (``secrets.token_urlsafe``, within the column's 32). Anything
#: else is no game, answered without asking the database, which may refuse to even
#: compare it (PostgreSQL and a NUL character).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class GameNotFound(Refused):
    """No game has this id."""

    status = 404


class EditRefused(Refused):
    """The edit key is missing or wrong."""

    status = 403


#: What the caller answers a new game with, from the game as written and its edit
#: key: kept with the request's Idempotency-Key, so that a retry is answered as the
#: first time (docs/api.md#retries-and-several-writers). The storage keeps it and never
#: reads it; a game started without one (a page's form) keeps ``{}``.
KeptNewGame = Callable[[Game, str], dict[str, Any]]


def key_hash(key: str) -> str:
    """An edit key as the game keeps it."""
    # The key is 128 random bits, so one round of SHA-256 is enough to keep a copy
    # of the database from opening the games for writing.
    return hashlib.sha256(key.encode()).hexdigest()


# --- Starting a game --------------------------------------------------------------------


def create_game(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, object] | None = None,
    teams: Sequence[str] | None = None,
    pot: tuple[int, int] | None = None,
    guard: Guard = UNGUARDED,
    *,
    house: Mapping[str, object] | None = None,
    allowance: Allowance = UNLIMITED,
    kept_answer: KeptNewGame | None = None,
) -> tuple[Game, str] | Replay:
    """Start a game; return it with its edit key (shown once, stored hashed).

    ``house``: the table's house rules (docs/rules.md#R68), applied after the options and
    judged by the rules core before anything is written: HouseRulesError for a
    document it cannot read, UnplayableRulesError for rules no table could play
    (R71). The game keeps them as given, and every rule's value as it is now, for
    good (R73; :func:`rules_of`).

    The game is counted against the address's ``allowance`` of new games a minute;
    past it, TooManyWrites (a retry of a game already made is answered as the first
    time and counts nothing)."""
    rules = get_ruleset(variant, options, house)
    table = Table.seat(rules, players, teams)
    _check_pot(rules, pot)
    with one_transaction():
        # Read and made before the write lock: a retry's first answer, else the new
        # game and the answer kept with its key. The same key sent twice at once is
        # told apart by the kept answer's own key, on commit (_commit_new_game).
        replay = idempotency.replay(idempotency.NEW_GAME, guard)
        if replay is not None:
            return replay
        game, edit_key = _new_game(rules, table, pot, house)
        kept = None
        if guard.key is not None:
            body = kept_answer(game, edit_key) if kept_answer is not None else {}
            kept = idempotency.kept(idempotency.NEW_GAME, guard, 201, body, game.version)
        begin_write()
        allowance.spend("game")
        db.session.add(game)
        if kept is not None:
            idempotency.remember_kept(kept)
        replay = _commit_new_game(guard)
        return (game, edit_key) if replay is None else replay


def add_game(
    rules: Ruleset,
    table: Table,
    pot: tuple[int, int] | None,
    allowance: Allowance = UNLIMITED,
    *,
    house: Mapping[str, object] | None = None,
    again: Game | None = None,
) -> tuple[Game, str]:
    """Add a new game to the write under way (its lock taken), counted against the
    address's ``allowance``; return it with its edit key. The caller commits. ``rules`` are
    the game's with its ``house`` rules applied, kept as given (R73). ``again``: the
    game this one plays again, whose evening it joins (R78)."""
    _check_pot(rules, pot)
    allowance.spend("game")
    game, edit_key = _new_game(rules, table, pot, house)
    if again is not None:
        game.series = again.series or again.id
    db.session.add(game)
    return game, edit_key


def _check_pot(rules: Ruleset, pot: tuple[int, int] | None) -> None:
    """A pot only where the game plays for one, with amounts it can hold (R33)."""
    if pot is None:
        return
    if not rules.pot:
        raise RulesError(Reason.of("no_pot", game=rules.name))
    Pot(*pot)  # checks the amounts


def _new_game(
    rules: Ruleset,
    table: Table,
    pot: tuple[int, int] | None,
    house: Mapping[str, object] | None,
) -> tuple[Game, str]:
    """The new game's row, with an id of its own, at version 1, not yet added to
    the session; and its edit key."""
    edit_key = secrets.token_urlsafe(TOKEN_BYTES)
    stake, payout = pot if pot is not None else (None, None)
    game = Game(
        id=secrets.token_urlsafe(TOKEN_BYTES),
        edit_key_hash=key_hash(edit_key),
        variant=rules.variant,
        options=dict(rules.options),
        players=list(table.players),
        teams=[side.name for side in table.sides] if rules.partnerships else None,
        pot_stake=stake,
        pot_payout=payout,
        rules=house_rules_of(rules),  # R73: these rules for good
        first_dealer=table.first_dealer,  # R78
        version=1,
        house=dict(house or {}),
    )
    return game, edit_key


def _commit_new_game(guard: Guard) -> Replay | None:
    """Commit the new game: None, or the first answer of the same request when it
    made the game first."""
    try:
        db.session.commit()
    except IntegrityError:
        # The same key sent at the same moment by another request (on PostgreSQL
        # nothing locks a game not yet made): the one that committed first made
        # the game, and its answer is this request's answer too.
        db.session.rollback()
        replay = idempotency.replay(idempotency.NEW_GAME, guard)
        if replay is None:
            raise
        return replay
    return None


# --- Finding a game ---------------------------------------------------------------------


def _no_such_game(game_id: str) -> GameNotFound:
    shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
    return GameNotFound(gettext("there is no game %(game)s", game=shown))


def get_game(game_id: str) -> Game:
    game = db.session.get(Game, game_id) if GAME_ID.fullmatch(game_id) else None
    if game is None:
        raise _no_such_game(game_id)
    return game


def locked_game(game_id: str) -> Game:
    """The game, locked for a write (the write's lock taken first): GameNotFound if
    there is no such game."""
    if not GAME_ID.fullmatch(game_id):
        raise _no_such_game(game_id)
    begin_write()
    return lock_game(game_id)


def lock_game(game_id: str) -> Game:
    """The game, locked in the write already begun (``begin_write``, and what that
    write must lock before it): GameNotFound if there is no such game."""
    if not GAME_ID.fullmatch(game_id):
        raise _no_such_game(game_id)
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update()
    ).scalar_one_or_none()
    if game is None:
        raise _no_such_game(game_id)
    return game


def check_edit_key(game: Game, edit_key: str | None) -> None:
    """EditRefused unless this is the game's edit key (compared in constant time)."""
    if edit_key is None or not hmac.compare_digest(key_hash(edit_key), game.edit_key_hash):
        raise EditRefused(
            gettext(
                "changing this game needs its edit key in the X-Edit-Key header; "
                "the one sent is missing or wrong"
            )
        )


# --- Reading a game ---------------------------------------------------------------------


def rules_of(game: Game) -> Ruleset:
    """The rules the game plays: its variant's preset with its options, then every
    rule's value as it was when the game started (R73), so later versions of the
    preset change nothing in it. A game started before house rules keeps none: its
    preset's rules, as it always read."""
    if game.rules is None:
        return played_rules(game.variant, game.options, None)
    return kept_rules(game.variant, _json(game.options), _json(game.rules))


def _json(value: Mapping[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@functools.lru_cache(maxsize=256)
def kept_rules(variant: str, options: str, rules: str) -> Ruleset:
    """A game's kept rules, built once a process: reading every rule again costs a
    millisecond, and a sheet is read every few seconds (a Ruleset is frozen)."""
    return played_rules(variant, json.loads(options), json.loads(rules))


def house_again(game: Game) -> dict[str, Any]:
    """The house rules of a game played again with the same rules (R73): the ones
    it was given, unless the preset has changed since, and then the changes from
    the preset as it is now to the rules the game plays."""
    if game.rules is None:
        return {}
    book = get_ruleset(game.variant, game.options)
    given = dict(game.house or {})
    kept = rules_of(game)
    try:
        if apply_house(book, given) == kept:
            return given
    except RulesError:  # the preset changed so much the changes no longer apply
        pass
    return house_changes(book, kept)


def table_of(game: Game) -> Table:
    # R73: the table as it started; R78: its first dealer
    return Table.seat(
        rules_of(game), game.players, game.teams, kept=True, first_dealer=game.first_dealer or 0
    )


def sheet_of(game: Game) -> Sheet:
    """The sheet, worked out afresh from the deals as they were entered (and
    accepted then: a check that came in later does not refuse a saved deal)."""
    table = table_of(game)
    return Sheet(table, tuple(scored(table, deal) for deal in game.deals))


def scored(table: Table, deal: Deal) -> DealScore:
    """A deal as kept, scored on the game's table."""
    return score_deal(
        table,
        deal.number,
        deal.went_out,
        _hands(deal),
        deal.bent_table,
        recorded=True,
        adjust=adjust_of(deal),
    )


def _hands(deal: Deal) -> dict[str, Hand]:
    return {
        name: parse_cards(entry["cards"]) if "cards" in entry else int(entry["points"])
        for name, entry in deal.hands.items()
    }


def adjust_of(deal: Deal) -> dict[str, Adjustment]:
    """The deal's bonuses and penalties by player, as the table gave them (R75)."""
    return {
        name: Adjustment(int(entry["points"]), str(entry.get("reason", "")))
        for name, entry in (deal.adjust or {}).items()
    }
