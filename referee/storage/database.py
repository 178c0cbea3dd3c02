"""The database under the games: its address, the engine's settings, write
transactions, the schema brought up to date when an app starts, and what the
storage refuses.

``create_app`` calls :func:`prepare` once; everything else here is called by
``referee.storage.games``, ``referee.storage.deals`` and ``referee.storage.idempotency``
inside a request or a command.
"""

from __future__ import annotations

import fcntl
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, ClassVar

from flask import Flask
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from .db import db, migrate
from .writers import QUEUED, WRITE_WAIT_SECONDS, WriteQueue, queue_of

#: Any number will do, as long as no other program on the same PostgreSQL uses it.
MIGRATION_LOCK_ID = 7202611

#: Where an app keeps the engine its polls read on (see :func:`reads_engine`).
READS = "referee.reads"


class Refused(Exception):
    """A request the storage turns down, with a sentence a person can act on.

    The storage knows no HTTP: ``status`` is the status the web answers a refusal
    of this kind with, read by :mod:`referee.plumbing.errors` alone; ``retry_after``, when
    set, the seconds after which the same request may be answered otherwise."""

    status: ClassVar[int]
    retry_after: int | None = None


class GameConflict(Refused):
    """The change clashes with the game as it is: a deal past the last, a deal
    recorded at the same moment on another phone, an undo of a deal that is not the
    last, an Idempotency-Key used for another request."""

    status = 409


def database_uri(url: str) -> str:
    """Accept the usual ``postgres://`` and ``postgresql://`` addresses a host hands
    out, and drive them with psycopg 3.

    >>> database_uri("postgres://u@db:5432/referee")
    'postgresql+psycopg://u@db:5432/referee'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def prepare(app: Flask, migrations: str) -> None:
    """Bind the database to the app, set the engine up, and (unless
    ``UPGRADE_DATABASE_ON_START`` is false) bring the schema up to date."""
    db.init_app(app)
    # Registered after Flask-SQLAlchemy's own, so it runs first (teardowns run last
    # registered first) and leaves that one nothing to close.
    app.teardown_appcontext(close_session)
    migrate.init_app(app, db, directory=migrations)
    with app.app_context():
        configure_engine(db.engine)
        app.extensions[READS] = reads_engine(
            db.engine, app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {})
        )
        if app.config.get("UPGRADE_DATABASE_ON_START", True):
            upgrade_database(app.logger)


# --- The polls' reads ---------------------------------------------------------------------
#
# Nearly every request a server sees is a phone asking whether a sheet has changed,
# answered by one read on primary keys. On the app's engine that read would pay for a
# pre-ping (a round trip to PostgreSQL before every checkout) and, with psycopg, for
# a BEGIN before it and a ROLLBACK after it. The polls have an engine of their own,
# on the same database, with neither: its connections are in autocommit, and a
# connection the server dropped is found by the read itself, which is asked again
# once on a fresh one (:func:`read_row`).


def reads_engine(engine: Engine, options: dict[str, Any]) -> Engine:
    """An engine on ``engine``'s database for single reads: no pre-ping, no
    transaction. A SQLite database in memory is one connection's own, so there the
    app's engine is used."""
    if engine.dialect.name == "sqlite" and engine.url.database in (None, "", ":memory:"):
        return engine
    settings = {
        name: value
        for name, value in options.items()
        if name not in ("pool_pre_ping", "isolation_level")  # this engine's own
    }
    reads = create_engine(
        engine.url, **settings, pool_pre_ping=False, isolation_level="AUTOCOMMIT"
    )
    configure_engine(reads)
    return reads


def reads(app: Flask) -> Engine:
    """The engine ``app``'s polls read on."""
    engine: Engine = app.extensions[READS]
    return engine


def read_row(engine: Engine, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The first row ``sql`` finds (``?`` marks its parameters), read on a pooled
    connection with no transaction. A connection the database has dropped (a restart,
    an idle timeout) is thrown away with the rest of the pool, which the drop left
    stale too, and the read asked once more on a new one; a second failure is the
    caller's, as is any other error (its connection thrown away too). A SQLite file
    is read on the thread's own connection (:func:`_thread_read`)."""
    if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        return _thread_read(engine.url.database, sql, params)
    if engine.dialect.paramstyle != "qmark":
        sql = sql.replace("?", "%s")  # psycopg's mark
    for attempt in (1, 2):
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(sql, params)
            row = cursor.fetchone()
            cursor.close()
        except engine.dialect.loaded_dbapi.Error as error:
            dropped = engine.dialect.is_disconnect(error, connection.dbapi_connection, None)
            # Never back into the pool, whose rollback on a lost one would fail loudly.
            connection.invalidate(error)
            if attempt == 2 or not dropped:
                raise
            engine.dispose()
            continue
        finally:
            connection.close()  # back to the pool, or thrown away if invalidated
        return None if row is None else tuple(row)
    raise AssertionError("unreachable")  # pragma: no cover


class _ThreadReads(threading.local):
    """Each thread's own read-only connections to SQLite files, by path."""

    def __init__(self) -> None:
        self.connections: dict[str, sqlite3.Connection] = {}


#: This thread's kept connections (a test may close them, as a restart would).
THREAD_READS = _ThreadReads()


def _thread_read(path: str, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """A poll's read on a SQLite file, on a connection of the thread's own, opened
    once and kept: taking a pooled connection and giving it back cost four times the
    read itself (docs/performance.md, "The poll's own cost"). It only reads, never
    in a transaction, so each read sees every write committed before it (WAL lets it
    read while a writer writes). A kept connection that fails is closed and the read
    asked once more on a new one, as :func:`read_row` does; a second failure, or one
    on a new connection, is the caller's."""
    for attempt in (1, 2):
        connection = THREAD_READS.connections.get(path)
        kept = connection is not None
        try:
            if connection is None:
                # mode=rw: a file that is not there is an error, never made empty here.
                address = f"{Path(path).absolute().as_uri()}?mode=rw"
                connection = sqlite3.connect(address, uri=True, isolation_level=None)
                THREAD_READS.connections[path] = connection
                connection.execute("PRAGMA query_only = ON")
                connection.execute("PRAGMA busy_timeout = 15000")
            row = connection.execute(sql, params).fetchone()
        except sqlite3.Error:
            THREAD_READS.connections.pop(path, None)
            if connection is not None:
                connection.close()
            if attempt == 2 or not kept:
                raise
            continue
        return None if row is None else tuple(row)
    raise AssertionError("unreachable")  # pragma: no cover


def read_errors(engine: Engine) -> tuple[type[Exception], ...]:
    """What a read on ``engine`` raises when the database does not answer: the
    driver's own errors (:func:`read_row` reads on the driver's cursor), or
    SQLAlchemy's when no connection could be had."""
    return (SQLAlchemyError, engine.dialect.loaded_dbapi.Error)


def dispose(app: Flask) -> None:
    """Close every pooled connection ``app`` holds (the app's engine and the polls')."""
    with app.app_context():
        db.engine.dispose()
    engine = app.extensions.get(READS)
    if engine is not None:
        engine.dispose()


def close_session(_error: BaseException | None = None) -> None:
    """End the request's session once it is answered. Closing rolls back whatever is
    open; on a connection the database dropped meanwhile that fails, and the answer,
    made already, must stand: the connection is thrown away (logged), never raised."""
    try:
        db.session.remove()
    except (SQLAlchemyError, db.engine.dialect.loaded_dbapi.Error) as error:
        logging.getLogger(__name__).warning("a connection was lost after the answer: %s", error)
        with suppress(SQLAlchemyError, db.engine.dialect.loaded_dbapi.Error):
            db.session().invalidate()
        db.session.registry.clear()


def unavailable(error: BaseException) -> bool:
    """Whether ``error`` says the database did not answer (a connection it dropped, none
    free in the pool, a lock held too long): the same request, sent again in a
    moment, may well be answered."""
    if isinstance(error, PoolTimeout | OperationalError):
        return True
    if isinstance(error, DBAPIError):
        return bool(error.connection_invalidated)
    driver = db.engine.dialect.loaded_dbapi
    return isinstance(error, driver.OperationalError | driver.InterfaceError)


def configure_engine(engine: Engine) -> None:
    """SQLite: WAL so readers never wait for a writer, foreign keys on, a patient
    busy timeout, and BEGIN IMMEDIATE for writes (see :func:`begin_write`), each
    write let in by the database's :class:`WriteQueue`."""
    if engine.dialect.name != "sqlite":
        return
    queue = queue_of(engine.url.database)

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
        if immediate and queue is not None:
            if not queue.enter(timeout=WRITE_WAIT_SECONDS):
                raise sqlite3.OperationalError("database is locked")
            # Left when the connection goes back to the pool, after its COMMIT or
            # ROLLBACK (the session gives it back as its transaction ends).
            connection.connection.record_info[QUEUED] = True
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    @event.listens_for(engine, "checkin")
    def on_checkin(_dbapi_connection: Any, record: Any) -> None:
        if record.record_info.pop(QUEUED, False) and queue is not None:
            queue.leave()


def write_queue(app: Flask) -> WriteQueue | None:
    """The queue ``app``'s writers wait in (SQLite); None on PostgreSQL, whose row
    locks queue writers themselves."""
    with app.app_context():
        return queue_of(db.engine.url.database) if db.engine.dialect.name == "sqlite" else None


def begin_write() -> None:
    """Start the session's transaction as a write. On SQLite the write lock is taken
    at once, so two writers queue rather than one failing when it turns from reading
    to writing; on PostgreSQL the game row is locked by the write itself."""
    if db.session().in_transaction():
        db.session.rollback()  # end the reads so far: the write starts afresh, locked
    db.session.connection(execution_options={"sqlite_immediate": True})


@contextmanager
def one_transaction() -> Iterator[None]:
    """Roll back whatever a refused write had done, so nothing is half-saved."""
    try:
        yield
    except BaseException:
        db.session.rollback()
        raise


# --- The schema, brought up to date at start ---------------------------------------------
#
# Why at start: programs, tests and a newcomer's first `make run` build an app on a
# fresh database and expect it ready to use (a missing table would be a 500 on the
# first tap). Why a lock: several gunicorn workers start at once, and only one may
# run the migrations; the others wait, then find the schema current.


def upgrade_database(logger: logging.Logger | None = None) -> None:
    """Bring the schema to the newest migration, if it is not there yet (inside an
    app context). What Alembic says on the way goes to ``logger`` at DEBUG, not to
    the terminal: an app that starts is not news."""
    with _alembic_logs_to(logger):
        # Imported here: Alembic logs as its modules load, and this is where it may.
        from alembic import command
        from alembic.migration import MigrationContext
        from alembic.script import ScriptDirectory

        config = migrate.get_config()
        config.attributes["quiet"] = True  # migrations/env.py then leaves logging alone
        heads = set(ScriptDirectory.from_config(config).get_heads())

        def current() -> set[str]:
            with db.engine.connect() as connection:
                return set(MigrationContext.configure(connection).get_current_heads())

        if current() == heads:
            return
        with migration_lock(db.engine):
            if current() != heads:
                command.upgrade(config, "head")


def schema_is_current() -> bool:
    """Whether the database answers and its schema is the newest migration (inside an
    app context); SQLAlchemyError if it does not answer."""
    with _alembic_logs_to(None):
        from alembic.migration import MigrationContext
        from alembic.script import ScriptDirectory

        heads = set(ScriptDirectory.from_config(migrate.get_config()).get_heads())
        with db.engine.connect() as connection:
            return set(MigrationContext.configure(connection).get_current_heads()) == heads


@contextmanager
def migration_lock(engine: Engine) -> Iterator[None]:
    """Let one process at a time bring the schema up to date (two workers starting)."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            connection.execute(text(f"SELECT pg_advisory_lock({MIGRATION_LOCK_ID})"))
            try:
                yield
            finally:
                connection.execute(text(f"SELECT pg_advisory_unlock({MIGRATION_LOCK_ID})"))
    elif engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        with open(f"{engine.url.database}.migrate-lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield
    else:
        yield


class _ToDebug(logging.Handler):
    def __init__(self, logger: logging.Logger) -> None:
        super().__init__()
        self.logger = logger

    def emit(self, record: logging.LogRecord) -> None:
        self.logger.debug("%s: %s", record.name, record.getMessage())


@contextmanager
def _alembic_logs_to(logger: logging.Logger | None) -> Iterator[None]:
    alembic = logging.getLogger("alembic")
    saved = alembic.handlers[:], alembic.propagate, alembic.level
    alembic.handlers = [_ToDebug(logger)] if logger is not None else [logging.NullHandler()]
    alembic.propagate = False
    alembic.setLevel(logging.INFO)
    try:
        yield
    finally:
        alembic.handlers, alembic.propagate = saved[0], saved[1]
        alembic.setLevel(saved[2])
