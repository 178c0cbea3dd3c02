"""What a write works out before it takes the write turn (docs/performance.md, "The
write turn"): a new game and a deal are judged, made and answered first, and the
lock is taken for the writing alone. A game another phone changed in between is
judged again under the lock, as if nothing had been worked out: a deal is never
lost, doubled, nor recorded on a game its writer did not see.

Each test makes the other phone's write land in that gap, on purpose: the storage's
``begin_write`` is wrapped to run it first, on a thread and a session of its own."""

import threading
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

from referee.storage import database, deals, games
from referee.storage.housekeeping import prune
from referee.storage.models import IdempotentRequest, db

from .test_sheet import FOUR, Game

DEAL = {"went_out": "Ann", "points": {"Bob": 10, "Dan": 10}}
OTHER = {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}}


@pytest.fixture
def in_the_gap(monkeypatch):
    """``in_the_gap(module, write)``: the next write ``module`` makes runs ``write``
    (on another thread, with a client of its own) after its reads and before it takes
    the write turn; ``write``'s answer is kept in the returned list."""

    def arrange(module, write):
        answers, done = [], []

        def begin_write():
            if not done:
                done.append(True)
                other = threading.Thread(target=lambda: answers.append(write()))
                other.start()
                other.join()
            database.begin_write()

        monkeypatch.setattr(module, "begin_write", begin_write)
        return answers

    return arrange


def post_deal(game, body, **headers):
    client = game.client.application.test_client()
    return client.post(f"/api/v1/games/{game.id}/deals", json=body, headers=game.key | headers)


def test_a_deal_saved_in_the_gap_comes_first_and_the_other_is_judged_again_as_the_next(
    stored_client, in_the_gap
):
    game = Game(stored_client, variant="push")
    other = in_the_gap(deals, lambda: post_deal(game, OTHER))
    mine = post_deal(game, DEAL)
    assert [answer.status_code for answer in other] == [201]
    assert mine.status_code == 201
    assert [(deal["deal"], deal["went_out"]) for deal in mine.get_json()["deals"]] == [
        (1, "Bob"),
        (2, "Ann"),
    ]
    assert mine.get_json() == game.get()
    assert game.get()["totals"] == {"We": 5 + 5, "They": 10 + 10}  # Ann and Cat, Bob and Dan


def test_a_deal_whose_writer_saw_the_game_before_the_gap_is_refused_412(stored_client, in_the_gap):
    game = Game(stored_client, variant="push")
    seen = stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    in_the_gap(deals, lambda: post_deal(game, OTHER))
    mine = post_deal(game, DEAL, **{"If-Match": seen})
    assert mine.status_code == 412
    assert [deal["went_out"] for deal in game.get()["deals"]] == ["Bob"]


def test_a_retry_landing_in_the_gap_is_recorded_once_and_both_get_one_answer(
    stored_client, in_the_gap
):
    game = Game(stored_client, variant="push")
    retry = {"Idempotency-Key": str(uuid.uuid4())}
    other = in_the_gap(deals, lambda: post_deal(game, DEAL, **retry))
    mine = post_deal(game, DEAL, **retry)
    assert [answer.status_code for answer in other] == [mine.status_code] == [201]
    assert other[0].data == mine.data
    assert other[0].headers["ETag"] == mine.headers["ETag"]
    assert len(game.get()["deals"]) == 1


def test_a_new_game_retried_in_the_gap_is_made_once_with_one_edit_key(
    stored_app, stored_client, in_the_gap
):
    body, retry = {"variant": "push", "players": FOUR}, {"Idempotency-Key": str(uuid.uuid4())}
    other = in_the_gap(
        games, lambda: stored_app.test_client().post("/api/v1/games", json=body, headers=retry)
    )
    mine = stored_client.post("/api/v1/games", json=body, headers=retry)
    assert [answer.status_code for answer in other] == [mine.status_code] == [201]
    assert other[0].get_json() == mine.get_json()
    with stored_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(games.Game)) == 1


def age(app, days):
    """Make every kept answer ``days`` old."""
    with app.app_context():
        db.session.execute(
            update(IdempotentRequest).values(created_at=datetime.now(UTC) - timedelta(days=days))
        )
        db.session.commit()


def kept_answers(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(IdempotentRequest))


def test_an_answer_past_its_day_is_none_and_its_key_starts_a_new_request(stored_app):
    client = stored_app.test_client()
    game = Game(client, variant="push")
    retry = {"Idempotency-Key": str(uuid.uuid4())}
    assert post_deal(game, DEAL, **retry).status_code == 201
    age(stored_app, 2)
    again = post_deal(game, OTHER, **retry)  # another request: no 409 once the day is out
    assert again.status_code == 201
    assert [deal["went_out"] for deal in game.get()["deals"]] == ["Ann", "Bob"]
    assert post_deal(game, OTHER, **retry).get_json() == again.get_json()  # kept anew
    assert kept_answers(stored_app) == 1


def test_old_answers_are_removed_by_the_housekeeping_not_by_a_new_game(stored_app):
    client = stored_app.test_client()
    body = {"variant": "push", "players": FOUR}
    for _ in range(2):
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        assert client.post("/api/v1/games", json=body, headers=headers).status_code == 201
    age(stored_app, 2)
    headers = {"Idempotency-Key": str(uuid.uuid4())}
    assert client.post("/api/v1/games", json=body, headers=headers).status_code == 201
    assert kept_answers(stored_app) == 3
    with stored_app.app_context():
        assert prune(now=datetime.now(UTC)).answers == 2
    assert kept_answers(stored_app) == 1
