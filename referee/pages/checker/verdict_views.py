"""The rules core's verdicts as the checker draws them.

Cards as tokens (drawn as chips), a reading with its title and the key its Declare
button sends, a verdict's reasons said in the request's language; My hand's answer,
and short of the contract the way the hand is nearest to. They are the page's, not
the API's answers: each presents the same verdicts in its own way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ...rules import (
    Card,
    Declaration,
    MeldVerdict,
    NearMeld,
    Reading,
    RescueVerdict,
    RulesError,
    Ruleset,
    RunReading,
    Solution,
)
from ...rules.cards import rank_token
from ...rules.contracts import ContractVerdict
from ...rules.rescue import exchange_of, exchange_rule
from ...rules.words import (
    count_word,
    near_meld_words,
    near_title,
    reading_title,
    readings_words,
    short_words,
)
from ..speech import gettext
from ..speech import words as spoken
from ..words import exchange_words

#: The most readings (or ways to rescue) a verdict lists one by one.
MOST_LISTED = 12


class PlacedView(NamedTuple):
    """A card of a run and the card it stands as there (itself when natural)."""

    card: str
    as_: str


@dataclass(frozen=True)
class ReadingView:
    """A reading as a verdict lists it (R15)."""

    kind: str  # "set" or "run"
    title: str  # "Set of sixes", "Run of diamonds, 4 to 6"
    key: str  # what its Declare button sends, "set:6" or "run:D:4" (see declaration())
    rank: str = ""  # a set's rank token
    suit: str = ""  # a run's suit
    cards: tuple[PlacedView, ...] = ()  # a run's cards in run order

    @classmethod
    def of(cls, reading: Reading) -> ReadingView:
        if isinstance(reading, RunReading):
            low = rank_token(reading.low)
            return cls(
                kind="run",
                title=reading_title(spoken(), reading),
                key=f"run:{reading.suit}:{low}",
                suit=reading.suit,
                cards=tuple(
                    PlacedView(str(placed.card), str(placed.stands_for))
                    for placed in reading.cards
                ),
            )
        rank = rank_token(reading.rank)
        return cls(
            kind="set",
            title=reading_title(spoken(), reading),
            key=f"set:{rank}",
            rank=rank,
        )


@dataclass(frozen=True)
class VerdictView:
    """A meld's verdict as the page shows it: the rules core's, its reasons said."""

    legal: bool
    needs_declaration: bool
    a_meld: bool  # a meld, though not one of the deal's contract (R47)
    cards: tuple[Card, ...]
    readings: tuple[Reading, ...]
    reasons: list[str]
    #: More readings than the page lists: how many of each kind ("12 sets and 44 runs").
    kinds: str = ""

    @classmethod
    def of(cls, verdict: MeldVerdict) -> VerdictView:
        words = spoken()
        many = len(verdict.readings) > MOST_LISTED
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            a_meld=verdict.a_meld,
            cards=verdict.cards,
            readings=verdict.readings,
            reasons=[words.reason(why) for why in verdict.reasons],
            kinds=readings_words(words, verdict.readings) if many else "",
        )


@dataclass(frozen=True)
class ContractView:
    """An initial meld against the deal's contract (R20, R21), its reasons said:
    each meld's verdict, the part each meets and the melds beside the contract."""

    met: bool
    melds: list[VerdictView]
    matched: tuple[tuple[int, Reading], ...]
    further: tuple[tuple[int, Reading], ...]
    reasons: list[str]

    @classmethod
    def of(cls, verdict: ContractVerdict) -> ContractView:
        words = spoken()
        return cls(
            met=verdict.met,
            melds=[VerdictView.of(meld) for meld in verdict.melds],
            matched=verdict.matched,
            further=verdict.further,
            reasons=[words.reason(why) for why in verdict.reasons],
        )


@dataclass(frozen=True)
class MeldView:
    """A meld's cards and its readings."""

    cards: list[str]
    readings: list[ReadingView]

    @classmethod
    def of(cls, verdict: MeldVerdict) -> MeldView:
        return cls(
            cards=[str(card) for card in verdict.cards],
            readings=[ReadingView.of(reading) for reading in verdict.readings],
        )


@dataclass(frozen=True)
class SwapView:
    """One way to rescue (R24): the meld on the table read as ``reading``, ``freed``
    leaves its place (in a run, standing as ``as_``): out of the meld, or moved in
    it to stand as ``moved_to`` (R79); ``meld`` is the meld after."""

    reading: ReadingView
    freed: str
    as_: str | None
    meld: MeldView
    moved_to: str | None = None


@dataclass(frozen=True)
class RescueView:
    """A rescue's verdict (R24, R25, R79): the natural card (or two), the wild cards
    it may free, every way to make the swap, and what happens to the wild card."""

    legal: bool
    needs_declaration: bool
    reasons: list[str]
    card: str
    freed: list[str]
    swaps: list[SwapView]
    wild_goes: str  # R25, R79: "meld" or "hand"
    says: str
    cards: list[str] = field(default_factory=list)  # the natural card, or two (R79)

    @classmethod
    def of(cls, verdict: RescueVerdict) -> RescueView:
        words = spoken()
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            reasons=[words.reason(why) for why in verdict.reasons],
            card=str(verdict.natural),
            cards=[str(card) for card in verdict.naturals],
            freed=[str(card) for card in verdict.freed],
            swaps=[
                SwapView(
                    reading=ReadingView.of(swap.reading),
                    freed=str(swap.freed),
                    as_=None if swap.stood_for is None else str(swap.stood_for),
                    meld=MeldView.of(swap.after),
                    moved_to=None if swap.moved_to is None else str(swap.moved_to),
                )
                for swap in verdict.swaps
            ],
            wild_goes=verdict.wild_goes,
            says=words.reason(verdict.says),
        )


@dataclass(frozen=True)
class ExchangeView:
    """The Rescue tab as this game has it (R25, R79): its name ("Take a joker"), a
    refusal's title, the game's rule in a sentence, and how many natural cards it
    takes at most (two for a set's joker in Telefunken)."""

    name: str
    refused: str
    rule: str
    most: int

    @classmethod
    def of(cls, rules: Ruleset) -> ExchangeView:
        name, refused = exchange_words(rules)
        rule = spoken().reason(exchange_rule(rules))
        return cls(name, refused, rule[0].upper() + rule[1:] + ".", exchange_of(rules).most_cards)


@dataclass(frozen=True)
class SolvedMeldView:
    """A meld of My hand's best way: its cards in the order to tap them (R15), the
    reading to declare, and whether it is one of the contract's melds (R65)."""

    cards: list[str]
    reading: ReadingView
    contract: bool


class LackedView(NamedTuple):
    """A card of a meld of the nearest way, and whether the hand lacks it."""

    card: str
    missing: bool


@dataclass(frozen=True)
class NearView:
    """A meld of the way a hand short of the contract is nearest to (R66): its title,
    its cards (those the hand lacks marked), and what it lacks, said."""

    title: str
    cards: list[LackedView]
    says: str
    contract: bool
    complete: bool

    @classmethod
    def of(cls, meld: NearMeld) -> NearView:
        words = spoken()
        lacked = list(meld.missing_tokens)
        cards = []
        for card in map(str, meld.cards):
            missing = card in lacked
            if missing:
                lacked.remove(card)
            cards.append(LackedView(card, missing))
        return cls(
            title=near_title(words, meld),
            cards=cards,
            says=near_meld_words(words, meld),
            contract=meld.contract,
            complete=not meld.missing and not meld.to_find,
        )


@dataclass(frozen=True)
class SolutionView:
    """What My hand can do in the deal (R65, R66); short of the contract, the way it
    is nearest to (``nearest``) and the sentence of how far it is (``short_said``)."""

    met: bool
    melds: list[SolvedMeldView]
    left: list[str]
    left_points: int
    short: int
    completing: list[str]  # "JK" stands for any wild card
    nearest: list[NearView] = field(default_factory=list)
    short_said: str = ""  # two cards short or more: how many, and one way's cards

    @classmethod
    def of(cls, solution: Solution) -> SolutionView:
        return cls(
            met=solution.met,
            melds=[
                SolvedMeldView(
                    cards=[str(card) for card in meld.cards],
                    reading=ReadingView.of(meld.reading),
                    contract=meld.contract,
                )
                for meld in solution.melds
            ],
            left=[str(card) for card in solution.left],
            left_points=solution.left_points,
            short=solution.short,
            completing=list(solution.completing_tokens),
            nearest=[NearView.of(meld) for meld in solution.nearest],
            short_said=short_words(spoken(), solution) if solution.short > 1 else "",
        )


def short_text(solution: SolutionView) -> str:
    """R66 as a player hears it: how many cards are missing and, when it is one, which
    would do (the joker standing for any wild card).

    >>> short_text(SolutionView(met=False, melds=[], left=[], left_points=0, short=1,
    ...                         completing=["7H", "10H", "JK"]))
    'One card short: 7H, 10H or any wild card'
    >>> short_text(SolutionView(met=False, melds=[], left=[], left_points=0, short=3,
    ...                         completing=[]))
    'Three cards short'
    """
    if solution.met:
        return ""
    words = spoken()
    if solution.short_said:
        return solution.short_said
    if solution.short != 1:
        count = count_word(words, solution.short)
        return str(gettext("%(count)s cards short", count=count[:1].upper() + count[1:]))
    names = [gettext("any wild card") if card == "JK" else card for card in solution.completing]
    if not names:
        return str(gettext("One card short"))
    return str(gettext("One card short: %(cards)s", cards=words.listed(names, "or")))


def declaration(key: str) -> Declaration | None:
    """``set:6`` or ``run:D:4`` (as the page writes a reading) to a declaration.

    >>> declaration("run:D:4")
    Declaration(kind='run', rank=None, suit='D', low=4, high=None)
    >>> declaration("run:X") is None
    True
    """
    parts = key.split(":")
    try:
        if parts[0] == "set" and len(parts) == 2:
            return Declaration.parse({"kind": "set", "rank": parts[1]})
        if parts[0] == "run" and len(parts) == 3:
            return Declaration.parse({"kind": "run", "suit": parts[1], "low": parts[2]})
    except RulesError:
        return None
    return None
