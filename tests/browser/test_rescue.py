"""Rescuing a wild card on a phone: tap the meld on the table, then the natural card,
and read which wild card comes out and where it goes (R24, R25)."""

import re

import pytest
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_rescue_passes_an_accessibility_audit(new_context, scheme):
    page = new_context(width=360).new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto("/check?mode=rescue&table=6D+2S+JK&into=tray&cards=5D")
    expect(page.locator(".result .says")).to_have_text("✔ 5♦ takes the place of JK or 2♠")
    audit(page, "a rescue, two ways to read the meld")
    page.goto("/check?mode=rescue&table=6C+6H+JK&into=tray&cards=7H")
    expect(page.locator(".result .says")).to_have_text("✘ Not a rescue")
    audit(page, "a rescue refused, with its reasons")
