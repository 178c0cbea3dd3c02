"""Saved games: create one, record / replace / undo a deal, read the sheet.

Each write is one transaction: take the write lock, load the game, check the edit
key, let the rules core judge everything, then write and commit once. Anything
refused on the way is rolled back, so a game is never half-changed.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from .models import Deal, Game, IdempotentRequest, begin_write, db
from .rules import GameRuleError, RulesError, format_cards, get_ruleset, parse_cards
from .rules.scoring import Hand, Pot, Sheet, Table, score_deal

TOKEN_BYTES = 16  # 128 random bits for a game's id and for its edit key
#: What a game id can be (``secrets.token_urlsafe``, within the column's 32). Anything
#: else is no game, answered without asking the database, which may refuse to even
#: compare it (PostgreSQL and a NUL character).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class GameNotFound(LookupError):
    """No game has this id (404)."""


class EditRefused(PermissionError):
    """The edit key is missing or wrong (403)."""


class GameConflict(GameRuleError):
    """The change clashes with the game as it is: a sixth deal, a deal recorded at the
    same moment on another phone, an undo of a deal that is not the last (409)."""


class DealNotFound(LookupError):
    """The game has no deal of that number (404)."""


class StaleGame(Exception):
    """The writer saw an older game than there is now (If-Match, 412)."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            "the game changed since this phone last saw it (another phone saved a deal); "
            "here it is as it is now"
        )
        self.game = game


IDEMPOTENCY_SCOPE_NEW_GAME = "games"
IDEMPOTENCY_DAYS = 1
#: What an Idempotency-Key (or a deal form's attempt key) may be: 8 to 64 characters of
#: those a header carries (Latin-1), none of them a control character, so any
#: database keeps it as sent. Spaces inside are fine; a random UUID will do.
IDEMPOTENCY_KEY = re.compile(r"^[\x20-\x7e\xa0-\xff]{8,64}$")


@dataclass(frozen=True)
class Guard:
    """What a write is checked against before it is made: the game's ETag as the
    writer last saw it (If-Match), and the writer's Idempotency-Key with a digest of
    the request, so that a retry is answered as the first time and records nothing."""

    if_match: str | None = None
    key: str | None = None
    fingerprint: str = ""


@dataclass(frozen=True)
class Replay:
    """The first answer to a request sent again with the same Idempotency-Key."""

    status: int
    body: dict[str, Any]
    #: The game's version in that answer (None for an answer kept before versions were).
    version: int | None = None

    @property
    def etag(self) -> str | None:
        """The ETag the first answer carried."""
        return None if self.version is None else version_etag(self.version)


def version_etag(version: int) -> str:
    """A strong ETag that changes with every change to the game."""
    return f'"v{version}"'


def etag(game: Game) -> str:
    return version_etag(game.version)


def etag_matches(header: str, game: Game) -> bool:
    """Whether an If-Match / If-None-Match header names the game as it is now."""
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return "*" in tags or etag(game) in tags


@dataclass(frozen=True)
class DealEntry:
    """What the table says of a deal: who went out (None: the stock ran out) and,
    per player, the cards left in hand (a string or tokens) or the points."""

    went_out: str | None
    hands: Mapping[str, str | Sequence[str]]
    points: Mapping[str, int]

    def parsed(self) -> dict[str, Hand]:
        both = sorted(set(self.hands) & set(self.points))
        if both:
            raise RulesError(f"give {both[0]}'s cards or points, not both")
        entered: dict[str, Hand] = {name: parse_cards(cards) for name, cards in self.hands.items()}
        return entered | dict(self.points)


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
    guard: Guard = Guard(),
) -> tuple[Game, str] | Replay:
    """Start a game; return it with its edit key (shown once, stored hashed)."""
    rules = get_ruleset(variant, options)
    table = Table.seat(rules, players, teams)
    if pot is not None and not rules.pot:
        raise RulesError(f"{rules.name} has no pot; only Cap-It plays for one")
    stake, payout = pot if pot is not None else (None, None)
    if pot is not None:
        Pot(*pot)  # checks the amounts (R33)
    with _one_transaction():
        begin_write()
        replay = _replay(IDEMPOTENCY_SCOPE_NEW_GAME, guard)
        if replay is not None:
            return replay
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
        )
        db.session.add(game)
        if guard.key is not None:
            _forget_old_requests()
            # The answer holds the edit key: kept sealed, so the database alone never
            # gives it away (see _seal).
            body = {"id": game.id, "edit_key": _seal(edit_key, guard.key)} | game_json(game)
            _remember(IDEMPOTENCY_SCOPE_NEW_GAME, guard, 201, body, game.version)
        db.session.commit()
        return game, edit_key


def _no_such_game(game_id: str) -> GameNotFound:
    shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
    return GameNotFound(f"there is no game {shown}")


def get_game(game_id: str) -> Game:
    game = db.session.get(Game, game_id) if GAME_ID.fullmatch(game_id) else None
    if game is None:
        raise _no_such_game(game_id)
    return game


def table_of(game: Game) -> Table:
    return Table.seat(get_ruleset(game.variant, game.options), game.players, game.teams)


def sheet_of(game: Game) -> Sheet:
    """The sheet, worked out afresh from the deals as they were entered."""
    table = table_of(game)
    return Sheet(
        table,
        tuple(score_deal(table, deal.number, deal.went_out, _hands(deal)) for deal in game.deals),
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
    replay = _replay(game.id, guard)
    if replay is not None:
        return replay
    if guard.if_match is not None and not etag_matches(guard.if_match, game):
        raise StaleGame(game)
    return game


def check_edit_key(game: Game, edit_key: str | None) -> None:
    """EditRefused unless this is the game's edit key (compared in constant time)."""
    if edit_key is None or not hmac.compare_digest(_key_hash(edit_key), game.edit_key_hash):
        raise EditRefused(
            "changing this game needs its edit key in the X-Edit-Key header; "
            "the one sent is missing or wrong"
        )


def _commit(game: Game, number: int, guard: Guard, status: int = 200) -> Game:
    game.version += 1
    game.updated_at = datetime.now(UTC)
    if guard.key is not None:
        _remember(game.id, guard, status, game_json(game), game.version)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise GameConflict(
            f"deal {number} was just recorded on another phone; reload the sheet"
        ) from None
    return game


@contextmanager
def _one_transaction() -> Iterator[None]:
    """Roll back whatever a refused write had done, so nothing is half-saved."""
    try:
        yield
    except BaseException:
        db.session.rollback()
        raise


def record_deal(
    game_id: str, edit_key: str | None, entry: DealEntry, guard: Guard = Guard()
) -> Game | Replay:
    """Record the next deal (R30, R31); a sixth deal is a GameConflict."""
    with _one_transaction():
        game = _editable(game_id, edit_key, guard)
        if isinstance(game, Replay):
            return game
        sheet = sheet_of(game)
        if sheet.finished:
            raise GameConflict(
                f"the game is over: all {len(sheet.deals)} deals are recorded; "
                "correct a deal instead"
            )
        number = len(sheet.deals) + 1
        hands = entry.parsed()
        score = score_deal(sheet.table, number, entry.went_out, hands)
        game.deals.append(
            Deal(number=number, went_out=score.went_out, hands=_stored(sheet.table, hands))
        )
        return _commit(game, number, guard, 201)


def replace_deal(
    game_id: str, edit_key: str | None, number: int, entry: DealEntry, guard: Guard = Guard()
) -> Game:
    """Replace deal ``number``; every later total follows, being worked out afresh."""
    with _one_transaction():
        game = _editable(game_id, edit_key, replace_guard(guard))
        assert isinstance(game, Game)
        deal = _deal(game, number)
        table = table_of(game)
        hands = entry.parsed()
        score = score_deal(table, number, entry.went_out, hands)
        deal.went_out = score.went_out
        deal.hands = _stored(table, hands)
        deal.recorded_at = datetime.now(UTC)
        return _commit(game, number, replace_guard(guard))


def undo_deal(game_id: str, edit_key: str | None, number: int, guard: Guard = Guard()) -> Game:
    """Remove deal ``number``, which must be the last one recorded."""
    with _one_transaction():
        game = _editable(game_id, edit_key, replace_guard(guard))
        assert isinstance(game, Game)
        deal = _deal(game, number)
        last = len(game.deals)
        if number != last:
            raise GameConflict(f"only the last deal, deal {last}, can be undone")
        game.deals.remove(deal)
        return _commit(game, number, replace_guard(guard))


def replace_guard(guard: Guard) -> Guard:
    """Corrections and undo take If-Match only (API.md: Idempotency-Key is for
    creating a game and recording a deal)."""
    return Guard(if_match=guard.if_match)


# --- Retries: the first answer, kept --------------------------------------------------------


def _replay(scope: str, guard: Guard) -> Replay | None:
    """The first answer to this request, if it was made before with this key; a
    GameConflict if the key was used for another request."""
    if guard.key is None:
        return None
    first = db.session.get(IdempotentRequest, (scope, guard.key))
    if first is None:
        return None
    if not hmac.compare_digest(first.fingerprint, guard.fingerprint):
        raise GameConflict(
            "this Idempotency-Key was already used for a different request; "
            "send a new key with each new request"
        )
    body = dict(first.body)
    if "edit_key" in body:
        body["edit_key"] = _unseal(body["edit_key"], guard.key)
    return Replay(first.status, body, first.version)


def _remember(scope: str, guard: Guard, status: int, body: dict[str, Any], version: int) -> None:
    assert guard.key is not None
    db.session.add(
        IdempotentRequest(
            scope=scope,
            key=guard.key,
            fingerprint=guard.fingerprint,
            status=status,
            body=body,
            version=version,
        )
    )


def _forget_old_requests() -> None:
    cutoff = datetime.now(UTC) - timedelta(days=IDEMPOTENCY_DAYS)
    db.session.execute(delete(IdempotentRequest).where(IdempotentRequest.created_at < cutoff))


def _pad(key: str) -> bytes:
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hashlib.sha256(secret + b"\x00edit-key\x00" + key.encode()).digest()


def _seal(edit_key: str, key: str) -> str:
    """An edit key kept with a retry's answer is XORed with a pad drawn from the
    app's secret and the Idempotency-Key: a copy of the database alone gives none
    away. (A key is 22 characters; the pad 32 bytes.)"""
    sealed = bytes(a ^ b for a, b in zip(edit_key.encode(), _pad(key), strict=False))
    return "sealed:" + sealed.hex()


def _unseal(sealed: str, key: str) -> str:
    raw = bytes.fromhex(sealed.removeprefix("sealed:"))
    return bytes(a ^ b for a, b in zip(raw, _pad(key), strict=False)).decode()


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


def game_json(game: Game) -> dict[str, Any]:
    """The game as API.md shows it: sides, deals, sheet, totals, finished, winners
    (and the pot for a game that plays for one)."""
    sheet = sheet_of(game)
    body: dict[str, Any] = {
        "id": game.id,
        "url": f"/games/{game.id}",
        "variant": game.variant,
        "options": game.options,
        "players": list(sheet.table.players),
        "sides": [
            {"name": side.name, "players": list(side.players)} for side in sheet.table.sides
        ],
        "deals": [
            {
                "deal": deal.number,
                "cards_dealt": deal.cards_dealt,
                "went_out": deal.went_out,
                "scores": dict(deal.sides),
                "points": dict(deal.players),
            }
            for deal in sheet.deals
        ],
        "sheet": [
            {"deal": deal.number, "cards_dealt": deal.cards_dealt, "totals": totals}
            for deal, totals in zip(sheet.deals, sheet.running, strict=True)
        ],
        "totals": sheet.totals,
        "finished": sheet.finished,
        "winners": sheet.winners,
    }
    if game.pot_stake is not None and game.pot_payout is not None:
        body["pot"] = Pot(game.pot_stake, game.pot_payout).account(sheet)
    return body


def sheet_csv_rows(game: Game) -> list[list[str | int]]:
    """The running sheet as rows: a header, then one row of totals per deal."""
    sheet = sheet_of(game)
    names = [side.name for side in sheet.table.sides]
    rows: list[list[str | int]] = [["deal", "cards_dealt", *names]]
    for deal, totals in zip(sheet.deals, sheet.running, strict=True):
        rows.append([deal.number, deal.cards_dealt, *(totals[name] for name in names)])
    return rows
