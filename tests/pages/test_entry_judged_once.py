"""A deal's entry is judged once, by the rules core's ``judge_entry``: the deal page
and the storage refuse the same entries, for the same reasons (docs/architecture.md,
the rules core; R26-R31, R60-R64, R75)."""

import pytest

from referee.pages.deal.deal_entry import read_entry, work_out
from referee.rules import RulesError
from referee.storage import deals, games

FOUR = ["Ann", "Bob", "Cat", "Dan"]

# (who went out: a seat or "stock", each seat's cards, each seat's typed points,
#  each seat's bonus points and reasons, the code of each player's problems)
ENTRIES = {
    "a whole deal": ("0", ["", "7H 8H", "", ""], ["", "", "10", "5"], (["", "", "", ""], ["", "", "", ""]), {}),
    "cards and points both, sent by a page without its script": (
        "0", ["", "7H", "", ""], ["", "5", "5", "5"], (["", "", "", ""], ["", "", "", ""]), {"Bob": ["cards_and_points"]},
    ),
    "a reason but no points": (
        "0", ["", "", "", ""], ["", "5", "5", "5"], (["", "", "", ""], ["", "", "", "cut"]), {"Dan": ["reason_without_points"]},
    ),
    "points no hand is worth": (
        "0", ["", "", "", ""], ["", "7", "5", "5"], (["", "", "", ""], ["", "", "", ""]), {"Bob": ["points_not_a_multiple"]},
    ),
    "a stock-out deal's 0": (
        "stock", ["", "", "", ""], ["5", "0", "5", "5"], (["", "", "", ""], ["", "", "", ""]), {"Bob": ["empty_hand_not_out"]},
    ),
    "a bonus out of its bounds": (
        "0", ["", "", "", ""], ["", "5", "5", "5"], (["", "", "5000", ""], ["", "", "", ""]), {"Cat": ["bonus_out_of_range"]},
    ),
    "two players' problems, the first in seat order refused": (
        "stock", ["", "7H", "", ""], ["0", "5", "5", "5"], (["", "", "", ""], ["", "", "", ""]),
        {"Ann": ["empty_hand_not_out"], "Bob": ["cards_and_points"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", ENTRIES)
def test_the_page_and_the_storage_refuse_the_same_entries_with_the_same_codes(stored_app, case):
    went_out, hands, typed, bonuses, expected = ENTRIES[case]
    with stored_app.test_request_context():
        game, key = games.create_game("push", FOUR)
        page = work_out(
            games.sheet_of(game), 1, went_out=went_out, active="", rank="", press="",
            hands=hands, typed=typed, bonuses=bonuses,
        )  # fmt: skip
        shown = {
            player: [error.reason.code for error in found]
            for player, found in page.problems.items()
        }
        assert shown == expected
        # Each problem shown beside its player: the cards and points, or the bonus.
        for index, player in enumerate(FOUR):
            beside = page.seat_errors[index] or page.adjust_errors[index]
            assert bool(beside) == (player in expected), player
        table = games.table_of(game)
        entry, complaint = read_entry(table, went_out, hands, typed, False, bonuses)
        assert complaint == ""
        try:
            deals.record_deal(game.id, key, entry)
        except RulesError as refused:
            stored = refused.reason.code
        else:
            stored = None
        first = next(iter(expected.values()), [None])[0]
        assert stored == first
