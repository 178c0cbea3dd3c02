"""Each tab of the checker keeps its own cards: what is tapped in one (a hand in
My hand, a meld on the table in Lay off) never shows in another, and is there
again when its tab comes back."""

import pytest

from referee.pages.checker.meld_checker import run_checker
from referee.rules import get_ruleset

from .conftest import start_game, text

PUSH = get_ruleset("push")


def taps(*presses, fields=None):
    """The checker after each press in turn, carried by its fields as the page carries
    it, the typed field as typed until added (deal 1 of a game of Push for four)."""
    state = dict(fields or {})
    for press in presses:
        melds = state.pop("melds", [])
        checker = run_checker(state | {"press": press}, melds, PUSH, 4, 1)
        state = checker.state(**({"typed": checker.typed} if checker.typed else {}))
    return checker


# (the taps, the tab then shown, its cards, its meld on the table, its melds done)
TABS = [
    # A hand in My hand is no natural card of a rescue, nor cards to lay off.
    (["mode:hand", "typed", "mode:rescue"], "rescue", "", "", []),
    (["mode:hand", "typed", "mode:layoff"], "layoff", "", "", []),
    (["mode:hand", "typed", "mode:meld"], "meld", "", "", []),
    (["mode:hand", "typed", "mode:contract"], "contract", "", "", []),
    # ... and is there again when My hand comes back.
    (
        ["mode:hand", "typed", "mode:rescue", "mode:layoff", "mode:hand"],
        "hand",
        "8C 8H JK KD KS",
        "",
        [],
    ),
    # A lay-off's meld on the table and its cards, kept through other tabs.
    (
        ["mode:layoff", "typed", "into:tray", "rank:8", "suit:H", "mode:meld", "mode:layoff"],
        "layoff",
        "8H",
        "8C 8H JK KD KS",
        [],
    ),
    # A rescue's meld on the table is not the lay-off's.
    (["mode:layoff", "typed", "mode:rescue"], "rescue", "", "", []),
    # The contract's melds done so far, kept while the hand is looked at.
    (
        ["mode:contract", "typed", "next-meld", "rank:4", "suit:C", "mode:hand", "mode:contract"],
        "contract",
        "4C",
        "",
        ["8C 8H JK KD KS"],
    ),
    # One meld's cards, kept while a lay-off is checked.
    (["typed", "mode:layoff", "mode:meld"], "meld", "8C 8H JK KD KS", "", []),
]


@pytest.mark.parametrize(("presses", "mode", "cards", "table", "melds"), TABS)
def test_each_tab_keeps_its_own_cards(presses, mode, cards, table, melds):
    checker = taps(*presses, fields={"typed": "8C 8H JK KD KS"})
    assert (checker.mode, checker.tray.text, checker.table.text, checker.melds) == (
        mode,
        cards,
        table,
        melds,
    )


def test_a_tab_shown_again_goes_on_with_the_box_next_to_fill():
    empty = taps("mode:layoff")
    assert empty.into == "table"  # R23: the meld on the table first
    back = taps("mode:layoff", "typed", "mode:meld", "mode:layoff", fields={"typed": "4H 5H 6H"})
    assert (back.table.text, back.into) == ("4H 5H 6H", "tray")


def test_the_hand_sent_to_the_contract_check_replaces_its_melds_and_comes_back():
    checker = taps(
        "mode:contract",
        "typed",
        "next-meld",
        "mode:hand",
        "typed",
        "send:8C 8H JK",
        fields={"typed": "KD KS KH"},
    )
    assert (checker.mode, checker.melds, checker.hand) == ("contract", ["8C 8H JK"], "")
    hand = taps(
        "mode:hand", "typed", "send:8C 8H JK", "mode:hand", fields={"typed": "8C 8H JK 4C"}
    )
    assert (hand.mode, hand.tray.text) == ("hand", "8C 8H JK 4C")


def test_the_page_draws_no_other_tab_s_cards(client):
    game = start_game(client)
    hand = "8C 8H JK KD KS"
    response = client.get(
        f"{game}/check",
        query_string={"mode": "hand", "cards": hand, "press": "mode:rescue"},
        follow_redirects=True,
    )
    page = text(response)
    assert "Tap the meld already on the table, then your natural card" in page
    assert "8♣" not in page.split("Your natural card")[1].split("Or type them")[0]
    assert f'name="hand" value="{hand}"' in response.data.decode()
