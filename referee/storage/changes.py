"""Who learns that a game changed, and when: the news behind the live sheets.

Every change to a game moves its ``version`` on (:mod:`.deals`, :mod:`.buys`,
:mod:`.again`). This module sees each one as the session flushes it, whatever
wrote it, and tells it on, once the write is committed and never if it is rolled
back:

- to the process itself (:func:`on_commit`): the callbacks an app was given hear
  ``(game id, version)`` right after the commit, on the writer's thread;
- on PostgreSQL, to every server on the database: ``NOTIFY referee_games`` in the
  write's own transaction, which PostgreSQL delivers at its commit and drops at
  its rollback (:func:`listen` hears them, on its own connection, in an event loop);
- on SQLite, nothing is sent: a watcher reads ``PRAGMA data_version``, which moves
  on when another connection commits, and then the versions of the games it
  follows, in one query (:class:`SqliteWatch`).

The channel is one for the database, whatever the schema: the payload names the
game (``"<id> <version>"``), and a server hears of games it does not follow, and
lets them go.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

from flask import Flask, current_app, has_app_context
from sqlalchemy import Engine, event, inspect, select
from sqlalchemy.orm import Session

from .models import Game

#: The PostgreSQL channel every change is told on.
CHANNEL = "referee_games"
#: Where a session keeps the changes it flushed, until its commit or rollback.
FLUSHED = "referee.changed_games"
#: Where an app keeps the callbacks told of each committed change.
CALLBACKS = "referee.on_commit"
#: The most game ids one query of versions names (SQLite reads up to 32,766 parameters).
IDS_A_QUERY = 900

Changed = Callable[[str, int], None]


def init_app(app: Flask) -> None:
    """Make the app's sessions tell what they change (once a process; the listeners
    are the same for every app)."""
    app.extensions.setdefault(CALLBACKS, [])
    if not event.contains(Session, "after_flush", _flushed):
        event.listen(Session, "after_flush", _flushed)
        event.listen(Session, "after_commit", _committed)
        event.listen(Session, "after_soft_rollback", _rolled_back)


def on_commit(app: Flask, callback: Changed) -> None:
    """Call ``callback(game_id, version)`` after each committed change made by ``app``."""
    app.extensions.setdefault(CALLBACKS, []).append(callback)


def _flushed(session: Session, _context: Any) -> None:
    changed = [
        (game.id, game.version)
        for game in (*session.new, *session.dirty)
        if isinstance(game, Game) and inspect(game).attrs.version.history.has_changes()
    ]
    if changed:
        tell(session, changed)


def tell(session: Session, changed: Iterable[tuple[str, int]]) -> None:
    """Tell of games whose version moved on in ``session``'s transaction, as a flush
    of their rows is told: for a write that moves a version without loading the game
    (an UPDATE of its row, :func:`referee.storage.deals.record_deal`)."""
    changed = list(changed)
    session.info.setdefault(FLUSHED, {}).update(changed)
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        for game_id, version in changed:
            # Delivered to every listener when this transaction commits, and only then.
            connection.exec_driver_sql(
                "SELECT pg_notify(%(channel)s, %(payload)s)",
                {"channel": CHANNEL, "payload": f"{game_id} {version}"},
            )


def _committed(session: Session) -> None:
    changed: dict[str, int] = session.info.pop(FLUSHED, {})
    if not changed or not has_app_context():
        return
    for callback in current_app.extensions.get(CALLBACKS, ()):
        for game_id, version in changed.items():
            callback(game_id, version)


def _rolled_back(session: Session, _previous: Any) -> None:
    session.info.pop(FLUSHED, None)


def parse(payload: str) -> tuple[str, int] | None:
    """A notification's game and version; None if it is not one of ours.

    >>> parse("Ab3_x 7"), parse("nonsense")
    (('Ab3_x', 7), None)
    """
    game_id, _, version = payload.partition(" ")
    return (game_id, int(version)) if game_id and version.isdigit() else None


async def listen(engine: Engine) -> AsyncIterator[tuple[str, int]]:
    """Each change to a game on ``engine``'s PostgreSQL database, as it is committed
    by any server: ``(game id, version)``. Runs in the caller's event loop on a
    connection of its own (psycopg 3's), until the connection fails or the caller
    stops; the caller starts it again."""
    import psycopg  # the PostgreSQL driver, installed with the app

    address = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    connection = await psycopg.AsyncConnection.connect(address, autocommit=True)
    async with connection:
        await connection.execute(f"LISTEN {CHANNEL}")
        async for notice in connection.notifies():
            found = parse(notice.payload)
            if found is not None:
                yield found


def versions(engine: Engine, game_ids: Iterable[str]) -> dict[str, int]:
    """The version of each of ``game_ids`` that is a game, read on ``engine``: one
    query for up to ``IDS_A_QUERY`` of them."""
    ids, found = list(game_ids), dict[str, int]()
    with engine.connect() as connection:
        for start in range(0, len(ids), IDS_A_QUERY):
            query = select(Game.id, Game.version).where(
                Game.id.in_(ids[start : start + IDS_A_QUERY])
            )
            found.update((game_id, int(version)) for game_id, version in connection.execute(query))
    return found


class SqliteWatch:
    """The versions of followed games on a SQLite database, read again only when
    another connection has committed since the last look (``PRAGMA data_version``,
    a counter in the database's shared memory: no table is read). One connection of
    its own, used by one thread at a time (the caller's executor)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.connection: sqlite3.Connection | None = None
        self.data_version: int | None = None

    def changed(self) -> bool:
        """Whether anyone committed since the last call (True on the first)."""
        if self.connection is None:
            self.connection = sqlite3.connect(self.path, check_same_thread=False)
            self.connection.execute("PRAGMA busy_timeout = 1000")
        (seen,) = self.connection.execute("PRAGMA data_version").fetchone()
        moved: bool = seen != self.data_version
        self.data_version = seen
        return moved

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The version of each of ``game_ids`` that is a game: one query for up to
        ``IDS_A_QUERY`` of them."""
        if self.connection is None:
            self.changed()
        assert self.connection is not None
        ids, found = list(game_ids), dict[str, int]()
        for start in range(0, len(ids), IDS_A_QUERY):
            part = ids[start : start + IDS_A_QUERY]
            marks = ",".join("?" * len(part))
            rows = self.connection.execute(
                f"SELECT id, version FROM game WHERE id IN ({marks})", part
            )
            found.update((game_id, int(version)) for game_id, version in rows)
        return found

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
