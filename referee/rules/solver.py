"""The hand solver: the best way a hand meets a deal's contract, and what it lacks
(docs/rules.md#R65-R67).

>>> from referee.rules import format_cards, get_ruleset, parse_cards
>>> solution = solve_hand(parse_cards("8C 8H JK 4H 5H 6H 7H 9S KD"), get_ruleset("push"), 2)
>>> [(format_cards(m.cards), m.reading.kind, m.contract) for m in solution.melds]
[('8C 8H JK', 'set', True), ('4H 5H 6H 7H', 'run', True)]
>>> format_cards(solution.left), solution.left_points
('9S KD', 15)
>>> short = solve_hand(parse_cards("8C 8H 4H 5H 6H 7H 9S KD"), get_ruleset("push"), 2)
>>> short.met, short.short, [str(card) for card in short.completing]
(False, 1, ['8S', '8D', 'JK'])

How it searches (R67: exact, never a guess). Natural cards are taken in a fixed
order; the first one left is either kept in hand or put in a meld with later
cards, wild cards and (when asking what is missing) cards the hand does not
hold. Each meld is given a part of the contract or, where the game allows, made
a further meld (R21, R47). The search remembers each remaining position (cards
left, wild cards used, parts still needed, what the rules over several melds
have seen), so no position is solved twice. Wild cards are counted, not named:
any wild card can stand anywhere another can, and which ones go where is
settled once the melds are chosen; a 2 sitting as itself in a run of its suit
(R5, R46) is a natural card of that run. A position from which the parts still
needed cannot be met, by a bound that never overstates what is lacking, is left
at once; so is one whose cards left, every one melded, could not make a whole
hand that must go down (R58).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import accumulate, product
from operator import sub
from typing import NamedTuple

from .cards import ACE, ACE_HIGH, JOKER, SUITS, TWO, Card, card_of
from .errors import GameRuleError, RulesError
from .melds import (
    SET_ORDER,
    SET_RANKS,
    Declaration,
    Reading,
    RunReading,
    SetReading,
    read_meld,
)
from .reasons import Reason
from .ruleset import RANKS, Ace, ContractPart, DealRule, Kind, Ruleset, WildLimit, rank_at

__all__ = [
    "MAX_COMPLETING",
    "MAX_HAND",
    "SEARCH_LIMIT",
    "HandTooLarge",
    "NearMeld",
    "SearchTooLong",
    "Solution",
    "SolvedMeld",
    "Work",
    "solve_hand",
]

MAX_HAND = 30  # a larger hand is a RulesError (API: a 400)
MAX_COMPLETING = 12  # R66: a handful of the cards that would complete the contract


@dataclass(frozen=True, slots=True)
class SolvedMeld:
    """One meld of the answer: its cards (a run's in run order, so that entering
    them in this order places the wild cards as ``reading`` shows, R15), the reading
    to declare, and the contract part it meets (None for a further meld, R65)."""

    cards: tuple[Card, ...]
    reading: Reading
    part: ContractPart | None

    @property
    def contract(self) -> bool:
        """Whether the meld is one of the contract's melds (R65)."""
        return self.part is not None

    @property
    def declaration(self) -> Declaration:
        """The declaration that picks exactly this reading (R15)."""
        reading = self.reading
        if isinstance(reading, SetReading):
            return Declaration("set", rank=reading.rank)
        return Declaration("run", suit=reading.suit, low=reading.low, high=reading.high)


@dataclass(frozen=True, slots=True)
class NearMeld:
    """A meld of the way to the contract the hand is nearest to, when it falls short
    (R66): its ``cards`` (a run's in run order), ``missing`` those of them the hand
    lacks (the joker there: any wild card), the ``reading`` it would have, and the
    contract part it meets (None: a further meld, R58). A meld of wild cards and
    cards the hand lacks alone, of any rank or suit, has no reading: ``cards`` are
    the hand's wild cards in it, and ``to_find`` how many cards of one rank (a set)
    or of one run it lacks besides, of ``size`` in all."""

    kind: Kind
    size: int
    cards: tuple[Card, ...]
    missing: tuple[Card, ...]
    reading: Reading | None
    part: ContractPart | None

    @property
    def contract(self) -> bool:
        """Whether the meld is one of the contract's melds (R65)."""
        return self.part is not None

    @property
    def to_find(self) -> int:
        """The cards of one rank or run the meld lacks, beyond those named."""
        return self.size - len(self.cards)

    @property
    def missing_tokens(self) -> tuple[str, ...]:
        return tuple(str(card) for card in self.missing)


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer for one hand and deal (R65, R66).

    Met: ``melds`` is one best way (contract melds in the contract's order, then
    further melds), ``left`` the cards that stay in hand and ``left_points`` their
    points; ``short`` is 0. Not met: ``melds`` is empty, ``left`` is the whole
    hand, ``short`` the fewest cards missing and, when that is one,
    ``completing`` the cards any one of which would meet it, most useful first
    (fewest points left after), at most twelve; the joker there stands for any
    wild card; ``nearest`` one way the contract is met with ``short`` cards more,
    each meld with the cards it lacks.
    """

    deal: DealRule
    met: bool
    melds: tuple[SolvedMeld, ...]
    left: tuple[Card, ...]
    left_points: int
    short: int
    completing: tuple[Card, ...] = ()
    nearest: tuple[NearMeld, ...] = ()

    @property
    def completing_tokens(self) -> tuple[str, ...]:
        """``completing`` as canonical tokens (R1): ``("7H", "10H", "JK")``."""
        return tuple(str(card) for card in self.completing)


def solve_hand(
    cards: Sequence[Card],
    rules: Ruleset,
    deal: int,
    players: int | None = None,
    work: Work | None = None,
) -> Solution:
    """The best way ``cards`` meet the contract of deal ``deal`` (R65), or how far
    they fall short and which cards would complete it (R66). Exact (R67).

    A hand of more than thirty cards, an unknown deal or player count is a
    RulesError; a hand the pack cannot hold a PackError (R3, R49); a hand that
    would take more than ``work`` allows (``SEARCH_LIMIT`` steps when not given)
    SearchTooLong, before any answer: every part of the answer is worked out
    within the one allowance.
    """
    rule = rules.deal(deal)
    cards = tuple(cards)
    if len(cards) > MAX_HAND:
        raise HandTooLarge(Reason.of("hand_too_large", most=MAX_HAND, size=len(cards)))
    rules.check_cards(cards, players)
    work = work if work is not None else Work()
    # Whether the hand meets the contract at all, asked first: a search for any way
    # shows a hand short sooner than the best search would, and where it meets it,
    # the best search leaves every position from which that search found no way on.
    search = _Search(rules, rule, cards, players, feasible=True, work=work)
    if search.best() is not None:
        best = _Search(
            rules, rule, cards, players, work=work, relaxed_by=search, share=search
        ).best()
        assert best is not None
        return _assemble(rules, rule, cards, players, best)
    hand_points = sum(rules.card_values(card) for card in cards)
    short, way = _shortfall(rules, rule, cards, players, work, search)
    completing = _completing(rules, rule, cards, players, work) if short == 1 else ()
    nearest = _nearest(rules, rule, cards, players, way) if way is not None else ()
    return Solution(rule, False, (), cards, hand_points, short, completing, nearest)


# --- The search --------------------------------------------------------------------


class _Plan(NamedTuple):
    """A meld the search chose: its kind, the part it meets (-1: a further meld), its
    rank (a set; 0 when it holds no natural card) or suit and span (a run; suit ""
    when it holds no natural card), the hand's natural cards in it and how many
    wild cards stand in it; asking what is missing, the cards the hand lacks in it
    (named), and how many more, of any rank or run (a meld of no natural card)."""

    kind: Kind
    part: int
    rank: int
    suit: str
    low: int
    high: int
    naturals: tuple[Card, ...]
    wilds: int
    extra: tuple[Card, ...] = ()
    lacked: int = 0


Chain = tuple[_Plan, "Chain"] | None  # the plans of a search path, last chosen first
Found = tuple[int, int, Chain]  # points melded, minus wild cards used, the plans

Runs = tuple[tuple[str, int, int], ...]  # runs chosen, by suit, low and high (R48)
Cross = tuple[Runs, int]  # runs chosen (R48), ranks and suits (R54)
_NO_CROSS: Cross = ((), 0)
_NO_TWOS = (0, 0, 0, 0)
# ``_most_melded``'s work for the natural cards left: their points, and added up one
# by one, most first: those alone, all, by suit, by rank.
_MeldedCounts = tuple[int, list[int], list[int], list[int], list[int]]


# The bound's work for the cards left: lacks by part, covers by part, cards by kind.
_Groups = tuple[tuple[list[int], ...], tuple[list[int], ...], dict[Kind, list[int]]]
# Its counts for the parts still needed: lacking and fillable alone, caps, cards beyond
# the natural cards left, and lacking together with and without wild cards (when asked).
_Counts = tuple[int, int, int, int, tuple[int, int] | None]


class _State(NamedTuple):
    """A position of the search: natural cards left (counts by type), wild cards
    used, 2s sitting as themselves by suit, parts still needed (counts by distinct
    part), what the rules over several melds have seen, cards in melds (whole-hand
    deals only) and the cards imagined so far (asking what is missing)."""

    counts_left: tuple[int, ...]
    used: int
    twos: tuple[int, ...]
    need: tuple[int, ...]
    cross: Cross
    held: int
    phantoms: tuple[Card, ...]


class _Span(NamedTuple):
    suit: str
    low: int
    high: int
    position: int  # the first card's place
    budget: int  # wild cards left
    phantoms: int  # cards the hand may still lack
    twos_free: int  # 2s of the suit that may sit as themselves


class _Shape(NamedTuple):
    """One way to fill a run: its span, the hand's natural cards in it (by type in
    ``taken``; a 2 as itself in ``naturals`` only), the wild cards of the hand,
    all its wild cards (the hand's and lacked ones), the lacked cards, and how many
    of the hand's wild cards it takes (2s as themselves too)."""

    low: int
    high: int
    naturals: tuple[Card, ...]
    taken: tuple[int, ...]
    wilds: int
    wild: int
    two: bool
    extra: tuple[Card, ...]
    cost: int


NATURAL, TWO_ITSELF, WILD, LACKED = range(4)


class _Seat(NamedTuple):
    """What fills one place of a run: a natural card of the hand (by type), a 2 as
    itself, a wild card, or a card the hand lacks."""

    tag: int
    natural: int  # the type of a natural card of the hand, else -1
    card: Card | None


_built = tuple.__new__  # a _State or _Plan of its fields, in order, as tuple() does
_WILD_SEAT = _Seat(WILD, -1, None)
_TWO_SEAT = _Seat(TWO_ITSELF, -1, None)
_UNKNOWN = object()  # a position the memo has no answer for yet
_BELOW: Found = (0, 0, None)  # no way on beats the floor asked (``_Search._search``)
_NO_EXTRA: tuple[tuple[Card, ...], ...] = ((),)  # no card lacked
_ANY_SIZE = 1 << 30  # a meld of any size
# A meld as ``_labels`` reads it: kind, size, wild cards, parts needed, suits all
# distinct, wild cards in melds before it.
_LabelKey = tuple[Kind, int, int, tuple[int, ...], bool, int]


class HandTooLarge(RulesError):
    """A hand of more than ``MAX_HAND`` cards (API: a 400)."""


class SearchTooLong(GameRuleError):
    """The hand would take the search more work than a request may do; the solver
    answers exactly or not at all, never with a guess (R67)."""

    def __init__(self) -> None:
        super().__init__(Reason.of("search_too_long"))


#: Steps of work one solve may do, shared by every search of the solve (the best
#: melds, the count of what is missing, the completing cards). A step is about a
#: microsecond of one core on a quiet machine, whatever the work: a place of a run
#: filled, a way of a set tried, is one step; a position looked at, or a meld tried
#: from it, four (SEARCH_STEPS); the bound worked out for new cards left, twelve
#: (BOUND_STEPS); a meld of wild cards alone placed, twelve (PLACE_STEPS): weights
#: fitted to the CPU time of dealt and long random hands of every game
#: (docs/performance.md, "The limit of work"). Steps, not seconds: the same hand
#: gets the same answer on any machine. So the worst hand a request may send stops
#: at about a quarter of a second of a core.
SEARCH_LIMIT = 200_000
SEARCH_STEPS = 4
BOUND_STEPS = 12
PLACE_STEPS = 12


class Work:
    """The steps of work a solve may do (``limit``; None: no limit), shared by all
    its searches, and the steps done so far (``spent``)."""

    def __init__(self, limit: int | None = SEARCH_LIMIT) -> None:
        self.limit = limit
        self.spent = 0
        self.most = math.inf if limit is None else limit

    def spend(self, steps: int = 1) -> None:
        self.spent += steps
        if self.spent > self.most:
            raise SearchTooLong()


class _Search:
    """One hand, deal and mode: ``best`` (R65) or ``feasible`` with up to
    ``phantoms`` cards the hand does not hold (R66)."""

    def __init__(
        self,
        rules: Ruleset,
        rule: DealRule,
        cards: Sequence[Card],
        players: int | None,
        phantoms: int = 0,
        feasible: bool = False,
        work: Work | None = None,
        extra: Sequence[Card] = (),
        relaxed: bool = False,
        relaxed_by: _Search | None = None,
        share: _Search | None = None,
        memo: dict[tuple[object, ...], Found | None] | None = None,
        points_only: bool = False,
        alone_first: bool = False,
    ) -> None:
        self.work = work if work is not None else Work(None)
        self.rules, self.rule = rules, rule
        is_wild = rules.is_wild
        wild = [card for card in cards if is_wild(card)]
        natural = [card for card in cards if not is_wild(card)]
        # ``extra``: natural cards the hand may be asked about with one more (R66).
        self.types = sorted(
            set(natural) | set(extra), key=lambda card: (SUITS.index(card.suit), card.rank)
        )
        counts = Counter(natural)
        self.start = tuple(counts[card] for card in self.types)
        self.lead = -1  # the one card more (best_with), placed first
        self.by_rank: dict[int, list[int]] = {}
        # Each natural card by the places of a run it may sit at: its rank, the ace
        # high too, and past the king where runs turn the corner (R12, R69).
        self.around = rules.ace is Ace.AROUND
        self.top = 2 * RANKS - 1 if self.around else ACE_HIGH  # the highest place
        self.at: dict[tuple[str, int], int] = {}
        for index, card in enumerate(self.types):
            self.by_rank.setdefault(card.rank, []).append(index)
            for place in _run_places(card, self.around):
                self.at[card.suit, place] = index
        # Each suit's natural cards by run place (None where the hand has none).
        self.by_place = {
            suit: [self.at.get((suit, place)) for place in range(self.top + 2)] for suit in SUITS
        }
        # A search may place first the card with the fewest others left near it
        # (``_near_of``): the card that shows soonest whether a position leads
        # anywhere (``_most_alone``). Asked (``alone_first``) by the searches for what is
        # missing (R66) that most often find no way and so try every one: the
        # completing cards' (all but a few of the cards asked about complete
        # nothing), and where the whole hand goes down (R58: every card must find a
        # meld) the shortfall's too. Not by the search for the best melds: of ways
        # alike good it shows the first it finds, the same in any order placing the
        # first card left (R65).
        self.near: tuple[tuple[int, ...], ...] | None = None
        self.in_hand: tuple[int, ...] = ()
        if alone_first:
            self.near = _near_of(tuple(self.types), self.around)
            # Only cards of the hand are ever left to place (one asked about is placed
            # first, ``best_with``): the others, none left, are never looked at.
            self.in_hand = tuple(index for index, count in enumerate(self.start) if count)
        self.points = [rules.card_values(card) for card in self.types]
        self.seats = [_Seat(NATURAL, index, None) for index in range(len(self.types))]
        self.wild_total = len(wild)
        # R5, R46: a 2 of a run's suit may sit in it as itself where 2s are wild.
        self.natural_twos = rules.twos_wild and rules.runs_allowed
        self.twos = tuple(sum(1 for c in wild if c.rank == TWO and c.suit == s) for s in SUITS)
        # The points of the wild cards in melds, by the 2s sitting as themselves (how
        # many of each suit) and the wild cards standing for others: the 2s' own
        # points, and the most valuable of the other wild cards (R65: the fewest
        # points left). A 2 may be worth other than another 2 (R60, house values).
        self.wild_points = _wild_points(
            tuple(sorted((rules.card_values(card) for card in wild), reverse=True)),
            self.twos,
            tuple(rules.card_values(card_of(TWO, suit)) for suit in SUITS),
        )
        self.parts = list(dict.fromkeys(rule.contract))
        self.need0 = tuple(rule.contract.count(part) for part in self.parts)
        self.further = rules.more_melds or not rule.contract  # R21, R47, R58
        # Asking only whether the contract can be met, a further meld never helps
        # (it takes cards and wild cards the contract's melds could use), unless the
        # whole hand must go down (R58).
        self.further_helps = self.further and not (feasible and rule.whole_hand is None)
        self.gap = rules.contract_runs_gap > 0  # R48
        self.twice = rules.one_rank_one_suit  # R54
        self.cross = self.gap or self.twice
        self.contract_wilds = rule.contract_wilds  # R53
        self.meld_wilds = rule.meld_wilds  # R52
        self.whole = rule.whole_hand  # R58
        self.max_run = rules.max_run  # R12, R45
        self.run_min = max(3, rules.run_min)
        self.low_min = TWO if rules.ace is Ace.HIGH_ONLY else ACE  # R45
        self.set_max = 4 if rules.set_distinct_suits else None  # R9, R43
        pack = rules.pack(players)
        self.decks, self.pack_jokers = pack.decks, pack.jokers
        self.held_counts = Counter(cards)
        self.phantoms = phantoms
        self.feasible = feasible
        # Relaxed: cards the hand lacks are never short in the pack, and once in a
        # meld only whether they are wild is kept, so positions differing only in
        # which cards were imagined are one. Never harder than the exact search, so
        # where it fails the exact one would too (the shortfall asks it first).
        self.relaxed = relaxed
        # A search already run that is never harder, to prune by: where it found no
        # way on, there is none (the shortfall's relaxed search; the completing
        # cards' search for any way, beside the search for the best).
        self.relaxed_by = relaxed_by
        self.stand_ins = (
            next(
                card_of(rank, "S")
                for rank in range(3, 14)
                if not rules.is_wild(card_of(rank, "S"))
            ),
            JOKER if self.pack_jokers else card_of(TWO, "S"),
        )
        # Feasibility needs no meld longer than ``widest`` for its part (None: any):
        # a longer one holds a shorter one that is still legal (``_widest``). Asking
        # only that, the search tries no meld of another size (``trim``).
        self.trim = feasible and self.whole is None
        # A whole hand down (R58) needs no meld longer than a part's size and one meld
        # more, or than two of the shortest melds, where a longer one splits into two
        # that keep the limits: one wild card or any number, anywhere (R7), nothing
        # counted over several melds (R48, R54), no natural card asked of a set
        # (R70), and further melds allowed (R21, R47).
        self.shortest: dict[Kind, int] = {"set": rules.set_min, "run": self.run_min}
        self.split = (
            feasible
            and self.whole is not None
            and self.further
            and not (rules.contract_runs_gap or rules.one_rank_one_suit)
            and rules.wild_limit in (WildLimit.ANY, WildLimit.ONE)
            and rules.set_min_natural == 0
        )
        self.widest = [self._widest(part) for part in self.parts]
        # The longest meld of each kind such a search makes (``split``).
        self.split_largest: dict[Kind, int] = {
            kind: max(
                [2 * self.shortest[kind] - 1]
                + [
                    widest or _ANY_SIZE
                    for part, widest in zip(self.parts, self.widest, strict=True)
                    if part.kind == kind
                ]
            )
            for kind in ("set", "run")
        }
        self.suit_types = {
            suit: [index for index, card in enumerate(self.types) if card.suit == suit]
            for suit in SUITS
        }
        # The bound (lower_bound): each suit's natural cards by place, the wild
        # cards each part may take, and the work kept by the cards left.
        self.suit_places = [
            [
                (place, self.at[suit, place])
                for place in range(1, self.top + 1)
                if (suit, place) in self.at
            ]
            for suit in SUITS
        ]
        # The most wild cards that fill what a part lacks: those of a meld of its
        # size, unless a longer meld may do more. A longer run may reach more of its
        # suit's cards, and under R51's table a longer meld may hold more wild cards;
        # a longer set holds no more cards of its rank than the hand has, and every
        # other limit (R7, R52-R56, R70) lets a meld hold no more wild cards for each
        # natural one however long it is.
        # A set holds no more wild cards than the pack has (R3, R49: the hand's and
        # any it lacks are the pack's), nor more natural cards of its rank.
        pack_wilds = rules.wild_cards_in(pack)
        self.bound_caps = [
            part.min
            if not part.exact
            and rules.wild_limit is not WildLimit.ONE
            and (part.kind == "run" or rules.wild_limit is WildLimit.BY_SIZE)
            else rules.most_wild_in_part(rule, part, part.min)
            for part in self.parts
        ]
        self.bound_caps = [
            min(cap, pack_wilds) if part.kind == "set" else cap
            for part, cap in zip(self.parts, self.bound_caps, strict=True)
        ]
        # The fewest natural cards (the hand's or lacked ones) a meld of each part
        # holds, whatever its size: what the limits on wild cards leave.
        fewest_naturals = [
            [
                size
                - min(
                    rules.most_wild_in_part(rule, part, size),
                    pack_wilds if part.kind == "set" else size,
                )
                for size in range(part.min, part.min + 1 if part.exact else MAX_HAND + 1)
            ]
            for part in self.parts
        ]
        self.bound_naturals = [min(sizes) for sizes in fewest_naturals]
        # A set part that no rank of the pack can fill, wild cards and all: only a meld
        # of wild cards and lacked cards alone (``_finish``) meets it, and no rank's
        # cards left count towards it.
        self.rankless = [
            part.kind == "set" and min(sizes) > rules.most_of_a_rank(part, pack)
            for part, sizes in zip(self.parts, fewest_naturals, strict=True)
        ]
        self.any_rankless = any(self.rankless)
        self.set_parts = any(part.kind == "set" for part in self.parts)
        self.run_sizes = sorted({part.min for part in self.parts if part.kind == "run"})
        self.suit_bounds: dict[tuple[int, ...], tuple[dict[int, int], int]] = {}
        self.bound_groups: dict[tuple[object, ...], _Groups] = {}
        self.bounds: dict[tuple[object, ...], _Counts] = {}
        self.shapes: dict[tuple[object, ...], list[_Shape]] = {}
        self.set_choices: dict[
            tuple[int, ...], list[tuple[list[int], tuple[Card, ...], set[str]]]
        ] = {}
        self.wider_shapes: dict[tuple[object, ...], tuple[int, list[_Shape]]] = {}
        self.memo: dict[tuple[object, ...], Found | None] = {} if memo is None else memo
        # ``memo`` given: one memo for the hand with each 2 more (R66's completing
        # wild cards), its positions named by what they leave (``_alike``).
        self.alike = memo is not None
        # Each suit's natural cards, a span of ``types`` (sorted by suit).
        self.suit_spans = [
            (min(at, default=0), max(at, default=-1) + 1) for at in self.suit_types.values()
        ]
        self.suit_slices = {
            suit: slice(*span) for suit, span in zip(SUITS, self.suit_spans, strict=True)
        }
        self.run_wilds: dict[int, int] = {}
        self.labels: dict[_LabelKey, tuple[int, ...]] = {}
        # The best search leaves a meld whose position after it could not beat the
        # best found so far, were every card left melded but those no meld can take
        # (``_most_melded``).
        self.bounded = not feasible and not phantoms
        # Asked only for the points melded (R66's completing cards), the best search
        # leaves a way that could meld no more points, though it might hold fewer
        # wild cards: the points found are exact, the wild cards not.
        self.points_only = points_only
        self.alone_wilds = self._alone_wilds()
        self.lonely: dict[tuple[int, ...], _MeldedCounts] = {}
        self.wild_gains: dict[tuple[tuple[int, ...], int], tuple[list[int], int]] = {}
        self.need_shapes: dict[tuple[int, ...], tuple[int, int, int | None]] = {}
        # The cards a part still needed holds where its size is exact (None: any).
        self.exact_sizes = [part.min if part.exact else None for part in self.parts]
        # Positions shown to lead to no way beating a floor: the highest such floor.
        self.below: dict[tuple[object, ...], tuple[int, int]] = {}
        if share is not None:
            self._share(share)

    def _alone_wilds(self) -> int | None:
        """The fewest wild cards a meld of one natural card holds (None: no meld may)."""
        rules = self.rules
        kinds: list[tuple[Kind, int, int]] = [("set", rules.set_min, self.set_max or 13)]
        if rules.runs_allowed:
            kinds.append(("run", self.run_min, self.max_run))
        fewest: int | None = None
        for kind, smallest, largest in kinds:
            for size in range(smallest, largest + 1):
                if self._keeps_limits(kind, size, 1, size - 1):
                    if fewest is None or size - 1 < fewest:
                        fewest = size - 1
                    break
        return fewest

    def _most_melded(self, state: _State) -> int:
        """The most points the melds after ``state`` could meld (never less than they
        do): every natural card left but those alone (no other natural card left of
        their rank, none of their suit, no 2 of their suit that may sit as itself),
        of which each meld takes one and ``alone_wilds`` wild cards, and every wild
        card left; and where the parts still needed are the only melds left and each
        of an exact size, no more cards than they hold, the most valuable; where they
        are all runs, or all sets, no more than the cards of as many suits, or ranks,
        the most valuable."""
        counts_left, used, twos, need = state[:4]
        got = self.lonely.get(counts_left)
        if got is None:
            got = self.lonely[counts_left] = self._melded_counts(counts_left)
        total, alone_sums, by_value, suit_sums, rank_sums = got
        wild = self.wild_gains.get((twos, used))
        if wild is None:
            wild = self.wild_gains[twos, used] = self._wild_gains(twos, used)
        wild_gains, wild_most = wild
        budget = len(wild_gains) - 1
        alone = len(alone_sums) - 1
        if self.alone_wilds is None:
            alone = 0
        elif self.alone_wilds and budget // self.alone_wilds < alone:
            alone = budget // self.alone_wilds
        most = total - alone_sums[-1] + alone_sums[alone] + wild_most
        if self.further:
            return most
        shape = self.need_shapes.get(need)
        if shape is None:
            shape = self.need_shapes[need] = self._need_shape(need)
        runs, sets, slots = shape
        # A run holds cards of one suit, a set of one rank.
        if not sets and runs < len(suit_sums) and suit_sums[runs] + wild_most < most:
            most = suit_sums[runs] + wild_most
        elif not runs and sets < len(rank_sums) and rank_sums[sets] + wild_most < most:
            most = rank_sums[sets] + wild_most
        if slots is not None:
            naturals = len(by_value) - 1
            filled = 0
            for wilds in range(min(budget, slots) + 1):
                some = by_value[min(naturals, slots - wilds)] + wild_gains[wilds]
                if some > filled:
                    filled = some
            if filled < most:
                most = filled
        return most

    def _need_shape(self, need: tuple[int, ...]) -> tuple[int, int, int | None]:
        """The runs and sets still needed, and the cards they hold where each is of
        an exact size (None where one is not)."""
        runs = sets = 0
        slots: int | None = 0
        for count, part, size in zip(need, self.parts, self.exact_sizes, strict=True):
            if part.kind == "run":
                runs += count
            else:
                sets += count
            if count and slots is not None:
                slots = None if size is None else slots + count * size
        return runs, sets, slots

    def _melded_counts(self, counts_left: tuple[int, ...]) -> _MeldedCounts:
        """For ``_most_melded``, by the natural cards left: their points (those above
        nothing), the points of those alone, most first, added up one by one, all
        their points, most first, added up one by one, and the same of each suit's
        and each rank's points together."""
        points = self.points
        total = 0
        alone: list[int] = []
        values: list[int] = []
        suit_left = [sum(counts_left[start:end]) for start, end in self.suit_spans]
        suits = [0, 0, 0, 0]
        ranks = [0] * 14
        for index, count in enumerate(counts_left):
            if not count:
                continue
            value = points[index]
            values += [max(value, 0)] * count
            if value <= 0:
                continue
            total += value * count
            card = self.types[index]
            suits[SUITS.index(card.suit)] += value * count
            ranks[card.rank] += value * count
            if count > 1:
                continue
            suit = SUITS.index(card.suit)
            if suit_left[suit] > 1 or (self.natural_twos and self.twos[suit]):
                continue
            if any(counts_left[other] for other in self.by_rank[card.rank] if other != index):
                continue
            alone.append(value)
        alone.sort(reverse=True)
        values.sort(reverse=True)
        suits.sort(reverse=True)
        ranks.sort(reverse=True)
        return (
            total,
            list(accumulate(alone, initial=0)),
            list(accumulate(values, initial=0)),
            list(accumulate(suits, initial=0)),
            list(accumulate(ranks, initial=0)),
        )

    def _wild_gains(self, twos: tuple[int, ...], used: int) -> tuple[list[int], int]:
        """The most points ``k`` more wild cards in melds add from ``twos`` and
        ``used``, by ``k`` (as many more 2s sitting as themselves as any way allows),
        and the most of those."""
        here = self.wild_points[twos][used]
        gains = [0] * (self.wild_total - sum(twos) - used + 1)
        for as_twos, points in self.wild_points.items():
            if any(more < now for more, now in zip(as_twos, twos, strict=True)):
                continue
            sitting = sum(as_twos) - sum(twos)
            for count in range(used, len(points)):
                more = sitting + count - used
                if 0 <= more < len(gains) and points[count] - here > gains[more]:
                    gains[more] = points[count] - here
        return gains, max(gains)

    def _share(self, other: _Search) -> None:
        """Keep the work of a search of the same hand and deal already run: its bound
        for the same natural cards, and its ways to fill runs where those are found
        alike (the same cards the hand may lack, trimmed alike, relaxed alike)."""
        if other.types != self.types or other.rule is not self.rule:
            return
        self.suit_bounds, self.bound_groups = other.suit_bounds, other.bound_groups
        self.bounds = other.bounds
        if (other.phantoms, other.trim, other.split, other.widest, other.relaxed) == (
            self.phantoms,
            self.trim,
            self.split,
            self.widest,
            self.relaxed,
        ):
            self.shapes, self.wider_shapes = other.shapes, other.wider_shapes

    # --- Rules of one meld -------------------------------------------------------

    def _keeps_limits(self, kind: Kind, size: int, natural: int, wild: int) -> bool:
        """R7, R50-R56 for any meld of the game (melds.Limits)."""
        rules = self.rules
        limit = rules.wild_limit
        if limit is WildLimit.FEWER_THAN_NATURAL and 2 * natural <= size:
            return False
        if limit is WildLimit.ONE and wild > 1:
            return False
        if limit is WildLimit.NO_MORE_THAN_NATURAL and wild > natural:  # R70
            return False
        if limit is WildLimit.TWO_NATURAL and natural < 2:  # R70
            return False
        if limit is WildLimit.BY_SIZE:
            most = rules.most_wild(kind, size)
            if most is not None and wild > most:
                return False
        return not (kind == "set" and natural < rules.set_min_natural)

    def _labels(
        self,
        kind: Kind,
        size: int,
        wild: int,
        need: tuple[int, ...],
        suits_distinct: bool,
        wilds_before: int,
    ) -> tuple[int, ...]:
        """The parts (by index) this meld may meet, then -1 if it may be a further
        meld (R20, R21, R47, R52, R53, R55, R56), kept for every meld alike."""
        key = (kind, size, wild, need, suits_distinct, wilds_before)
        labels = self.labels.get(key)
        if labels is None:
            labels = self.labels[key] = tuple(self._find_labels(key))
        return labels

    def _largest(self, kind: Kind, need: tuple[int, ...]) -> int:
        """The largest meld of ``kind`` the search may make (``_ANY_SIZE`` for any),
        or -1 for none: asking only whether the contract can be met (``trim``), one
        for a part still needed, no longer than ``widest``; with the whole hand
        down, one it could not split (``split``)."""
        if not self.trim:
            return self.split_largest[kind] if self.split else _ANY_SIZE
        largest = -1
        for count, part, widest in zip(need, self.parts, self.widest, strict=True):
            if count and part.kind == kind:
                largest = max(largest, _ANY_SIZE if widest is None else widest)
        return largest

    def _find_labels(self, key: _LabelKey) -> Iterator[int]:
        """``_labels`` worked out, for its key."""
        kind, size, wild, need, suits_distinct, wilds_before = key
        most = self.contract_wilds
        if most is not None and wilds_before + wild > most:  # R53: in the whole meld
            return
        for index, part in enumerate(self.parts):
            if not need[index] or part.kind != kind or not part.fits(size):
                continue
            widest = self.widest[index]
            if widest is not None and size > widest:
                continue
            if part.no_wild and wild:
                continue
            if part.distinct_suits and not (suits_distinct and wild <= 1):
                continue
            if self.meld_wilds is not None and wild > self.meld_wilds:  # R52
                continue
            yield index
        if self.further_helps and not (self.split and size >= 2 * self.shortest[kind]):
            yield -1

    def stand_in(self, phantoms: tuple[Card, ...]) -> tuple[Card, ...]:
        """Cards imagined as the relaxed search keeps them: whether each is wild."""
        return tuple(sorted(self.stand_ins[self.rules.is_wild(card)] for card in phantoms))

    def _phantom_left(self, card: Card, phantoms: tuple[Card, ...]) -> int:
        """How many more of ``card`` the pack holds beyond the hand and the cards
        already imagined (R3, R49)."""
        if self.relaxed:
            return 1 if card.rank or self.pack_jokers else 0
        limit = self.pack_jokers if card.rank == 0 else self.decks
        return limit - self.held_counts[card] - phantoms.count(card)

    def _widest(self, part: ContractPart) -> int | None:
        """The longest meld of ``part`` a search for any way needs (None: any size).

        An exact part takes its size. Where the whole hand must go down (R58), a
        meld longer than the part's size and one meld more splits into two
        (``split``). Otherwise a longer meld that keeps the limits (R7, R50-R56,
        R70) holds one of the part's size that keeps them too: any set holds its
        natural cards with fewer wild cards, wild cards dropped first, unless R51's
        table lets a set of one card fewer hold two wild cards fewer; where any
        number of wild cards, or one, may sit anywhere, a run holds a shorter span
        of its own. Where a run must hold more natural cards than wild ones (or as
        many), it holds a span of part.min to 2 * part.min - 1 cards that does: cut
        into such spans, one of them keeps the limit, or the whole run would not.
        Where a run needs two natural cards and no two wild cards sit side by side
        (R54), two of its natural cards have one place at most between them, so any
        span of part.min cards (three at least) holding both keeps the limit.
        Otherwise, where a run needs two natural cards or R51's table limits it, no
        shorter span need keep the limit."""
        if part.exact:
            return part.min
        if self.split:
            return part.min + self.shortest[part.kind] - 1
        if not self.trim:
            return None
        limit = self.rules.wild_limit
        if limit in (WildLimit.ANY, WildLimit.ONE):
            return part.min
        if part.kind == "set":
            if limit is not WildLimit.BY_SIZE:
                return part.min
            for size in range(part.min + 1, MAX_HAND + 2):
                shorter = self.rules.most_wild("set", size - 1)
                longer = self.rules.most_wild("set", size)
                if shorter is not None and (longer is None or shorter < longer - 1):
                    return None
            return part.min
        if limit in (WildLimit.FEWER_THAN_NATURAL, WildLimit.NO_MORE_THAN_NATURAL):
            return 2 * part.min - 1
        if limit is WildLimit.TWO_NATURAL and self.rules.run_wilds_apart:
            return part.min
        return None

    def lower_bound(
        self,
        counts_left: tuple[int, ...],
        wilds: int,
        need: tuple[int, ...],
        twos: tuple[int, ...] = (0, 0, 0, 0),
        enough: int = 99,
    ) -> int:
        """The fewest cards the hand lacks for the parts still needed (R66), never
        overstated, the largest of four counts. Each part alone: it takes the place
        where the hand has most of its natural cards (parts may share cards here;
        where sets of a rank or runs of a suit may not repeat, R54, each takes its
        own rank or suit). All the parts: they take more cards than the natural
        cards and wild cards left hold. The parts of a kind together: no card is in
        two melds, so a rank or suit gives the parts it takes no more cards than it
        has. The wild cards left fill what they can, each part within its own limit
        (a set of a part's size holds as many wild cards as a longer one could fill:
        ``bound_caps``); and however many wild cards are left, each meld holds the
        natural cards its limit asks (``bound_naturals``), lacked where the hand's
        are too few. A set takes no more wild cards than the pack holds, and where
        no rank of the pack has the natural cards a set of a part needs with them,
        no rank's cards left count towards the part (R3, R49). A wild
        2 not yet sitting as itself (``twos``, by suit) may still fill the 2's place
        of a run of its suit as a natural card (R5, R46), outside any wild limit.
        Once the first count is over ``enough`` it is the answer. A deal whose whole
        hand must go down (R58) needs its contract's parts all the same, so the
        count holds there too: what the whole hand needs beyond them is never less."""
        free = _NO_TWOS
        if self.natural_twos:
            mine = self.twos
            free = (mine[0] - twos[0], mine[1] - twos[1], mine[2] - twos[2], mine[3] - twos[3])
        key = (counts_left, free, need)
        counts = self.bounds.get(key)
        if counts is None:
            self.work.spend(BOUND_STEPS)
            counts = self.bounds[key] = self._bound_counts(counts_left, free, need)
        lacking, fillable, caps, cards, together = counts
        alone = max(lacking - min(wilds, fillable), cards - wilds)
        if alone > enough:
            return alone
        if together is None:
            groups = self.bound_groups[counts_left, free]
            self.work.spend(BOUND_STEPS)
            together = self._lacking_together(need, groups[1], groups[2])
            self.bounds[key] = (lacking, fillable, caps, cards, together)
        return max(alone, together[0] - min(wilds, caps), together[1])

    def _bound_counts(
        self, counts_left: tuple[int, ...], free: tuple[int, ...], need: tuple[int, ...]
    ) -> _Counts:
        """The bound's counts before wild cards, kept for every position with the
        same cards left and parts needed: what the parts lack each alone and what
        wild cards could fill of it, what wild cards could fill of the parts
        together, how many more cards the parts take than there are natural cards
        left, and None for what they lack together, worked out when asked."""
        groups = self.bound_groups.get((counts_left, free))
        if groups is None:
            self.work.spend(BOUND_STEPS)
            groups = self.bound_groups[counts_left, free] = self._lacks_by_group(counts_left, free)
        lacks_by_part = groups[0]
        lacking = 0
        fillable = 0
        caps = 0
        cards = 0
        for index, count in enumerate(need):
            if not count:
                continue
            by_group = lacks_by_part[index]
            if self.twice:
                size = self.parts[index].min
                lacks = by_group[:count] + [size] * max(0, count - len(by_group))
            else:
                lacks = [by_group[0]] * count
            cap = self.bound_caps[index]
            lacking += sum(lacks)
            fillable += sum(min(cap, lack) for lack in lacks)
            caps += count * cap
            cards += count * self.parts[index].min
        return lacking, fillable, caps, cards - sum(counts_left), None

    def _lacking_together(
        self,
        need: tuple[int, ...],
        covers: tuple[list[int], ...],
        haves: dict[Kind, list[int]],
    ) -> tuple[int, int]:
        """What the parts still needed lack before wild cards, each kind's parts
        together: a rank or suit holding ``have`` cards gives ``j`` parts at most
        ``min(j * cover, have)`` of them, ``cover`` being the most one meld of the
        largest part there can hold. And what they lack however many wild cards
        are left: a meld of a part holds at least ``bound_naturals`` natural cards
        (R7, R51-R56, R70), lacked ones where the hand's are too few; counting no
        more than ``most``, the least of those, for any part."""
        lacking = 0
        unfilled = 0
        for kind in ("set", "run"):
            indexes = [i for i, count in enumerate(need) if count and self.parts[i].kind == kind]
            if not indexes:
                continue
            largest = max(indexes, key=lambda i: self.parts[i].min)
            parts = sum(need[i] for i in indexes)
            cover, have = covers[largest], haves[kind]
            if self.any_rankless and kind == "set":
                # The largest part may be one no rank can fill: each rank covers what
                # the most of any part takes there.
                cover = [max(each) for each in zip(*(covers[i] for i in indexes), strict=True)]
            lacking += sum(need[i] * self.parts[i].min for i in indexes)
            lacking -= self._gained(cover, have, parts, self.parts[largest].min)
            most = min(self.bound_naturals[i] for i in indexes)
            if most > 0:
                # A longer run may hold more of its suit than ``cover``: all it has.
                if kind == "run" and not all(self.parts[i].exact for i in indexes):
                    cover = have
                unfilled += parts * most - self._gained(cover, have, parts, most)
        return lacking, unfilled

    def _gained(self, covers: list[int], haves: list[int], parts: int, most: int) -> int:
        """The most natural cards ``parts`` melds of a kind can hold, at most ``most``
        each: each rank or suit gives ``cover`` (or ``most``, the smaller) for each
        part it takes, then what is left of ``have``, then nothing (one part only
        where ranks and suits may not repeat, R54); the best spread of the parts
        takes the largest of those gains."""
        gains: list[int] = []
        for cover, have in zip(covers, haves, strict=True):
            cover = min(cover, most)
            if not cover:
                continue
            if self.twice:
                gains.append(cover)
                continue
            full, rest = divmod(have, cover)
            gains += [cover] * min(full, parts)
            if rest and full < parts:
                gains.append(rest)
        gains.sort(reverse=True)
        return sum(gains[:parts])

    def _lacks_by_group(self, counts_left: tuple[int, ...], free: tuple[int, ...]) -> _Groups:
        """The bound's work that depends on the cards left alone, kept for every
        position that has the same cards left: for each part, what each rank (a
        set) or suit (a run) lacks at best for a meld of the part's size, fewest
        first, and the most such a meld holds there, by rank or suit; and the
        cards each rank and suit has."""
        suit_covers: list[dict[int, int]] = []
        suit_haves = []
        if self.run_sizes:
            for number, places in enumerate(self.suit_places):
                key = (number, free[number], *[counts_left[index] for _, index in places])
                got = self.suit_bounds.get(key)
                if got is None:
                    got = self.suit_bounds[key] = self._suit_bound(
                        places, counts_left, free[number]
                    )
                suit_covers.append(got[0])
                suit_haves.append(got[1])
        rank_haves = []
        distinct = []
        if self.set_parts:
            for indexes in self.by_rank.values():
                have = kinds = 0
                for index in indexes:
                    if counts_left[index]:
                        have += counts_left[index]
                        kinds += 1
                rank_haves.append(have)
                distinct.append(kinds if self.set_max else have)
        lacks_by_part = []
        covers = []
        for part, rankless in zip(self.parts, self.rankless, strict=True):
            size = part.min
            if rankless:
                cover = [0] * len(distinct)
            elif part.kind == "set":
                cover = [min(have, size) for have in distinct]
            else:
                cover = [by_size[size] for by_size in suit_covers]
            covers.append(cover)
            by_group = sorted(size - have for have in cover)
            if part.kind == "set":
                by_group += [size] * (13 - len(by_group))
            lacks_by_part.append(by_group)
        return tuple(lacks_by_part), tuple(covers), {"set": rank_haves, "run": suit_haves}

    def _suit_bound(
        self, places: list[tuple[int, int]], counts_left: tuple[int, ...], twos: int
    ) -> tuple[dict[int, int], int]:
        """For one suit: the most of its cards a run of each size the parts need can
        hold, and how many cards it has (its wild 2s that may sit as themselves
        included)."""
        present = [0] * (self.top + 2)
        have = twos
        for place, index in places:
            if counts_left[index]:
                present[place] = 1
                if place <= RANKS:  # each card once, not again at its ace-high place
                    have += counts_left[index]
        if twos:
            present[TWO] = 1
            if self.around:
                present[TWO + RANKS] = 1
        line = list(accumulate(present))
        covers = {}
        for size in self.run_sizes:
            # The lowest places a run of this size may start at (R45, R69).
            first, last = (1, RANKS) if self.around else (self.low_min, ACE_HIGH + 1 - size)
            covers[size] = max(
                map(sub, line[first + size - 1 : last + size], line[first - 1 : last]),
                default=0,
            )
        return covers, have

    # --- The recursion -----------------------------------------------------------

    def best(self, floor: tuple[int, int] | None = None) -> Found | None:
        """The best way (None: none); with a ``floor``, ``_BELOW`` where no way beats
        it (``_search``)."""
        return self._search(
            _State(self.start, 0, (0, 0, 0, 0), self.need0, _NO_CROSS, 0, ()), floor
        )

    def best_with(self, card: Card, floor: tuple[int, int] | None = None) -> Found | None:
        """``best`` for the hand with one more natural card, one of ``extra``. The
        card is placed first (in a meld or kept), so every position after it is a
        position of the hand alone, the same whichever card was asked about: the
        memo answers them once for all the cards (R66's completing cards). With a
        ``floor``, ``_BELOW`` where no way beats it (``_search``)."""
        lead = self.types.index(card)
        start = list(self.start)
        start[lead] += 1
        self.lead = lead
        try:
            return self._search(
                _State(tuple(start), 0, (0, 0, 0, 0), self.need0, _NO_CROSS, 0, ()), floor
            )
        finally:
            self.lead = -1

    def _alike(self, state: _State) -> tuple[object, ...]:
        """A position named by what it leaves, the same for the hand with a 2 of any
        suit more (all 2s worth the same): the wild cards by how many sit as
        themselves, and the 2s that may still sit as themselves in a run of a suit
        whose natural cards are not all gone (a run holds the first card left, and
        no meld of wild cards alone holds a 2 as itself, ``_finish``)."""
        counts_left, used, twos = state[0], state[1], state[2]
        mine = self.twos
        (s0, e0), (s1, e1), (s2, e2), (s3, e3) = self.suit_spans
        return (
            counts_left,
            used,
            twos[0] + twos[1] + twos[2] + twos[3],
            mine[0] - twos[0] if any(counts_left[s0:e0]) else -1,
            mine[1] - twos[1] if any(counts_left[s1:e1]) else -1,
            mine[2] - twos[2] if any(counts_left[s2:e2]) else -1,
            mine[3] - twos[3] if any(counts_left[s3:e3]) else -1,
            *state[3:],
        )

    def _search(self, state: _State, floor: tuple[int, int] | None = None) -> Found | None:
        """The best way on from ``state`` (None: none). Asked with a ``floor`` (the best
        search only), it may answer ``_BELOW`` instead: no way on beats ``floor``."""
        memo = self.memo
        key: tuple[object, ...] = self._alike(state) if self.alike else state
        known = memo.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        if floor is not None:
            shown = self.below.get(key)
            if shown is not None and shown <= floor:
                return _BELOW
        relaxed = self.relaxed_by
        if relaxed is not None:
            # Where the search pruned by found no way on, there is none (R66).
            self.work.spend()
            image = state
            if state.phantoms:
                image = state._replace(phantoms=relaxed.stand_in(state.phantoms))
            if relaxed.memo.get(image, ()) is None:
                memo[key] = None
                return None
        work = self.work  # its steps counted here, as Work.spend does
        work.spent += SEARCH_STEPS
        if work.spent > work.most:
            raise SearchTooLong()
        counts_left = state.counts_left
        budget = self.wild_total - sum(state.twos) - state.used
        room = self.phantoms - len(state.phantoms)
        if (
            self.whole is not None
            and state.held + sum(counts_left) + budget + room < self.whole.cards
        ):
            # R58: too few cards left to put down the whole hand, were every one melded.
            memo[key] = None
            return None
        # Parts still needed that the cards left cannot meet, even with the cards
        # imagined so far: no way on from here (the bound never overstates).
        if any(state.need) and (
            self.lower_bound(counts_left, budget, state.need, state.twos, room) > room
        ):
            memo[key] = None
            return None
        # Any card may be the one placed next: the lead card while it is there (its
        # extra copy), else the first card left, or where the whole hand goes down
        # the one most alone.
        first = self.lead
        if first < 0 or counts_left[first] <= self.start[first]:
            if self.near is None:
                first = -1
                for index, count in enumerate(counts_left):
                    if count:
                        first = index
                        break
            else:
                first = self._most_alone(counts_left)
        if first < 0:
            found = self._finish(state)
            memo[key] = found
            return found
        best: Found | None = None
        # The best search leaves a meld whose way on could not beat the best found so
        # far, nor ``floor`` (``_most_melded``); one left for ``floor`` alone makes the
        # answer ``_BELOW`` unless a way beats ``floor``.
        bounded = self.bounded
        cut = False
        bar = floor
        for plan, gain, after in self._melds(first, state):
            work.spent += SEARCH_STEPS
            if work.spent > work.most:
                raise SearchTooLong()
            sub: Found | None
            if bounded and bar is not None:
                # A position answered already is read as it is, bound or none.
                known = memo.get(after, _UNKNOWN) if not self.alike else _UNKNOWN
                if known is not _UNKNOWN:
                    sub = known  # type: ignore[assignment]
                else:
                    if (gain + self._most_melded(after), -plan.wilds) <= bar:
                        cut = cut or bar is floor
                        continue
                    wilds = 1 if self.points_only else bar[1] + plan.wilds
                    sub = self._search(after, (bar[0] - gain, wilds))
            else:
                sub = self._search(after)
            if sub is None:
                continue
            if sub is _BELOW:
                cut = cut or bar is floor
                continue
            found = (gain + sub[0], sub[1] - plan.wilds, (plan, sub[2]))
            if best is None or found[:2] > best[:2]:
                best = found
                if self.feasible:
                    memo[key] = best
                    return best
                if bar is None or found[:2] >= bar:
                    bar = (found[0], 1) if self.points_only else found[:2]
        kept = (*counts_left[:first], counts_left[first] - 1, *counts_left[first + 1 :])
        after = _State(kept, *state[1:])
        runs = state.cross[0]
        if runs and not any(kept[self.suit_slices[self.types[first].suit]]):
            # The suit's last card kept: its runs are forgotten (``_runs_to_keep``).
            after = after._replace(cross=(self._runs_to_keep(runs, kept), state.cross[1]))
        sub = None
        if bounded and bar is not None and (self._most_melded(after), 0) <= bar:
            cut = cut or bar is floor
        else:
            sub = self._search(after, bar if bounded else None)
            if sub is _BELOW:
                cut = cut or bar is floor
                sub = None
        if sub is not None and (best is None or sub[:2] > best[:2]):
            best = sub
        if cut and floor is not None and (best is None or best[:2] <= floor):
            self.below[key] = floor
            return _BELOW
        memo[key] = best
        return best

    def _most_alone(self, counts_left: tuple[int, ...]) -> int:
        """The first natural card left of those with the fewest others left near it
        (``near``; -1: none left)."""
        near = self.near
        assert near is not None
        first, fewest = -1, MAX_HAND
        left = counts_left.__getitem__
        for index in self.in_hand:
            count = counts_left[index]
            if count:
                others = count - 1 + sum(map(left, near[index]))
                if others < fewest:
                    if not others:
                        return index  # none fewer
                    first, fewest = index, others
        return first

    def _after(
        self,
        plan: _Plan,
        state: _State,
        taken: Sequence[int],
        two_suit: str,
        extra: Sequence[Card],
    ) -> tuple[int, _State]:
        """The points a plan melds and the search position after it."""
        counts_left, used, twos, need, cross, held, phantoms = state
        kept = list(counts_left)
        points = self.points
        gain = 0
        for index in taken:
            kept[index] -= 1
            gain += points[index]
        before = self.wild_points[twos][used]
        if two_suit:
            at = SUITS.index(two_suit)
            twos = (*twos[:at], twos[at] + 1, *twos[at + 1 :])
        wilds = plan.wilds
        gain += self.wild_points[twos][used + wilds] - before
        part = plan.part
        if part >= 0:
            need = (*need[:part], need[part] - 1, *need[part + 1 :])
        if self.cross:
            runs, marks = cross
            if plan.kind == "run":
                if self.gap:
                    runs = tuple(sorted((*runs, (plan.suit, plan.low, plan.high))))
                marks |= 1 << (16 + SUITS.index(plan.suit))
            else:
                marks |= 1 << plan.rank
            if runs:
                runs = self._runs_to_keep(runs, kept)
            cross = (runs, marks)
        if self.whole is not None:
            held += len(plan.naturals) + wilds + len(extra)
            if not self.whole.exactly:
                held = min(held, self.whole.cards)
        if extra:
            phantoms = tuple(sorted((*phantoms, *extra)))
            if self.relaxed:
                phantoms = self.stand_in(phantoms)
        # A position is made for every meld tried: built as a plain tuple is built.
        return gain, _built(_State, (tuple(kept), used + wilds, twos, need, cross, held, phantoms))

    def _runs_to_keep(self, runs: Runs, counts_left: Sequence[int]) -> Runs:
        """The runs R48's gap is still asked of: those of a suit with natural cards
        left. Every run after holds a natural card of its suit (a meld of wild cards
        alone is of no suit, ``_finish``), so a suit without one never asks again, and
        positions that differ only in its runs are one."""
        slices = self.suit_slices
        kept = tuple(run for run in runs if any(counts_left[slices[run[0]]]))
        return kept if len(kept) != len(runs) else runs

    def _crosses(
        self, kind: Kind, cross: Cross, rank: int, suit: str, low: int, high: int
    ) -> bool:
        """Whether a meld breaks a rule over several melds beside those chosen (R48, R54)."""
        runs, marks = cross
        if kind == "set":
            return self.twice and bool(marks >> rank & 1)
        if self.twice and marks >> (16 + SUITS.index(suit)) & 1:
            return True
        if self.gap:  # R48: ranks between two runs of a suit (round the corner too, R69)
            apart = self.rules.runs_apart
            for other_suit, other_low, other_high in runs:
                if other_suit == suit and not apart((low, high), (other_low, other_high)):
                    return True
        return False

    def _wilds_so_far(self, state: _State) -> int:
        if not state.phantoms:
            return state.used
        return state.used + sum(1 for card in state.phantoms if self.rules.is_wild(card))

    def _phantom_wild(self, phantoms: tuple[Card, ...]) -> Card | None:
        """A wild card the pack still holds, to imagine in the hand."""
        if self._phantom_left(JOKER, phantoms) > 0:
            return JOKER
        if self.rules.twos_wild:
            for suit in SUITS:
                two = card_of(TWO, suit)
                if self._phantom_left(two, phantoms) > 0:
                    return two
        return None

    def _melds(self, first: int, state: _State) -> Iterator[tuple[_Plan, int, _State]]:
        """Every meld holding the natural card ``first`` (with its part), and the
        position after it."""
        yield from self._sets(first, state)
        if self.rules.runs_allowed:
            yield from self._runs(first, state)

    def _sets(self, first: int, state: _State) -> Iterator[tuple[_Plan, int, _State]]:
        rules = self.rules
        counts_left = state.counts_left
        rank = self.types[first].rank
        if self.cross and self._crosses("set", state.cross, rank, "", 0, 0):
            return
        largest = self._largest("set", state.need)
        if largest < 0:
            return
        distinct = rules.set_distinct_suits
        budget = self.wild_total - sum(state.twos) - state.used
        wilds_before = self._wilds_so_far(state)
        phantom_budget = self.phantoms - len(state.phantoms)
        by_rank = self.by_rank[rank]
        key = (first, *(counts_left[index] for index in by_rank))
        choices = self.set_choices.get(key)
        if choices is None:
            choices = self.set_choices[key] = self._set_choices(first, counts_left, by_rank)
        work = self.work
        for taken, naturals, suits in choices:
            work.spent += 1
            if work.spent > work.most:
                raise SearchTooLong()
            suits_distinct = len(suits) == len(naturals)
            if distinct and not suits_distinct:
                continue
            extras: Iterable[tuple[Card, ...]] = (
                self._set_phantoms(rank, naturals, state.phantoms, phantom_budget)
                if phantom_budget > 0
                else _NO_EXTRA
            )
            for extra in extras:
                extra_natural = sum(1 for card in extra if not rules.is_wild(card)) if extra else 0
                natural = len(naturals) + extra_natural
                extra_wild = len(extra) - extra_natural
                top = budget
                if self.set_max is not None:
                    top = min(top, self.set_max - natural - extra_wild)
                all_suits = suits_distinct and len(suits | {card.suit for card in extra}) == len(
                    naturals
                ) + len(extra)
                for wilds in range(top + 1):
                    self.work.spend()
                    wild = wilds + extra_wild
                    size = natural + wild
                    if size > largest:
                        break
                    if size < rules.set_min or not self._keeps_limits("set", size, natural, wild):
                        continue
                    for label in self._labels(
                        "set", size, wild, state.need, all_suits, wilds_before
                    ):
                        plan = _built(
                            _Plan, ("set", label, rank, "", 0, 0, naturals, wilds, extra, 0)
                        )
                        gain, after = self._after(plan, state, taken, "", extra)
                        yield plan, gain, after

    def _set_choices(
        self, first: int, counts_left: tuple[int, ...], by_rank: list[int]
    ) -> list[tuple[list[int], tuple[Card, ...], set[str]]]:
        """The natural cards of the first card's rank a set of it may take (by type,
        as cards, and their suits), kept for every position with as many of the
        rank left."""
        distinct = self.rules.set_distinct_suits
        choices: list[list[int]] = [[]]
        for index in by_rank:
            if not counts_left[index]:
                continue
            top = 1 if distinct else counts_left[index]
            low = 1 if index == first else 0
            choices = [
                [*chosen, *([index] * count)]
                for chosen in choices
                for count in range(low, top + 1)
            ]
        made = []
        for taken in choices:
            naturals = tuple(self.types[index] for index in taken)
            made.append((taken, naturals, {natural.suit for natural in naturals}))
        return made

    def _set_phantoms(
        self, rank: int, naturals: tuple[Card, ...], phantoms: tuple[Card, ...], budget: int
    ) -> Iterator[tuple[Card, ...]]:
        """Cards the hand lacks that a set of ``rank`` could take: natural cards of the
        rank (suits the set lacks where suits may not repeat), then wild cards."""
        yield ()
        if budget <= 0:
            return
        distinct = self.rules.set_distinct_suits
        taken = {card.suit for card in naturals}
        extra: list[Card] = []
        imagined = phantoms
        while len(extra) < budget:
            options = [
                card_of(rank, suit)
                for suit in SUITS
                if not (distinct and (suit in taken or any(c.suit == suit for c in extra)))
                and self._phantom_left(card_of(rank, suit), imagined) > 0
            ]
            if options:
                # A suit the set lacks first (a part may want three suits, R43), then
                # the card the pack has most of.
                lacked = max(
                    options,
                    key=lambda card: (
                        card.suit not in taken and all(c.suit != card.suit for c in extra),
                        self._phantom_left(card, imagined),
                    ),
                )
            else:
                wild = self._phantom_wild(imagined)
                if wild is None:
                    return
                lacked = wild
            extra.append(lacked)
            imagined = (*imagined, lacked)
            yield tuple(extra)

    def _runs(self, first: int, state: _State) -> Iterator[tuple[_Plan, int, _State]]:
        """Every run holding the first card, each with every part it may meet. The
        ways to fill a span depend only on the suit's cards left and the wild
        cards, so they are worked out once for each of those."""
        if self.trim and self._largest("run", state.need) < 0:
            return
        suit = self.types[first].suit
        suit_index = SUITS.index(suit)
        counts_left = state.counts_left
        need = state.need
        twos_free = self.twos[suit_index] - state.twos[suit_index] if self.natural_twos else 0
        budget = self.wild_total - sum(state.twos) - state.used
        start, end = self.suit_spans[suit_index]  # the suit's cards, side by side in types
        key = (
            first,
            counts_left[start:end],
            twos_free,
            state.phantoms,
            tuple(
                count for count, part in zip(need, self.parts, strict=True) if part.kind == "run"
            )
            if self.trim
            else (),
        )
        shapes = self.shapes.get((key, budget))
        if shapes is None:
            shapes = self.shapes[key, budget] = self._shapes_within(first, state, key, budget)
        wilds_before = self._wilds_so_far(state)
        work = self.work
        cross = self.cross
        labels = self._labels
        after = self._after
        for shape in shapes:
            work.spent += 1
            if work.spent > work.most:
                raise SearchTooLong()
            low, high = shape.low, shape.high
            if cross and self._crosses("run", state.cross, 0, suit, low, high):
                continue
            for label in labels("run", high - low + 1, shape.wild, need, False, wilds_before):
                plan = _built(
                    _Plan,
                    (
                        "run",
                        label,
                        0,
                        suit,
                        low,
                        high,
                        shape.naturals,
                        shape.wilds,
                        shape.extra,
                        0,
                    ),
                )
                gain, position = after(
                    plan, state, shape.taken, suit if shape.two else "", shape.extra
                )
                yield plan, gain, position

    def _shapes_within(
        self, first: int, state: _State, key: tuple[object, ...], budget: int
    ) -> list[_Shape]:
        """The ways to fill a run around the first card with at most ``budget`` of the
        hand's wild cards: those already worked out for as many or more wild cards,
        in their order, that take no more; else worked out anew. (A span a run
        cannot fill with fewer wild cards yields no way at all, and the ways with
        fewer are found in the same order, so the two lists agree.)"""
        wider = self.wider_shapes.get(key)
        if wider is not None and wider[0] >= budget:
            self.work.spend(1 + len(wider[1]) // 16)  # a step reads sixteen ways
            return [shape for shape in wider[1] if shape.cost <= budget]
        shapes = self._run_shapes(first, state)
        if wider is None or wider[0] < budget:
            self.wider_shapes[key] = (budget, shapes)
        return shapes

    def _run_shapes(self, first: int, state: _State) -> list[_Shape]:
        rules = self.rules
        counts_left = state.counts_left
        card = self.types[first]
        suit = card.suit
        suit_index = SUITS.index(suit)
        if self.around:  # R69: at its rank, or past the king
            positions = [card.rank, card.rank + RANKS]
        elif card.rank == ACE:
            positions = [ACE_HIGH] if rules.ace is Ace.HIGH_ONLY else [ACE, ACE_HIGH]
        else:
            positions = [card.rank]
        budget = self.wild_total - sum(state.twos) - state.used
        phantom_budget = self.phantoms - len(state.phantoms)
        twos_free = self.twos[suit_index] - state.twos[suit_index] if self.natural_twos else 0
        self.work.spend(3)  # the places the hand can fill, below
        sizes: Sequence[int] = range(self.run_min, self.max_run + 1)
        if self.trim:
            # Only the sizes a run part still needed may take (``widest``).
            wanted: set[int] = set()
            for number, part in enumerate(self.parts):
                if state.need[number] and part.kind == "run":
                    widest = self.widest[number]
                    wanted.update(range(part.min, (widest or self.max_run) + 1))
            sizes = [size for size in sizes if size in wanted]
        elif self.split:
            sizes = range(self.run_min, min(self.max_run, self.split_largest["run"]) + 1)
        # How many places from 1 up to each place the hand can fill: a quick bound
        # on the wild cards (and lacked cards) a span needs.
        filled = [0] * (self.top + 2)
        by_place = self.by_place[suit]
        for place in range(1, self.top + 1):
            index = by_place[place]
            can = (index is not None and counts_left[index] - (index == first) > 0) or (
                twos_free > 0 and rank_at(place) == TWO
            )
            filled[place] = filled[place - 1] + can
        spare = budget + phantom_budget
        work = self.work
        shapes: list[_Shape] = []
        for position in positions:
            for size in sizes:
                # A place the hand cannot fill takes a wild card, no more than the
                # run's size allows, or a lacked card.
                most = self._run_most(size)
                room = min(spare, most + phantom_budget)
                lowest = max(self.low_min, position - size + 1)
                # R69: a run starts at a rank, 1 to 13; round the corner, a run of
                # every rank is read from the ace (melds._possible_lows).
                highest = (ACE if size == RANKS else RANKS) if self.around else 15 - size
                for low in range(lowest, min(position, highest) + 1):
                    high = low + size - 1
                    if card.rank == ACE and position == ACE_HIGH and low == ACE:
                        continue  # the ace-to-ace run is found with this ace low
                    have = filled[high] - filled[low - 1]
                    have += not filled[position] - filled[position - 1]
                    work.spent += 1
                    if work.spent > work.most:
                        raise SearchTooLong()
                    if size - have > room:
                        continue
                    span = _Span(suit, low, high, position, budget, phantom_budget, twos_free)
                    if not phantom_budget and size <= RANKS:  # as ``_fill`` would
                        shapes += self._fill_plainly(first, counts_left, span, most)
                    else:
                        shapes += self._fill(first, state, span)
        return shapes

    def _run_most(self, size: int) -> int:
        """The most wild cards a run of ``size`` may hold (R7, R50-R56, R70)."""
        most = self.run_wilds.get(size)
        if most is None:
            most = self.run_wilds[size] = next(
                (
                    wild - 1
                    for wild in range(size + 1)
                    if not self._keeps_limits("run", size, size - wild, wild)
                ),
                size,
            )
        return most

    def _fill(self, first: int, state: _State, span: _Span) -> Iterator[_Shape]:
        """Every way to fill the span around the first card: each other place by a
        natural card of the hand, a 2 as itself, a wild card, or (asking what is
        missing) a card the hand lacks."""
        rules = self.rules
        counts_left = state.counts_left
        suit, low, high = span.suit, span.low, span.high
        budget, phantom_budget, twos_free = span.budget, span.phantoms, span.twos_free
        apart = rules.run_wilds_apart
        size = high - low + 1
        # A fill with more wild cards than a run of its size may hold breaks the limit
        # whatever follows, as a lacked card only ever turns wild, so the walk leaves
        # it at once.
        most = self._run_most(size)
        if not phantom_budget and size <= RANKS:
            yield from self._fill_plainly(first, counts_left, span, most)
            return
        # Asking only whether the contract can be met, a card lacked at a place the
        # hand's own card could fill is never needed (the search asks nothing else
        # with cards lacked): that card in the run and the lacked copy wherever the
        # hand's would have gone is the same, one lacked card fewer. So only where
        # the lacked card stays natural: the pack has it (R3, R49), and the span
        # holds each card once.
        own_first = self.feasible and size <= RANKS
        if self.relaxed and own_first and not apart:
            yield from self._fill_relaxed(first, counts_left, span, most)
            return
        options: list[list[_Seat]] = []
        for place in range(low, high + 1):
            if place == span.position:
                options.append([self.seats[first]])
                continue
            here: list[_Seat] = []
            index = self.by_place[suit][place]
            own = index is not None and counts_left[index] - (index == first) > 0
            if own and index is not None:
                here.append(self.seats[index])
            if rank_at(place) == TWO and twos_free:
                here.append(_TWO_SEAT)
            here.append(_WILD_SEAT)
            if phantom_budget:
                lacked = card_of(rank_at(place), suit)
                if not (own and own_first and self._phantom_left(lacked, state.phantoms) > 0):
                    here.append(_Seat(LACKED, -1, lacked))
            options.append(here)
        chosen: list[_Seat] = []
        counts: dict[int, int] = {}
        fills: list[tuple[list[_Seat], int, int, int]] = []
        steps = 0  # a step for every place tried, spent once the walk is done

        def walk(at: int, wilds: int, extra: int, twos_used: int, last_wild: bool) -> None:
            nonlocal steps
            steps += 1
            if at == size:
                fills.append((list(chosen), wilds, extra, twos_used))
                return
            for seat in options[at]:
                tag = seat.tag
                is_wild = tag == WILD
                if apart and is_wild and last_wild:
                    continue
                if tag == NATURAL:
                    if counts.get(seat.natural, 0) >= counts_left[seat.natural]:
                        continue
                    counts[seat.natural] = counts.get(seat.natural, 0) + 1
                elif tag == TWO_ITSELF:
                    if twos_used >= twos_free or wilds + twos_used + 1 > budget:
                        continue
                elif tag == WILD:
                    if wilds + 1 + twos_used > budget or wilds + 1 > most:
                        continue
                elif extra + 1 > phantom_budget:
                    continue
                chosen.append(seat)
                walk(
                    at + 1,
                    wilds + is_wild,
                    extra + (tag == LACKED),
                    twos_used + (tag == TWO_ITSELF),
                    is_wild,
                )
                chosen.pop()
                if tag == NATURAL:
                    counts[seat.natural] -= 1

        walk(0, 0, 0, 0, False)
        self.work.spend(steps)
        # Relaxed, a lacked card is kept only as natural or wild (``stand_in``): ways
        # that differ only in which places are lacked and which wild lead to the same
        # position, so the first of them stands for all.
        seen: set[tuple[object, ...]] | None = set() if self.relaxed else None
        for seats, wilds, lacking, two in fills:
            taken = [seat.natural for seat in seats if seat.tag == NATURAL]
            extra_cards: list[Card] = []
            imagined = state.phantoms
            extra_wild = 0
            broken = False
            previous_wild = False
            # Only a lacked card can still change (to a wild one, where the pack has
            # no more of it): without one, the walk has checked everything.
            for seat in seats if lacking else ():
                wild_here = seat.tag == WILD
                if seat.card is not None:
                    lacked = seat.card
                    if self._phantom_left(lacked, imagined) <= 0:
                        wild_card = self._phantom_wild(imagined)
                        if wild_card is None:
                            broken = True
                            break
                        lacked = wild_card
                        wild_here = True
                        extra_wild += 1
                    extra_cards.append(lacked)
                    imagined = (*imagined, lacked)
                if apart and wild_here and previous_wild:
                    broken = True
                    break
                previous_wild = wild_here
            if broken:
                continue
            wild = wilds + extra_wild
            if wild > most:  # the limits, as more wild cards only ever break them
                continue
            if seen is not None:
                alike = (*taken, -1, wild, two, *self.stand_in(tuple(extra_cards)))
                if alike in seen:
                    continue
                seen.add(alike)
            naturals = tuple(self.types[index] for index in taken)
            if two:
                naturals += (card_of(TWO, suit),)
            yield _Shape(
                low,
                high,
                naturals,
                tuple(taken),
                wilds,
                wild,
                two > 0,
                tuple(extra_cards),
                wilds + two,
            )

    def _fill_relaxed(
        self, first: int, counts_left: tuple[int, ...], span: _Span, most: int
    ) -> Iterator[_Shape]:
        """``_fill`` for the relaxed search (wild cards side by side allowed, each card
        at one place): one way for each position it leads to. A lacked card is kept
        only as natural or wild, so a way is which of the places the hand can fill
        take a wild card instead (a lacked card there is never needed, ``_fill``),
        whether a 2 sits as itself at its place (R5, R46), and how many of the other
        places are lacked, the rest wild: lacked first where the card would be
        natural, as a lacked wild card (a 2 where 2s are wild) is never of more use
        than a lacked natural one."""
        mine, others, choosable, _ = self._span_places(
            first, counts_left, span._replace(twos_free=0)
        )
        count = len(choosable)
        suit = span.suit
        is_wild = self.rules.is_wild
        others.sort(key=lambda place: not is_wild(card_of(rank_at(place), suit)))
        ways = [(others, False)]
        if span.twos_free:
            ways += [
                ([other for other in others if other != place], True)
                for place in others[:1]
                if rank_at(place) == TWO
            ]
        self.work.spend(1 + count)
        types = self.types
        two_card = (card_of(TWO, suit),)
        for places, two in ways:
            cap = min(span.budget - two, most)
            fewest = max(0, len(places) - span.phantoms)  # of the places, wild at least
            if fewest > cap:
                continue
            masks = _wild_masks(count, cap - fewest)
            self.work.spend(len(masks))
            for mask in masks:
                taken = _taken(mine, count, mask)
                naturals = tuple(types[index] for index in taken)
                if two:
                    naturals += two_card
                instead = mask.bit_count()
                for wild_others in range(min(len(places), cap - instead), fewest - 1, -1):
                    wilds = instead + wild_others
                    extra = tuple(card_of(rank_at(place), suit) for place in places[wild_others:])
                    yield _Shape(
                        span.low, span.high, naturals, taken, wilds, wilds, two, extra, wilds + two
                    )

    def _fill_plainly(
        self, first: int, counts_left: tuple[int, ...], span: _Span, most: int
    ) -> list[_Shape]:
        """``_fill`` where each place is the hand's card, a 2 as itself (the 2's
        place) or a wild card: no card lacked, wild cards side by side allowed, each
        card at one place. The same ways in the same order, the hand's card or the
        2 first at each place: which of the places the hand can fill take a wild
        card instead, up to the most the run and the wild cards left allow."""
        mine, others, choosable, two_at = self._span_places(first, counts_left, span)
        count = len(choosable)
        free = min(span.budget, most) - len(others)
        self.work.spend(1 + count)
        if free < 0:
            return []
        masks: Sequence[int] = _wild_masks(count, free)
        self.work.spend(len(masks))
        if self.rules.run_wilds_apart:
            masks = self._apart(masks, span, others, choosable)
        types = self.types
        two_card = (card_of(TWO, span.suit),)
        low, high, budget = span.low, span.high, span.budget
        forced = len(others)
        shapes = []
        for mask in masks:
            two = two_at >= 0 and not mask >> (count - 1 - two_at) & 1
            wilds = forced + mask.bit_count()
            if two and wilds + 1 > budget:
                continue
            taken = _taken(mine, count, mask)
            naturals = tuple([types[index] for index in taken])
            shape = (low, high, naturals + two_card if two else naturals, taken)
            shapes.append(_built(_Shape, (*shape, wilds, wilds, two, (), wilds + two)))
        return shapes

    def _apart(
        self, masks: Sequence[int], span: _Span, others: list[int], choosable: list[int]
    ) -> Sequence[int]:
        """The ways (``_wild_masks``) that keep no two wild cards side by side (R54):
        the places only a wild card fills, and those the way gives one."""
        forced = 0
        for place in others:
            forced |= 1 << (place - span.low)
        count = len(choosable)
        kept = []
        for mask in masks:
            wild = forced
            for number, place in enumerate(choosable):
                if mask >> (count - 1 - number) & 1:
                    wild |= 1 << (place - span.low)
            if not wild & wild >> 1:
                kept.append(mask)
        return kept

    def _span_places(
        self, first: int, counts_left: tuple[int, ...], span: _Span
    ) -> tuple[list[tuple[int, int]], list[int], list[int], int]:
        """The hand's cards in a span by place, each with its number among the
        places that may take a wild card instead (-1: the first card's own place);
        the places only a wild card (or a lacked card) can fill; the places that may
        take a wild card instead, in order; and the number of the 2's place among
        those, where a 2 may sit as itself (R5, R46), else -1."""
        mine: list[tuple[int, int]] = []
        others: list[int] = []
        choosable: list[int] = []
        two_at = -1
        by_place = self.by_place[span.suit]
        for place in range(span.low, span.high + 1):
            if place == span.position:
                mine.append((first, -1))
                continue
            index = by_place[place]
            if index is not None and counts_left[index] - (index == first) > 0:
                mine.append((index, len(choosable)))
                choosable.append(place)
            elif span.twos_free and rank_at(place) == TWO:
                two_at = len(choosable)
                choosable.append(place)
            else:
                others.append(place)
        return mine, others, choosable, two_at

    # --- No natural card left: melds of wild cards (R16) -----------------------------

    def _finish(self, state: _State) -> Found | None:
        """The parts still needed, and further melds, from the wild cards left (and
        cards the hand lacks, when asking what is missing)."""
        used, twos, need, cross, held, phantoms = state[1:]
        budget = self.wild_total - sum(twos) - used
        phantom_budget = self.phantoms - len(phantoms)
        wilds_before = self._wilds_so_far(state)
        parts = [index for index, count in enumerate(need) for _ in range(count)]
        marks = cross[1]
        set_ranks_used = bin(marks & 0xFFFF).count("1")
        run_suits_used = bin(marks >> 16).count("1")
        best: Found | None = None

        def done(size: int) -> bool:
            if self.whole is None:
                return True
            total = held + size
            return self.whole.met_by(total if self.whole.exactly else min(total, self.whole.cards))

        def shapes(label: int) -> Iterator[tuple[Kind, int, int, int]]:
            """(kind, size, wild cards, lacked natural cards) of a meld of no natural
            card of the hand."""
            kinds: list[Kind] = ["set", "run"] if self.rules.runs_allowed else ["set"]
            for kind in kinds:
                if label >= 0 and self.parts[label].kind != kind:
                    continue
                smallest = self.rules.set_min if kind == "set" else self.run_min
                largest = (self.set_max or 99) if kind == "set" else self.max_run
                if label < 0 and self.split:
                    largest = min(largest, 2 * self.shortest[kind] - 1)
                if label >= 0:
                    part = self.parts[label]
                    smallest = max(smallest, part.min)
                    widest = self.widest[label]
                    if widest is not None:
                        largest = min(largest, widest)
                largest = min(largest, budget + phantom_budget)
                for size in range(smallest, largest + 1):
                    for lacked in range(0, min(size, phantom_budget) + 1):
                        yield kind, size, size - lacked, lacked

        def place(
            at: int,
            wilds: int,
            lacked: int,
            size: int,
            sets: int,
            run_count: int,
            chain: Chain,
            extra_melds: int,
            last: tuple[Kind, int, int],
        ) -> None:
            nonlocal best
            if self.feasible and best is not None:
                return
            self.work.spend(PLACE_STEPS)
            if at == len(parts) and done(size):
                points = self.wild_points[twos]
                gain = points[used + wilds] - points[used]
                found = (gain, -wilds, chain)
                if best is None or found[:2] > best[:2]:
                    best = found
            labels = [parts[at]] if at < len(parts) else ([-1] if self.further_helps else [])
            if at >= len(parts) and (extra_melds > 8 or not self.further_helps or wilds == budget):
                return
            for label in labels:
                for kind, meld_size, wild, natural in shapes(label):
                    if wilds + wild > budget or lacked + natural > phantom_budget:
                        continue
                    if label < 0 and (kind, meld_size, natural) > last:
                        continue  # further melds in one order only
                    whole = self.whole
                    if (
                        whole is not None
                        and whole.exactly
                        and held + size + meld_size > whole.cards
                    ):
                        continue
                    if not self._keeps_limits(kind, meld_size, natural, wild):
                        continue
                    if kind == "run" and self.rules.run_wilds_apart and wild > natural + 1:
                        continue
                    if self.twice and (
                        (kind == "set" and set_ranks_used + sets >= len(SET_RANKS))
                        or (kind == "run" and run_suits_used + run_count >= len(SUITS))
                    ):
                        continue
                    before = wilds_before + wilds
                    if label not in self._labels(
                        kind, meld_size, wild, _unit_need(len(self.parts), label), True, before
                    ):
                        continue
                    plan = _Plan(kind, label, 0, "", 0, 0, (), wild, (), natural)
                    place(
                        at + (label >= 0),
                        wilds + wild,
                        lacked + natural,
                        size + meld_size,
                        sets + (kind == "set"),
                        run_count + (kind == "run"),
                        (plan, chain),
                        extra_melds + (label < 0),
                        (kind, meld_size, natural) if label < 0 else last,
                    )

        place(0, 0, 0, 0, 0, 0, None, 0, ("run", 99, 99))
        return best


def _run_places(card: Card, around: bool) -> tuple[int, ...]:
    """The places of a run a natural card may sit at: its rank, the ace high too, and
    past the king where runs turn the corner (R12, R69)."""
    if card.rank == ACE or around:
        return (card.rank, card.rank + RANKS)
    return (card.rank,)


@lru_cache(maxsize=256)
def _near_of(types: tuple[Card, ...], around: bool) -> tuple[tuple[int, ...], ...]:
    """For each of ``types`` (natural cards), the others of its rank or of its suit at
    most two run places away (an ace low and high, and every card past the king too
    where runs turn the corner, R12, R69): kept for every search of the same cards
    (``_Search.near``)."""
    by_place: dict[tuple[str, int], set[int]] = {}
    by_rank: dict[int, set[int]] = {}
    for index, card in enumerate(types):
        by_rank.setdefault(card.rank, set()).add(index)
        for place in _run_places(card, around):
            for near in range(place - 2, place + 3):
                by_place.setdefault((card.suit, near), set()).add(index)
    return tuple(
        tuple(
            sorted(
                by_rank[card.rank].union(
                    *(by_place[card.suit, place] for place in _run_places(card, around))
                )
                - {index}
            )
        )
        for index, card in enumerate(types)
    )


@lru_cache(maxsize=256)
def _wild_points(
    values: tuple[int, ...], twos: tuple[int, ...], two_values: tuple[int, ...]
) -> dict[tuple[int, ...], list[int]]:
    """``_Search.wild_points`` for wild cards worth ``values`` (most first), of which
    ``twos`` are 2s by suit, each suit's 2 worth ``two_values``: kept for every
    search with wild cards alike (each completing wild card's is one more). Read,
    never changed."""
    points: dict[tuple[int, ...], list[int]] = {}
    for as_twos in product(*(range(count + 1) for count in twos)):
        pool = list(values)
        own = 0
        for value, count in zip(two_values, as_twos, strict=True):
            for _ in range(count):
                pool.remove(value)
                own += value
        points[as_twos] = [own + total for total in accumulate(pool, initial=0)]
    return points


@lru_cache(maxsize=512)
def _wild_masks(count: int, free: int) -> tuple[int, ...]:
    """Which of ``count`` places take a wild card, at most ``free`` of them, as bit
    masks (the first place the most significant bit): depth first, the hand's card
    before a wild card at each place, as a walk over the places finds them. The
    same for every span alike, so kept."""
    masks: list[int] = []

    def choose(at: int, free: int, mask: int) -> None:
        if at == count:
            masks.append(mask)
            return
        choose(at + 1, free, mask)
        if free:
            choose(at + 1, free - 1, mask | 1 << (count - 1 - at))

    choose(0, free, 0)
    return tuple(masks)


def _taken(mine: list[tuple[int, int]], count: int, mask: int) -> tuple[int, ...]:
    """The hand's cards (by type) a way of ``_wild_masks`` keeps in the run: the
    first card, and each other whose place the way gives no wild card."""
    return tuple([index for index, at in mine if at < 0 or not mask >> (count - 1 - at) & 1])


def _unit_need(parts: int, label: int) -> tuple[int, ...]:
    return tuple(int(index == label) for index in range(parts))


# --- The answer ----------------------------------------------------------------------


def _plans_of(
    rules: Ruleset, cards: tuple[Card, ...], found: Found
) -> tuple[list[_Plan], Iterator[Card]]:
    """The melds a search found, in the order chosen, and the hand's wild cards to
    place in them one after another (2s sitting as themselves left out)."""
    plans: list[_Plan] = []
    chain = found[2]
    while chain is not None:
        plans.append(chain[0])
        chain = chain[1]
    is_wild = rules.is_wild
    pool = Counter(card for card in cards if is_wild(card))
    for plan in plans:
        pool.subtract(card for card in plan.naturals if is_wild(card))  # 2s as themselves
    # The most valuable wild cards go down first (R65: fewest points left); jokers
    # before 2s, so a 2 is not read as itself where a joker was meant.
    order = sorted(
        (card for card, count in pool.items() for _ in range(count)),
        key=lambda card: (-rules.card_values(card), card.rank != 0, card),
    )
    return plans, iter(order)


def _assemble(
    rules: Ruleset,
    rule: DealRule,
    cards: tuple[Card, ...],
    players: int | None,
    found: Found,
) -> Solution:
    """Name the wild cards of each chosen meld, read it, and order the answer."""
    plans, spare = _plans_of(rules, cards, found)
    parts = list(dict.fromkeys(rule.contract))
    taken_ranks = {plan.rank for plan in plans if plan.kind == "set" and plan.naturals}
    taken_runs = [
        (plan.suit, plan.low, plan.high) for plan in plans if plan.kind == "run" and plan.suit
    ]
    melds: list[tuple[int, SolvedMeld]] = []
    first_seen = {card: index for index, card in reversed(list(enumerate(cards)))}
    for plan in plans:
        wilds = [next(spare) for _ in range(plan.wilds)]
        if plan.kind == "set":
            rank = plan.rank or _free_rank(rules, taken_ranks)
            taken_ranks.add(rank)
            naturals = sorted(plan.naturals, key=lambda card: first_seen[card])
            meld_cards: Sequence[Card] = (*naturals, *wilds)
            reading: Reading = SetReading(rank)
        else:
            suit, low, high = plan.suit, plan.low, plan.high
            if not suit:
                suit, low, high = _free_span(rules, taken_runs, len(wilds))
                taken_runs.append((suit, low, high))
            meld_cards = _in_run_order(plan.naturals, wilds, low, high, rules.ace is Ace.AROUND)
            reading = RunReading(suit, low, high, ())
        verdict = read_meld(meld_cards, rules, players=players)
        reading = next(r for r in verdict.readings if _same(r, reading))
        if isinstance(reading, RunReading):
            meld_cards = reading.in_order
        part = parts[plan.part] if plan.part >= 0 else None
        order_key = rule.contract.index(part) if part is not None else len(rule.contract)
        melds.append((order_key, SolvedMeld(tuple(meld_cards), reading, part)))
    melds.sort(key=lambda item: item[0])
    left_counts = Counter(cards)
    for _, meld in melds:
        left_counts.subtract(meld.cards)
    left = []
    for card in cards:
        if left_counts[card] > 0:
            left.append(card)
            left_counts[card] -= 1
    points = sum(rules.card_values(card) for card in left)
    return Solution(rule, True, tuple(meld for _, meld in melds), tuple(left), points, 0)


def _same(one: Reading, other: Reading) -> bool:
    if isinstance(one, SetReading) and isinstance(other, SetReading):
        return one.rank == other.rank
    if isinstance(one, RunReading) and isinstance(other, RunReading):
        return (one.suit, one.low, one.high) == (other.suit, other.low, other.high)
    return False


def _free_rank(rules: Ruleset, taken: set[int]) -> int:
    """R16: a set of wild cards only is of any rank; one no other set has (R54)."""
    ranks: tuple[int, ...] = SET_RANKS if rules.twos_wild else SET_ORDER
    return next((rank for rank in ranks if rank not in taken), ranks[0])


def _free_span(
    rules: Ruleset, taken: Sequence[tuple[str, int, int]], size: int
) -> tuple[str, int, int]:
    """R16: a run of wild cards only is of any suit and place; one apart from the
    other runs (R48) and of a suit no other run has where that matters (R54)."""
    low_min = TWO if rules.ace is Ace.HIGH_ONLY else ACE
    for suit in SUITS:
        same = [(low, high) for other, low, high in taken if other == suit]
        if rules.one_rank_one_suit and same:
            continue
        lows = range(low_min, 15 - size + 1)
        if rules.ace is Ace.AROUND:  # R69: any rank; a run of all thirteen from the ace
            lows = range(ACE, ACE + 1 if size == RANKS else RANKS + 1)
        for low in lows:
            high = low + size - 1
            if not rules.contract_runs_gap or all(
                rules.runs_apart((low, high), other) for other in same
            ):
                return suit, low, high
    return SUITS[0], low_min, low_min + size - 1


def _in_run_order(
    naturals: Sequence[Card], wilds: Sequence[Card], low: int, high: int, around: bool = False
) -> list[Card]:
    """The run's cards place by place: each natural card at its rank (an ace at the
    end of the span it sits at; past the king where runs turn the corner, R69), the
    wild cards in the open places in order."""
    seats: list[Card | None] = [None] * (high - low + 1)
    for card in naturals:
        if around:
            index = (card.rank - low) % RANKS
        elif card.rank == ACE:
            index = 0 if low == ACE and seats[0] is None else high - low
        else:
            index = card.rank - low
        seats[index] = card
    spare = iter(wilds)
    return [card if card is not None else next(spare) for card in seats]


# --- What is missing (R66) -----------------------------------------------------------


def _candidates(rules: Ruleset, cards: tuple[Card, ...], players: int | None) -> list[Card]:
    """Every distinct card the pack could still add to the hand, the joker last."""
    pack = rules.pack(players)
    held = Counter(cards)
    found = [
        card_of(rank, suit)
        for suit in SUITS
        for rank in range(1, 14)
        if held[card_of(rank, suit)] < pack.decks
    ]
    if held[JOKER] < pack.jokers:
        found.append(JOKER)
    return found


def _completing(
    rules: Ruleset,
    rule: DealRule,
    cards: tuple[Card, ...],
    players: int | None,
    work: Work,
) -> tuple[Card, ...]:
    """R66: every card any one of which meets the contract, fewest points left after
    first; the joker stands for any wild card (a 2 is named only where it does what
    a joker cannot, as itself in a run, or where the pack has no joker to add)."""
    candidates = _candidates(rules, cards, players)
    naturals = [card for card in candidates if not rules.is_wild(card)]
    points = sum(rules.card_values(card) for card in cards)
    # Each completing card's place in the answer (points left after, wild or not,
    # its order), or one it is no further back than: the points its way for any way
    # leaves, where its best search has not said.
    places: dict[Card, tuple[int, bool, tuple[int, int]]] = {}

    def floor(card: Card) -> tuple[int, int] | None:
        """What a card's best search must beat for the card to be named, where twelve
        other cards have places: twelve before it leave it out, so it must leave
        fewer points than the twelfth of them, or as many and be named before it; a
        way that melds the floor's points or fewer does not (``_search``)."""
        others = sorted(place for other, place in places.items() if other != card)
        if len(others) < MAX_COMPLETING:
            return None
        last = others[MAX_COMPLETING - 1]
        total = points + rules.card_values(card)
        return (total - last[0] - ((rules.is_wild(card), _card_order(card)) < last[1:]), 1)

    # A card whose suit the hand holds as it holds another's (the same ranks, every
    # card held worth the same) leaves what its twin of that suit leaves, where the
    # two are worth the same (R66's answer is points, whichever suit the melds are
    # in).
    first_alike = _suits_alike(rules, cards)
    answered: set[Card] = set()  # cards whose place is their best way's, not a bound
    beyond: set[Card] = set()  # cards shown not to beat the twelfth

    def twin(card: Card) -> Card:
        """The card of the first suit held alike, where it is worth the same."""
        if not card.rank:
            return card
        other = card_of(card.rank, first_alike[card.suit])
        return other if rules.card_values(other) == rules.card_values(card) else card

    def place(card: Card, left: int) -> None:
        """A card answered: the points its best way leaves."""
        answered.add(card)
        places[card] = (left, rules.is_wild(card), _card_order(card))

    def found(card: Card, best: Found | None) -> None:
        if best is _BELOW:
            beyond.add(card)
        else:
            assert best is not None
            place(card, points + rules.card_values(card) - best[0])

    # One search of each mode answers every natural card (best_with).
    feasible = _Search(
        rules, rule, cards, players, feasible=True, work=work, extra=naturals, alone_first=True
    )
    # Only the points each card's best way leaves are asked (``points_only``).
    best_of = _Search(
        rules,
        rule,
        cards,
        players,
        work=work,
        extra=naturals,
        relaxed_by=feasible,
        share=feasible,
        points_only=True,
        alone_first=True,
    )
    # Every card's search for any way first: each best search then prunes by all
    # they found lead nowhere.
    ways: dict[Card, Found | None] = {}
    for card in naturals:
        ways[card] = ways[twin(card)] if twin(card) != card else feasible.best_with(card)
        way = ways[card]
        if way is not None:
            places[card] = (points + rules.card_values(card) - way[0], False, _card_order(card))
    # The best searches, the cards whose way leaves fewest points first: each need
    # only show whether it beats the twelfth of the others' places, and leaves at
    # once every way that could not (``_search``'s floor).
    for card in sorted(places, key=places.__getitem__):
        if twin(card) in answered:
            place(card, places[twin(card)][0])
        elif twin(card) not in beyond:  # named after its twin: not before the twelfth
            found(card, best_of.best_with(card, floor(card)))
    # A wild card changes what the wild cards can do, so each has searches of its
    # own; the joker first, since where it completes no other wild card is named.
    wilds = sorted((card for card in candidates if rules.is_wild(card)), key=lambda c: c != JOKER)
    # The hand with a 2 of one suit more and with one of another leave the same
    # positions once neither 2 can sit as itself: one memo answers them (all 2s
    # worth the same, R60).
    twos = [card for card in wilds if card.rank == TWO]
    alike = len(twos) > 1 and len({rules.card_values(card) for card in twos}) == 1
    twos_memo: dict[tuple[object, ...], Found | None] = {}
    completes: dict[Card, bool] = {}
    # A 2 that can sit as itself in no run of the hand with it (R5, R46) is a wild
    # card as any other: the hands with two such 2s worth the same are the same hand
    # but for which wild card is which, and leave the same. The later is read off
    # the first (``_stand_in_two``), as a card is off its twin.
    seated = _stand_in_two(rules, cards, twos)
    for card in wilds:
        other = seated.get(card, twin(card))
        if other in answered:
            place(card, places[other][0])
            continue
        if other in beyond or (other in completes and not completes[other]):
            continue
        hand = (*cards, card)
        meets = _Search(rules, rule, hand, players, feasible=True, work=work, alone_first=True)
        completes[card] = meets.best() is not None
        if completes[card]:
            # Where the search for any way found none, the best search finds none.
            best = _Search(
                rules,
                rule,
                hand,
                players,
                work=work,
                relaxed_by=meets,
                share=meets,
                memo=twos_memo if alike and card.rank == TWO else None,
                points_only=True,
                alone_first=True,
            ).best(floor(card))
            found(card, best)
            if card == JOKER:
                break
    ranked = sorted(answered, key=places.__getitem__)
    return tuple(ranked[:MAX_COMPLETING])


def _stand_in_two(
    rules: Ruleset, cards: tuple[Card, ...], twos: Sequence[Card]
) -> dict[Card, Card]:
    """Of ``twos`` (wild 2s the hand lacks, in the order they are asked about), each
    that can sit as itself in no run of the hand with it, and the first such 2 worth
    the same. A 2 sits as itself only in a run of its suit (R5, R46), and a run holds
    a natural card of the hand (a meld of wild cards alone holds no 2 as itself), so
    the places between the 2's and the nearest natural card of its suit are filled
    by wild cards: where the hand's wild cards (the 2 added aside) are fewer than
    those places, or the hand holds no natural card of the suit, no run seats it."""
    spare = sum(1 for card in cards if rules.is_wild(card))
    if not (rules.twos_wild and rules.runs_allowed):
        spare = -2  # no 2 sits as itself at all
    around = rules.ace is Ace.AROUND
    two_places = (TWO, TWO + RANKS) if around else (TWO,)
    gaps = dict.fromkeys(SUITS, MAX_HAND + 1)  # by suit, the fewest places between
    for card in cards:
        if rules.is_wild(card):
            continue
        for place in _run_places(card, around):
            for seat in two_places:
                gaps[card.suit] = min(gaps[card.suit], abs(place - seat) - 1)
    first: dict[int, Card] = {}
    stand: dict[Card, Card] = {}
    for two in twos:
        if gaps[two.suit] > spare:
            stand[two] = first.setdefault(rules.card_values(two), two)
    return stand


def _suits_alike(rules: Ruleset, cards: tuple[Card, ...]) -> dict[str, str]:
    """Each suit's first suit (itself where none) that the hand holds as it holds it:
    the same count of each rank, 2s too, and each card held worth what the other
    suit's is (R60, house values). Swapping the two suits leaves the hand and the
    rules as they were (no rule names a suit), so whatever one's cards do, the
    other's do; a card more of the one is read off the other's only where the two
    are worth the same too (``_completing``)."""
    held = Counter(cards)
    first: dict[str, str] = {}
    for number, suit in enumerate(SUITS):
        first[suit] = next(
            (
                other
                for other in SUITS[:number]
                if first[other] == other
                and all(
                    held[card_of(rank, suit)] == held[card_of(rank, other)]
                    and (
                        not held[card_of(rank, suit)]
                        or rules.card_values(card_of(rank, suit))
                        == rules.card_values(card_of(rank, other))
                    )
                    for rank in range(1, 14)
                )
            ),
            suit,
        )
    return first


def _card_order(card: Card) -> tuple[int, int]:
    return (99, 0) if card.rank == 0 else (card.rank, SUITS.index(card.suit))


def _shortfall(
    rules: Ruleset,
    rule: DealRule,
    cards: tuple[Card, ...],
    players: int | None,
    work: Work,
    searched: _Search | None = None,
) -> tuple[int, Found | None]:
    """R66: the fewest cards that, added to the hand, would meet the contract, and
    the way the search found with them: the search with one more card the hand
    lacks each time, from a bound that never overstates (kept from ``searched``,
    the search of the hand as it is)."""
    start = _Search(rules, rule, cards, players, work=work, share=searched)
    wilds = start.wild_total
    least = max(1, start.lower_bound(start.start, wilds, start.need0))
    most = sum(part.min for part in rule.contract) + (
        rule.whole_hand.cards if rule.whole_hand else 0
    )
    # The searches with cards the hand lacks: where the whole hand goes down, most
    # find no way, so each places first the card most alone (``alone_first``).
    # Elsewhere most find one, and sooner placing the first card left (the other
    # order took 10 % more steps for hands two or more short, docs/performance.md).
    lacking = partial(
        _Search,
        rules,
        rule,
        cards,
        players,
        feasible=True,
        work=work,
        share=start,
        alone_first=rule.whole_hand is not None,
    )
    for missing in range(least, max(most, least) + 1):
        relaxed = lacking(missing, relaxed=True)
        if not relaxed.best():
            continue
        exact = lacking(missing, relaxed_by=relaxed)
        way = exact.best()
        if way:
            return missing, way
    return most, None


def _nearest(
    rules: Ruleset,
    rule: DealRule,
    cards: tuple[Card, ...],
    players: int | None,
    found: Found,
) -> tuple[NearMeld, ...]:
    """R66: the way the shortfall's search found, as melds: the hand's cards and the
    wild cards it puts in each (as ``_assemble`` names them), the cards each lacks,
    each read as the player would declare it. Nothing (no way said) should a meld
    not read as the search placed it."""
    plans, spare = _plans_of(rules, cards, found)
    is_wild = rules.is_wild
    parts = list(dict.fromkeys(rule.contract))
    first_seen = {card: index for index, card in reversed(list(enumerate(cards)))}
    melds: list[tuple[int, NearMeld]] = []
    for plan in plans:
        wilds = [next(spare) for _ in range(plan.wilds)]
        part = parts[plan.part] if plan.part >= 0 else None
        order_key = rule.contract.index(part) if part is not None else len(rule.contract)
        lacked_wild = [card for card in plan.extra if is_wild(card)]
        lacked_natural = [card for card in plan.extra if not is_wild(card)]
        size = len(plan.naturals) + plan.wilds + len(plan.extra) + plan.lacked
        if not plan.naturals and not lacked_natural:  # of any rank or run (R16)
            meld = NearMeld(
                plan.kind, size, (*wilds, *lacked_wild), tuple(lacked_wild), None, part
            )
            melds.append((order_key, meld))
            continue
        target: Reading
        if plan.kind == "set":
            naturals = sorted(plan.naturals, key=lambda card: first_seen[card])
            meld_cards: Sequence[Card] = (*naturals, *lacked_natural, *wilds, *lacked_wild)
            target = SetReading(plan.rank)
        else:
            meld_cards = _in_run_order(
                (*plan.naturals, *lacked_natural),
                (*wilds, *lacked_wild),
                plan.low,
                plan.high,
                rules.ace is Ace.AROUND,
            )
            target = RunReading(plan.suit, plan.low, plan.high, ())
        try:
            verdict = read_meld(meld_cards, rules, players=players)
        except RulesError:
            return ()
        reading = next((r for r in verdict.readings if _same(r, target)), None)
        if reading is None:
            return ()
        if isinstance(reading, RunReading):
            meld_cards = reading.in_order
        melds.append(
            (order_key, NearMeld(plan.kind, size, tuple(meld_cards), plan.extra, reading, part))
        )
    melds.sort(key=lambda item: item[0])
    return tuple(meld for _, meld in melds)
