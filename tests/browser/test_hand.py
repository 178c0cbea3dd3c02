"""My hand, on a phone: tap the whole hand into a game's checker and see the best
melds to put down and the points left, or which cards it lacks (docs/rules.md#R65, R66)."""

import http.client
import json
import re
import threading
from contextlib import contextmanager
from itertools import cycle, islice
from urllib.parse import urlencode

from playwright.sync_api import expect

from .helpers import chips, shot, start_push, tap, tap_cards


def test_my_hand_shows_its_melds_and_the_points_left_then_what_it_lacks(page):
    game = start_push(page)
    page.get_by_role("link", name="Check a meld").last.tap()
    expect(page).to_have_url(re.compile(re.escape(game) + "/check"))
    tap(page, "mode:hand")
    expect(page.get_by_role("tab", name="My hand")).to_have_attribute("aria-selected", "true")

    tap_cards(page, "8C 8H JK KD KS KH 4C 9D")
    expect(chips(page)).to_have_count(8)
    solution = page.locator("#checker-live .solution")
    expect(solution.locator(".says")).to_have_text("✔ Your hand meets the contract")
    melds = solution.locator(".solved-meld")
    expect(melds).to_have_count(2)
    expect(melds.locator(".which")).to_have_text(["Contract meld", "Contract meld"])
    kings, eights = melds.filter(has_text="Set of kings"), melds.filter(has_text="Set of eights")
    expect(kings.locator(".card")).to_have_count(3)
    expect(eights.locator(".wild")).to_have_text("JK → any 8")
    expect(solution.locator(".left")).to_contain_text("Stays in hand:")
    expect(solution.locator(".left .card")).to_have_text(["4♣", "9♦"])
    expect(solution.locator(".left .points")).to_have_text("10 points")
    shot(page, "my-hand.png")

    # One tap sends the melds to the contract check; the hand waits to come back to.
    page.get_by_role("button", name="Check these melds against the contract").tap()
    expect(page.get_by_role("tab", name="Initial meld")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".meld-done")).to_have_count(2)
    expect(page.locator(".result .says")).to_have_text("✔ Meets the contract")
    page.get_by_role("button", name="Back to my hand").tap()
    expect(page.get_by_role("tab", name="My hand")).to_have_attribute("aria-selected", "true")
    expect(chips(page)).to_have_count(8)

    # Take the third king away: one card short, and which would do.
    page.get_by_role("button", name="Remove KH").tap()
    expect(chips(page)).to_have_count(7)
    expect(solution.locator(".says")).to_have_text("✘ Cannot meet the contract yet")
    expect(solution.locator(".short")).to_have_text(
        "One card short: 8♠, 8♦, K♥, K♣ or any wild card"
    )
    expect(solution.locator(".left .points")).to_have_text("60 points")
    # ... and one way to meet it, the card it lacks drawn apart (R66).
    nearest = solution.locator(".nearest .solved-meld")
    expect(nearest).to_have_count(2)
    expect(nearest.locator(".lacked .card")).to_have_count(1)
    expect(nearest.locator(".lacks")).to_have_text(["✔ complete", "8♠ missing"])
    shot(page, "my-hand-short.png")

    tap(page, "clear")
    expect(solution).to_have_count(0)


def test_my_hand_without_a_game_once_the_game_and_deal_are_chosen(page):
    """At a table that keeps its score on paper: the checker alone, Loba chosen,
    deal 2 (a trio and an escalera of exactly four, R47), then the hand."""
    page.goto("/check")
    expect(page.get_by_role("tab", name="My hand")).to_have_count(0)
    page.get_by_role("link", name="Loba").tap()
    page.get_by_role("link", name=re.compile(r"^Deal 2, 11 cards")).tap()
    expect(page.get_by_role("tab", name="My hand")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".contract")).to_contain_text("Deal 2 · 11 cards")

    tap_cards(page, "8C 8H 8S 4D 5D 6D 7D 8D 9D", "#checker")
    solution = page.locator("#checker-live .solution")
    expect(solution.locator(".says")).to_have_text("✔ Your hand meets the contract")
    expect(solution.locator(".solved-meld")).to_have_count(2)
    expect(solution.locator(".left .card")).to_have_text(["4♦", "5♦"])
    expect(page).to_have_url(re.compile(r"variant=loba.*deal=2|deal=2.*variant=loba"))
    page.reload()
    expect(chips(page)).to_have_count(9)
    expect(solution.locator(".says")).to_have_text("✔ Your hand meets the contract")


def test_my_hand_answers_where_it_is_seen_without_scrolling(page):
    """Eleven cards of Shanghai's deal 1: the solver's answer is in view above the
    keypad, and the line pinned there says it, not an empty strip."""
    page.goto("/check?variant=shanghai&deal=1&mode=hand")
    tap_cards(page, "8C 8H JK KD KS KH 4C 9D 5S 6S 7S")
    says = page.locator("#checker-live .solution .says")
    expect(says).to_have_text("✔ Your hand meets the contract")
    keypad = page.locator(".keypad").bounding_box()
    dock = page.locator("#checker-dock").bounding_box()
    box = says.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= dock["y"] <= keypad["y"]
    expect(page.locator("#checker-dock .says")).to_have_text(
        "✔ Meets the contract with two melds; 31 points stay in hand"
    )
    tap(page, "back")  # take the 7♠ away, then a king: one card short
    page.get_by_role("button", name="Remove KH").tap()
    expect(page.locator("#checker-dock .says")).to_contain_text("✘ One card short")


#: The worst hand a request may send (30 cards, four jokers): the solver's whole
#: allowance of work, then its sentence.
FOUR_JOKERS = (
    "JK JK JK JK 4H QH 8C 7D 2D 5C 8D 8H QC 10C 7H 10H QD AD 3H 9C 10D KC 2C 2H 5H AH 6C JD 6H JH"
)


def test_a_hand_too_long_to_search_says_what_to_tap_instead(page):
    page.goto("/check?" + urlencode({"deal": "1", "mode": "hand", "cards": FOUR_JOKERS}))
    expect(chips(page)).to_have_count(30)
    expect(page.locator("#checker-live")).to_contain_text(
        "too many cards to search at once; take out the cards that go into no meld, or tap "
        "the cards of one meld and check it"
    )


@contextmanager
def other_tables_solving(server: str):
    """Two clients of another address sending the worst hand to solve again and again,
    so the server's one solve at a time is nearly always taken, until the block ends."""
    stop = threading.Event()
    port = int(server.rsplit(":", 1)[1])
    body = json.dumps({"variant": "push", "deal": 1, "cards": FOUR_JOKERS})

    def again_and_again():
        while not stop.is_set():
            connection = http.client.HTTPConnection(
                "127.0.0.1", port, timeout=30, source_address=("127.0.0.2", 0)
            )
            connection.request(
                "POST", "/api/v1/hands/solve", body, {"Content-Type": "application/json"}
            )
            connection.getresponse().read()
            connection.close()

    clients = [threading.Thread(target=again_and_again) for _ in range(2)]
    for client in clients:
        client.start()
    try:
        yield
    finally:
        stop.set()
        for client in clients:
            client.join(30)


def test_a_hand_asked_while_the_server_solves_others_says_to_ask_again(page, server):
    """One solve at a time: while other tables' hands are worked out, a tap that asks
    for this hand is answered at once with a sentence beside the hand, which stays as
    tapped; asked again once they are done, the hand is solved."""
    page.goto("/check?" + urlencode({"deal": "2", "mode": "hand", "cards": "8C 8H JK 4H 5H"}))
    refused = page.locator("#tray-error")
    with other_tables_solving(server):
        # A tap may land between two of their solves: tap again. A rank tapped twice
        # is taken back, so the taps alternate two ranks and one always waits.
        for rank in islice(cycle(("rank:7", "rank:6")), 20):
            tap(page, rank)
            if refused.count():
                break
        expect(refused).to_have_text(
            "the referee is working out other hands just now; ask again in a second"
        )
        expect(chips(page)).to_have_count(5)
    tap(page, "suit:H")
    expect(refused).to_have_count(0)
    expect(page.locator("#checker-live .solution .says")).to_have_text(
        "✘ Cannot meet the contract yet"
    )
    expect(chips(page)).to_have_count(6)


def test_each_tab_of_the_checker_keeps_its_own_cards(page):
    """A hand tapped in My hand is not the natural card of a rescue nor the cards to
    lay off; it is there again when My hand comes back."""
    start_push(page)
    page.get_by_role("link", name="Check a meld").last.tap()
    tap(page, "mode:hand")
    tap_cards(page, "8C 8H JK KD KS")
    expect(chips(page)).to_have_count(5)

    tap(page, "mode:rescue")
    expect(page.get_by_role("tab", name="Rescue")).to_have_attribute("aria-selected", "true")
    expect(chips(page)).to_have_count(0)
    expect(page.locator("#checker-live .card")).to_have_count(0)
    tap_cards(page, "4H 5H JK")  # the meld on the table, the rescue's own

    tap(page, "mode:layoff")
    expect(page.get_by_role("tab", name="Lay off")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#checker-live .card")).to_have_count(0)

    tap(page, "mode:hand")
    expect(chips(page)).to_have_count(5)
    tap(page, "mode:rescue")
    expect(chips(page)).to_have_text(["4♥", "5♥", "JK"])  # on the table; no natural card
    page.reload()  # the address keeps every tab's cards
    tap(page, "mode:hand")
    expect(chips(page)).to_have_count(5)
