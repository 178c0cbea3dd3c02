"""Retries and several phones (docs/api.md): Idempotency-Key, ETag, If-Match, If-None-Match."""

import threading
import uuid

import pytest
from sqlalchemy import event, func, select

from referee.storage.idempotency import fingerprint
from referee.storage.models import Game as GameRow
from referee.storage.models import IdempotentRequest, db

from .test_sheet import FOUR, Game

DEAL = {"went_out": "Ann", "points": {"Bob": 10, "Dan": 10}}


def key():
    return str(uuid.uuid4())


def post_deal(game, body=DEAL, **headers):
    return game.client.post(
        f"/api/v1/games/{game.id}/deals", json=body, headers=game.key | headers
    )


def test_the_same_deal_posted_twice_with_one_key_is_recorded_once(stored_client):
    game = Game(stored_client, variant="push")
    retry = key()
    first = post_deal(game, **{"Idempotency-Key": retry})
    again = post_deal(game, **{"Idempotency-Key": retry})
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert [deal["deal"] for deal in game.get()["deals"]] == [1]


def test_a_retry_gets_the_first_answers_etag_not_the_games_current_one(stored_client):
    """A phone that retries goes on from the game as its own write left it: were it
    given a later ETag, its next If-Match would pass over another phone's change."""
    game = Game(stored_client, variant="push")
    retry = key()
    first = post_deal(game, **{"Idempotency-Key": retry})
    assert post_deal(game, {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}}).status_code == 201
    again = post_deal(game, **{"Idempotency-Key": retry})
    assert again.status_code == 201
    assert again.headers["ETag"] == first.headers["ETag"]
    current = stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    assert again.headers["ETag"] != current
    stale = post_deal(
        game,
        {"went_out": None, "points": dict.fromkeys(FOUR, 0)},
        **{"If-Match": again.headers["ETag"]},
    )
    assert stale.status_code == 412


def test_a_retried_new_game_has_its_etag(stored_client):
    body, retry = {"variant": "push", "players": FOUR}, {"Idempotency-Key": key()}
    first = stored_client.post("/api/v1/games", json=body, headers=retry)
    again = stored_client.post("/api/v1/games", json=body, headers=retry)
    assert again.headers["ETag"] == first.headers["ETag"]


def test_the_same_key_with_another_body_is_a_conflict(stored_client):
    game = Game(stored_client, variant="push")
    retry = key()
    post_deal(game, **{"Idempotency-Key": retry})
    before = game.get()
    other = post_deal(
        game, {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}}, **{"Idempotency-Key": retry}
    )
    assert other.status_code == 409
    assert "already used for a different request" in other.get_json()["error"]
    assert game.get() == before


def test_a_key_is_kept_per_game(stored_client):
    one, two = Game(stored_client, variant="push"), Game(stored_client, variant="push")
    shared = key()
    assert post_deal(one, **{"Idempotency-Key": shared}).status_code == 201
    assert post_deal(two, **{"Idempotency-Key": shared}).status_code == 201
    assert len(two.get()["deals"]) == 1


def test_creating_a_game_twice_with_one_key_creates_it_once_and_gives_the_same_key(stored_app):
    client = stored_app.test_client()
    body = {"variant": "push", "players": FOUR}
    retry = {"Idempotency-Key": key()}
    first = client.post("/api/v1/games", json=body, headers=retry)
    again = client.post("/api/v1/games", json=body, headers=retry)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    with stored_app.app_context():
        assert len(db.session.scalars(select(GameRow)).all()) == 1
        kept = db.session.scalars(select(IdempotentRequest)).one()
        assert first.get_json()["edit_key"] not in repr(kept.body)  # kept sealed
    edit = {"X-Edit-Key": again.get_json()["edit_key"]}
    assert (
        client.post(
            f"/api/v1/games/{first.get_json()['id']}/deals", json=DEAL, headers=edit
        ).status_code
        == 201
    )


def test_an_unbent_deal_is_kept_under_the_digest_it_always_had(stored_app):  # R63
    """The answers kept for a day carry their request's digest: a deal with no bent
    table is digested without the field, as before there were bent tables, so that
    a retry sent across a release still gets its first answer."""
    client = stored_app.test_client()
    game = Game(client, variant="push")
    retry = key()
    assert post_deal(game, **{"Idempotency-Key": retry}).status_code == 201
    with stored_app.app_context():
        kept = db.session.scalars(
            select(IdempotentRequest).where(IdempotentRequest.scope == game.id)
        ).one()
    body = {"went_out": "Ann", "hands": {}, "points": {"Bob": 10, "Dan": 10}}
    assert kept.fingerprint == fingerprint("POST", f"/api/v1/games/{game.id}/deals", body)


@pytest.mark.parametrize("good", ["has space inside", "ünïcode-key", "x" * 64, "12345678"])
def test_an_idempotency_key_is_any_8_to_64_characters(stored_client, good):  # docs/api.md
    game = Game(stored_client, variant="push")
    first = post_deal(game, **{"Idempotency-Key": good})
    again = post_deal(game, **{"Idempotency-Key": good})
    assert first.status_code == again.status_code == 201
    assert len(game.get()["deals"]) == 1


@pytest.mark.parametrize("bad", ["short", "x" * 65, "tab\tinside-key", "bell\x07-inside"])
def test_an_idempotency_key_of_the_wrong_shape_is_refused(stored_client, bad):
    game = Game(stored_client, variant="push")
    response = post_deal(game, **{"Idempotency-Key": bad})
    assert response.status_code == 400
    assert "8 to 64 characters, none of them a control character" in response.get_json()["error"]
    assert game.get()["deals"] == []


def test_a_retry_without_the_edit_key_is_still_refused(stored_client):
    game = Game(stored_client, variant="push")
    retry = key()
    post_deal(game, **{"Idempotency-Key": retry})
    response = stored_client.post(
        f"/api/v1/games/{game.id}/deals", json=DEAL, headers={"Idempotency-Key": retry}
    )
    assert response.status_code == 403


def test_the_etag_changes_with_every_change(stored_client):
    game = Game(stored_client, variant="push")
    tags = [stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]]
    post_deal(game)
    tags.append(stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"])
    game.replace(1, went_out="Bob", points={"Ann": 5, "Cat": 5})
    tags.append(stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"])
    game.undo(1)
    tags.append(stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"])
    assert len(set(tags)) == 4


def test_an_unchanged_game_is_a_304(stored_client):
    game = Game(stored_client, variant="push")
    tag = stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    unchanged = stored_client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304
    assert unchanged.data == b""
    post_deal(game)
    changed = stored_client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200


def test_an_unchanged_game_is_told_by_its_version_alone(stored_app, stored_client):
    """A polling program's 304 reads the game's version on the polls' own engine: no
    Game is loaded and no connection is taken from the app's pool."""
    game = Game(stored_client, variant="push")
    tag = stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    loaded, taken = [], []

    def load(target, _context):
        loaded.append(target.id)

    def checkout(*_):
        taken.append("a connection")

    with stored_app.app_context():
        pool = db.engine.pool
    event.listen(GameRow, "load", load)
    event.listen(pool, "checkout", checkout)
    try:
        unchanged = stored_client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": tag})
    finally:
        event.remove(GameRow, "load", load)
        event.remove(pool, "checkout", checkout)
    assert unchanged.status_code == 304
    assert (loaded, taken) == ([], [])


def test_two_writers_with_the_same_etag_one_wins_the_other_gets_412_and_the_game_as_it_is(
    stored_client,
):
    game = Game(stored_client, variant="push")
    tag = stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    first = post_deal(game, **{"If-Match": tag})
    assert first.status_code == 201
    after = game.get()
    second = post_deal(
        game, {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}}, **{"If-Match": tag}
    )
    assert second.status_code == 412
    body = second.get_json()
    assert "another phone saved a deal" in body["error"]
    assert body["game"] == after
    assert game.get() == after


@pytest.mark.parametrize("method", ["put", "delete"])
def test_a_stale_correction_or_undo_is_412(stored_client, method):
    game = Game(stored_client, variant="push")
    tag = stored_client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    post_deal(game)
    after = game.get()
    path = f"/api/v1/games/{game.id}/deals/1"
    response = getattr(stored_client, method)(
        path, json=DEAL if method == "put" else None, headers=game.key | {"If-Match": tag}
    )
    assert response.status_code == 412
    assert game.get() == after


def test_without_if_match_the_last_writer_wins(stored_client):
    game = Game(stored_client, variant="push")
    post_deal(game)
    game.replace(1, went_out="Bob", points={"Ann": 5, "Cat": 5})
    assert game.get()["deals"][0]["went_out"] == "Bob"


def at_once(app, phones, path, body, headers):
    """``phones`` test clients post the same request at the same moment; their answers."""
    start = threading.Barrier(phones)
    answers = []

    def tap():
        phone = app.test_client()
        start.wait()
        answers.append(phone.post(path, json=body, headers=headers))

    taps = [threading.Thread(target=tap) for _ in range(phones)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()
    return answers


def test_a_double_tap_from_two_threads_with_one_key_records_once(stored_app):
    game = Game(stored_app.test_client(), variant="push")
    headers = game.key | {"Idempotency-Key": key()}
    answers = at_once(stored_app, 4, f"/api/v1/games/{game.id}/deals", DEAL, headers)
    assert [answer.status_code for answer in answers] == [201] * 4
    assert len({answer.data for answer in answers}) == 1
    assert len(game.get()["deals"]) == 1


def test_ten_creations_at_once_with_one_key_make_one_game_and_answer_alike(stored_app):
    """On PostgreSQL nothing serialises two creations (there is no game row to lock):
    the loser of the race on the kept answer's key must get the first answer, not
    a 500 (a UniqueViolation)."""
    body = {"variant": "push", "players": FOUR}
    answers = at_once(stored_app, 10, "/api/v1/games", body, {"Idempotency-Key": key()})
    assert [answer.status_code for answer in answers] == [201] * 10
    assert len({answer.data for answer in answers}) == 1
    with stored_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameRow)) == 1


# --- A key belongs to the client that sent it (docs/api.md) ---------------------------------


def client_at(app, address, phone=None):
    """A program at ``address``; with ``phone``, holding that phone's cookie too."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    if phone is not None:
        with client.session_transaction() as session:
            session["phone"] = phone
    return client


NEW_GAME = {"variant": "push", "players": FOUR}


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("10.0.0.1", None), ("10.0.0.2", None)),  # another address
        (("10.0.0.1", "phone-one"), ("10.0.0.1", "phone-two")),  # another phone, one Wi-Fi
        (("10.0.0.1", None), ("10.0.0.1", "phone-two")),  # a phone where a program was
    ],
)
def test_another_clients_same_key_starts_another_game_and_never_gets_the_first_edit_key(
    stored_app, first, second
):
    shared = {"Idempotency-Key": key()}
    mine = client_at(stored_app, *first).post("/api/v1/games", json=NEW_GAME, headers=shared)
    theirs = client_at(stored_app, *second).post("/api/v1/games", json=NEW_GAME, headers=shared)
    assert mine.status_code == theirs.status_code == 201
    assert theirs.get_json()["id"] != mine.get_json()["id"]
    assert theirs.get_json()["edit_key"] != mine.get_json()["edit_key"]
    assert mine.get_json()["edit_key"] not in theirs.data.decode()


def test_a_phone_that_moves_network_still_gets_its_first_answer(stored_app):
    """A phone's key belongs to its cookie: the same phone retrying from mobile data
    after its Wi-Fi dropped is the same client."""
    retry = {"Idempotency-Key": key()}
    wifi = client_at(stored_app, "192.168.1.7", "phone-one")
    mobile = client_at(stored_app, "100.64.3.9", "phone-one")
    first = wifi.post("/api/v1/games", json=NEW_GAME, headers=retry)
    again = mobile.post("/api/v1/games", json=NEW_GAME, headers=retry)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()


def test_another_clients_same_key_to_a_game_is_another_deal(stored_app):
    game = Game(stored_app.test_client(), variant="push")
    shared = {"Idempotency-Key": key()}
    path = f"/api/v1/games/{game.id}/deals"
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.1"):
        client = client_at(stored_app, address)
        assert client.post(path, json=DEAL, headers=game.key | shared).status_code == 201
    assert [deal["deal"] for deal in game.get()["deals"]] == [1, 2]


def keep_as_before(app, scope, raw_key, path, body, answer):
    """An answer kept the way it was before keys were their client's: under the key
    as sent."""
    with app.app_context():
        db.session.add(
            IdempotentRequest(
                scope=scope,
                key=raw_key,
                fingerprint=fingerprint("POST", path, body),
                status=201,
                body=answer,
                version=2,
            )
        )
        db.session.commit()


def test_a_deals_answer_kept_before_keys_were_the_clients_still_answers_its_retry(stored_app):
    game = Game(stored_app.test_client(), variant="push")
    path, retry = f"/api/v1/games/{game.id}/deals", key()
    body = {"went_out": "Ann", "hands": {}, "points": {"Bob": 10, "Dan": 10}}
    keep_as_before(stored_app, game.id, retry, path, body, {"kept": "before"})
    again = post_deal(game, **{"Idempotency-Key": retry})
    assert (again.status_code, again.get_json()) == (201, {"kept": "before"})
    assert game.get()["deals"] == []


def test_a_new_games_answer_kept_before_is_never_replayed(stored_app):
    retry = key()
    keep_as_before(
        stored_app, "games", retry, "/api/v1/games", NEW_GAME, {"id": "x", "edit_key": "y"}
    )
    client = stored_app.test_client()
    answer = client.post("/api/v1/games", json=NEW_GAME, headers={"Idempotency-Key": retry})
    assert answer.status_code == 201
    assert answer.get_json()["id"] != "x"
