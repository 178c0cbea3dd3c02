"""A game's deals: record the next one, correct one, undo the last and redo it.

Each write is one transaction: take the write lock, load the game, check the edit
key, let the rules core judge everything, then write and commit once. Anything
refused on the way is rolled back, so a game is never half-changed.

Recording the next deal, a table's most frequent write, works out everything it
can before it takes the write lock (SQLite lets one writer in at a time): it reads
the game, judges and scores the deal and makes the answer kept for a retry, then
takes the lock only to find the game at the version it read, write the deal and
commit. A game changed in between (another phone's deal, a buy) is judged again
under the lock, as every write is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask_babel import gettext
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ..rules import format_cards
from ..rules.scoring import DealEntry, DealScore, DealSoFar, Hand, Sheet, Table, judge_entry
from . import changes, idempotency
from .database import GameConflict, Refused, begin_write, one_transaction
from .db import db
from .games import check_edit_key, get_game, lock_game, locked_game, scored, sheet_of, table_of
from .idempotency import UNGUARDED, Guard, Replay
from .models import Deal, Game

__all__ = [
    "DealEntry",
    "DealNotFound",
    "KeptAnswer",
    "NothingToRedo",
    "StaleGame",
    "commit",
    "editable",
    "record_deal",
    "redo_deal",
    "replace_deal",
    "undo_deal",
]


class DealNotFound(Refused):
    """The game has no deal of that number."""

    status = 404


class NothingToRedo(Refused):
    """No deal undone since the last one saved: nothing to put back."""

    status = 409


class StaleGame(Refused):
    """The writer saw an older game than there is now (If-Match)."""

    status = 412

    def __init__(self, game: Game) -> None:
        super().__init__(
            gettext(
                "the game changed since this phone last saw it (another phone saved a "
                "deal); here it is as it is now"
            )
        )
        self.game = game


#: What the caller answers a write with, from the game as written and its sheet: kept
#: with the write's Idempotency-Key, so that a retry is answered as the first time
#: (docs/api.md, "Retries and several phones"). The storage keeps it and never reads
#: it; a write without one (a page's form, which needs only to know it was saved)
#: keeps ``{}``.
KeptAnswer = Callable[[Game, Sheet], dict[str, Any]]


def _stored(table: Table, entered: DealSoFar) -> dict[str, Any]:
    """Each hand given, as kept: its cards, or its points. The entry is the rules
    core's to judge (:func:`~referee.rules.scoring.judge_entry`), for a page's form as
    for the API's body: a deal is scored before it is kept."""
    hands: Mapping[str, Hand] = entered.hands
    return {
        table.player(name): {"points": hand}
        if isinstance(hand, int)
        else {"cards": format_cards(hand).split()}
        for name, hand in hands.items()
    }


def _stored_adjust(score: DealScore) -> dict[str, Any] | None:
    """The deal's bonuses and penalties as kept (R75), a reason only where one was
    given; None where there are none."""
    return {
        name: {"points": given.points} | ({"reason": given.reason} if given.reason else {})
        for name, given in score.adjust.items()
    } or None


def editable(game_id: str, edit_key: str | None, guard: Guard) -> Game | Replay:
    """Start a write: lock and load the game, check the edit key, answer a retry as
    the first time, and refuse a writer who saw an older game; in that order."""
    return _checked(locked_game(game_id), edit_key, guard)


def _checked(game: Game, edit_key: str | None, guard: Guard) -> Game | Replay:
    """The game, if this writer may change it: its edit key checked, a retry
    answered as the first time, a writer who saw an older game refused."""
    check_edit_key(game, edit_key)
    replay = idempotency.replay(game.id, guard)
    if replay is not None:
        return replay
    if not guard.allows(game.version):
        raise StaleGame(game)
    return game


def commit(
    game: Game,
    number: int,
    guard: Guard,
    status: int = 200,
    kept_answer: KeptAnswer | None = None,
    *,
    body: dict[str, Any] | None = None,
) -> Game:
    """Commit a change to the game: one more version, the answer kept for a retry
    (``body``, when the caller made it already)."""
    game.version += 1
    game.updated_at = datetime.now(UTC)
    if guard.key is not None:
        if body is None:
            body = kept_answer(game, sheet_of(game)) if kept_answer is not None else {}
        idempotency.remember(game.id, guard, status, body, game.version)
    _commit_deal(number)
    return game


def _commit_deal(number: int) -> None:
    """Commit the write of deal ``number``: a GameConflict if another phone's write of
    that deal came first."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise GameConflict(
            gettext(
                "deal %(number)s was just recorded on another phone; reload the sheet",
                number=number,
            )
        ) from None


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
    another (that one was saved meanwhile), StaleGame, and nothing is recorded.

    The deal is judged, scored and answered on the game as read, before the write
    lock; under the lock, the game still at the version read takes the deal as it
    is, and a game changed meanwhile is judged again there."""
    with one_transaction():
        game = get_game(game_id)
        planned = _next_deal(game, edit_key, entry, guard, number, kept_answer)
        if isinstance(planned, Replay):
            return planned
        begin_write()  # the reads so far end here
        locked = select(Game.version).where(Game.id == game_id).with_for_update()
        if db.session.scalar(locked) != planned.version:  # changed (or gone): judged again
            game = lock_game(game_id)
            planned = _next_deal(game, edit_key, entry, guard, number, kept_answer)
            if isinstance(planned, Replay):
                return planned
            db.session.add(planned.deal)
            game.undone = None  # a new deal saved: what was undone stays undone
            return commit(game, planned.deal.number, guard, 201, body=planned.body)
        # As read: the deal, the game's next version and the kept answer, and no more
        # (the game's row, its deals and buys are not loaded again under the lock).
        db.session.add(planned.deal)
        version = planned.version + 1
        db.session.execute(
            update(Game)
            .where(Game.id == game_id)
            # A new deal saved: what was undone stays undone.
            .values(version=version, updated_at=datetime.now(UTC), undone=None)
            .execution_options(synchronize_session=False)
        )
        changes.tell(db.session(), [(game_id, version)])  # no Game flushed: said here
        if guard.key is not None:
            idempotency.remember(game_id, guard, 201, planned.body or {}, version)
        _commit_deal(planned.deal.number)
        return game  # read again, once committed, by whoever answers with it


@dataclass(frozen=True)
class _Planned:
    """The next deal as it will be written, worked out on the game at ``version``,
    with the answer to keep for a retry (None when there is no key to keep it by)."""

    version: int
    deal: Deal
    body: dict[str, Any] | None


def _next_deal(
    game: Game,
    edit_key: str | None,
    entry: DealEntry,
    guard: Guard,
    number: int | None,
    kept_answer: KeptAnswer | None,
) -> _Planned | Replay:
    """The next deal of ``game`` (as read, or as locked), judged and scored, and the
    game's answer with it: nothing is written."""
    checked = _checked(game, edit_key, guard)
    if isinstance(checked, Replay):
        return checked
    sheet = sheet_of(game)
    if sheet.finished:
        raise GameConflict(
            gettext(
                "the game is over: all %(deals)s deals are recorded; correct a deal instead",
                deals=len(sheet.deals),
            )
        )
    if number is not None and number != sheet.next_deal():
        raise StaleGame(game)
    number = sheet.next_deal()
    entered = judge_entry(sheet.table, number, entry)
    score = entered.score()
    deal = Deal(
        game_id=game.id,
        number=number,
        went_out=score.went_out,
        hands=_stored(sheet.table, entered),
        bent_table=score.bent_table,
        adjust=_stored_adjust(score),
    )
    body = None
    if guard.key is not None:
        after = Sheet(sheet.table, (*sheet.deals, scored(sheet.table, deal)))
        body = kept_answer(game, after) if kept_answer is not None else {}
    return _Planned(game.version, deal, body)


def replace_deal(
    game_id: str, edit_key: str | None, number: int, entry: DealEntry, guard: Guard = UNGUARDED
) -> Game:
    """Replace deal ``number``; every later total follows, being worked out afresh.
    The deal counts one correction more, which the sheet shows."""
    with one_transaction():
        game = editable(game_id, edit_key, guard.without_key())
        assert isinstance(game, Game)
        deal = _deal(game, number)
        table = table_of(game)
        entered = judge_entry(table, number, entry)
        score = entered.score()
        deal.went_out = score.went_out
        deal.hands = _stored(table, entered)
        deal.bent_table = score.bent_table
        deal.adjust = _stored_adjust(score)
        deal.corrected = (deal.corrected or 0) + 1  # the sheet's trace of it
        deal.recorded_at = datetime.now(UTC)
        return commit(game, number, guard.without_key())


def undo_deal(game_id: str, edit_key: str | None, number: int, guard: Guard = UNGUARDED) -> Game:
    """Remove deal ``number``, which must be the last one recorded; kept as it was,
    so that :func:`redo_deal` can put it back until a new deal is saved."""
    with one_transaction():
        game = editable(game_id, edit_key, guard.without_key())
        assert isinstance(game, Game)
        deal = _deal(game, number)
        last = len(game.deals)
        if number != last:
            raise GameConflict(
                gettext("only the last deal, deal %(last)s, can be undone", last=last)
            )
        game.deals.remove(deal)
        game.undone = [*(game.undone or []), _kept(deal)]
        return commit(game, number, guard.without_key())


def redo_deal(game_id: str, edit_key: str | None, guard: Guard = UNGUARDED) -> Game:
    """Put back the deal undone last, as it was kept (scored as it was accepted then,
    as every saved deal is); NothingToRedo when a new deal was saved since, or none
    was undone."""
    with one_transaction():
        game = editable(game_id, edit_key, guard.without_key())
        assert isinstance(game, Game)
        undone = list(game.undone or [])
        if not undone or undone[-1]["number"] != len(game.deals) + 1:
            raise NothingToRedo(gettext("there is no undone deal to put back"))
        kept = undone.pop()
        game.deals.append(Deal(**kept))
        game.undone = undone or None
        return commit(game, kept["number"], guard.without_key())


def _kept(deal: Deal) -> dict[str, Any]:
    """An undone deal as it is kept for Redo: what the table entered, and its trace."""
    return {
        "number": deal.number,
        "went_out": deal.went_out,
        "hands": deal.hands,
        "bent_table": deal.bent_table,
        "adjust": deal.adjust,
        "corrected": deal.corrected or 0,
    }


def _deal(game: Game, number: int) -> Deal:
    for deal in game.deals:
        if deal.number == number:
            return deal
    recorded = len(game.deals)
    raise DealNotFound(
        gettext(
            "there is no deal %(number)s in this game; deals 1 to %(recorded)s are recorded",
            number=number,
            recorded=recorded,
        )
        if recorded
        else gettext(
            "there is no deal %(number)s in this game; no deal is recorded yet", number=number
        )
    )
