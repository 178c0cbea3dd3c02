import re

import pytest

from ..conftest import build_app, dispose, fresh_sqlite

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def app(tmp_path, migrated_sqlite):
    """The app as a phone meets it: CSRF off, so a test posts forms as typed; its
    database a copy of the migrated one (tests/conftest.py)."""
    app = build_app(fresh_sqlite(migrated_sqlite, tmp_path), WTF_CSRF_ENABLED=False)
    yield app
    dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


def start_game(client, variant="push", players=FOUR, **fields):
    """Start a game from the home page, as a phone does; return its sheet's path."""
    data = {f"players-{i}": name for i, name in enumerate(players)}
    data |= {"option_partnerships": "y", "option_set_distinct_suits": "y"} | fields
    response = client.post(f"/?variant={variant}", data=data)
    assert response.status_code == 303, response.data.decode()
    return response.headers["Location"]


def enter_deal(client, game, went_out, status=303, **fields):
    data = {"went_out": str(went_out), "save": "1"} | {
        k.replace("_", "-"): v for k, v in fields.items()
    }
    response = client.post(f"{game}/deals/new", data=data)
    assert response.status_code == status, response.data.decode()
    return response


def text(response):
    """The page's words, without tags and runs of white space (a name's ``<bdi>``,
    inline, parts no words)."""
    page = re.sub(r"</?bdi>", "", response.data.decode())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip()
