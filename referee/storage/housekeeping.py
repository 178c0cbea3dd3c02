"""Housekeeping for whoever hosts the referee: forget kept answers past their day and
the writes counted against an address's allowance past their window, and, if asked,
remove finished (or abandoned) games nobody has touched for a while, the games phones
only follow and have not opened for as long, and what phones not seen for as long
kept: their saved rules and the games they followed.

Run as ``flask --app referee referee prune`` (see referee.plumbing.commands); each removal
is one transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, delete, exists, func, select

from . import games
from .allowance import expired
from .database import begin_write, one_transaction
from .db import db
from .idempotency import KEPT_FOR
from .models import Game, IdempotentRequest, Phone, PhoneGame, RecentWrite, SavedRules

_DURATION = re.compile(r"^\s*(\d{1,6})\s*(d|h|m|days?|hours?|minutes?)\s*$", re.IGNORECASE)


def parse_duration(text: str) -> timedelta:
    """``90d``, ``12h``, ``30m`` (or ``90 days``) as a timedelta; ValueError otherwise.

    >>> parse_duration("90d"), parse_duration("12 hours")
    (datetime.timedelta(days=90), datetime.timedelta(seconds=43200))
    """
    found = _DURATION.match(text)
    if found is None:
        raise ValueError(f"{text!r} is not a duration; write it like 90d, 12h or 30m")
    amount, unit = int(found.group(1)), found.group(2).lower()[0]
    return {"d": timedelta(days=amount), "h": timedelta(hours=amount)}.get(
        unit, timedelta(minutes=amount)
    )


@dataclass(frozen=True)
class Pruned:
    answers: int  # kept answers of retried writes, past their day
    games: int  # games removed, with their deals
    follows: int = 0  # games phones followed, and had not opened for as long
    writes: int = 0  # writes counted against an address's allowance, past their window
    saved_rules: int = 0  # rules saved on phones not seen for as long
    phones: int = 0  # phones not seen for as long that keep nothing any more


def prune(
    games_older_than: timedelta | None = None,
    *,
    unfinished_too: bool = False,
    now: datetime | None = None,
) -> Pruned:
    """Forget kept answers older than a day and counted writes past their window;
    with ``games_older_than``, remove the finished games last changed longer ago than
    that (and the unfinished ones too, with ``unfinished_too``), every phone's entry
    for a game it only follows (no edit key) and has not opened for that long, and
    the saved rules and follows of phones not seen for that long: what no phone
    needs. Inside an app context."""
    now = now or datetime.now(UTC)
    with one_transaction():
        begin_write()
        answers = _remove(IdempotentRequest, IdempotentRequest.created_at < now - KEPT_FOR)
        writes = _remove(RecentWrite, expired(now))
        removed, follows, saved_rules, phones = 0, 0, 0, 0
        if games_older_than is not None:
            old = db.session.scalars(
                select(Game).where(Game.updated_at < now - games_older_than)
            ).all()
            for game in old:
                if unfinished_too or games.sheet_of(game).finished:
                    db.session.delete(game)
                    removed += 1
            db.session.flush()  # the removed games' entries go with them
            follows, saved_rules, phones = _forget_phones(now - games_older_than)
        db.session.commit()
    return Pruned(
        answers=answers,
        games=removed,
        follows=follows,
        writes=writes,
        saved_rules=saved_rules,
        phones=phones,
    )


def _remove(table: type, *where: ColumnElement[bool]) -> int:
    """Delete the rows of ``table`` that ``where`` finds; how many (counted, not loaded)."""
    count = db.session.scalar(select(func.count()).select_from(table).where(*where))
    db.session.execute(delete(table).where(*where))
    return count or 0


def _forget_phones(since: datetime) -> tuple[int, int, int]:
    """Remove the phones' entries for games they only follow, unopened since then, and
    what phones not seen since then kept: their saved rules and follows; then those
    phones' own rows, where they keep nothing any more (a game they may change stays
    theirs, for as long as the game is kept). How many follows, saved rules and
    phones."""
    unseen = select(Phone.phone).where(Phone.seen_at < since)
    follows = _remove(PhoneGame, PhoneGame.sealed_key.is_(None), PhoneGame.opened_at < since)
    follows += _remove(PhoneGame, PhoneGame.sealed_key.is_(None), PhoneGame.phone.in_(unseen))
    saved_rules = _remove(SavedRules, SavedRules.phone.in_(unseen))
    keeps = exists().where(PhoneGame.phone == Phone.phone)
    phones = _remove(Phone, Phone.seen_at < since, ~keeps)
    return follows, saved_rules, phones
