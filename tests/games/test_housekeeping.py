"""`flask referee prune`: kept answers go after their day; old finished games go
when asked; a game still being played is kept unless asked too."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

from referee.plumbing.housekeeping import parse_duration
from referee.plumbing.limits import client
from referee.storage import phones
from referee.storage.idempotency import Guard
from referee.storage.models import Deal, Game, IdempotentRequest, PhoneGame, db

FOUR = ["Ann", "Bob", "Cat", "Dan"]
LONG_AGO = datetime.now(UTC) - timedelta(days=200)


def start(client, deals=0, key=None):
    headers = {"Idempotency-Key": key} if key else {}
    game = client.post(
        "/api/v1/games", json={"variant": "push", "players": FOUR}, headers=headers
    ).get_json()
    for _ in range(deals):
        client.post(
            f"/api/v1/games/{game['id']}/deals",
            json={"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}},
            headers={"X-Edit-Key": game["edit_key"]},
        )
    return game["id"]


def count(app, model):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def age(app, model, *where):
    with app.app_context():
        column = model.updated_at if model is Game else model.created_at
        db.session.execute(update(model).where(*where).values({column: LONG_AGO}))
        db.session.commit()


def kept_as(app, key):
    """The key as kept: with the test client's own address, as its client."""
    with app.test_request_context(environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        return Guard(key=key, client=client()).kept_as


def prune(app, *args):
    return app.test_cli_runner().invoke(args=["referee", "prune", *args])


def test_prune_forgets_kept_answers_past_their_day_and_nothing_else(stored_app):
    client = stored_app.test_client()
    start(client, key="first-key-1")
    start(client, key="second-key-2")
    age(stored_app, IdempotentRequest, IdempotentRequest.key == kept_as(stored_app, "first-key-1"))
    result = prune(stored_app)
    assert result.exit_code == 0, result.output
    assert "removed 1 kept answers and 0 games" in result.output
    assert count(stored_app, IdempotentRequest) == 1
    assert count(stored_app, Game) == 2


def test_prune_older_than_removes_old_finished_games_with_their_deals(stored_app):
    client = stored_app.test_client()
    finished, playing, recent = start(client, 5), start(client, 2), start(client, 5)
    age(stored_app, Game, Game.id.in_([finished, playing]))
    result = prune(stored_app, "--older-than", "90d")
    assert result.exit_code == 0, result.output
    assert "0 kept answers and 1 games" in result.output
    with stored_app.app_context():
        assert set(db.session.scalars(select(Game.id))) == {playing, recent}
        assert (
            db.session.scalar(
                select(func.count()).select_from(Deal).where(Deal.game_id == finished)
            )
            == 0
        )
    result = prune(stored_app, "--older-than", "90d", "--unfinished-too")
    assert "1 games" in result.output
    assert count(stored_app, Game) == 1


@pytest.mark.parametrize("args", [["--older-than", "soon"], ["--unfinished-too"]])
def test_prune_refuses_what_it_cannot_read_and_removes_nothing(stored_app, args):
    start(stored_app.test_client(), 5)
    result = prune(stored_app, *args)
    assert result.exit_code == 2
    assert "Error" in result.output
    assert count(stored_app, Game) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90d", timedelta(days=90)),
        ("12h", timedelta(hours=12)),
        ("30 minutes", timedelta(minutes=30)),
    ],
)
def test_durations(text, expected):
    assert parse_duration(text) == expected


def test_prune_older_than_forgets_the_games_a_phone_only_follows_and_has_not_opened(stored_app):
    """A followed game is only a line in a phone's list: one the phone has not opened
    for that long is what no phone needs. A game a phone started or joined keeps its
    edit key, and stays while the game does."""
    client = stored_app.test_client()
    game = start(client)
    with stored_app.app_context():
        for phone, how, key in [
            ("old-follower", "followed", None),
            ("new-follower", "followed", None),
            ("old-editor", "joined", "the-edit-key"),
        ]:
            phones.keep(phone, game, how, b"test", key)
        db.session.execute(
            update(PhoneGame)
            .where(
                PhoneGame.phone.in_([phones.digest("old-follower"), phones.digest("old-editor")])
            )
            .values(opened_at=LONG_AGO)
        )
        db.session.commit()
    result = prune(stored_app)
    assert "0 games" in result.output and count(stored_app, PhoneGame) == 3  # not asked
    result = prune(stored_app, "--older-than", "90d")
    assert result.exit_code == 0, result.output
    assert "1 games followed" in result.output
    with stored_app.app_context():
        kept = set(db.session.scalars(select(PhoneGame.phone)))
    assert kept == {phones.digest("new-follower"), phones.digest("old-editor")}
