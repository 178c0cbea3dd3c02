"""Building an app is quiet and leaves it ready: the schema brought up to date with
nothing printed, what Alembic said kept at DEBUG in the app's own log."""

import logging

from sqlalchemy import inspect

from referee.storage.db import db

from ..conftest import build_app, dispose


def test_a_new_app_on_a_fresh_database_is_ready_and_prints_nothing(
    empty_database_uri, capfd, caplog
):
    with caplog.at_level(logging.DEBUG, logger="referee"):
        app = build_app(empty_database_uri)
    try:
        out, err = capfd.readouterr()
        assert out == "" and err == ""
        upgrades = [r for r in caplog.records if "Running upgrade" in r.getMessage()]
        assert upgrades and all(r.levelno == logging.DEBUG for r in upgrades)
        assert all(r.name == "referee" for r in upgrades)
        with app.app_context():
            assert {"game", "deal", "idempotent_request"} <= set(
                inspect(db.engine).get_table_names()
            )
    finally:
        dispose(app)


def test_an_app_on_an_up_to_date_database_runs_no_migration(database_uri, caplog):
    dispose(build_app(database_uri))
    with caplog.at_level(logging.DEBUG, logger="referee"):
        dispose(build_app(database_uri))
    assert not [r for r in caplog.records if "Running upgrade" in r.getMessage()]
