"""Game and Deal, the only things the app keeps (SQLAlchemy 2 typed models).

A game keeps who plays and how; a deal keeps what the table entered for it: who
went out and what each player had left. Scores, totals and the sheet are always
worked out from the deals by the rules core, never stored twice.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, CheckConstraint, DateTime, Engine, ForeignKey, String, event, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


def _now() -> datetime:
    return datetime.now(UTC)


class Game(db.Model):  # type: ignore[name-defined,misc]
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[str]] = mapped_column(JSON)
    teams: Mapped[list[str] | None] = mapped_column(JSON)
    pot_stake: Mapped[int | None]
    pot_payout: Mapped[int | None]
    #: One more with every change, so two writers can tell they saw the same game.
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    deals: Mapped[list[Deal]] = relationship(
        back_populates="game",
        order_by="Deal.number",
        cascade="all, delete-orphan",
        lazy="selectin",
    )


class Deal(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (CheckConstraint("number >= 1", name="deal_number_positive"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    #: The key (game, number) makes a doubled deal impossible, whoever writes it.
    number: Mapped[int] = mapped_column(primary_key=True)
    went_out: Mapped[str | None] = mapped_column(String(64))
    #: Per player, as entered: {"Bob": {"cards": ["AS", "KD"]}, "Dan": {"points": 25}}.
    hands: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    game: Mapped[Game] = relationship(back_populates="deals")


class IdempotentRequest(db.Model):  # type: ignore[name-defined,misc]
    """The first answer to a write sent with an Idempotency-Key, kept for a day so a
    retry of the same request is answered the same and records nothing new."""

    __tablename__ = "idempotent_request"

    #: The game the write was to, or "games" for creating one.
    scope: Mapped[str] = mapped_column(String(32), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: A digest of the request (path and body), to tell a retry from another request.
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The game's version the first answer showed, so a retry gets its ETag too.
    version: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


# --- Engine set-up -----------------------------------------------------------------


def configure_engine(engine: Engine) -> None:
    """SQLite: WAL so readers never wait for a writer, foreign keys on, a patient
    busy timeout, and BEGIN IMMEDIATE for writes (see :func:`begin_write`)."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the "begin" event below says BEGIN
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA busy_timeout = 15000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get("sqlite_immediate")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def begin_write() -> None:
    """Start the session's transaction as a write. On SQLite the write lock is taken
    at once, so two writers queue rather than one failing when it turns from reading
    to writing; on PostgreSQL the game row is locked by the write itself."""
    if db.session().in_transaction():
        db.session.rollback()  # end the reads so far: the write starts afresh, locked
    db.session.connection(execution_options={"sqlite_immediate": True})


@contextmanager
def migration_lock(engine: Engine) -> Iterator[None]:
    """Let one process at a time bring the schema up to date (two workers starting)."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(7202611)"))
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(7202611)"))
    elif engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        with open(f"{engine.url.database}.migrate-lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield
    else:
        yield
