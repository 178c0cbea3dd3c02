"""POST /api/v1/melds/rescue: a natural card in a wild card's place (R24), and what
happens to the wild card, by each game's rule (R25, R79)."""

import pytest

PATH = "/api/v1/melds/rescue"

RUN_7H_8H_9H = {
    "legal": True,
    "needs_declaration": False,
    "readings": [{"kind": "run", "suit": "H", "low": "7", "high": "9",
                  "cards": [{"card": "7H", "as": "7H"}, {"card": "8H", "as": "8H"}, {"card": "9H", "as": "9H"}]}],
    "reasons": [],
    "reason_codes": [],
    "cards": ["7H", "8H", "9H"],
}  # fmt: skip


def test_a_rescue_from_a_run(client):  # R24
    response = client.post(PATH, json={"variant": "push", "meld": "7H JK 9H", "card": "8H"})
    assert response.status_code == 200
    assert response.get_json() == {
        "legal": True,
        "needs_declaration": False,
        "reasons": [],
        "reason_codes": [],
        "freed": ["JK"],
        "meld": RUN_7H_8H_9H,
        "swaps": [
            {
                "reading": {"kind": "run", "suit": "H", "low": "7", "high": "9",
                            "cards": [{"card": "7H", "as": "7H"}, {"card": "JK", "as": "8H"}, {"card": "9H", "as": "9H"}]},
                "freed": "JK",
                "as": "8H",
                "meld": RUN_7H_8H_9H,
            }
        ],
        "wild_goes": "meld",
        "says": "JK comes out: it must be used at once in a meld you make this turn; "
        "it never goes into your hand",
        "card": "8H",
        "cards": ["7H", "JK", "9H"],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("options", "wild_goes", "says"),
    [
        (None, "meld", "JK comes out: it must be used at once in a meld you make this turn; "
         "it never goes into your hand"),
        ({"rescue_to_hand": False}, "meld", "JK comes out: it must be used at once in a meld "
         "you make this turn; it never goes into your hand"),
        ({"rescue_to_hand": True}, "hand", "JK comes out: it may go into your hand"),
    ],
)  # fmt: skip
def test_rescue_to_hand_says_where_the_wild_card_goes(client, options, wild_goes, says):  # R25
    body = {"variant": "push", "meld": "6C 6H JK", "card": "6D"}
    if options is not None:
        body["options"] = options
    answer = client.post(PATH, json=body).get_json()
    assert answer["legal"] is True
    assert answer["meld"]["cards"] == ["6C", "6H", "6D"]
    assert answer["swaps"][0]["as"] is None  # in a set: any six the set does not hold
    assert (answer["wild_goes"], answer["says"]) == (wild_goes, says)


def test_a_refused_rescue_says_why(client):  # R24
    answer = client.post(
        PATH, json={"variant": "push", "meld": "6C 6H JK", "card": "7H"}
    ).get_json()
    assert answer["legal"] is False
    assert answer["reasons"] == [
        "7H is not a card any wild card of this meld stands for",
        "a joker's place in a set of sixes takes a six",
    ]
    assert (answer["freed"], answer["meld"], answer["swaps"]) == ([], None, [])
    assert answer["wild_goes"] == "meld"


def test_the_meld_on_the_table_may_carry_its_declaration(client):  # R15
    undeclared = client.post(
        PATH, json={"variant": "push", "meld": "6D 2S JK", "card": "5D"}
    ).get_json()
    assert undeclared["needs_declaration"] is True
    assert undeclared["freed"] == ["JK", "2S"]
    assert [swap["reading"]["low"] for swap in undeclared["swaps"]] == ["4", "5"]
    declared = client.post(
        PATH,
        json={
            "variant": "push",
            "meld": {"cards": "6D 2S JK", "declare": {"kind": "run", "suit": "D", "low": "5"}},
            "card": "5D",
        },
    ).get_json()
    assert declared["needs_declaration"] is False
    assert declared["freed"] == ["2S"]
    assert declared["meld"]["cards"] == ["6D", "5D", "JK"]


def test_shove_it_sets_take_any_suit_and_players_pick_the_pack(client):  # R3, R24
    body = {"variant": "shove-it", "meld": "6C 6C JK", "card": "6C"}
    assert client.post(PATH, json=body).status_code == 422
    answer = client.post(PATH, json=body | {"players": 6}).get_json()
    assert answer["legal"] is True
    assert answer["meld"]["cards"] == ["6C", "6C", "6C"]


# --- Joker exchange by game (R79): the same fields, the joker's fate in them ----------


@pytest.mark.parametrize(
    ("variant", "meld", "card", "after", "wild_goes", "says"),
    [
        ("jo", "4H JK 6H 7H", "5H", ["4H", "5H", "6H", "7H"], "hand",
         "JK comes out: it goes into your hand"),
        ("contract-rummy", "2C 2D JK 2S", "2H", ["2C", "2D", "2H", "2S"], "hand",
         "JK comes out: it goes into your hand"),  # R46: the 2s are natural
        ("loba", {"cards": "9C 10C JC JK", "declare": {"kind": "run", "suit": "C", "low": "9"}},
         "QC", ["9C", "10C", "JC", "QC", "JK"], "meld",
         "JK moves to the top of the escalera, as KC; it never goes into your hand"),
        ("caribbean-kalooki", "9C JK JC QC", "10C", ["9C", "10C", "JC", "QC", "JK"], "meld",
         'JK moves to the top of the "four", as KC; it never goes into your hand'),
        ("telefunken", "8C 8D JK", "8H 8S", ["8C", "8D", "8H", "8S"], "hand",
         "JK comes out: it goes into your hand"),
    ],
)  # fmt: skip
def test_each_game_says_what_happens_to_the_joker(
    client, variant, meld, card, after, wild_goes, says
):  # R79
    answer = client.post(PATH, json={"variant": variant, "meld": meld, "card": card}).get_json()
    assert answer["legal"] is True
    assert answer["meld"]["cards"] == after
    assert (answer["wild_goes"], answer["says"]) == (wild_goes, says)
    assert answer["card"] == card.split()[0]
    assert set(answer) == {"legal", "needs_declaration", "reasons", "reason_codes", "freed",
                           "meld", "swaps", "wild_goes", "says", "card", "cards"}  # fmt: skip


def test_where_the_joker_moves_the_meld_after_says_what_it_stands_for(client):  # R79
    answer = client.post(
        PATH, json={"variant": "loba", "meld": "JK 10C JC QC", "card": "9C"}
    ).get_json()
    (swap,) = answer["swaps"]
    assert (swap["freed"], swap["as"]) == ("JK", "9C")
    assert swap["meld"]["readings"][0]["cards"][0] == {"card": "JK", "as": "8C"}


@pytest.mark.parametrize(
    ("variant", "meld", "card", "reason", "says"),
    [
        ("shanghai", "5H 2C 7H 8H", "6H", "in Shanghai only a joker is taken from a meld: 2C stays",
         "in Shanghai the natural card takes a joker's place and the joker goes into your hand; "
         "a wild 2 is never taken"),
        ("loba", "9C JK JC QC", "10C", "in Loba a joker in the middle of an escalera never moves",
         "in Loba only a joker at an end of an escalera moves: the natural card takes its place "
         "and the joker moves past it, to stand for the next card; it never goes into your hand"),
        ("sa-kaluki", "2C 2D JK 2S", "2H",
         "a group of four is closed in South African Kaluki: its joker stays",
         "in South African Kaluki the natural card takes a joker's place and the joker goes "
         "into your hand"),
    ],
)  # fmt: skip
def test_an_exchange_the_game_refuses_says_why_and_the_rule(
    client, variant, meld, card, reason, says
):
    answer = client.post(PATH, json={"variant": variant, "meld": meld, "card": card}).get_json()
    assert answer["legal"] is False
    assert answer["reasons"] == [reason]
    assert answer["says"] == says


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"variant": "telefunken", "meld": "8C 8D JK", "card": "8H 8S 8D"}, 400,
         "\"8H 8S 8D\" is three cards; give one card, or two of a set's rank for its joker"),
        ({"variant": "jo", "meld": "8C 8D JK", "card": "8H 8S"}, 400,
         "\"8H 8S\" is two cards; give the one card to put in a wild card's place"),
    ],
)  # fmt: skip
def test_two_cards_only_where_the_game_takes_two(client, body, status, error):  # R79
    response = client.post(PATH, json=body)
    assert response.status_code == status
    assert response.get_json()["error"] == error


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"variant": "push", "meld": "7H JK 9H", "card": "1X"}, 400, '"1X" is not a card'),
        ({"variant": "push", "meld": "7H JK 9H", "card": "8H 9H"}, 400,
         '"8H 9H" is two cards; give the one card to put in a wild card\'s place'),
        ({"variant": "push", "meld": "7H JK 9H", "card": ""}, 400,
         'give the card to put in a wild card\'s place, such as "8H"'),
        ({"variant": "push", "meld": "7H JK 1X", "card": "8H"}, 400, '"1X" is not a card'),
        ({"variant": "push", "meld": "7H JK 9H"}, 400, '"card" is required'),
        ({"variant": "push", "meld": "7H JK 9H", "card": ["8H"]}, 400, '"card" must be a string'),
        ({"variant": "gin", "meld": "7H JK 9H", "card": "8H"}, 404, 'there is no variant "gin"'),
        ({"variant": "push", "meld": "7H 7H JK", "card": "7H"}, 422, "there are three 7H here"),
        ({"variant": "push", "meld": "7H JK 9H", "card": "8H", "players": 5}, 400,
         "Push is for 4 players, not 5"),  # docs/api.md: a count the variant does not allow is 400
        ({"variant": "push", "options": {"rescue": True}, "meld": "7H JK 9H", "card": "8H"}, 400,
         '"rescue" is not an option of Push'),
    ],
)  # fmt: skip
def test_errors_as_the_other_rules_paths(client, body, status, error):
    response = client.post(PATH, json=body)
    assert response.status_code == status
    assert response.get_json()["error"].startswith(error)
