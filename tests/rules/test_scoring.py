"""Penalty points: card values and a hand's points (R28, R29)."""

import pytest

from referee.rules import PackError, get_ruleset, parse_cards, score_hand

PUSH_VALUES = {  # R28
    "3S": 5, "4H": 5, "5D": 5, "6C": 5, "7S": 5, "8H": 5, "9D": 5,
    "10C": 10, "JS": 10, "QH": 10, "KD": 10, "AC": 15, "2S": 20, "JK": 20,
}  # fmt: skip
SHOVE_IT_VALUES = {  # R29: a joker is 50, the later, more specific line
    "3S": 5, "4H": 5, "5D": 5, "6C": 5, "7S": 5, "8H": 10, "9D": 10,
    "10C": 10, "JS": 10, "QH": 10, "KD": 10, "AC": 20, "2S": 20, "JK": 50,
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "values"),
    [
        ("push", PUSH_VALUES),
        ("push-solo", PUSH_VALUES),
        ("cap-it", PUSH_VALUES),
        ("shove-it", SHOVE_IT_VALUES),
    ],
)
def test_each_card_is_worth_its_variants_value(variant, values):
    score = score_hand(parse_cards(list(values)), get_ruleset(variant))
    assert {str(card): points for card, points in score.cards} == values
    assert score.points == sum(values.values())


@pytest.mark.parametrize(
    ("variant", "hand", "points"),
    [
        ("push", "AS KD 7C JK", 50),  # API.md's example
        ("shove-it", "AS KD 7C JK", 85),
        ("push", "", 0),  # an empty hand scores 0
        ("push", "JK JK JK JK", 80),
        ("shove-it", "JK JK JK JK", 200),
    ],
)
def test_a_hands_points(variant, hand, points):
    assert score_hand(parse_cards(hand), get_ruleset(variant)).points == points


def test_a_hand_is_checked_against_the_pack():  # R3
    with pytest.raises(PackError):
        score_hand(parse_cards("7H 7H 7H"), get_ruleset("push"))
    assert score_hand(parse_cards("7H 7H 7H"), get_ruleset("push-solo"), players=5).points == 15
