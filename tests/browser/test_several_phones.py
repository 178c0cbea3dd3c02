"""Two phones on one game: the other follows without a reload; a stale save says so."""

import re

from playwright.sync_api import expect

from .helpers import (
    enter_deal_by_points,
    expect_sheet,
    open_deal_form,
    points,
    start_game,
    start_push,
    wait_until,
    went_out,
)


def join_as_editor(page, other):
    """Give the other phone the edit link, as the share page does."""
    page.goto(page.url.split("/deals")[0] + "/share")
    edit = page.locator("#edit-link").inner_text()
    other.goto(edit)
    expect(other).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(other.get_by_role("link", name="Enter deal 1")).to_be_visible()


def test_a_save_on_one_phone_appears_on_the_other_without_a_reload(page, new_context):
    game = start_push(page)
    follower = new_context().new_page()
    follower.goto(game)
    expect(follower.locator("table.sheet tbody tr").first).to_have_text(
        re.compile(r"^\s*1 · 6\s+dealer Ann\s*$")
    )
    enter_deal_by_points(page, 1, 0, {1: 25, 3: 10})
    # The follower is told by the game's stream, and draws its sheet again; no reload.
    expect_sheet(follower, [["1 · 6", "---", "35"]])


def test_an_entry_for_a_deal_saved_on_another_phone_never_becomes_the_next_deal(page, new_context):
    game = start_push(page)
    keeper = new_context().new_page()
    join_as_editor(page, keeper)
    page.goto(game)
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "25")
    points(page, 3, "10")
    # Meanwhile the other phone saves deal 1.
    enter_deal_by_points(keeper, 1, 1, {0: 35, 2: 5})
    page.locator("button[name='save']").tap()
    leftover = page.locator("#leftover")
    expect(leftover).to_contain_text(
        "Your entry for deal 1, not saved: another phone saved deal 1"
    )
    expect(leftover).to_contain_text("Bob: 25 points")  # what it held, to compare
    expect(leftover).to_be_in_viewport()  # where the eye is
    expect(page.locator("button[name='save']")).to_have_count(0)  # nothing invites a second deal
    expect(page.locator("table.sheet tbody tr").first).to_contain_text("40")  # the sheet now
    # The phone goes back to the sheet; its next "Enter deal 2" is never filled with deal 1's.
    page.locator("#leftover").get_by_role("link", name="Back to the sheet").tap()
    page.get_by_role("link", name="Enter deal 2").tap()
    expect(page.locator("#deal h1")).to_have_text("Your entry for deal 1, not saved")
    page.get_by_role("button", name="Put it aside and enter deal 2").tap()
    expect(page.locator("#deal h1")).to_contain_text("Deal 2")
    expect(page.locator("input[name='points-1']")).to_have_value("")
    expect(page.locator("input[name='went_out']:checked")).to_have_count(0)
    page.reload()  # what the phone keeps now is deal 2's entry, empty
    expect(page.locator("#deal h1")).to_contain_text("Deal 2")
    went_out(page, 0)
    points(page, 1, "25")
    points(page, 3, "10")
    page.locator("button[name='save']").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect_sheet(page, [["1 · 6", "40", "---"], ["2 · 7", "40", "35"]])


def test_the_edit_key_never_reaches_the_server_log_nor_a_referer(page, new_context):
    from .conftest import SERVER_LOG

    game = start_push(page)
    page.goto(f"{game}/share")
    edit = page.locator("#edit-link").inner_text()
    key = edit.split("#", 1)[1]
    keeper = new_context().new_page()
    referers = []
    keeper.on("request", lambda request: referers.append(request.headers.get("referer") or ""))
    keeper.goto(edit)
    expect(keeper.get_by_role("link", name="Enter deal 1")).to_be_visible()
    expect(keeper).to_have_url(re.compile(re.escape(game) + "$"))  # the key left the address bar
    # gunicorn writes a request down just after it has answered it: wait for the line.
    wait_until(lambda: f"{game}/join" in SERVER_LOG[0].read_text(), "the visit logged")
    assert key not in SERVER_LOG[0].read_text()  # ... without the key
    assert not [referer for referer in referers if key in referer]


SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def six_at_the_table(page, new_context, deal):
    """A game of six on two phones; this one has entered ``deal`` down to its last
    player (points for all), the other one keeps the sheet too."""
    game = start_game(page, "Caribbean Kalooki", SIX)
    keeper = new_context().new_page()
    join_as_editor(page, keeper)
    if deal > 1:
        enter_deal_by_points(keeper, 1, 1, {0: 20, 2: 15, 3: 15, 4: 15, 5: 15})
    page.goto(game)
    open_deal_form(page, deal)
    went_out(page, 0)
    for seat in range(1, 6):
        points(page, seat, "15")
    return game, keeper


def save_from_the_bottom(page, refused: str, says: str) -> None:
    """Tap Save with the last player in view; the refusal ``refused`` must then be in
    view and focused, saying ``says``."""
    page.locator("input[name='points-5']").scroll_into_view_if_needed()
    expect(page.locator("#deal h1")).not_to_be_in_viewport()
    page.locator("button[name='save']").tap()
    message = page.locator(refused)
    expect(message).to_contain_text(says)
    expect(message).to_be_in_viewport()
    expect(message).to_be_focused()


def test_a_clash_is_said_where_the_eye_is_and_no_button_offers_another_deal(page, new_context):
    """Six players: the phone saves from the bottom of a long form; what happened is
    brought into view and focused, not left above the fold."""
    _, keeper = six_at_the_table(page, new_context, 1)
    enter_deal_by_points(keeper, 1, 1, {0: 20, 2: 15, 3: 15, 4: 15, 5: 15})
    save_from_the_bottom(page, "#leftover", "another phone saved deal 1")
    # The pinned line says it too, and no button there offers to save anything.
    expect(page.locator("#adds")).to_contain_text("another phone saved deal 1")
    expect(page.locator("#deal-dock button")).to_have_count(0)


def test_a_save_on_a_sheet_changed_elsewhere_says_so_in_view_and_saves_the_same_deal(
    page, new_context
):
    """Another phone corrects deal 1 while this one enters deal 2: the message is in
    view and focused, and the button still says which deal it saves."""
    game, keeper = six_at_the_table(page, new_context, 2)
    keeper.goto(game)
    keeper.get_by_role("link", name="Correct deal 1").tap()
    points(keeper, 0, "25")
    keeper.locator("button[name='save']").tap()
    expect(keeper).to_have_url(re.compile(r"/games/[^/]+$"))
    save_from_the_bottom(page, "#deal-errors", "another phone")
    expect(page.locator("button[name='save']")).to_have_text("Save deal 2")
