"""A family's Liverpool with its own pack (docs/rules.md#R68, R75), as issue 36 asks: four
players who play with all four jokers set the pack on the house rules form, and the
"Out first" bonus for whoever goes out; the sheet says the pack back, a hand with two
jokers is tapped and counted on the deal form, the bonus follows who went out, and
My hand takes the two jokers too. Every wait is on something the page shows."""

import re

from playwright.sync_api import Page, expect

from .helpers import (
    adds,
    chips,
    expect_sheet,
    hand,
    open_deal_form,
    points,
    save,
    settled,
    swapped,
    tap,
    tap_cards,
    went_out,
)

FAMILY = ["Ann", "Bob", "Cat", "Dan"]
PACK = "Pack: 3-4 players two decks and four jokers; 5-8 players three decks and two jokers"
BONUS = "Bonuses: Out first -10 to whoever goes out"


def change(page: Page, action, words: str) -> None:
    settled(page)
    action()
    expect(page.locator("#house-said")).to_contain_text(words)


def set_up_the_familys_liverpool(page: Page) -> None:
    page.goto("/")
    page.locator(".variant-pick a.pill", has_text=re.compile(r"^Contract Rummy$")).tap()
    expect(page.get_by_role("button", name="Start Contract Rummy")).to_be_visible()
    page.locator("#house > summary").tap()
    jokers = page.locator("select[name='house-pack-1-jokers']")
    expect(page.locator("#house-pack-1")).to_have_text("3 to 4 players")
    change(page, lambda: jokers.select_option("4"), PACK)
    swapped(
        page, "#new-game", lambda: page.get_by_role("button", name="Add a bonus or penalty").tap()
    )
    page.locator("input[name='house-bonus-1-name']").fill("Out first")
    page.locator("input[name='house-bonus-1-points']").fill("-10")
    ticked = page.get_by_label("to whoever goes out, every deal")
    change(page, ticked.check, BONUS)
    for seat, name in enumerate(FAMILY):
        page.locator(f"input[name='players-{seat}']").fill(name)
    page.get_by_role("button", name="Start Contract Rummy").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))


def test_a_family_of_four_plays_with_four_jokers_and_its_going_out_bonus(page):
    set_up_the_familys_liverpool(page)
    expect(page.locator(".house-line")).to_contain_text(PACK[0].lower() + PACK[1:])
    game = page.url

    open_deal_form(page, 1)
    went_out(page, 0)
    expect(page.locator("#went-out-bonus-0")).to_have_text(
        "Out first -10: for going out, added by that alone"
    )
    hand(page, 1, "JK JK 7H")  # two jokers: the family's pack holds four
    expect(chips(page, "#chips-1")).to_have_count(3)
    expect(page.locator("#pts-1")).to_have_text("37 points")
    expect(page.locator("#points-1-error")).to_have_text("")
    points(page, 2, "10")
    points(page, 3, "5")
    expect(adds(page)).to_have_text("This deal adds: Ann -10 · Bob 37 · Cat 10 · Dan 5")
    save(page)
    expect_sheet(page, [["1 · 10", "-10", "37", "10", "5"]])
    expect(page.locator(".adjust-key")).to_contain_text("Deal 1: Ann -10, Out first")

    # My hand, in the game's checker, holds the two jokers too.
    page.get_by_role("link", name="Check a meld").last.tap()
    expect(page).to_have_url(re.compile(re.escape(game) + "/check"))
    tap(page, "mode:hand")
    tap_cards(page, "JK JK 7H 8H 9H")
    expect(chips(page)).to_have_count(5)
    expect(page.locator("#checker-live")).not_to_contain_text("holds only")
    expect(page.locator("#checker-live .solution")).to_be_visible()


def test_sequences_of_three_say_what_they_leave_and_one_tap_changes_the_contracts(page):
    page.goto("/?variant=contract-rummy")
    page.locator("#house > summary").tap()
    note = page.locator("#house-note-run_min")
    expect(note).to_be_empty()
    runs = page.get_by_label("Sequences of at least")
    change(page, lambda: runs.select_option("3"), "Sequences of three or more")
    expect(note).to_contain_text("deals 2, 3, 5, 6 and 7 still ask for sequences of four")
    follow = note.get_by_role("button", name="Change them too: sequences of three")
    swapped(page, "#new-game", follow.tap)
    expect(page.locator("#house-note-run_min")).to_be_empty()
    expect(page.locator("input[name='house-deal-2-part-2-min']")).to_have_value("3")
    expect(page.locator("#house-said")).to_contain_text(
        "Deal 2: 10 cards, one group of exactly three and one sequence of exactly three"
    )
