"""Who learns that a game changed (referee/storage/changes.py, the live sheets' news):
every change to a game told once it is committed and never when it is rolled
back, to the process and, on PostgreSQL, to every listener by NOTIFY; on SQLite
the file's change counter moves when another connection commits, and the followed
games' versions are read in one query."""

import os

import psycopg
import pytest
from sqlalchemy import make_url

from referee.storage import changes
from referee.storage.db import db
from referee.storage.models import Game as GameRow

from .test_sheet import Game

DEAL = {"went_out": "Ann", "points": {"Bob": 5, "Cat": 10, "Dan": 15}}


def heard_by(app):
    heard = []
    changes.on_commit(app, lambda game_id, version: heard.append((game_id, version)))
    return heard


def test_each_committed_change_to_a_game_is_told_once_with_its_version(stored_app, stored_client):
    heard = heard_by(stored_app)
    game = Game(stored_client, variant="push")
    assert heard == [(game.id, 1)]  # a new game, at its first version
    game.deal(**DEAL)
    game.replace(1, **(DEAL | {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5, "Dan": 5}}))
    game.undo(1)
    assert heard[1:] == [(game.id, 2), (game.id, 3), (game.id, 4)]
    # A write refused (a stale If-Match) changes nothing, and nothing is told.
    stale = stored_client.post(
        f"/api/v1/games/{game.id}/deals", json=DEAL, headers=game.key | {"If-Match": '"v2"'}
    )
    assert stale.status_code == 412
    assert len(heard) == 4


def test_a_change_rolled_back_is_never_told(stored_app, stored_client):
    game = Game(stored_client, variant="push")
    heard = heard_by(stored_app)
    with stored_app.app_context():
        row = db.session.get(GameRow, game.id)
        row.version += 1
        db.session.flush()  # written, then thrown away
        db.session.rollback()
        db.session.remove()
    game.deal(**DEAL)
    assert heard == [(game.id, 2)]


@pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="no PostgreSQL")
def test_on_postgresql_a_listener_hears_the_commit_and_not_the_rollback(make_app, tmp_path):
    from ..conftest import new_database

    with new_database("postgresql", tmp_path) as uri:
        app = make_app(uri)
        client = app.test_client()
        game = Game(client, variant="push")
        address = make_url(uri).set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(address, autocommit=True) as listener:
            listener.execute(f"LISTEN {changes.CHANNEL}")
            with app.app_context():
                db.session.get(GameRow, game.id).version += 1
                db.session.flush()
                db.session.rollback()
                db.session.remove()
            game.deal(**DEAL)
            ours = []
            for notice in listener.notifies(timeout=60):
                found = changes.parse(notice.payload)
                if found and found[0] == game.id:  # the channel is the whole database's
                    ours.append(found)
                    break
        assert ours == [(game.id, 2)]  # the rolled-back version 2 never came


def test_on_sqlite_the_change_counter_moves_with_another_connections_commit(
    make_app, tmp_path, migrated_sqlite
):
    from ..conftest import fresh_sqlite

    uri = fresh_sqlite(migrated_sqlite, tmp_path)
    client = make_app(uri).test_client()
    game = Game(client, variant="push")
    watch = changes.SqliteWatch(make_url(uri).database)
    try:
        assert watch.changed()  # the first look
        assert not watch.changed()  # nobody wrote since
        game.deal(**DEAL)
        assert watch.changed()
        assert not watch.changed()
        assert watch.versions([game.id, "NoSuchGame"]) == {game.id: 2}
    finally:
        watch.close()


def test_the_versions_of_many_games_are_read_in_parts(stored_app, stored_client):
    games = [Game(stored_client, variant="push") for _ in range(3)]
    asked = [game.id for game in games] + [f"missing{n}" for n in range(changes.IDS_A_QUERY)]
    with stored_app.app_context():
        found = changes.versions(db.engine, asked)
    assert found == {game.id: 1 for game in games}
