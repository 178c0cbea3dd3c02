"""A sheet followed live: the game's stream tells the other phone the moment a deal
is saved, and its sheet is drawn again without a reload; with the stream gone, the
slow poll still brings it; and what it shows is what the phone keeps for offline.

Each test has a server of its own whose poll says what the test shows: an hour
between polls (only the stream can bring the deal in time), or a second (the
stream blocked, only the poll can)."""

import contextlib

import pytest
from playwright.sync_api import expect

from .conftest import PATIENCE_MS, PHONE, serve
from .helpers import enter_deal_by_points, expect_sheet, kept, start_push


@pytest.fixture
def phones(browser, tmp_path):
    """``phones(poll_seconds)``: a server polling that slowly, and two phones on it
    (an editor and a follower, each a context of its own); script errors fail."""
    opened, errors = [], []
    stack = contextlib.ExitStack()

    def open_phones(poll_seconds):
        base = stack.enter_context(serve(tmp_path, SHEET_POLL_SECONDS=poll_seconds))
        pages = []
        for _ in range(2):
            context = browser.new_context(**PHONE, base_url=base)
            context.set_default_timeout(PATIENCE_MS)
            context.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
            opened.append(context)
            pages.append(context.new_page())
        return pages

    with stack:
        yield open_phones
        for context in opened:
            context.close()
    assert not errors, f"script errors on the page: {errors}"


def follow(follower, game):
    """Open the sheet on the follower, and mark the page: a reload would lose the mark."""
    follower.goto(game)
    expect(follower.locator("table.sheet tbody tr")).to_have_count(5)
    follower.evaluate("window.sameSheetPage = true")


def test_a_saved_deal_shows_on_the_other_phone_at_once_by_its_stream(phones):
    editor, follower = phones(poll_seconds=3600)
    streams = []
    follower.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
    game = start_push(editor)
    follow(follower, game)
    enter_deal_by_points(editor, 1, 0, {1: 25, 3: 10})
    expect_sheet(follower, [["1 · 6", "---", "35"]])  # no poll for an hour: the stream
    assert follower.evaluate("window.sameSheetPage") is True  # drawn again, not reloaded
    assert streams and all(url.split("?")[0].endswith(f"{game}/events") for url in streams)


def test_a_sheet_drawn_again_live_is_the_one_the_phone_keeps_for_offline(phones):
    """The other phone, an editor too, sees the deal by the stream; with no network
    then, a reload shows the sheet as it last showed it, and *Enter deal 2* opens the
    second deal's form, not the first's the phone kept when it opened the sheet."""
    editor, keeper = phones(poll_seconds=3600)
    game = start_push(editor)
    editor.goto(f"{game}/share")
    keeper.goto(editor.locator("#edit-link").inner_text())
    editor.goto(game)
    expect(keeper.get_by_role("link", name="Enter deal 1")).to_be_visible()
    assert keeper.evaluate("navigator.serviceWorker.ready.then(() => true)")
    keeper.reload()  # now the service worker keeps the sheet, and the next deal's form
    kept(keeper, f"{game}/deals/new", holding="<h1>Deal 1 <span")
    enter_deal_by_points(editor, 1, 0, {1: 25, 3: 10})
    expect_sheet(keeper, [["1 · 6", "---", "35"]])  # by its stream
    kept(keeper, f"{game}/deals/new", holding="<h1>Deal 2 <span")
    keeper.context.set_offline(True)
    keeper.reload()
    expect_sheet(keeper, [["1 · 6", "---", "35"]])
    keeper.get_by_role("link", name="Enter deal 2").tap()
    expect(keeper.locator("#deal h1")).to_contain_text("Deal 2")
    keeper.context.set_offline(False)


def test_with_the_stream_blocked_the_slow_poll_still_brings_the_deal(phones):
    editor, follower = phones(poll_seconds=1)
    blocked = []

    def block(route):
        blocked.append(route.request.url)
        route.abort()

    follower.context.route("**/events*", block)
    game = start_push(editor)
    follow(follower, game)
    enter_deal_by_points(editor, 1, 0, {1: 25, 3: 10})
    expect_sheet(follower, [["1 · 6", "---", "35"]])
    assert follower.evaluate("window.sameSheetPage") is True
    assert blocked  # the stream was asked for, and never came


def test_a_phone_coming_back_asks_for_its_sheet_at_once(phones):
    """No stream and no poll for an hour: a phone that shows the page again, comes
    back from the browser's page cache or gets its network back asks there and then
    (as a phone that slept would, its stream lost meanwhile)."""
    editor, follower = phones(poll_seconds=3600)
    follower.context.route("**/events*", lambda route: route.abort())
    game = start_push(editor)
    follow(follower, game)
    back = {
        "shown again": "document.dispatchEvent(new Event('visibilitychange'))",
        "from the page cache": (
            "window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))"
        ),
        "online again": "window.dispatchEvent(new Event('online'))",
    }
    rows = []
    for number, event in enumerate(back.values(), 1):
        enter_deal_by_points(editor, number, 0, {1: 10, 3: 10})
        rows.append([f"{number} · {number + 5}", "---", str(20 * number)])
        follower.evaluate(event)
        expect_sheet(follower, rows)
    assert follower.evaluate("window.sameSheetPage") is True
