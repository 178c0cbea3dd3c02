"""Poor Wi-Fi: an entry survives a reload, and a save made offline is sent when the
network is back, once."""

import re

import pytest
from playwright.sync_api import expect

from .helpers import (
    enter_deal_by_points,
    expect_sheet,
    open_deal_form,
    points,
    start_push,
    went_out,
)

pytestmark = pytest.mark.keeps_referee  # the phones keep the referee, as by default


def test_an_entry_survives_a_reload(page):
    start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "25")
    points(page, 3, "10")
    page.reload()
    expect(page.locator("input[name='points-1']")).to_have_value("25")
    expect(page.locator("input[name='points-3']")).to_have_value("10")
    expect(page.locator("input[name='went_out'][value='0']")).to_be_checked()
    expect(page.locator("#adds p").first).to_have_text("This deal adds: We 0 · They 35")


def test_a_save_made_offline_is_not_saved_yet_then_saved_once_when_back(page, context):
    game = start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "25")
    points(page, 3, "10")
    context.set_offline(True)
    page.locator("button[name='save']").tap()
    expect(page.locator("#not-saved")).to_be_visible()
    expect(page.locator("#not-saved")).to_contain_text("Not saved yet")
    context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect_sheet(page, [["1 · 6", "---", "35"], ["2 · 7", "", ""]])  # recorded once
    page.goto(f"{game}/deals/new")
    expect(page.locator("input[name='points-1']")).to_have_value("")  # the kept entry is gone


def test_a_sheet_seen_once_can_be_read_with_no_network(page, context):
    game = start_push(page)
    enter_deal_by_points(page, 1, 0, {1: 25, 3: 10})
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(game)  # seen once with the worker looking after the page
    expect(page.locator("table.sheet tbody tr").first).to_contain_text("35")
    context.set_offline(True)
    page.reload()
    expect(page.locator("table.sheet tbody tr").first).to_contain_text("35")
    expect(page.locator("link[rel='stylesheet']")).to_have_count(1)
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.bar')).display") == "flex"
    )  # CSS from the cache
    context.set_offline(False)
