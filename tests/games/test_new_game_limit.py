"""The limit on games started a minute from one address: counted in the database,
so every worker and every server share it; only games actually made count; behind
a proxy, each phone is its own address."""

import pytest

from referee import create_app

from ..conftest import dispose

FOUR = ["Ann", "Bob", "Cat", "Dan"]
GAME = {"variant": "push", "players": FOUR}


@pytest.fixture
def limited(database_uri):
    """Two apps on one database, as two servers (or two workers) would be."""
    apps = [
        create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "t",
                "SQLALCHEMY_DATABASE_URI": database_uri,
                "RATELIMIT_ENABLED": True,
                "GAMES_PER_MINUTE": 3,
                "PROXY_HOPS": hops,
            }
        )
        for hops in (1, 1)
    ]
    yield apps
    for app in apps:
        dispose(app)


def start(client, **headers):
    return client.post("/api/v1/games", json=GAME, headers=headers)


def test_two_servers_share_one_allowance(limited):
    first, second = (app.test_client() for app in limited)
    assert [start(first).status_code, start(second).status_code, start(first).status_code] == [
        201
    ] * 3
    refused = start(second)
    assert refused.status_code == 429
    assert refused.get_json()["error"].startswith("too many games were started from this address")
    assert 1 <= int(refused.headers["Retry-After"]) <= 60


def test_refused_attempts_and_retries_use_none_of_it(limited):
    client = limited[0].test_client()
    for _ in range(5):
        assert (
            client.post("/api/v1/games", json={"variant": "push", "players": ["Ann"]}).status_code
            == 422
        )
    retried = [start(client, **{"Idempotency-Key": "one-game-sent-again"}) for _ in range(4)]
    assert [answer.status_code for answer in retried] == [201] * 4
    assert len({answer.get_json()["id"] for answer in retried}) == 1
    assert [start(client).status_code, start(client).status_code] == [201, 201]
    assert start(client).status_code == 429


def test_behind_a_proxy_each_phone_has_its_own_allowance(limited):
    client = limited[0].test_client()
    for _ in range(3):
        assert start(client, **{"X-Forwarded-For": "203.0.113.7"}).status_code == 201
    assert start(client, **{"X-Forwarded-For": "203.0.113.7"}).status_code == 429
    assert start(client, **{"X-Forwarded-For": "198.51.100.2"}).status_code == 201


def test_without_a_proxy_the_forwarded_header_is_not_believed(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'r.db'}",
            "RATELIMIT_ENABLED": True,
            "GAMES_PER_MINUTE": 1,
        }
    )
    client = app.test_client()
    assert start(client, **{"X-Forwarded-For": "203.0.113.7"}).status_code == 201
    assert start(client, **{"X-Forwarded-For": "198.51.100.2"}).status_code == 429
    dispose(app)


def test_the_address_itself_is_never_stored(limited):
    from referee.storage.models import RecentWrite, db

    start(limited[0].test_client(), **{"X-Forwarded-For": "203.0.113.7"})
    with limited[0].app_context():
        writer = db.session.scalar(db.select(RecentWrite.who))
    assert writer and "203.0.113.7" not in writer and len(writer) == 32
