"""An evening of Shanghai on two phones (docs/rules.md#R76-R78): who deals, buys counted
on either phone and seen on the other, one past the limit refused, one taken back,
and the evening's page after Play again, on a 360 px phone too."""

import re

from playwright.sync_api import Page, expect

from .helpers import api, shot, swapped

THREE = ["Ann", "Bob", "Cat"]


def buys_of(phone: Page, player: str):
    return phone.locator(".buys li", has_text=player).locator(".buy-count")


def tap_in_sheet(phone: Page, name: str) -> None:
    """Tap a button of the sheet and wait for the sheet it answers with."""
    swapped(phone, "#sheet", phone.get_by_role("button", name=name).tap)


def test_an_evening_of_shanghai_with_buys_on_two_phones(new_context, server):
    game = api(server, "/api/v1/games", {"variant": "shanghai", "players": THREE})
    path, key = f"/games/{game['id']}", game["edit_key"]
    one, two = new_context().new_page(), new_context(width=360).new_page()
    for phone in (one, two):
        phone.goto(f"{path}/join#{key}")
        expect(phone.locator("h1")).to_have_text("Shanghai")
    expect(one.locator(".contract")).to_contain_text("Deal 1 · Ann deals 11 ·")  # R76

    # R77: a buy on one phone is seen on the other at its next poll, and back.
    expect(one.locator("#buys-title")).to_have_text("Buys this deal, 3 each")
    tap_in_sheet(one, "Ann buys a discard")
    expect(buys_of(one, "Ann")).to_have_text("Ann 1 of 3")
    expect(buys_of(two, "Ann")).to_have_text("Ann 1 of 3")
    tap_in_sheet(two, "Ann buys a discard")
    tap_in_sheet(two, "Ann buys a discard")
    expect(buys_of(two, "Ann")).to_have_text("Ann 3 of 3")
    expect(buys_of(one, "Ann")).to_have_text("Ann 3 of 3")
    tap_in_sheet(one, "Ann buys a discard")  # a fourth: refused, nothing counted
    expect(one.get_by_role("alert")).to_have_text("Ann has used all 3 buys this deal")
    expect(buys_of(one, "Ann")).to_have_text("Ann 3 of 3")
    tap_in_sheet(two, "Take back Ann's last buy")
    expect(buys_of(two, "Ann")).to_have_text("Ann 2 of 3")
    expect(buys_of(one, "Ann")).to_have_text("Ann 2 of 3")
    expect(buys_of(one, "Bob")).to_have_text("Bob 0 of 3")
    shot(two, "buys.png")

    # Nine deals later: the last deal has four buys (R77); each row says who dealt.
    for number in range(1, 10):
        out = THREE[number % 3]
        deal = {"went_out": out, "points": {p: 5 * number for p in THREE if p != out}}
        api(server, f"/api/v1/games/{game['id']}/deals", deal, key)
    one.reload()
    expect(one.locator(".contract")).to_contain_text("Deal 10 · Ann deals 11 ·")
    expect(one.locator("#buys-title")).to_have_text("Buys this deal, 4 each")
    expect(one.locator("table.sheet tbody tr").nth(1).locator("th")).to_have_text(
        "2 · 11 dealer Bob"
    )
    last = {"went_out": "Ann", "points": {"Bob": 5, "Cat": 5}}
    api(server, f"/api/v1/games/{game['id']}/deals", last, key)

    # R78: Play again, then the evening's page from the new game's sheet.
    one.reload()
    expect(one.locator(".winner")).to_be_visible()
    expect(one.locator(".chart svg")).to_be_visible()
    one.get_by_role("button", name="Play again").tap()
    expect(one).not_to_have_url(re.compile(re.escape(path) + "$"))
    expect(one.locator(".contract")).to_contain_text("Deal 1 · Bob deals 11 ·")
    one.get_by_role("link", name="The evening").tap()
    expect(one.locator("h1")).to_have_text("The evening")
    expect(one.locator(".evening-games > li")).to_have_count(2)
    expect(one.locator(".evening-games > li").first).to_contain_text("Game 1: Shanghai")
    expect(one.locator(".evening-players tbody tr")).to_have_count(3)
    expect(one.locator(".chart svg")).to_have_count(1)  # the new game has no deal yet
    two.goto(one.url)  # anyone with the link reads it, on a 360 px phone too
    expect(two.locator(".chart svg")).to_be_visible()
    assert two.evaluate("document.documentElement.scrollWidth") <= 360
    shot(two, "evening.png")
