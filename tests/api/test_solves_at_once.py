"""How many hand solves run at once (referee/plumbing/solves.py): one a worker process
and one a client by default; a solve past either is refused at once, with its
status, Retry-After and a sentence, and nothing else waits for it. Each test holds
a solve running (``held_solve``) and asks what it asks meanwhile."""

import pytest

SOLVE = "/api/v1/hands/solve"
HAND = {"variant": "push", "deal": 2, "cards": "8C 8H JK 4H 5H 6H 7H 9S KD"}
ANOTHER_PHONE = {"REMOTE_ADDR": "10.0.0.2"}


def solve(app, environ=None):
    return app.test_client().post(SOLVE, json=HAND, environ_base=environ or {})


#: What a solve asked while one runs gets: by whom it is asked.
REFUSED = {
    # The same client (its address) waits for its own answer first.
    "the_same_client": (
        {},
        429,
        "a hand sent from your address is still being worked out; wait for its answer, "
        "then ask again",
    ),
    # Another client finds the process's one solve taken.
    "another_client": (
        ANOTHER_PHONE,
        503,
        "the referee is working out other hands just now; ask again in a second",
    ),
}


@pytest.mark.parametrize(("environ", "status", "sentence"), REFUSED.values(), ids=REFUSED)
def test_a_solve_past_the_limit_is_refused_at_once_with_when_to_ask_again(
    app, held_solve, environ, status, sentence
):
    first = held_solve.in_background(lambda: solve(app))
    refused = solve(app, environ)
    assert refused.status_code == status
    assert refused.headers["Retry-After"] == "1"
    assert refused.get_json() == {"error": sentence}
    assert first().status_code == 200


def test_nothing_else_waits_for_a_solve_running(app, held_solve):
    """While the one solve runs, every other path answers as ever: a meld checked,
    the variants listed, a game started and read."""
    first = held_solve.in_background(lambda: solve(app))
    client = app.test_client()
    meld = client.post("/api/v1/melds/check", json={"variant": "push", "cards": "8C 8H JK"})
    assert meld.status_code == 200 and meld.get_json()["legal"] is True
    assert client.get("/api/v1/variants").status_code == 200
    game = client.post("/api/v1/games", json={"variant": "push", "players": ["A", "B", "C", "D"]})
    assert game.status_code == 201
    assert client.get(f"/api/v1/games/{game.get_json()['id']}").status_code == 200
    assert first().get_json()["met"] is True


def test_once_a_solve_is_answered_the_next_one_runs(app, held_solve):
    first = held_solve.in_background(lambda: solve(app))
    assert solve(app, ANOTHER_PHONE).status_code == 503
    assert first().status_code == 200
    assert solve(app, ANOTHER_PHONE).status_code == 200
    assert solve(app).status_code == 200


def test_a_solve_refused_for_its_hand_frees_its_place(app):
    """A hand refused as too long, or badly written, leaves the limit as it found it."""
    client = app.test_client()
    long_hand = HAND | {
        "deal": 1,
        "cards": "JK JK JK JK 4H QH 8C 7D 2D 5C 8D 8H QC 10C 7H 10H QD AD 3H 9C 10D KC 2C "
        "2H 5H AH 6C JD 6H JH",
    }
    assert client.post(SOLVE, json=long_hand).status_code == 422
    assert client.post(SOLVE, json=HAND | {"cards": "8C 9X"}).status_code == 400
    assert client.post(SOLVE, json=HAND).status_code == 200


def test_more_solves_at_once_where_the_server_is_set_to(make_app, held_solve, database_uri):
    """SOLVES_AT_ONCE and SOLVES_PER_CLIENT (docs/deploying.md): here two at once, two
    for one client; a third is refused."""
    app = make_app(database_uri, SOLVES_AT_ONCE=2, SOLVES_PER_CLIENT=2)
    first = held_solve.in_background(lambda: solve(app))
    second = held_solve.in_background(lambda: solve(app))
    assert solve(app, ANOTHER_PHONE).status_code == 503
    assert (first().status_code, second().status_code) == (200, 200)
