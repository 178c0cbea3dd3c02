"""Fixtures: an app on a fresh database for every test.

Storage tests take ``stored_app``/``stored_client``, which run once on SQLite and,
when ``TEST_DATABASE_URL`` is set (CI sets it), once more on PostgreSQL, each
test in a schema of its own that is dropped afterwards.
"""

import os
import uuid

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, make_url, text

from referee import create_app
from referee.models import db

# Hypothesis draws the same examples on every run ("ci", the default), so a run can
# be repeated and a red one is never luck; HYPOTHESIS_PROFILE=explore draws new ones
# each time, to hunt for what the fixed ones miss (README, "Tests").
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


def build_app(database_uri):
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database_uri}
    )


def dispose(app):
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(params=DATABASES)
def database_uri(request, tmp_path):
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'referee.db'}"
        return
    server = make_url(os.environ["TEST_DATABASE_URL"])
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    yield server.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False
    )
    with admin.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture
def app(tmp_path):
    app = build_app(f"sqlite:///{tmp_path / 'referee.db'}")
    yield app
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
