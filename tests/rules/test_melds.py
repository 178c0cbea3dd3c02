"""Every legal reading of one meld, ruling by ruling (R4-R16)."""

import pytest

from referee.rules import Declaration, get_ruleset, parse_cards, read_meld

from .notation import declaration, readings, reasons, refused, run_cards, said

ALL_SETS = [
    f"set {rank}" for rank in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
]


def all_runs(length: int) -> list[str]:
    positions = ["A", *["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    return [
        f"run {suit} {positions[low]}-{positions[low + length - 1]}"
        for suit in "SHDC"
        for low in range(0, 15 - length)
    ]


# Each case: cards, variant, the readings the referee must give (in its order).
LEGAL = {
    # R4, R5: a 2 is wild, and natural only in a run of its own suit
    "a_2_of_the_suit_sits_as_itself_below_3": ("AH 2H 3H", "push", ["run H A-3"]),
    "a_2_starts_a_run_as_itself_or_stands_for_the_5": (
        "2H 3H 4H",
        "push",
        ["run H 2-4", "run H 3-5"],
    ),
    "a_2_of_another_suit_is_only_wild": ("2C 3H 4H", "push", ["run H 2-4", "run H 3-5"]),
    # R6: any number of wild cards in the Push family
    "two_wild_cards_and_one_natural": (
        "JK 2C 7H",
        "push",
        ["set 7", "run H 5-7", "run H 6-8", "run H 7-9"],
    ),
    "a_meld_of_wild_cards_only_is_every_set_and_every_run": (  # R16
        "JK JK JK",
        "push",
        ALL_SETS + all_runs(3),
    ),
    "three_2s_are_wild_cards_only_too": ("2S 2H 2D", "cap-it", ALL_SETS + all_runs(3)),
    "twelve_wild_cards_are_runs_only": (
        "JK JK JK JK 2S 2S 2H 2H 2D 2D 2C 2C",
        "push-solo",
        all_runs(12),
    ),
    # R7: Shove-It needs strictly more natural cards than wild ones
    "shove_it_two_naturals_and_a_wild_card": ("7H 8H JK", "shove-it", ["run H 6-8", "run H 7-9"]),
    "shove_it_a_2_as_itself_counts_as_natural": (
        "2H 3H JK",
        "shove-it",
        ["run H A-3", "run H 2-4"],
    ),
    "shove_it_set_with_one_wild_card": ("7H 7C JK", "shove-it", ["set 7"]),
    # R8, R9: a set of one rank, distinct suits, four cards at most
    "the_largest_push_set": ("8C 8H 8S 8D", "push", ["set 8"]),
    "a_set_of_four_with_a_wild_card": ("8C 8H 8S JK", "push", ["set 8"]),
    "a_set_of_aces": ("AC AH AS", "push", ["set A"]),
    # R10: Shove-It sets may repeat suits and have no upper size
    "shove_it_set_may_repeat_a_suit": ("8C 8C 8H", "shove-it", ["set 8"]),
    "shove_it_set_of_seven_cards": ("8C 8C 8H 8H 8S 8D 8D", "shove-it", ["set 8"]),
    # R11: a run is three or more of one suit in sequence
    "a_plain_run_has_one_reading": ("3S 4S 5S 6S", "push", ["run S 3-6"]),
    "a_run_with_a_wild_card_in_the_middle": ("3S JK 5S 6S", "push", ["run S 3-6"]),
    "a_run_given_in_any_order": ("JD 9D 10D", "push", ["run D 9-J"]),
    # The Push rule texts' own examples (docs/rules.md#R11)
    "seed_3_to_6_of_spades": ("3S 4S 5S 6S", "push", ["run S 3-6"]),
    "seed_9_10_j_of_diamonds": ("9D 10D JD", "shove-it", ["run D 9-J"]),
    "seed_j_q_k_a": ("JH QH KH AH", "push", ["run H J-A"]),
    "seed_a_2_3_4_the_2_as_itself": ("AC 2C 3C 4C", "push", ["run C A-4"]),
    "seed_4_to_j_as_a_single_run": ("4H 5H 6H 7H 8H 9H 10H JH", "push", ["run H 4-J"]),
    "seed_three_sevens": ("7S 7H 7D", "push", ["set 7"]),
    "seed_four_queens": ("QS QH QD QC", "push", ["set Q"]),
    # R12: the ace is low or high, never both; a wild card never goes past it
    "ace_high": ("QH KH AH", "push", ["run H Q-A"]),
    "ace_low": ("AH 3H JK", "push", ["run H A-3"]),
    "ace_low_needs_its_2": ("AH 3H 4H JK", "push", ["run H A-4"]),
    "a_wild_card_never_stands_below_a_low_ace_nor_above_a_high_one": (
        "AH JK JK",
        "push",
        ["set A", "run H A-3", "run H Q-A"],
    ),
    "thirteen_cards_ace_low_or_ace_high": (
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "push",
        ["run H A-K", "run H 2-A"],
    ),
    # R13
    "k_a_2_is_q_k_a": ("KH AH 2H", "push", ["run H Q-A"]),
    # R15: `6D 2S JK` has exactly four readings
    "6d_2s_jk_has_four_readings": (
        "6D 2S JK",
        "push",
        ["set 6", "run D 4-6", "run D 5-7", "run D 6-8"],
    ),
}


@pytest.mark.parametrize(("cards", "variant", "expected"), LEGAL.values(), ids=LEGAL.keys())
def test_legal_melds_give_exactly_these_readings(cards, variant, expected):
    assert readings(cards, variant) == expected


# Each case: cards, variant, the first reason the referee gives.
ILLEGAL = {
    "a_meld_needs_three_cards": ("7H 8H", "push", "a meld needs three or more cards; this has two"),
    "one_card": ("JK", "push", "a meld needs three or more cards; this has one"),
    "no_cards": ("", "push", "a meld needs three or more cards; this has no"),
    # R7
    "shove_it_as_many_wild_as_natural": ("8C 8H JK JK", "shove-it", "too many wild cards for Shove-It"),
    "shove_it_one_natural_two_wild": ("7H JK JK", "shove-it", "too many wild cards for Shove-It"),
    "shove_it_wild_cards_only": ("JK JK JK", "shove-it", "too many wild cards for Shove-It"),
    # R9
    "a_push_set_may_not_hold_two_clubs": ("8C 8C 8H", "push", "a set may not hold two clubs"),
    "8c_8h_8s_8d_jk_is_no_push_set": ("8C 8H 8S 8D JK", "push", "a set holds at most four cards"),
    # R8, R11
    "cards_of_two_ranks_and_two_suits": ("6D 7H JK", "push", "a run needs cards of one suit: 6D and 7H differ"),
    "a_set_of_mixed_ranks_with_one_suit_each": ("6D 6H 7S", "push", "a set needs cards of one rank: 6D and 7S differ"),
    "a_run_may_not_hold_a_card_twice": ("7H 7H 8H", "push", "a run may not hold two 7H"),
    "a_gap_no_wild_card_fills": ("3S 4S 9S", "push", "3S and 9S are too far apart for one run"),
    "one_card_missing": ("5H 6H 8H", "push", "7H is missing between 5H and 8H"),
    "two_cards_missing": ("5H 6H 9H", "push", "7H and 8H are missing between 5H and 9H"),
    "a_card_missing_by_the_ace": ("AH 3H 4H", "push", "2H is missing between AH and 4H"),
    # R12, R13
    "kh_ah_2h_3h_is_no_run": ("KH AH 2H 3H", "push", "K-A-2-3 wraps round the ace"),
    "k_a_2_naturals_with_a_3": ("KS AS 3S", "push", "K-A-2-3 wraps round the ace"),
    "seed_k_a_2_3_is_not_allowed": ("KC AC 2C 3C", "shove-it", "K-A-2-3 wraps round the ace"),
    "a_run_holds_at_most_one_ace": ("AH AH 3H", "push", "a run holds at most one ace"),
    "a_run_holds_at_most_13_cards": (
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
        "push",
        "a run holds at most 13 cards",
    ),
    "an_ace_far_from_the_rest": ("AH 7H 8H", "push", "AH and 8H are too far apart for one run"),
}  # fmt: skip


@pytest.mark.parametrize(("cards", "variant", "reason"), ILLEGAL.values(), ids=ILLEGAL.keys())
def test_illegal_melds_say_why(cards, variant, reason):
    verdict = read_meld(parse_cards(cards), get_ruleset(variant))
    assert not verdict.legal
    assert not verdict.needs_declaration
    assert verdict.readings == ()
    assert said(verdict.reasons)[0].startswith(reason)


def test_an_illegal_meld_says_why_it_is_neither_a_set_nor_a_run():
    assert reasons("8C 8C 8H") == [
        "a set may not hold two clubs",
        "a run needs cards of one suit: 8C and 8H differ",
    ]


@pytest.mark.parametrize(
    ("cards", "options", "expected"),
    [
        ("8C 8C 8H", {"set_distinct_suits": False}, ["set 8"]),  # R9 option off in Push
        ("8C 8H 8S 8D 8D", {"set_distinct_suits": False}, ["set 8"]),
    ],
)
def test_push_with_set_distinct_suits_off(cards, options, expected):
    assert readings(cards, "push", **options) == expected


def test_shove_it_with_set_distinct_suits_on_refuses_a_repeated_suit():  # R10 option
    assert readings("8C 8C 8H", "shove-it", set_distinct_suits=True) == []
    assert reasons("8C 8C 8H", "shove-it", set_distinct_suits=True)[0] == (
        "a set may not hold two clubs"
    )


def test_two_sets_of_one_rank_are_each_a_set():  # R14: Push's own example
    assert readings("8C 8H 8S") == ["set 8"]
    assert readings("8H 8S 8D") == ["set 8"]


# R15: each reading's cards, in run order, each wild card with what it stands for.
RUN_CARDS = [
    ("6D 2S JK", "run D 4-6", "2S>4D JK>5D 6D"),
    ("6D 2S JK", "run D 5-7", "2S>5D 6D JK>7D"),
    ("6D 2S JK", "run D 6-8", "6D 2S>7D JK>8D"),
    ("6D JK 2S", "run D 4-6", "JK>4D 2S>5D 6D"),  # the first wild card entered goes lowest
    ("2H 3H 4H", "run H 2-4", "2H 3H 4H"),  # the 2 natural
    ("2H 3H 4H", "run H 3-5", "3H 4H 2H>5H"),  # the 2 wild
    ("KH AH 2H", "run H Q-A", "2H>QH KH AH"),  # R13
    ("2H JK 4H", "run H 2-4", "2H JK>3H 4H"),  # R15: a 2 of the suit sits at 2 whenever it can
    ("JK 2H 4H", "run H 2-4", "2H JK>3H 4H"),
    ("2H 2H 4H", "run H 2-4", "2H 2H>3H 4H"),
    ("2S 2H 2D", "run H A-3", "2S>AH 2H 2D>3H"),
    ("AS JK JK", "run S Q-A", "JK>QS JK>KS AS"),
]


@pytest.mark.parametrize(("cards", "reading", "expected"), RUN_CARDS)
def test_what_each_card_of_a_run_stands_for(cards, reading, expected):
    assert run_cards(cards, reading) == expected


def test_readings_do_not_depend_on_the_order_of_the_cards():  # R15
    assert readings("6D 2S JK") == readings("JK 6D 2S") == readings("2S JK 6D")


@pytest.mark.parametrize(
    ("cards", "needs"),
    [("6D 2S JK", True), ("2H 3H 4H", True), ("7H 8H 9H", False), ("8C 8H 8S", False),
     ("7H 8H", False)],
)  # fmt: skip
def test_a_declaration_is_needed_exactly_when_there_is_more_than_one_reading(cards, needs):
    assert read_meld(parse_cards(cards), get_ruleset("push")).needs_declaration is needs


@pytest.mark.parametrize("reading", ["set 6", "run D 4-6", "run D 5-7", "run D 6-8"])
def test_declaring_keeps_one_reading(reading):  # R15
    verdict = read_meld(parse_cards("6D 2S JK"), get_ruleset("push"), declaration(reading))
    assert verdict.legal and not verdict.needs_declaration
    assert len(verdict.readings) == 1


def test_declaring_only_the_kind_keeps_every_reading_of_that_kind():
    verdict = read_meld(parse_cards("6D 2S JK"), get_ruleset("push"), Declaration("run"))
    assert len(verdict.readings) == 3 and verdict.needs_declaration


@pytest.mark.parametrize(
    ("cards", "declared", "reason"),
    [
        (
            "6D 2S JK",
            Declaration("run", suit="H"),
            "6D 2S JK cannot be declared a run of hearts; it reads as a set of sixes, "
            "a run of diamonds 4-6, a run of diamonds 5-7 or a run of diamonds 6-8",
        ),
        (
            "JK JK JK",
            Declaration("set", rank=2),  # R16: a set of twos is not a reading
            "JK JK JK cannot be declared a set of twos; it reads as a set of threes",
        ),
        ("7H 8H 9H", Declaration("run", suit="H", low=8), "7H 8H 9H cannot be declared"),
    ],
)
def test_a_declaration_that_is_no_reading_makes_the_meld_illegal(cards, declared, reason):
    verdict = read_meld(parse_cards(cards), get_ruleset("push"), declared)
    assert not verdict.legal
    assert said(verdict.reasons)[0].startswith(reason)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"kind": "set", "rank": "6"}, Declaration("set", rank=6)),
        ({"kind": "set", "rank": "a"}, Declaration("set", rank=1)),
        ({"kind": "run", "suit": "d", "low": "5"}, Declaration("run", suit="D", low=5)),
        ({"kind": "run", "suit": "♥", "low": "A"}, Declaration("run", suit="H", low=1)),
        ({"kind": "run", "suit": "H", "high": "A"}, Declaration("run", suit="H", high=14)),
        ({"kind": "run", "low": "T", "high": "K"}, Declaration("run", low=10, high=13)),
    ],
)
def test_declarations_read_like_the_api_writes_them(fields, expected):
    assert Declaration.parse(fields) == expected


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "pair"}, 'a declaration\'s "kind" must be "set" or "run"'),
        ({"kind": "set", "rank": "1"}, '"1" is not a rank'),
        ({"kind": "run", "suit": "X"}, '"X" is not a suit'),
        ({"kind": "set", "suit": "H"}, 'a set is not declared with "suit"'),
        ({"kind": "run", "rank": "6"}, 'a run is not declared with "rank"'),
    ],
)
def test_a_declaration_that_cannot_be_read_is_an_error(fields, message):
    from referee.rules import RulesError

    with refused(RulesError, message):
        Declaration.parse(fields)
