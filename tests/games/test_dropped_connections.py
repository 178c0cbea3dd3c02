"""A connection PostgreSQL drops under a request (a restart, a failover, an
administrator's pg_terminate_backend) is never a 500: dropped before the answer is
made, the request is answered 503 with Retry-After (JSON under /api/, so a
program retries it, its Idempotency-Key making the retry safe); dropped after, the
answer already made stands, and the connection is thrown away."""

import os
import threading
import uuid

import pytest
from flask import request
from sqlalchemy import create_engine, make_url, text

from referee.storage.models import db

from ..conftest import build_app, dispose
from .test_scale_out import Server

FOUR = ["Ann", "Bob", "Cat", "Dan"]
PATIENCE = 60  # seconds: a guard against a hang, not a measure

#: A dropped connection is PostgreSQL's: these run on it alone, where CI runs them
#: (TEST_DATABASE_URL), not as skipped SQLite copies.
pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("TEST_DATABASE_URL"), reason="PostgreSQL's (TEST_DATABASE_URL)"
    ),
    pytest.mark.parametrize("database_uri", ["postgresql"], indirect=True),
]


@pytest.fixture
def postgres(database_uri):
    name = f"referee-test-{uuid.uuid4().hex[:12]}"
    uri = make_url(database_uri).update_query_dict({"application_name": name})
    return uri.render_as_string(hide_password=False), name


@pytest.fixture
def killer(postgres):
    """A connection of its own, that ends the app's backends."""
    own = make_url(postgres[0]).update_query_dict({"application_name": "referee-test-killer"})
    engine = create_engine(own, isolation_level="AUTOCOMMIT")
    yield engine
    engine.dispose()


def end_backend(killer, pid):
    with killer.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        for _ in range(PATIENCE * 100):  # until PostgreSQL has ended it
            gone = connection.execute(
                text("SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = :pid"), {"pid": pid}
            ).scalar_one()
            if gone:
                return
            threading.Event().wait(0.01)
    raise AssertionError(f"backend {pid} still there after {PATIENCE} s")


@pytest.fixture
def app(postgres, killer):
    """The app, ending its own session's backend where a request's X-End header says:
    before the view runs, or after the answer is made."""
    app = build_app(postgres[0])

    def end_if(when):
        if request.headers.get("X-End") == when:
            pid = db.session.execute(text("SELECT pg_backend_pid()")).scalar_one()
            end_backend(killer, pid)

    app.before_request(lambda: end_if("before"))

    @app.after_request
    def after(response):
        end_if("after")
        return response

    yield app
    dispose(app)


@pytest.fixture
def game(app):
    created = app.test_client().post("/api/v1/games", json={"variant": "push", "players": FOUR})
    return created.get_json()


DEAL = {"went_out": "Ann", "points": {"Bob": 10, "Dan": 10}}


def requests_of(game):
    path = f"/api/v1/games/{game['id']}"
    key = {"X-Edit-Key": game["edit_key"]}
    return {
        "read": ("GET", path, None, {}),
        "the CSV": ("GET", f"{path}/sheet.csv", None, {}),
        "a deal": ("POST", f"{path}/deals", DEAL, key | {"Idempotency-Key": uuid.uuid4().hex}),
        "a new game": ("POST", "/api/v1/games", {"variant": "push", "players": FOUR}, {}),
    }


@pytest.mark.parametrize("what", ["read", "the CSV", "a deal", "a new game"])
def test_a_connection_dropped_after_the_answer_leaves_the_answer(app, game, what):
    method, path, body, headers = requests_of(game)[what]
    response = app.test_client().open(
        path, method=method, json=body, headers=headers | {"X-End": "after"}
    )
    assert response.status_code in (200, 201)
    # The next request gets a good connection.
    assert app.test_client().get(f"/api/v1/games/{game['id']}").status_code == 200


@pytest.mark.parametrize("what", ["read", "the CSV", "a deal", "a new game"])
def test_a_connection_dropped_before_the_answer_is_a_json_503_to_retry(app, game, what):
    method, path, body, headers = requests_of(game)[what]
    client = app.test_client()
    response = client.open(path, method=method, json=body, headers=headers | {"X-End": "before"})
    assert response.status_code == 503
    assert response.mimetype == "application/json"
    assert "try again" in response.get_json()["error"]
    assert int(response.headers["Retry-After"]) >= 1
    again = client.open(path, method=method, json=body, headers=headers)
    assert again.status_code in (200, 201)
    deals = client.get(f"/api/v1/games/{game['id']}").get_json()["deals"]
    assert len(deals) == (1 if what == "a deal" else 0)  # a retry counts once


def test_a_page_whose_connection_drops_is_a_503_page(app, game):
    response = app.test_client().get(f"/games/{game['id']}", headers={"X-End": "before"})
    assert response.status_code == 503
    assert response.mimetype == "text/html"
    assert "Retry-After" in response.headers


# --- Under load, on a real server -------------------------------------------------------

CLIENTS, EACH, KILL_EVERY = 4, 50, 10


def end_all(killer, name):
    """End every backend of the server's (its connections carry ``name``)."""
    with killer.connect() as connection:
        connection.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = :name"
            ),
            {"name": name},
        )


def test_backends_ended_under_load_are_never_a_500(postgres, killer, tmp_path):
    """Four programs read, poll and write a game while its backends are ended after
    every tenth answer, landing in the middle of the others' requests: every answer
    under /api/ is JSON, none is a 5xx but a 503 with Retry-After, and a deal retried
    after a 503 with its Idempotency-Key counts once."""
    uri, name = postgres
    server = Server("dropped", uri, tmp_path)
    answered, lock, seen = [0], threading.Lock(), []

    def ask(method, path, body=None, headers=None):
        status, sent, answer = server.request(method, path, body, headers)
        with lock:
            seen.append((method, path, status, sent.get("Content-Type"), sent.get("Retry-After")))
            answered[0] += 1
            kill = answered[0] % KILL_EVERY == 0
        if kill:
            end_all(killer, name)
        return status, sent, answer

    def until_answered(method, path, body=None, headers=None):
        for _ in range(20):  # a 503 says: again, in a moment
            status, sent, answer = ask(method, path, body, headers)
            if status != 503:
                return status, sent, answer
        raise AssertionError(f"{method} {path}: 503 twenty times")

    def client(played):
        # Sent until answered with one Idempotency-Key, as a phone sends it: a create
        # whose answer a 503 replaced is the same game again, not one more against the
        # address's allowance of new games (seen once in eight runs: a 429).
        once = {"Idempotency-Key": uuid.uuid4().hex}
        status, _, game = until_answered(
            "POST", "/api/v1/games", {"variant": "push", "players": FOUR}, once
        )
        assert status == 201, game
        path, key = f"/api/v1/games/{game['id']}", {"X-Edit-Key": game["edit_key"]}
        played.update(id=game["id"], deals=0)
        for number in range(EACH):
            if number % 10 == 9:  # five deals a game, each sent until it is answered
                retry = key | {"Idempotency-Key": uuid.uuid4().hex}
                assert until_answered("POST", f"{path}/deals", DEAL, retry)[0] == 201
                played["deals"] += 1
            elif number % 3 == 0:
                ask("GET", f"/games/{game['id']}", headers={"HX-Request": "true"})
            else:
                ask("GET", path)
        played["done"] = True

    games = [{} for _ in range(CLIENTS)]
    threads = [threading.Thread(target=client, args=(played,)) for played in games]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(played.get("done") for played in games), games
        api = [row for row in seen if row[1].startswith("/api/")]
        assert all(kind == "application/json" for *_, kind, _ in api), api
        assert {status for _, _, status, _, _ in seen} <= {200, 201, 503}, seen
        assert all(retry for _, _, status, _, retry in seen if status == 503)
        for played in games:
            game = until_answered("GET", f"/api/v1/games/{played['id']}")[2]
            assert len(game["deals"]) == played["deals"]  # each once, retried or not
        assert server.tracebacks() == 0
    finally:
        server.close()
