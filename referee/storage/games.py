"""Saved games: create one, record / replace / undo a deal, read the sheet.

Each write is one transaction: take the write lock, load the game, check the edit
key, let the rules core judge everything, then write and commit once. Anything
refused on the way is rolled back, so a game is never half-changed.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, select, text
from sqlalchemy.exc import IntegrityError

from ..plumbing.extensions import db
from ..rules import RulesError, format_cards, get_ruleset, parse_cards
from ..rules.scoring import Hand, Pot, Sheet, Table, score_deal
from . import database as storage
from . import idempotency
from .database import GameConflict, Refused, begin_write, one_transaction
from .idempotency import UNGUARDED, Guard, Replay
from .models import Deal, Game

__all__ = [
    "DealEntry",
    "DealNotFound",
    "EditRefused",
    "GameConflict",
    "GameNotFound",
    "Guard",
    "KeptAnswer",
    "KeptNewGame",
    "Refused",
    "Replay",
    "StaleGame",
    "TooManyGames",
    "check_edit_key",
    "create_game",
    "get_game",
    "record_deal",
    "replace_deal",
    "sheet_csv_rows",
    "sheet_of",
    "undo_deal",
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


class DealNotFound(Refused):
    """The game has no deal of that number."""

    status = 404


class StaleGame(Refused):
    """The writer saw an older game than there is now (If-Match)."""

    status = 412

    def __init__(self, game: Game) -> None:
        super().__init__(
            "the game changed since this phone last saw it (another phone saved a deal); "
            "here it is as it is now"
        )
        self.game = game


@dataclass(frozen=True)
class DealEntry:
    """What the table says of a deal: who went out (None: the stock ran out) and,
    per player, the cards left in hand (a string or tokens) or the points; and
    whether the player who went out bent the table (R63, only where the game
    doubles it)."""

    went_out: str | None
    hands: Mapping[str, str | Sequence[str]]
    points: Mapping[str, int]
    bent_table: bool = False

    def parsed(self) -> dict[str, Hand]:
        both = sorted(set(self.hands) & set(self.points))
        if both:
            raise RulesError(f"give {both[0]}'s cards or points, not both")
        entered: dict[str, Hand] = {name: parse_cards(cards) for name, cards in self.hands.items()}
        return entered | dict(self.points)


#: What the caller answers a write with, from the game as written: kept with the
#: write's Idempotency-Key, so that a retry is answered as the first time (API.md,
#: "Retries and several phones"). The storage keeps it and never reads it; a write
#: without one (a page's form, which needs only to know it was saved) keeps ``{}``.
KeptAnswer = Callable[[Game], dict[str, Any]]
#: The same for a new game, which is answered with its edit key too.
KeptNewGame = Callable[[Game, str], dict[str, Any]]


def _key_hash(key: str) -> str:
    # The key is 128 random bits, so one round of SHA-256 is enough to keep a copy
    # of the database from opening the games for writing.
    return hashlib.sha256(key.encode()).hexdigest()


def create_game(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, object] | None = None,
    teams: Sequence[str] | None = None,
    pot: tuple[int, int] | None = None,
    guard: Guard = UNGUARDED,
    *,
    started_by: str | None = None,
    per_minute: int | None = None,
    kept_answer: KeptNewGame | None = None,
) -> tuple[Game, str] | Replay:
    """Start a game; return it with its edit key (shown once, stored hashed).

    ``started_by`` (a digest of the address) may start at most ``per_minute`` games
    a minute; past that, TooManyGames (a retry of a game already made is answered
    as the first time and counts nothing)."""
    rules = get_ruleset(variant, options)
    table = Table.seat(rules, players, teams)
    if pot is not None and not rules.pot:
        raise RulesError(f"{rules.name} has no pot; only Cap-It plays for one")
    stake, payout = pot if pot is not None else (None, None)
    if pot is not None:
        Pot(*pot)  # checks the amounts (R33)
    with one_transaction():
        begin_write()
        replay = idempotency.replay(idempotency.NEW_GAME, guard)
        if replay is not None:
            return replay
        if started_by is not None and per_minute is not None:
            _check_limit(started_by, per_minute)
        edit_key = secrets.token_urlsafe(TOKEN_BYTES)
        game = Game(
            id=secrets.token_urlsafe(TOKEN_BYTES),
            edit_key_hash=_key_hash(edit_key),
            variant=rules.variant,
            options=dict(rules.options),
            players=list(table.players),
            teams=[side.name for side in table.sides] if rules.partnerships else None,
            pot_stake=stake,
            pot_payout=payout,
            version=1,
            started_by=started_by,
        )
        db.session.add(game)
        if guard.key is not None:
            idempotency.forget_old_answers()
            body = kept_answer(game, edit_key) if kept_answer is not None else {}
            idempotency.remember(idempotency.NEW_GAME, guard, 201, body, game.version)
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
        return game, edit_key


class TooManyGames(Refused):
    """This address started its allowance of games in the last minute."""

    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "too many games were started from this address in the last minute; "
            "wait a minute and try again"
        )
        self.retry_after = retry_after


def _check_limit(started_by: str, per_minute: int) -> None:
    """TooManyGames if ``started_by`` made ``per_minute`` games in the last minute.
    Inside the write: SQLite's write lock serialises it; on PostgreSQL a lock per
    starter does, so two requests at once cannot both take the last game."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(
            text("SELECT pg_advisory_xact_lock(hashtext(:starter))"),
            {"starter": f"new-game:{started_by}"},
        )
    now = datetime.now(UTC)
    recent = db.session.scalars(
        select(Game.created_at)
        .where(Game.started_by == started_by, Game.created_at > now - timedelta(minutes=1))
        .order_by(Game.created_at)
    ).all()
    if len(recent) >= per_minute:
        oldest = recent[0] if recent[0].tzinfo else recent[0].replace(tzinfo=UTC)
        wait = max(1, math.ceil((oldest + timedelta(minutes=1) - now).total_seconds()))
        raise TooManyGames(retry_after=wait)


def _no_such_game(game_id: str) -> GameNotFound:
    shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
    return GameNotFound(f"there is no game {shown}")


def get_game(game_id: str) -> Game:
    game = db.session.get(Game, game_id) if GAME_ID.fullmatch(game_id) else None
    if game is None:
        raise _no_such_game(game_id)
    return game


def sheet_state(reads: Engine, game_id: str, phone: str | None = None) -> tuple[int, bool] | None:
    """The game's version and whether ``phone`` (a phone's digest, as
    :func:`referee.storage.phones.digest` makes it) keeps the game's edit key; None if there
    is no such game. One query on primary keys, on the polls' engine (``reads``, see
    :func:`referee.storage.database.reads_engine`), with no ORM session, no Game built and no
    transaction, so that a poll of an unchanged sheet is answered cheaply."""
    if not GAME_ID.fullmatch(game_id):
        return None
    row = storage.read_row(
        reads,
        "SELECT game.version, phone_game.sealed_key IS NOT NULL FROM game"
        " LEFT JOIN phone_game ON phone_game.game_id = game.id AND phone_game.phone = ?"
        " WHERE game.id = ?",
        (phone or "", game_id),
    )
    return None if row is None else (int(row[0]), bool(row[1]))


def game_version(reads: Engine, game_id: str) -> int | None:
    """The game's version, None if there is no such game: one query on the primary
    key, as :func:`sheet_state` reads, for the API's 304."""
    if not GAME_ID.fullmatch(game_id):
        return None
    row = storage.read_row(reads, "SELECT version FROM game WHERE id = ?", (game_id,))
    return None if row is None else int(row[0])


def table_of(game: Game) -> Table:
    return Table.seat(get_ruleset(game.variant, game.options), game.players, game.teams)


def sheet_of(game: Game) -> Sheet:
    """The sheet, worked out afresh from the deals as they were entered (and
    accepted then: a check that came in later does not refuse a saved deal)."""
    table = table_of(game)
    return Sheet(
        table,
        tuple(
            score_deal(
                table, deal.number, deal.went_out, _hands(deal), deal.bent_table, recorded=True
            )
            for deal in game.deals
        ),
    )


def _hands(deal: Deal) -> dict[str, Hand]:
    return {
        name: parse_cards(entry["cards"]) if "cards" in entry else int(entry["points"])
        for name, entry in deal.hands.items()
    }


def _stored(table: Table, hands: Mapping[str, Hand]) -> dict[str, Any]:
    return {
        table.player(name): {"points": hand}
        if isinstance(hand, int)
        else {"cards": format_cards(hand).split()}
        for name, hand in hands.items()
    }


def _editable(game_id: str, edit_key: str | None, guard: Guard) -> Game | Replay:
    """Start a write: lock and load the game, check the edit key, answer a retry as
    the first time, and refuse a writer who saw an older game; in that order."""
    if not GAME_ID.fullmatch(game_id):
        raise _no_such_game(game_id)
    begin_write()
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update()
    ).scalar_one_or_none()
    if game is None:
        raise _no_such_game(game_id)
    check_edit_key(game, edit_key)
    replay = idempotency.replay(game.id, guard)
    if replay is not None:
        return replay
    if not guard.allows(game.version):
        raise StaleGame(game)
    return game


def check_edit_key(game: Game, edit_key: str | None) -> None:
    """EditRefused unless this is the game's edit key (compared in constant time)."""
    if edit_key is None or not hmac.compare_digest(_key_hash(edit_key), game.edit_key_hash):
        raise EditRefused(
            "changing this game needs its edit key in the X-Edit-Key header; "
            "the one sent is missing or wrong"
        )


def _commit(
    game: Game,
    number: int,
    guard: Guard,
    status: int = 200,
    kept_answer: KeptAnswer | None = None,
) -> Game:
    game.version += 1
    game.updated_at = datetime.now(UTC)
    if guard.key is not None:
        body = kept_answer(game) if kept_answer is not None else {}
        idempotency.remember(game.id, guard, status, body, game.version)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise GameConflict(
            f"deal {number} was just recorded on another phone; reload the sheet"
        ) from None
    return game


def record_deal(
    game_id: str,
    edit_key: str | None,
    entry: DealEntry,
    guard: Guard = UNGUARDED,
    number: int | None = None,
    *,
    kept_answer: KeptAnswer | None = None,
) -> Game | Replay:
    """Record the next deal (R30, R31, R61-R64); a deal past the game's last is a
    GameConflict. ``number``: the deal the entry was made for; when the next deal is
    another (that one was saved meanwhile), StaleGame, and nothing is recorded."""
    with one_transaction():
        game = _editable(game_id, edit_key, guard)
        if isinstance(game, Replay):
            return game
        sheet = sheet_of(game)
        if sheet.finished:
            raise GameConflict(
                f"the game is over: all {len(sheet.deals)} deals are recorded; "
                "correct a deal instead"
            )
        if number is not None and number != sheet.next_deal():
            raise StaleGame(game)
        number = sheet.next_deal()
        hands = entry.parsed()
        score = score_deal(sheet.table, number, entry.went_out, hands, entry.bent_table)
        game.deals.append(
            Deal(
                number=number,
                went_out=score.went_out,
                hands=_stored(sheet.table, hands),
                bent_table=score.bent_table,
            )
        )
        return _commit(game, number, guard, 201, kept_answer)


def replace_deal(
    game_id: str, edit_key: str | None, number: int, entry: DealEntry, guard: Guard = UNGUARDED
) -> Game:
    """Replace deal ``number``; every later total follows, being worked out afresh."""
    with one_transaction():
        game = _editable(game_id, edit_key, guard.without_key())
        assert isinstance(game, Game)
        deal = _deal(game, number)
        table = table_of(game)
        hands = entry.parsed()
        score = score_deal(table, number, entry.went_out, hands, entry.bent_table)
        deal.went_out = score.went_out
        deal.hands = _stored(table, hands)
        deal.bent_table = score.bent_table
        deal.recorded_at = datetime.now(UTC)
        return _commit(game, number, guard.without_key())


def undo_deal(game_id: str, edit_key: str | None, number: int, guard: Guard = UNGUARDED) -> Game:
    """Remove deal ``number``, which must be the last one recorded."""
    with one_transaction():
        game = _editable(game_id, edit_key, guard.without_key())
        assert isinstance(game, Game)
        deal = _deal(game, number)
        last = len(game.deals)
        if number != last:
            raise GameConflict(f"only the last deal, deal {last}, can be undone")
        game.deals.remove(deal)
        return _commit(game, number, guard.without_key())


def _deal(game: Game, number: int) -> Deal:
    for deal in game.deals:
        if deal.number == number:
            return deal
    recorded = len(game.deals)
    raise DealNotFound(
        f"there is no deal {number} in this game; deals 1 to {recorded} are recorded"
        if recorded
        else f"there is no deal {number} in this game; no deal is recorded yet"
    )


# --- Reading a game ---------------------------------------------------------------------


#: What a spreadsheet reads as the start of a formula in a cell (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A name as a spreadsheet cell shows it and never runs it: one that would start a
    formula is written after an apostrophe, the spreadsheets' mark for text.

    >>> spreadsheet_text("=SUM(A1:A9)"), spreadsheet_text("Ann")
    ("'=SUM(A1:A9)", 'Ann')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def sheet_csv_rows(game: Game) -> list[list[str | int]]:
    """The running sheet as rows: a header, then one row of totals per deal."""
    sheet = sheet_of(game)
    names = [side.name for side in sheet.table.sides]
    rows: list[list[str | int]] = [
        ["deal", "cards_dealt", *(spreadsheet_text(name) for name in names)]
    ]
    for deal, totals in zip(sheet.deals, sheet.running, strict=True):
        rows.append([deal.number, deal.cards_dealt, *(totals[name] for name in names)])
    return rows
