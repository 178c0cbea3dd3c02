"""The referee's JSON API (docs/api.md): variants, melds, lay-offs, contracts, hands."""

import pytest

MELD_6D_2S_JK = {
    "legal": True,
    "needs_declaration": True,
    "readings": [
        {"kind": "set", "rank": "6"},
        {"kind": "run", "suit": "D", "low": "4", "high": "6",
         "cards": [{"card": "2S", "as": "4D"}, {"card": "JK", "as": "5D"}, {"card": "6D", "as": "6D"}]},
        {"kind": "run", "suit": "D", "low": "5", "high": "7",
         "cards": [{"card": "2S", "as": "5D"}, {"card": "6D", "as": "6D"}, {"card": "JK", "as": "7D"}]},
        {"kind": "run", "suit": "D", "low": "6", "high": "8",
         "cards": [{"card": "6D", "as": "6D"}, {"card": "2S", "as": "7D"}, {"card": "JK", "as": "8D"}]},
    ],
    "reasons": [],
    "reason_codes": [],
    "cards": ["6D", "2S", "JK"],
}  # fmt: skip


def test_variants_lists_the_push_family_then_the_contract_rummy_family(client):
    response = client.get("/api/v1/variants")
    assert response.status_code == 200
    variants = {v["id"]: v for v in response.get_json()}
    assert list(variants) == [
        "push", "push-solo", "cap-it", "shove-it",  # docs/rules.md#R38-R40
        "contract-rummy", "jo", "progressive", "king-rummy", "shanghai", "loba", "carioca",
        "sa-kaluki", "caribbean-kalooki", "russian", "telefunken", "farmers",  # docs/rules.md#R41
    ]  # fmt: skip
    push = variants["push"]
    assert push["name"] == "Push"
    assert push["players"] == [4]
    assert push["partnerships"] is True
    assert push["deals"][0] == {
        "deal": 1, "cards": 6,
        "contract": [{"kind": "set", "min": 3, "exact": False}, {"kind": "set", "min": 3, "exact": False}],
        "whole_hand": None,
    }  # fmt: skip
    assert push["scoring"] == "penalty" and push["winner"] == "lowest"  # R30, R32
    assert push["card_values"] == {
        "A": 15, "2": 20, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5,
        "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 20,
    }  # fmt: skip
    assert push["options"]["ten_cards"]["default"] is False
    assert variants["cap-it"]["options"]["three_and_seven"]["default"] is True
    assert variants["shove-it"]["card_values"]["JK"] == 50
    assert variants["shove-it"]["players"] == [4, 6]


def test_check_a_meld_as_api_md_shows(client):
    response = client.post("/api/v1/melds/check", json={"variant": "push", "cards": "6D 2S JK"})
    assert response.status_code == 200
    assert response.get_json() == MELD_6D_2S_JK


def test_cards_may_be_a_list_of_tokens(client):
    response = client.post(
        "/api/v1/melds/check", json={"variant": "push", "cards": ["6d", "2♠", "joker"]}
    )
    assert response.get_json() == MELD_6D_2S_JK


@pytest.mark.parametrize(
    ("declare", "readings"),
    [
        ({"kind": "run", "suit": "D", "low": "5"}, [MELD_6D_2S_JK["readings"][2]]),
        ({"kind": "set", "rank": "6"}, [{"kind": "set", "rank": "6"}]),
    ],
)
def test_a_declaration_keeps_one_reading(client, declare, readings):
    response = client.post(
        "/api/v1/melds/check", json={"variant": "push", "cards": "6D 2S JK", "declare": declare}
    )
    body = response.get_json()
    assert body["legal"] is True
    assert body["needs_declaration"] is False
    assert body["readings"] == readings


def test_an_illegal_meld_says_why(client):
    response = client.post("/api/v1/melds/check", json={"variant": "push", "cards": "8C 8C 8H"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is False
    assert body["needs_declaration"] is False
    assert body["readings"] == []
    assert body["reasons"][0] == "a set may not hold two clubs"


def test_ace_high_and_low_are_written_as_a(client):
    body = client.post(
        "/api/v1/melds/check", json={"variant": "push", "cards": "KH AH 2H"}
    ).get_json()
    assert [(r["low"], r["high"]) for r in body["readings"]] == [("Q", "A")]
    body = client.post(
        "/api/v1/melds/check", json={"variant": "push", "cards": "AH 2H 3H"}
    ).get_json()
    assert [(r["low"], r["high"]) for r in body["readings"]] == [("A", "3")]


def test_shove_it_set_may_repeat_a_suit(client):
    body = client.post(
        "/api/v1/melds/check", json={"variant": "shove-it", "cards": "8C 8C 8H"}
    ).get_json()
    assert body["readings"] == [{"kind": "set", "rank": "8"}]


def test_options_change_the_verdict(client):
    body = client.post(
        "/api/v1/melds/check",
        json={"variant": "push", "cards": "8C 8C 8H", "options": {"set_distinct_suits": False}},
    ).get_json()
    assert body["legal"] is True


def test_players_pick_the_pack(client):
    meld = {"variant": "shove-it", "cards": "8C 8C 8C 8H"}
    assert client.post("/api/v1/melds/check", json=meld).status_code == 422
    response = client.post("/api/v1/melds/check", json=meld | {"players": 6})
    assert response.status_code == 200
    assert response.get_json()["legal"] is True


def test_extend_a_run_as_api_md_shows(client):
    response = client.post(
        "/api/v1/melds/extend", json={"variant": "push", "meld": "7H 8H 9H", "add": "10H JK"}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is True
    assert body["needs_declaration"] is True
    assert [(r["low"], r["high"]) for r in body["readings"]] == [("6", "10"), ("7", "J")]
    assert body["readings"][1]["cards"][-1] == {"card": "JK", "as": "JH"}


def test_extend_a_declared_meld_with_a_declared_result(client):
    response = client.post(
        "/api/v1/melds/extend",
        json={
            "variant": "push",
            "meld": {"cards": "6D 2S JK", "declare": {"kind": "run", "suit": "D", "low": "4"}},
            "add": ["7D"],
            "declare": {"kind": "run", "high": "7"},
        },
    )
    body = response.get_json()
    assert body["legal"] is True
    assert body["readings"][0]["cards"] == [
        {"card": "2S", "as": "4D"}, {"card": "JK", "as": "5D"}, {"card": "6D", "as": "6D"},
        {"card": "7D", "as": "7D"},
    ]  # fmt: skip


def test_an_illegal_lay_off_says_why(client):
    body = client.post(
        "/api/v1/melds/extend", json={"variant": "push", "meld": "7H 8H 9H", "add": "JH"}
    ).get_json()
    assert body["legal"] is False
    assert body["reasons"][0] == "JH does not reach a run of hearts 7-9: 10H is missing"


def test_contract_met_as_api_md_shows(client):
    response = client.post(
        "/api/v1/contracts/check",
        json={"variant": "push", "deal": 3, "melds": ["4H 5H 6H 7H", "8H 9H 10H JH"]},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["met"] is True
    assert body["contract"] == [
        {"kind": "run", "min": 4, "exact": False}, {"kind": "run", "min": 4, "exact": False}
    ]  # fmt: skip
    assert [m["legal"] for m in body["melds"]] == [True, True]
    assert body["melds"][0]["readings"][0]["low"] == "4"
    assert body["reasons"] == []


def test_contract_not_met_names_what_is_missing(client):
    body = client.post(
        "/api/v1/contracts/check", json={"variant": "push", "deal": 3, "melds": ["4H 5H 6H 7H"]}
    ).get_json()
    assert body["met"] is False
    assert body["reasons"] == ["deal 3 needs two runs of four; found one"]


def test_contract_melds_may_carry_declarations(client):
    body = client.post(
        "/api/v1/contracts/check",
        json={
            "variant": "push",
            "deal": 2,
            "melds": [
                {"cards": "6D 2S JK", "declare": {"kind": "run", "suit": "D", "low": "4"}},
                ["4H", "5H", "6H", "7H"],
            ],
        },
    ).get_json()
    assert body["met"] is False
    assert body["reasons"][0].endswith("found no set of three")


def test_shove_it_first_meld_is_exactly_the_contract(client):
    body = client.post(
        "/api/v1/contracts/check",
        json={"variant": "shove-it", "deal": 1, "melds": ["8C 8H 8S", "KD KS JK", "4H 5H 6H"]},
    ).get_json()
    assert body["met"] is False


def test_score_a_hand_as_api_md_shows(client):
    response = client.post("/api/v1/hands/score", json={"variant": "push", "cards": "AS KD 7C JK"})
    assert response.status_code == 200
    assert response.get_json() == {
        "points": 50,
        "cards": [{"card": "AS", "points": 15}, {"card": "KD", "points": 10},
                  {"card": "7C", "points": 5}, {"card": "JK", "points": 20}],
    }  # fmt: skip


@pytest.mark.parametrize("cards", ["", []])
def test_an_empty_hand_scores_0(client, cards):
    body = client.post("/api/v1/hands/score", json={"variant": "push", "cards": cards}).get_json()
    assert body == {"points": 0, "cards": []}


def test_shove_it_jokers_are_50(client):
    body = client.post(
        "/api/v1/hands/score", json={"variant": "shove-it", "cards": "JK"}
    ).get_json()
    assert body["points"] == 50
