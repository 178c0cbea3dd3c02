"""Rescuing a wild card from a meld on the table, and where it goes then (R24, R25).

A player who has met the contract (R22) and holds the natural card a wild card of
a meld on the table stands for may put that card in the wild card's place. In a
run the wild card stands for one exact card, as the meld was declared (R15); in
a set for any card of the set's rank, of a suit the set does not hold yet where
sets have distinct suits (R9), of any suit otherwise (R10). The freed wild card
must go straight into a meld made that turn, or, with the option
``rescue_to_hand``, may go into the hand (R25).

>>> from referee.rules import format_cards, get_ruleset, parse_cards
>>> push = get_ruleset("push")
>>> verdict = rescue(parse_cards("7H JK 9H"), Card.parse("8H"), push)
>>> verdict.legal, format_cards(verdict.freed), format_cards(verdict.after.cards)
(True, 'JK', '7H 8H 9H')
>>> verdict.says
'JK comes out: it must be used at once in a meld you make this turn; it never goes into your hand'
>>> for reason in rescue(parse_cards("6C 6H JK"), Card.parse("7H"), push).reasons:
...     print(reason)
7H is not a card any wild card of this meld stands for
a joker's place in a set of sixes takes a six
>>> to_hand = get_ruleset("push", {"rescue_to_hand": True})
>>> rescue(parse_cards("6C 6H JK"), Card.parse("6D"), to_hand).says
'JK comes out: it may go into your hand'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .cards import SUITS, TWO, Card, card_of, number_word, parse_cards
from .errors import CardError
from .melds import (
    Declaration,
    MeldVerdict,
    Reading,
    RunReading,
    SetReading,
    read_meld,
)
from .ruleset import Ruleset
from .words import listed

RANK_NAMES = (
    "an ace", "a two", "a three", "a four", "a five", "a six", "a seven",
    "an eight", "a nine", "a ten", "a jack", "a queen", "a king",
)  # fmt: skip
MOST_DETAILS = 4  # reasons about single readings of an undeclared meld, at most

#: R25, where the freed wild card goes: off, straight into a meld; on, the hand too.
TO_MELD = "it must be used at once in a meld you make this turn; it never goes into your hand"
TO_HAND = "it may go into your hand"


@dataclass(frozen=True, slots=True)
class Swap:
    """One way to rescue: with the meld on the table read as ``reading``, ``freed``
    comes out and the natural card takes its place; ``after`` is the meld then,
    kept to the same reading."""

    reading: Reading
    freed: Card
    #: In a run, the exact card the freed wild card stood for; None in a set.
    stood_for: Card | None
    after: MeldVerdict


@dataclass(frozen=True, slots=True)
class RescueVerdict:
    """The referee's answer to "may I put this card in place of a wild card there?"."""

    meld: tuple[Card, ...]
    natural: Card
    #: The meld on the table as read (kept to its declaration): each swap names one.
    readings: tuple[Reading, ...]
    swaps: tuple[Swap, ...]
    reasons: tuple[str, ...]
    to_hand: bool  # the table's option rescue_to_hand (R25)
    game: str  # the variant's name, for the sentence of R25

    @property
    def legal(self) -> bool:
        return bool(self.swaps)

    @property
    def needs_declaration(self) -> bool:
        """R15: the meld on the table reads more than one way, and the answer may
        depend on which it was declared as; each swap names its reading."""
        return len(self.readings) > 1

    @property
    def freed(self) -> tuple[Card, ...]:
        """The wild cards that may come out (the player picks one when there are several)."""
        return tuple(dict.fromkeys(swap.freed for swap in self.swaps))

    @property
    def after(self) -> MeldVerdict | None:
        """The meld after the first swap; None when there is none."""
        return self.swaps[0].after if self.swaps else None

    @property
    def wild_goes(self) -> Literal["meld", "hand"]:
        """R25: "meld" (used at once in a meld made this turn) or "hand" (it may go
        into the hand)."""
        return "hand" if self.to_hand else "meld"

    @property
    def says(self) -> str:
        """R25's sentence for this table: where the freed wild card goes."""
        where = TO_HAND if self.to_hand else TO_MELD
        if not self.swaps:
            return f"when a wild card is rescued in {self.game}, {where}"
        return f"{_either(self.freed)} comes out: {where}"


def rescue(
    meld: Sequence[Card],
    natural: Card,
    rules: Ruleset,
    meld_declare: Declaration | None = None,
    players: int | None = None,
) -> RescueVerdict:
    """May ``natural`` take the place of a wild card of ``meld``, on the table (R24)?

    Each reading of the meld (kept to ``meld_declare``, as :func:`extend_meld` does)
    gives the wild cards ``natural`` may replace; the meld after the swap is read
    again under the same reading. A meld and card holding more of a card than the
    pack raise PackError (R3); ``players`` picks the pack.
    """
    meld = tuple(meld)
    rules.check_cards((*meld, natural), players)
    table = read_meld(meld, rules, meld_declare, players)

    def verdict(swaps: Sequence[Swap], *reasons: str) -> RescueVerdict:
        return RescueVerdict(
            meld, natural, table.readings, tuple(swaps), reasons, rules.rescue_to_hand, rules.name
        )

    if not table.legal:
        return verdict((), *(f"the meld on the table is not legal: {r}" for r in table.reasons))
    if natural.is_joker:
        return verdict((), "a joker is wild: only a natural card takes a wild card's place")
    places = {reading: _wild_places(meld, reading) for reading in table.readings}
    if not any(places.values()):
        return verdict((), _no_wild_card(meld))
    swaps = [
        swap
        for reading, wild in places.items()
        for swap in _swaps(meld, natural, reading, wild, rules, players)
    ]
    if swaps:
        return verdict(swaps)
    details = list(dict.fromkeys(_why_not(meld, natural, r, places[r], rules) for r in places))
    if len(details) > MOST_DETAILS:
        more = len(details) - MOST_DETAILS + 1
        details[MOST_DETAILS - 1 :] = [f"and {more} more ways to read it: declare the meld"]
    return verdict((), f"{natural} is not a card any wild card of this meld stands for", *details)


def one_card(text: str) -> Card:
    """The one card written in ``text`` (R1); CardError naming the trouble otherwise.

    >>> one_card(" 8h ")
    Card.parse('8H')
    >>> one_card("8H 9H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.rules.errors.CardError: "8H 9H" is two cards; give the one card to put in a ...
    """
    cards = parse_cards(text)
    if len(cards) == 1:
        return cards[0]
    if not cards:
        raise CardError('give the card to put in a wild card\'s place, such as "8H"')
    raise CardError(
        f'"{text}" is {number_word(len(cards))} cards; give the one card to put in a wild '
        "card's place"
    )


# --- Where the wild cards are ----------------------------------------------------


def _wild_places(meld: tuple[Card, ...], reading: Reading) -> list[tuple[int, Card | None]]:
    """The wild cards of the meld under ``reading``: the index of each in ``meld``
    and, in a run, the card it stands for (None in a set, R24)."""
    flexible = [index for index, card in enumerate(meld) if not card.is_natural]
    if isinstance(reading, SetReading):
        return [(index, None) for index in flexible]  # a 2 is wild in a set (R5)
    if reading.holds(TWO):
        # R5, R15: the first 2 of the run's suit sits at rank 2 as itself (past the
        # king too, where runs turn the corner: R69).
        two = next((i for i in flexible if meld[i] == card_of(TWO, reading.suit)), None)
        flexible = [index for index in flexible if index != two]
    # R15: the wild cards fill the open places in the order they were entered, so
    # the n-th wild card of the meld is the n-th card of the run standing for another.
    stands_for = [placed.stands_for for placed in reading.cards if not placed.natural]
    return list(zip(flexible, stands_for, strict=True))


def _declared(reading: Reading) -> Declaration:
    if isinstance(reading, SetReading):
        return Declaration("set", rank=reading.rank)
    return Declaration("run", suit=reading.suit, low=reading.low, high=reading.high)


def _swaps(
    meld: tuple[Card, ...],
    natural: Card,
    reading: Reading,
    wild: Sequence[tuple[int, Card | None]],
    rules: Ruleset,
    players: int | None,
) -> list[Swap]:
    """Every swap ``natural`` makes in ``meld`` read as ``reading`` (R24)."""
    targets: list[tuple[int, Card | None]]
    if isinstance(reading, SetReading):
        if not _fits_set(meld, natural, reading, rules):
            return []
        # Any wild card of a set may come out; the same card twice is one choice.
        chosen = {meld[index]: index for index, _ in reversed(wild)}
        targets = [(index, None) for index in sorted(chosen.values())]
    else:
        targets = [(index, card) for index, card in wild if card == natural]
    swaps = []
    for index, stood_for in targets:
        cards = (*meld[:index], natural, *meld[index + 1 :])
        after = read_meld(cards, rules, _declared(reading), players)
        if _kept(after, reading, index, meld, natural):
            swaps.append(Swap(reading, meld[index], stood_for, after))
    return swaps


def _fits_set(meld: tuple[Card, ...], natural: Card, reading: SetReading, rules: Ruleset) -> bool:
    if not natural.is_natural or natural.rank != reading.rank:
        return False
    held = {card.suit for card in meld if card.is_natural}
    return not rules.set_distinct_suits or natural.suit not in held  # R9, R10


def _kept(
    after: MeldVerdict, reading: Reading, index: int, meld: tuple[Card, ...], natural: Card
) -> bool:
    """The meld after the swap is legal as the same reading, and in a run every
    other card stands for what it stood for (R15): only the one place changed."""
    if len(after.readings) != 1 or after.readings[0].key != reading.key:
        return False
    kept = after.readings[0]
    if not isinstance(reading, RunReading) or not isinstance(kept, RunReading):
        return True
    moved = zip(reading.in_order, kept.in_order, strict=True)
    return [(old, new) for old, new in moved if old != new] == [(meld[index], natural)]


# --- Why not ---------------------------------------------------------------------


def _no_wild_card(meld: tuple[Card, ...]) -> str:
    twos = [card for card in meld if card.rank == TWO]
    if not twos:
        return "the meld has no wild card"
    return (
        f"the meld has no wild card: {twos[0]} stands for itself in it, and a 2 "
        "that stands for itself cannot be rescued"
    )  # R5


def _why_not(
    meld: tuple[Card, ...],
    natural: Card,
    reading: Reading,
    wild: Sequence[tuple[int, Card | None]],
    rules: Ruleset,
) -> str:
    """Why ``natural`` takes no wild card's place in the meld read as ``reading``."""
    if not wild:
        twos = [card for card in meld if card.rank == TWO]
        its = f": {twos[0]} stands for itself" if twos else ""
        return f"{reading.describe()} has no wild card{its}"
    if isinstance(reading, RunReading):
        named = [f"{meld[index]} for {card}" for index, card in wild]
        return f"in {reading.describe()}, {listed(named).replace(' for ', ' stands for ', 1)}"
    whose = _whose([meld[index] for index, _ in wild])
    rank = RANK_NAMES[reading.rank - 1]
    if not _fits_set(meld, natural, reading, rules) and natural.rank == reading.rank:
        held = {card.suit for card in meld if card.is_natural}
        free = [card_of(reading.rank, suit) for suit in SUITS if suit not in held]
        return (
            f"{reading.describe()} already holds {natural}; {whose} place in it takes "
            f"{rank} of another suit: {_either(free)}"
        )  # R9
    return f"{whose} place in {reading.describe()} takes {rank}"


def _whose(wild: Sequence[Card]) -> str:
    """Whose place it is: "a joker's", "a 2's" or, when they differ, "a wild card's"."""
    if all(card.is_joker for card in wild):
        return "a joker's"
    if all(card.rank == TWO for card in wild):
        return "a 2's"
    return "a wild card's"


def _either(cards: Sequence[Card]) -> str:
    """``JK``, ``2S or JK``, ``6C, 6D or 6S``."""
    return listed([str(card) for card in cards], "or")
