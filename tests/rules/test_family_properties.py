"""Property tests for the Contract Rummy family: the core's meld reader against the
brute-force reader of ``brute_family.py`` (docs/rules.md#R43-R56), for every family
ruleset, as a meld put down later and as one meld of each deal's initial meld."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import Card, RunReading, SetReading, format_cards, get_ruleset, read_meld

from .brute_family import SUITS, brute_deal_readings, brute_readings, position_card
from .notation import said

FAMILY = [
    "contract-rummy", "jo", "progressive", "king-rummy", "shanghai", "loba", "carioca",
    "sa-kaluki", "caribbean-kalooki", "russian", "telefunken", "farmers",
]  # fmt: skip
RULESETS = [(variant, None) for variant in FAMILY] + [("contract-rummy", {"twos_wild": True})]
IDS = [v if o is None else f"{v}-twos-wild" for v, o in RULESETS]

JOKER = Card(0, "")
ALL_CARDS = [JOKER, *(Card(rank, suit) for suit in SUITS for rank in range(1, 14))]
WILD_POOL = [JOKER] * 2 + [Card(2, suit) for suit in SUITS]

DIFFERENTIAL = settings(max_examples=120, deadline=None)


def key_of(reading) -> tuple:
    if isinstance(reading, SetReading):
        return ("set", reading.rank)
    assert isinstance(reading, RunReading)
    return ("run", reading.suit, reading.low, reading.high)


def within(cards, rules) -> bool:
    """Within the pack of the game's largest table, so no PackError (R49)."""
    pack = rules.pack(max(rules.players))
    return all(
        count <= (pack.jokers if card.rank == 0 else pack.decks)
        for card, count in Counter(cards).items()
    )


@st.composite
def near_melds(draw):
    """A run or a set of one rank (up to the ace-to-ace run of 14), some cards made
    wild, maybe one card swapped, dropped or added; or random cards."""
    shape = draw(st.sampled_from(["run", "run", "set", "random", "long"]))
    if shape == "random":
        return draw(st.lists(st.sampled_from(ALL_CARDS), min_size=3, max_size=8))
    if shape == "set":
        rank = draw(st.integers(1, 13))
        size = draw(st.integers(3, 7))
        cards = [Card(rank, draw(st.sampled_from(SUITS))) for _ in range(size)]
    else:
        suit = draw(st.sampled_from(SUITS))
        size = draw(st.integers(12, 14)) if shape == "long" else draw(st.integers(3, 10))
        low = draw(st.integers(1, 15 - size))
        cards = [position_card(p, suit) for p in range(low, low + size)]
    for _ in range(draw(st.integers(0, 3))):
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(WILD_POOL))
    tweak = draw(st.sampled_from(["none", "none", "swap", "drop", "add"]))
    if tweak == "swap":
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(ALL_CARDS))
    elif tweak == "drop" and len(cards) > 3:
        del cards[draw(st.integers(0, len(cards) - 1))]
    elif tweak == "add":
        cards.append(draw(st.sampled_from(ALL_CARDS)))
    return draw(st.permutations(cards))


@pytest.mark.parametrize(("variant", "options"), RULESETS, ids=IDS)
@DIFFERENTIAL
@given(cards=near_melds(), data=st.data())
def test_the_family_core_reads_what_the_brute_force_reads(variant, options, cards, data):
    rules = get_ruleset(variant, options)
    players = max(rules.players)
    if not within(cards, rules):
        return
    core = {key_of(r) for r in read_meld(cards, rules, players=players).readings}
    brute = set(brute_readings(cards, rules))
    assert core == brute, f"{format_cards(cards)} ({variant}): core {core ^ brute & core}"
    deal = data.draw(st.integers(1, len(rules.deals)), label="deal")
    as_part = read_meld(cards, rules, players=players, deal=deal)
    core_deal = {key_of(r) for r in as_part.readings}
    brute_deal = brute_deal_readings(cards, rules, deal)
    assert core_deal == brute_deal, f"{format_cards(cards)} ({variant} deal {deal})"
    assert as_part.legal or said(as_part.reasons), "an illegal meld always says why"


@pytest.mark.parametrize(("variant", "options"), RULESETS, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(cards=near_melds())
def test_every_run_reading_places_each_card_once_in_order(variant, options, cards):
    rules = get_ruleset(variant, options)
    if not within(cards, rules):
        return
    for reading in read_meld(cards, rules, players=max(rules.players)).readings:
        if isinstance(reading, RunReading):
            placed = reading.cards
            assert Counter(p.card for p in placed) == Counter(cards)
            assert [p.stands_for for p in placed] == [
                position_card(position, reading.suit)
                for position in range(reading.low, reading.high + 1)
            ]
