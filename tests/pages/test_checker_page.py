"""The meld checker page: a keypad, a verdict that follows every tap (R15)."""

from urllib.parse import parse_qs, urlparse

import pytest

from .conftest import start_game, text


def tap(client, path, **state):
    """A tap as a phone without JavaScript makes it: the answer, after its redirect."""
    return client.get(path, query_string=state, follow_redirects=True)


def state_after(client, path, **state):
    """The state a tap leads to, read from the address it redirects to."""
    response = client.get(path, query_string=state)
    assert response.status_code == 303
    return parse_qs(urlparse(response.headers["Location"]).query)


def test_the_checker_has_a_keypad_of_ranks_suits_and_a_joker(client):
    page = client.get("/check").data.decode()
    for rank in ["A", "2", "10", "J", "Q", "K"]:
        assert f'value="rank:{rank}"' in page
    for suit in "SHDC":
        assert f'value="suit:{suit}"' in page
    assert 'value="joker"' in page


def test_a_tap_without_htmx_redirects_to_the_state_so_a_reload_does_not_tap_again(client):
    state = state_after(client, "/check", cards="6D 2S", press="joker")
    assert state["cards"] == ["6D 2S JK"]
    assert "press" not in state


def test_a_tap_with_htmx_answers_the_inside_of_the_checker_and_keeps_the_address_on_the_state(
    client,
):
    response = client.get(
        "/check", query_string={"cards": "6D 2S", "press": "joker"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    page = response.data.decode()
    assert "<html" not in page
    assert page.lstrip().startswith('<div id="checker-live">')
    assert "<form" not in page  # the form and its keypad stay, so a tap made meanwhile waits
    assert 'value="rank:' not in page
    assert 'value="remove:2"' in page  # the third chip
    assert "cards=6D+2S+JK" in response.headers["HX-Replace-Url"]


# R15: a meld of many readings says their count and kinds; a few are listed.
MANY_READINGS = [
    ("2C 2H 2S 2D", "Legal: 56 ways to read it, as 12 sets and 44 runs — declare one", True),
    ("6D 2S JK", "Legal: 4 ways to read it — declare one", False),
]


@pytest.mark.parametrize(("cards", "says", "folded"), MANY_READINGS)
def test_many_readings_are_said_by_their_count_and_kinds(client, cards, says, folded):
    response = tap(client, "/check", cards=cards)
    assert text(response).count(says) == 2  # the verdict, and the line above the keypad
    assert ('class="many-readings"' in response.data.decode()) is folded


def test_6d_2s_jk_shows_four_readings_and_what_each_wild_card_stands_for(client):
    page = text(tap(client, "/check", cards="6D 2S JK"))
    assert "Legal: 4 ways to read it — declare one" in page
    assert "Set of sixes" in page
    assert "Run of diamonds, 4 to 6" in page
    assert "Run of diamonds, 5 to 7" in page
    assert "Run of diamonds, 6 to 8" in page
    assert "2♠ → 4♦" in page  # R15: the first wild card entered takes the lowest place
    assert "JK → 8♦" in page


def test_where_2s_are_natural_a_set_of_twos_shows_no_wild_card(client):  # R46, R50
    page = tap(client, "/check", variant="contract-rummy", cards="2C 2D 2S")
    assert "Set of twos" in text(page)
    assert "→" not in text(page)  # no "2♣ → any 2": not one of them is wild here
    assert 'class="wild"' not in page.data.decode()


def test_where_2s_are_wild_the_same_set_shows_each_wild_card(client):  # R4, R16
    page = text(tap(client, "/check", cards="2C 2D JK", press="declare:set:5"))
    assert "2♣ → any 5" in page and "2♦ → any 5" in page and "JK → any 5" in page


def test_declaring_keeps_one_reading(client):
    page = text(tap(client, "/check", cards="6D 2S JK", press="declare:run:D:5"))
    assert "Run of diamonds, 5 to 7" in page
    assert "Run of diamonds, 4 to 6" not in page
    assert "Declared." in page


def test_an_illegal_meld_says_why(client):
    page = text(tap(client, "/check", cards="8C 8C 8H"))
    assert "Not a meld" in page
    assert "a set may not hold two clubs" in page


@pytest.mark.parametrize(
    ("state", "cards"),
    [
        ({"cards": "", "press": "rank:7"}, ""),  # a rank waits for its suit
        ({"cards": "", "rank": "7", "press": "suit:H"}, "7H"),
        ({"cards": "7H", "press": "rank:7"}, "7H"),
        ({"cards": "7H 8H", "press": "back"}, "7H"),
        ({"cards": "7H 8H 9H", "press": "remove:1"}, "7H 9H"),  # a tap on a chip removes it
        ({"cards": "7H 8H 9H", "press": "clear"}, ""),
        ({"cards": "7H", "press": "suit:H"}, "7H"),  # a suit with no rank does nothing
    ],
)
def test_each_key(client, state, cards):
    assert state_after(client, "/check", **state).get("cards", [""]) == [cards]


def test_a_typed_notation_is_accepted(client):
    assert state_after(client, "/check", cards="", typed="7h 8h jk", press="typed")["cards"] == [
        "7H 8H JK"
    ]


def test_a_typed_bad_token_is_named_next_to_the_field_and_kept_as_typed(client):
    response = client.get(
        "/check", query_string={"cards": "7H", "typed": "8h 1x", "press": "typed"}
    )
    assert response.status_code == 200
    page = response.data.decode()
    assert "&#34;1x&#34; is not a card" in page or '"1x" is not a card' in page
    assert 'value="8h 1x"' in page
    assert 'aria-invalid="true"' in page


def test_the_rules_of_shove_it_when_chosen(client):
    page = text(tap(client, "/check", variant="shove-it", cards="8C 8C 8H"))
    assert "Set of eights" in page  # R10


def test_a_tap_under_another_games_rules_keeps_them_in_the_address(client):
    """The address a tap leads to names the game chosen once, beside the cards: a
    reload, or the tap of a phone without JavaScript, shows the same cards under
    the same rules (not a page that is not there)."""
    tapped = {"variant": "loba", "cards": "8C 8C", "press": "rank:8"}
    response = client.get("/check", query_string=tapped)
    assert response.status_code == 303
    state = parse_qs(urlparse(response.headers["Location"]).query)
    assert (state["variant"], state["cards"], state["rank"]) == (["loba"], ["8C 8C"], ["8"])
    assert client.get(response.headers["Location"]).status_code == 200
    htmx = client.get("/check", query_string=tapped, headers={"HX-Request": "true"})
    assert parse_qs(urlparse(htmx.headers["HX-Replace-Url"]).query)["variant"] == ["loba"]


def test_more_cards_than_the_pack_holds(client):
    page = text(tap(client, "/check", cards="7H 7H 7H"))
    assert "there are three 7♥ here" in page  # card codes are written with their suits


def test_laying_off(client):
    page = text(tap(client, "/check", mode="layoff", table="7H 8H 9H", cards="10H JK"))
    assert "Run of hearts, 6 to 10" in page
    assert "Run of hearts, 7 to J" in page
    page = text(tap(client, "/check", mode="layoff", table="7H 8H 9H", cards="JH"))
    assert "J♥ does not reach a run of hearts 7-9: 10♥ is missing" in page
    assert "These cannot be laid off there" in page


def test_laying_off_taps_go_to_the_chosen_meld(client):
    state = state_after(
        client,
        "/check",
        mode="layoff",
        into="table",
        table="7H 8H",
        table_rank="9",
        press="suit:H",
    )
    assert state["table"] == ["7H 8H 9H"]


def test_in_a_game_the_checker_knows_the_contract(client):
    game = start_game(client)
    page = text(client.get(f"{game}/check"))
    assert "Deal 1 · 6 cards · two sets of three" in page
    page = text(tap(client, f"{game}/check", mode="contract", cards="8C 8H 8S"))
    assert "deal 1 needs two sets of three; found one" in page
    state = state_after(
        client, f"{game}/check", mode="contract", cards="8C 8H 8S", press="next-meld"
    )
    assert state["melds"] == ["8C 8H 8S"]
    assert state.get("cards", [""]) == [""]
    page = text(tap(client, f"{game}/check", mode="contract", melds="8C 8H 8S", cards="KD KS JK"))
    assert "Meets the contract" in page


def test_the_checker_of_an_unknown_game_is_not_found(client):
    assert client.get("/games/nope/check").status_code == 404
