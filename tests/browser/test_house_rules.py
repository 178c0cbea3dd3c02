"""A table's own rules on the phone (docs/rules.md#R68-R75), as issue 23 asks: a table sets
up Liverpool with sequences of three, aces around the corner and jokers at 25, saves
it as "Grandma's Liverpool", plays three deals with a bonus, and a second phone opens
the rules card and starts the same rules. Every wait is on something the page shows."""

import re

from playwright.sync_api import Page, expect

from .helpers import (
    adds,
    expect_sheet,
    open_deal_form,
    points,
    save,
    settled,
    shot,
    swapped,
    went_out,
)

GRANDMAS = "Grandma's Liverpool"
SAID = [
    "Sequences of three or more",
    "An ace may turn the corner: Q K A 2",
    "Jokers are worth 25",
    "Bonuses: Exact cut -10",
]
HOUSE_LINE = (
    "House rules: sequences of three or more; an ace may turn the corner: Q K A 2; "
    "jokers are worth 25; bonuses: Exact cut -10"
)


def said(page: Page):
    return page.locator("#house-said li")


def change(page: Page, action, words: str) -> None:
    """Make a change in the house rules and wait until the rules are said back with it."""
    settled(page)
    action()
    expect(page.locator("#house-said")).to_contain_text(words)


def set_up_grandmas_liverpool(page: Page) -> None:
    page.goto("/")
    page.locator(".variant-pick a.pill", has_text=re.compile(r"^Contract Rummy$")).tap()
    expect(page.get_by_role("button", name="Start Contract Rummy")).to_be_visible()
    page.locator("#house > summary").tap()
    expect(page.locator("#house-said")).to_contain_text("As the book has them")
    change(page, lambda: page.get_by_label("Sequences of at least").select_option("3"), SAID[0])
    change(page, lambda: page.get_by_label("Aces in a sequence").select_option("around"), SAID[1])
    joker = page.locator("input[name='house-value-JK']")
    change(page, lambda: (joker.fill("25"), joker.blur()), SAID[2])
    swapped(
        page,
        "#new-game",
        lambda: page.get_by_role("button", name="Add a bonus or penalty").tap(),
    )
    page.locator("input[name='house-bonus-1-name']").fill("Exact cut")
    bonus = page.locator("input[name='house-bonus-1-points']")
    change(page, lambda: (bonus.fill("-10"), bonus.blur()), SAID[3])
    expect(said(page)).to_have_text(SAID)
    expect(page.locator("#house-count")).to_have_text("(4 changes)")


def test_a_table_sets_up_saves_plays_and_shares_its_own_rules(page, new_context):
    set_up_grandmas_liverpool(page)
    # Saved on this phone under the table's name.
    page.get_by_label("Save these rules on this phone as").fill(GRANDMAS)
    swapped(page, "#new-game", lambda: page.get_by_role("button", name="Save on this phone").tap())
    expect(page.locator("#house .notice")).to_have_text(
        f"Saved on this phone as “{GRANDMAS}”: it is offered first next time."
    )
    expect(said(page)).to_have_text(SAID)  # the form as it was
    shot(page, "house-rules-form.png")
    for seat, name in enumerate(["Ann", "Bob", "Cat"]):
        page.locator(f"input[name='players-{seat}']").fill(name)
    page.get_by_role("button", name="Start Contract Rummy").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator(".house-line")).to_have_text(HOUSE_LINE)

    # Three deals; Bob's first comes with the table's bonus, one tap.
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "25")
    points(page, 2, "10")
    swapped(
        page, "#deal-live", lambda: page.get_by_role("button", name="Bob: Exact cut -10").tap()
    )
    expect(page.locator("input[name='adjust-1']")).to_have_value("-10")
    expect(adds(page)).to_have_text("This deal adds: Ann 0 · Bob 15 · Cat 10")
    save(page)
    for number, typed in ((2, {0: 5, 2: 20}), (3, {0: 30, 1: 15})):
        open_deal_form(page, number)
        went_out(page, {2: 1, 3: 2}[number])
        for seat, value in typed.items():
            points(page, seat, str(value))
        save(page)
    expect_sheet(
        page,
        [["1 · 10", "---", "15", "10"], ["2 · 10", "5", "15", "30"], ["3 · 10", "35", "30", "30"]],
    )
    first = page.locator("table.sheet tbody tr").first.locator("td")
    expect(first.nth(1)).to_have_class("adjusted")  # Bob's cell, and only his
    expect(page.locator("td.adjusted")).to_have_count(1)
    expect(page.locator(".adjust-key")).to_contain_text("Deal 1: Bob -10, Exact cut")
    shot(page, "house-rules-sheet.png")

    # Next time, the saved rules come first; their rules card goes to the other phone.
    page.goto("/")
    saved = page.locator(".saved-rules a.pill", has_text=GRANDMAS)
    expect(saved).to_be_visible()
    swapped(page, "#new-game", saved.tap)
    expect(said(page)).to_have_text(SAID)
    page.get_by_role("link", name="Share these rules: a link and a QR code").tap()
    expect(page.locator("h1")).to_have_text(GRANDMAS)
    expect(page.locator(".qr svg")).to_be_visible()
    link = page.locator("#card-link a").get_attribute("href")
    assert link and "/rules/" in link

    other = new_context().new_page()
    other.goto(link)
    expect(other.locator("#house-said li")).to_have_text(SAID)
    expect(other.get_by_label("Save these rules on this phone as")).to_have_value(GRANDMAS)
    for seat, name in enumerate(["Dan", "Eve", "Fay", "Gus"]):
        other.locator(f"input[name='players-{seat}']").fill(name)
    other.get_by_role("button", name="Start Contract Rummy").tap()
    expect(other).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(other.locator(".house-line")).to_have_text(HOUSE_LINE)
    other.locator(".rules-of > summary").tap()
    expect(other.locator(".rules-of")).to_contain_text("An ace may turn the corner: Q K A 2")


def test_a_refusal_stands_beside_its_field_as_it_is_made(page):
    page.goto("/?variant=contract-rummy")
    page.locator("#house > summary").tap()
    change(
        page,
        lambda: page.get_by_label("Sequences of at least").select_option("5"),
        "Not playable as they stand",
    )
    expect(page.locator("#house-error-run_min")).to_have_text(
        "deal 2 asks for a sequence of exactly four, and a sequence must be five or more cards"
    )
    page.locator("input[name='players-0']").fill("Ann")  # typed meanwhile: kept
    change(
        page,
        lambda: page.get_by_label("Sequences of at least").select_option("4"),
        "As the book has them",
    )
    expect(page.locator("#house-error-run_min")).to_be_empty()
    expect(page.locator("input[name='players-0']")).to_have_value("Ann")
