"""The API answers programs and the app's own pages, never another site's page: a
write comes as JSON (415 otherwise) and a browser request from another site is
refused (403), both as JSON sentences (docs/api.md#errors)."""

import pytest
from sqlalchemy import func, select

from referee import create_app
from referee.storage.models import Game, db

from ..conftest import dispose

CHECK = "/api/v1/melds/check"
MELD = b'{"variant": "push", "cards": "6D 2S JK"}'
FOUR = ["Ann", "Bob", "Cat", "Dan"]


def assert_sentence(response, status, words):
    assert response.status_code == status, response.data
    assert response.mimetype == "application/json"
    assert words in response.get_json()["error"]


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        None,
    ],
)
@pytest.mark.parametrize("path", [CHECK, "/api/v1/games", "/api/v1/hands/solve"])
def test_a_write_not_sent_as_json_is_a_415(client, path, content_type):
    response = client.post(path, data=MELD, content_type=content_type)
    assert_sentence(response, 415, "Content-Type: application/json")


def test_a_correction_not_sent_as_json_is_a_415_and_changes_nothing(client):
    game = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    path = f"/api/v1/games/{game['id']}/deals"
    body = b'{"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}}'
    key = {"X-Edit-Key": game["edit_key"]}
    assert_sentence(
        client.post(path, data=body, headers=key, content_type="text/plain"), 415, "JSON"
    )
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["deals"] == []


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8"])
def test_json_is_taken_with_or_without_its_charset(client, content_type):
    assert client.post(CHECK, data=MELD, content_type=content_type).status_code == 200


def test_an_undo_carries_no_body_and_needs_no_content_type(client):
    game = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    key = {"X-Edit-Key": game["edit_key"]}
    deal = {"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}}
    client.post(f"/api/v1/games/{game['id']}/deals", json=deal, headers=key)
    assert client.delete(f"/api/v1/games/{game['id']}/deals/1", headers=key).status_code == 200


FOREIGN = [
    "http://evil.example",
    "https://evil.example",
    "http://localhost.evil.example",
    "null",
    "http://localhost:8080",
    "https://localhost:80",  # the same host and port, another scheme: another origin
    "ws://localhost:80",
]


@pytest.mark.parametrize("origin", FOREIGN)
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", CHECK, {"variant": "push", "cards": "6D 2S JK"}),
        ("POST", "/api/v1/games", {"variant": "push", "players": FOUR}),
        ("GET", "/api/v1/variants", None),
        ("OPTIONS", CHECK, None),
    ],
)
def test_a_request_from_another_sites_page_is_a_403(client, origin, method, path, body):
    response = client.open(path, method=method, json=body, headers={"Origin": origin})
    assert_sentence(response, 403, "another site")


def test_another_sites_page_starts_no_game(app, client):
    body = {"variant": "push", "players": FOUR}
    client.post("/api/v1/games", json=body, headers={"Origin": "http://evil.example"})
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


@pytest.mark.parametrize("origin", ["http://localhost", "HTTP://LOCALHOST", "http://localhost:80"])
def test_the_apps_own_pages_and_programs_are_answered(client, origin):
    meld = {"variant": "push", "cards": "6D 2S JK"}
    assert client.post(CHECK, json=meld, headers={"Origin": origin}).status_code == 200
    assert client.post(CHECK, json=meld).status_code == 200  # a program sends no Origin


@pytest.fixture
def proxied(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'referee.db'}",
            "PROXY_HOPS": 1,
        }
    )
    yield app.test_client()
    dispose(app)


def test_behind_a_proxy_the_site_is_the_one_the_phone_asked_for(proxied):
    forwarded = {"X-Forwarded-Host": "referee.example", "X-Forwarded-Proto": "https"}
    meld = {"variant": "push", "cards": "6D 2S JK"}
    own = proxied.post(CHECK, json=meld, headers=forwarded | {"Origin": "https://referee.example"})
    assert own.status_code == 200
    other = proxied.post(CHECK, json=meld, headers=forwarded | {"Origin": "http://localhost"})
    assert_sentence(other, 403, "another site")


@pytest.mark.parametrize(
    "origin", ["http://referee.example", "http://referee.example:443", "wss://referee.example"]
)
def test_behind_a_proxy_another_scheme_is_another_site(proxied, origin):
    """The scheme the phone used (X-Forwarded-Proto, through ProxyFix) is part of the
    site: a page served over http:// on the same host and port is another origin."""
    forwarded = {"X-Forwarded-Host": "referee.example", "X-Forwarded-Proto": "https"}
    meld = {"variant": "push", "cards": "6D 2S JK"}
    answer = proxied.post(CHECK, json=meld, headers=forwarded | {"Origin": origin})
    assert_sentence(answer, 403, "another site")
