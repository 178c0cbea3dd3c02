"""The meld checker on a phone: tap a meld in, read the verdict, type cards."""

import re

from playwright.sync_api import expect

from .helpers import chips, shot, swapped, tap, tap_cards


def test_tapping_six_two_joker_reads_four_ways(page):
    page.goto("/check")
    expect(page.locator("#checker-live > .chips")).to_contain_text("Tap a rank, then a suit.")
    tap(page, "rank:6")
    expect(page.locator("#checker-live > .chips .card.pending")).to_have_text("6…")
    tap(page, "suit:D")
    tap(page, "rank:2")
    tap(page, "suit:S")
    tap(page, "joker")

    expect(chips(page)).to_have_text(["6♦", "2♠", "JK"])
    verdict = page.locator(".result .verdict")
    expect(verdict).to_have_class(re.compile(r"\blegal\b"))
    expect(verdict.locator(".says")).to_have_text("✔ Legal: 4 ways to read it — declare one")
    readings = verdict.locator(".readings > li")
    expect(readings.locator(".title")).to_have_text(
        [
            "Set of sixes",
            "Run of diamonds, 4 to 6",
            "Run of diamonds, 5 to 7",
            "Run of diamonds, 6 to 8",
        ]
    )
    # Each run shows what each wild card stands for, in run order.
    expect(readings.nth(1).locator(".wild")).to_have_text(["2♠ → 4♦", "JK → 5♦"])
    expect(readings.nth(1).locator(".placed")).to_have_text(re.compile(r"2♠ → 4♦\s+JK → 5♦\s+6♦"))
    expect(readings.nth(2).locator(".wild")).to_have_text(["2♠ → 5♦", "JK → 7♦"])
    expect(readings.nth(3).locator(".wild")).to_have_text(["2♠ → 7♦", "JK → 8♦"])
    expect(readings.get_by_role("button", name="Declare")).to_have_count(4)
    shot(page, "checker.png")

    # The address bar keeps the cards: a reload shows the same chips and verdict.
    expect(page).to_have_url(re.compile(r"/check\?.*cards=6D(\+|%20)2S(\+|%20)JK"))
    page.reload()
    expect(chips(page)).to_have_text(["6♦", "2♠", "JK"])
    expect(page.locator(".result .says")).to_contain_text("Legal")

    # A tap on a chip takes that card back.
    tap(page, "remove:1")
    expect(chips(page)).to_have_text(["6♦", "JK"])
    expect(page.locator(".result .says")).to_have_text("✘ Not a meld")
    expect(page.locator(".result .reasons")).to_contain_text(
        "a meld needs three or more cards; this has two"
    )


def test_declaring_one_reading_keeps_it(page):
    page.goto("/check?cards=6D+2S+JK")
    tap(page, "declare:run:D:5")
    expect(page.locator(".readings > li .title")).to_have_text(["Run of diamonds, 5 to 7"])
    expect(page.locator(".result")).to_contain_text("Declared.")
    tap(page, "declare:")
    expect(page.locator(".readings > li")).to_have_count(4)


def test_an_illegal_meld_says_why(page):
    page.goto("/check")
    tap_cards(page, "8C 8C 8H")
    expect(chips(page)).to_have_text(["8♣", "8♣", "8♥"])
    verdict = page.locator(".result .verdict")
    expect(verdict).to_have_class(re.compile(r"\billegal\b"))
    expect(verdict.locator(".says")).to_have_text("✘ Not a meld")
    expect(verdict.locator(".reasons li").first).to_have_text("a set may not hold two clubs")
    shot(page, "checker-illegal.png")


def test_typing_cards(page):
    page.goto("/check")
    typed = page.get_by_label("Or type them")
    typed.fill("7h 8h jk")
    # Enter in the field adds what was typed.
    swapped(page, "#checker-live", lambda: typed.press("Enter"))
    expect(chips(page)).to_have_text(["7♥", "8♥", "JK"])
    expect(page.locator(".result .says")).to_contain_text("Legal")
    expect(page.get_by_label("Or type them")).to_have_value("")

    # A token that is no card: the sentence sits by the field, the text stays as typed.
    page.get_by_label("Or type them").fill("7h 1x")
    tap(page, "typed")  # the Add button
    typed = page.get_by_label("Or type them")
    expect(typed).to_have_value("7h 1x")
    expect(typed).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#typed-error")).to_have_text('"1x" is not a card')
    expect(chips(page)).to_have_text(["7♥", "8♥", "JK"])  # nothing of it was added

    # Fixed, and added with the Add button.
    typed.fill("9h")
    tap(page, "typed")
    expect(page.locator("#typed-error")).to_have_count(0)
    expect(chips(page)).to_have_text(["7♥", "8♥", "JK", "9♥"])


def test_the_verdicts_line_gives_the_telling_reason_and_a_tap_shows_the_others(page):
    """9♥ 2♣ JK in Shanghai: three cards can only be a group there, so the line above
    the keypad says what is wrong with the group; a tap on it shows every reason."""
    page.goto("/check?variant=shanghai")
    tap_cards(page, "9H 2C JK")
    line = page.locator("#checker-dock .says")
    expect(line).to_contain_text(
        "✘ Not a meld: too many wild cards for Shanghai: a group of three may hold at "
        "most one wild card, and this has two"
    )
    line.get_by_role("link").tap()
    other = page.locator("#verdict-reasons li").nth(1)
    expect(other).to_have_text("a sequence needs four or more cards in Shanghai; this has three")
    expect(other).to_be_in_viewport()
    assert other.bounding_box()["y"] + other.bounding_box()["height"] <= line.bounding_box()["y"]
