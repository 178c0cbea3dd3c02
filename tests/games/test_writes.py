"""Writes: edit rights, bad input, one transaction, and what survives a restart."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.storage.models import Game as GameRow
from referee.storage.models import db

from ..conftest import dispose
from .test_sheet import FOUR, Game

PUSH_DEAL = {"went_out": "Ann", "points": {"Bob": 10, "Dan": 10}}


@pytest.fixture
def game(stored_client):
    game = Game(stored_client, variant="push")
    game.deal(**PUSH_DEAL)
    return game


def assert_error(response, status, sentence):
    assert response.status_code == status, response.get_json()
    assert response.is_json
    assert sentence in response.get_json()["error"]


@pytest.mark.parametrize("key", [None, "", "not-the-key"])
def test_a_write_without_the_right_key_is_refused_and_changes_nothing(game, key):
    before = game.get()
    headers = {} if key is None else {"X-Edit-Key": key}
    client, path = game.client, f"/api/v1/games/{game.id}/deals"
    for response in [
        client.post(path, json=PUSH_DEAL, headers=headers),
        client.put(f"{path}/1", json=PUSH_DEAL, headers=headers),
        client.delete(f"{path}/1", headers=headers),
    ]:
        assert_error(response, 403, "changing this game needs its edit key")
    assert game.get() == before


def test_another_games_key_does_not_open_this_one(stored_client, game):
    other = Game(stored_client, variant="push")
    response = stored_client.post(
        f"/api/v1/games/{game.id}/deals", json=PUSH_DEAL, headers=other.key
    )
    assert_error(response, 403, "edit key")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/games/nope"),
        ("get", "/api/v1/games/nope/sheet.csv"),
        ("post", "/api/v1/games/nope/deals"),
        ("put", "/api/v1/games/nope/deals/1"),
        ("delete", "/api/v1/games/nope/deals/1"),
    ],
)
def test_an_unknown_game_is_not_found(stored_client, method, path):
    body = PUSH_DEAL if method in ("post", "put") else None
    response = getattr(stored_client, method)(path, json=body, headers={"X-Edit-Key": "x"})
    assert_error(response, 404, "there is no game nope")


REFUSED = {
    "a_third_7h_across_two_hands": ({"went_out": "Ann", "hands": {"Bob": "7H 7H", "Dan": "7H"}}, 422, "there are three 7H here"),
    "an_unknown_player_went_out": ({"went_out": "Zed", "points": {"Bob": 5, "Dan": 5}}, 422, 'there is no player "Zed" in this game'),
    "an_unknown_player_scores": ({"went_out": "Ann", "points": {"Bob": 5, "Dan": 5, "Zed": 5}}, 422, 'there is no player "Zed"'),
    "a_scoring_player_left_out": ({"went_out": "Ann", "points": {"Bob": 5}}, 422, "Dan scores in deal"),
    "two_scoring_players_left_out": ({"went_out": "Ann", "points": {}}, 422, "Bob and Dan score in deal"),
    "the_player_who_went_out_holds_cards": ({"went_out": "Ann", "hands": {"Ann": "7H"}, "points": {"Bob": 5, "Dan": 5}}, 422, "Ann went out, so Ann has no cards left"),
    "points_below_0": ({"went_out": "Ann", "points": {"Bob": -5, "Dan": 5}}, 422, "Bob's points cannot be below 0"),
    "points_no_hand_can_make": ({"went_out": "Ann", "points": {"Bob": 7, "Dan": 5}}, 422, "Bob's 7 points cannot be a hand in Push: every card is worth a multiple of 5"),
    "points_over_the_whole_pack": ({"went_out": "Ann", "points": {"Bob": 5000, "Dan": 5}}, 422, "more than the whole pack is worth"),
    "points_as_a_string": ({"went_out": "Ann", "points": {"Bob": "5", "Dan": 5}}, 400, '"points.Bob" must be a whole number'),
    "points_with_a_fraction": ({"went_out": "Ann", "points": {"Bob": 5.5, "Dan": 5}}, 400, '"points.Bob" must be a whole number'),
    "cards_and_points_for_one_player": ({"went_out": "Ann", "hands": {"Bob": "7H"}, "points": {"Bob": 5, "Dan": 5}}, 400, "give Bob's cards or points, not both"),
    "a_card_that_is_no_card": ({"went_out": "Ann", "hands": {"Bob": "7H 1X", "Dan": ""}}, 400, '"1X" is not a card'),
    "went_out_missing": ({"points": {"Bob": 5, "Dan": 5}}, 400, '"went_out" is required'),
    "an_unknown_field": ({"went_out": "Ann", "score": {"Bob": 5}}, 400, '"score" is not a field'),
}  # fmt: skip


@pytest.mark.parametrize(("body", "status", "sentence"), REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_deal_leaves_the_game_exactly_as_it_was(game, body, status, sentence):
    before = game.get()
    client, path = game.client, f"/api/v1/games/{game.id}/deals"
    assert_error(client.post(path, json=body, headers=game.key), status, sentence)
    assert_error(client.put(f"{path}/1", json=body, headers=game.key), status, sentence)
    assert game.get() == before


def test_an_empty_hand_is_only_the_one_who_went_out(game):  # R26
    error = game.deal(422, went_out="Bob", hands={"Ann": "", "Cat": []})["error"]
    assert error.startswith("Ann cannot score 0 in deal 2: only Bob, who went out, has no cards")


def test_the_partner_of_the_player_who_went_out_may_be_given_and_scores_nothing(game):  # R30
    body = game.deal(went_out="Bob", hands={"Ann": "AS", "Cat": "KS", "Dan": "JK JK"})
    assert body["deals"][1]["scores"] == {"We": 25, "They": 0}
    assert body["deals"][1]["points"]["Dan"] is None


CREATE_REFUSED = {
    "too_few_players": ({"variant": "push", "players": ["Ann", "Bob", "Cat"]}, 422, "Push is for 4 players, not 3"),
    "five_at_shove_it": ({"variant": "shove-it", "players": [*FOUR, "Eve"]}, 422, "Shove-It is for 4 or 6 players, not 5"),
    "seven_at_cap_it": ({"variant": "cap-it", "players": [*FOUR, "Eve", "Fay", "Gus"]}, 422, "Cap-It is for 4 to 6 players, not 7"),
    "an_empty_name": ({"variant": "push", "players": ["Ann", "  ", "Cat", "Dan"]}, 400, "a player needs a name"),
    "the_same_name_twice": ({"variant": "push", "players": ["Ann", "Bob", "ann ", "Dan"]}, 400, 'two players are called "ann"'),
    "a_name_too_long": ({"variant": "push", "players": ["A" * 31, "Bob", "Cat", "Dan"]}, 400, "too long a name: 30 characters at most"),
    "players_not_a_list": ({"variant": "push", "players": "Ann Bob Cat Dan"}, 400, '"players" must be a list'),
    "a_name_not_a_string": ({"variant": "push", "players": ["Ann", 2, "Cat", "Dan"]}, 400, '"players[1]" must be a string'),
    "three_team_names": ({"variant": "push", "players": FOUR, "teams": ["A", "B", "C"]}, 400, "give two team names"),
    "one_team_name_twice": ({"variant": "push", "players": FOUR, "teams": ["Us", "us"]}, 400, 'two teams are called "us"'),
    "teams_in_a_game_without_them": ({"variant": "push-solo", "players": FOUR, "teams": ["Us", "Them"]}, 400, "it has no teams"),
    "an_unknown_option": ({"variant": "push", "players": FOUR, "options": {"jokers": False}}, 400, '"jokers" is not an option of Push'),
    "an_option_not_a_boolean": ({"variant": "push", "players": FOUR, "options": {"ten_cards": "on"}}, 400, "must be true or false"),
    "a_pot_in_push": ({"variant": "push", "players": FOUR, "pot": {"stake": 5, "payout": 1}}, 400, "Push has no pot; only Cap-It plays for one"),
    "a_negative_stake": ({"variant": "cap-it", "players": FOUR, "pot": {"stake": -5, "payout": 1}}, 400, '"pot.stake" must be 0 or more'),
    "a_pot_without_its_payout": ({"variant": "cap-it", "players": FOUR, "pot": {"stake": 5}}, 400, '"pot.payout" is required'),
    "an_unknown_variant": ({"variant": "gin", "players": FOUR}, 404, 'there is no variant "gin"'),
}  # fmt: skip


@pytest.mark.parametrize(
    ("body", "status", "sentence"), CREATE_REFUSED.values(), ids=CREATE_REFUSED.keys()
)
def test_a_game_that_cannot_be_started_says_why_and_saves_nothing(
    stored_app, body, status, sentence
):
    assert_error(stored_app.test_client().post("/api/v1/games", json=body), status, sentence)
    with stored_app.app_context():
        assert db.session.scalars(select(GameRow)).all() == []


def test_ids_and_edit_keys_are_long_random_and_the_key_is_kept_hashed(stored_app):
    client = stored_app.test_client()
    made = [Game(client, variant="push").created for _ in range(5)]
    for body in made:
        assert len(body["id"]) >= 16 and len(body["edit_key"]) >= 16  # urlsafe: 6 bits a character
    assert len({body["id"] for body in made}) == 5
    assert len({body["edit_key"] for body in made}) == 5
    with stored_app.app_context():
        for body in made:
            row = db.session.get(GameRow, body["id"])
            assert body["edit_key"] not in repr(vars(row))
            assert row.edit_key_hash != body["edit_key"]


def test_a_game_written_by_one_app_is_read_by_another(database_uri, make_app):
    first = make_app(database_uri)
    game = Game(first.test_client(), variant="push")
    game.deal(**PUSH_DEAL)
    written = game.get()
    dispose(first)
    second = make_app(database_uri)
    assert second.test_client().get(f"/api/v1/games/{game.id}").get_json() == written


def test_the_sheet_as_csv(game):
    game.deal(went_out="Bob", hands={"Ann": "AS", "Cat": "3H"})
    response = game.client.get(f"/api/v1/games/{game.id}/sheet.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.data.decode() == "deal,cards_dealt,We,They\r\n1,6,0,20\r\n2,7,20,20\r\n"


def test_two_phones_recording_the_next_deal_at_once_record_it_once(stored_app):
    game = Game(stored_app.test_client(), variant="push")
    statuses = []
    start = threading.Barrier(4)

    def phone():
        client = stored_app.test_client()
        start.wait()
        response = client.post(f"/api/v1/games/{game.id}/deals", json=PUSH_DEAL, headers=game.key)
        statuses.append(response.status_code)

    phones = [threading.Thread(target=phone) for _ in range(4)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    assert sorted(statuses) == [201, 201, 201, 201]  # each a deal of its own, in turn
    body = game.get()
    assert [deal["deal"] for deal in body["deals"]] == [1, 2, 3, 4]
    assert body["totals"] == {"We": 0, "They": 80}


def test_flask_db_upgrade_on_an_empty_database(empty_database_uri, make_app):
    root = Path(__file__).resolve().parents[2]
    environment = os.environ | {"DATABASE_URL": empty_database_uri, "SECRET_KEY": "test"}
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "referee", "db", "upgrade"],
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,  # a guard against a hang, not a measure of speed
    )
    assert done.returncode == 0, done.stderr
    app = make_app(empty_database_uri)
    assert Game(app.test_client(), variant="push").get()["deals"] == []


@pytest.mark.parametrize(
    ("team", "cell"),
    [
        ('=HYPERLINK("http://x.example")', '"\'=HYPERLINK(""http://x.example"")"'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("We", "We"),
        # A spreadsheet that splits at semicolons reads "=1+1" as a cell of its own;
        # one that splits at commas, "=1+1" after the comma, inside the quotes.
        ("x;=1+1", "x;'=1+1"),
        ("x,=1+1", '"x,\'=1+1"'),
        ("x; -1+1", "x;' -1+1"),
        ("Ann;Bob", "Ann;Bob"),
    ],
)
def test_a_name_that_a_spreadsheet_would_run_is_written_as_text(stored_client, team, cell):
    created = stored_client.post(
        "/api/v1/games",
        json={"variant": "push", "players": ["Ann", "Bob", "Cat", "Dan"], "teams": [team, "They"]},
    ).get_json()
    sheet = stored_client.get(f"/api/v1/games/{created['id']}/sheet.csv").data.decode()
    assert sheet.splitlines()[0] == f"deal,cards_dealt,{cell},They"


@pytest.mark.parametrize(
    "body",
    [
        # JSON keeps the last of two equal names: Bob's first hand would be lost.
        '{"went_out": "Ann", "hands": {"Bob": "AS KD", "Bob": "7C", "Dan": "QS"}}',
        '{"went_out": "Ann", "points": {"Bob": 25, "Dan": 5, "Bob": 5}}',
        '{"went_out": "Ann", "hands": {"Bob": "AS KD", " Bob": "7C", "Dan": "QS"}}',
        '{"went_out": "Ann", "hands": {"Bob": "AS KD", "Dan": "QS"}, "points": {" Bob": 5}}',
        '{"went_out": "Ann", "went_out": "Cat", "points": {"Bob": 25, "Dan": 5}}',
    ],
)
def test_a_deal_naming_a_player_twice_is_refused_and_records_nothing(game, body):
    before = game.get()
    path = f"/api/v1/games/{game.id}/deals"
    json_type = {"Content-Type": "application/json"}
    for response in [
        game.client.post(path, data=body, headers=game.key | json_type),
        game.client.put(f"{path}/1", data=body, headers=game.key | json_type),
    ]:
        assert response.status_code in (400, 422), response.get_json()
        assert "twice" in response.get_json()["error"]
    assert game.get() == before
