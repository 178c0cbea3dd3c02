"""Every legal reading of one meld, and laying off onto a meld (R4-R16, R23).

A *reading* is what a meld is declared as (R15): a set of one rank, or a run of
one suit over one span. Run positions are 1 (ace low) to 14 (ace high).

>>> from referee.rules import get_ruleset, parse_cards
>>> rules = get_ruleset("push")
>>> [r.describe() for r in read_meld(parse_cards("6D 2S JK"), rules).readings]
['a set of sixes', 'a run of diamonds 4-6', 'a run of diamonds 5-7', 'a run of diamonds 6-8']
>>> read_meld(parse_cards("KH AH 2H 3H"), rules).reasons[0]
'K-A-2-3 wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), never in the middle'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from .cards import (
    ACE,
    ACE_HIGH,
    RANK_PLURALS,
    SUIT_NAMES,
    SUITS,
    TWO,
    Card,
    card_of,
    format_cards,
    number_word,
    parse_rank,
    parse_suit,
    rank_token,
)
from .errors import RulesError
from .variants import Kind, Ruleset, WildLimit

MIN_MELD = 3  # R8, R11
MAX_RUN = 13  # R12: one ace at most
SET_RANKS = (*range(3, 14), ACE)  # R16: a set of any rank from 3 to A, never of twos


def _position_card(position: int, suit: str) -> Card:
    return card_of(ACE if position == ACE_HIGH else position, suit)


def _span_text(low: int, high: int) -> str:
    return f"{rank_token(low)}-{rank_token(high)}"


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
        return (0, SET_RANKS.index(self.rank))

    def describe(self) -> str:
        return f"a set of {RANK_PLURALS[self.rank - 1]}"


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

    def describe(self) -> str:
        return f"a run of {SUIT_NAMES[self.suit]} {_span_text(self.low, self.high)}"


Reading = SetReading | RunReading


@dataclass(frozen=True, slots=True)
class Declaration:
    """What a player says a meld is (R15); fields left out match any reading.

    >>> Declaration.parse({"kind": "run", "suit": "d", "low": "5"}).describe()
    'a run of diamonds from 5'
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
            raise RulesError('a declaration\'s "kind" must be "set" or "run"')
        allowed = {"kind", "rank"} if kind == "set" else {"kind", "suit", "low", "high"}
        stray = [
            name for name, value in fields.items() if value is not None and name not in allowed
        ]
        if stray:
            raise RulesError(f'a {kind} is not declared with "{stray[0]}"')

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
        return (
            self.kind == "run"
            and self.suit in (None, reading.suit)
            and self.low in (None, reading.low)
            and self.high in (None, reading.high)
        )

    def describe(self) -> str:
        if self.kind == "set":
            return "a set" if self.rank is None else f"a set of {RANK_PLURALS[self.rank - 1]}"
        text = "a run" if self.suit is None else f"a run of {SUIT_NAMES[self.suit]}"
        if self.low is not None:
            text += f" from {rank_token(self.low)}"
        if self.high is not None:
            text += f" to {rank_token(self.high)}"
        return text


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """The referee's answer for one meld: its cards, every legal reading, and, when
    there is none, the reasons in sentences a player understands."""

    cards: tuple[Card, ...]
    readings: tuple[Reading, ...]
    reasons: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return bool(self.readings)

    @property
    def needs_declaration(self) -> bool:
        """R15: the player must say which reading when there is more than one."""
        return len(self.readings) > 1


# --- Sets (R8-R10) ----------------------------------------------------------


def _set_readings(
    cards: Sequence[Card], rules: Ruleset, ranks: Iterable[int] | None = None
) -> list[SetReading]:
    """Sets the cards can be read as, of the given ranks (all ranks when None)."""
    if len(cards) < MIN_MELD:
        return []
    naturals = [card for card in cards if card.is_natural]  # a 2 is wild in a set (R5)
    distinct_suits = len({card.suit for card in naturals}) == len(naturals)
    if rules.set_distinct_suits and (len(cards) > 4 or not distinct_suits):  # R9
        return []
    if rules.wild_limit is WildLimit.FEWER_THAN_NATURAL and 2 * len(naturals) <= len(cards):
        return []  # R7
    if naturals:
        rank = naturals[0].rank
        if any(card.rank != rank for card in naturals):
            return []
        candidates: Iterable[int] = (rank,)
    else:
        candidates = SET_RANKS  # R16
    allowed = None if ranks is None else set(ranks)
    return [SetReading(rank) for rank in candidates if allowed is None or rank in allowed]


def _why_not_set(cards: Sequence[Card], rules: Ruleset, rank: int | None = None) -> str:
    naturals = [card for card in cards if card.is_natural]
    if rank is not None:
        stray = next((card for card in naturals if card.rank != rank), None)
        if stray:
            return f"{stray} does not belong in a set of {RANK_PLURALS[rank - 1]}"
    elif naturals:
        stray = next((card for card in naturals if card.rank != naturals[0].rank), None)
        if stray:
            return f"a set needs cards of one rank: {naturals[0]} and {stray} differ"
    if rules.set_distinct_suits:  # R9
        seen: set[str] = set()
        for card in naturals:
            if card.suit in seen:
                return f"a set may not hold two {SUIT_NAMES[card.suit]}"
            seen.add(card.suit)
        if len(cards) > 4:
            return (
                "a set holds at most four cards, one of each suit, wild cards "
                f"included; this has {number_word(len(cards))}"
            )
    return _too_many_wild(rules, "set", len(naturals), len(cards) - len(naturals))


def _too_many_wild(rules: Ruleset, kind: str, natural: int, wild: int) -> str:
    return (
        f"too many wild cards for {rules.name}: a meld needs more natural cards "
        f"than wild cards, and as a {kind} this has {number_word(natural)} natural "
        f"and {number_word(wild)} wild"
    )


# --- Runs (R11-R13, R15) ----------------------------------------------------


def _run_readings(
    cards: Sequence[Card],
    rules: Ruleset,
    fixed: RunReading | None = None,
    wild_limit: bool = True,
) -> list[RunReading]:
    """Every run the cards make, or, with ``fixed``, every run that ``fixed`` becomes
    when the cards are added at its ends (R23).

    Each natural sits at its own rank; a 2 of the run's suit sits at rank 2 when
    the span holds it; the wild cards fill the open places lowest first, in the
    order they were given (R15).
    """
    total = len(cards) + (len(fixed.in_order) if fixed else 0)
    if total < MIN_MELD or total > MAX_RUN:
        return []
    naturals = [card for card in cards if card.is_natural]
    flexible = [card for card in cards if not card.is_natural]  # jokers and 2s
    limit = wild_limit and rules.wild_limit is WildLimit.FEWER_THAN_NATURAL
    fixed_natural = fixed.natural_count if fixed else 0
    readings = []
    for suit in _run_suits(naturals, fixed):
        if limit:  # R7: even with a 2 of the suit as itself, too few naturals
            two = any(card.rank == TWO and card.suit == suit for card in flexible)
            if 2 * (fixed_natural + len(naturals) + two) <= total:
                continue
        for low in _possible_lows(naturals, total, fixed):
            placed = _place(suit, low, total, naturals, flexible, fixed)
            if placed is None:
                continue
            in_order, natural = placed
            if limit and 2 * (fixed_natural + natural) <= total:
                continue  # R7: strictly more natural than wild, a 2 as itself natural
            readings.append(RunReading(suit, low, low + total - 1, in_order))
    return readings


def _possible_lows(naturals: Sequence[Card], total: int, fixed: RunReading | None) -> range:
    """The lowest positions a run of ``total`` cards could start at: every natural,
    and the fixed run, must lie within it (a quick bound, checked again in _place)."""
    first, last = 1, ACE_HIGH + 1 - total
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


def _natural_position(card: Card, low: int) -> int:
    """R12: an ace sits low when the span starts at the ace, high otherwise."""
    if card.rank == ACE:
        return ACE if low == ACE else ACE_HIGH
    return card.rank


def _place(
    suit: str,
    low: int,
    size: int,
    naturals: Sequence[Card],
    flexible: Sequence[Card],
    fixed: RunReading | None,
) -> tuple[tuple[Card, ...], int] | None:
    """Seat the cards in the span of ``size`` places from ``low`` around the fixed
    run: the cards in run order and how many of the new ones are natural, or None."""
    seats: list[Card | None] = [None] * size
    if fixed is not None:
        start = fixed.low - low
        seats[start : start + len(fixed.in_order)] = fixed.in_order
    for card in naturals:
        if card.suit != suit:
            return None
        index = _natural_position(card, low) - low
        if not 0 <= index < size or seats[index] is not None:
            return None
        seats[index] = card
    natural = len(naturals)
    wilds = flexible
    two = TWO - low
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


def _why_not_run(cards: Sequence[Card], rules: Ruleset, fixed: RunReading | None = None) -> str:
    naturals = [card for card in cards if card.is_natural]
    total = len(cards) + (len(fixed.in_order) if fixed else 0)
    if fixed is not None:
        stray = next((card for card in naturals if card.suit != fixed.suit), None)
        if stray:
            return f"{stray} does not belong in a run of {SUIT_NAMES[fixed.suit]}"
    elif naturals:
        stray = next((card for card in naturals if card.suit != naturals[0].suit), None)
        if stray:
            return f"a run needs cards of one suit: {naturals[0]} and {stray} differ"
    if total > MAX_RUN:
        holds = "would hold" if fixed else "has"
        return f"a run holds at most 13 cards, one of each rank; this {holds} {total}"
    aces = [card for card in naturals if card.rank == ACE]
    if len(aces) > 1:
        return "a run holds at most one ace (R12)"
    if aces and fixed and (fixed.low == ACE or fixed.high == ACE_HIGH):
        return f"{fixed.describe()} already has its ace; a run holds at most one ace (R12)"
    seen: set[Card] = set()
    for card in naturals:
        if card in seen:
            return f"a run may not hold two {card}"
        seen.add(card)
        if fixed and card.rank != ACE and fixed.low <= card.rank <= fixed.high:
            return (
                f"the place of {card} in {fixed.describe()} is already filled; "
                "cards are laid off only at a run's ends"
            )
    if naturals or fixed:
        readings = _run_readings(cards, rules, fixed, wild_limit=False)
        if not readings:
            return _too_far_apart(naturals, total, fixed)
        natural = max(reading.natural_count for reading in readings)
    else:  # wild cards only: every span fits; at best one 2 sits as itself
        natural = int(any(card.rank == TWO for card in cards))
    return _too_many_wild(rules, "run", natural, total - natural)


def _too_far_apart(naturals: Sequence[Card], total: int, fixed: RunReading | None) -> str:
    """Why no span of ``total`` cards holds every natural (and the fixed run)."""
    anchors = [(card.rank, str(card)) for card in naturals if card.rank != ACE]
    if fixed is not None:
        anchors += [(fixed.low, fixed.describe()), (fixed.high, fixed.describe())]
    ace = next((card for card in naturals if card.rank == ACE), None)
    choices = [[*anchors, (ACE, str(ace))], [*anchors, (ACE_HIGH, str(ace))]] if ace else [anchors]
    spans = [(max(choice)[0] - min(choice)[0] + 1, choice) for choice in choices]
    need, best = min(spans, key=lambda span: span[0])
    positions = {position for position, _ in anchors} | ({ACE} if ace else set())
    if ace or ACE in positions or ACE_HIGH in positions:
        window = _cyclic_window({(position - 1) % 13 + 1 for position in positions})
        if len(window) < need:
            if len(window) <= 6:
                text = "-".join(rank_token(rank) for rank in window)
            else:
                text = f"{rank_token(window[0])}-…-A-…-{rank_token(window[-1])}"
            return (
                f"{text} wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), "
                "never in the middle"
            )
    low_name, high_name = min(best)[1], max(best)[1]
    if fixed is not None:
        far = high_name if low_name == fixed.describe() else low_name
        return (
            f"{far} is too far from the ends of {fixed.describe()}: reaching it takes a "
            f"run of {need} cards, and these make {total}"
        )
    return (
        f"{low_name} and {high_name} are too far apart for one run: from one to the "
        f"other takes {need} cards, and this meld has {total}"
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


# --- The referee's answers ----------------------------------------------------


def _sorted(readings: Iterable[Reading]) -> tuple[Reading, ...]:
    unique = {reading.key: reading for reading in reversed(list(readings))}
    return tuple(unique[key] for key in sorted(unique))


def _verdict(
    cards: tuple[Card, ...],
    readings: tuple[Reading, ...],
    declare: Declaration | None,
    explain: Callable[[], Iterable[str]],
) -> MeldVerdict:
    if not readings:
        return MeldVerdict(cards, (), tuple(explain()))
    if declare is None:
        return MeldVerdict(cards, readings)
    kept = tuple(reading for reading in readings if declare.matches(reading))
    if kept:
        return MeldVerdict(cards, kept)
    return MeldVerdict(
        cards,
        (),
        (
            f"{format_cards(cards)} cannot be declared {declare.describe()}; "
            f"it reads as {_alternatives(readings)}",
        ),
    )


def _alternatives(readings: Sequence[Reading], most: int = 4) -> str:
    named = [reading.describe() for reading in readings[:most]]
    if len(readings) > most:
        named.append(f"{len(readings) - most} more")
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]


def _explain(cards: Sequence[Card], rules: Ruleset) -> list[str]:
    if len(cards) < MIN_MELD:
        return [f"a meld needs three or more cards; this has {number_word(len(cards))}"]
    set_reason, run_reason = _why_not_set(cards, rules), _why_not_run(cards, rules)
    naturals = [card for card in cards if card.is_natural]
    same_rank = max(Counter(card.rank for card in naturals).values(), default=0)
    same_suit = max(Counter(card.suit for card in naturals).values(), default=0)
    if same_rank > same_suit:  # it looks more like a set: say first why it is not one
        return [set_reason, run_reason]
    return [run_reason, set_reason]


def read_meld(
    cards: Sequence[Card],
    rules: Ruleset,
    declare: Declaration | None = None,
    players: int | None = None,
) -> MeldVerdict:
    """Every legal reading of a meld (R4-R16), kept to ``declare`` when given.

    A meld that holds more of a card than the pack does raises PackError (R3);
    ``players`` picks the pack and defaults to the variant's smallest table.
    """
    cards = tuple(cards)
    rules.check_cards(cards, players)
    # Sets come in rank order, runs by suit then lowest card: already the key order.
    readings: tuple[Reading, ...] = (*_set_readings(cards, rules), *_run_readings(cards, rules))
    return _verdict(cards, readings, declare, lambda: _explain(cards, rules))


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
    are; the added cards go below or above a run, or join a set of its rank.
    """
    meld, add = tuple(meld), tuple(add)
    cards = meld + add
    rules.check_cards(cards, players)
    table = read_meld(meld, rules, meld_declare, players)
    if not table.legal:
        return MeldVerdict(
            cards, (), tuple(f"the meld on the table is not legal: {r}" for r in table.reasons)
        )
    if not add:
        return MeldVerdict(cards, (), ("lay off one or more cards",))
    sets = [r.rank for r in table.readings if isinstance(r, SetReading)]
    runs = [r for r in table.readings if isinstance(r, RunReading)]
    readings = _sorted(
        [
            *_set_readings(cards, rules, sets),
            *(extended for run in runs for extended in _run_readings(add, rules, run)),
        ]
    )

    def explain() -> Iterator[str]:
        if sets:
            yield _why_not_set(cards, rules, sets[0] if len(sets) == 1 else None)
        reasons = list(dict.fromkeys(_why_not_run(add, rules, run) for run in runs))
        if len(reasons) > 2:
            yield (
                f"{format_cards(add)} cannot be laid off at the ends of any run "
                f"{format_cards(meld)} can be read as; declare the meld to see why"
            )
        else:
            yield from reasons

    return _verdict(cards, readings, declare, explain)
