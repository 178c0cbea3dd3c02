"""Every legal reading of one meld, and laying off onto a meld (R4-R16, R23).

A *reading* is what a meld is declared as (R15): a set of one rank, or a run of
one suit over one span. Run positions are 1 (ace low) to 14 (ace high).

>>> from referee.rules import get_ruleset, parse_cards
>>> from referee.rules.words import ENGLISH, said_reading
>>> rules = get_ruleset("push")
>>> [said_reading(ENGLISH, r) for r in read_meld(parse_cards("6D 2S JK"), rules).readings]
['a set of sixes', 'a run of diamonds 4-6', 'a run of diamonds 5-7', 'a run of diamonds 6-8']
>>> ENGLISH.reason(read_meld(parse_cards("KH AH 2H 3H"), rules).reasons[0])
'K-A-2-3 wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), never in the middle'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from .cards import (
    ACE,
    ACE_HIGH,
    SUITS,
    TWO,
    Card,
    card_of,
    parse_rank,
    parse_suit,
)
from .errors import RulesError
from .reasons import Reason
from .ruleset import (
    RANKS,
    Ace,
    ContractPart,
    DealRule,
    Kind,
    Ruleset,
    WildLimit,
    rank_at,
)

MIN_MELD = 3  # R8, R11
MAX_RUN = 13  # R12: one ace at most
SET_RANKS = (*range(3, 14), ACE)  # R16: a set of any rank from 3 to A, never of twos
SET_ORDER = (TWO, *SET_RANKS)  # where 2s are not wild, a set of twos comes first (R50)


def _position_card(position: int, suit: str) -> Card:
    """The card of a run's place: 14 is the ace high, 15 on the 2 past it (R69)."""
    return card_of(rank_at(position), suit)


class Placed(NamedTuple):
    """A card of a run and the card it stands for there (itself when natural)."""

    card: Card
    stands_for: Card

    @property
    def natural(self) -> bool:
        return self.card == self.stands_for


@dataclass(frozen=True, slots=True)
class SetReading:
    """A set of one rank (R8); its wild cards stand for cards of that rank (R24)."""

    rank: int
    kind: ClassVar[Kind] = "set"

    @property
    def key(self) -> tuple[int, ...]:
        return (0, SET_ORDER.index(self.rank))


@dataclass(frozen=True, slots=True)
class RunReading:
    """A run of one suit from ``low`` to ``high`` (R11, R12): the meld's cards in run
    order, each standing for the card of its place (R15)."""

    suit: str
    low: int
    high: int
    in_order: tuple[Card, ...]
    kind: ClassVar[Kind] = "run"

    @property
    def cards(self) -> tuple[Placed, ...]:
        """Each card with what it stands for: a natural card for itself, a wild card
        for the card of its place."""
        return tuple(
            Placed(card, _position_card(self.low + offset, self.suit))
            for offset, card in enumerate(self.in_order)
        )

    @property
    def natural_count(self) -> int:
        """Cards standing for themselves, a 2 at its own place included (R7)."""
        return sum(placed.natural for placed in self.cards)

    @property
    def key(self) -> tuple[int, ...]:
        return (1, SUITS.index(self.suit), self.low, self.high)

    def holds(self, rank: int) -> bool:
        """Whether the span has a place of this rank (1-13), round the corner too."""
        return any(rank_at(position) == rank for position in range(self.low, self.high + 1))


Reading = SetReading | RunReading


@dataclass(frozen=True, slots=True)
class Declaration:
    """What a player says a meld is (R15); fields left out match any reading.

    >>> Declaration.parse({"kind": "run", "suit": "d", "low": "5"})
    Declaration(kind='run', rank=None, suit='D', low=5, high=None)
    """

    kind: Kind
    rank: int | None = None
    suit: str | None = None
    low: int | None = None
    high: int | None = None

    @classmethod
    def parse(cls, fields: dict[str, str | None]) -> Declaration:
        """Read ``{"kind": "run", "suit": "D", "low": "5"}`` or ``{"kind": "set",
        "rank": "6"}``. ``"low": "A"`` is the ace low, ``"high": "A"`` the ace high."""
        kind: Kind
        if fields.get("kind") == "set":
            kind = "set"
        elif fields.get("kind") == "run":
            kind = "run"
        else:
            raise RulesError(Reason.of("declaration_kind_unknown"))
        allowed = {"kind", "rank"} if kind == "set" else {"kind", "suit", "low", "high"}
        stray = [
            name for name, value in fields.items() if value is not None and name not in allowed
        ]
        if stray:
            why = Reason.of("declaration_field_not_allowed", kind=kind, field=stray[0])
            raise RulesError(why)

        def rank_of(name: str, ace: int) -> int | None:
            value = fields.get(name)
            if value is None:
                return None
            rank = parse_rank(value)
            return ace if rank == ACE else rank

        suit = fields.get("suit")
        return cls(
            kind=kind,
            rank=rank_of("rank", ACE),
            suit=None if suit is None else parse_suit(suit),
            low=rank_of("low", ACE),
            high=rank_of("high", ACE_HIGH),
        )

    def matches(self, reading: Reading) -> bool:
        if isinstance(reading, SetReading):
            return self.kind == "set" and self.rank in (None, reading.rank)
        # A run's top is its rank's place however far round the corner it is (R69).
        return (
            self.kind == "run"
            and self.suit in (None, reading.suit)
            and self.low in (None, reading.low)
            and (self.high is None or rank_at(self.high) == rank_at(reading.high))
        )


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """The referee's answer for one meld: its cards, every legal reading, and, when
    there is none, the reasons (rendered by :mod:`.words`), the most telling
    first: the one about the kind of meld the player most likely meant (:func:`meant`),
    which a one-line verdict shows.

    ``a_meld`` is true when the cards make a meld but not one of the deal's contract
    they were judged against (the wrong kind or size, R47): not a meld *here*."""

    cards: tuple[Card, ...]
    readings: tuple[Reading, ...]
    reasons: tuple[Reason, ...] = ()
    a_meld: bool = False

    @property
    def legal(self) -> bool:
        return bool(self.readings)

    @property
    def needs_declaration(self) -> bool:
        """R15: the player must say which reading when there is more than one."""
        return len(self.readings) > 1


# --- What limits a meld's wild cards (R6, R7, R50-R56) ---------------------------


@dataclass(frozen=True, slots=True)
class Limits:
    """The wild-card rules one meld is read under: as any meld of the game, as a
    lay-off, or as one part of an initial meld (R50-R56)."""

    fewer_than_natural: bool = False  # R7, R56
    most_wild: int | None = None  # R52, R55, a part with no wild card: a fixed cap
    by_size: bool = False  # R51: the ruleset's table
    set_min_natural: int = 0  # R54
    run_wilds_apart: bool = False  # R54
    no_more_than_natural: bool = False  # R70: wild cards at most half the meld
    min_natural: int = 0  # R70: two natural cards in every meld

    @property
    def none(self) -> bool:
        return self is NO_LIMITS

    @classmethod
    def of(cls, rules: Ruleset, lay_off: bool = False) -> Limits:
        """Every meld's limits; a lay-off drops the counted ones where the game says
        lay-offs are not limited (R51). No limit at all is the one NO_LIMITS."""
        counted = not lay_off or rules.lay_offs_wild_limited
        if rules.wild_limit is WildLimit.ANY and not (
            rules.set_min_natural or rules.run_wilds_apart
        ):
            return NO_LIMITS
        limit = rules.wild_limit if counted else WildLimit.ANY
        limits = cls(
            fewer_than_natural=limit is WildLimit.FEWER_THAN_NATURAL,
            most_wild=1 if limit is WildLimit.ONE else None,
            by_size=limit is WildLimit.BY_SIZE,
            set_min_natural=rules.set_min_natural,
            run_wilds_apart=rules.run_wilds_apart,
            no_more_than_natural=limit is WildLimit.NO_MORE_THAN_NATURAL,
            min_natural=2 if limit is WildLimit.TWO_NATURAL else 0,
        )
        return NO_LIMITS if limits == NO_LIMITS else limits


NO_LIMITS = Limits()


def _limit_reason(
    rules: Ruleset,
    limits: Limits,
    kind: Kind,
    size: int,
    natural: int,
    placed: Callable[[], Sequence[bool]] | None = None,
) -> Reason | None:
    """Why a meld of ``size`` cards, ``natural`` of them natural, breaks a limit; None
    if it keeps them all. ``placed`` gives, place by place, whether a run's card is
    natural (R54's neighbouring wild cards), asked only where that rule holds."""
    wild = size - natural
    if limits.fewer_than_natural and 2 * natural <= size:  # R7, R56
        return _too_many_wild(rules, kind, natural, wild)
    if limits.no_more_than_natural and wild > natural:  # R70
        return Reason.of("more_wild_than_natural", kind=kind, natural=natural, wild=wild)
    if natural < limits.min_natural:  # R70
        return Reason.of(
            "too_few_natural_cards", least=limits.min_natural, kind=kind, natural=natural
        )
    most, sized = limits.most_wild, False
    if limits.by_size:  # R51
        by_size = rules.most_wild(kind, size)
        if by_size is not None and (most is None or by_size < most):
            most, sized = by_size, True
    if most is not None and wild > most:
        if sized:
            return Reason.of(
                "wild_cards_over_limit",
                game=rules.name,
                most=most,
                wild=wild,
                words=rules.words,
                kind=kind,
                size=size,
            )
        return Reason.of("wild_cards_over_limit", game=rules.name, most=most, wild=wild)
    if kind == "set" and natural < limits.set_min_natural:  # R54
        return Reason.of(
            "set_too_few_natural_cards",
            words=rules.words,
            least=limits.set_min_natural,
            game=rules.name,
            natural=natural,
        )
    if kind == "run" and limits.run_wilds_apart and placed is not None:  # R54
        natural_at = placed()
        for place in range(1, len(natural_at)):
            if not natural_at[place] and not natural_at[place - 1]:
                return Reason.of("wild_cards_side_by_side", game=rules.name, words=rules.words)
    return None


# --- Sets (R8-R10, R43) -----------------------------------------------------------


def _set_ranks(rules: Ruleset) -> tuple[int, ...]:
    """R16: an all-wild set is of any rank from 3 to A; of 2 too where 2s are natural
    (R50)."""
    return SET_RANKS if rules.twos_wild else SET_ORDER


def _set_readings(
    cards: Sequence[Card],
    rules: Ruleset,
    ranks: Iterable[int] | None = None,
    limits: Limits | None = None,
) -> list[SetReading]:
    """Sets the cards can be read as, of the given ranks (all ranks when None)."""
    if len(cards) < rules.set_min:
        return []
    naturals = [card for card in cards if not rules.is_wild(card)]  # a 2 is wild in a set (R5)
    distinct_suits = len({card.suit for card in naturals}) == len(naturals)
    if rules.set_distinct_suits and (len(cards) > 4 or not distinct_suits):  # R9, R43
        return []
    limits = Limits.of(rules) if limits is None else limits
    if not limits.none and _limit_reason(rules, limits, "set", len(cards), len(naturals)):
        return []  # R7, R50-R56
    if naturals:
        rank = naturals[0].rank
        if any(card.rank != rank for card in naturals):
            return []
        candidates: Iterable[int] = (rank,)
    else:
        candidates = _set_ranks(rules)  # R16
    allowed = None if ranks is None else set(ranks)
    return [SetReading(rank) for rank in candidates if allowed is None or rank in allowed]


def _why_not_set(
    cards: Sequence[Card], rules: Ruleset, rank: int | None = None, limits: Limits | None = None
) -> Reason:
    naturals = [card for card in cards if not rules.is_wild(card)]
    if rank is not None:
        stray = next((card for card in naturals if card.rank != rank), None)
        if stray:
            return Reason.of("card_not_of_set_rank", card=stray, rank=rank)
    elif naturals:
        stray = next((card for card in naturals if card.rank != naturals[0].rank), None)
        if stray:
            return Reason.of("set_ranks_differ", first=naturals[0], other=stray)
    if rules.set_distinct_suits:  # R9
        seen: set[str] = set()
        for card in naturals:
            if card.suit in seen:
                return Reason.of("set_repeats_suit", suit=card.suit)
            seen.add(card.suit)
        if len(cards) > 4:
            return Reason.of("set_too_long", size=len(cards))
    limits = Limits.of(rules) if limits is None else limits
    reason = _limit_reason(rules, limits, "set", len(cards), len(naturals))
    return reason or _too_many_wild(rules, "set", len(naturals), len(cards) - len(naturals))


def _too_many_wild(rules: Ruleset, kind: str, natural: int, wild: int) -> Reason:
    return Reason.of("too_many_wild_cards", game=rules.name, kind=kind, natural=natural, wild=wild)


# --- Runs (R11-R13, R15, R44, R45, R69) -----------------------------------------


def _run_readings(
    cards: Sequence[Card],
    rules: Ruleset,
    fixed: RunReading | None = None,
    wild_limit: bool = True,
    limits: Limits | None = None,
) -> list[RunReading]:
    """Every run the cards make, or, with ``fixed``, every run that ``fixed`` becomes
    when the cards are added at its ends (R23).

    Each natural sits at its own rank; a wild 2 of the run's suit sits at rank 2
    when the span holds it; the wild cards fill the open places lowest first, in
    the order they were given (R15). ``wild_limit=False`` reads without limits.
    """
    total = len(cards) + (len(fixed.in_order) if fixed else 0)
    if not rules.runs_allowed or total < max(MIN_MELD, rules.run_min):
        return []
    if total > rules.max_run:
        return []
    naturals = [card for card in cards if not rules.is_wild(card)]
    flexible = [card for card in cards if rules.is_wild(card)]  # jokers, and 2s where wild
    limits = NO_LIMITS if not wild_limit else Limits.of(rules) if limits is None else limits
    fewer = limits.fewer_than_natural
    fixed_natural = fixed.natural_count if fixed else 0
    around = rules.ace is Ace.AROUND
    readings = []
    for suit in _run_suits(naturals, fixed):
        if fewer:  # R7: even with a 2 of the suit as itself, too few naturals
            two = any(card.rank == TWO and card.suit == suit for card in flexible)
            if 2 * (fixed_natural + len(naturals) + two) <= total:
                continue
        for low in _possible_lows(naturals, total, fixed, rules):
            placed = _place(suit, low, total, naturals, flexible, fixed, around)
            if placed is None:
                continue
            in_order, natural = placed
            reading = RunReading(suit, low, low + total - 1, in_order)
            if not limits.none and _run_limit_reason(
                rules, limits, reading, fixed_natural + natural
            ):
                continue  # R7, R50-R56, R70
            readings.append(reading)
    return readings


def _run_limit_reason(
    rules: Ruleset, limits: Limits, reading: RunReading, natural: int | None = None
) -> Reason | None:
    size = len(reading.in_order)
    natural = reading.natural_count if natural is None else natural
    return _limit_reason(
        rules, limits, "run", size, natural, lambda: [p.natural for p in reading.cards]
    )


def _possible_lows(
    naturals: Sequence[Card], total: int, fixed: RunReading | None, rules: Ruleset
) -> Sequence[int]:
    """The lowest positions a run of ``total`` cards could start at: every natural,
    and the fixed run, must lie within it (a quick bound, checked again in _place).
    Where aces are high only, nothing stands below the 2 (R45).

    Round the corner (R69) a run starts at any rank, 1 to 13, and a run of every
    rank is one reading: from the ace, or from the fixed run's lowest card, the
    cards laid off on it read above its top (R15: the same places filled)."""
    if rules.ace is Ace.AROUND:
        if total == RANKS:
            return (ACE if fixed is None else fixed.low,)
        if fixed is not None:
            starts = range(fixed.high - total + 1, fixed.low + 1)
            return sorted({rank_at(low) for low in starts})
        ranks = {card.rank for card in naturals}
        return [
            low
            for low in range(1, RANKS + 1)
            if all((rank - low) % RANKS < total for rank in ranks)
        ]
    first, last = (TWO if rules.ace is Ace.HIGH_ONLY else 1), ACE_HIGH + 1 - total
    anchors = [card.rank for card in naturals if card.rank != ACE]
    if fixed is not None:
        anchors += (fixed.low, fixed.high)
    if anchors:
        first = max(first, max(anchors) - total + 1)
        last = min(last, min(anchors))
    return range(first, last + 1)


def _run_suits(naturals: Sequence[Card], fixed: RunReading | None) -> Sequence[str]:
    if fixed is not None:
        return (fixed.suit,)
    suits = {card.suit for card in naturals}
    if len(suits) > 1:
        return ()
    return tuple(suits) or SUITS


def _place(
    suit: str,
    low: int,
    size: int,
    naturals: Sequence[Card],
    flexible: Sequence[Card],
    fixed: RunReading | None,
    around: bool = False,
) -> tuple[tuple[Card, ...], int] | None:
    """Seat the cards in the span of ``size`` places from ``low`` around the fixed
    run: the cards in run order and how many of the new ones are natural, or None.

    R12, R45: an ace sits low when the span starts at the ace, high otherwise; a
    second ace sits high in the one span that runs from ace to ace. ``around``
    (R69): every card sits at the one place of its rank in the span, past the
    king if need be."""
    seats: list[Card | None] = [None] * size
    if fixed is not None:
        start = (fixed.low - low) % RANKS if around else fixed.low - low
        if not 0 <= start <= size - len(fixed.in_order):
            return None
        seats[start : start + len(fixed.in_order)] = fixed.in_order
    for card in naturals:
        if card.suit != suit:
            return None
        if around:
            index = (card.rank - low) % RANKS
        elif card.rank == ACE:
            index = next(
                (i for i in (ACE - low, ACE_HIGH - low) if 0 <= i < size and seats[i] is None),
                -1,
            )
        else:
            index = card.rank - low
        if not 0 <= index < size or seats[index] is not None:
            return None
        seats[index] = card
    natural = len(naturals)
    wilds = flexible
    two = (TWO - low) % RANKS if around else TWO - low
    if 0 <= two < size and seats[two] is None:
        for index, card in enumerate(flexible):
            if card.rank == TWO and card.suit == suit:
                seats[two] = card  # R15: natural whenever the span holds 2
                natural += 1
                wilds = [*flexible[:index], *flexible[index + 1 :]]
                break
    if seats.count(None) != len(wilds):
        return None
    fill = iter(wilds)  # the first wild card given takes the lowest open place (R15)
    return tuple(card if card is not None else next(fill) for card in seats), natural


def _why_not_run(
    cards: Sequence[Card],
    rules: Ruleset,
    fixed: RunReading | None = None,
    limits: Limits | None = None,
) -> Reason:
    if not rules.runs_allowed:  # R44
        return Reason.of("no_runs", game=rules.name)
    naturals = [card for card in cards if not rules.is_wild(card)]
    total = len(cards) + (len(fixed.in_order) if fixed else 0)
    if fixed is not None:
        stray = next((card for card in naturals if card.suit != fixed.suit), None)
        if stray:
            return Reason.of("card_not_of_run_suit", card=stray, suit=fixed.suit)
    elif naturals:
        stray = next((card for card in naturals if card.suit != naturals[0].suit), None)
        if stray:
            return Reason.of("run_suits_differ", first=naturals[0], other=stray)
    if total < rules.run_min:  # R44
        return Reason.of(
            "run_too_short",
            words=rules.words,
            least=rules.run_min,
            game=rules.name,
            size=total,
            laid_off=fixed is not None,
        )
    if total > rules.max_run:  # R12, R45
        most = MAX_RUN + 1 if rules.ace is Ace.BOTH_ENDS else MAX_RUN
        return Reason.of("run_too_long", most=most, size=total, laid_off=fixed is not None)
    aces = [card for card in naturals if card.rank == ACE]
    if (
        rules.ace is Ace.HIGH_ONLY
        and (aces or (fixed and fixed.low == ACE))
        and not _run_readings(cards, rules, fixed, wild_limit=False)
    ):
        return Reason.of("ace_high_only", game=rules.name)
    both_ends = rules.ace is Ace.BOTH_ENDS and total == rules.max_run  # R45: A..A, 14 cards
    if len(aces) > 1 and not (both_ends and len(aces) == 2):
        return Reason.of("run_repeats_ace", ace=rules.ace.value)  # R12, R45, R69
    if aces and fixed and fixed.holds(ACE) and not both_ends:
        return Reason.of("run_has_its_ace", reading=fixed)  # R12
    seen: set[Card] = set()
    for card in naturals:
        if card in seen and not (card.rank == ACE and both_ends):
            return Reason.of("run_repeats_card", card=card)
        seen.add(card)
        if fixed and card.rank != ACE and fixed.holds(card.rank):
            return Reason.of("run_place_filled", card=card, reading=fixed)
    limits = Limits.of(rules) if limits is None else limits
    if naturals or fixed:
        readings = _run_readings(cards, rules, fixed, wild_limit=False)
        if not readings:
            if rules.ace is Ace.AROUND:
                return _too_far_round(naturals, total, fixed)
            return _too_far_apart(naturals, total, fixed)
        best = max(readings, key=lambda reading: reading.natural_count)
        reason = _run_limit_reason(rules, limits, best)
        natural = best.natural_count
    else:  # wild cards only: every span fits; at best one 2 sits as itself
        natural = int(any(card.rank == TWO for card in cards))
        reason = _limit_reason(rules, limits, "run", total, natural)
    return reason or _too_many_wild(rules, "run", natural, total - natural)


#: The run on the table among the cards it is measured against: after every card's
#: name when two share a place (a lowercase letter sorts after "10H" and "JK").
_THE_RUN = "the run"


def _too_far_apart(naturals: Sequence[Card], total: int, fixed: RunReading | None) -> Reason:
    """Why no span of ``total`` cards holds every natural (and the fixed run)."""
    anchors = [(card.rank, str(card)) for card in naturals if card.rank != ACE]
    if fixed is not None:
        anchors += [(fixed.low, _THE_RUN), (fixed.high, _THE_RUN)]
    ace = next((card for card in naturals if card.rank == ACE), None)
    choices = [[*anchors, (ACE, str(ace))], [*anchors, (ACE_HIGH, str(ace))]] if ace else [anchors]
    spans = [(max(choice)[0] - min(choice)[0] + 1, choice) for choice in choices]
    need, best = min(spans, key=lambda span: span[0])
    positions = {position for position, _ in anchors} | ({ACE} if ace else set())
    if ace or ACE in positions or ACE_HIGH in positions:
        window = _cyclic_window({(position - 1) % 13 + 1 for position in positions})
        if len(window) < need:
            return Reason.of("run_wraps_round_ace", ranks=tuple(window))
    low_name, high_name = min(best)[1], max(best)[1]
    # With no wild card among them, what is missing is the places between them: said
    # by its cards where that is plainer ("9H is missing").
    held = {position for position, _ in best}
    if fixed is not None:
        held |= set(range(fixed.low, fixed.high + 1))
    suit = fixed.suit if fixed is not None else naturals[0].suit
    gap = [place for place in range(min(best)[0], max(best)[0]) if place not in held]
    missing = tuple(str(card_of(rank_at(place), suit)) for place in gap)
    if len(gap) != need - total:
        missing = ()
    facts: dict[str, Hashable] = {"need": need, "size": total, "around": False}
    if fixed is not None:
        far = high_name if low_name == _THE_RUN else low_name
        return Reason.of(
            "card_too_far_from_run", card=far, reading=fixed, **facts, missing=missing
        )
    return Reason.of("cards_too_far_apart", low=low_name, high=high_name, **facts, missing=missing)


def _too_far_round(naturals: Sequence[Card], total: int, fixed: RunReading | None) -> Reason:
    """R69: why no span of ``total`` cards, round the corner or not, holds every
    natural (and the fixed run): the shortest stretch of ranks holding them all is
    longer."""
    ranks = {card.rank for card in naturals}
    if fixed is not None:
        ranks |= {rank_at(position) for position in range(fixed.low, fixed.high + 1)}
    window = _cyclic_window(ranks)
    need = len(window)
    if fixed is not None:
        top = rank_at(fixed.high)

        def distance(card: Card) -> int:
            return min((fixed.low - card.rank) % RANKS, (card.rank - top) % RANKS)

        far = max(naturals, key=distance)
        return Reason.of(
            "card_too_far_from_run",
            card=str(far),
            reading=fixed,
            need=need,
            size=total,
            around=True,
        )
    first = next(card for card in naturals if card.rank == window[0])
    last = next(card for card in naturals if card.rank == window[-1])
    return Reason.of(
        "cards_too_far_apart", low=str(first), high=str(last), need=need, size=total, around=True
    )


def _cyclic_window(ranks: set[int]) -> list[int]:
    """The shortest stretch of ranks, going round from K to A to 2, holding all of them."""
    ordered = sorted(ranks)
    gaps = [
        ((ordered[(i + 1) % len(ordered)] - rank) % 13 or 13, i) for i, rank in enumerate(ordered)
    ]
    widest, before = max(gaps)
    start = ordered[(before + 1) % len(ordered)]
    return [(start - 1 + step) % 13 + 1 for step in range(13 - widest + 1)]


def _below(extended: RunReading, run: RunReading) -> int:
    """How many places a lay-off adds below the run's lowest card (R23, R54), round
    the corner where runs turn it (R69: a run of every rank reads from the run's
    lowest card, so what completes it is above)."""
    return (run.low - extended.low) % RANKS if extended.low != run.low else 0


# --- The referee's answers ----------------------------------------------------


def _sorted(readings: Iterable[Reading]) -> tuple[Reading, ...]:
    unique = {reading.key: reading for reading in reversed(list(readings))}
    return tuple(unique[key] for key in sorted(unique))


def _verdict(
    cards: tuple[Card, ...],
    readings: tuple[Reading, ...],
    declare: Declaration | None,
    explain: Callable[[], Iterable[Reason]],
) -> MeldVerdict:
    if not readings:
        return MeldVerdict(cards, (), tuple(explain()))
    if declare is None:
        return MeldVerdict(cards, readings)
    kept = tuple(reading for reading in readings if declare.matches(reading))
    if kept:
        return MeldVerdict(cards, kept)
    return MeldVerdict(cards, (), (_not_as_declared(cards, declare, readings),))


def _not_as_declared(
    cards: tuple[Card, ...], declare: Declaration, readings: Sequence[Reading], most: int = 4
) -> Reason:
    """R15: the cards are a meld, but not the one declared: what they read as instead,
    the first ``most`` readings and how many more."""
    return Reason.of(
        "not_as_declared",
        cards=cards,
        declared=declare,
        readings=tuple(readings[:most]),
        more=max(0, len(readings) - most),
    )


def _explain(cards: Sequence[Card], rules: Ruleset) -> list[Reason]:
    """Why the cards are no meld, the reason for what the player most likely meant
    first (see :func:`meant`): a verdict's one line shows that one."""
    if len(cards) < MIN_MELD:
        return [Reason.of("meld_too_short", size=len(cards))]
    set_reason, run_reason = _why_not_set(cards, rules), _why_not_run(cards, rules)
    if meant(cards, rules) == "set":
        return [set_reason, run_reason]
    return [run_reason, set_reason]


def meant(cards: Sequence[Card], rules: Ruleset) -> Kind:
    """The kind of meld the player most likely meant: a set when more natural cards
    share a rank than a suit, a run when more share a suit; when as many share
    each (one natural card, say), the kind that many cards can be in this game.

    >>> from referee.rules import get_ruleset, parse_cards
    >>> shanghai = get_ruleset("shanghai")  # a sequence is four or more cards
    >>> meant(parse_cards("9H 2C JK"), shanghai), meant(parse_cards("9H 10H 2C"), shanghai)
    ('set', 'run')
    """
    if not rules.runs_allowed:  # R44
        return "set"
    naturals = [card for card in cards if not rules.is_wild(card)]
    same_rank = max(Counter(card.rank for card in naturals).values(), default=0)
    same_suit = max(Counter(card.suit for card in naturals).values(), default=0)
    if same_rank != same_suit:
        return "set" if same_rank > same_suit else "run"
    size = len(cards)
    set_fits = size >= rules.set_min and not (rules.set_distinct_suits and size > 4)  # R9
    run_fits = rules.run_min <= size <= rules.max_run  # R11, R12, R44
    return "set" if set_fits and not run_fits else "run"


# --- One meld of an initial meld (R47, R51-R56) ------------------------------------


def wild_count(reading: Reading, cards: Sequence[Card], rules: Ruleset) -> int:
    """The meld's wild cards as this reading places them: a 2 sitting as itself in a
    run is natural (R5, R51)."""
    if isinstance(reading, RunReading):
        return len(reading.in_order) - reading.natural_count
    return sum(rules.is_wild(card) for card in cards)


def part_reason(
    rules: Ruleset, deal: DealRule, part: ContractPart, cards: Sequence[Card], reading: Reading
) -> Reason | None:
    """Why the meld, read this way, cannot be this part of the deal's contract; None
    if it can: its kind, its size (R20, R47) and the initial meld's own wild-card
    rules (R52, R53, R55, R56)."""
    needs: dict[str, Hashable] = {
        "deal": deal.number,
        "game": rules.name,
        "part": part,
        "words": rules.words,
    }
    if reading.kind != part.kind:
        return Reason.of("part_other_kind", **needs, kind=reading.kind)
    if not part.fits(len(cards)):
        return Reason.of("part_other_size", **needs, size=len(cards))
    wild = wild_count(reading, cards, rules)
    if part.no_wild and wild:  # R55, R56
        return Reason.of("part_holds_wild_card", **needs, wild=wild)
    if part.distinct_suits and len({card.suit for card in cards}) < len(cards):  # R55
        return Reason.of("part_repeats_suit", **needs)
    most = deal.meld_wilds
    if most is not None and wild > most:  # R52
        return Reason.of("initial_meld_wild_cards_per_meld", game=rules.name, most=most, wild=wild)
    most = deal.contract_wilds
    if most is not None and wild > most:  # R53
        return Reason.of(
            "initial_meld_wild_cards",
            deal=deal.number,
            game=rules.name,
            most=most,
            wild=wild,
            alone=True,
        )
    return None


def _fit_to_deal(verdict: MeldVerdict, rules: Ruleset, deal: DealRule) -> MeldVerdict:
    """Keep the readings that make the meld one part of the deal's contract (a deal
    with no parts, Blitz, takes any legal meld: R58)."""
    if not verdict.legal or not deal.contract:
        return verdict
    parts = tuple(dict.fromkeys(deal.contract))
    reasons: list[Reason] = []
    kept = []
    for reading in verdict.readings:
        why = [part_reason(rules, deal, part, verdict.cards, reading) for part in parts]
        if None in why:
            kept.append(reading)
        else:  # a reason from a part of the reading's kind says more
            same_kind = [
                w for w, part in zip(why, parts, strict=True) if part.kind == reading.kind
            ]
            reasons += [w for w in same_kind if w] or [w for w in why[:1] if w]
    if kept:
        return MeldVerdict(verdict.cards, tuple(kept))
    kinds = {part.kind for part in parts}
    if not any(reading.kind in kinds for reading in verdict.readings):
        reasons = [
            Reason.of(
                "contract_other_kind",
                deal=deal.number,
                game=rules.name,
                contract=deal.contract,
                words=rules.words,
                kind=verdict.readings[0].kind,
            )
        ]
    return MeldVerdict(verdict.cards, (), tuple(dict.fromkeys(reasons))[:2], a_meld=True)


def closed_meld(rules: Ruleset, kind: Kind, then: str) -> Reason:
    """R53: a full group, or a run from ace to ace, is closed where the game says so;
    ``then`` is what the player tried: ``"lay_off"`` a card, or take its ``"joker"``."""
    return Reason.of("meld_closed", words=rules.words, kind=kind, game=rules.name, then=then)


def read_meld(
    cards: Sequence[Card],
    rules: Ruleset,
    declare: Declaration | None = None,
    players: int | None = None,
    deal: int | None = None,
    *,
    put_down_in: int | None = None,
) -> MeldVerdict:
    """Every legal reading of a meld (R4-R16, R43-R56), kept to ``declare`` when given.

    Without ``deal`` the meld is judged as one put down or grown later: every rule
    that holds for every meld of the game, no exact sizes. With ``deal`` it is
    judged as one meld of that deal's initial meld: only readings that fit a part
    of the contract, at that part's size where sizes are exact (R47), under the
    initial meld's own rules (R51, R52, R55, R56). Rules over several melds are
    for :func:`~referee.rules.contracts.check_contract`.

    ``put_down_in``, instead of ``deal``, is the deal of a game the meld goes down
    in, not said to be of the initial meld or not: where the game puts no new meld
    down after the initial meld (R59), every meld is one of it, judged as with
    ``deal``; elsewhere it may be a later one, judged as without.

    A meld that holds more of a card than the pack does raises PackError (R3, R49);
    ``players`` picks the pack and defaults to the variant's smallest table.
    """
    if put_down_in is not None:
        if deal is not None:
            raise TypeError("read_meld takes deal or put_down_in, not both")
        rules.deal(put_down_in)  # a deal the game has, whatever R59 says
        deal = None if rules.later_melds else put_down_in  # R59
    deal_rule = None if deal is None else rules.deal(deal)
    cards = tuple(cards)
    rules.check_cards(cards, players)
    # Sets come in rank order, runs by suit then lowest card: already the key order.
    readings: tuple[Reading, ...] = (*_set_readings(cards, rules), *_run_readings(cards, rules))
    verdict = _verdict(cards, readings, declare, lambda: _explain(cards, rules))
    return verdict if deal_rule is None else _fit_to_deal(verdict, rules, deal_rule)


def extend_meld(
    meld: Sequence[Card],
    add: Sequence[Card],
    rules: Ruleset,
    meld_declare: Declaration | None = None,
    declare: Declaration | None = None,
    players: int | None = None,
) -> MeldVerdict:
    """The meld on the table as it would be with ``add`` laid off at its ends (R23).

    Each reading of the meld (kept to ``meld_declare``) keeps its cards where they
    are; the added cards go below or above a run, or join a set of its rank. The
    game may close full melds (R53), lay off upward only (R54), refuse wild cards
    laid off (R56) or not limit the wild cards laid off (R51).
    """
    meld, add = tuple(meld), tuple(add)
    cards = meld + add
    rules.check_cards(cards, players)
    limits = Limits.of(rules, lay_off=True)
    table = _verdict(
        meld,
        (*_set_readings(meld, rules, limits=limits), *_run_readings(meld, rules, limits=limits)),
        meld_declare,
        lambda: _explain(meld, rules),
    )
    if not table.legal:
        return MeldVerdict(
            cards, (), tuple(Reason.of("meld_on_table_not_legal", why=r) for r in table.reasons)
        )
    if not add:
        return MeldVerdict(cards, (), (Reason.of("nothing_laid_off"),))
    if not rules.wild_lay_off and any(rules.is_wild(card) for card in add):  # R56
        wild = next(card for card in add if rules.is_wild(card))
        return MeldVerdict(
            cards, (), (Reason.of("wild_card_never_laid_off", game=rules.name, card=wild),)
        )
    sets = [r.rank for r in table.readings if isinstance(r, SetReading)]
    runs = [r for r in table.readings if isinstance(r, RunReading)]
    closed = []
    if rules.closed_melds and sets and len(meld) == 4:  # R53: a full group
        closed.append(closed_meld(rules, "set", "lay_off"))
        sets = []
    if rules.closed_melds and runs and len(meld) == MAX_RUN + 1:  # R53: A..A
        closed.append(closed_meld(rules, "run", "lay_off"))
        runs = []
    extended = [(e, run) for run in runs for e in _run_readings(add, rules, run, limits=limits)]
    upward = [  # R54: below the bottom only once the top is the ace
        e
        for e, run in extended
        if rules.lay_off_runs == "both_ends" or not _below(e, run) or rank_at(e.high) == ACE
    ]
    readings = _sorted([*_set_readings(cards, rules, sets, limits), *upward])

    def explain() -> Iterator[Reason]:
        yield from closed  # R53
        if sets:
            yield _why_not_set(cards, rules, sets[0] if len(sets) == 1 else None, limits)
        if extended and not upward:  # R54
            yield Reason.of("lay_off_upward_only", game=rules.name, words=rules.words)
            return
        reasons = list(dict.fromkeys(_why_not_run(add, rules, run, limits) for run in runs))
        if len(reasons) > 2:
            yield Reason.of("lay_off_fits_no_run", cards=add, meld=meld)
        else:
            yield from reasons

    return _verdict(cards, readings, declare, explain)
