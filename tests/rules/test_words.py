"""The referee's sentences as a player reads them: the telling reason first, counts
that agree with their nouns, no ruling numbers, and a meld of the wrong size for
the contract called a meld."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import VARIANTS, RulesError, get_ruleset, parse_cards, read_meld
from referee.rules.contracts import check_contract
from referee.rules.melds import meant
from referee.rules.words import ENGLISH, counted, wild_limit_lines

from .notation import said
from .test_properties import SETTINGS, melds

RULING = re.compile(r"\bR\d{1,2}\b")

# --- The telling reason first ------------------------------------------------------

#: (variant, cards, the kind the player most likely meant, the start of the first reason)
TELLING = {
    # As many naturals share a rank as a suit (one natural): three cards can be a group
    # of three in Shanghai, never a sequence (four or more, R44): the group's reason.
    "shanghai_one_natural_two_wild": (
        "shanghai", "9H 2C JK", "set",
        "too many wild cards for Shanghai: a group of three may hold at most one wild card",
    ),
    # Two naturals of a suit: a sequence was meant, and it is one card short.
    "shanghai_two_of_a_suit": (
        "shanghai", "9H 10H 2C", "run", "a sequence needs four or more cards in Shanghai",
    ),
    # Two naturals of a rank: a group was meant.
    "shanghai_two_of_a_rank": (
        "shanghai", "9H 9C 2C JK", "set", "too many wild cards for Shanghai: a group of four",
    ),
    "push_three_of_a_suit": ("push", "4H 5H 9H", "run", "4H and 9H are too far apart for one run"),
    "push_two_of_a_rank": ("push", "8C 8H 9S", "set", "a set needs cards of one rank"),
    # Farmer's Rummy has no runs (R44): whatever the cards, a set was meant.
    "farmers_no_runs": ("farmers", "4H 5H 6H", "set", "a set needs cards of one rank"),
}  # fmt: skip


@pytest.mark.parametrize(("variant", "cards", "kind", "first"), TELLING.values(), ids=TELLING)
def test_the_first_reason_is_for_the_meld_the_player_meant(variant, cards, kind, first):
    rules = get_ruleset(variant)
    assert meant(parse_cards(cards), rules) == kind
    reasons = said(read_meld(parse_cards(cards), rules).reasons)
    assert reasons[0].startswith(first), reasons
    assert len(reasons) == 2  # the other reading's reason still follows


def test_a_contract_check_says_each_meld_by_its_telling_reason():
    verdict = check_contract([(parse_cards("9H 2C JK"), None)], get_ruleset("shanghai"), 1)
    assert "a group of three may hold at most one wild card" in said(verdict.reasons)[0]


# --- A meld, though not for this deal -------------------------------------------------

#: (variant, cards, deal, the reason): a legal meld of the wrong size (R47).
OFF_CONTRACT = {
    "shanghai_group_of_four_in_deal_1": (
        "shanghai", "9H 9C 9D 9S", 1, "deal 1 of Shanghai needs a group of exactly three; this one has four",
    ),
    "loba_escalera_of_five_in_deal_2": (
        "loba", "4H 5H 6H 7H 8H", 2, "deal 2 of Loba needs an escalera of exactly four; this one has five",
    ),
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "cards", "deal", "reason"), OFF_CONTRACT.values(), ids=OFF_CONTRACT
)
def test_a_meld_of_the_wrong_size_is_a_meld_but_not_of_the_contract(variant, cards, deal, reason):
    rules = get_ruleset(variant)
    verdict = read_meld(parse_cards(cards), rules, deal=deal)
    assert not verdict.legal
    assert verdict.a_meld
    assert said(verdict.reasons) == (reason,)
    assert read_meld(parse_cards(cards), rules).legal  # a meld, later in the deal


def test_cards_that_are_no_meld_are_not_called_one():
    verdict = read_meld(parse_cards("9H 10C JK"), get_ruleset("shanghai"), deal=1)
    assert not verdict.legal and not verdict.a_meld


# --- Counts and ruling numbers -------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "noun", "digits", "said"),
    [
        (1, "meld", False, "one meld"),
        (2, "meld", False, "two melds"),
        (0, "meld", False, "no melds"),
        (1, "point", True, "1 point"),
        (-1, "point", True, "-1 point"),
        (25, "point", True, "25 points"),
    ],
)
def test_a_count_agrees_with_its_noun(count, noun, digits, said):
    assert counted(count, noun, digits=digits) == said


def test_one_meld_given_for_a_contract_of_two_is_said_in_the_singular():
    """R21: "and one meld was given", never "one melds were given"."""
    verdict = check_contract([(parse_cards("9H 9C 9D"), None)], get_ruleset("loba"), 1)
    assert "and one meld was given;" in said(verdict.reasons)[0]


@SETTINGS
@given(
    cards=melds,
    variant=st.sampled_from(list(VARIANTS)),
    deal=st.one_of(st.none(), st.integers(1, 4)),
)
def test_no_reason_a_player_reads_holds_a_ruling_number(cards, variant, deal):
    """Rulings are cited in the code, never to the player: page and API alike show
    these reasons."""
    rules = get_ruleset(variant)
    players = max(rules.players)
    try:
        verdict = read_meld(cards, rules, players=players, deal=deal)
        contract = check_contract([(cards, None)], rules, deal or 1, players)
        sentences = [*said(verdict.reasons), *said(contract.reasons)]
    except RulesError as error:  # more of a card than this game's pack holds (R3, R49)
        sentences = [str(error)]
    for reason in sentences:
        assert not RULING.search(reason), reason


def test_no_option_a_player_reads_holds_a_ruling_number():
    from referee.rules import OPTIONS

    for option in OPTIONS.values():
        assert not RULING.search(option.description), option.description


# --- The rules card -------------------------------------------------------------------


@pytest.mark.parametrize("variant", [v for v in VARIANTS if get_ruleset(v).wild_limit_by_size])
def test_the_wild_card_table_names_every_contract_meld(variant):
    """R51: the rules card gives the most wild cards for every size a contract asks
    for, a group of four in Shanghai included (it takes the group of three's)."""
    rules = get_ruleset(variant)
    said = next(line for line in wild_limit_lines(ENGLISH, rules) if "by its size" in line)
    for deal in rules.deals:
        for part in deal.contract:
            noun = rules.words.noun(part.kind)
            kind_said = said.split(f"a {noun} ")[1].split("a ")[0]
            assert re.search(
                rf"\b{part.min}\b[^,]*: {rules.most_wild(part.kind, part.min)}", kind_said
            ), (part, said)


def test_shanghai_says_a_group_of_four_holds_one_wild_card():
    said = wild_limit_lines(ENGLISH, get_ruleset("shanghai"))
    assert (
        "Most wild cards in a meld, by its size: a group of 3 or 4: 1, a sequence of 4: 1, of 5: 2, of 7: 3, of 10: 4."
        in said
    )
