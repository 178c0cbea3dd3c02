"""Property tests under random house rules (docs/rules.md#R68-R72), over every game as
the base: the core's meld reader against the brute-force reader of
``brute_family.py``, the hand solver against the exhaustive partitioner of
``partition.py`` (R67), and the rules given back and said in words.

The house rules are drawn as a table would write them: any of the keys that
change how melds are read, contracts met and hands counted, with deals of the
table's own where the other changes need them; rules R71 refuses are not drawn.
"""

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.rules import (
    VARIANTS,
    Ace,
    RunReading,
    SetReading,
    UnplayableRulesError,
    WildLimit,
    apply_house,
    format_cards,
    get_ruleset,
    house_changes,
    house_rules_of,
    read_meld,
    solve_hand,
)
from referee.rules.solver import SearchTooLong, Work, _Search
from referee.rules.words import describe_house

from .brute_family import brute_deal_readings, brute_readings
from .partition import best_left, completing
from .test_family_properties import near_melds
from .test_solver import (
    JOKER,
    MAX_COMPLETING,
    TWO_SUITS,
    assert_legal,
    hands,
    hands_from,
    hands_with_wild_cards,
    solved_by,
    solved_unpruned,
    solved_without_twins,
)

#: Every game with its defaults, and Contract Rummy with 2s wild.
BASES = [(variant, None) for variant in VARIANTS] + [("contract-rummy", {"twos_wild": True})]
IDS = [v if o is None else f"{v}-twos-wild" for v, o in BASES]

LIMITS = [limit.value for limit in WildLimit if limit is not WildLimit.BY_SIZE]
#: Round the corner twice as often: it changes the most.
ACES = [ace.value for ace in Ace] + [Ace.AROUND.value]
VALUE_KEYS = ["A", "2", "7", "K", "JK", "AH", "2S", "QD"]


@st.composite
def deal_lists(draw, set_min: int, run_min: int, runs: bool, distinct: bool):
    """One to three deals of a table's own, each part a meld the rules allow, the
    contract no more cards than a hand holds (the cards dealt and one drawn)."""
    deals = []
    for _ in range(draw(st.integers(1, 3))):
        cards = draw(st.integers(6, 12))
        parts: list[dict[str, object]] = []
        room = cards + 1
        for _ in range(draw(st.integers(0 if deals else 1, 3))):
            kind = draw(st.sampled_from(["set", "run"] if runs else ["set"]))
            low = set_min if kind == "set" else run_min
            high = min(low + 2, 4) if kind == "set" and distinct else low + 2
            size = draw(st.integers(low, max(low, high)))
            if size > room and parts:
                break
            room -= size
            part: dict[str, object] = {"kind": kind, "min": size}
            if draw(st.booleans()):
                part["exact"] = draw(st.booleans())
            if draw(st.integers(0, 5)) == 0:
                part["no_wild"] = True
            parts.append(part)
        deal: dict[str, object] = {"cards": cards, "contract": parts}
        if not parts or draw(st.integers(0, 5)) == 0:
            least = sum(int(str(part["min"])) for part in parts)
            how = draw(st.sampled_from(["at_least", "exactly"]))
            deal["whole_hand"] = {how: draw(st.integers(max(3, least), cards + 1))}
        if draw(st.integers(0, 4)) == 0:
            deal["meld_wilds"] = draw(st.integers(0, 2))  # R52
        if draw(st.integers(0, 4)) == 0:
            deal["contract_wilds"] = draw(st.integers(0, 2))  # R53
        deals.append(deal)
    return deals


@st.composite
def house_documents(draw, base):
    """A house document over ``base`` (any keys of R68 that bear on melds, contracts
    and hands), with deals of its own where the other changes need them (R71)."""
    house: dict[str, object] = {}

    def maybe(key, strategy):
        if draw(st.booleans()):
            house[key] = draw(strategy)

    maybe("ace", st.sampled_from(ACES))
    maybe("twos", st.sampled_from(["wild", "natural"]))
    maybe("wild_limit", st.sampled_from(LIMITS))
    maybe("wilds_apart", st.booleans())
    maybe("set_suits", st.sampled_from(["any", "distinct"]))
    if draw(st.integers(0, 3)) == 0:
        house["set_min_natural"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 3)) == 0:
        house["runs"] = draw(st.booleans())
    maybe("set_min", st.integers(3, 5))
    maybe("run_min", st.integers(3, 5))
    maybe("contract_sizes", st.sampled_from(["exact", "at_least"]))
    maybe("contract_runs_gap", st.integers(0, 2))
    maybe("values", st.dictionaries(st.sampled_from(VALUE_KEYS), st.integers(0, 50), max_size=3))
    try:
        apply_house(base, house)
        needs_deals = False
    except UnplayableRulesError:
        needs_deals = True
    if needs_deals or draw(st.integers(0, 3)) == 0:
        set_min = house.get("set_min", base.set_min)
        run_min = house.get("run_min", base.run_min)
        runs = house.get("runs", base.runs_allowed)
        distinct = house.get("set_suits", "distinct" if base.set_distinct_suits else "any")
        house["deals"] = draw(deal_lists(set_min, run_min, runs, distinct == "distinct"))
    return house


def table_rules(data, base, keys=None):
    """The base with a drawn house document R71 accepts, ``keys`` as written in it."""
    house = data.draw(house_documents(base), label="house") | (keys or {})
    try:
        return apply_house(base, house)
    except UnplayableRulesError:
        assume(False)
        raise  # never reached: assume stops the example


def key_of(reading) -> tuple:
    if isinstance(reading, SetReading):
        return ("set", reading.rank)
    assert isinstance(reading, RunReading)
    return ("run", reading.suit, reading.low, reading.high)


def within(cards, rules, players) -> bool:
    pack = rules.pack(players)
    return all(
        count <= (pack.jokers if card.rank == 0 else pack.decks)
        for card, count in Counter(cards).items()
    )


def hand_under(data, variant, options, keys=None):
    """A table's rules drawn over the game (``keys`` as written, where given), a deal,
    a hand of up to twelve cards with wild cards, and the fewest players."""
    rules = table_rules(data, get_ruleset(variant, options), keys)
    deal = data.draw(st.integers(1, len(rules.deals)), label="deal")
    cards = data.draw(hands_with_wild_cards(most=12, wild=5), label="hand")
    players = min(rules.players)
    assume(within(cards, rules, players))
    return rules, deal, cards, players


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_under_house_rules_the_core_reads_what_the_brute_force_reads(variant, options, data):
    """R68-R70, R72: every reading of a meld, as any meld and as one meld of a
    deal's initial meld, is the brute force's under the table's rules."""
    rules = table_rules(data, get_ruleset(variant, options))
    players = max(rules.players)
    cards = data.draw(near_melds(), label="cards")
    assume(within(cards, rules, players))
    core = {key_of(r) for r in read_meld(cards, rules, players=players).readings}
    brute = set(brute_readings(cards, rules))
    assert core == brute, (
        f"{format_cards(cards)} under {house_changes(get_ruleset(variant, options), rules)}"
    )
    deal = data.draw(st.integers(1, len(rules.deals)), label="deal")
    as_part = read_meld(cards, rules, players=players, deal=deal)
    assert {key_of(r) for r in as_part.readings} == brute_deal_readings(cards, rules, deal)
    assert as_part.legal or as_part.reasons, "an illegal meld always says why"


def solved(cards, rules, deal, players):
    """The solver's answer. R67: it answers exactly or not at all; a hand its
    search would take too long over (a whole hand of a table's own deal, many cards
    away) is refused with a sentence, which is no wrong answer: such an example is
    left out (benchmarks/solver.py counts how often it happens)."""
    try:
        return solve_hand(cards, rules, deal, players)
    except SearchTooLong:
        assume(False)
        raise


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_under_house_rules_the_solver_leaves_as_few_points_as_the_exhaustive_search(
    variant, options, data
):
    """R67, R72: the solver stays exact under the table's rules."""
    rules = table_rules(data, get_ruleset(variant, options))
    deal = data.draw(st.integers(1, len(rules.deals)), label="deal")
    cards = data.draw(hands(most=8), label="hand")
    players = min(rules.players)
    assume(within(cards, rules, players))
    solution = solved(cards, rules, deal, players)
    expected = best_left(cards, rules, deal, players)
    assert solution.met == (expected is not None), format_cards(cards)
    if solution.met:
        assert solution.left_points == expected, format_cards(cards)
    assert_legal(solution, rules, deal, players)


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_under_house_rules_the_cards_a_hand_lacks_are_the_exhaustive_searchs(
    variant, options, data
):
    """R66, R67: one card short, the completing cards are every card that would do."""
    rules = table_rules(data, get_ruleset(variant, options))
    deal = data.draw(st.integers(1, len(rules.deals)), label="deal")
    cards = data.draw(hands(most=5), label="hand")
    players = min(rules.players)
    assume(within(cards, rules, players) and best_left(cards, rules, deal, players) is None)
    solution = solved(cards, rules, deal, players)
    found = completing(cards, rules, deal, players)
    assert (solution.short == 1) == bool(found), format_cards(cards)
    ranked = sorted(
        found.items(),
        key=lambda item: (
            item[1],
            rules.is_wild(item[0]),
            (99, 0) if item[0].rank == 0 else (item[0].rank, "SHDC".index(item[0].suit)),
        ),
    )
    if JOKER in found:  # R66: the joker stands for any wild card
        ranked = [
            (card, left) for card, left in ranked if card == JOKER or not rules.is_wild(card)
        ]
    assert solution.completing == tuple(card for card, _ in ranked[:MAX_COMPLETING])


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_under_house_rules_pruning_by_the_points_left_to_meld_changes_no_answer(
    variant, options, data
):
    """R65-R67: the best search's pruning by the points a position could still meld,
    and the completing cards' searches stopped once they cannot beat the twelfth,
    change no part of the answer under a table's rules (wild cards, values, limits
    and contracts of its own)."""
    rules, deal, cards, players = hand_under(data, variant, options)
    solution = solve_hand(cards, rules, deal, players, work=Work(None))
    assert solution == solved_unpruned(cards, rules, deal, players), format_cards(cards)


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_under_house_rules_a_card_of_a_suit_held_alike_leaves_what_its_twin_leaves(
    variant, options, data
):
    """R66: a table's values may make one suit's card worth more than another's;
    only suits held alike and worth the same are read off each other."""
    rules = table_rules(data, get_ruleset(variant, options))
    deal = data.draw(st.integers(1, len(rules.deals)), label="deal")
    cards = data.draw(hands_from(TWO_SUITS, most=12), label="hand")
    players = min(rules.players)
    assume(within(cards, rules, players))
    solution = solve_hand(cards, rules, deal, players, work=Work(None))
    assert solution == solved_without_twins(cards, rules, deal, players), format_cards(cards)


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_tables_rules_are_given_back_and_said_whatever_they_are(variant, options, data):
    """R68, R73: the rules given back are the same rules; the changes alone make
    them from the book; there is something to say exactly when something changed."""
    base = get_ruleset(variant, options)
    rules = table_rules(data, base)
    assert apply_house(rules, house_rules_of(rules)) == rules
    changes = house_changes(base, rules)
    assert apply_house(base, changes) == rules
    assert bool(describe_house(base, rules)) == bool(changes) == (rules != base)


class _EverySize(_Search):
    """The same search trying runs and sets of every size when it asks only whether
    the contract can be met, not only those up to ``_widest``."""

    def _widest(self, part):
        return None


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_where_runs_need_two_natural_cards_apart_no_run_part_needs_more_than_its_size(
    variant, options, data
):
    """R54, R70: where a run holds two natural cards at least and no two wild cards
    side by side, two of its natural cards have one place at most between them, so
    asking whether a hand meets the contract (or how far it falls short, and which
    cards complete it) needs no run longer than its part's size: the answer is that
    of the search that tries every size, wild cards apart or not."""
    apart = data.draw(st.booleans(), label="apart")
    rules, deal, cards, players = hand_under(
        data, variant, options, {"wild_limit": "two_natural", "wilds_apart": apart}
    )
    solution = solve_hand(cards, rules, deal, players, work=Work(None))
    every = solved_by(_EverySize, cards, rules, deal, players)
    assert (solution.met, solution.short, solution.completing) == (
        every.met,
        every.short,
        every.completing,
    ), format_cards(cards)
    assert (solution.melds, solution.left_points) == (every.melds, every.left_points)


class _EveryRunKept(_Search):
    """The same search keeping every run chosen for R48's gap, even of a suit with no
    natural card left."""

    def _runs_to_keep(self, runs, counts_left):
        return runs


@pytest.mark.parametrize(("variant", "options"), BASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_a_suit_with_no_card_left_forgets_its_runs_and_changes_no_answer(variant, options, data):
    """R48: ranks between two runs of a suit are asked only of a run still to come,
    which holds a natural card of its suit: once a suit has none left, its runs are
    forgotten, and the answer is that of the search that keeps them all."""
    gap = data.draw(st.integers(1, 2), label="gap")
    rules, deal, cards, players = hand_under(data, variant, options, {"contract_runs_gap": gap})
    solution = solve_hand(cards, rules, deal, players, work=Work(None))
    assert solution == solved_by(_EveryRunKept, cards, rules, deal, players), format_cards(cards)
