"""My hand, on a phone: tap the whole hand into a game's checker and see the best
melds to put down and the points left, or which cards it lacks (FAMILY.md R65, R66)."""

import re

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
