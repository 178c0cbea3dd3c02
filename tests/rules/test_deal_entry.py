"""A deal as the table enters it, judged once by the rules core (``judge_entry``):
every problem of the entry by player, the same for a page's form and the API's body
(docs/rules.md#R26 to R31, R60-R64, R75)."""

import pytest

from referee.rules import CardError, GameRuleError, RulesError, get_ruleset
from referee.rules.scoring import DealEntry, Table, judge_entry

FOUR = ["Ann", "Bob", "Cat", "Dan"]
PUSH = Table.seat(get_ruleset("push"), FOUR)


def codes(entry, **more):
    """Each player's problems, by their reasons' codes, in seat order."""
    judged = judge_entry(PUSH, 1, entry, **more)
    return {
        player: [error.reason.code for error in found] for player, found in judged.problems.items()
    }


# (entry, each player's problems' codes)
ENTRIES = {
    "a whole deal": (DealEntry("Ann", {"Bob": "7H 8H"}, {"Cat": 10, "Dan": 5}), {}),
    "cards and points both for one player": (
        DealEntry("Ann", {"Bob": "7H"}, {"Bob": 5, "Cat": 5, "Dan": 5}),
        {"Bob": ["cards_and_points"]},
    ),
    "a card that is no card": (DealEntry("Ann", {"Bob": "7H ZZ"}, {"Cat": 5}), {"Bob": ["not_a_card"]}),
    "a reason but no points": (
        DealEntry("Ann", {}, {"Bob": 5, "Cat": 5, "Dan": 5}, adjust_reasons={"Dan": "cut"}),
        {"Dan": ["reason_without_points"]},
    ),
    "points no hand is worth": (DealEntry("Ann", {}, {"Bob": 7, "Cat": 5}), {"Bob": ["points_not_a_multiple"]}),  # R29
    "points below nothing": (DealEntry("Ann", {}, {"Cat": -5}), {"Cat": ["points_below_zero"]}),
    "a stock-out deal's 0": (DealEntry(None, {}, {"Ann": 5, "Bob": 0}), {"Bob": ["empty_hand_not_out"]}),  # R27
    "a 0 for one who did not go out": (DealEntry("Ann", {}, {"Dan": 0}), {"Dan": ["empty_hand_not_out"]}),  # R26
    "the one who went out with cards": (DealEntry("Ann", {"Ann": "7H"}, {}), {"Ann": ["went_out_with_cards"]}),
    "a bonus out of its bounds": (
        DealEntry("Ann", {}, {"Bob": 5}, adjust={"Cat": 5000}),
        {"Cat": ["bonus_out_of_range"]},
    ),  # R75
    "one player's cards and bonus both wrong, each said": (
        DealEntry("Ann", {"Bob": "7H"}, {"Bob": 5}, adjust={"Bob": 5000}),
        {"Bob": ["cards_and_points", "bonus_out_of_range"]},
    ),
    "every player's, in seat order": (
        DealEntry(None, {"Dan": "7H"}, {"Dan": 5, "Bob": 3, "Ann": 0}, adjust_reasons={"Cat": "cut"}),
        {"Ann": ["empty_hand_not_out"], "Bob": ["points_not_a_multiple"], "Cat": ["reason_without_points"], "Dan": ["cards_and_points"]},
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", ENTRIES)
def test_every_problem_of_an_entry_by_player(case):
    entry, expected = ENTRIES[case]
    assert codes(entry) == expected
    assert list(codes(entry)) == [p for p in FOUR if p in expected], "in seat order"


@pytest.mark.parametrize("case", [c for c, (_, found) in ENTRIES.items() if found])
def test_a_deal_with_a_problem_is_not_scored_and_the_first_is_raised(case):
    entry, expected = ENTRIES[case]
    first = next(iter(expected.values()))[0]
    with pytest.raises(RulesError) as raised:
        judge_entry(PUSH, 1, entry).score()
    assert raised.value.reason.code == first
    assert raised.value.player == next(iter(expected))


def test_a_player_with_a_problem_is_one_still_to_be_entered_and_a_bonus_adds_nothing():
    judged = judge_entry(
        PUSH, 1, DealEntry("Ann", {"Bob": "7H"}, {"Bob": 5, "Cat": 10}, adjust={"Dan": 5000})
    )
    assert judged.missing == ("Bob", "Dan")
    assert (judged.points["Cat"], judged.adjust) == (10, {})
    assert set(judged.hands) == {"Cat"}


def test_the_kinds_keep_their_statuses():
    """Input the referee cannot read is a RulesError (the API's 400); a rule of the game
    broken a GameRuleError (422)."""
    judged = judge_entry(
        PUSH, 1, DealEntry("Ann", {"Bob": "7H", "Cat": "QQ"}, {"Bob": 5, "Dan": 7})
    )
    kinds = {player: type(found[0]) for player, found in judged.problems.items()}
    assert kinds == {"Bob": RulesError, "Cat": CardError, "Dan": GameRuleError}


# (entry, the error's kind, its code): what cannot be said of any one player
AT_ONCE = {
    "a hand for no player": (DealEntry("Ann", {"Eve": "7H"}, {}), GameRuleError, "no_such_player"),
    "points for no player": (DealEntry("Ann", {}, {"Eve": 5}), GameRuleError, "no_such_player"),
    "one player under two names": (DealEntry("Ann", {"Bob": "7H"}, {" Bob": 5}), GameRuleError, "hand_given_twice"),
    "a bonus for no player": (DealEntry("Ann", {}, {}, adjust={"Eve": 5}), RulesError, "points_to_no_player"),
    "a reason for no player": (DealEntry("Ann", {}, {}, adjust_reasons={"Eve": "cut"}), RulesError, "points_to_no_player"),
    "one bonus under two names": (DealEntry("Ann", {}, {}, adjust={"Bob": 5, " Bob": 5}), RulesError, "bonus_twice"),
}  # fmt: skip


@pytest.mark.parametrize("case", AT_ONCE)
def test_a_name_that_is_no_player_or_one_player_twice_is_raised_at_once(case):
    entry, kind, code = AT_ONCE[case]
    with pytest.raises(kind) as raised:
        judge_entry(PUSH, 1, entry)
    assert raised.value.reason.code == code


def test_the_table_not_yet_saying_who_went_out_judges_each_hand_alone():
    entry = DealEntry(None, {}, {"Ann": 0, "Bob": 5})
    assert codes(entry, said=False) == {"Ann": ["empty_hand_not_out"]}
    assert judge_entry(PUSH, 1, DealEntry("Ann", {}, {"Bob": 5}), said=False).problem is None
