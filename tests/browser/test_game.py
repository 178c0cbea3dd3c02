"""A game of Push kept on a phone: start it, enter the five deals, read the winner."""

import re

import pytest
from playwright.sync_api import expect

from .helpers import (
    EMPTY_SHEET,
    adds,
    api_game,
    enter_deal_by_points,
    expect_sheet,
    filled,
    hand,
    open_deal_form,
    points,
    save,
    shot,
    start_push,
    went_out,
)

# Seats: 0 Ann, 1 Bob, 2 Cat, 3 Dan; Ann and Cat are "We", Bob and Dan "They".


def test_a_whole_game_of_push(page):
    page.goto("/")
    expect(page.get_by_role("button", name="Start Push")).to_be_visible()
    shot(page, "home.png")
    game = start_push(page)
    expect(page.locator(".contract")).to_have_text("Deal 1 · Ann deals 6 · two sets of three")
    expect(page.locator("table.sheet thead th")).to_have_text(["Deal", "We", "They"])
    expect(page.locator(".sheet-page > .hint")).to_have_text("We: Ann & Cat · They: Bob & Dan")

    # Deal 1: Ann went out, so We score nothing. Bob is left with K♠ 7♦ JK
    # (10 + 5 + 20), tapped in; Dan says 25.
    open_deal_form(page, 1)
    went_out(page, 0)
    expect(page.locator(".player").nth(0).locator(".points")).to_have_text("scores nothing")
    expect(page.locator(".player").nth(2).locator(".points")).to_have_text("scores nothing")
    expect(page.locator("#adds .hint")).to_have_text("Still to enter: Bob, Dan")
    hand(page, 1, "KS 7D JK")
    expect(page.locator(".player").nth(1).locator(".chips .card")).to_have_text(["K♠", "7♦", "JK"])
    expect(page.locator(".player").nth(1).locator(".points")).to_have_text("35 points")
    points(page, 3, "25")
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 60")
    expect(page.locator("#adds .hint")).to_have_count(0)
    shot(page, "deal.png")
    save(page)
    assert page.url.endswith(game)
    expect_sheet(page, [["1 · 6", "---", "60"]])
    expect(page.locator(".contract")).to_have_text(
        "Deal 2 · Bob deals 7 · one set of three and one run of four"
    )

    # Deal 2: Bob went out; Ann says 15, Cat holds A♥ 2♣ 9♠ (15 + 20 + 5).
    open_deal_form(page, 2)
    went_out(page, 1)
    points(page, 0, "15")
    hand(page, 2, "AH 2C 9S")
    expect(page.locator(".player").nth(2).locator(".points")).to_have_text("40 points")
    expect(adds(page)).to_have_text("This deal adds: We 55 · They 0")
    save(page)

    # Deal 3: the stock ran out, so everyone scores: Ann 10, Bob Q♥ Q♥, Cat 5, Dan 5.
    open_deal_form(page, 3)
    went_out(page, "stock")
    points(page, 0, "10")
    hand(page, 1, "QH QH")
    points(page, 2, "5")  # R27: nobody went out, so no hand is empty
    points(page, 3, "5")
    expect(adds(page)).to_have_text("This deal adds: We 15 · They 25")
    save(page)

    # Deal 4: Dan went out; Ann holds 3♣ 4♣, Cat says 30.
    open_deal_form(page, 4)
    went_out(page, 3)
    hand(page, 0, "3C 4C")
    points(page, 2, "30")
    expect(adds(page)).to_have_text("This deal adds: We 40 · They 0")
    save(page)

    # Deal 5: Cat went out; Bob says 50, Dan holds two jokers.
    open_deal_form(page, 5)
    went_out(page, 2)
    points(page, 1, "50")
    hand(page, 3, "JK JK")
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 90")
    save(page)

    expect_sheet(
        page,
        [
            ["1 · 6", "---", "60"],
            ["2 · 7", "55", "60"],
            ["3 · 8", "70", "85"],
            ["4 · 9", "110", "85"],
            ["5 · 10", "110", "175"],
        ],
        whole=True,
    )
    expect(page.locator(".winner")).to_have_text("★ Ann and Cat win with 110")
    expect(page.get_by_role("link", name=re.compile("Enter deal"))).to_have_count(0)
    expect(page.locator(".contract")).to_have_count(0)
    shot(page, "sheet-finished.png")


def test_a_reload_loses_nothing_saved(page):
    game = start_push(page)
    enter_deal_by_points(page, 1, 0, {1: 20, 3: 10})
    enter_deal_by_points(page, 2, 1, {0: 15, 2: 25})
    saved = [
        ["1 · 6", "---", "30"],
        ["2 · 7", "40", "30"],
        ["3 · 8", "", ""],
        ["4 · 9", "", ""],
        ["5 · 10", "", ""],
    ]
    expect_sheet(page, saved, whole=True)

    page.reload()
    expect_sheet(page, saved, whole=True)
    expect(page.locator(".contract")).to_have_text("Deal 3 · Cat deals 8 · two runs of four")
    expect(page.locator("table.sheet tr.current th")).to_have_text("3 · 8 dealer Cat")  # R76

    # Half-way through deal 3's form, the page is reloaded (a pull to refresh).
    open_deal_form(page, 3)
    went_out(page, 2)
    hand(page, 1, "5S 6S")
    points(page, 3, "45")
    page.reload()
    expect(page.locator("#deal h1")).to_contain_text("Deal 3")
    # The entry was kept on the phone and comes back as it was typed.
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 55")
    expect(page.locator("input[name='points-3']")).to_have_value("45")
    page.get_by_role("link", name="Back to the sheet").tap()
    expect(page).to_have_url(re.compile(re.escape(game) + "$"))
    expect_sheet(page, saved, whole=True)  # nothing was saved by the reload

    # Back to the form: the entry is still there, and is saved; the earlier deals stay.
    open_deal_form(page, 3)
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 55")
    save(page)
    page.reload()
    expect_sheet(page, [["1 · 6", "---", "30"], ["2 · 7", "40", "30"], ["3 · 8", "40", "85"]])


def test_correcting_deal_two_moves_every_later_total(page):
    start_push(page)
    enter_deal_by_points(page, 1, 0, {1: 20, 3: 10})
    enter_deal_by_points(page, 2, 1, {0: 15, 2: 25})
    enter_deal_by_points(page, 3, "stock", {0: 5, 1: 5, 2: 5, 3: 5})
    expect_sheet(page, [["1 · 6", "---", "30"], ["2 · 7", "40", "30"], ["3 · 8", "50", "40"]])
    shot(page, "sheet.png")

    page.locator("a[aria-label='Correct deal 2']").tap()
    expect(page.locator("#deal h1")).to_contain_text("Correct deal 2")
    expect(page.locator("input[name='went_out'][value='1']")).to_be_checked()
    expect(page.locator("input[name='points-0']")).to_have_value("15")
    expect(page.locator("input[name='points-2']")).to_have_value("25")
    points(page, 2, "45")
    expect(adds(page)).to_have_text("This deal adds: We 60 · They 0")
    expect(page.locator("button[name='save']")).to_have_text("Save the correction")
    save(page)
    expect_sheet(page, [["1 · 6", "---", "30"], ["2 · 7", "60", "30"], ["3 · 8", "70", "40"]])
    expect(page.locator(".contract")).to_have_text("Deal 4 · Dan deals 9 · three sets of three")

    # Undo takes back the last deal, after asking on the page (test_undo_asks_on_the_page).
    undo_last(page, 3)
    expect(page.get_by_role("link", name="Enter deal 3")).to_be_visible()
    expect_sheet(page, [["1 · 6", "---", "30"], ["2 · 7", "60", "30"], ["3 · 8", "", ""]])


def undo_last(page, number: int) -> None:
    """Undo the last deal as a person does: Undo, then Yes."""
    page.locator("summary", has_text=f"Undo deal {number}").tap()
    page.get_by_role("button", name=f"Yes, undo deal {number}").tap()


@pytest.mark.parametrize("script", [True, False], ids=["htmx", "no script"])
def test_undo_asks_on_the_page(new_context, server, script):
    """Undo asks on the page, never in the browser's own box, with or without a
    script: No leaves the sheet as it was, Yes takes the last deal back."""
    deal = {"went_out": "Ann", "points": {"Bob": 20, "Dan": 10}}
    game = api_game(server, ["Ann", "Bob", "Cat", "Dan"], [deal, deal])
    page = new_context(java_script_enabled=script).new_page()
    page.on("dialog", lambda dialog: pytest.fail(f"the browser's own box: {dialog.message}"))
    page.goto(f"/games/{game['id']}/join")
    page.get_by_label("Edit key").fill(game["edit_key"])
    page.get_by_role("button", name="Join").tap()
    two_deals = [["1 · 6", "---", "30"], ["2 · 7", "---", "60"]]
    expect_sheet(page, two_deals)

    page.locator("summary", has_text="Undo deal 2").tap()
    expect(page.get_by_text("Undo deal 2?")).to_be_in_viewport()
    page.get_by_role("link", name="No, keep it").tap()
    expect(page.get_by_role("button", name="Yes, undo deal 2")).to_be_hidden()
    expect_sheet(page, two_deals)

    undo_last(page, 2)
    expect(page.locator("summary", has_text="Undo deal 1")).to_be_visible()
    expect_sheet(page, [two_deals[0], ["2 · 7", "", ""]])


def test_sharing_the_sheet(page, new_context, server):
    game = start_push(page)
    enter_deal_by_points(page, 1, 0, {1: 20, 3: 10})
    one_deal = filled([["1 · 6", "---", "30"]])
    expect_sheet(page, one_deal, whole=True)

    # A phone with the read-only link follows the sheet and cannot change it.
    follower = new_context().new_page()
    follower.goto(game)
    expect(follower.locator("h1")).to_have_text("Push")
    expect_sheet(follower, one_deal, whole=True)
    expect(follower.locator(".contract")).to_have_text(
        "Deal 2 · Bob deals 7 · one set of three and one run of four"
    )
    expect(follower.get_by_role("link", name=re.compile("Enter deal"))).to_have_count(0)
    expect(follower.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    expect(follower.locator("a[aria-label='Correct deal 1']")).to_have_count(0)
    expect(follower.locator(".sheet-page > .hint").last).to_contain_text(
        "This phone follows the game."
    )
    # Even at the deal form's address, it says so, and there is nothing to save.
    follower.goto(f"{game}/deals/new")
    expect(follower.locator(".form-error").first).to_contain_text("This phone follows the game")
    expect(follower.locator("button[name='save']")).to_have_count(0)
    follower.goto(game)
    expect_sheet(follower, one_deal, whole=True)

    # The share page: both links, both QR codes.
    page.get_by_role("link", name="Share").tap()
    expect(page.locator("h1")).to_have_text("Share the game")
    expect(page.locator(".qr svg")).to_have_count(2)
    expect(page.locator("a.link-text")).to_have_text(server + game)
    edit_link = page.locator("#edit-link")
    expect(edit_link).to_be_visible()
    expect(edit_link).to_have_text(re.compile(re.escape(server + game) + r"/join#[\w-]{8,64}$"))
    shot(page, "share.png")

    # A third phone opens the edit link: it can now enter deals.
    keeper = new_context().new_page()
    keeper.goto(edit_link.inner_text())
    expect(keeper).to_have_url(re.compile(re.escape(game) + "$"))
    assert "#" not in keeper.url
    enter_deal_by_points(keeper, 2, 1, {0: 15, 2: 25})
    expect_sheet(keeper, [["1 · 6", "---", "30"], ["2 · 7", "40", "30"]])
    page.goto(game)
    expect_sheet(page, [["1 · 6", "---", "30"], ["2 · 7", "40", "30"]])
    follower.reload()
    expect_sheet(follower, [["1 · 6", "---", "30"], ["2 · 7", "40", "30"]])


def test_bad_input_on_the_deal_form_is_explained_and_nothing_is_saved(page):
    game = start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "2x")
    points(page, 3, "10")
    page.locator("button[name='save']").tap()
    expect(page.locator("#points-1-error")).to_have_text("points are a whole number, like 25")
    expect(page.locator("input[name='points-1']")).to_have_value("2x")
    expect(page.locator("input[name='points-1']")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".form-error")).to_have_text(
        "some points are not whole numbers; see below"
    )
    expect(page).to_have_url(re.compile(re.escape(game) + "/deals/new$"))

    # A third 7♥ with two packs: two in Bob's hand, one in Dan's.
    points(page, 1, "")
    points(page, 3, "")
    hand(page, 1, "7H 7H")
    hand(page, 3, "7H")
    page.locator("button[name='save']").tap()
    expect(page.locator(".form-error")).to_have_text(
        "there are three 7♥ here, but the pack of two decks (108 cards) holds only two"
    )
    expect(page).to_have_url(re.compile(re.escape(game) + "/deals/new$"))

    page.get_by_role("link", name="Back to the sheet").tap()
    expect(page.get_by_role("link", name="Enter deal 1")).to_be_visible()
    expect_sheet(page, EMPTY_SHEET, whole=True)
