"""The initial meld against the deal's contract (R17-R22)."""

import pytest

from referee.rules import (
    PackError,
    RulesError,
    check_contract,
    get_ruleset,
    parse_cards,
)
from referee.rules.words import describe_contract

from .notation import declaration, refused, said


def check(variant, deal, *melds, **options):
    pairs = []
    for meld in melds:
        cards, _, declared = meld.partition(" as ")
        pairs.append((parse_cards(cards), declaration(declared) if declared else None))
    return check_contract(pairs, get_ruleset(variant, options), deal)


@pytest.mark.parametrize(
    ("variant", "options", "contracts"),
    [
        ("push", {}, ["two sets of three", "one set of three and one run of four",
                      "two runs of four", "three sets of three", "two runs of five"]),  # R17
        ("push-solo", {}, ["two sets of three", "one set of three and one run of four",
                           "two runs of four", "three sets of three", "two runs of five"]),
        ("push", {"three_and_seven": True}, ["two sets of three",
            "one set of three and one run of four", "two runs of four", "three sets of three",
            "one run of three and one run of seven"]),  # R18
        ("cap-it", {}, ["two sets of three", "one set of three and one run of four",
            "two runs of four", "three sets of three", "one run of three and one run of seven"]),
        ("shove-it", {}, ["two sets of three", "one set of three and one run of four",
            "one set of three and one run of five", "three sets of three",
            "one set of three and one run of seven"]),  # R19
    ],
)  # fmt: skip
def test_the_contract_of_each_deal(variant, options, contracts):
    rules = get_ruleset(variant, options)
    assert [describe_contract(rules.deal(n).contract) for n in range(1, 6)] == contracts


MET = {
    "deal_1_two_sets": ("push", 1, ["8C 8H 8S", "KD KS JK"]),
    "deal_2_a_set_and_a_run_of_four": ("push", 2, ["8C 8H 8S", "4D 5D 6D 7D"]),
    "deal_3_two_runs_back_to_back_in_one_suit": ("push", 3, ["4H 5H 6H 7H", "8H 9H 10H JH"]),  # R14, R20
    "deal_4_two_sets_may_share_a_rank": ("push", 4, ["8C 8H 8S", "8H 8S 8D", "3C 3D JK"]),  # R20
    "deal_5_two_runs_of_five": ("push", 5, ["3S 4S 5S 6S 7S", "9D 10D JD QD KD"]),
    "a_longer_run_meets_a_shorter_part": ("push", 3, ["4H 5H 6H 7H 8H 9H", "9C 10C JC QC"]),  # R20
    "a_set_of_four_meets_a_set_of_three": ("push", 1, ["8C 8H 8S 8D", "QD QS QH"]),  # R20
    "push_more_melds_than_the_contract": ("push", 1, ["8C 8H 8S", "KD KS JK", "4H 5H 6H"]),  # R21
    "a_meld_read_either_way_serves_where_needed": ("push", 2, ["6D 2S JK", "4H 5H 6H 7H"]),
    "all_wild_melds_serve_any_part": ("push", 3, ["JK JK JK JK", "2C 2D 2S 2H"]),  # R16
    "shove_it_deal_3_set_and_run_of_five": ("shove-it", 3, ["8C 8C 8H", "4D 5D 6D JK 8D"]),  # R19
    "shove_it_exactly_the_contract": ("shove-it", 1, ["8C 8H 8S", "KD KS JK"]),  # R21
    "cap_it_deal_5_three_and_seven": ("cap-it", 5, ["3S 4S 5S", "3D 4D 5D 6D 7D 8D 9D"]),
    "a_declared_meld_counts_as_declared": ("push", 2, ["6D 2S JK as set 6", "4H 5H 6H 7H"]),
}  # fmt: skip


@pytest.mark.parametrize(("variant", "deal", "melds"), MET.values(), ids=MET.keys())
def test_these_initial_melds_meet_the_contract(variant, deal, melds):
    verdict = check(variant, deal, *melds)
    assert verdict.met, said(verdict.reasons)
    assert said(verdict.reasons) == ()
    assert len(verdict.matched) == len(verdict.deal.contract)


NOT_MET = {
    "deal_3_needs_two_runs_of_four_found_one": (
        "push", 3, ["4H 5H 6H 7H"], "deal 3 needs two runs of four; found one"),
    "one_long_run_never_counts_as_two": (
        "push", 3, ["4H 5H 6H 7H 8H 9H 10H JH"], "deal 3 needs two runs of four; found one"),  # R20
    "deal_1_no_sets": ("push", 1, ["4H 5H 6H", "8C 9C 10C"], "deal 1 needs two sets of three; found none"),
    "deal_2_no_run_of_four": (
        "push", 2, ["8C 8H 8S", "4D 5D 6D"],
        "deal 2 needs one set of three and one run of four; found no run of four"),
    "a_run_of_three_is_too_short_for_four": (
        "push", 2, ["8C 8H 8S", "4D 5D 6D"],
        "meld 2 (4D 5D 6D) is a run of three, too short for a run of four"),
    "one_meld_cannot_be_two_parts": (
        "push", 2, ["JK JK JK JK"],
        "deal 2 needs one set of three and one run of four, each its own meld"),  # R20
    "deal_4_three_sets_found_two": (
        "push", 4, ["8C 8H 8S", "3C 3D JK"], "deal 4 needs three sets of three; found two"),
    "an_illegal_meld": (
        "push", 1, ["KC KH KS", "8C 8C 8D"],
        "meld 2 (8C 8C 8D) is not legal: a set may not hold two clubs"),
    "shove_it_no_extra_melds_in_the_first_turn": (
        "shove-it", 1, ["8C 8H 8S", "KD KS JK", "4H 5H 6H"],
        "in Shove-It the initial meld is exactly the contract's melds"),  # R21
    "the_declaration_decides": (
        "push", 2, ["6D 2S JK as run D 4-6", "4H 5H 6H 7H"],
        "deal 2 needs one set of three and one run of four; found no set of three"),
    "nothing_melded": ("push", 1, [], "deal 1 needs two sets of three; no melds were given"),
    "ten_cards_does_not_change_the_contract": (
        "push", 5, ["3S 4S 5S", "3D 4D 5D 6D 7D 8D 9D"],
        "deal 5 needs two runs of five; found one"),  # R18
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "deal", "melds", "reason"), NOT_MET.values(), ids=NOT_MET.keys()
)
def test_these_initial_melds_do_not_meet_the_contract(variant, deal, melds, reason):
    verdict = check(variant, deal, *melds)
    assert not verdict.met
    assert verdict.matched == ()
    assert any(r.startswith(reason) for r in said(verdict.reasons)), said(verdict.reasons)


@pytest.mark.parametrize("deal", [0, 6, -1])
def test_there_are_five_deals(deal):
    with refused(RulesError, f"deal must be 1 to 5; {deal} is not a deal"):
        check("push", deal, "8C 8H 8S", "KD KS JK")


def test_the_melds_together_must_fit_in_the_pack():  # R3
    with refused(PackError, "three 8C"):
        check("push", 1, "8C 8H 8S", "8C 8D 8S", "8C JK JK")


def test_the_matching_names_which_meld_meets_which_part():
    verdict = check("push", 2, "4H 5H 6H 7H", "6D 2S JK")
    (set_part, run_part) = [(index, reading.kind) for index, reading in verdict.matched]
    assert set_part == (1, "set") and run_part == (0, "run")
