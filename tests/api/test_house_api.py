"""House rules through the API (docs/api.md#house-rules, docs/rules.md#R68-R75): every path
that takes a variant takes ``house`` and answers by it; a variant's rules go out and
come back the same; a game keeps its house rules and rules for good; a deal's bonuses
and penalties count everywhere its points do."""

import json

import pytest
from sqlalchemy import func, select

from referee.rules import VARIANTS, get_ruleset, house_rules_of
from referee.storage.models import Game, db

from ..games.test_sheet import Game as ApiGame

THREE = ["Ann", "Bob", "Cat"]
FOUR = ["Ann", "Bob", "Cat", "Dan"]
#: docs/rules.md#house-rules's Grandma's Liverpool: sequences of three, aces round the corner, jokers 25.
GRANDMAS = {"run_min": 3, "ace": "around", "values": {"JK": 25}}


# --- Every path that takes a variant takes house rules (R72) ----------------------------------

#: path, body, then what the book answers and what the house answers, read off the answer.
BOOK_AND_HOUSE = {
    "a run round the corner": ("melds/check", {"variant": "contract-rummy", "cards": "KH AH 2H"}, GRANDMAS, lambda a: a["legal"], False, True),  # R69
    "half the meld wild": ("melds/check", {"variant": "shove-it", "cards": "7H JK JK 10H"}, {"wild_limit": "no_more_than_natural"}, lambda a: a["legal"], False, True),  # R70
    "two natural cards": ("melds/check", {"variant": "push", "cards": "7H JK JK"}, {"wild_limit": "two_natural"}, lambda a: a["legal"], True, False),  # R70
    "2s natural": ("melds/check", {"variant": "shanghai", "cards": "2C 2D 2S"}, {"twos": "natural"}, lambda a: a["readings"], [], [{"kind": "set", "rank": "2"}]),  # R70
    "laying off round the corner": ("melds/extend", {"variant": "contract-rummy", "meld": "QS KS AS", "add": "2S"}, GRANDMAS, lambda a: a["legal"], False, True),  # R69
    "a rescue round the corner": ("melds/rescue", {"variant": "contract-rummy", "meld": "KH JK 2H", "card": "AH"}, GRANDMAS, lambda a: a["legal"], False, True),  # R69
    "contract melds at least their size": ("contracts/check", {"variant": "contract-rummy", "deal": 1, "melds": ["8C 8H 8S 8D", "KD KS KH"]}, {"contract_sizes": "at_least"}, lambda a: a["met"], False, True),  # R47
    "a gap of two between runs": ("contracts/check", {"variant": "contract-rummy", "deal": 3, "melds": ["3H 4H 5H 6H", "8H 9H 10H JH"]}, {"contract_runs_gap": 2}, lambda a: a["met"], True, False),  # R48
    "a contract of the house's own deals": ("contracts/check", {"variant": "push", "deal": 6, "melds": ["8C 8H 8S"]}, {"deals": [{"cards": 6, "contract": [{"kind": "set", "min": 3}]}] * 6}, lambda a: a.get("met"), None, True),  # R68
    "jokers at 25": ("hands/score", {"variant": "contract-rummy", "cards": "AS JK"}, GRANDMAS, lambda a: a["points"], 30, 40),  # R60
    "a hand round the corner": ("hands/solve", {"variant": "contract-rummy", "deal": 2, "cards": "8C 8H JK QH KH AH 2H 9S"}, GRANDMAS, lambda a: a["met"], False, True),  # R67, R69
    "the players the house allows": ("hands/score", {"variant": "push", "cards": "7H", "players": 6}, {"players": [4, 6], "pack": {"decks": 3, "jokers": 6}}, lambda a: a.get("points"), None, 5),  # R68
}  # fmt: skip


@pytest.mark.parametrize("case", BOOK_AND_HOUSE.values(), ids=BOOK_AND_HOUSE.keys())
def test_house_rules_change_the_answer_from_the_books(client, case):
    path, body, house, read, by_book, by_house = case
    book = client.post(f"/api/v1/{path}", json=body)
    table = client.post(f"/api/v1/{path}", json=body | {"house": house})
    assert table.status_code == 200, table.get_json()
    assert read(book.get_json()) == by_book
    assert read(table.get_json()) == by_house


@pytest.mark.parametrize("house", [None, {}])
@pytest.mark.parametrize("path", ["melds/check", "hands/score"])
def test_no_house_rules_is_the_book(client, path, house):
    body = {"variant": "contract-rummy", "cards": "KH AH 2H JK"}
    assert (
        client.post(f"/api/v1/{path}", json=body | {"house": house}).get_json()
        == client.post(f"/api/v1/{path}", json=body).get_json()
    )


RULES_PATHS = {
    "melds/check": {"cards": "7H 8H 9H"},
    "melds/extend": {"meld": "7H 8H 9H", "add": "10H"},
    "melds/rescue": {"meld": "7H JK 9H", "card": "8H"},
    "contracts/check": {"deal": 1, "melds": []},
    "hands/score": {"cards": "7H"},
    "hands/solve": {"deal": 1, "cards": "7H"},
    "games": {"players": THREE},
}

#: R71: what cannot be read is a 400 naming the key; what cannot be played a 422.
REFUSED = {
    "an unknown key": ({"run_mins": 3}, 400, '"run_mins" is not a house rule'),
    "a wrong type": ({"run_min": "3"}, 400, '"run_min" must be a whole number from 3 to 7'),
    "a value out of range": ({"contract_runs_gap": 3}, 400, '"contract_runs_gap" must be a whole number from 0 to 2'),
    "a bad deal": ({"deals": [{"cards": 10, "contract": [{"kind": "pair", "min": 2}]}]}, 400, '"deals", deal 1, part 1: "kind" must be "set" or "run"'),
    "not an object": ([], 400, '"house" must be an object'),
    "no runs where a contract has one": ({"runs": False}, 422, '"runs": deal 2 asks for a sequence'),
    "runs longer than a contract's": ({"run_min": 5}, 422, '"run_min": deal 2 asks for a sequence of exactly four'),
    "no deals": ({"deals": []}, 422, '"deals": a game needs at least one deal'),
    "a pack too small": ({"pack": {"decks": 1, "jokers": 0}, "players": [8]}, 422, "cannot deal 12 cards to each of 8 players"),
}  # fmt: skip


@pytest.mark.parametrize("refused", REFUSED.values(), ids=REFUSED.keys())
@pytest.mark.parametrize("path", RULES_PATHS)
def test_house_rules_refused_on_every_path(client, path, refused):
    house, status, sentence = refused
    body = {"variant": "contract-rummy", "house": house} | RULES_PATHS[path]
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == status, response.get_json()
    assert sentence in response.get_json()["error"]


@pytest.mark.parametrize("refused", REFUSED.values(), ids=REFUSED.keys())
def test_a_game_of_house_rules_refused_is_not_stored(stored_app, refused):
    house, status, _ = refused
    client = stored_app.test_client()
    body = {"variant": "contract-rummy", "players": THREE, "house": house}
    headers = {"Idempotency-Key": "refused-house-rules"}
    assert client.post("/api/v1/games", json=body, headers=headers).status_code == status
    with stored_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


# --- A variant's rules, out and back (docs/api.md#house-rules) ---------------------------------


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_a_variants_rules_sent_back_as_house_rules_are_the_same_rules(client, variant_id):
    entry = client.get(f"/api/v1/variants/{variant_id}")
    assert entry.status_code == 200
    book = entry.get_json()
    assert book["rules"] == json.loads(json.dumps(house_rules_of(get_ruleset(variant_id))))
    listed = next(v for v in client.get("/api/v1/variants").get_json() if v["id"] == variant_id)
    assert {k: v for k, v in book.items() if k != "rules"} == listed  # the list's entry
    sent_back = client.post(f"/api/v1/variants/{variant_id}/rules", json={"house": book["rules"]})
    assert sent_back.get_json() == book
    asked = client.get(
        f"/api/v1/variants/{variant_id}", query_string={"house": json.dumps(book["rules"])}
    )
    assert asked.get_json() == book
    # Any one key sent back alone changes nothing either; but a wild-card limit, which
    # replaces the game's own limits of every meld (R70: Caribbean's two naturals).
    for key, value in book["rules"].items():
        if key == "wild_limit" and {"set_min_natural", "wild_limit_by_size"} & set(book["rules"]):
            continue
        one = client.post(f"/api/v1/variants/{variant_id}/rules", json={"house": {key: value}})
        assert one.get_json() == book, key


def test_a_variants_entry_with_house_rules_applied(client):
    house = {"deals": [{"cards": 9, "contract": [{"kind": "run", "min": 5}]}], "winner": "highest", "values": {"JK": 25}}  # fmt: skip
    entry = client.get(
        "/api/v1/variants/contract-rummy", query_string={"house": json.dumps(house)}
    )
    assert entry.status_code == 200
    answer = entry.get_json()
    assert answer["deals"] == [
        {"deal": 1, "cards": 9, "contract": [{"kind": "run", "min": 5, "exact": True}], "whole_hand": None}
    ]  # fmt: skip
    assert (answer["winner"], answer["card_values"]["JK"]) == ("highest", 25)
    assert answer["rules"]["winner"] == "highest"
    assert answer["rules"]["deals"][0]["contract"][0]["min"] == 5


def test_a_variants_entry_with_options_and_house_rules(client):
    answer = client.post(
        "/api/v1/variants/push/rules",
        json={"options": {"ten_cards": True}, "house": {"run_min": 4}},
    ).get_json()
    assert {deal["cards"] for deal in answer["deals"]} == {10}
    assert answer["rules"]["run_min"] == 4


@pytest.mark.parametrize(
    ("path", "status", "sentence"),
    [
        ("/api/v1/variants/gin", 404, 'there is no variant "gin"'),
        ("/api/v1/variants/push?house=%7Brun_min", 400, '"house" must be JSON'),
        ("/api/v1/variants/push?house=" + "%5B" * 5000, 400, '"house" must be JSON'),
        ("/api/v1/variants/push?house=%5B%5D", 400, "house rules must be an object"),
        ("/api/v1/variants/push?house=%7B%22ace%22%3A%22x%22%7D", 400, '"ace" must be'),
        ("/api/v1/variants/push?house=%7B%22runs%22%3Afalse%7D", 422, '"runs"'),
    ],
)
def test_a_variants_rules_refused(client, path, status, sentence):
    response = client.get(path)
    assert response.status_code == status
    assert sentence in response.get_json()["error"]


def test_a_variants_rules_of_an_unknown_option_or_field(client):
    unknown = client.post("/api/v1/variants/push/rules", json={"options": {"tencards": True}})
    assert unknown.status_code == 400
    assert "is not an option of Push" in unknown.get_json()["error"]
    field = client.post("/api/v1/variants/push/rules", json={"house": {}, "deal": 1})
    assert field.status_code == 400
    assert client.post("/api/v1/variants/nope/rules", json={}).status_code == 404


# --- A game keeps its house rules (R73) ---------------------------------------------------------


def test_a_game_answers_its_house_rules_and_every_rule(stored_client):
    game = ApiGame(stored_client, variant="contract-rummy", players=THREE, house=GRANDMAS)
    table = json.loads(json.dumps(house_rules_of(get_ruleset("contract-rummy", house=GRANDMAS))))
    for answer in (game.created, game.get()):
        assert answer["house"] == GRANDMAS
        assert answer["rules"] == table
    # The house rules judge the game's deals: a joker left in hand is 25 (R60, R68).
    assert game.deal(went_out="Ann", hands={"Bob": "JK", "Cat": "KH AH 2H"})["totals"] == {
        "Ann": 0,
        "Bob": 25,
        "Cat": 27,
    }


def test_a_game_without_house_rules_answers_none_and_the_books(stored_client):
    game = ApiGame(stored_client, variant="push").get()
    assert game["house"] == {}
    assert game["rules"] == json.loads(json.dumps(house_rules_of(get_ruleset("push"))))


def test_a_game_plays_its_own_deals(stored_client):  # docs/api.md: deals follow the game's own
    house = {"deals": [{"cards": 7, "contract": [{"kind": "set", "min": 3}]}] * 2}
    game = ApiGame(stored_client, variant="push", house=house)
    assert game.created["rules"]["deals"] == [
        {"cards": 7, "contract": [{"kind": "set", "min": 3, "exact": False, "no_wild": False, "distinct_suits": False}], "whole_hand": None}
    ] * 2  # fmt: skip
    game.deal(went_out="Ann", points={"Bob": 5, "Dan": 5})
    last = game.deal(went_out="Bob", points={"Ann": 5, "Cat": 10})
    assert last["finished"] is True
    assert last["winners"] == ["They"]
    assert [row["cards_dealt"] for row in last["sheet"]] == [7, 7]
    game.deal(status=409, went_out="Ann", points={"Bob": 5, "Dan": 5})


def test_a_game_for_more_players_by_its_house_rules(stored_client):  # R68
    six = [*FOUR, "Eve", "Fay"]
    house = {"players": [4, 6], "pack": {"decks": 3, "jokers": 6}}
    refused = stored_client.post("/api/v1/games", json={"variant": "push-solo", "players": [*six, "Gus"], "house": house})  # fmt: skip
    assert refused.status_code == 422
    game = ApiGame(stored_client, variant="push-solo", players=six, house=house)
    assert len(game.created["sides"]) == 6


def test_play_again_keeps_the_house_rules(make_app, database_uri):  # R73
    app = make_app(database_uri, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    house = {
        "deals": [{"cards": 7, "contract": [{"kind": "set", "min": 3}]}],
        "values": {"JK": 25},
    }
    game = ApiGame(client, variant="push", house=house)
    game.deal(went_out="Ann", points={"Bob": 5, "Dan": 5})
    # Play again is a phone's that may change the game: this one joins it.
    client.post(f"/games/{game.id}/join", data={"key": game.created["edit_key"]})
    again = client.post(f"/games/{game.id}/again")
    assert again.status_code == 303
    new_id = again.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game.id
    new = client.get(f"/api/v1/games/{new_id}").get_json()
    assert (new["house"], new["rules"]) == (house, game.created["rules"])
    # R78: the same seats, the next player dealing first
    assert (new["players"], new["dealer"]) == (["Ann", "Bob", "Cat", "Dan"], "Bob")


# --- A deal's bonuses and penalties (R75) ------------------------------------------------------

CUT = {"adjust": {"Ann": -10, "Bob": 20}, "adjust_reasons": {"Ann": "exact cut"}}


def test_a_deals_bonuses_count_in_its_scores_the_sheet_and_totals(stored_client):
    game = ApiGame(stored_client, variant="push")
    answer = game.deal(went_out="Ann", points={"Bob": 25, "Dan": 10}, **CUT)
    deal = answer["deals"][0]
    assert deal["adjust"] == {"Ann": -10, "Bob": 20}
    assert deal["adjust_reasons"] == {"Ann": "exact cut"}
    assert deal["points"] == {"Ann": None, "Bob": 25, "Cat": None, "Dan": 10}  # the cards
    assert deal["scores"] == {"We": -10, "They": 55}
    assert answer["sheet"][0]["totals"] == answer["totals"] == {"We": -10, "They": 55}
    assert game.get() == answer
    csv = stored_client.get(f"/api/v1/games/{game.id}/sheet.csv").data.decode().splitlines()
    assert csv == ["deal,cards_dealt,We,They", "1,6,-10,55"]


def test_a_deal_without_bonuses_shows_none(stored_client):
    deal = ApiGame(stored_client, variant="push").deal(went_out="Ann", points={"Bob": 5, "Dan": 5})
    assert "adjust" not in deal["deals"][0]
    assert "adjust_reasons" not in deal["deals"][0]


def test_bonuses_are_corrected_and_undone_with_their_deal(stored_client):
    game = ApiGame(stored_client, variant="contract-rummy", players=THREE)
    game.deal(went_out="Ann", points={"Bob": 10, "Cat": 10}, adjust={"Ann": -20})
    two = game.deal(went_out="Bob", points={"Ann": 5, "Cat": 5}, adjust={"Cat": 50})
    assert two["totals"] == {"Ann": -15, "Bob": 10, "Cat": 65}
    corrected = game.replace(1, went_out="Ann", points={"Bob": 10, "Cat": 10}, adjust={"Bob": 7})
    assert corrected["deals"][0]["adjust"] == {"Bob": 7}
    assert corrected["totals"] == {"Ann": 5, "Bob": 17, "Cat": 65}
    undone = game.undo(2)
    assert undone["totals"] == {"Ann": 0, "Bob": 17, "Cat": 10}
    cleared = game.replace(1, went_out="Ann", points={"Bob": 10, "Cat": 10})
    assert "adjust" not in cleared["deals"][0]
    assert cleared["totals"] == {"Ann": 0, "Bob": 10, "Cat": 10}


def test_a_bonus_for_whoever_goes_out_follows_who_went_out(stored_client):  # R75
    house = {"bonuses": [{"name": "Out first", "points": -10, "went_out": True}]}
    game = ApiGame(stored_client, variant="contract-rummy", players=THREE, house=house)
    assert game.created["rules"]["bonuses"] == house["bonuses"]
    answer = game.deal(went_out="Ann", points={"Bob": 10, "Cat": 5})
    assert "adjust" not in answer["deals"][0]  # not entered: it follows who went out
    assert answer["totals"] == {"Ann": -10, "Bob": 10, "Cat": 5}
    corrected = game.replace(1, went_out="Bob", points={"Ann": 10, "Cat": 5})
    assert corrected["totals"] == {"Ann": 10, "Bob": -10, "Cat": 5}
    refused = {"bonuses": [{"name": "Out first", "points": -10, "went_out": "yes"}]}
    answer = stored_client.post(
        "/api/v1/games", json={"variant": "contract-rummy", "players": THREE, "house": refused}
    )
    assert answer.status_code == 400


def test_the_winner_follows_the_bonuses(stored_client):  # R32, R75
    game = ApiGame(stored_client, variant="push")
    for number in range(1, 6):
        bonus = {"adjust": {"Cat": -100}} if number == 5 else {}
        last = game.deal(went_out="Bob", points={"Ann": 10, "Cat": 5}, **bonus)
    assert last["totals"] == {"We": -25, "They": 0}
    assert last["winners"] == ["We"]


@pytest.mark.parametrize(
    ("extra", "sentence"),
    [
        ({"adjust": {"Eve": 5}}, 'there is no player "Eve" to give points to'),
        ({"adjust": {"Bob": 1001}}, '"adjust.Bob" must be 1000 or less'),
        ({"adjust": {"Bob": -1001}}, '"adjust.Bob" must be -1000 or more'),
        ({"adjust": {"Bob": 2.5}}, '"adjust.Bob" must be a whole number'),
        ({"adjust": {"Bob": True}}, '"adjust.Bob" must be a whole number'),
        ({"adjust": {"Bob": 5}, "adjust_reasons": {"Bob": "x" * 41}}, '"adjust_reasons.Bob" must be at most 40 characters'),
        ({"adjust": {"Bob": 5}, "adjust_reasons": {"Bob": 5}}, '"adjust_reasons.Bob" must be a string'),
        ({"adjust_reasons": {"Bob": "cut"}}, "a reason is given for Bob's points, but no points"),
        ({"adjust": []}, '"adjust" must be an object'),
    ],
)  # fmt: skip
def test_bonuses_refused_are_a_400_and_record_nothing(stored_client, extra, sentence):
    game = ApiGame(stored_client, variant="push")
    game.deal(went_out="Ann", points={"Bob": 5, "Dan": 5})
    before = game.get()
    for response in (
        stored_client.post(
            f"/api/v1/games/{game.id}/deals",
            json={"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}} | extra,
            headers=game.key,
        ),
        stored_client.put(
            f"/api/v1/games/{game.id}/deals/1",
            json={"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}} | extra,
            headers=game.key,
        ),
    ):
        assert response.status_code == 400, response.get_json()
        assert sentence in response.get_json()["error"]
    assert game.get() == before


def test_a_deal_without_bonuses_is_the_same_request_as_one_sent_before_them(stored_client):
    """Empty ``adjust`` and ``adjust_reasons`` are what a deal without them always meant,
    so a retry kept from before bonuses (migration 0008) is still the same request; a
    game without house rules likewise."""
    game = ApiGame(stored_client, variant="push")
    path = f"/api/v1/games/{game.id}/deals"
    headers = game.key | {"Idempotency-Key": "sent-before-0008"}
    deal = {"went_out": "Ann", "points": {"Bob": 10, "Dan": 10}}
    first = stored_client.post(path, json=deal, headers=headers)
    again = stored_client.post(path, json=deal | {"adjust": {}, "adjust_reasons": {}}, headers=headers)  # fmt: skip
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    other = stored_client.post(path, json=deal | {"adjust": {"Ann": 5}}, headers=headers)
    assert other.status_code == 409  # the same key for another request
    body, key = {"variant": "push", "players": FOUR}, {"Idempotency-Key": "game-before-0008"}
    started = stored_client.post("/api/v1/games", json=body, headers=key)
    assert stored_client.post("/api/v1/games", json=body | {"house": None}, headers=key).get_json() == started.get_json()  # fmt: skip
