"""The pages of the Contract Rummy family (docs/rules.md#R41-R64): the grouped new-game
form, eight players, the contract of each deal in the game's words, Jo's winner,
no stock-out, the bent table, the checker judging a meld as of the deal."""

import html
import re

import pytest

from .conftest import enter_deal, start_game, text

EIGHT = ["Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def test_the_new_game_form_groups_every_game_by_family(client):
    page = client.get("/").data.decode()
    push, family = page.split('<p class="family">')[1:3]
    assert push.startswith("Push family")
    assert family.startswith("Contract Rummy family")
    for name in ["Push", "Push solo", "Cap-It", "Shove-It"]:
        assert f">{name}</a>" in push
    for name in [
        "Contract Rummy",
        "Jo",
        "Progressive Rummy",
        "King Rummy",
        "Shanghai",
        "Loba",
        "Carioca",
        "South African Kaluki",
        "Caribbean Kalooki",
        "Russian Rummy",
        "Telefunken",
        "Farmer&#39;s Rummy",
    ]:
        assert f">{name}</a>" in family


@pytest.mark.parametrize(
    ("variant", "counts", "fields", "options", "teams", "pot"),
    [
        ("contract-rummy", "3 to 8", 8, ["twos_wild"], False, False),
        ("jo", "3 to 8", 8, [], False, False),
        ("king-rummy", "4", 4, [], False, False),
        ("loba", "2 to 5", 5, [], False, False),
        ("caribbean-kalooki", "3 to 6", 6, [], False, False),
        ("russian", "2 to 8", 8, [], False, False),
        ("push", "4", 4, ["partnerships"], True, False),
        ("cap-it", "4 to 6", 6, ["ten_cards"], False, True),
    ],
)
def test_each_game_offers_its_player_counts_options_teams_and_pot(
    client, variant, counts, fields, options, teams, pot
):
    page = client.get(f"/?variant={variant}").data.decode()
    assert f"({counts} players)" in page
    assert len(re.findall(r'name="players-\d+"', page)) == fields
    for name in options:
        assert f'name="option_{name}"' in page
    assert ('name="option_' in page) is bool(options)
    assert ('name="teams-0"' in page) is teams
    assert ('name="stake"' in page) is pot


def test_a_game_of_eight_players(client):
    game = start_game(client, "shanghai", EIGHT)
    page = client.get(game).data.decode()
    assert len(re.findall(r'<tr class="[^"]*">', page)) == 10
    assert '<table class="sheet many">' in page
    assert '<abbr title="Bartholomew"><bdi>Bar.</bdi></abbr>' in page
    assert "Ann.: Annabelle · Bar.: Bartholomew" in text(client.get(game))
    # Everyone but Annabelle scores; eight hands fit the pack of three decks.
    enter_deal(client, game, 0, **{f"points_{seat}": str(seat * 5) for seat in range(1, 8)})
    # Each total with the deal's points under it, as on paper; who dealt is named as
    # the column heads name the players, in full in its title.
    page = client.get(game)
    assert (
        "1 · 11 dealer Ann. --- 0 5 +5 10 +10 15 +15 20 +20 25 +25 30 +30 35 +35 "
        "2 · 11 dealer Bar."
    ) in text(page)
    assert '<span class="dealer" title="Annabelle">' in page.data.decode()


def test_a_count_the_game_does_not_allow_is_refused_and_named(client):
    data = {f"players-{i}": name for i, name in enumerate(EIGHT[:6])}
    response = client.post("/?variant=loba", data=data)
    assert response.status_code == 422
    assert "Loba is for 2 to 5 players, not 6" in text(response)


@pytest.mark.parametrize(
    ("variant", "players", "line"),
    [
        (
            "shanghai",
            4,
            "Deal 1 · Annabelle deals 11 · two groups of exactly three, at most 1 wild card in each group",
        ),
        (
            "loba",
            3,
            "Deal 1 · Annabelle deals 11 · two trios of exactly three, at most 1 wild card in each meld",
        ),
        ("caribbean-kalooki", 3, 'Deal 1 · Annabelle deals 9 · three "threes"'),
        (
            "sa-kaluki",
            3,
            "Deal 1 · Annabelle deals 13 · Blitz: the whole hand in legal melds, melds holding at least 13 cards",
        ),
        (
            "telefunken",
            4,
            "Deal 1 · Annabelle deals 11 · one pure trio (no wild card, three suits)",
        ),
    ],
)
def test_the_sheet_shows_the_deals_contract_in_the_games_words(client, variant, players, line):
    game = start_game(client, variant, EIGHT[:players])
    assert line in html.unescape(text(client.get(game)))


def test_shanghai_deal_eight_says_its_wild_card_limits(client):
    game = start_game(client, "shanghai", EIGHT[:4])
    for _ in range(7):
        enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    assert (
        "Deal 8 · Dan deals 11 · one group of exactly three and one sequence of exactly ten, "
        "at most 1 wild card in the group and 4 in the sequence"
    ) in text(client.get(game))
    assert "Deal 8 · 11 cards" in text(client.get(f"{game}/check"))


def test_jo_the_one_who_went_out_takes_the_hands_and_the_highest_total_wins(client):  # R62
    game = start_game(client, "jo", ["Ann", "Bob", "Cat"])
    assert "The highest total wins" in text(client.get(game))
    form = text(client.post(f"{game}/deals/new", data={"went_out": "0", "points-1": "20"}))
    assert "Ann takes the other hands" in form
    for out in [0, 1, 2, 0, 1, 2, 0]:
        fields = {f"points_{seat}": str(10 + 5 * seat) for seat in range(3) if seat != out}
        enter_deal(client, game, out, **fields)
    page = text(client.get(game))
    # Ann took 35 three times (105), Bob 30 twice (60), Cat 25 twice (50).
    assert "★ Ann wins with 105, the highest total" in page
    assert "7 · 12 dealer Ann 105 +35 60 0 50 0" in page


def test_no_stock_out_where_the_discards_are_reshuffled(client):  # R64
    game = start_game(client, "contract-rummy", ["Ann", "Bob", "Cat"])
    form = client.get(f"{game}/deals/new").data.decode()
    assert 'value="stock"' not in form
    response = enter_deal(client, game, "stock", status=422, points_0="5", points_1="5")
    assert "say who went out" in text(response)
    assert "the stock ran out" not in text(response)
    push = start_game(client)
    assert 'value="stock"' in client.get(f"{push}/deals/new").data.decode()


def test_the_bent_table_doubles_what_the_deal_adds(client):  # R63
    game = start_game(client, "caribbean-kalooki", ["Ann", "Bob", "Cat"])
    fields = {"went_out": "0", "points-1": "10", "hand-2": "AH JK"}
    plain = text(client.post(f"{game}/deals/new", data=fields))
    assert "This deal adds: Ann 0 · Bob 10 · Cat 51" in plain
    bent = text(client.post(f"{game}/deals/new", data=fields | {"bent_table": "y"}))
    assert "This deal adds: Ann 0 · Bob 20 · Cat 102" in bent
    saved = client.post(f"{game}/deals/new", data=fields | {"bent_table": "y", "save": "1"})
    assert saved.status_code == 303
    # The saved deal is doubled too.
    assert "1 · 9 dealer Ann --- 0 20 +20 102 +102" in text(client.get(game))


def test_only_a_game_that_doubles_a_bent_table_offers_the_box(client):
    caribbean = start_game(client, "caribbean-kalooki", ["Ann", "Bob", "Cat"])
    assert 'name="bent_table"' in client.get(f"{caribbean}/deals/new").data.decode()
    shanghai = start_game(client, "shanghai", ["Ann", "Bob", "Cat"])
    assert 'name="bent_table"' not in client.get(f"{shanghai}/deals/new").data.decode()
    # A box sent anyway to a game without one is the rules core's to refuse (R63).
    sent = {"went_out": "0", "points-1": "10", "points-2": "5", "bent_table": "y"}
    assert "Shanghai has no bent table" in text(client.post(f"{shanghai}/deals/new", data=sent))
    saved = client.post(f"{shanghai}/deals/new", data=sent | {"save": "1"})
    assert saved.status_code == 422 and "Enter deal 1" in text(client.get(shanghai))


def test_the_checker_shows_the_games_own_words_and_card_values(client):
    page = text(client.get("/check", query_string={"variant": "loba", "cards": "5H 6H 7H 8H"}))
    assert "Run of hearts, 5 to 8 escalera" in page
    game = start_game(client, "caribbean-kalooki", ["Ann", "Bob", "Cat"])
    sheet = text(client.get(game))
    assert "Cards left in hand: JK 50 · A 15 · 2-10 face value · J Q K 10 · A♥ A♦ 1" in sheet
    assert "The pack: two decks and four jokers" in sheet


#: A meld that later_melds decides at deal 1: no part of the deal's initial meld, yet a
#: meld of the game. (variant, cards, the page's verdict, the API's question: the deal
#: where every meld put down is one of the initial meld, none where it may be a later one)
LATER_MELDS_DECIDE = [
    # later_melds off: a meld, but not one of deal 1's contract (R47)
    ("contract-rummy", "8S 8H 8D 8C", "✘ A meld, but not one of this deal", {"deal": 1}),
    ("russian", "4H 5H 6H 7H", "✔ Legal", {}),  # later_melds on
]


@pytest.mark.parametrize(("variant", "cards", "shown", "asked"), LATER_MELDS_DECIDE)
def test_the_checker_in_a_game_and_the_api_judge_one_meld_alike(
    client, variant, cards, shown, asked
):  # R59
    """In a game the checker judges a meld as put down in the deal, and the API, asked
    the same, gives the same verdict: both are the rules core's read_meld."""
    game = start_game(client, variant, ["Ann", "Bob", "Cat"])
    page = text(client.get(f"{game}/check", query_string={"mode": "meld", "cards": cards}))
    body = {"variant": variant, "players": 3, "cards": cards}
    verdict = client.post("/api/v1/melds/check", json=body | asked).get_json()
    assert shown in page
    assert verdict["legal"] is (shown == "✔ Legal")
    for reason in verdict["reasons"]:
        assert f"contract: {reason}" in page  # the verdict's line: its title, then why
    for reading in verdict["readings"]:
        assert f"Run of hearts, {reading['low']} to {reading['high']}" in page
    # docs/api.md: asked with the deal, the API judges one meld of its initial meld.
    initial = client.post("/api/v1/melds/check", json=body | {"deal": 1}).get_json()
    assert initial["legal"] is False


def test_in_a_game_one_meld_is_judged_as_of_the_deal_where_no_new_meld_follows(client):  # R59
    # Contract Rummy deal 1: two groups of exactly three; a group of four is no part.
    game = start_game(client, "contract-rummy", ["Ann", "Bob", "Cat"])
    page = text(client.get(f"{game}/check", query_string={"mode": "meld", "cards": "8S 8H 8D 8C"}))
    assert "✘ A meld, but not one of this deal" in page  # a meld, of the wrong size (R47)
    assert "✔ Legal" in text(client.get("/check?variant=contract-rummy&cards=8S+8H+8D+8C"))
    # Russian Rummy lays down any legal meld later: a group of four is a meld in a game too.
    russian = start_game(client, "russian", ["Ann", "Bob", "Cat"])
    page = text(
        client.get(f"{russian}/check", query_string={"mode": "meld", "cards": "8S 8H 8D 8C"})
    )
    assert "✔ Legal" in page
