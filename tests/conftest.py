"""Fixtures: an app on a fresh database for every test.

Storage tests take ``stored_app``/``stored_client``, which run once on SQLite and,
when ``TEST_DATABASE_URL`` is set (CI sets it), once more on PostgreSQL, each
test in a schema of its own that is dropped afterwards.
"""

import contextlib
import ctypes
import os
import shutil
import signal
import sqlite3
import threading
import uuid

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from hypothesis import HealthCheck, settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import create_engine, make_url, text

from referee import create_app
from referee.plumbing.language import TRANSLATIONS
from referee.storage import database as storage


def _compile_catalogs():
    """The catalogs as `make install` compiles them, compiled again here when a .po is
    newer than its .mo, so a run right after a translation is edited reads it. Each
    written whole and then moved into place: the test workers may all do it at once."""
    for po in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        partial = mo.with_name(f"messages.{os.getpid()}.mo.part")
        with partial.open("wb") as target:
            write_mo(target, catalog)
        os.replace(partial, mo)


_compile_catalogs()


class CompiledOnce(BytecodeCache):
    """Each template compiled once per test process, not once per app: the tests build
    thousands of apps (one per test), every one with the same Jinja settings, and a
    template's compiling cost more than most tests. Jinja keys each template by its
    name and checks its source, so an edited template is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (code := self.code.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledOnce()}


# Hypothesis draws the same examples on every run ("ci", the default), so a run can
# be repeated and a red one is never luck; HYPOTHESIS_PROFILE=explore draws new ones
# each time, to hunt for what the fixed ones miss (tests/README.md).
# Neither profile judges time: hypothesis would fail an example slower than 200 ms
# (deadline) and a test whose examples are slow to draw (too_slow), both of which a
# machine busy with other work can make happen.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", derandomize=True, **UNTIMED)
settings.register_profile("explore", derandomize=False, **UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# --- Processes a test starts die with the run ---------------------------------------
#
# Fixtures stop every server they start, pass or fail. But a run that is itself
# stopped (CI's time limit, someone's kill) would leave them serving, and holding
# databases, ports and temporary folders. SIGTERM ends the run as Ctrl-C does, so
# every fixture's teardown still runs; and each server is told by the kernel to stop
# when this process dies, even by SIGKILL.

if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:

    def _interrupt(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}: stopping, and stopping what the tests started")

    signal.signal(signal.SIGTERM, _interrupt)

_PR_SET_PDEATHSIG = 1


def dies_with_this_process(signum):
    """A ``preexec_fn`` for Popen: the child is sent ``signum`` when this process
    dies, however it dies (Linux's PR_SET_PDEATHSIG)."""
    parent = os.getpid()
    libc = ctypes.CDLL(None, use_errno=True)

    def preexec():
        libc.prctl(_PR_SET_PDEATHSIG, signum)
        if os.getppid() != parent:  # it died before the call above
            os.kill(os.getpid(), signum)

    return preexec


def wait_for(condition, what, patience=60):
    """Return once ``condition()`` holds (asked every 10 ms); fail after ``patience``
    seconds, a guard against a hang, not a measure."""
    done = threading.Event()
    for _ in range(patience * 100):
        if condition():
            return
        done.wait(0.01)
    raise AssertionError(f"waited {patience} s for {what}")


DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


def build_app(database_uri, **config):
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database_uri} | config
    )


def dispose(app):
    storage.dispose(app)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """A SQLite file brought to the newest migration once for the whole run (once per
    worker under pytest-xdist): each test's database starts as a copy of it, the
    schema an app started on it would have made, without running the migrations
    again for every test."""
    path = tmp_path_factory.mktemp("template") / "referee.db"
    dispose(build_app(f"sqlite:///{path}"))
    with sqlite3.connect(path) as connection:  # fold the write-ahead log into the file
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


def fresh_sqlite(template, tmp_path):
    """The address of a new database in ``tmp_path``, a copy of ``template``."""
    path = tmp_path / "referee.db"
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


@contextlib.contextmanager
def new_database(kind, tmp_path, template=None):
    """A new database: a SQLite file (a copy of ``template`` when given, else empty),
    or an empty PostgreSQL schema of its own, dropped afterwards."""
    if kind == "sqlite":
        if template is None:
            yield f"sqlite:///{tmp_path / 'referee.db'}"
        else:
            yield fresh_sqlite(template, tmp_path)
        return
    server = make_url(os.environ["TEST_DATABASE_URL"])
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server)
    try:
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
        yield server.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    finally:
        admin.dispose()


@pytest.fixture(params=DATABASES)
def database_uri(request, tmp_path, migrated_sqlite):
    """A fresh database for one test: a SQLite file already at the newest schema, or a
    PostgreSQL schema of its own that the app's start migrates."""
    with new_database(request.param, tmp_path, migrated_sqlite) as uri:
        yield uri


@pytest.fixture(params=DATABASES)
def empty_database_uri(request, tmp_path):
    """A database with nothing in it, not even the schema: what a new host starts on."""
    with new_database(request.param, tmp_path) as uri:
        yield uri


@pytest.fixture
def app(tmp_path, migrated_sqlite):
    app = build_app(fresh_sqlite(migrated_sqlite, tmp_path))
    yield app
    dispose(app)


@pytest.fixture
def make_app():
    """Build apps inside a test, ``make_app(database_uri, **config)``; each one's
    engine is disposed after the test, pass or fail, so no connection outlives it."""
    built = []

    def make(database_uri, **config):
        built.append(build_app(database_uri, **config))
        return built[-1]

    yield make
    for app in built:
        dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def stored_app(database_uri):
    app = build_app(database_uri)
    yield app
    dispose(app)


@pytest.fixture
def stored_client(stored_app):
    return stored_app.test_client()


class HeldSolve:
    """The hand solver made to hold each solve until the test lets them go
    (``release``), then answer as ever. A test sees what else the server does while
    solves run, waiting on events, never on time."""

    def __init__(self, solve):
        self.solve = solve
        self.running = 0
        self.changed = threading.Condition()
        self.release = threading.Event()

    def __call__(self, *args, **kwargs):
        with self.changed:
            self.running += 1
            self.changed.notify_all()
        assert self.release.wait(PATIENCE), "the test never let the solve go"
        return self.solve(*args, **kwargs)

    def in_background(self, call):
        """Run ``call`` (a request) on a thread of its own until its solve is running;
        the request's answer, once the solves are let go, from the returned function."""
        answers = []
        with self.changed:
            running = self.running
        thread = threading.Thread(target=lambda: answers.append(call()))
        thread.start()
        with self.changed:
            assert self.changed.wait_for(lambda: self.running > running, PATIENCE)

        def answer():
            self.release.set()
            thread.join(PATIENCE)
            return answers[0]

        return answer


#: A guard against a test that hangs, not a measure of speed.
PATIENCE = 60


@pytest.fixture
def held_solve(monkeypatch):
    """Every hand solve of the API and the pages held until the test lets it go."""
    from referee.api import melds as api
    from referee.pages.checker import meld_checker
    from referee.rules import solve_hand

    held = HeldSolve(solve_hand)
    monkeypatch.setattr(api, "solve_hand", held)
    monkeypatch.setattr(meld_checker, "solve_hand", held)
    yield held
    held.release.set()
