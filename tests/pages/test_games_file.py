"""A phone's games kept for good (issue 36, item 12): the history page downloads them as
one file, with their house rules, evenings and saved rules, and another phone or server
brings the file in as its own; a file that is not one, is damaged, too big or names
games the phone keeps already is refused with a sentence, and nothing changes. On
SQLite and (TEST_DATABASE_URL) PostgreSQL."""

import gzip
import html
import io
import json
import re

import pytest
from sqlalchemy import func, select

from referee.storage.games_file import MOST_GAMES, MOST_TEXT_BYTES
from referee.storage.models import Buy, Deal, Game, Phone, PhoneGame, SavedRules, db

from ..conftest import build_app, dispose, fresh_sqlite, new_database
from .conftest import FOUR, enter_deal, start_game, text
from .test_buys_page import tap
from .test_house_rules_form import fill, grandmas, save, saved_names
from .test_house_rules_games import THREE, start_grandmas
from .test_paper_sheet import correct

DOWNLOAD = "/history/rummy-referee-games.json.gz"
BRING_IN = "/history/bring-in"
TABLES = (Game, Deal, Buy, PhoneGame, SavedRules, Phone)


@pytest.fixture
def app(database_uri, make_app):
    return make_app(database_uri, WTF_CSRF_ENABLED=False)


@pytest.fixture
def other_server(request, tmp_path, migrated_sqlite, make_app):
    """Another server, on a database of its own of the same kind, with nothing in it."""
    kind = request.node.callspec.params["database_uri"]
    (tmp_path / "other").mkdir()
    with new_database(kind, tmp_path / "other", migrated_sqlite) as uri:
        yield make_app(uri, WTF_CSRF_ENABLED=False)


def words(response) -> str:
    """The page's words, its characters as the phone shows them."""
    return html.unescape(text(response))


def games_listed(client) -> list[str]:
    """The games of the phone's history, in its order, by their sheets' addresses."""
    page = client.get("/history").data.decode()
    return re.findall(r'<li class="(?:finished|playing)">\s*<a href="(/games/[^"]+)"', page)


def the_history(client) -> str:
    """The history page's words, as the phone shows them (no addresses)."""
    return text(client.get("/history")).split("Your games on another phone")[0]


def downloaded(client) -> bytes:
    response = client.get(DOWNLOAD)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/gzip"
    assert re.fullmatch(
        r'attachment; filename="rummy-referee-games-\d{4}-\d\d-\d\d\.json\.gz"',
        response.headers["Content-Disposition"],
    )
    return response.data


def bring_in(client, content: bytes, status=303, name="rummy-referee-games.json.gz"):
    response = client.post(
        BRING_IN,
        data={"games_file": (io.BytesIO(content), name)},
        content_type="multipart/form-data",
    )
    assert response.status_code == status, text(response)
    return response


def document(content: bytes) -> dict:
    return json.loads(gzip.decompress(content))


def packed(found: dict) -> bytes:
    return gzip.compress(json.dumps(found).encode())


def sheet_of(client, game: str) -> str:
    """A game's sheet as the phone reads it, and its CSV."""
    page = text(client.get(game))
    page = re.sub(r"/games/[\w-]+", "/games/…", page)
    return page + client.get(f"/api/v1{game}/sheet.csv").data.decode()


def evening_of(client, game: str) -> str:
    return text(client.get(f"{game}/evening"))


def a_phone_with_an_evening(app, client) -> None:
    """Grandma's Liverpool (house rules, a bonus) played to the end with cards and
    points, a deal corrected, played again (an evening of two games counted by games
    won, the second begun, its first deal passed on, its last deal undone); rules saved
    under a name; a Shanghai with buys; a neighbour's Push game joined with its edit
    link, and another kept to follow."""
    neighbour = app.test_client()
    joined, followed = start_game(neighbour), start_game(neighbour, "push-solo")
    enter_deal(neighbour, joined, 1, points_0="10", points_2="5")
    share = neighbour.get(f"{joined}/share").data.decode()
    key = re.search(r'id="edit-link"><a href="[^"#]+/join#([^"]+)"', share).group(1)
    assert client.post(f"{joined}/join", data={"key": key}).status_code == 303
    assert client.post(f"{followed}/keep").status_code == 303
    liverpool = start_grandmas(client)
    enter_deal(client, liverpool, 0, hand_1="AS KD 5H", points_2="25")
    for _ in range(6):
        enter_deal(client, liverpool, 1, points_0="15", points_2="30")
    correct(client, liverpool, 2, 1, points_0="20", points_2="30")
    again = client.post(f"{liverpool}/again")
    assert again.status_code == 303
    second = again.headers["Location"]
    assert client.post(f"{second}/evening", data={"won_by": "games"}).status_code == 303
    enter_deal(client, second, 2, points_0="40", points_1="5")
    enter_deal(client, second, 0, points_1="10", points_2="5")
    assert client.post(f"{second}/undo").status_code == 303
    save(client, grandmas(client), "Grandma's Liverpool")
    shanghai = start_game(client, "shanghai", FOUR)
    tap(client, shanghai, "Bob")
    tap(client, shanghai, "Bob")
    enter_deal(client, shanghai, 3, points_0="10", points_1="20", points_2="30")
    tap(client, shanghai, "Cat")


def rows(app) -> dict[str, int]:
    with app.app_context():
        return {
            model.__tablename__: db.session.scalar(select(func.count()).select_from(model))
            for model in TABLES
        }


def test_a_phone_s_games_come_back_the_same_on_another_phone_and_server(app, other_server):
    old_phone = app.test_client()
    a_phone_with_an_evening(app, old_phone)
    content = downloaded(old_phone)
    assert len(content) < 8 * 1024  # five games with their rules, packed

    new_phone = other_server.test_client()
    brought = bring_in(new_phone, content)
    said = words(new_phone.get(brought.headers["Location"]))
    assert "5 games brought in: they are this phone's now. 1 set of saved rules too." in said

    assert the_history(new_phone) == the_history(old_phone)
    old_games, new_games = games_listed(old_phone), games_listed(new_phone)
    assert len(new_games) == 5 and set(new_games).isdisjoint(old_games)
    for old, new in zip(old_games, new_games, strict=True):
        assert sheet_of(new_phone, new) == sheet_of(old_phone, old)
        assert evening_of(new_phone, new) == evening_of(old_phone, old)
    assert saved_names(new_phone) == saved_names(old_phone) == ["Grandma's Liverpool"]
    assert as_kept(document(downloaded(new_phone))) == as_kept(document(content))

    # What the paper sheet keeps came too, and the new phone goes on with it.
    second, liverpool = new_games[1], new_games[2]  # the latest opened first
    assert "Deal 2 corrected" in text(new_phone.get(liverpool))
    assert "Redo deal 2" in text(new_phone.get(second))
    assert "the most games won" in evening_of(new_phone, second)
    assert new_phone.post(f"{second}/redo").status_code == 303
    assert old_phone.post(f"{old_games[1]}/redo").status_code == 303
    assert sheet_of(new_phone, second) == sheet_of(old_phone, old_games[1])


def as_kept(found: dict) -> dict:
    """A file's document without what a server gives anew: each game's id and origin,
    and the moment it was written; a game named by another (its evening, its next
    game) by its place in the file."""
    place = {game["id"]: n for n, game in enumerate(found["games"])}
    games = [
        game
        | {
            "id": None,
            "origin": None,
            "series": place.get(game["series"], game["series"] and "elsewhere"),
            "next_game": place.get(game["next_game"]),
        }
        for game in found["games"]
    ]
    return found | {"exported_at": None, "games": games}


def test_the_games_brought_in_are_the_phone_s_to_play_on(app, other_server):
    old_phone = app.test_client()
    game = start_game(old_phone, "contract-rummy", THREE)
    enter_deal(old_phone, game, 0, points_1="10", points_2="20")
    new_phone = other_server.test_client()
    bring_in(new_phone, downloaded(old_phone))
    [copy] = games_listed(new_phone)
    enter_deal(new_phone, copy, 1, points_0="5", points_2="5")
    assert "Deal 3" in text(new_phone.get(copy))
    assert "Deal 2" in text(old_phone.get(game))


def test_another_phone_on_the_same_server_gets_copies_and_the_first_phone_s_stay_as_they_were(
    app,
):
    first = app.test_client()
    a_phone_with_an_evening(app, first)
    before = {game: first.get(game).headers["ETag"] for game in games_listed(first)}
    history = the_history(first)

    second = app.test_client()
    bring_in(second, downloaded(first))
    copies = games_listed(second)
    assert len(copies) == 5 and set(copies).isdisjoint(before)
    assert {game: first.get(game).headers["ETag"] for game in games_listed(first)} == before
    assert the_history(first) == history
    enter_deal(second, copies[-1], 0, points_1="10", points_2="20", points_3="5")
    assert {game: first.get(game).headers["ETag"] for game in games_listed(first)} == before


def tampered_totals(content: bytes) -> bytes:
    found = document(content)
    totals = found["games"][0]["totals"]
    totals[next(iter(totals))] -= 5
    return packed(found)


def deal_of_a_stranger(content: bytes) -> bytes:
    found = document(content)
    found["games"][0]["deals"][0]["went_out"] = "Zed"
    return packed(found)


def cut_short(content: bytes) -> bytes:
    return content[: len(content) // 2]


def unpacked_cut_short(content: bytes) -> bytes:
    return gzip.decompress(content)[:-40]


def more_games_than_the_referee_reads(content: bytes) -> bytes:
    found = document(content)
    found["games"] *= MOST_GAMES // len(found["games"]) + 1
    return packed(found)


def a_moment_with_no_zone(content: bytes) -> bytes:
    found = document(content)
    found["games"][0]["created_at"] = "2026-11-28T20:00:00"
    return packed(found)


def of_a_newer_release(content: bytes) -> bytes:
    found = document(content)
    found["version"] = 2
    return packed(found)


def spoiled(change):
    """A spoiler of the file's first game that has an undone deal (the evening's second)."""

    def spoil(content: bytes) -> bytes:
        found = document(content)
        change(next(game for game in found["games"] if game["undone"]))
        return packed(found)

    return spoil


def undone_as(number: int):
    def change(game: dict) -> None:
        game["undone"][0]["number"] = number

    return change


def an_undone_deal_past_the_last(content: bytes) -> bytes:
    """The second game's undone deal given to the first, whose seven deals are played,
    as its deal 8."""
    found = document(content)
    second = next(game for game in found["games"] if game["undone"])
    first = next(game for game in found["games"] if game["id"] == second["series"])
    first["undone"] = [second["undone"][0] | {"number": len(first["deals"]) + 1}]
    return packed(found)


DAMAGED = "This file of games is damaged and cannot be read"
NOT_OURS = "This is not a file of games from the Rummy Referee"

REFUSED = {
    "totals that are not what the deals score": (tampered_totals, 400, DAMAGED),
    "a deal gone out by no player of the game": (deal_of_a_stranger, 400, DAMAGED),
    "a packed file cut short": (cut_short, 400, DAMAGED),
    "a moment with no zone": (a_moment_with_no_zone, 400, DAMAGED),
    "a file cut short once unpacked": (unpacked_cut_short, 400, DAMAGED),
    "a file of a newer release": (of_a_newer_release, 400, "written by a newer release"),
    "a first dealer who is no player of the game": (
        spoiled(lambda game: game.update(first_dealer="Zed")),
        400,
        DAMAGED,
    ),
    "a night won by what the referee does not count": (
        spoiled(lambda game: game.update(evening_won_by="deals")),
        400,
        DAMAGED,
    ),
    "a deal corrected fewer than no times": (
        spoiled(lambda game: game["deals"][0].update(corrected=-1)),
        400,
        DAMAGED,
    ),
    "an undone deal that is not the next deal": (spoiled(undone_as(1)), 400, DAMAGED),
    "an undone deal past the game's last": (an_undone_deal_past_the_last, 400, DAMAGED),
    "an undone deal gone out by no player of the game": (
        spoiled(lambda game: game["undone"][0].update(went_out="Zed")),
        400,
        DAMAGED,
    ),
    "a picture": (lambda _: b"\x89PNG\r\n\x1a\n" + bytes(200), 400, NOT_OURS),
    "JSON of another kind": (lambda _: b'{"games": []}', 400, NOT_OURS),
    "another program's packed JSON": (lambda _: gzip.compress(b"[1, 2, 3]"), 400, NOT_OURS),
    "a file deeper than any of ours": (lambda _: b"[" * 60_000, 400, NOT_OURS),
    "a file over what a phone sends": (lambda _: bytes(70 * 1024), 413, "larger than the referee"),
    "more games than the referee brings in at once": (
        more_games_than_the_referee_reads,
        413,
        "larger than the referee reads",
    ),
    "a small file that unpacks to more than the referee reads": (
        lambda _: gzip.compress(b" " * (MOST_TEXT_BYTES + 10)),
        413,
        "larger than the referee reads",
    ),
}


@pytest.fixture(scope="module")
def evening_file(tmp_path_factory, migrated_sqlite):
    """The file of a phone with an evening (a_phone_with_an_evening), made once for the
    module: each refused file below is this one spoiled."""
    folder = tmp_path_factory.mktemp("evening")
    app = build_app(fresh_sqlite(migrated_sqlite, folder), WTF_CSRF_ENABLED=False)
    try:
        phone = app.test_client()
        a_phone_with_an_evening(app, phone)
        return downloaded(phone)
    finally:
        dispose(app)


@pytest.mark.parametrize("how", REFUSED.values(), ids=REFUSED.keys())
def test_a_file_that_is_none_of_ours_or_damaged_is_refused_and_nothing_changes(
    database_uri, other_server, evening_file, how
):
    # database_uri: the kind of database other_server is on (SQLite, PostgreSQL).
    spoil, status, sentence = how
    new_phone = other_server.test_client()
    start_game(new_phone, "push", FOUR)
    before, history = rows(other_server), the_history(new_phone)
    refused = bring_in(new_phone, spoil(evening_file), status=status)
    assert sentence in text(refused) and "Nothing was added." in text(refused)
    assert 'role="alert"' in refused.data.decode()
    assert rows(other_server) == before
    assert the_history(new_phone) == history


def an_evening_of_two_push_games(table) -> str:
    """Two games of Push, the night counted by games won; the second game's address."""
    first = start_game(table)
    for _ in range(5):
        enter_deal(table, first, 0, points_1="10", points_3="5")
    second = table.post(f"{first}/again").headers["Location"]
    assert table.post(f"{second}/evening", data={"won_by": "games"}).status_code == 303
    enter_deal(table, second, 1, points_0="10", points_2="5")
    return second


def test_an_evening_whose_first_game_the_phone_does_not_keep_is_still_one_evening(
    app, other_server
):
    second = an_evening_of_two_push_games(app.test_client())
    follower = app.test_client()
    assert follower.post(f"{second}/keep").status_code == 303
    new_phone = other_server.test_client()
    bring_in(new_phone, downloaded(follower))
    [copy] = games_listed(new_phone)
    assert "The evening of this game" in text(new_phone.get("/history"))
    evening = text(new_phone.get(f"{copy}/evening"))
    # Play again keeps the seats: Bob went out, Ann and Cat's side holds the points.
    assert "Game 1: Push (this one) 1 of 5 deals played We 15 · They 0" in evening
    assert "The night goes to the most games won" in evening
    assert "Deal 2 · Cat deals" in text(new_phone.get(copy))  # the first deal passed on to Bob


def test_a_phone_that_brought_in_an_evening_without_its_first_game_may_count_it_anew(
    app, other_server
):
    table = app.test_client()
    second = an_evening_of_two_push_games(table)
    share = table.get(f"{second}/share").data.decode()
    key = re.search(r'id="edit-link"><a href="[^"#]+/join#([^"]+)"', share).group(1)
    player = app.test_client()
    assert player.post(f"{second}/join", data={"key": key}).status_code == 303
    new_phone = other_server.test_client()
    bring_in(new_phone, downloaded(player))
    [copy] = games_listed(new_phone)
    assert "The night goes to the most games won" in text(new_phone.get(f"{copy}/evening"))
    counted = new_phone.post(f"{copy}/evening", data={"won_by": "points"})
    assert counted.status_code == 303
    assert "The night goes to the lowest evening total" in text(new_phone.get(f"{copy}/evening"))
    assert "the most games won" in text(table.get(f"{second}/evening"))  # the table's own


def test_a_file_written_before_the_paper_sheet_s_habits_comes_in_as_it_read_then(
    app, other_server
):
    """Version 1 without a first dealer, corrections, undone deals or how the night is
    counted: the first player deals first, no trace, nothing to redo, the evening total."""
    old_phone = app.test_client()
    a_phone_with_an_evening(app, old_phone)
    found = document(downloaded(old_phone))
    for game in found["games"]:
        for field in ("first_dealer", "undone", "evening_won_by"):
            del game[field]
        for deal in game["deals"]:
            del deal["corrected"]
    new_phone = other_server.test_client()
    bring_in(new_phone, packed(found))
    second, liverpool = games_listed(new_phone)[1:3]
    assert "corrected" not in text(new_phone.get(liverpool))
    sheet = text(new_phone.get(second))
    assert "Redo deal" not in sheet and "Deal 2 · Bob deals" in sheet
    assert "The night goes to the lowest evening total" in evening_of(new_phone, second)


def test_a_file_brought_in_twice_or_back_home_is_refused_and_nothing_changes(app):
    first = app.test_client()
    a_phone_with_an_evening(app, first)
    content = downloaded(first)
    before = rows(app)
    home = bring_in(first, content, status=409)
    assert "This phone keeps 5 games of this file already (Ann, Bob, Cat, Dan;" in text(home)
    assert rows(app) == before

    second = app.test_client()
    bring_in(second, content)
    before = rows(app)
    assert "Nothing was added." in text(bring_in(second, content, status=409))
    copied = downloaded(second)
    assert "Nothing was added." in text(bring_in(first, copied, status=409))  # copies, back home
    assert rows(app) == before


def test_a_refusal_is_said_in_the_page_s_language(app):
    phone = app.test_client()
    phone.get("/language/es")
    refused = bring_in(phone, b"hello", status=400)
    assert "Este no es un archivo de partidas del Árbitro de Rummy" in text(refused)
    assert "No se agregó nada." in text(refused)
    missing = phone.post(BRING_IN, data={}, content_type="multipart/form-data")
    assert missing.status_code == 400
    assert "Elijan el archivo de partidas que quieren traer." in text(missing)


def test_a_phone_with_no_games_downloads_an_empty_file_and_brings_it_in(app):
    phone = app.test_client()
    found = document(downloaded(phone))
    assert (found["format"], found["version"], found["games"]) == ("rummy-referee-games", 1, [])
    bring_in(phone, downloaded(phone))
    assert games_listed(phone) == []


def test_the_file_keeps_what_the_table_gave_and_its_scores_are_worked_out_again(app):
    phone = app.test_client()
    a_phone_with_an_evening(app, phone)
    found = document(downloaded(phone))
    liverpool = next(
        g for g in found["games"] if g["variant"] == "contract-rummy" and g["next_game"]
    )
    assert liverpool["house"]["run_min"] == 3 and liverpool["how"] == "started"
    assert liverpool["deals"][0]["hands"]["Bob"] == {"cards": ["AS", "KD", "5H"]}
    following = next(g for g in found["games"] if g["id"] == liverpool["next_game"])
    assert following["series"] == liverpool["id"]
    assert [rules["name"] for rules in found["saved_rules"]] == ["Grandma's Liverpool"]
    shanghai = next(g for g in found["games"] if g["variant"] == "shanghai")
    assert shanghai["buys"] == [
        {"deal": 1, "player": "Bob", "count": 2},
        {"deal": 2, "player": "Cat", "count": 1},
    ]


def test_a_form_sent_without_its_token_is_refused_and_nothing_changes(database_uri, make_app):
    guarded = make_app(database_uri)
    phone = guarded.test_client()
    before = rows(guarded)
    empty = packed({"format": "rummy-referee-games", "version": 1, "games": []})
    bring_in(phone, empty, status=400)
    assert rows(guarded) == before


def test_bringing_a_file_in_counts_against_the_address_s_allowance(database_uri, make_app):
    limited = make_app(
        database_uri, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, GAMES_FILES_PER_MINUTE=1
    )
    phone = limited.test_client()
    start_game(phone, "push", FOUR)
    content = downloaded(phone)
    bring_in(limited.test_client(), content)
    before = rows(limited)
    refused = bring_in(limited.test_client(), content, status=429)
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "too many files of games were brought in from this address" in text(refused)
    assert rows(limited) == before


def two_games_brought_in(make_app, database_uri, an_hour):
    """A server letting an address bring ``an_hour`` games in an hour, a file of two
    games, and that file brought in once."""
    limited = make_app(
        database_uri,
        WTF_CSRF_ENABLED=False,
        RATELIMIT_ENABLED=True,
        GAMES_BROUGHT_IN_PER_HOUR=an_hour,
    )
    phone = limited.test_client()
    start_game(phone, "push", FOUR)
    start_game(phone, "push", FOUR)
    two_games = downloaded(phone)
    bring_in(limited.test_client(), two_games)
    return limited, two_games


def test_the_games_files_bring_count_against_the_address_s_hour(database_uri, make_app):
    limited, two_games = two_games_brought_in(make_app, database_uri, an_hour=3)
    before = rows(limited)
    refused = bring_in(limited.test_client(), two_games, status=429)
    assert 60 < int(refused.headers["Retry-After"]) <= 3600
    assert "too many games were brought in from this address in the last hour" in text(refused)
    assert rows(limited) == before


def test_a_file_of_more_games_than_the_hour_allows_comes_in_alone_in_its_hour(
    database_uri, make_app
):
    limited, two_games = two_games_brought_in(make_app, database_uri, an_hour=1)
    bring_in(limited.test_client(), two_games, status=429)
    rules_alone = limited.test_client()
    save(rules_alone, grandmas(rules_alone), "Sunday rules")
    bring_in(limited.test_client(), downloaded(rules_alone))  # no game: none counted


def test_the_saved_rules_a_phone_has_stay_as_they_are(app, other_server):
    old_phone = app.test_client()
    assert "Download this phone's games" not in words(old_phone.get("/history"))
    save(old_phone, grandmas(old_phone), "Sunday rules")
    assert "Download this phone's games" in words(old_phone.get("/history"))  # its rules alone
    new_phone = other_server.test_client()
    fields = grandmas(new_phone)
    fill(fields, {"house-value-JK": "50"})
    save(new_phone, fields, "Sunday rules")
    said = words(new_phone.get(bring_in(new_phone, downloaded(old_phone)).headers["Location"]))
    assert "1 set of saved rules left out: this phone keeps rules of that name already." in said
    assert saved_names(new_phone) == ["Sunday rules"]
    with other_server.app_context():
        [kept] = db.session.scalars(select(SavedRules)).all()
        assert kept.house["values"] == {"JK": 50}
