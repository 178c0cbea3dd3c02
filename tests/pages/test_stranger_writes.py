"""Every write a stranger can make without an edit key counts against one allowance an
address a minute, kept in the database (issue 34, item 2): saving rules on a phone,
keeping a game, joining one, playing again, starting one. Past it: a 429 with
Retry-After and a sentence in the request's language, the form as typed; below it,
or with no limit at all, nothing else changes."""

import re

import pytest
from sqlalchemy import func, select

from referee.storage.models import Game, PhoneGame, RecentWrite, SavedRules, db

from ..conftest import build_app, dispose
from .conftest import FOUR, start_game, text
from .test_after_the_game import finish, posted_at_once, table_of_three
from .test_house_rules_form import LIVERPOOL, fill, grandmas

LIMITS = {"GAMES_PER_MINUTE": 2, "RULES_SAVED_PER_MINUTE": 2, "GAMES_KEPT_PER_MINUTE": 2}


@pytest.fixture
def limited(database_uri):
    """The pages with small allowances, on SQLite and (TEST_DATABASE_URL) PostgreSQL."""
    app = build_app(database_uri, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, **LIMITS)
    yield app
    dispose(app)


def count(app, model):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def save(client, name, **headers):
    fields = grandmas(client)
    fill(fields, {"house_action": "save", "rules_name": name})
    return client.post(LIVERPOOL, data=fields, headers=headers)


def refused_in_a_minute(response):
    assert response.status_code == 429
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_rules_saved_past_the_allowance_are_refused_with_the_form_as_typed(limited):
    """Each new cookie is a new phone: the allowance is the address's, not the phone's."""
    for n in range(2):
        assert "Saved on this phone" in text(save(limited.test_client(), f"Ours {n}"))
    refused = save(limited.test_client(), "One too many")
    refused_in_a_minute(refused)
    assert "too many rules were saved from this address in the last minute" in text(refused)
    page = refused.data.decode()
    assert 'value="One too many"' in page and 'name="house-run_min"' in page
    spanish = save(limited.test_client(), "Otra", **{"Accept-Language": "es"})
    refused_in_a_minute(spanish)
    assert "se guardaron demasiadas reglas desde esta dirección" in text(spanish)
    assert count(limited, SavedRules) == 2


def test_keeps_and_joins_past_the_allowance_are_refused(limited):
    phone = limited.test_client()
    game = start_game(phone)  # a new game: counted as a game, not a keep
    share = phone.get(f"{game}/share").data.decode()
    key = re.search(r'id="edit-link"><a href="[^"#]+/join#([^"]+)"', share).group(1)
    assert limited.test_client().post(f"{game}/keep").status_code == 303
    assert limited.test_client().post(f"{game}/join", data={"key": key}).status_code == 303
    kept = limited.test_client().post(f"{game}/keep")
    refused_in_a_minute(kept)
    assert "Too many games were kept on phones from this address" in text(kept)
    joined = limited.test_client().post(f"{game}/join", data={"key": key})
    refused_in_a_minute(joined)
    assert "too many games were kept on phones" in text(joined)
    assert f'value="{key}"' in joined.data.decode()  # the form as sent, to send again
    assert count(limited, PhoneGame) == 3


def test_a_game_kept_again_counts_nothing(limited):
    phone = limited.test_client()
    game = start_game(phone)
    follower = limited.test_client()
    for _ in range(4):
        assert follower.post(f"{game}/keep").status_code == 303
    assert count(limited, PhoneGame) == 2


def test_new_games_and_play_again_share_the_allowance_of_games(limited):
    phone = limited.test_client()
    game = start_game(phone)
    finish(phone, game)
    following = phone.post(f"{game}/again")
    assert following.status_code == 303 and following.headers["Location"] != game
    data = {f"players-{i}": name for i, name in enumerate(FOUR)}
    refused = phone.post("/?variant=push", data=data)
    refused_in_a_minute(refused)
    assert "too many games were started from this address" in text(refused)
    assert 'value="Dan"' in refused.data.decode()
    assert count(limited, Game) == 2


def test_play_again_past_the_allowance_is_a_page_with_its_sentence(limited):
    phone = limited.test_client()
    first = start_game(phone)
    start_game(phone)  # the allowance of two games a minute spent
    finish(phone, first)
    refused = phone.post(f"{first}/again")
    refused_in_a_minute(refused)
    assert "Too many games were started from this address" in text(refused)
    assert count(limited, Game) == 2


def test_the_counted_writes_of_an_address_are_its_last_minute_only(limited):
    """However many writes an address tries, it keeps at most its allowance of rows
    a minute in the limiter: a refused write adds none."""
    for n in range(6):
        save(limited.test_client(), f"Ours {n}")
    assert count(limited, RecentWrite) == 2


def test_without_a_limit_nothing_is_counted(database_uri):
    app = build_app(database_uri, WTF_CSRF_ENABLED=False)  # RATELIMIT_ENABLED false
    try:
        for n in range(4):
            assert "Saved on this phone" in text(save(app.test_client(), f"Ours {n}"))
        start_game(app.test_client())
        assert count(app, RecentWrite) == 0
    finally:
        dispose(app)


def test_play_again_and_keeps_at_once_from_one_address_all_answer(database_uri):
    """Play again locks its game and then counts; a keep counts and then names the
    same game: both take the address's turn first, so at once, on PostgreSQL too,
    neither waits on the other for good (a deadlock is a 503)."""
    roomy = dict.fromkeys(LIMITS, 1000)
    app = build_app(database_uri, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, **roomy)
    try:
        game, starter, joiner, _follower = table_of_three(app)
        cookies = [phone.get_cookie("session").value for phone in (starter, joiner)]
        again = [(cookie, f"{game}/again") for cookie in cookies * 3]
        went = posted_at_once(app, again + [(None, f"{game}/keep")] * 6)
        assert [status for status, _ in went] == [303] * 12
        assert count(app, Game) == 2
    finally:
        dispose(app)
