"""Entering a deal on a phone: one entry a player, and points no hand can hold."""

from playwright.sync_api import expect

from .helpers import adds, chips, hand, open_deal_form, points, start_game, start_push, went_out


def test_tapped_cards_replace_typed_points_and_typed_points_replace_cards(page):
    start_push(page)
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "25")
    hand(page, 1, "AS KD")  # Bob's hand tapped in after all: the typed 25 goes
    expect(page.locator("input[name='points-1']")).to_have_value("")
    expect(page.locator("#pts-1")).to_have_text("25 points")  # 15 + 10, from the cards
    points(page, 1, "40")  # and typed again: the chips go
    expect(chips(page, "#chips-1")).to_have_count(0)
    expect(page.locator("#pts-1")).to_have_text("40 points")
    points(page, 3, "10")
    expect(adds(page)).to_have_text("This deal adds: We 0 · They 50")


def test_two_jokers_tapped_in_a_one_joker_pack_are_marked_even_after_typed_points(page):
    start_game(page, "Shanghai", ["Ann", "Bob", "Cat"])  # R49: one joker for three
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "20")
    hand(page, 1, "JK")
    hand(page, 2, "JK")
    expect(page.locator("#chips-2 .chip.over")).to_have_count(1)
    expect(page.locator("#points-2-error")).to_contain_text("holds only one")


def test_points_no_hand_in_the_game_can_hold_are_refused_with_the_reason(page):
    start_game(page, "Shanghai", ["Ann", "Bob", "Cat"])
    open_deal_form(page, 1)
    went_out(page, 0)
    points(page, 1, "2")
    expect(page.locator("#points-1-error")).to_have_text(
        "Bob cannot have 2 points left; no hand in Shanghai is worth 2 points: "
        "its smallest card is worth 3"
    )
    points(page, 2, "0")
    expect(page.locator("#points-2-error")).to_contain_text("Cat cannot score 0 in deal 1")
    points(page, 2, "-5")
    expect(page.locator("#points-2-error")).to_have_text(
        "Cat's points cannot be below 0; -5 was given"
    )


EIGHT = ("Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_every_sides_sum_is_read_whole_before_save_on_a_narrow_phone(new_context):
    """Eight players on a 360 px phone: the sums above Save wrap, none cut off."""
    page = new_context(width=360).new_page()
    start_game(page, "Shanghai", EIGHT)
    open_deal_form(page, 1)
    went_out(page, 0)
    for seat in range(1, 8):
        points(page, seat, str(100 + seat))
    sums = adds(page)
    expect(sums).to_have_text(
        "This deal adds: Ann. 0 · Bar. 101 · Cat 102 · Dan 103 · Eve 104 · Fay 105 · Gus 106 · Hal 107"
    )
    # Measured at one moment: the pinned line moves back above the keypad a moment
    # after a points field is left (app.css), and may do so between two looks.
    box, parts, save = page.evaluate(
        """() => [document.getElementById("adds").getBoundingClientRect().toJSON(),
                  [...document.querySelectorAll("#adds p strong")]
                    .map((part) => part.getBoundingClientRect().toJSON()),
                  document.querySelector("button[name='save']").getBoundingClientRect().toJSON()]"""
    )
    assert len(parts) == 8
    for part in parts:
        # Each side's name and points inside the pinned line, not under Save or cut off.
        assert box["y"] <= part["y"] and part["y"] + part["height"] <= box["y"] + box["height"]
        assert part["x"] + part["width"] <= 360
    assert sums.evaluate("p => p.scrollWidth <= p.clientWidth")  # no "…"
    assert box["y"] + box["height"] <= save["y"]


def test_a_deal_saved_straight_after_typing_leaves_nothing_for_the_next(page):
    """Points typed and Save tapped at once: the typed field's answer may still be
    settling as the save goes through; the next deal still opens empty, never on
    the saved entry as one "not saved"."""
    start_push(page)
    for number in (1, 2, 3):
        open_deal_form(page, number)
        went_out(page, 0)
        page.locator("input[name='points-1']").fill("25")
        page.locator("input[name='points-3']").fill("10")
        page.locator("button[name='save']").tap()  # the field left and Save at once
        expect(page.get_by_role("link", name=f"Enter deal {number + 1}")).to_be_visible()
    open_deal_form(page, 4)
    expect(page.locator("#leftover")).to_have_count(0)
    expect(page.locator("input[name='points-1']")).to_have_value("")
