"""Laying off: the meld as it would be with cards added at its ends (R23)."""

import pytest

from referee.rules import extend_meld, get_ruleset, parse_cards

from .notation import declaration, said, short


def extend(meld, add, variant="push", meld_declare=None, declare=None):
    return extend_meld(
        parse_cards(meld),
        parse_cards(add),
        get_ruleset(variant),
        meld_declare=meld_declare and declaration(meld_declare),
        declare=declare and declaration(declare),
    )


def placed(reading):
    return " ".join(
        str(p.card) if p.natural else f"{p.card}>{p.stands_for}" for p in reading.cards
    )


LEGAL = {
    "a_card_above_a_run": ("7H 8H 9H", "10H", "push", None, ["run H 7-10"]),
    "a_card_below_a_run": ("7H 8H 9H", "6H", "push", None, ["run H 6-9"]),
    "cards_at_both_ends": ("7H 8H 9H", "6H 10H", "push", None, ["run H 6-10"]),
    "a_natural_and_a_wild_card_go_either_way": (
        "7H 8H 9H", "10H JK", "push", None, ["run H 6-10", "run H 7-J"]),
    "a_wild_card_bridges_to_a_natural": ("7H 8H 9H", "JH JK", "push", None, ["run H 7-J"]),
    "a_high_ace_closes_a_run": ("JH QH KH", "AH", "push", None, ["run H J-A"]),
    "a_low_ace_under_a_2": ("2H 3H 4H", "AH", "push", "run H 2-4", ["run H A-4"]),
    "a_wild_card_onto_q_k_a_goes_below": ("QH KH AH", "JK", "push", None, ["run H J-A"]),
    "a_fourth_card_of_a_set": ("8C 8H 8S", "8D", "push", None, ["set 8"]),
    "a_wild_card_onto_a_set": ("8C 8H 8S", "JK", "push", None, ["set 8"]),
    "shove_it_a_second_club_on_a_set": ("8C 8H 8S", "8C", "shove-it", None, ["set 8"]),
    "a_declared_set_stays_a_set": ("6D 2S JK", "6C", "push", "set 6", ["set 6"]),
    "an_undeclared_meld_extends_every_way_it_reads": (
        "6D 2S JK", "7D", "push", None, ["run D 4-7"]),
}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "add", "variant", "meld_declare", "expected"), LEGAL.values(), ids=LEGAL.keys()
)
def test_laying_off_gives_these_readings(meld, add, variant, meld_declare, expected):
    verdict = extend(meld, add, variant, meld_declare)
    assert [short(r) for r in verdict.readings] == expected


def test_the_cards_on_the_table_keep_what_they_stand_for():  # R15, R23
    verdict = extend("6D 2S JK", "7D 8D", meld_declare="run D 4-6")
    (run,) = verdict.readings
    assert placed(run) == "2S>4D JK>5D 6D 7D 8D"


def test_a_wild_card_laid_off_takes_the_lowest_open_place_first():  # R15
    verdict = extend("7H 8H 9H", "JK 2C", declare="run H 5-9")
    (run,) = verdict.readings
    assert placed(run) == "JK>5H 2C>6H 7H 8H 9H"


def test_the_result_may_carry_its_own_declaration():
    verdict = extend("7H 8H 9H", "10H JK", declare="run H 7-J")
    assert [short(r) for r in verdict.readings] == ["run H 7-J"]
    assert not verdict.needs_declaration


ILLEGAL = {
    "a_card_of_another_suit": ("7H 8H 9H", "10D", "push", None, "10D does not belong in a run of hearts"),
    "a_gap_at_the_end": ("7H 8H 9H", "JH", "push", None, "JH does not reach a run of hearts 7-9: 10H is missing"),
    "a_wide_gap_at_the_end": ("7H 8H 9H", "KH", "push", None, "KH is too far from the ends of a run of hearts 7-9"),
    "a_gap_a_wild_card_leaves": ("7H 8H 9H", "JK KH", "push", None, "KH is too far from the ends of a run of hearts 7-9"),
    "a_card_into_the_middle": ("7H JK 9H", "8H", "push", None, "the place of 8H in a run of hearts 7-9 is already filled"),
    "past_the_ace": ("QH KH AH", "2H 3H", "push", None, "Q-K-A-2-3 wraps round the ace"),
    "a_second_ace": ("AH 2H 3H", "AH", "push", "run H A-3", "a run of hearts A-3 already has its ace"),
    "a_set_card_of_another_rank": ("8C 8H 8S", "9D", "push", None, "9D does not belong in a set of eights"),
    "a_second_club_in_a_push_set": ("8C 8H 8S", "8C", "push", None, "a set may not hold two clubs"),
    "a_fifth_card_on_a_push_set": ("8C 8H 8S 8D", "JK", "push", None, "a set holds at most four cards"),
    "shove_it_too_many_wild": ("8C 8H JK", "JK", "shove-it", None, "too many wild cards for Shove-It"),
    "an_illegal_meld_on_the_table": ("7H 8H", "9H", "push", None, "the meld on the table is not legal"),
    "nothing_to_lay_off": ("7H 8H 9H", "", "push", None, "lay off one or more cards"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "add", "variant", "meld_declare", "reason"), ILLEGAL.values(), ids=ILLEGAL.keys()
)
def test_a_lay_off_that_breaks_the_meld_says_why(meld, add, variant, meld_declare, reason):
    verdict = extend(meld, add, variant, meld_declare)
    assert not verdict.legal
    assert said(verdict.reasons)[0].startswith(reason)


def test_laying_off_is_checked_against_the_pack():  # R3
    from referee.rules import PackError

    with pytest.raises(PackError):
        extend("7H 8H 9H", "7H 7H")
