"""A deal entered with no network: *Enter deal* opens from the sheet kept offline,
every tap and typed point is drawn by the referee on the phone as the server would
draw it (the sums above Save current), a reload or a closed tab loses nothing, *Not saved yet* stands
beside Save, and the deal is saved once when the network is back. A phone without
the referee says a tap needs the network. And the service worker's caches: a new
release's referee replaces the old one's, and no page is given a bundle it does not
name."""

import re

import pytest
from playwright.sync_api import expect

from referee.pages.checker.phone_referee import PYODIDE_VERSION

from .helpers import (
    adds,
    api,
    chips,
    expect_sheet,
    hand,
    kept,
    points,
    start_push,
    tap,
    went_out,
)

pytestmark = pytest.mark.keeps_referee  # the phones keep the referee, as by default

READY = "The referee works offline on this phone."
NEEDS_NETWORK = "No network: checks need the network on this phone, so that tap was not taken."


def open_kept_deal_form(page, number: int) -> None:
    page.get_by_role("link", name=f"Enter deal {number}").tap()
    expect(page.locator("#deal h1")).to_contain_text(f"Deal {number}")


def test_a_deal_entered_with_no_network_is_kept_tap_by_tap_and_saved_once(page, context):
    game = start_push(page)  # We: Ann and Cat; They: Bob and Dan
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the service worker keeps the sheet, and the next deal's form
    kept(page, f"{game}/deals/new")
    page.goto(f"{game}/deals/new")
    expect(page.locator("#referee-status")).to_have_text(READY)
    page.goto(game)

    context.set_offline(True)
    page.reload()  # the sheet as last seen
    open_kept_deal_form(page, 1)  # the kept form, never the browser's no-network page
    went_out(page, 0)
    hand(page, 1, "AS KD")  # Bob: 15 + 10, tapped in
    points(page, 3, "10")  # Dan, typed
    expect(page.locator("#pts-1")).to_have_text("25 points")
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 35")

    page.reload()  # mid-entry, still with no network: nothing is lost
    expect(chips(page, "#chips-1")).to_have_text(["A♠", "K♦"])
    expect(page.locator("input[name='points-3']")).to_have_value("10")
    expect(page.locator("input[name='went_out'][value='0']")).to_be_checked()
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 35")
    hand(page, 1, "7H")  # one more card for Bob, after the reload
    expect(chips(page, "#chips-1")).to_have_text(["A♠", "K♦", "7♥"])
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 40")

    page.close()  # the tab closed, and the form opened again, still with no network
    page = context.new_page()
    page.goto(f"{game}/deals/new")
    expect(chips(page, "#chips-1")).to_have_text(["A♠", "K♦", "7♥"])
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 40")

    page.locator("button[name='save']").tap()
    beside = page.locator("#deal-dock .pending-mark")
    expect(beside).to_be_visible()
    expect(beside).to_have_text("Not saved yet")
    expect(page.locator("#not-saved")).to_be_visible()
    mark, save = beside.bounding_box(), page.locator("button[name='save']").bounding_box()
    assert abs(mark["y"] - save["y"]) < save["height"]  # on Save's own line, in view
    assert mark["y"] + mark["height"] <= page.viewport_size["height"]

    context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect_sheet(page, [["1 · 6", "---", "40"], ["2 · 7", "", ""]])  # saved once
    page.reload()
    expect_sheet(page, [["1 · 6", "---", "40"], ["2 · 7", "", ""]])


def test_a_game_s_house_rules_travel_with_its_kept_deal_form(page, context, server):
    """The form kept offline carries the game's own rules: an ace worth 50 here."""
    players = ["Ann", "Bob", "Cat", "Dan"]
    house = {"values": {"A": 50}}
    game = api(server, "/api/v1/games", {"variant": "push", "players": players, "house": house})
    path = f"/games/{game['id']}"
    page.goto(f"{path}/join#{game['edit_key']}")
    expect(page.locator("h1")).to_have_text("Push")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    kept(page, f"{path}/deals/new")
    page.goto(f"{path}/deals/new")
    expect(page.locator("#referee-status")).to_have_text(READY)
    context.set_offline(True)
    page.reload()  # the kept form
    went_out(page, 0)
    hand(page, 1, "AS")
    expect(page.locator("#pts-1")).to_have_text("50 points")
    context.set_offline(False)


def test_a_phone_without_the_referee_says_a_tap_needs_the_network(page, context):
    game = start_push(page)
    page.goto(f"{game}/deals/new")
    expect(page.locator("#referee-status")).to_have_text(READY)
    page.locator("#keep-referee").uncheck()  # the phone opts out
    expect(page.locator("#referee-status")).to_have_text("Checks need the network on this phone.")
    context.set_offline(True)
    page.locator("input[name='went_out'][value='0']").check()
    expect(page.locator("#needs-network")).to_have_text(NEEDS_NETWORK)
    expect(page.locator("#needs-network")).to_be_visible()
    context.set_offline(False)
    went_out(page, 1)  # the server answers again
    expect(page.locator("#needs-network")).to_be_hidden()

    page.goto("/check")  # the checker says the same
    expect(page.locator("#keep-referee")).not_to_be_checked()
    context.set_offline(True)
    page.locator("#checker button[value='joker']").tap()
    expect(page.locator("#needs-network")).to_have_text(NEEDS_NETWORK)
    context.set_offline(False)
    tap(page, "joker")
    expect(page.locator("#needs-network")).to_be_hidden()


def test_a_new_release_forgets_the_old_referee_and_no_page_gets_a_bundle_it_does_not_name(
    page,
):

    page.goto("/healthz")  # the app's origin, with no service worker yet
    old = ["referee-0.0.1-0123456789abcdef", "shell-0123456789"]
    page.evaluate("(names) => Promise.all(names.map((name) => caches.open(name)))", old)
    page.goto("/")  # this release's service worker comes in, and clears what it replaces
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function(
        "(old) => caches.keys().then((names) => !names.some((name) => old.includes(name)))",
        arg=old,
    )
    page.reload()  # the page, once idle, has the referee kept ahead of need
    rules = page.evaluate("document.body.dataset.refereeRules")
    digest = re.fullmatch(r"/rules/([0-9a-f]{16})\.zip", rules)[1]
    page.wait_for_function(
        "(name) => caches.keys().then((names) => names.includes(name))",
        arg=f"referee-{PYODIDE_VERSION}-{digest}",
    )
    # Another release's bundle is never answered with this one's, kept or not.
    other = "/rules/0000000000000000.zip"
    assert page.evaluate("(path) => fetch(path).then((r) => r.status)", other) == 404
    assert page.evaluate("(path) => fetch(path).then((r) => r.status)", rules) == 200
