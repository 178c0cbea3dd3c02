"""The writes one address may make a minute, of each kind a stranger can make without
an edit key: new games (the pages, the API, Play again), rules saved on a phone,
games kept on a phone (a follow, a join, the next game of a table), files of a
phone's games brought in; and the games those files bring, an hour.

Counted in the database (:class:`RecentWrite`, a row a write, kept for its window),
so every worker and every server share one allowance; counted inside the write
itself, so only writes actually made count: a refused form, a retried request or a
write that adds nothing uses none of it. Who writes is a keyed digest of the address
(``referee.plumbing.limits``), never the address.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from flask_babel import gettext
from sqlalchemy import ColumnElement, and_, delete, func, or_, select, text

from .database import Refused
from .db import db
from .models import RecentWrite

__all__ = ["KINDS", "UNLIMITED", "Allowance", "TooManyWrites"]

#: What is counted: a new game, rules saved on a phone, a game kept on a phone, a file
#: of a phone's games brought in (one write, however many games it holds), and the
#: games such files bring (each file counts them all: "brought").
KINDS = ("game", "rules", "keep", "import", "brought")
#: How long a write counts against its allowance.
WINDOW = timedelta(minutes=1)
#: The kinds counted over a longer window: the games files bring in, an hour, so
#: that a file of a family's years comes in at once, and files do not add games faster
#: than new games do.
WINDOWS = {"brought": timedelta(hours=1)}


def window(kind: str) -> timedelta:
    """How long a write of ``kind`` counts against its allowance."""
    return WINDOWS.get(kind, WINDOW)


def expired(now: datetime) -> ColumnElement[bool]:
    """The counted writes whose window has passed at ``now``, every kind's its own."""
    return or_(
        *(and_(RecentWrite.kind == kind, RecentWrite.at <= now - window(kind)) for kind in KINDS)
    )


class TooManyWrites(Refused):
    """This address made its allowance of writes of this kind in the last minute."""

    status = 429

    def __init__(self, kind: str, retry_after: int) -> None:
        sentences = {
            "game": gettext(
                "too many games were started from this address in the last minute; "
                "wait a minute and try again"
            ),
            "rules": gettext(
                "too many rules were saved from this address in the last minute; "
                "wait a minute and save them again"
            ),
            "keep": gettext(
                "too many games were kept on phones from this address in the last "
                "minute; wait a minute and try again"
            ),
            "import": gettext(
                "too many files of games were brought in from this address in the last "
                "minute; wait a minute and try again"
            ),
            "brought": gettext(
                "too many games were brought in from this address in the last hour; "
                "wait an hour and try again"
            ),
        }
        super().__init__(sentences[kind])
        self.kind = kind
        self.retry_after = retry_after


@dataclass(frozen=True)
class Allowance:
    """Who writes (a keyed digest of the address) and how many writes of each kind it
    may make in the kind's window (a minute; the games files bring in, an hour);
    ``allowed`` None: no limit, and nothing counted."""

    who: str = ""
    allowed: Mapping[str, int] | None = field(default=None)

    def hold(self) -> None:
        """Make the writes of this address take turns until the write under way ends:
        on PostgreSQL a lock per address (SQLite's write lock does so already). A write
        that locks a row before it counts (Play again locks its game) holds this
        first, so every write takes the two in one order and none waits on another
        that waits on it (a keep checks the same game's row)."""
        if self.allowed is not None and db.engine.dialect.name == "postgresql":
            db.session.execute(
                text("SELECT pg_advisory_xact_lock(hashtext(:who))"), {"who": f"write:{self.who}"}
            )

    def spend(self, kind: str, count: int = 1) -> None:
        """Count ``count`` writes of ``kind`` in the write under way (its lock taken),
        or TooManyWrites, with the seconds until the oldest counted write is past its
        window. Counted with one query, no row loaded; the address's writes take
        turns (:meth:`hold`), so two at once cannot both take the last of it. Where
        none are counted yet, any count is let in, as one write (a file of more games
        than an hour's allowance comes in, alone in its hour). The address's writes
        past their window are forgotten on the way."""
        if self.allowed is None:
            return
        self.hold()
        now = datetime.now(UTC)
        since = now - window(kind)
        db.session.execute(delete(RecentWrite).where(RecentWrite.who == self.who, expired(now)))
        used, oldest = db.session.execute(
            select(func.coalesce(func.sum(RecentWrite.count), 0), func.min(RecentWrite.at)).where(
                RecentWrite.who == self.who, RecentWrite.kind == kind, RecentWrite.at > since
            )
        ).one()
        most = self.allowed[kind]
        if used >= most or (used and used + count > most):
            oldest = now if oldest is None else oldest
            oldest = oldest if oldest.tzinfo else oldest.replace(tzinfo=UTC)
            wait = math.ceil((oldest + window(kind) - now).total_seconds())
            raise TooManyWrites(kind, retry_after=max(1, wait))
        db.session.add(RecentWrite(who=self.who, kind=kind, at=now, count=count))


#: No limit: what a command, a test or a write that adds nothing passes.
UNLIMITED = Allowance()
