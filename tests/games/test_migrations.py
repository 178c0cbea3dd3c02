"""The migrations build exactly the tables the models describe, on every database, and
go down and up again cleanly: a host that upgrades loses nothing it had."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import update

from referee.models import IdempotentRequest, db

FOUR = ["A", "B", "C", "D"]


def differences(app):
    with app.app_context(), db.engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection), db.metadata)


def test_a_new_database_is_exactly_the_models(stored_app):
    assert differences(stored_app) == []


def test_every_migration_goes_down_and_up_again(stored_app):
    client = stored_app.test_client()
    created = client.post("/api/v1/games", json={"variant": "push", "players": FOUR})
    game = created.get_json()
    with stored_app.app_context():
        downgrade(revision="0001")
        upgrade()
    assert differences(stored_app) == []
    read = client.get(f"/api/v1/games/{game['id']}")
    assert read.status_code == 200
    assert read.get_json()["players"] == FOUR


def test_an_answer_kept_before_0003_is_replayed_without_an_etag(stored_app):
    """An Idempotency-Key answer kept before migration 0003 has no version: a retry
    still gets it, with no ETag, since none was kept (the phone reads the game)."""
    client = stored_app.test_client()
    game = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    path = f"/api/v1/games/{game['id']}/deals"
    headers = {"X-Edit-Key": game["edit_key"], "Idempotency-Key": "kept-before-0003"}
    deal = {"went_out": "A", "points": {"B": 5, "D": 5}}
    first = client.post(path, json=deal, headers=headers)
    with stored_app.app_context():
        db.session.execute(update(IdempotentRequest).values(version=None))
        db.session.commit()
    again = client.post(path, json=deal, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert "ETag" not in again.headers
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["deals"]) == 1
