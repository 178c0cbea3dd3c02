"""Rescuing a wild card on a phone: tap the meld on the table, then the natural card,
and read which wild card comes out and where it goes (R24, R25)."""

import re

from playwright.sync_api import Page, expect

from .helpers import api, shot, tap, tap_cards
from .test_accessibility import audit

TO_MELD = "it must be used at once in a meld you make this turn; it never goes into your hand"


def box(page: Page, which: int):
    """The cards of the meld on the table (0) or of the natural card (1)."""
    return page.locator("#checker-live > .chips").nth(which).locator(".card:not(.pending)")


def test_rescuing_the_joker_of_a_run(page):
    page.goto("/check")
    tap(page, "mode:rescue")
    expect(page.get_by_role("tab", name="Rescue")).to_have_attribute("aria-selected", "true")
    # Taps go to the meld on the table first.
    table = page.locator("button[value='into:table']")
    expect(table).to_have_class(re.compile(r"\bon\b"))
    tap_cards(page, "7H JK 9H")
    expect(box(page, 0)).to_have_text(["7♥", "JK", "9♥"])
    expect(box(page, 1)).to_have_count(0)
    # Before the card: what the joker stands for.
    expect(page.locator(".result .readings .wild")).to_have_text(["JK → 8♥"])

    tap(page, "into:tray")
    tap_cards(page, "8H")
    expect(box(page, 1)).to_have_text(["8♥"])
    verdict = page.locator(".result .verdict")
    expect(verdict).to_have_class(re.compile(r"\blegal\b"))
    expect(verdict.locator(".says")).to_have_text("✔ 8♥ takes the place of JK")
    expect(verdict.locator(".goes")).to_have_text(f"JK comes out: {TO_MELD}")  # R25
    expect(verdict.locator(".readings .placed")).to_have_text(re.compile(r"7♥\s*8♥\s*9♥"))
    shot(page, "rescue.png")

    # Another card takes the first one's place; the referee says why not.
    tap_cards(page, "10H")
    expect(box(page, 1)).to_have_text(["10♥"])
    expect(verdict.locator(".says")).to_have_text("✘ Not a rescue")
    expect(verdict.locator(".reasons li")).to_have_text(
        [
            "10♥ is not a card any wild card of this meld stands for",
            "in a run of hearts 7-9, JK stands for 8♥",
        ]
    )

    # The address keeps it all: a reload shows the same.
    expect(page).to_have_url(re.compile(r"mode=rescue"))
    page.reload()
    expect(box(page, 0)).to_have_text(["7♥", "JK", "9♥"])
    expect(box(page, 1)).to_have_text(["10♥"])
    expect(page.locator(".result .says")).to_have_text("✘ Not a rescue")


def test_in_a_game_with_rescue_to_hand_on_a_360_px_phone(new_context, server):  # R25
    game = api(
        server,
        "/api/v1/games",
        {
            "variant": "push",
            "players": ["Ann", "Bob", "Cat", "Dan"],
            "options": {"rescue_to_hand": True},
        },
    )["id"]
    page = new_context(width=360).new_page()
    page.goto(f"/games/{game}/check")
    expect(page.get_by_role("tab")).to_have_text(
        ["Initial meld", "My hand", "One meld", "Lay off", "Rescue"]
    )
    tap(page, "mode:rescue")
    tap_cards(page, "6C 6H JK")
    tap(page, "into:tray")
    tap_cards(page, "6D")
    verdict = page.locator(".result .verdict")
    expect(verdict.locator(".says")).to_have_text("✔ 6♦ takes the place of JK")
    expect(verdict.locator(".goes")).to_have_text("JK comes out: it may go into your hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # five tabs fit
    shot(page, "rescue-to-hand-360.png")


def test_rescue_passes_an_accessibility_audit(new_context):
    page = new_context(width=360).new_page()
    page.goto("/check?mode=rescue&table=6D+2S+JK&into=tray&cards=5D")
    expect(page.locator(".result .says")).to_have_text("✔ 5♦ takes the place of JK or 2♠")
    audit(page, "a rescue, two ways to read the meld")
    page.goto("/check?mode=rescue&table=6C+6H+JK&into=tray&cards=7H")
    expect(page.locator(".result .says")).to_have_text("✘ Not a rescue")
    audit(page, "a rescue refused, with its reasons")
    page.goto("/check?variant=loba&mode=rescue&table=9C+10C+JC+JK")
    expect(page.locator(".rule")).to_contain_text("In Loba only a joker at an end")
    audit(page, "a joker exchange before the card: the game's rule")
    page.goto("/check?variant=loba&mode=rescue&table=9C+10C+JC+JK&into=tray&cards=QC")
    expect(page.locator(".result .goes")).to_contain_text("JK moves to the top")
    audit(page, "a joker moved, two ways to read the meld")


# --- Joker exchange by game (R79) on a phone ------------------------------------------


def test_taking_a_joker_into_the_hand_in_jo_on_a_360_px_phone(new_context, server):  # R79
    game = api(server, "/api/v1/games", {"variant": "jo", "players": ["Ann", "Bob", "Cat"]})["id"]
    page = new_context(width=360).new_page()
    page.goto(f"/games/{game}/check")
    # Named for what Jo does with a joker: the player takes it into the hand.
    expect(page.get_by_role("tab")).to_have_text(
        ["Initial meld", "My hand", "One meld", "Lay off", "Take a joker"]
    )
    tap(page, "mode:rescue")
    expect(page.get_by_role("tab", name="Take a joker")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".rule")).to_have_text(
        "In Jo the natural card takes a joker's place and the joker goes into your hand."
    )
    tap_cards(page, "4H JK 6H 7H")
    tap(page, "into:tray")
    tap_cards(page, "5H")
    verdict = page.locator(".result .verdict")
    expect(verdict.locator(".says")).to_have_text("✔ 5♥ takes the place of JK")
    expect(verdict.locator(".goes")).to_have_text("JK comes out: it goes into your hand")
    expect(verdict.locator(".readings .placed")).to_have_text(re.compile(r"4♥\s*5♥\s*6♥\s*7♥"))
    expect(page.locator("#checker-dock .says")).to_have_text(
        "✔ JK comes out: it goes into your hand"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # five tabs fit
    shot(page, "take-a-joker-360.png")


def test_moving_a_joker_in_loba(page):  # R79
    page.goto("/check?variant=loba")
    tap(page, "mode:rescue")
    expect(page.get_by_role("tab", name="Move a joker")).to_have_attribute("aria-selected", "true")
    tap_cards(page, "9C 10C JC JK")
    # The joker reads as QC or as 8C: the table says which, as it was put down (R15).
    tap(page, "declare:run:C:9")
    expect(page.locator(".result .readings .wild")).to_have_text(["JK → Q♣"])
    tap(page, "into:tray")
    tap_cards(page, "QC")
    verdict = page.locator(".result .verdict")
    expect(verdict).to_have_class(re.compile(r"\blegal\b"))
    expect(verdict.locator(".says")).to_have_text("✔ Q♣ takes the place of JK")
    expect(verdict.locator(".goes")).to_have_text(
        "JK moves to the top of the escalera, as K♣; it never goes into your hand"
    )  # R79's own example: 9C 10C JC QC JK, the joker now the king
    expect(verdict.locator(".freed")).to_have_text(re.compile(r"JK \(for Q♣\s*\) moves, as K♣"))
    expect(verdict.locator(".placed .wild")).to_have_text(["JK → K♣"])
    shot(page, "move-a-joker.png")

    # A joker in the middle of an escalera never moves.
    tap(page, "clear")
    tap(page, "into:table")
    tap(page, "clear")
    tap_cards(page, "9C JK JC QC")
    tap(page, "into:tray")
    tap_cards(page, "10C")
    expect(verdict.locator(".says")).to_have_text("✘ The joker stays")
    expect(verdict.locator(".reasons li")).to_have_text(
        ["in Loba a joker in the middle of an escalera never moves"]
    )
