"""Games of the Contract Rummy family through the API, from the first deal to the
winners (docs/api.md#the-contract-rummy-family; docs/rules.md#R41, R57, R60-R64)."""

import pytest

from .test_sheet import Game

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]

VARIANT_NAMES = {
    "contract-rummy": "Contract Rummy", "jo": "Jo", "progressive": "Progressive Rummy",
    "king-rummy": "King Rummy", "shanghai": "Shanghai", "loba": "Loba", "carioca": "Carioca",
    "sa-kaluki": "South African Kaluki", "caribbean-kalooki": "Caribbean Kalooki",
    "russian": "Russian Rummy", "telefunken": "Telefunken", "farmers": "Farmer's Rummy",
}  # fmt: skip

#: Whole games: players, then each deal as "who went out[ bent]: name points-or-cards,
#: ...". Cards are counted by R60's values, a bent table doubles (R63), and in Jo the
#: player who went out takes the sum of the others' hands (R62).
GAMES = {
    "contract-rummy": (3, [
        "Ann out: Bob AS KD 7C, Cat JK 2H",  # 15 + 10 + 7; 15 + 2
        "Bob out: Ann 20, Cat 35",
        "Cat out: Ann 10, Bob 45",
        "Ann out: Bob 5, Cat 60",
        "Ann out: Bob 30, Cat 25",
        "Bob out: Ann 40, Cat 15",
        "Cat out: Ann 12, Bob 8",
    ]),
    "jo": (4, [
        "Ann out: Bob AS KD, Cat JK 2H, Dan 7C",  # Ann takes 25 + 17 + 7 (R62)
        "Bob out: Ann 20, Cat 35, Dan 5",
        "Cat out: Ann 10, Bob 45, Dan 30",
        "Ann out: Bob 5, Cat 60, Dan 2",
        "Dan out: Ann 30, Bob 25, Cat 40",
        "Bob out: Ann 40, Cat 15, Dan 20",
        "Ann out: Bob 12, Cat 8, Dan 3",
    ]),
    "progressive": (5, [
        "Ann out: Bob JK, Cat AS, Dan 2C 3C, Eve 2",  # the joker 25
        "Bob out: Ann 6, Cat 7, Dan 8, Eve 9",
        "Cat out: Ann 2, Bob 2, Dan 3, Eve 4",
        "Dan out: Ann 10, Bob 20, Cat 30, Eve 40",
        "Eve out: Ann 5, Bob 5, Cat 5, Dan 5",
        "Ann out: Bob 11, Cat 12, Dan 13, Eve 14",
        "Bob out: Ann 3, Cat 3, Dan 3, Eve 3",
    ]),
    "king-rummy": (4, [
        "Ann out: Bob JK AS, Cat 10H 9H, Dan 2D",
        "Bob out: Ann 30, Cat 20, Dan 10",
        "Cat out: Ann 5, Bob 15, Dan 25",
        "Dan out: Ann 40, Bob 2, Cat 2",
    ]),
    "shanghai": (3, [
        "Ann out: Bob 2S JK AS, Cat 3H",  # every wild card 20
        "Bob out: Ann 10, Cat 20",
        "Cat out: Ann 30, Bob 40",
        "Ann out: Bob 5, Cat 5",
        "Bob out: Ann 15, Cat 25",
        "Cat out: Ann 35, Bob 45",
        "Ann out: Bob 50, Cat 60",
        "Bob out: Ann 7, Cat 8",
        "Cat out: Ann 9, Bob 10",
        "Ann out: Bob 11, Cat 12",
    ]),
    "loba": (2, [
        "Ann out: Bob JK AS KS QS JS",  # 25 + 14 + 13 + 12 + 11
        "Bob out: Ann 77",
        "Ann out: Bob 10",
        "Bob out: Ann 20",
        "Ann out: Bob 30",
        "Bob out: Ann 18",
    ]),
    "carioca": (3, [
        "Ann out: Bob JK AS, Cat KD 9D",  # 50 + 20
        "Bob out: Ann 40, Cat 30",
        "Cat out: Ann 20, Bob 10",
        "Ann out: Bob 5, Cat 15",
        "Bob out: Ann 25, Cat 35",
        "Cat out: Ann 45, Bob 55",
        "Ann out: Bob 12, Cat 3",
    ]),
    "sa-kaluki": (3, [
        "Ann out: Bob AS JK, Cat KH QH",  # 11 + 25
        "Bob out: Ann 50, Cat 5",
        "Cat out: Ann 10, Bob 20",
        "Ann out: Bob 30, Cat 40",
        "Bob out: Ann 15, Cat 25",
        "Cat out: Ann 35, Bob 45",
        "Ann out: Bob 8, Cat 9",
    ]),
    "caribbean-kalooki": (4, [
        "Ann out: Bob AH AS, Cat AD AC, Dan JK",  # red aces 1, black 15, joker 50
        "Bob out bent: Ann AH JK, Cat 10, Dan 7",  # R63: doubled
        "Cat out: Ann 20, Bob 30, Dan 40",
        "Dan out bent: Ann 5, Bob 6, Cat 7",
        "Ann out: Bob 10, Cat 10, Dan 10",
        "Bob out: Ann 25, Cat 35, Dan 45",
        "Cat out: Ann 1, Bob 2, Dan 3",
        "Dan out: Ann 9, Bob 8, Cat 7",
        "Ann out bent: Bob 50, Cat 60, Dan 70",
    ]),
    "russian": (2, [
        "Ann out: Bob JK 2S 10D KD AS",  # 25 + 5 + 5 + 10 + 15
        "Bob out: Ann 45",
        "Ann out: Bob 30",
        "Bob out: Ann 15",
        "Ann out: Bob 5",
    ]),
    "telefunken": (4, [
        "Ann out: Bob JK AS, Cat KH 9C, Dan 2D",  # 15 + 11
        "Bob out: Ann 30, Cat 20, Dan 10",
        "Cat out: Ann 5, Bob 15, Dan 25",
        "Dan out: Ann 40, Bob 2, Cat 2",
        "Ann out: Bob 3, Cat 4, Dan 5",
        "Bob out: Ann 6, Cat 7, Dan 8",
        "Cat out: Ann 9, Bob 10, Dan 11",
    ]),
    "farmers": (4, [
        "Ann out: Bob JK 2S AS, Cat 8H 7H, Dan 3C",  # 50 + 20 + 20; 10 + 5; 5
        "Bob out: Ann 30, Cat 20, Dan 10",
        "Cat out: Ann 5, Bob 15, Dan 25",
        "Dan out: Ann 40, Bob 5, Cat 10",
        "Ann out: Bob 35, Cat 45, Dan 55",
        "Bob out: Ann 5, Cat 5, Dan 5",
        "Cat out: Ann 20, Bob 20, Dan 20",
        "Dan out: Ann 10, Bob 15, Cat 5",
    ]),
}  # fmt: skip

#: After the last deal: the totals, and the winners (R61: lowest; R62: Jo's highest;
#: R32: a tie shares).
RESULTS = {
    "contract-rummy": ({"Ann": 82, "Bob": 120, "Cat": 152}, ["Ann"]),
    "jo": ({"Ann": 139, "Bob": 135, "Cat": 85, "Dan": 95}, ["Ann"]),
    "progressive": ({"Ann": 26, "Bob": 63, "Cat": 72, "Dan": 37, "Eve": 72}, ["Ann"]),
    "king-rummy": ({"Ann": 75, "Bob": 57, "Cat": 41, "Dan": 37}, ["Dan"]),
    "shanghai": ({"Ann": 106, "Bob": 216, "Cat": 133}, ["Ann"]),
    "loba": ({"Ann": 115, "Bob": 115}, ["Ann", "Bob"]),
    "carioca": ({"Ann": 130, "Bob": 152, "Cat": 102}, ["Cat"]),
    "sa-kaluki": ({"Ann": 110, "Bob": 139, "Cat": 99}, ["Cat"]),
    "caribbean-kalooki": ({"Ann": 167, "Bob": 178, "Cat": 222, "Dan": 302}, ["Ann"]),
    "russian": ({"Ann": 60, "Bob": 95}, ["Ann"]),
    "telefunken": ({"Ann": 90, "Bob": 56, "Cat": 52, "Dan": 61}, ["Cat"]),
    "farmers": ({"Ann": 110, "Bob": 180, "Cat": 100, "Dan": 120}, ["Cat"]),
}


def deal_body(text):
    """ "Bob out bent: Ann AH JK, Cat 10" as a deal body."""
    head, entries = text.split(": ", 1)
    body = {"went_out": head.split()[0], "hands": {}, "points": {}}
    if head.endswith(" bent"):
        body["bent_table"] = True
    for entry in entries.split(", "):
        name, value = entry.split(" ", 1)
        if value.isdigit():
            body["points"][name] = int(value)
        else:
            body["hands"][name] = value
    return body


def family_game(client, variant_id, players):
    return Game(client, variant=variant_id, players=NAMES[:players])


@pytest.mark.parametrize("variant_id", GAMES)
def test_a_whole_game_to_its_winners(stored_client, variant_id):  # R57, R61, R62
    players, deals = GAMES[variant_id]
    game = family_game(stored_client, variant_id, players)
    assert [side["players"] for side in game.created["sides"]] == [[n] for n in NAMES[:players]]
    for number, text in enumerate(deals, start=1):
        body = game.deal(**deal_body(text))
        assert len(body["deals"]) == number
        assert body["finished"] is (number == len(deals))  # R57: after the last deal
    totals, winners = RESULTS[variant_id]
    assert body["totals"] == totals
    assert body["winners"] == winners
    assert body["sheet"][-1]["totals"] == totals
    assert game.get() == body
    past = stored_client.post(
        f"/api/v1/games/{game.id}/deals", json=deal_body(deals[0]), headers=game.key
    )
    assert past.status_code == 409  # R57: a deal past the last
    assert past.get_json() == {
        "error": f"the game is over: all {len(deals)} deals are recorded; correct a deal instead"
    }


def test_in_jo_the_player_who_went_out_takes_the_others_hands(stored_client):  # R62
    game = family_game(stored_client, "jo", 3)
    body = game.deal(went_out="Bob", hands={"Ann": "AS KD", "Cat": "JK"})
    assert body["deals"][0]["points"] == {"Ann": None, "Bob": 40, "Cat": None}
    assert body["deals"][0]["scores"] == {"Ann": 0, "Bob": 40, "Cat": 0}
    assert "bent_table" not in body["deals"][0]  # Jo has no bent table (R63)


def test_a_bent_table_doubles_the_deal_and_is_shown(stored_client):  # R63
    game = family_game(stored_client, "caribbean-kalooki", 3)
    plain = game.deal(went_out="Ann", hands={"Bob": "AH AS", "Cat": "JK"})["deals"][0]
    assert plain["bent_table"] is False
    assert plain["scores"] == {"Ann": 0, "Bob": 16, "Cat": 50}
    bent = game.deal(went_out="Ann", hands={"Bob": "AH AS", "Cat": "JK"}, bent_table=True)
    assert bent["deals"][1]["bent_table"] is True
    assert bent["deals"][1]["points"] == {"Ann": None, "Bob": 32, "Cat": 100}
    assert bent["totals"] == {"Ann": 0, "Bob": 48, "Cat": 150}
    # Corrected: the table was not bent after all; and then it was, in deal 1.
    fixed = game.replace(2, went_out="Ann", hands={"Bob": "AH AS", "Cat": "JK"})
    assert fixed["deals"][1]["bent_table"] is False
    assert fixed["totals"] == {"Ann": 0, "Bob": 32, "Cat": 100}
    fixed = game.replace(1, went_out="Ann", points={"Bob": 16, "Cat": 50}, bent_table=True)
    assert [deal["bent_table"] for deal in fixed["deals"]] == [True, False]
    assert fixed["totals"] == {"Ann": 0, "Bob": 48, "Cat": 150}
    assert game.get() == fixed
    assert game.undo(2)["totals"] == {"Ann": 0, "Bob": 32, "Cat": 100}


def test_a_bent_deal_sent_twice_counts_once(
    stored_client,
):  # R63, docs/api.md#retries-and-several-writers
    game = family_game(stored_client, "caribbean-kalooki", 3)
    path = f"/api/v1/games/{game.id}/deals"
    headers = game.key | {"Idempotency-Key": "bent-table-once"}
    bent = {"went_out": "Ann", "points": {"Bob": 10, "Cat": 10}, "bent_table": True}
    first = stored_client.post(path, json=bent, headers=headers)
    again = stored_client.post(path, json=bent, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert first.get_json()["totals"] == {"Ann": 0, "Bob": 20, "Cat": 20}
    unbent = stored_client.post(path, json=bent | {"bent_table": False}, headers=headers)
    assert unbent.status_code == 409  # the same key for another request


def test_a_deal_not_bent_is_the_same_request_as_one_sent_before_bent_tables(stored_client):
    """``"bent_table": false`` is what a deal without the field always meant, so a retry
    kept from before bent tables (migration 0004) is still the same request."""
    game = family_game(stored_client, "caribbean-kalooki", 3)
    path = f"/api/v1/games/{game.id}/deals"
    headers = game.key | {"Idempotency-Key": "sent-before-0004"}
    deal = {"went_out": "Ann", "points": {"Bob": 10, "Cat": 10}}
    first = stored_client.post(path, json=deal, headers=headers)
    again = stored_client.post(path, json=deal | {"bent_table": False}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert len(game.get()["deals"]) == 1


@pytest.mark.parametrize("variant_id", [v for v in GAMES if v != "caribbean-kalooki"])
def test_only_caribbean_kalooki_has_a_bent_table(stored_client, variant_id):  # R63
    players, deals = GAMES[variant_id]
    game = family_game(stored_client, variant_id, players)
    path = f"/api/v1/games/{game.id}/deals"
    bent = deal_body(deals[0]) | {"bent_table": True}
    response = stored_client.post(path, json=bent, headers=game.key)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": f"{VARIANT_NAMES[variant_id]} has no bent table; only a game that doubles "
        "it has one"
    }
    assert game.get()["deals"] == []
    game.deal(**deal_body(deals[0]) | {"bent_table": False})  # false is what it always is
    response = stored_client.put(f"{path}/1", json=bent, headers=game.key)
    assert response.status_code == 400
    assert "bent_table" not in game.get()["deals"][0]


@pytest.mark.parametrize("variant_id", ["push", "push-solo", "cap-it", "shove-it"])
def test_the_push_family_has_no_bent_table(stored_client, variant_id):  # R63
    game = Game(stored_client, variant=variant_id)
    deal = {"went_out": "Ann", "points": {"Bob": 10, "Cat": 10, "Dan": 10}, "bent_table": True}
    response = stored_client.post(f"/api/v1/games/{game.id}/deals", json=deal, headers=game.key)
    assert response.status_code == 400
    assert response.get_json()["error"].endswith(
        "has no bent table; only a game that doubles it has one"
    )


@pytest.mark.parametrize("variant_id", GAMES)
def test_a_deal_of_the_family_needs_someone_who_went_out(stored_client, variant_id):  # R64
    players, _ = GAMES[variant_id]
    game = family_game(stored_client, variant_id, players)
    names = NAMES[:players]
    body = {"went_out": None, "points": dict.fromkeys(names, 5)}
    response = stored_client.post(f"/api/v1/games/{game.id}/deals", json=body, headers=game.key)
    assert response.status_code == 422
    assert response.get_json()["error"] == (
        f"in {VARIANT_NAMES[variant_id]} the discards are "
        "reshuffled when the stock runs out, so a deal ends only when someone goes out: "
        "say who went out of deal 1"
    )
    assert game.get()["deals"] == []


@pytest.mark.parametrize(
    ("variant_id", "players", "sentence"),
    [
        ("jo", 2, "Jo is for 3 to 8 players, not 2"),
        ("jo", 9, "Jo is for 3 to 8 players, not 9"),
        ("contract-rummy", 2, "Contract Rummy is for 3 to 8 players, not 2"),
        ("king-rummy", 3, "King Rummy is for 4 players, not 3"),
        ("telefunken", 5, "Telefunken is for 4 players, not 5"),
        ("loba", 6, "Loba is for 2 to 5 players, not 6"),
        ("sa-kaluki", 6, "South African Kaluki is for 3 to 5 players, not 6"),
        ("caribbean-kalooki", 7, "Caribbean Kalooki is for 3 to 6 players, not 7"),
        ("russian", 1, "Russian Rummy is for 2 to 8 players, not 1"),
        ("farmers", 3, "Farmer's Rummy is for 4 to 8 players, not 3"),
    ],
)
def test_a_game_for_a_count_the_variant_is_not_played_by(
    stored_client, variant_id, players, sentence
):  # R49
    names = [f"P{n}" for n in range(players)]
    response = stored_client.post("/api/v1/games", json={"variant": variant_id, "players": names})
    assert response.status_code == 422
    assert response.get_json() == {"error": sentence}


def test_the_family_has_no_teams(stored_client):  # R41
    body = {"variant": "shanghai", "players": NAMES[:4], "teams": ["We", "They"]}
    response = stored_client.post("/api/v1/games", json=body)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "Shanghai is played each for themself; it has no teams"
    }


def test_a_deal_over_the_pack_of_its_table(stored_client):  # R49: Russian, one deck for two
    game = family_game(stored_client, "russian", 2)
    response = stored_client.post(
        f"/api/v1/games/{game.id}/deals",
        json={"went_out": "Ann", "hands": {"Bob": "7H 7H"}},
        headers=game.key,
    )
    assert response.status_code == 422
    assert "two 7H" in response.get_json()["error"]


def test_the_sheet_of_a_family_game_as_csv(stored_client):
    players, deals = GAMES["caribbean-kalooki"]
    game = family_game(stored_client, "caribbean-kalooki", players)
    for text in deals[:2]:
        game.deal(**deal_body(text))
    response = stored_client.get(f"/api/v1/games/{game.id}/sheet.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.data.decode().splitlines() == [
        "deal,cards_dealt,Ann,Bob,Cat,Dan",
        "1,9,0,16,16,50",
        "2,10,102,16,36,64",  # R63: bent, doubled: (1 + 50) x 2
    ]
