"""What a phone remembers is kept on the server, not in its cookie (reliability issue,
item 4): the cookie stays small however many games the phone keeps, every edit key
is kept, and no phone reads another's games."""

import hashlib

import pytest

from referee import create_app
from referee.storage.models import PhoneGame, db

from ..conftest import dispose
from .conftest import FOUR, enter_deal, start_game, text

LONG = [
    "Annabelle-Marguerite Fontaine",
    "Bartholomew Fitzgerald-Smythe",
    "Catriona Wilhelmina Lockhart",
    "Dashiell Montgomery Prescott",
]
COOKIE_MOST = 300  # bytes: far below the 4 KB a browser keeps


@pytest.fixture
def stored_pages(database_uri):
    """The pages on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": database_uri,
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app
    dispose(app)


def cookie(client) -> str:
    found = client.get_cookie("session")
    return found.value if found else ""


def test_the_cookie_stays_small_after_starting_and_following_50_games(stored_pages):
    phone = stored_pages.test_client()
    other = stored_pages.test_client()
    started = [start_game(phone, players=LONG) for _ in range(25)]
    followed = [start_game(other, players=LONG) for _ in range(25)]
    for game in followed:
        assert phone.get(game).status_code == 200
        assert phone.post(f"{game}/keep").status_code == 303
    assert len(cookie(phone)) < COOKIE_MOST, cookie(phone)
    # Nothing is lost: every game is listed, each started one still editable.
    history = text(phone.get("/history"))
    assert history.count("Push: Annabelle-Marguerite Fontaine") == 50
    for game in started:
        assert "Enter deal 1" in text(phone.get(game))
    for game in followed:
        assert "Enter deal 1" not in text(phone.get(game))


def test_edit_rights_survive_fifty_games_and_a_new_cookie_each_time(stored_pages):
    """The first of fifty games is still the phone's to change (the cookie used to
    keep twelve), and a cookie copied from before the forty-nine others still works."""
    phone = stored_pages.test_client()
    first = start_game(phone, players=LONG)
    for _ in range(49):
        start_game(phone, players=LONG)
    assert "Enter deal 1" in text(phone.get(first))
    enter_deal(phone, first, 0, points_1="10", points_3="5")
    assert "Enter deal 2" in text(phone.get(first))


def test_another_phone_reads_nothing_of_this_phones_games(stored_pages):
    phone = stored_pages.test_client()
    game = start_game(phone)
    stranger = stored_pages.test_client()
    assert "Push: Ann, Bob" not in text(stranger.get("/"))
    assert "Push: Ann, Bob" not in text(stranger.get("/history"))
    # With the follow link it may follow, never change.
    page = text(stranger.get(game))
    assert "Enter deal 1" not in page
    assert enter_deal(stranger, game, 0, status=422, points_1="10", points_3="5")


def test_the_database_alone_holds_no_edit_key_and_no_phone_token(stored_pages):
    phone = stored_pages.test_client()
    start_game(phone)
    with phone.session_transaction() as session:
        token = session["phone"]
    with stored_pages.app_context():
        row = db.session.execute(db.select(PhoneGame)).scalar_one()
    assert token not in row.phone
    assert row.sealed_key.startswith("sealed:")
    share = phone.get(f"/games/{row.game_id}/share").data.decode()
    key = share.split("/join#")[1].split('"')[0]
    assert key not in row.sealed_key


def sealed_before(edit_key, token, game_id, secret):
    """A phone's edit key as the code before referee.storage.sealing sealed it."""
    seed = secret + b"\x00phone-edit-key\x00" + token.encode() + b"\x00" + game_id.encode()
    pad = hashlib.shake_256(seed).digest(len(edit_key))
    return "sealed:" + bytes(a ^ b for a, b in zip(edit_key.encode(), pad, strict=True)).hex()


def test_a_key_a_phone_kept_before_one_sealing_served_both_still_opens(stored_pages):
    """Edit keys kept for a year are not sealed again: a row written by the code
    before still makes the phone the game's editor."""
    assert (  # the code before, run on these: its very output
        sealed_before(
            "k9TqWbR2mXc4Lz7Hn1PfVg", "a-phones-token", "Xq3gameid000000000000A", b"test"
        )
        == "sealed:09ffec59c22fa3f8f20caf5f25aebd45d3c15e3f3bed"
    )
    phone = stored_pages.test_client()
    game = start_game(phone)
    key = phone.get(f"{game}/share").data.decode().split("/join#")[1].split('"')[0]
    with phone.session_transaction() as session:
        token = session["phone"]
    with stored_pages.app_context():
        row = db.session.execute(db.select(PhoneGame)).scalar_one()
        row.sealed_key = sealed_before(key, token, row.game_id, b"test")
        db.session.commit()
    assert "Enter deal 1" in text(phone.get(game))
    enter_deal(phone, game, 0, points_1="10", points_3="5")
    assert "Enter deal 2" in text(phone.get(game))


def test_a_cookie_from_before_moves_its_games_to_the_server(app, client):
    """A phone's cookie from before this change listed its games and keys: they are
    kept on the server the first time it comes back, and the cookie empties."""
    maker = app.test_client()
    game = start_game(maker)
    key = maker.get(f"{game}/share").data.decode().split("/join#")[1].split('"')[0]
    game_id = game.rsplit("/", 1)[1]
    with client.session_transaction() as session:
        session["recent"] = [{"id": game_id, "title": "Push: Ann, Bob, Cat, Dan"}]
        session["keys"] = {game_id: key}
    assert "Push: Ann, Bob, Cat, Dan" in text(client.get("/"))
    assert "Enter deal 1" in text(client.get(game))
    with client.session_transaction() as session:
        assert "keys" not in session and "recent" not in session


def test_undo_from_a_phone_that_follows_says_so_in_the_pages_words(app, client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="5")
    follower = app.test_client()
    follower.get(game)
    response = follower.post(f"{game}/undo", data={"version": "2"})
    assert response.status_code == 409
    page = text(response)
    assert "this phone can only follow the game: open the edit link to change it" in page
    assert "X-Edit-Key" not in page
    assert "header" not in page


def test_the_home_page_lists_the_games_started_on_this_phone(client):
    game = start_game(client, players=FOUR)
    home = client.get("/").data.decode()
    assert f'href="{game}"' in home


#: Cookies signed with the app's own secret that hold what the app never writes
#: (another release's shapes, or another program's with the same secret).
MISSHAPEN = {
    "a_number_for_the_phone": {"phone": 5},
    "a_list_for_the_phone": {"phone": ["x"]},
    "keys_a_list": {"keys": [1]},
    "a_key_a_number": {"keys": {"abc": 1}},
    "recent_a_string": {"recent": "abc"},
    "recent_holding_a_number": {"recent": [1]},
    "a_recent_id_a_number": {"recent": [{"id": 5}]},
    "the_csrf_secret_a_list": {"csrf_token": ["a"]},
    "permanent_a_string": {"_permanent": "x", "phone": "tok"},
    "a_list_for_the_memory": [1, 2],
    "a_string_for_the_memory": "str",
    "a_number_for_the_memory": 5,
}


@pytest.mark.parametrize("memory", MISSHAPEN.values(), ids=MISSHAPEN.keys())
def test_a_signed_cookie_of_the_wrong_shape_is_no_cookie(app, memory):
    maker = app.test_client()
    game = start_game(maker)
    signed = app.session_interface.get_signing_serializer(app).dumps(memory)
    phone = app.test_client()
    for method, path, headers in [
        ("GET", "/", {}),
        ("GET", "/history", {}),
        ("GET", game, {}),
        ("GET", game, {"HX-Request": "true"}),
        ("GET", f"{game}/share", {}),
        ("GET", "/check", {}),
        ("POST", f"{game}/undo", {}),
        ("POST", "/api/v1/games", {}),
    ]:
        phone.set_cookie("session", signed)
        body = {"variant": "push", "players": FOUR} if path.startswith("/api/") else None
        response = phone.open(path, method=method, headers=headers, json=body)
        assert response.status_code < 500, (method, path, response.status_code)
    phone.set_cookie("session", signed)
    assert "Push: Ann, Bob" not in text(phone.get("/"))


def phone_rows(app):
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(PhoneGame))


def test_reading_keeps_nothing_on_the_server(stored_pages):
    """Every kind of read, by a phone with no cookie (a new one each time, as a
    program hammering the sheet would be), by one that only reads, and by one that
    keeps other games: no row is added (only an action keeps a game)."""
    maker = stored_pages.test_client()
    game = start_game(maker)
    other_phone = stored_pages.test_client()
    start_game(other_phone)
    before = phone_rows(stored_pages)
    reader = stored_pages.test_client()
    reads = [
        (game, {}),
        (game, {"HX-Request": "true"}),
        (game, {"If-None-Match": '"sheet-v1-page-follower"'}),
        (f"{game}/share", {}),
        (f"{game}/join", {}),
        (f"{game}/check", {}),
        ("/", {}),
        ("/history", {}),
    ]
    for path, headers in reads:
        for client in (stored_pages.test_client(), reader, other_phone):
            assert client.get(path, headers=headers).status_code in (200, 304), path
    assert phone_rows(stored_pages) == before


def test_a_phone_that_reads_keeps_the_game_with_one_tap(stored_pages):
    maker = stored_pages.test_client()
    game = start_game(maker)
    reader = stored_pages.test_client()
    page = reader.get(game)
    assert "Keep this game on this phone" in text(page)
    assert "Push: Ann, Bob" not in text(reader.get("/"))
    kept = reader.post(f"{game}/keep")
    assert (kept.status_code, kept.headers["Location"]) == (303, game)
    assert "Push: Ann, Bob" in text(reader.get("/"))
    again = reader.get(game, headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 200  # the page changed for this phone: no Keep button
    assert "Keep this game" not in text(again)
    assert "Enter deal 1" not in text(again)  # kept to follow, never to change
    assert "Keep this game" not in text(maker.get(game))  # the phone that started it
