"""At the table on a 390×844 phone, light and dark (issue "At the table"): the keypad
never hides the verdict, the deal's sums or Save, and never moves under the thumb; a
finished game leads to the next one; the phone keeps a history."""

import re

from playwright.sync_api import Page, expect

from .conftest import ARTIFACTS
from .helpers import (
    enter_deal_by_points,
    game_path,
    open_deal_form,
    points,
    save,
    shot,
    start_push,
    tap,
    went_out,
)

SCHEMES = ["light", "dark"]


def keypad_top(page: Page) -> float:
    return page.locator(".keypad").bounding_box()["y"]


def in_view_above_keypad(page: Page, selector: str) -> None:
    """The element's box is wholly on the screen and above the keypad."""
    expect(page.locator(selector)).to_be_visible()
    box = page.locator(selector).bounding_box()
    top = keypad_top(page)
    viewport = page.viewport_size
    assert box is not None and box["y"] >= 0, (selector, box)
    assert box["y"] + box["height"] <= top + 0.5, (selector, box, top)
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (selector, box)


def test_entering_a_deal_keeps_the_sums_and_save_above_a_keypad_that_stays(new_context):
    context = new_context()
    page = context.new_page()
    start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    top = keypad_top(page)
    for value in ("player:3", "rank:K", "suit:H", "rank:7", "suit:C", "joker", "player:1",
                  "rank:A", "suit:S", "back", "rank:2", "suit:D"):  # fmt: skip
        tap(page, value, "#deal")
        assert keypad_top(page) == top, value
        in_view_above_keypad(page, "#adds")
        in_view_above_keypad(page, "button[name='save']")
    expect(page.locator("#adds p").first).to_have_text("This deal adds: We 0 · They 55")
    for scheme in SCHEMES:  # the same places in both: only the colours change
        page.emulate_media(color_scheme=scheme)
        shot(page, f"deal-at-the-table-{scheme}.png")
        page.screenshot(path=str(ARTIFACTS / f"deal-at-the-table-{scheme}-screen.png"))
    save(page)


def test_the_checkers_verdict_stays_above_a_keypad_that_stays(new_context):
    context = new_context()
    page = context.new_page()
    page.goto("/check")
    top = keypad_top(page)
    for value in ("rank:6", "suit:D", "rank:2", "suit:S", "joker", "rank:6", "suit:H",
                  "rank:8", "suit:C", "back", "rank:7", "suit:D"):  # fmt: skip
        tap(page, value)
        assert keypad_top(page) == top, value
        in_view_above_keypad(page, "#checker-dock")
        in_view_above_keypad(page, "#checker-live > .chips")
    expect(page.locator("#checker-dock .says")).to_contain_text("✘ Not a meld")
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(ARTIFACTS / f"checker-at-the-table-{scheme}.png"))


def test_typing_points_puts_the_card_keypad_away(page):
    start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    page.locator("input[name='points-1']").focus()
    expect(page.locator(".keypad")).to_be_hidden()
    expect(page.locator("button[name='save']")).to_be_in_viewport()
    points(page, 1, "25")
    expect(page.locator(".keypad")).to_be_visible()


def test_impossible_points_are_marked_beside_the_field_and_in_view(page):
    start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 3, "7")
    expect(page.locator("#points-3-error")).to_contain_text("7 points cannot be a hand")
    expect(page.locator("#points-3-error")).to_be_in_viewport()
    expect(page.locator("#adds")).to_contain_text("Dan's 7 points cannot be a hand")


def test_a_finished_game_plays_again_with_the_same_players_and_the_next_dealer(page):
    first = start_push(page)
    for number in range(1, 6):
        enter_deal_by_points(page, number, 0, {1: 10, 3: 5})
    expect(page.locator(".winner")).to_have_text("★ Ann and Cat win with 0")
    expect(page.get_by_role("link", name="New game")).to_be_visible()
    shot(page, "finished-game.png")
    page.get_by_role("button", name="Play again").tap()
    expect(page).not_to_have_url(re.compile(re.escape(first) + "$"))
    expect(page.locator("h1")).to_have_text("Push")
    # Bob, the next player, deals first now; the seats and the columns stay (R78).
    expect(page.locator(".contract")).to_contain_text("Deal 1 · Bob deals 6")
    open_deal_form(page, 1)
    expect(page.locator(".player .who")).to_have_text(["Ann", "Bob", "Cat", "Dan"])
    went_out(page, 1)
    points(page, 0, "10")
    points(page, 2, "5")
    save(page)
    assert game_path(page) != first

    page.goto("/history")
    expect(page.locator(".history .finished .progress").first).to_have_text(
        "★ Ann and Cat win with 0"
    )
    expect(page.locator(".wins tbody tr")).to_have_count(4)
    expect(page.locator(".wins tbody tr", has_text="Ann")).to_contain_text("1")
    shot(page, "history.png")


def test_the_share_page_has_copy_and_share(page):
    start_push(page)
    page.get_by_role("link", name="Share").tap()
    expect(page.locator("#edit-link")).to_contain_text("/join#")
    expect(page.get_by_role("button", name="Copy").first).to_be_visible()
    shot(page, "share-buttons.png")


def test_lay_off_takes_the_table_meld_first(page):
    page.goto("/check")
    tap(page, "mode:layoff")
    expect(page.get_by_role("button", name="The meld on the table")).to_have_class(
        re.compile(r"\bon\b")
    )
    tap(page, "rank:7")
    tap(page, "suit:H")
    expect(page.locator("#checker-live > .chips").first.locator(".card")).to_have_text(["7♥"])
    expect(page.locator("#checker-dock")).to_be_in_viewport()
