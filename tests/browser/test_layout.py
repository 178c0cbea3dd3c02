"""Every main page fits a 360 px phone, and the keypad's keys are big enough to hit."""

import pytest
from playwright.sync_api import expect

from .helpers import api, start_push

NARROW = 360
TAP = 48  # px: the smallest key a thumb hits reliably


@pytest.fixture
def games(server):
    """Two games made through the API: one after a deal, one finished; with edit keys."""
    made = {}
    for name, deals in (("playing", 1), ("finished", 5)):
        game = api(
            server,
            "/api/v1/games",
            {"variant": "push", "players": ["Annabelle", "Bartholomew", "Cat", "Dan"]},
        )
        for _ in range(deals):
            api(
                server,
                f"/api/v1/games/{game['id']}/deals",
                {"went_out": "Annabelle", "points": {"Bartholomew": 115, "Dan": 10}},
                game["edit_key"],
            )
        made[name] = (f"/games/{game['id']}", game["edit_key"])
    return made


def _pages(games):
    playing, key = games["playing"]
    finished, _ = games["finished"]
    return {
        "home": "/",
        "checker": "/check?cards=6D+2S+JK",
        "checker, illegal": "/check?cards=8C+8C+8H",
        "checker, lay off": "/check?mode=layoff&table=7H+8H+9H&cards=10H+JK&into=tray",
        "join": f"{playing}/join#{key}",  # joins, then shows the sheet
        "sheet": playing,
        "sheet, finished": finished,
        "deal form": f"{playing}/deals/new",
        "correcting a deal": f"{playing}/deals/1/edit",
        "share": f"{playing}/share",
        "checker of the game": f"{playing}/check?melds=8S+8H+8D&cards=KS+KH+JK",
    }


def test_no_page_scrolls_sideways_at_360_px(new_context, games):
    page = new_context(width=NARROW).new_page()
    too_wide = {}
    for name, path in _pages(games).items():
        page.goto(path)
        expect(page.locator("main")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > NARROW:
            too_wide[name] = width
    assert not too_wide, f"pages wider than {NARROW} px: {too_wide}"


def _small_keys(page):
    keys = page.locator(".keypad button")
    expect(keys.first).to_be_visible()
    small = []
    for i in range(keys.count()):
        box = keys.nth(i).bounding_box()
        if box["width"] < TAP or box["height"] < TAP:
            small.append(f"{keys.nth(i).inner_text()} {box['width']:.0f}×{box['height']:.0f}")
    return small


@pytest.mark.parametrize("width", [390, NARROW])
def test_keypad_keys_are_at_least_48_px(new_context, server, width):
    page = new_context(width=width).new_page()
    page.goto("/check")
    small = {"checker": _small_keys(page)}
    start_push(page)
    page.get_by_role("link", name="Enter deal 1").tap()
    small["deal form"] = _small_keys(page)
    small = {name: keys for name, keys in small.items() if keys}
    assert not small, f"keypad keys under {TAP} px at {width} px wide: {small}"
