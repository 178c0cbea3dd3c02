"""Headers every answer carries, and the limit on starting games."""

import re

import pytest

from referee import create_app

from ..conftest import dispose

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize(
    "path", ["/", "/check?cards=6D+2S+JK", "/api/v1/variants", "/nope", "/api/v1/nope"]
)
def test_every_answer_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def test_no_page_has_inline_script_or_style(client):
    created = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    pages = [
        "/",
        "/check",
        "/check?cards=6D+2S+JK",
        f"/games/{created['id']}",
        f"/games/{created['id']}/share",
    ]
    for path in pages:
        page = client.get(path).data.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), path
        assert "<style" not in page, path
        assert not re.search(r"\sstyle=", page), path
        assert not re.search(r"\son[a-z]+=", page), path


@pytest.fixture
def limited(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'r.db'}",
            "RATELIMIT_ENABLED": True,
            "GAMES_PER_MINUTE": 3,
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app
    dispose(app)


def test_too_many_games_from_one_address_is_a_429_with_a_sentence(limited):
    client = limited.test_client()
    for _ in range(3):
        assert (
            client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).status_code
            == 201
        )
    refused = client.post("/api/v1/games", json={"variant": "push", "players": FOUR})
    assert refused.status_code == 429
    assert refused.get_json() == {
        "error": "too many games were started from this address in the last minute; wait a minute and try again"
    }
    page = client.post("/", data={f"players-{i}": n for i, n in enumerate(FOUR)})
    assert page.status_code == 429
    assert "too many games were started from this address" in page.data.decode()
    assert 'value="Ann"' in page.data.decode()  # the form as typed, to send again
    assert page.headers["Retry-After"] == refused.headers["Retry-After"]
    assert client.get("/").status_code == 200  # reading is never limited
