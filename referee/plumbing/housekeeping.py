"""Housekeeping for whoever hosts the referee: forget kept answers past their day,
and, if asked, remove finished (or abandoned) games nobody has touched for a while,
and the games phones only follow and have not opened for as long.

Run as ``flask --app referee referee prune`` (see referee.plumbing.commands); each removal
is one transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, select

from ..storage import games
from ..storage.database import begin_write, one_transaction
from ..storage.idempotency import KEPT_FOR
from ..storage.models import Game, IdempotentRequest, PhoneGame
from .extensions import db

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


def prune(
    games_older_than: timedelta | None = None,
    *,
    unfinished_too: bool = False,
    now: datetime | None = None,
) -> Pruned:
    """Forget kept answers older than a day; with ``games_older_than``, remove the
    finished games last changed longer ago than that (and the unfinished ones too,
    with ``unfinished_too``), and every phone's entry for a game it only follows (no
    edit key) and has not opened for that long: what no phone needs. Inside an app
    context."""
    now = now or datetime.now(UTC)
    with one_transaction():
        begin_write()
        expired = IdempotentRequest.created_at < now - KEPT_FOR
        answers = db.session.scalar(select(func.count()).where(expired))
        db.session.execute(delete(IdempotentRequest).where(expired))
        removed = follows = 0
        if games_older_than is not None:
            old = db.session.scalars(
                select(Game).where(Game.updated_at < now - games_older_than)
            ).all()
            for game in old:
                if unfinished_too or games.sheet_of(game).finished:
                    db.session.delete(game)
                    removed += 1
            db.session.flush()  # the removed games' entries go with them
            follows = _forget_follows(now - games_older_than)
        db.session.commit()
    return Pruned(answers=answers or 0, games=removed, follows=follows)


def _forget_follows(unopened_since: datetime) -> int:
    """Remove the phones' entries for games they only follow, unopened since then."""
    stale = (PhoneGame.sealed_key.is_(None), PhoneGame.opened_at < unopened_since)
    count = db.session.scalar(select(func.count()).select_from(PhoneGame).where(*stale))
    db.session.execute(delete(PhoneGame).where(*stale))
    return count or 0
