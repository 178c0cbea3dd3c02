"""Rescuing a wild card from a meld on the table (R24), and where it goes (R25)."""

from collections import Counter

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from referee.rules import (
    Card,
    PackError,
    RunReading,
    SetReading,
    format_cards,
    get_ruleset,
    parse_cards,
    read_meld,
    rescue,
)
from referee.rules.words import ENGLISH

from .notation import declaration, said, short
from .test_properties import ALL_CARDS, RULESET_IDS, RULESETS, melds

#: Where the freed wild card goes, as the referee says it (R25, R79).
TO_HAND = "it may go into your hand"
TO_MELD = "it must be used at once in a meld you make this turn; it never goes into your hand"


def check(meld, card, variant="push", meld_declare=None, players=None, **options):
    return rescue(
        parse_cards(meld),
        Card.parse(card),
        get_ruleset(variant, options),
        meld_declare and declaration(meld_declare),
        players,
    )


def swaps(verdict):
    """Each swap as ``reading: freed>card -> the meld after``."""
    return [
        f"{short(s.reading)}: {s.freed}>{s.stood_for or '?'} -> {format_cards(s.after.cards)}"
        for s in verdict.swaps
    ]


# --- R24: which wild card a natural card frees -----------------------------------

# meld, card, variant, the meld's declaration, the swaps
LEGAL = {
    # R24: in a run the wild card stands for one exact card
    "a_joker_in_the_middle_of_a_run": ("7H JK 9H", "8H", "push", None, ["run H 7-9: JK>8H -> 7H 8H 9H"]),
    "a_joker_at_the_end_of_a_run": ("7H 8H JK", "9H", "push", None, ["run H 7-9: JK>9H -> 7H 8H 9H"]),
    "a_wild_2_in_a_run": ("5H 2C 7H", "6H", "push", None, ["run H 5-7: 2C>6H -> 5H 6H 7H"]),
    "a_2_of_the_suit_away_from_its_place_is_wild": ("5H 2H 7H", "6H", "push", None, ["run H 5-7: 2H>6H -> 5H 6H 7H"]),
    "the_high_ace": ("QH KH JK", "AH", "push", "run H Q-A", ["run H Q-A: JK>AH -> QH KH AH"]),
    "the_low_ace": ("JK 2H 3H", "AH", "push", "run H A-3", ["run H A-3: JK>AH -> AH 2H 3H"]),
    # R5: a 2 takes the place a wild card holds for it, and sits there as itself
    "a_2_rescues_the_joker_that_stands_for_it": ("AH JK 3H", "2H", "push", None, ["run H A-3: JK>2H -> AH 2H 3H"]),
    # R15: the first wild card entered takes the lowest place; only that one comes out
    "of_two_jokers_the_one_in_that_place": ("5D JK JK 8D", "7D", "push", None, ["run D 5-8: JK>7D -> 5D JK 7D 8D"]),
    "of_a_2_and_a_joker_the_one_in_that_place": ("5D 2C JK 8D", "7D", "push", None, ["run D 5-8: JK>7D -> 5D 2C 7D 8D"]),
    "the_declared_run_decides": ("6D 2S JK", "5D", "push", "run D 4-6", ["run D 4-6: JK>5D -> 6D 2S 5D"]),
    "an_undeclared_meld_every_way_it_reads": ("6D 2S JK", "5D", "push", None, [
        "run D 4-6: JK>5D -> 6D 2S 5D", "run D 5-7: 2S>5D -> 6D 5D JK"]),
    # R24, R9: in a Push set, any card of the rank whose suit the set does not hold
    "a_joker_in_a_push_set": ("6C 6H JK", "6D", "push", None, ["set 6: JK>? -> 6C 6H 6D"]),
    "a_2_in_a_push_set": ("6C 6H 2S", "6S", "push", None, ["set 6: 2S>? -> 6C 6H 6S"]),
    "either_wild_card_of_a_set": ("6C 2S JK", "6D", "push", "set 6", [
        "set 6: 2S>? -> 6C 6D JK", "set 6: JK>? -> 6C 2S 6D"]),
    "two_jokers_are_one_choice": ("6C JK JK", "6D", "push", None, ["set 6: JK>? -> 6C 6D JK"]),
    "a_set_of_wild_cards_only_declared": ("JK JK JK", "AS", "push", "set A", ["set A: JK>? -> AS JK JK"]),
    # R24, R10: in a Shove-It set, any card of the rank
    "shove_it_a_suit_the_set_holds": ("6C 6H JK", "6C", "shove-it", None, ["set 6: JK>? -> 6C 6H 6C"]),
    "push_without_distinct_suits": ("6C 6H JK", "6C", ("push", {"set_distinct_suits": False}), None, ["set 6: JK>? -> 6C 6H 6C"]),
}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "card", "variant", "meld_declare", "expected"), LEGAL.values(), ids=LEGAL.keys()
)
def test_a_natural_card_frees_the_wild_card_that_stands_for_it(
    meld, card, variant, meld_declare, expected
):  # R24
    variant, options = variant if isinstance(variant, tuple) else (variant, {})
    verdict = check(meld, card, variant, meld_declare, **options)
    assert verdict.legal, said(verdict.reasons)
    assert swaps(verdict) == expected
    assert said(verdict.reasons) == ()


# meld, card, variant, the meld's declaration, the reasons (each a start)
REFUSED = {
    "a_card_no_wild_card_of_the_run_stands_for": ("7H JK 9H", "10H", "push", None, [
        "10H is not a card any wild card of this meld stands for",
        "in a run of hearts 7-9, JK stands for 8H"]),
    "the_card_of_a_place_a_natural_holds": ("7H JK 9H", "7H", "push", None, [
        "7H is not a card any wild card of this meld stands for",
        "in a run of hearts 7-9, JK stands for 8H"]),
    "another_suit_in_a_run": ("7H JK 9H", "8D", "push", None, [
        "8D is not a card any wild card of this meld stands for",
        "in a run of hearts 7-9, JK stands for 8H"]),
    "past_the_ends_of_a_run": ("5D 2C JK 8D", "9D", "push", None, [
        "9D is not a card any wild card of this meld stands for",
        "in a run of diamonds 5-8, 2C stands for 6D and JK for 7D"]),
    "the_declared_run_decides": ("6D 2S JK", "7D", "push", "run D 4-6", [
        "7D is not a card any wild card of this meld stands for",
        "in a run of diamonds 4-6, 2S stands for 4D and JK for 5D"]),
    "another_rank_in_a_set": ("6C 6H JK", "7H", "push", None, [
        "7H is not a card any wild card of this meld stands for",
        "a joker's place in a set of sixes takes a six"]),
    "a_suit_the_push_set_holds": ("6C 6H JK", "6H", "push", None, [
        "6H is not a card any wild card of this meld stands for",
        "a set of sixes already holds 6H; a joker's place in it takes a six of another suit: 6S or 6D"]),
    "a_2_is_no_natural_card_in_a_set": ("6C 6H 2S", "2H", "push", None, [
        "2H is not a card any wild card of this meld stands for",
        "a 2's place in a set of sixes takes a six"]),
    "the_meld_has_no_wild_card": ("7H 8H 9H", "8H", "push", None, ["the meld has no wild card"]),
    "a_2_as_itself_is_no_wild_card": ("AH 2H 3H", "2H", "push", None, [
        "the meld has no wild card: 2H stands for itself in it, and a 2 that stands for itself cannot be rescued"]),  # R5
    "a_joker_is_no_natural_card": ("7H JK 9H", "JK", "push", None, [
        "a joker is wild: only a natural card takes a wild card's place"]),
    "an_illegal_meld_on_the_table": ("7H 8H", "9H", "push", None, [
        "the meld on the table is not legal: a meld needs three or more cards"]),
    "a_declaration_the_meld_cannot_have": ("7H JK 9H", "8H", "push", "set 8", [
        "the meld on the table is not legal: 7H JK 9H cannot be declared a set of eights"]),
}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "card", "variant", "meld_declare", "reasons"), REFUSED.values(), ids=REFUSED.keys()
)
def test_a_rescue_that_is_not_one_says_why(meld, card, variant, meld_declare, reasons):  # R24
    verdict = check(meld, card, variant, meld_declare)
    assert not verdict.legal
    assert verdict.swaps == () and verdict.freed == () and verdict.after is None
    assert len(said(verdict.reasons)) == len(reasons), said(verdict.reasons)
    for sentence, start in zip(said(verdict.reasons), reasons, strict=True):
        assert sentence.startswith(start)


def test_an_undeclared_meld_says_why_for_each_way_it_reads():  # R15, R24
    verdict = check("2H 3H 4H", "6H")
    assert said(verdict.reasons) == (
        "6H is not a card any wild card of this meld stands for",
        "a run of hearts 2-4 has no wild card: 2H stands for itself",
        "in a run of hearts 3-5, 2H stands for 5H",
    )
    assert verdict.needs_declaration


def test_many_ways_to_read_it_are_cut_short():
    verdict = check("7H JK JK JK", "JH")  # a set of sevens, and four runs of hearts
    assert len(verdict.readings) == 5
    assert said(verdict.reasons)[1:] == (
        "a joker's place in a set of sevens takes a seven",
        "in a run of hearts 4-7, JK stands for 4H, JK for 5H and JK for 6H",
        "in a run of hearts 5-8, JK stands for 5H, JK for 6H and JK for 8H",
        "and 2 more ways to read it: declare the meld",
    )


def test_a_meld_of_wild_cards_only_frees_a_wild_card_for_any_natural_card():  # R16
    verdict = check("JK JK JK", "2S")  # a joker stands for 2S in spades A-3 and 2-4
    assert [short(swap.reading) for swap in verdict.swaps] == ["run S A-3", "run S 2-4"]


def test_the_meld_after_keeps_the_reading_and_every_other_wild_card_its_place():  # R15
    verdict = check("JK JK JK 2C", "6S", meld_declare="run S 4-7")
    (swap,) = verdict.swaps
    (run,) = swap.after.readings
    assert isinstance(run, RunReading)
    assert [f"{p.card}>{p.stands_for}" for p in run.cards] == ["JK>4S", "JK>5S", "6S>6S", "2C>7S"]
    assert swap.freed == Card.parse("JK")
    assert swap.stood_for == Card.parse("6S")


# --- R4, R46: only the table's rules say what is wild --------------------------------


def test_where_2s_are_natural_a_set_of_twos_gives_up_its_joker_to_a_2():  # R46, R50
    verdict = check("2C 2D JK 2S", "2H", "contract-rummy")
    assert said(verdict.reasons) == ()
    assert swaps(verdict) == ["set 2: JK>? -> 2C 2D 2H 2S"]


def test_where_2s_are_wild_the_same_cards_make_runs_of_the_2s_suit():  # R4, R5, R16
    verdict = check("2C 2D JK 2S", "2H", "push")
    assert said(verdict.reasons) == ()
    assert swaps(verdict) == [
        "run H A-4: 2D>2H -> 2C 2H JK 2S",  # 2H sits at its own place, as itself (R5)
        "run H 2-5: 2C>2H -> 2H 2D JK 2S",
    ]


def test_where_2s_are_wild_a_set_of_them_is_no_set_of_twos():  # R16
    verdict = check("2C 2D JK 2S", "2H", "push", meld_declare="set 5")
    assert said(verdict.reasons) == (
        "2H is not a card any wild card of this meld stands for",
        "a wild card's place in a set of fives takes a five",
    )


def test_a_natural_2_is_held_like_any_natural_card():  # R9, R43, R46
    verdict = check("2C 2D JK", "2C", "sa-kaluki")  # groups of distinct suits
    assert said(verdict.reasons)[1] == (
        "a set of twos already holds 2C; a joker's place in it takes a two of another "
        "suit: 2S or 2H"
    )
    assert check("2C 2D JK", "2H", "sa-kaluki").legal


def test_a_meld_of_natural_2s_has_no_wild_card_and_no_2_standing_for_itself():  # R46
    verdict = check("2C 2D 2S", "2H", "contract-rummy")
    assert said(verdict.reasons) == ("the meld has no wild card",)


@pytest.mark.parametrize("variant", ["push", "contract-rummy", "sa-kaluki", "shanghai"])
@settings(max_examples=200, deadline=None)
@given(cards=melds, natural=st.sampled_from(ALL_CARDS[1:]))
def test_a_refusal_never_contradicts_itself(variant, cards, natural):  # R9, R46
    """What a reason says the set already holds is one of its natural cards, and is
    never among the cards it then offers."""
    rules = get_ruleset(variant)
    try:
        verdict = rescue(cards, natural, rules, players=max(rules.players))
    except PackError:
        assume(False)
    for reason in said(verdict.reasons):
        if "already holds" not in reason:
            continue
        held, _, offered = reason.partition("already holds ")[2].partition(";")
        assert held in {str(card) for card in cards if not rules.is_wild(card)}, reason
        assert held not in offered.split(": ")[-1].replace(" or ", ", ").split(", "), reason


def test_pack_is_checked_across_the_meld_and_the_card():  # R3
    with pytest.raises(PackError):
        check("6C 6C JK", "6C", "shove-it")
    assert check("6C 6C JK", "6C", "shove-it", players=6).legal  # a third pack


# --- R25: where the freed wild card goes ----------------------------------------------


@pytest.mark.parametrize("variant", ["push", "push-solo", "cap-it", "shove-it"])
def test_by_default_the_freed_wild_card_goes_straight_into_a_meld(variant):  # R25
    verdict = check("6C 6H JK", "6D", variant)
    assert verdict.wild_goes == "meld"
    assert ENGLISH.reason(verdict.says) == (
        "JK comes out: it must be used at once in a meld you make this turn; "
        "it never goes into your hand"
    )


@pytest.mark.parametrize("variant", ["push", "push-solo", "cap-it", "shove-it"])
def test_with_rescue_to_hand_it_may_go_into_the_hand(variant):  # R25
    verdict = check("6C 6H JK", "6D", variant, rescue_to_hand=True)
    assert verdict.wild_goes == "hand"
    assert ENGLISH.reason(verdict.says) == "JK comes out: it may go into your hand"


def test_two_wild_cards_to_choose_from_are_both_named():
    assert ENGLISH.reason(check("6C 2S JK", "6D").says).startswith("2S or JK comes out: ")


def test_a_refused_rescue_still_says_the_rule_of_the_table():  # R25
    assert (
        ENGLISH.reason(check("7H 8H 9H", "8H").says)
        == f"when a wild card is rescued in Push, {TO_MELD}"
    )
    refused = check("7H 8H 9H", "8H", rescue_to_hand=True)
    assert ENGLISH.reason(refused.says) == f"when a wild card is rescued in Push, {TO_HAND}"


# --- Properties --------------------------------------------------------------------


def wild_count(reading, cards, rules) -> int:
    if isinstance(reading, SetReading):
        return sum(rules.is_wild(card) for card in cards)
    return sum(not placed.natural for placed in reading.cards)


def stood_for(reading, cards, rules) -> set[Card]:
    """What the wild cards of the meld read this way stand for, straight from R24."""
    if isinstance(reading, RunReading):
        return {placed.stands_for for placed in reading.cards if not placed.natural}
    if not any(rules.is_wild(card) for card in cards):
        return set()
    held = {card.suit for card in cards if not rules.is_wild(card)}
    return {
        Card(reading.rank, suit)
        for suit in "SHDC"
        if not rules.set_distinct_suits or suit not in held
    }


def within_pack(cards) -> bool:
    return all(count <= (4 if card.is_joker else 2) for card, count in Counter(cards).items())


@pytest.mark.parametrize(("variant", "options"), RULESETS, ids=RULESET_IDS)
@settings(max_examples=300, deadline=None)
@given(cards=melds, natural=st.sampled_from(ALL_CARDS[1:]))
def test_a_rescue_is_legal_exactly_when_a_wild_card_stands_for_the_card(
    variant, options, cards, natural
):  # R24
    rules = get_ruleset(variant, options)
    assume(within_pack([*cards, natural]))
    table = read_meld(cards, rules)
    verdict = rescue(cards, natural, rules)
    wanted = set().union(*(stood_for(r, cards, rules) for r in table.readings))
    assert verdict.legal == (natural in wanted), (format_cards(cards), str(natural))
    event("rescued" if verdict.legal else "refused")
    if not verdict.legal:
        assert said(verdict.reasons)
        return
    for swap in verdict.swaps:
        # The meld after is legal, read the same way, and holds one wild card fewer.
        assert swap.after.legal
        (after,) = swap.after.readings
        assert after.key == swap.reading.key
        assert wild_count(after, swap.after.cards, rules) == (
            wild_count(swap.reading, cards, rules) - 1
        )
        assert Counter(swap.after.cards) == Counter(cards) - Counter([swap.freed]) + Counter(
            [natural]
        )
        assert rules.is_wild(swap.freed)
        if isinstance(swap.reading, RunReading):
            assert swap.stood_for == natural
