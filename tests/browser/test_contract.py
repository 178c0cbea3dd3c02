"""The checker opened from a game's sheet: the deal's contract, one meld at a time,
and laying off onto a meld on the table."""

import re

from playwright.sync_api import expect

from .helpers import chips, shot, start_push, tap, tap_cards


def test_the_initial_meld_against_deal_ones_contract(page):
    game = start_push(page)
    page.get_by_role("link", name="Check a meld").last.tap()
    expect(page).to_have_url(re.compile(re.escape(game) + "/check"))
    expect(page.locator(".contract")).to_have_text("Deal 1 · 6 cards · two sets of three")
    expect(page.get_by_role("tab", name="Initial meld")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("button", name="Next meld")).to_be_disabled()

    tap_cards(page, "8S 8H 8D")
    verdict = page.locator(".result .verdict")
    expect(verdict.locator(".says")).to_have_text("✘ Does not meet the contract yet")
    expect(verdict.locator(".reasons")).to_contain_text(
        "deal 1 needs two sets of three; found one"
    )

    tap(page, "next-meld")
    expect(page.locator(".meld-done .chips .card")).to_have_text(["8♠", "8♥", "8♦"])
    expect(page.locator(".meld-done .mini")).to_have_text("✔")
    expect(page.locator("p.label", has_text="Meld 2")).to_be_visible()
    expect(chips(page)).to_have_count(0)

    tap_cards(page, "KS KH JK")
    expect(verdict.locator(".says")).to_have_text("✔ Meets the contract")
    readings = verdict.locator(".readings li")
    expect(readings).to_have_count(2)
    assert sorted(readings.all_inner_texts()) == [
        "Meld 1 as set of eights",
        "Meld 2 as set of kings",
    ]
    shot(page, "contract.png")

    # The state is in the address: a reload keeps both melds.
    page.reload()
    expect(page.locator(".meld-done .chips .card")).to_have_text(["8♠", "8♥", "8♦"])
    expect(chips(page)).to_have_text(["K♠", "K♥", "JK"])
    expect(page.locator(".result .says")).to_have_text("✔ Meets the contract")

    # Taking the first meld away leaves one: not enough.
    tap(page, "drop-meld:0")
    expect(page.locator(".meld-done")).to_have_count(0)
    expect(page.locator(".result .reasons")).to_contain_text(
        "deal 1 needs two sets of three; found one"
    )

    page.get_by_role("link", name="Back to the sheet").tap()
    expect(page).to_have_url(re.compile(re.escape(game) + "$"))


def test_laying_off(page):
    start_push(page)
    page.get_by_role("link", name="Check a meld").last.tap()
    tap(page, "mode:layoff")
    expect(page.get_by_role("tab", name="Lay off")).to_have_attribute("aria-selected", "true")
    tap(page, "into:table")
    expect(page.get_by_role("button", name="The meld on the table")).to_have_class(
        re.compile(r"\bon\b")
    )
    tap_cards(page, "7H 8H 9H")
    table, tray = (
        page.locator("#checker-live > .chips").nth(0),
        page.locator("#checker-live > .chips").nth(1),
    )
    expect(table.locator(".card")).to_have_text(["7♥", "8♥", "9♥"])
    tap(page, "into:tray")
    tap_cards(page, "10H JK")
    expect(tray.locator(".card")).to_have_text(["10♥", "JK"])
    verdict = page.locator(".result .verdict")
    expect(verdict).to_have_class(re.compile(r"\blegal\b"))
    expect(verdict.locator(".says")).to_contain_text("✔ Legal")
    expect(verdict.locator(".says")).to_have_text("✔ Legal: 2 ways to read it — declare one")
    readings = verdict.locator(".readings > li")
    expect(readings.locator(".title")).to_have_text(
        ["Run of hearts, 6 to 10", "Run of hearts, 7 to J"]
    )
    expect(readings.nth(0).locator(".wild")).to_have_text(["JK → 6♥"])
    expect(readings.nth(1).locator(".wild")).to_have_text(["JK → J♥"])

    # A card that fits at neither end.
    tap(page, "remove:1")
    tap_cards(page, "KS")
    expect(verdict).to_have_class(re.compile(r"\billegal\b"))
    expect(verdict.locator(".reasons")).to_have_text("K♠ does not belong in a run of hearts")


def test_remove_stays_beside_its_meld_at_360_px(new_context):
    """A meld of the initial meld with its verdict: Remove sits on the meld's line."""
    page = new_context(width=360).new_page()
    game = start_push(page)
    page.goto(f"{game}/check?mode=contract&melds=8S+8H+8D+8C+JK&cards=KS")
    meld = page.locator(".meld-done").first
    expect(meld.locator(".mini")).to_contain_text("✘")
    cards = meld.locator(".chips").bounding_box()
    remove = meld.get_by_role("button", name="Remove").bounding_box()
    assert remove["y"] < cards["y"] + cards["height"]  # on the cards' line, not under it
    assert remove["height"] < 60  # one line: the word does not wrap
    assert remove["x"] + remove["width"] <= 360


def test_a_finished_games_checker_may_check_any_deal(page, server):
    """After the last deal the checker lets the player pick any deal of the game."""
    from .helpers import api_game

    game = api_game(
        server,
        ["Ann", "Bob", "Cat", "Dan"],
        [{"went_out": "Ann", "points": {"Bob": 15, "Dan": 10}}] * 5,
    )
    page.goto(f"/games/{game['id']}/check")
    expect(page.locator(".contract")).to_contain_text("Deal 5 · 10 cards")
    page.get_by_role("link", name=re.compile(r"^Deal 2, 7 cards")).tap()
    expect(page.locator(".contract")).to_contain_text("Deal 2 · 7 cards")
    tap_cards(page, "8S 8H 8D")
    expect(page.locator(".contract")).to_contain_text("Deal 2 · 7 cards")  # taps keep the deal
