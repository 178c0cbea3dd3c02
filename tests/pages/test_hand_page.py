"""My hand, in a game's checker: tap the whole hand, see the best melds to put down
and what stays in hand, or how many cards it lacks (docs/rules.md#R65, R66). Plain forms
here, as a phone without JavaScript sends them."""

import re
from urllib.parse import parse_qs, urlparse

import pytest

from referee.pages.checker.meld_checker import run_checker
from referee.rules import get_ruleset

from .conftest import start_game, text
from .test_checker_page import state_after, tap


@pytest.fixture
def game(client):
    return start_game(client) + "/check"


def test_my_hand_is_a_tab_where_there_is_a_deal(client, game):
    assert 'value="mode:hand"' in client.get(game).data.decode()
    assert 'value="mode:hand"' not in client.get("/check").data.decode()
    # Without a deal there is no contract to meet: the standalone checker stays on one meld.
    assert "Your hand meets" not in text(tap(client, "/check", mode="hand", cards="8C 8H 8S"))
    assert 'value="mode:hand"' in client.get("/check?deal=2").data.decode()


def test_the_standalone_checker_solves_a_hand_for_the_deal_chosen(client):
    """No game needed: choose the game, then its deal, and tap the hand (R65)."""
    page = client.get("/check", query_string={"variant": "shanghai"}).data.decode()
    links = re.findall(r'href="(/check\?[^"]*deal=[^"]*)"', page)
    assert len(links) == 10  # Shanghai's ten deals
    chosen = parse_qs(urlparse(links[2].replace("&amp;", "&")).query)
    assert (chosen["variant"], chosen["deal"], chosen["mode"]) == (["shanghai"], ["3"], ["hand"])

    hand = "8C 8H 8S 8D KC KH KS KD 4C"
    page = text(tap(client, "/check", variant="shanghai", deal="3", mode="hand", cards=hand))
    assert "Deal 3 · 11 cards · two groups of exactly four" in page
    assert "Your hand meets the contract" in page
    state = state_after(
        client, "/check", variant="shanghai", deal="3", mode="hand", cards="8C", press="rank:8"
    )
    assert (state["variant"], state["deal"], state["mode"]) == (["shanghai"], ["3"], ["hand"])


def test_a_deal_the_game_has_not_leaves_melds_alone_to_check(client):
    for deal in ("6", "0", "x", "²", "9" * 5000):  # Push has five deals
        page = client.get("/check", query_string={"deal": deal, "mode": "hand"})
        assert page.status_code == 200
        assert 'value="mode:hand"' not in page.data.decode()


def test_tapping_into_my_hand_keeps_the_hand_in_the_address(client, game):
    state = state_after(client, game, mode="hand", cards="8C 8H", press="joker")
    assert state["mode"] == ["hand"]
    assert state["cards"] == ["8C 8H JK"]


def test_a_hand_that_meets_the_contract_shows_its_melds_and_the_points_left(client, game):
    page = text(tap(client, game, mode="hand", cards="8C 8H JK KD KS KH 4C 9D"))
    assert "Deal 1 · 6 cards · two sets of three" in page
    assert "✔ Your hand meets the contract" in page
    assert page.count("Contract meld") == 2
    assert "Set of kings" in page
    assert "Set of eights" in page
    assert "JK → any 8" in page  # each wild card with what it stands for
    assert "Stays in hand: 4♣ 9♦ 10 points" in page


def test_a_further_meld_is_marked_as_one(client, game):
    page = text(tap(client, game, mode="hand", cards="8C 8H 8S 2D KS KH 4C 5C 6C 7C 9D"))
    assert page.count("Contract meld") == 2
    assert "Further meld Run of clubs, 4 to 7" in page
    assert "2♦ → any K" in page
    assert "Stays in hand: 9♦ 5 points" in page


def test_a_run_shows_where_its_wild_card_stands(client, game):
    page = text(tap(client, game, mode="hand", cards="8C 8H 8S KD KS KH 4H 5H JK 7H"))
    assert "Run of hearts, 4 to 7 4♥ 5♥ JK → 6♥ 7♥" in page
    assert "Nothing stays in hand: 0 points" in page


def test_the_state_machine_solves_without_a_request():
    checker = run_checker(
        {"mode": "hand", "cards": "4H 5H JK 7H 9S 10S JS QS"}, [], get_ruleset("push"), 4, 3
    )
    assert checker.solution is not None and checker.solution.met
    run = next(meld for meld in checker.solution.melds if meld.reading.suit == "H")
    assert ("JK", "6H") in [(placed.card, placed.as_) for placed in run.reading.cards]
    assert checker.state() == {"mode": "hand", "cards": "4H 5H JK 7H 9S 10S JS QS"}


def test_a_hand_one_card_short_says_which_cards_would_do(client, game):
    page = text(tap(client, game, mode="hand", cards="8C 8H JK KD KS 4C 9D"))
    assert "✘ Cannot meet the contract yet" in page
    assert "One card short: 8♠, 8♦, K♥, K♣ or any wild card" in page
    assert "In hand now: 60 points" in page


def test_a_hand_several_cards_short_says_how_many(client, game):
    page = text(tap(client, game, mode="hand", cards="8C 4D"))
    assert "Four cards short" in page


# R66: short of the contract, one way to meet it, each meld with what it lacks
# (deal 1 of Push: two sets of three; deal 2: a set of three and a run of four).
NEAREST = [
    (
        "8C 8H JK KD KS 4C 9D",
        "One card short: 8♠, 8♦, K♥, K♣ or any wild card",
        ["Set of kings K♦ K♠ JK ✔ complete", "Set of eights 8♣ 8♥ 8♠ 8♠ missing"],
    ),
    (
        "8C 4D",
        "Four cards short, for instance 4♠, 4♥, 8♠ and 8♥",
        ["Set of fours 4♦ 4♠ 4♥ 4♠ and 4♥ missing", "Set of eights 8♣ 8♠ 8♥ 8♠ and 8♥ missing"],
    ),
]


@pytest.mark.parametrize(("hand", "short", "melds"), NEAREST)
def test_short_of_the_contract_it_shows_one_way_to_meet_it(client, game, hand, short, melds):
    response = tap(client, game, mode="hand", cards=hand)
    page = text(response)
    assert short in page
    assert "One way to meet it:" in page
    for meld in melds:
        assert f"Contract meld {meld}" in page
    missing = response.data.decode().count('class="lacked"')
    assert missing == sum(meld.count("missing") and meld.count(" and ") + 1 for meld in melds)


def test_the_way_at_deal_two_names_the_card_a_run_lacks(client):
    page = text(tap(client, "/check", deal="2", mode="hand", cards="5H 6H 8H 9H KC"))
    assert "Three cards short, for instance 5♠, 5♦ and 7♥" in page
    assert "Run of hearts, 6 to 9 6♥ 7♥ 8♥ 9♥ 7♥ missing" in page


def test_each_meld_goes_to_the_contract_check_with_one_tap(client, game):
    hand = "8C 8H JK KD KS KH 4C 9D"
    solution = run_checker({"mode": "hand", "cards": hand}, [], get_ruleset("push"), 4, 1).solution
    assert solution is not None
    melds = [" ".join(meld.cards) for meld in solution.melds]  # in the solver's order
    assert sorted(melds, key=len) == sorted(["KD KS KH", "8C 8H JK"], key=len)
    page = tap(client, game, mode="hand", cards=hand).data.decode()
    for meld in melds:
        assert f'value="send:{meld}"' in page
    assert f'value="send:{"|".join(melds)}"' in page
    state = state_after(client, game, mode="hand", cards=hand, press="send:" + "|".join(melds))
    assert state["mode"] == ["contract"]
    assert state["melds"] == melds
    assert state["hand"] == [hand]
    page = text(tap(client, game, **{k: v[0] if k != "melds" else v for k, v in state.items()}))
    assert "✔ Meets the contract" in page
    # ... and back to the hand.
    back = state_after(client, game, **{"mode": "contract", "hand": hand, "press": "mode:hand"})
    assert back["mode"] == ["hand"]
    assert back["cards"] == [hand]
    assert "hand" not in back


def test_one_meld_sent_alone(client, game):
    state = state_after(
        client, game, mode="hand", cards="8C 8H JK KD KS KH", press="send:8C 8H JK"
    )
    assert state["melds"] == ["8C 8H JK"]


def test_more_than_thirty_cards_is_said_beside_the_tray(client, game):
    hand = " ".join(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS"] * 2)
    hand += " AH 2H 3H 4H 5H 6H 7H"  # 31 cards
    response = tap(client, game, mode="hand", cards=hand)
    assert response.status_code == 200
    page = text(response)
    assert "A hand of at most 30 cards: this one has 31." in page
    assert 'id="tray-error"' in response.data.decode()


def test_a_hand_the_pack_cannot_hold_is_a_sentence(client, game):
    response = tap(client, game, mode="hand", cards="AS AS AS")
    assert response.status_code == 200
    assert "three AS" in text(response).replace("A♠", "AS")


@pytest.mark.parametrize(
    "state",
    [
        {"mode": "hand", "press": "send:"},
        {"mode": "hand", "press": "send:|||"},
        {"mode": "hand", "press": "send:1X 2Y|JK"},
        {"mode": "hand", "hand": "not cards", "press": "mode:hand"},
        {"mode": "hand", "cards": "JK " * 40},
        {"mode": "contract", "press": "send:" + "|".join(["8C 8H 8S"] * 20)},
    ],
)
def test_odd_forms_are_never_a_500(client, game, state):
    response = client.get(game, query_string=state, follow_redirects=True)
    assert response.status_code == 200


def test_the_send_press_keeps_at_most_eight_melds(client, game):
    state = state_after(client, game, mode="hand", press="send:" + "|".join(["8C 8H 8S"] * 20))
    assert len(state["melds"]) == 8


def test_the_address_after_a_send_reloads_the_same_page(client, game):
    response = client.get(
        game, query_string={"mode": "hand", "cards": "8C 8H JK KD KS KH", "press": "send:8C 8H JK"}
    )
    location = urlparse(response.headers["Location"])
    assert "press" not in parse_qs(location.query)


# --- What the server will not work out (R67; referee/plumbing/solves.py) -------------

FOUR_JOKERS = (
    "JK JK JK JK 4H QH 8C 7D 2D 5C 8D 8H QC 10C 7H 10H QD AD 3H 9C 10D KC 2C 2H 5H AH 6C JD 6H JH"
)


def test_a_hand_too_long_to_search_says_what_to_do_and_keeps_the_hand(client):
    """Thirty cards with four jokers: past the solver's limit of work, the page says
    so in the API's sentence, beside the hand, which stays as tapped."""
    page = client.get("/check", query_string={"deal": "1", "mode": "hand", "cards": FOUR_JOKERS})
    assert page.status_code == 200
    words = text(page)
    assert (
        "too many cards to search at once; take out the cards that go into no meld, or tap "
        "the cards of one meld and check it"
    ) in words
    assert 'value="JK JK JK JK 4H QH' in page.data.decode()


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_a_hand_asked_while_another_is_worked_out_is_refused_for_a_second(
    app, client, held_solve, htmx
):
    """One solve at a time in a worker: a hand asked meanwhile, from another phone,
    gets the page (or the fragment htmx swaps in, app.js) with the sentence beside the
    hand, still tapped, a 503 and when to ask again."""
    hand = {"deal": "2", "mode": "hand", "cards": "8C 8H JK 4H 5H 6H 7H 9S KD"}
    first = held_solve.in_background(lambda: client.get("/check", query_string=hand))
    other = app.test_client()
    headers = {"HX-Request": "true"} if htmx else {}
    page = other.get(
        "/check", query_string=hand, headers=headers, environ_base={"REMOTE_ADDR": "10.0.0.2"}
    )
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "1"
    html = page.data.decode()
    assert 'id="checker-live"' in html and 'id="tray-error"' in html
    assert "the referee is working out other hands just now; ask again in a second" in text(page)
    assert 'value="8C 8H JK 4H 5H 6H 7H 9S KD"' in html
    assert "Your hand meets the contract" in text(first())


def test_the_checker_checks_melds_while_a_hand_is_worked_out(app, client, held_solve):
    hand = {"deal": "2", "mode": "hand", "cards": "8C 8H JK 4H 5H 6H 7H 9S KD"}
    first = held_solve.in_background(lambda: client.get("/check", query_string=hand))
    meld = app.test_client().get("/check", query_string={"cards": "8C 8H JK"})
    assert meld.status_code == 200
    assert "Legal" in text(meld) or "legal" in text(meld)
    assert first().status_code == 200
