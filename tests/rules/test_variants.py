"""Variants as data: presets plus options (R3, R17-R19, R35, R36)."""

import pytest

from referee.rules import (
    OPTIONS,
    VARIANTS,
    RulesError,
    UnknownVariantError,
    WildLimit,
    get_ruleset,
    get_variant,
)

from .notation import refused


@pytest.mark.parametrize(
    ("variant", "players", "partnerships", "wild_limit", "distinct_suits", "exact", "pot"),
    [
        ("push", (4,), True, WildLimit.ANY, True, False, False),  # R6, R9, R21, R35
        ("push-solo", (4, 5, 6), False, WildLimit.ANY, True, False, False),  # R31, R36
        ("cap-it", (4, 5, 6), False, WildLimit.ANY, True, False, True),  # R18, R33
        ("shove-it", (4, 6), True, WildLimit.FEWER_THAN_NATURAL, False, True, False),  # R7, R10
    ],
)
def test_each_preset(variant, players, partnerships, wild_limit, distinct_suits, exact, pot):
    rules = get_ruleset(variant)
    assert rules.players == players
    assert rules.partnerships is partnerships
    assert rules.wild_limit is wild_limit
    assert rules.set_distinct_suits is distinct_suits
    assert rules.exact_initial_meld is exact
    assert rules.pot is pot
    assert rules.rescue_to_hand is False  # R25


@pytest.mark.parametrize(
    ("variant", "options", "cards_dealt"),
    [
        ("push", {}, [6, 7, 8, 9, 10]),
        ("push", {"ten_cards": True}, [10] * 5),  # R18
        ("cap-it", {}, [10] * 5),  # R18: Cap-It is Push with ten_cards ...
        ("cap-it", {"ten_cards": False}, [6, 7, 8, 9, 10]),
        ("shove-it", {"ten_cards": True}, [10] * 5),  # R19
    ],
)
def test_cards_dealt(variant, options, cards_dealt):
    assert [deal.cards for deal in get_ruleset(variant, options).deals] == cards_dealt


def test_options_of_each_variant_and_their_defaults():
    push_family = [
        v for v in VARIANTS.values() if v.id in ("push", "push-solo", "cap-it", "shove-it")
    ]
    assert {v.id: dict(v.defaults) for v in push_family} == {
        "push": {"ten_cards": False, "three_and_seven": False, "set_distinct_suits": True,
                 "rescue_to_hand": False, "partnerships": True},
        "push-solo": {"ten_cards": False, "three_and_seven": False, "set_distinct_suits": True,
                      "rescue_to_hand": False},
        "cap-it": {"ten_cards": True, "three_and_seven": True, "set_distinct_suits": True,
                   "rescue_to_hand": False},
        "shove-it": {"ten_cards": False, "set_distinct_suits": False, "rescue_to_hand": False,
                     "partnerships": True},
    }  # fmt: skip
    assert all(name in OPTIONS for v in VARIANTS.values() for name in v.defaults)


def test_the_chosen_options_are_kept_with_the_ruleset():
    rules = get_ruleset("push", {"rescue_to_hand": True, "partnerships": False})
    assert rules.rescue_to_hand and not rules.partnerships
    assert rules.options["rescue_to_hand"] is True and rules.options["ten_cards"] is False


def test_the_no_partnership_option_gives_one_side_per_player():  # R31
    assert get_ruleset("push").seats_by_side(4) == [[0, 2], [1, 3]]  # R35
    assert get_ruleset("shove-it").seats_by_side(6) == [[0, 2, 4], [1, 3, 5]]  # R35
    assert get_ruleset("push", {"partnerships": False}).seats_by_side(4) == [[0], [1], [2], [3]]


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        ("push", {"tencards": True}, '"tencards" is not an option of Push'),
        ("shove-it", {"three_and_seven": True}, '"three_and_seven" is not an option of Shove-It'),
        ("push", {"ten_cards": "yes"}, 'option "ten_cards" must be true or false'),
        ("push", {"ten_cards": 1}, 'option "ten_cards" must be true or false'),
        ("push", {"ten_cards": None}, 'option "ten_cards" must be true or false'),
    ],
)
def test_an_unknown_option_or_a_bad_value_is_an_error(variant, options, message):
    with refused(RulesError, message):
        get_ruleset(variant, options)


def test_an_unknown_variant_names_the_ones_there_are():
    with refused(UnknownVariantError, "choose one of push, push-solo, cap-it, shove-it"):
        get_variant("liverpool")


def test_a_preset_is_frozen():
    with pytest.raises(AttributeError):
        get_ruleset("push").partnerships = False  # type: ignore[misc]
