"""Property tests: the core's meld reader against a brute-force reader (R1, R4-R16).

``brute.py`` tries every set rank and every run span and keeps what docs/rules.md
allows; the core must find exactly the same readings for every variant.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import (
    VARIANTS,
    Card,
    Declaration,
    RunReading,
    SetReading,
    format_cards,
    get_ruleset,
    parse_cards,
    read_meld,
)
from referee.rules.words import ENGLISH, said_reading

from .brute import SUITS, brute_readings, position_card
from .notation import said

JOKER = Card(0, "")
ALL_CARDS = [JOKER, *(Card(rank, suit) for suit in SUITS for rank in range(1, 14))]
TWOS = [Card(2, suit) for suit in SUITS]
# R3: two packs hold two of each card and four jokers.
WILD_POOL = [JOKER] * 4 + TWOS * 2
TWOS_POOL = [JOKER] * 2 + TWOS * 2

# The Push family (the Contract Rummy family has its own in test_family_properties.py).
PUSH_FAMILY = [variant for variant in VARIANTS if get_ruleset(variant).variant in
               ("push", "push-solo", "cap-it", "shove-it")]  # fmt: skip

# Every variant with its defaults, and each with the suit rule of sets switched (R9, R10).
RULESETS = [(variant, None) for variant in PUSH_FAMILY] + [
    ("push", {"set_distinct_suits": False}),
    ("shove-it", {"set_distinct_suits": True}),
]
RULESET_IDS = [
    variant if options is None else f"{variant}-suits-{options['set_distinct_suits']}"
    for variant, options in RULESETS
]

SETTINGS = settings(max_examples=150, deadline=None)
DIFFERENTIAL_SETTINGS = settings(max_examples=700, deadline=None)


def within_pack(cards) -> bool:
    """R3: at most two of each card and four jokers, so read_meld raises no PackError."""
    return all(count <= (4 if card.rank == 0 else 2) for card, count in Counter(cards).items())


def key_of(reading) -> tuple:
    """The core's reading in the brute-force key form."""
    if isinstance(reading, SetReading):
        return ("set", reading.rank)
    assert isinstance(reading, RunReading)
    return ("run", reading.suit, reading.low, reading.high)


def keys_of(verdict) -> set[tuple]:
    keys = [key_of(reading) for reading in verdict.readings]
    assert len(keys) == len(set(keys)), "the core lists a reading twice"
    return set(keys)


def show(cards, variant=None) -> str:
    text = format_cards(cards)
    return text if variant is None else f"{text} ({variant})"


# --- Strategies ---------------------------------------------------------------

cards_anywhere = st.sampled_from(ALL_CARDS)


def pick(pool, count):
    """``count`` cards drawn without replacement from ``pool`` (a multiset)."""
    return st.permutations(pool).map(lambda shuffled: list(shuffled[:count]))


@st.composite
def perturbed(draw, cards):
    """Maybe break a near-legal meld: swap, drop or add one card (kept to 3..8 cards)."""
    cards = list(cards)
    tweak = draw(st.sampled_from(["none", "none", "none", "swap", "drop", "add"]))
    if tweak == "swap":
        cards[draw(st.integers(0, len(cards) - 1))] = draw(cards_anywhere)
    elif tweak == "drop" and len(cards) > 3:
        del cards[draw(st.integers(0, len(cards) - 1))]
    elif tweak == "add" and len(cards) < 8:
        cards.append(draw(cards_anywhere))
    return draw(st.permutations(cards))


@st.composite
def near_runs(draw, wild_pool=WILD_POOL, lows=(1, 12)):
    """A run of one suit, some of its cards replaced by wild cards, maybe broken."""
    suit = draw(st.sampled_from(SUITS))
    size = draw(st.integers(3, 8))
    low = draw(st.sampled_from(range(lows[0], min(lows[1], 15 - size) + 1)))  # up to ace high
    cards = [position_card(position, suit) for position in range(low, low + size)]
    # Half the time fewer wild than natural cards, so Shove-It (R7) finds runs too.
    wild_count = draw(st.one_of(st.integers(0, (size - 1) // 2), st.integers(0, size)))
    places = draw(st.permutations(range(size)))[:wild_count]
    for place, wild in zip(places, draw(pick(wild_pool, wild_count)), strict=True):
        cards[place] = wild
    return draw(perturbed(cards))


@st.composite
def near_sets(draw):
    """Cards of one rank (suits may repeat), some wild cards, maybe broken."""
    rank = draw(st.sampled_from([1, *range(3, 14)]))
    size = draw(st.integers(3, 8))
    wild_count = draw(st.integers(0, min(size, 3)))
    naturals = draw(pick([Card(rank, suit) for suit in SUITS] * 2, size - wild_count))
    wilds = draw(pick(WILD_POOL, wild_count))
    return draw(perturbed(naturals + wilds))


@st.composite
def many_twos(draw):
    """Melds with several 2s: a low run of one suit filled with 2s, or only wild cards."""
    if draw(st.booleans()):
        return draw(near_runs(wild_pool=TWOS_POOL, lows=(1, 3)))
    return draw(pick(WILD_POOL, draw(st.integers(3, 8))))


random_melds = st.lists(cards_anywhere, min_size=3, max_size=8)
melds = st.one_of(random_melds, near_runs(), near_sets(), many_twos()).filter(within_pack)
any_size_melds = st.lists(cards_anywhere, min_size=0, max_size=8).filter(within_pack)


# --- Notation (R1) --------------------------------------------------------------


@SETTINGS
@given(cards=st.lists(cards_anywhere, max_size=20), separator=st.sampled_from([" ", ", ", "-"]))
def test_printed_cards_parse_back_the_same(cards, separator):
    printed = format_cards(cards)
    assert parse_cards(printed) == cards
    assert parse_cards(printed.lower()) == cards
    assert parse_cards(separator.join(str(card) for card in cards)) == cards
    assert parse_cards([str(card) for card in cards]) == cards  # the list form


# --- The core against the brute force ---------------------------------------------


@pytest.mark.parametrize(("variant", "options"), RULESETS, ids=RULESET_IDS)
@DIFFERENTIAL_SETTINGS
@given(cards=melds)
def test_core_finds_exactly_the_brute_force_readings(variant, options, cards):
    rules = get_ruleset(variant, options)
    core = keys_of(read_meld(cards, rules))
    brute = brute_readings(cards, rules)
    assert core == brute, (
        f"{show(cards, variant)}: only the core reads {sorted(core - brute)}, "
        f"only the brute force reads {sorted(brute - core)}"
    )


# Hand-picked cases of R9-R16, so the rulings the differential test relies on are
# pinned even if hypothesis never draws them.
@pytest.mark.parametrize(
    ("variant", "written", "expected"),
    [
        (
            "push",
            "6D 2S JK",
            {("set", 6), ("run", "D", 4, 6), ("run", "D", 5, 7), ("run", "D", 6, 8)},
        ),  # R15
        ("push", "2H 3H 4H", {("run", "H", 2, 4), ("run", "H", 3, 5)}),  # R15
        ("push", "KH AH 2H", {("run", "H", 12, 14)}),  # R13
        ("push", "KH AH 2H 3H", set()),  # R13
        ("push", "8C 8H 8S 8D", {("set", 8)}),  # R9
        ("push", "8C 8H 8S 8D JK", set()),  # R9
        ("shove-it", "8C 8C 8H", {("set", 8)}),  # R10
        ("shove-it", "6D 2S JK", set()),  # R7
        (
            "push",
            "2H 3H JK",
            {("set", 3), ("run", "H", 1, 3), ("run", "H", 2, 4), ("run", "H", 3, 5)},
        ),  # R5, R15
        ("shove-it", "2H 3H JK", {("run", "H", 1, 3), ("run", "H", 2, 4)}),  # R7: 2H natural
        ("push", "AH 2H 3H", {("run", "H", 1, 3)}),  # R5
    ],
)
def test_brute_force_follows_the_rulings(variant, written, expected):
    rules = get_ruleset(variant)
    cards = parse_cards(written)
    assert brute_readings(cards, rules) == expected
    assert keys_of(read_meld(cards, rules)) == expected


def test_an_all_wild_meld_reads_as_every_set_but_twos_and_every_run():
    rules = get_ruleset("push")
    keys = brute_readings(parse_cards("JK JK JK"), rules)  # R16
    sets = {key for key in keys if key[0] == "set"}
    assert sets == {("set", rank) for rank in (1, *range(3, 14))}
    assert len(keys - sets) == 4 * 12  # spans 1-3 .. 12-14 in each suit


# --- Properties of the core alone -------------------------------------------------


@pytest.mark.parametrize("variant", PUSH_FAMILY)
@SETTINGS
@given(data=st.data())
def test_readings_do_not_depend_on_the_order_of_the_cards(variant, data):
    rules = get_ruleset(variant)
    cards = data.draw(melds, label="cards")
    shuffled = data.draw(st.permutations(cards), label="shuffled")
    assert keys_of(read_meld(cards, rules)) == keys_of(read_meld(shuffled, rules)), show(
        cards, variant
    )


def declaration_of(reading) -> Declaration:
    if isinstance(reading, SetReading):
        return Declaration(kind="set", rank=reading.rank)
    return Declaration(kind="run", suit=reading.suit, low=reading.low, high=reading.high)


@pytest.mark.parametrize("variant", PUSH_FAMILY)
@SETTINGS
@given(cards=melds)
def test_every_reading_declared_back_is_that_one_reading(variant, cards):
    rules = get_ruleset(variant)
    for reading in read_meld(cards, rules).readings:
        declared = read_meld(cards, rules, declare=declaration_of(reading))
        assert declared.legal, show(cards, variant)
        assert [key_of(r) for r in declared.readings] == [key_of(reading)], show(cards, variant)
        assert not declared.needs_declaration


@pytest.mark.parametrize("variant", PUSH_FAMILY)
@SETTINGS
@given(cards=melds)
def test_run_readings_place_every_card(variant, cards):
    rules = get_ruleset(variant)
    for reading in read_meld(cards, rules).readings:
        if not isinstance(reading, RunReading):
            continue
        where = f"{show(cards, variant)} as {said_reading(ENGLISH, reading)}"
        placed = reading.cards
        # Every card of the meld is placed once, one per position of the span.
        assert Counter(p.card for p in placed) == Counter(cards), where
        assert len(placed) == reading.high - reading.low + 1, where
        # Positions are consecutive, in run order: the n-th stands for low + n.
        assert [p.stands_for for p in placed] == [
            position_card(position, reading.suit)
            for position in range(reading.low, reading.high + 1)
        ], where
        for p in placed:
            if not rules.is_wild(p.card):
                assert p.stands_for == p.card, where
            else:
                assert p.stands_for.suit == reading.suit, where
        # R15: a 2 of the suit sits as itself whenever the span holds rank 2.
        two = Card(2, reading.suit)
        sits_as_itself = reading.low <= 2 <= reading.high and two in cards
        if sits_as_itself:
            assert placed[2 - reading.low].card == two, where
        # R15: the wild cards fill the open places lowest first, in the order given.
        given_wilds = [card for card in cards if rules.is_wild(card)]
        if sits_as_itself:
            given_wilds.remove(two)
        placed_wilds = [p.card for p in placed if rules.is_wild(p.card) and not p.natural]
        assert placed_wilds == given_wilds, where


@pytest.mark.parametrize("variant", PUSH_FAMILY)
@SETTINGS
@given(cards=st.one_of(any_size_melds, melds))
def test_legal_exactly_when_there_is_a_reading_and_otherwise_a_reason(variant, cards):
    verdict = read_meld(cards, get_ruleset(variant))
    assert verdict.legal == bool(verdict.readings)
    assert verdict.needs_declaration == (len(verdict.readings) > 1)
    if verdict.legal:
        assert said(verdict.reasons) == ()
    else:
        assert said(verdict.reasons), show(cards, variant)
        assert any(reason.strip() for reason in said(verdict.reasons)), show(cards, variant)
