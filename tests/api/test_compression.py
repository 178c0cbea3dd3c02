"""A client that accepts compression gets the ETag of the compressed answer
("v1:gzip", as Flask-Compress writes it) and sends that back: it names the same
version of the game, for a write's If-Match and for a read's If-None-Match."""

import pytest

FOUR = ["Ann", "Bob", "Cat", "Dan"]
DEAL = {"went_out": "Ann", "points": {"Bob": 5, "Dan": 10}}


@pytest.fixture
def game(stored_client):
    created = stored_client.post("/api/v1/games", json={"variant": "push", "players": FOUR})
    body = created.get_json()
    return f"/api/v1/games/{body['id']}", {"X-Edit-Key": body["edit_key"]}


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_a_compressed_answers_etag_is_a_good_if_match(stored_client, game, coding):
    path, key = game
    read = stored_client.get(path, headers={"Accept-Encoding": coding})
    assert read.headers["Content-Encoding"] == coding
    assert read.headers["ETag"] == f'"v1:{coding}"'
    recorded = stored_client.post(
        f"{path}/deals", json=DEAL, headers={**key, "If-Match": read.headers["ETag"]}
    )
    assert recorded.status_code == 201
    stale = stored_client.post(
        f"{path}/deals", json=DEAL, headers={**key, "If-Match": read.headers["ETag"]}
    )
    assert stale.status_code == 412  # the compressed form of an old version is still old


def test_a_compressed_etag_read_again_is_a_304(stored_client, game):
    path, _ = game
    read = stored_client.get(path, headers={"Accept-Encoding": "gzip"})
    again = stored_client.get(
        path, headers={"Accept-Encoding": "gzip", "If-None-Match": read.headers["ETag"]}
    )
    assert again.status_code == 304


def test_the_sheet_page_polled_with_a_compressed_etag_is_a_304(stored_client, game):
    path, _ = game
    page = path.removeprefix("/api/v1")
    first = stored_client.get(page, headers={"Accept-Encoding": "br"})
    assert first.headers["ETag"].endswith(':br"')
    again = stored_client.get(
        page, headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304
