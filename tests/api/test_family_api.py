"""The Contract Rummy family on the rules paths (docs/api.md#the-contract-rummy-family;
docs/rules.md#R41-R64): the variants list, deals and players, melds judged by deal."""

import re
from dataclasses import dataclass

import pytest

CHECK = "/api/v1/melds/check"
EXTEND = "/api/v1/melds/extend"
CONTRACT = "/api/v1/contracts/check"
SCORE = "/api/v1/hands/score"


@dataclass(frozen=True)
class Entry:
    """A family game as docs/rules.md#the-contract-rummy-family lists it: its name and table sizes (R41, R49), its
    deals in R57's shorthand with each part's size exact (``=``) or at least (``+``,
    R47), its whole-hand deals (R58), some card values (R60), scoring and winner
    (R61, R62), and its options."""

    name: str
    players: list[int]
    deals: str
    card_values: dict[str, int]
    whole_hand: dict[int, dict[str, int]] | None = None
    scoring: str = "penalty"
    winner: str = "lowest"
    options: tuple[str, ...] = ()


AS_CONTRACT_RUMMY = "2G3=; G3= S4=; 2S4=; 3G3=; 2G3= S4=; G3= 2S4=; 3S4+"  # R47: deal 7 at least
FACE = {str(n): n for n in range(3, 11)}  # 3-10 at face value

FAMILY = {
    "contract-rummy": Entry(
        "Contract Rummy", list(range(3, 9)), AS_CONTRACT_RUMMY,
        {"A": 15, "JK": 15, "K": 10, "2": 2} | FACE, options=("twos_wild",),
    ),
    "jo": Entry(
        "Jo", list(range(3, 9)), AS_CONTRACT_RUMMY,
        {"A": 15, "JK": 15, "K": 10} | FACE, scoring="winner_takes", winner="highest",  # R62
    ),
    "progressive": Entry(
        "Progressive Rummy", list(range(3, 9)), AS_CONTRACT_RUMMY,
        {"A": 15, "JK": 25, "Q": 10} | FACE,
    ),
    "king-rummy": Entry(
        "King Rummy", [4], "G3+ S4+; 3G3+; 2S4+; 2G3+ S4+",
        {"JK": 25, "A": 15, "K": 10} | FACE, whole_hand={4: {"exactly": 10}},
    ),
    "shanghai": Entry(
        "Shanghai", list(range(3, 9)),
        "2G3=; G3= S4=; 2G4=; G3= S5=; 3G3=; G3= S7=; 3S4=; G3= S10=; 3G3= S5=; 3S5=",
        {"JK": 20, "2": 20, "A": 15, "J": 10} | FACE,
    ),
    "loba": Entry(
        "Loba", [2, 3, 4, 5], "2G3=; G3= S4=; 2S4=; 3G3=; 2G3= S4=; G3= 2S4=",
        {"J": 11, "Q": 12, "K": 13, "A": 14, "JK": 25, "2": 2} | FACE,
    ),
    "carioca": Entry(
        "Carioca", [2, 3, 4, 5], "2G3=; G3= S4=; 2S4=; 3G3=; 2G3= S4=; G3= 2S4=; 3S4=",
        {"J": 10, "K": 10, "A": 20, "JK": 50} | FACE,
    ),
    "sa-kaluki": Entry(
        "South African Kaluki", [3, 4, 5], "-; G3=; S3=; S3= G3=; S4=; G4=; S5=",
        {"K": 10, "A": 11, "JK": 25} | FACE, whole_hand={1: {"at_least": 13}},  # R58 Blitz
    ),
    "caribbean-kalooki": Entry(
        "Caribbean Kalooki", [3, 4, 5, 6],
        "3G3+; 2G3+ S4+; G3+ 2S4+; 3S4+; 4G3+; 3G3+ S4+; 2G3+ 2S4+; G3+ 3S4+; 4S4+",
        {"AH": 1, "AD": 1, "A": 15, "JK": 50, "K": 10} | FACE,  # R60: red aces 1
    ),
    "russian": Entry(
        "Russian Rummy", list(range(2, 9)), "2G3+; S4+; 2G3+ S4+; 3G3+; G3+ 2S4+",
        {"JK": 25, "A": 15, "K": 10, "2": 5, "7": 5, "10": 5},
    ),
    "telefunken": Entry(
        "Telefunken", [4], "G3=; 2G3=; G4=; 2G4=; G5=; 2G5=; G3= S7+",
        {"JK": 15, "A": 11, "Q": 10} | FACE, whole_hand={7: {"at_least": 11}},
    ),
    "farmers": Entry(
        "Farmer's Rummy", [4, 5, 6, 7, 8], "G3=; 2G3=; G4=; 2G4=; G5=; 2G5=; G6=; 2G6=",
        {"JK": 50, "2": 20, "A": 20, "8": 10, "K": 10, "3": 5, "7": 5},
    ),
}  # fmt: skip

#: R57: the cards dealt in each deal.
CARDS_DEALT = {
    "contract-rummy": [10, 10, 10, 10, 12, 12, 12],
    "jo": [10, 10, 10, 10, 12, 12, 12],
    "progressive": [6, 7, 8, 9, 10, 11, 12],
    "king-rummy": [10] * 4,
    "shanghai": [11] * 10,
    "loba": [11] * 6,
    "carioca": [11] * 6 + [12],
    "sa-kaluki": [13] * 7,
    "caribbean-kalooki": [9, 10, 11, 12, 12, 13, 14, 15, 16],
    "russian": [13] * 5,
    "telefunken": [11] * 7,
    "farmers": [11] * 8,
}


def shorthand(deal):
    """A deal's contract in R57's shorthand: ``2G3= S4=``, ``-`` for no parts."""
    words = [
        f"{'G' if part['kind'] == 'set' else 'S'}{part['min']}{'=' if part['exact'] else '+'}"
        for part in deal["contract"]
    ]
    grouped = []
    for word in words:
        if grouped and grouped[-1][1] == word:
            grouped[-1][0] += 1
        else:
            grouped.append([1, word])
    return " ".join(f"{n if n > 1 else ''}{word}" for n, word in grouped) or "-"


@pytest.fixture
def variants(client):
    response = client.get("/api/v1/variants")
    assert response.status_code == 200
    return {variant["id"]: variant for variant in response.get_json()}


@pytest.mark.parametrize("variant_id", FAMILY)
def test_each_family_game_is_listed_as_family_md_reads_it(variants, variant_id):
    entry, variant = FAMILY[variant_id], variants[variant_id]
    assert variant["name"] == entry.name
    assert variant["players"] == entry.players  # R49: every count allowed
    assert variant["partnerships"] is False  # R41: each for themself
    assert "; ".join(shorthand(deal) for deal in variant["deals"]) == entry.deals  # R47, R57
    assert [deal["deal"] for deal in variant["deals"]] == list(range(1, len(variant["deals"]) + 1))
    assert [deal["cards"] for deal in variant["deals"]] == CARDS_DEALT[variant_id]  # R57
    whole_hand = entry.whole_hand or {}
    assert {d["deal"]: d["whole_hand"] for d in variant["deals"] if d["whole_hand"]} == whole_hand
    assert all("whole_hand" in deal for deal in variant["deals"])  # null where there is none
    assert variant["card_values"] | entry.card_values == variant["card_values"]  # R60
    assert variant["scoring"] == entry.scoring  # R61, R62
    assert variant["winner"] == entry.winner
    assert tuple(variant["options"]) == entry.options
    assert variant["pot"] is False


def test_caribbean_aces_are_valued_by_card(variants):  # R60
    values = variants["caribbean-kalooki"]["card_values"]
    assert (values["A"], values["AH"], values["AD"]) == (15, 1, 1)
    assert "AS" not in values and "AC" not in values  # the black aces are the rank's 15


def test_the_push_family_gains_the_same_fields(variants):
    for variant_id in ("push", "push-solo", "cap-it", "shove-it"):
        variant = variants[variant_id]
        assert variant["scoring"] == "penalty" and variant["winner"] == "lowest"  # R30-R32
        assert len(variant["deals"]) == 5  # R17
        for deal in variant["deals"]:
            assert deal["whole_hand"] is None
            assert all(part["exact"] is False for part in deal["contract"])  # R20


def test_the_variants_answer_is_the_openapi_documents(client, variants):
    """Every field the family adds is in the Variant model the document shows."""
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert {"scoring", "winner"} <= set(schemas["Variant"]["properties"])
    assert "whole_hand" in schemas["DealOfVariant"]["properties"]
    assert "exact" in schemas["ContractPart"]["properties"]
    assert "deal" in schemas["MeldCheckIn"]["properties"]
    assert "bent_table" in schemas["DealIn"]["properties"]


# --- deal: 1 to the variant's number of deals --------------------------------------


@pytest.mark.parametrize("variant_id", FAMILY)
def test_every_deal_of_the_game_can_be_checked_and_no_other(client, variant_id):
    deals = len(CARDS_DEALT[variant_id])
    for deal in (1, deals):
        body = {"variant": variant_id, "deal": deal, "melds": []}
        response = client.post(CONTRACT, json=body)
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["met"] is False
    for deal in (0, deals + 1):
        for path, body in (
            (CONTRACT, {"variant": variant_id, "deal": deal, "melds": []}),
            (CHECK, {"variant": variant_id, "deal": deal, "cards": "8C 8H 8S"}),
        ):
            response = client.post(path, json=body)
            assert response.status_code == 400
            assert (
                f"deal must be 1 to {deals}; {deal} is not a deal" in response.get_json()["error"]
            )


def test_shanghai_says_it_has_ten_deals(client):  # R57
    response = client.post(CONTRACT, json={"variant": "shanghai", "deal": 11, "melds": []})
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "Shanghai has ten deals: deal must be 1 to 10; 11 is not a deal"
    }


def test_a_contract_answer_says_which_parts_are_exact(client):  # R47
    body = client.post(
        CONTRACT, json={"variant": "telefunken", "deal": 7, "melds": ["8C 8H 8S"]}
    ).get_json()
    assert body["contract"] == [
        {"kind": "set", "min": 3, "exact": True},
        {"kind": "run", "min": 7, "exact": False},  # "a sequidilla of seven or more"
    ]


def test_loba_names_the_exact_size_it_needed(client):  # R47
    melds = ["8C 8H 8S", "4D 5D 6D 7D 8D"]
    body = client.post(CONTRACT, json={"variant": "loba", "deal": 2, "melds": melds}).get_json()
    assert body["met"] is False
    assert body["reasons"][-1] == (
        "meld 2 (4D 5D 6D 7D 8D): deal 2 of Loba needs an escalera of exactly four; "
        "this one has five"
    )


def test_king_rummy_deal_4_is_the_whole_hand(client):  # R58
    melds = ["8C 8H 8S", "9C 9H 9S", "4D 5D 6D 7D"]
    body = client.post(CONTRACT, json={"variant": "king-rummy", "deal": 4, "melds": melds})
    assert body.get_json()["met"] is True
    short = client.post(
        CONTRACT, json={"variant": "king-rummy", "deal": 4, "melds": ["8C 8H 8S", "9C 9H 9S"]}
    ).get_json()
    assert short["met"] is False


def test_blitz_takes_any_melds_of_the_whole_hand(client):  # R58
    body = client.post(
        CONTRACT, json={"variant": "sa-kaluki", "deal": 1, "melds": ["8C 8H 8S"]}
    ).get_json()
    assert body["contract"] == []
    assert body["reasons"] == [
        "deal 1 of South African Kaluki is met only by melding the whole hand, at least 13 "
        "cards; these melds hold 3"
    ]


# --- players: picks the pack, an integer the variant allows ---------------------------

RULES_PATHS = {
    "melds/check": (CHECK, {"cards": "8C 8H 8S"}),
    "melds/extend": (EXTEND, {"meld": "8C 8H 8S", "add": "8D"}),
    "contracts/check": (CONTRACT, {"deal": 1, "melds": []}),
    "hands/score": (SCORE, {"cards": "8C"}),
}


@pytest.mark.parametrize("path", RULES_PATHS)
@pytest.mark.parametrize(
    ("variant_id", "players", "sentence"),
    [
        ("jo", 2, "Jo is for 3 to 8 players, not 2"),
        ("jo", 9, "Jo is for 3 to 8 players, not 9"),
        ("king-rummy", 5, "King Rummy is for 4 players, not 5"),
        ("loba", 6, "Loba is for 2 to 5 players, not 6"),
        ("farmers", 3, "Farmer's Rummy is for 4 to 8 players, not 3"),
        ("push", 5, "Push is for 4 players, not 5"),
        ("shove-it", 5, "Shove-It is for 4 or 6 players, not 5"),
    ],
)
def test_players_the_variant_does_not_allow_is_a_400(client, path, variant_id, players, sentence):
    url, body = RULES_PATHS[path]
    response = client.post(url, json={"variant": variant_id, "players": players} | body)
    assert response.status_code == 400
    assert response.get_json() == {"error": sentence}


@pytest.mark.parametrize(
    ("variant_id", "cards", "too_few", "enough"),
    [
        ("jo", "JK JK JK", 3, 4),  # R49: jokers = players - 1
        ("russian", "7H 7H", 2, 3),  # one deck for two, two for three or four
        ("contract-rummy", "7H 7H 7H", 4, 5),  # two decks to four, three from five
        ("farmers", "7H 7H 7H", 4, 5),
        ("shanghai", "JK JK", 3, 5),  # one joker to four, two from five
    ],
)
def test_players_pick_the_pack(client, variant_id, cards, too_few, enough):  # R49
    for path in (CHECK, SCORE):
        body = {"variant": variant_id, "cards": cards}
        assert client.post(path, json=body).status_code == 422  # the smallest table
        assert client.post(path, json=body | {"players": too_few}).status_code == 422
        assert client.post(path, json=body | {"players": enough}).status_code == 200


# --- melds/check with and without a deal ---------------------------------------------

#: (variant, cards, deal or None, legal, a reason or None)
MELDS_BY_DEAL = {
    "loba: an escalera of five is a meld": ("loba", "4H 5H 6H 7H 8H", None, True, None),
    "loba: not deal 2's escalera (R47)": ("loba", "4H 5H 6H 7H 8H", 2, False, "deal 2 of Loba needs an escalera of exactly four; this one has five"),
    "loba: deal 3's escalera of four": ("loba", "4H 5H 6H 7H", 3, True, None),
    "loba: one joker a meld of the initial meld (R52)": ("loba", "4H JK 6H JK", 3, False, "each meld of the initial meld holds at most one wild card"),
    "loba: jokers later (R52)": ("loba", "4H JK 6H JK", None, True, None),
    "loba: deal 1 has no escalera": ("loba", "4H 5H 6H 7H", 1, False, "deal 1 of Loba needs two trios of exactly three; this is an escalera"),
    "telefunken: the pure trio of deal 1 (R55)": ("telefunken", "8C 8H 8S", 1, True, None),
    "telefunken: no joker in the pure trio (R55)": ("telefunken", "8C 8H JK", 1, False, "deal 1 of Telefunken needs a pure trio (no wild card, three suits); this one holds one wild card"),
    "telefunken: three suits in the pure trio (R55)": ("telefunken", "8C 8C 8H", 1, False, "this one repeats a suit"),
    "telefunken: a trio with a joker later": ("telefunken", "8C 8H JK", None, True, None),
    "telefunken: a sequidilla of eight at deal 7 (R47)": ("telefunken", "3S 4S 5S 6S 7S 8S 9S 10S", 7, True, None),
    "shanghai: one wild card in a group of three (R51)": ("shanghai", "8C JK 2S", 1, False, "a group of three may hold at most one wild card"),
    "shanghai: the same without a deal (R51)": ("shanghai", "8C JK 2S", None, False, "a group of three may hold at most one wild card"),
    "shanghai: aces high only (R45)": ("shanghai", "AS 2S 3S 4S", None, False, None),
    "shanghai: a sequence of exactly ten at deal 8": ("shanghai", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH", 8, True, None),
    "farmers: no wild card in deal 1's set (R56)": ("farmers", "8C 8H 2S", 1, False, "deal 1 of Farmer's Rummy needs a set of exactly three with no wild card"),
    "farmers: more naturals than wilds (R56)": ("farmers", "8C 2S JK", None, False, None),
    "farmers: no runs (R44)": ("farmers", "4H 5H 6H 7H", None, False, "Farmer's Rummy has no runs: its melds are sets only"),
    "sa-kaluki: a group of four suits at most (R43)": ("sa-kaluki", "8C 8H 8S 8D JK", None, False, "a set holds at most four cards"),
    "sa-kaluki: Blitz takes any legal meld (R58)": ("sa-kaluki", "8C 8H 8S", 1, True, None),
    "caribbean: a three holds two naturals (R54)": ("caribbean-kalooki", "8C JK JK", None, False, None),
    "contract rummy: a group of four at deal 1 (R47)": ("contract-rummy", "8C 8H 8S 8D", 1, False, "this one has four"),
    "contract rummy: a group of four later": ("contract-rummy", "8C 8H 8S 8D", None, True, None),
}  # fmt: skip


@pytest.mark.parametrize("case", MELDS_BY_DEAL)
def test_melds_check_judges_a_meld_of_the_deal_or_a_later_one(client, case):
    variant_id, cards, deal, legal, reason = MELDS_BY_DEAL[case]
    body = {"variant": variant_id, "cards": cards} | ({"deal": deal} if deal else {})
    response = client.post(CHECK, json=body)
    assert response.status_code == 200, response.get_json()
    verdict = response.get_json()
    assert verdict["legal"] is legal, verdict
    assert (verdict["reasons"] == []) is legal
    if reason is not None:
        assert any(reason in text for text in verdict["reasons"]), verdict["reasons"]


def test_a_deal_keeps_only_the_readings_that_fit_its_contract(client):  # R47
    """With 2s wild (R46), 8H and three wild cards are a group of eights or a sequence of
    hearts; deal 2 of Contract Rummy asks for a group of exactly three and a sequence
    of exactly four, so only the sequences are left."""
    meld = {"variant": "contract-rummy", "options": {"twos_wild": True}, "cards": "8H JK 2C 2D"}
    later = client.post(CHECK, json=meld).get_json()
    assert {reading["kind"] for reading in later["readings"]} == {"set", "run"}
    first = client.post(CHECK, json=meld | {"deal": 2}).get_json()
    assert first["legal"] is True
    assert {reading["kind"] for reading in first["readings"]} == {"run"}
    group = client.post(CHECK, json=meld | {"deal": 1}).get_json()  # two groups of three
    assert group["legal"] is False
    assert group["reasons"][0] == (
        "deal 1 of Contract Rummy needs a group of exactly three; this one has four"
    )


# --- Bad input: a sentence and a 4xx, never a 500 ----------------------------------

BAD = {
    "deal past Shanghai's ten": (CONTRACT, {"variant": "shanghai", "deal": 11, "melds": []}, 400, "Shanghai has ten deals"),
    "deal 0 of Jo": (CHECK, {"variant": "jo", "deal": 0, "cards": "8C 8H 8S"}, 400, "deal must be 1 to 7"),
    "deal of a huge number": (CHECK, {"variant": "carioca", "deal": 2**70, "cards": "8C 8H 8S"}, 400, "deal must be 1 to 7"),
    "deal as a string": (CHECK, {"variant": "loba", "deal": "2", "cards": "8C 8H 8S"}, 400, '"deal" must be a whole number'),
    "players of Jo": (SCORE, {"variant": "jo", "players": 2, "cards": "8C"}, 400, "Jo is for 3 to 8 players"),
    "players as a string": (SCORE, {"variant": "jo", "players": "4", "cards": "8C"}, 400, '"players" must be a whole number'),
    "an option of another game": (CHECK, {"variant": "jo", "options": {"twos_wild": True}, "cards": "8C 8H 8S"}, 400, '"twos_wild" is not an option of Jo'),
    "more jokers than Jo's pack": (SCORE, {"variant": "jo", "cards": "JK JK JK"}, 422, "three jokers"),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD)
def test_bad_input_is_a_sentence(client, case):
    path, body, status, sentence = BAD[case]
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    assert sentence in response.get_json()["error"]
    assert re.fullmatch(r"[^\n]+", response.get_json()["error"])
