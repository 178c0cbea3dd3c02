"""The checker's Rescue mode: the meld on the table, the natural card, and the
verdict with what happens to the wild card, by the game's rule (R24, R25, R79), as
a plain form and with htmx. The tab is named for what the game does ("Take a
joker", "Move a joker"; Push's own "Rescue")."""

import pytest

from referee.pages.checker.meld_checker import run_checker
from referee.rules import get_ruleset

from .conftest import start_game, text
from .test_checker_page import state_after, tap

TO_MELD = "it must be used at once in a meld you make this turn; it never goes into your hand"


def test_the_checker_offers_a_rescue_mode_beside_lay_off(client):
    page = client.get("/check").data.decode()
    assert page.index('value="mode:layoff"') < page.index('value="mode:rescue"')


def test_switching_to_rescue_sends_taps_to_the_meld_on_the_table_first(client):
    state = state_after(client, "/check", cards="", press="mode:rescue")
    assert state["mode"] == ["rescue"]
    assert state["into"] == ["table"]
    state = state_after(client, "/check", mode="layoff", into="tray", press="mode:rescue")
    assert state["into"] == ["table"]


def test_taps_go_to_the_meld_then_to_the_card(client):
    state = state_after(client, "/check", mode="rescue", table="7H JK", press="rank:9")
    assert state["table_rank"] == ["9"]
    state = state_after(
        client, "/check", mode="rescue", table="7H JK", table_rank="9", press="suit:H"
    )
    assert state["table"] == ["7H JK 9H"]
    assert state.get("cards", [""]) == [""]
    state = state_after(client, "/check", mode="rescue", table="7H JK 9H", press="into:tray")
    assert state["into"] == ["tray"]
    state = state_after(
        client, "/check", mode="rescue", table="7H JK 9H", into="tray", rank="8", press="suit:H"
    )
    assert state["cards"] == ["8H"]
    assert state["table"] == ["7H JK 9H"]


def test_a_second_card_tapped_takes_the_place_of_the_first(client):
    state = state_after(
        client, "/check", mode="rescue", table="7H JK 9H", into="tray", cards="8H", rank="8",
        press="suit:D",
    )  # fmt: skip
    assert state["cards"] == ["8D"]


def test_a_legal_rescue_says_which_wild_card_comes_out_and_where_it_goes(client):
    page = text(tap(client, "/check", mode="rescue", table="7H JK 9H", into="tray", cards="8H"))
    assert "✔ 8♥ takes the place of JK" in page
    assert f"JK comes out: {TO_MELD}" in page  # R25
    assert "Run of hearts, 7 to 9" in page
    assert "JK (for 8♥ ) comes out 7♥ 8♥ 9♥" in page  # the meld after the swap


def test_a_refused_rescue_says_why(client):
    page = text(tap(client, "/check", mode="rescue", table="6C 6H JK", into="tray", cards="7H"))
    assert "✘ Not a rescue" in page
    assert "7♥ is not a card any wild card of this meld stands for" in page
    assert "a joker&#39;s place in a set of sixes takes a six" in page
    assert TO_MELD not in page


def test_before_the_card_the_meld_shows_what_its_wild_cards_stand_for(client):
    page = text(tap(client, "/check", mode="rescue", table="7H JK 9H"))
    assert "JK → 8♥" in page
    assert "Then the card you hold, once you have met the contract." in page  # R22


def test_an_undeclared_meld_offers_a_declaration_for_each_way(client):
    page = tap(client, "/check", mode="rescue", table="6D 2S JK", into="tray", cards="5D")
    assert 'value="declare:run:D:4"' in page.data.decode()
    assert "It depends how the meld was declared" in text(page)
    page = text(
        tap(
            client, "/check", mode="rescue", table="6D 2S JK", into="tray", cards="5D",
            press="declare:run:D:5",
        )
    )  # fmt: skip
    assert "✔ 5♦ takes the place of 2♠" in page
    assert "Declared." in page
    assert "Run of diamonds, 4 to 6" not in page


def test_the_declaration_stays_when_the_card_changes(client):
    state = state_after(
        client, "/check", mode="rescue", table="6D 2S JK", declare="run:D:5", into="tray",
        rank="5", press="suit:D",
    )  # fmt: skip
    assert state["declare"] == ["run:D:5"]
    state = state_after(
        client, "/check", mode="rescue", table="6D 2S", declare="set:6", into="table",
        press="joker",
    )  # fmt: skip
    assert "declare" not in state  # the meld changed: its declaration goes


def test_the_card_may_be_typed_but_only_one(client):
    state = state_after(
        client, "/check", mode="rescue", table="7H JK 9H", into="tray", typed="8h", press="typed"
    )
    assert state["cards"] == ["8H"]
    response = client.get(
        "/check",
        query_string={
            "mode": "rescue", "table": "7H JK 9H", "into": "tray", "typed": "8h 9h",
            "press": "typed",
        },
    )  # fmt: skip
    assert response.status_code == 200
    assert "is two cards" in text(response)


def test_with_htmx_the_answer_is_the_inside_of_the_checker(client):
    response = client.get(
        "/check",
        query_string={"mode": "rescue", "table": "7H JK 9H", "into": "tray", "press": "rank:8"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response.data.decode().lstrip().startswith('<div id="checker-live">')
    assert "mode=rescue" in response.headers["HX-Replace-Url"]


def test_in_a_game_the_rescue_follows_the_games_rescue_to_hand(client):  # R25
    game = start_game(client)  # the option off, as it is by default
    page = text(tap(client, f"{game}/check", mode="rescue", table="6C 6H JK", cards="6D"))
    assert f"JK comes out: {TO_MELD}" in page
    game = start_game(client, option_rescue_to_hand="y")
    page = text(tap(client, f"{game}/check", mode="rescue", table="6C 6H JK", cards="6D"))
    assert "JK comes out: it may go into your hand" in page
    assert TO_MELD not in page


def test_the_state_machine_alone():
    rules = get_ruleset("push", {"rescue_to_hand": True})
    checker = run_checker({"mode": "rescue", "table": "7H JK 9H", "cards": "8H"}, [], rules)
    assert checker.rescue is not None
    assert (checker.rescue.legal, checker.rescue.freed, checker.rescue.wild_goes) == (
        True,
        ["JK"],
        "hand",
    )
    assert checker.state()["into"] == "table"
    two = run_checker({"mode": "rescue", "table": "7H JK 9H", "cards": "8H 9H"}, [], rules)
    assert two.error == "your natural card is one card: tap a chip to take the others back"
    packed = run_checker({"mode": "rescue", "table": "7H 7H JK", "cards": "7H"}, [], rules)
    assert "there are three 7H here" in packed.error  # R3


# --- Joker exchange by game (R79): the tab named for what the game does --------------


@pytest.mark.parametrize(
    ("variant", "tab"),
    [("push", "Rescue"), ("contract-rummy", "Take a joker"), ("shanghai", "Take a joker"),
     ("loba", "Move a joker"), ("carioca", "Move a joker"), ("caribbean-kalooki", "Move a joker"),
     ("telefunken", "Take a joker"), ("farmers", "Take a joker")],
)  # fmt: skip
def test_the_tab_is_named_for_what_the_game_does_with_a_joker(client, variant, tab):  # R79
    page = client.get("/check", query_string={"variant": variant}).data.decode()
    assert (
        f'value="mode:rescue" role="tab" aria-selected="false" class="tab">{tab}</button>' in page
    )


def test_before_the_card_the_tab_says_the_games_rule(client):  # R79
    page = text(tap(client, "/check", variant="loba", mode="rescue", table="9C 10C JC JK"))
    assert (
        "In Loba only a joker at an end of an escalera moves: the natural card takes its "
        "place and the joker moves past it, to stand for the next card; it never goes into "
        "your hand." in page
    )


@pytest.mark.parametrize(
    ("variant", "table", "cards", "says", "goes"),
    [
        ("jo", "4H JK 6H 7H", "5H", "✔ 5♥ takes the place of JK",
         "JK comes out: it goes into your hand"),
        ("loba", "JK 10C JC QC", "9C", "✔ 9♣ takes the place of JK",
         "JK moves to the bottom of the escalera, as 8♣; it never goes into your hand"),
        ("caribbean-kalooki", "9C JK JC QC", "10C", "✔ 10♣ takes the place of JK",
         "JK moves to the top of the &#34;four&#34;, as K♣; it never goes into your hand"),
        ("telefunken", "8C 8D JK", "8H 8S", "✔ 8♥ and 8♠ take the place of JK",
         "JK comes out: it goes into your hand"),
    ],
)  # fmt: skip
def test_the_verdict_says_what_happens_to_the_joker(client, variant, table, cards, says, goes):
    page = text(tap(client, "/check", variant=variant, mode="rescue", table=table, into="tray",
                    cards=cards))  # fmt: skip
    assert says in page
    assert goes in page
    assert TO_MELD not in page


def test_a_moved_joker_shows_where_it_stands_now(client):  # R79
    page = text(tap(client, "/check", variant="loba", mode="rescue", table="JK 10C JC QC",
                    into="tray", cards="9C"))  # fmt: skip
    assert "JK (for 9♣ ) moves, as 8♣" in page
    assert "JK → 8♣ 9♣ 10♣ J♣ Q♣" in page  # the escalera after, the joker at its new place


def test_an_exchange_the_game_refuses_is_titled_the_joker_stays(client):  # R79
    page = text(tap(client, "/check", variant="loba", mode="rescue", table="9C JK JC QC",
                    into="tray", cards="10C"))  # fmt: skip
    assert "✘ The joker stays" in page
    assert "in Loba a joker in the middle of an escalera never moves" in page
    assert "Not a rescue" not in page


def test_where_a_sets_joker_takes_two_cards_two_are_kept(client):  # R79
    state = state_after(
        client, "/check", variant="telefunken", mode="rescue", table="8C 8D JK", into="tray",
        cards="8H", rank="8", press="suit:S",
    )  # fmt: skip
    assert state["cards"] == ["8H 8S"]
    state = state_after(
        client, "/check", variant="telefunken", mode="rescue", table="8C 8D JK", into="tray",
        cards="8H 8S", rank="8", press="suit:D",
    )  # fmt: skip
    assert state["cards"] == ["8S 8D"]  # a third takes the first one's place
    state = state_after(
        client, "/check", variant="telefunken", mode="rescue", table="8C 8D JK", into="tray",
        typed="8h 8s", press="typed",
    )  # fmt: skip
    assert state["cards"] == ["8H 8S"]
    page = text(tap(client, "/check", variant="telefunken", mode="rescue", table="8C 8D JK"))
    assert "Your natural cards" in page
    assert "Then the card you hold (two of a set's rank for its joker)" in page


def test_in_a_family_game_the_tab_follows_the_games_rule(client):  # R79
    game = start_game(client, "jo", ["Ann", "Bob", "Cat"])
    page = tap(client, f"{game}/check", mode="rescue", table="4H JK 6H 7H", cards="5H")
    assert ">Take a joker</button>" in page.data.decode()
    assert "JK comes out: it goes into your hand" in text(page)
