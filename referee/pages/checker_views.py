"""What the checker shows: its state from one tap to the next (:class:`Checker`),
and the rules core's verdicts as the checker draws them.

Cards as tokens (drawn as chips), a reading with its title and the key its Declare
button sends, a verdict's reasons said in the request's language. They are the
page's, not the API's answers: each presents the same verdicts in its own way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..rules import (
    Card,
    Declaration,
    MeldVerdict,
    Reading,
    RescueVerdict,
    RulesError,
    Ruleset,
    RunReading,
    Solution,
)
from ..rules.cards import rank_token
from ..rules.contracts import ContractVerdict
from ..rules.rescue import exchange_of, exchange_rule
from ..rules.words import count_word, points_words, reading_title
from .keypad import Tray
from .speech import gettext, ngettext
from .speech import words as spoken
from .words import exchange_words

MODES = ("meld", "layoff", "rescue", "contract", "hand")
#: The modes with a meld on the table (``table``) beside the cards tapped in.
ON_THE_TABLE = ("layoff", "rescue")
MAX_MELDS = 8  # melds done so far in a contract check
#: The modes that judge against a deal's contract: only where there is a deal (a game).
NEEDS_A_DEAL = ("contract", "hand")
#: The fields that keep each mode's own cards while another mode is shown: its tray
#: (named as the mode), its meld on the table, the contract's melds done so far
#: (``|`` between melds). A tab never shows another tab's cards.
KEPT = (
    "meld",
    "layoff",
    "layoff_table",
    "rescue",
    "rescue_table",
    "contract",
    "contract_melds",
    "hand",
)


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

    @classmethod
    def of(cls, verdict: MeldVerdict) -> VerdictView:
        words = spoken()
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            a_meld=verdict.a_meld,
            cards=verdict.cards,
            readings=verdict.readings,
            reasons=[words.reason(why) for why in verdict.reasons],
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


@dataclass(frozen=True)
class SolutionView:
    """What My hand can do in the deal (R65, R66)."""

    met: bool
    melds: list[SolvedMeldView]
    left: list[str]
    left_points: int
    short: int
    completing: list[str]  # "JK" stands for any wild card

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
        )


@dataclass
class Checker:
    """What the checker shows: its mode, the cards tapped in, and the verdict."""

    mode: str  # "meld", "contract" (a game's initial meld), "layoff", "rescue" or "hand"
    tray: Tray  # the meld being tapped in, the cards to lay off, the natural card, the hand
    table: Tray  # lay-off and rescue: the meld on the table
    into: str  # lay-off and rescue: "tray" or "table", where taps go
    melds: list[str]  # contract: the melds done so far
    declare: str  # a reading declared: of the meld, or in a rescue of the meld on the table
    typed: str = ""
    typed_error: str = ""
    #: The other modes' cards, by the fields of ``KEPT``, kept while this one is shown.
    kept: dict[str, str] = field(default_factory=dict)
    #: A hand too long to solve, or one the server could not take just now: said
    #: beside the tray.
    tray_error: str = ""
    #: The server's refusal to solve the hand just now (too many solves at once):
    #: one of the ``refusals`` the checker was run with.
    refusal: Exception | None = None
    verdict: VerdictView | None = None
    contract: ContractView | None = None
    #: Rescue: the verdict as the page shows it.
    rescue: RescueView | None = None
    #: Rescue: the tab as this game has it (R79).
    exchange: ExchangeView | None = None
    error: str = ""
    #: What to do next, where there is no verdict to show yet.
    hint: str = ""
    #: The verdict's readings as the page lists them.
    readings: list[ReadingView] = field(default_factory=list)
    wild: list[str] = field(default_factory=list)  # the meld's wild cards
    #: My hand: what the solver answered, as the page shows it, and each of its
    #: melds' wild cards.
    solution: SolutionView | None = None
    solution_wild: list[list[str]] = field(default_factory=list)

    @property
    def hand(self) -> str:
        """My hand's cards, kept while its melds are checked in the contract mode."""
        return self.kept.get("hand", "") if self.mode != "hand" else ""

    def switch(self, mode: str) -> None:
        """Show ``mode`` with its own cards, those of the mode shown kept until it is
        shown again. A lay-off or a rescue goes on with the box next to fill: the
        meld on the table while it is empty (R23, R24), else the cards to add."""
        if mode == self.mode:
            return
        self.kept |= {self.mode: self.tray.text}
        if self.mode in ON_THE_TABLE:
            self.kept[f"{self.mode}_table"] = self.table.text
        if self.mode == "contract":
            self.kept["contract_melds"] = "|".join(self.melds)
        self.tray = Tray.read(self.kept.pop(mode, ""), "")
        self.table = Tray.read(self.kept.pop(f"{mode}_table", ""), "")
        melds = self.kept.pop("contract_melds", "") if mode == "contract" else ""
        self.melds = melds_of(melds.split("|")) if mode == "contract" else []
        self.into = "table" if mode in ON_THE_TABLE and not self.table.cards else "tray"
        self.mode, self.declare = mode, ""

    @property
    def short_text(self) -> str:
        """How far the hand is from the contract, in words (R66)."""
        return short_text(self.solution) if self.solution else ""

    @property
    def solution_line(self) -> str:
        """My hand in one line, pinned above the keypad: the melds and what stays in
        hand, or how far the hand is from the contract (R65, R66)."""
        solution = self.solution
        if solution is None:
            return ""
        if not solution.met:
            return self.short_text
        words = spoken()
        n = len(solution.melds)
        melds = ngettext("%(count)s meld", "%(count)s melds", n, count=count_word(words, n))
        if not solution.left:
            return str(gettext("Meets the contract with %(melds)s, going out", melds=melds))
        stays = ngettext(
            "%(left)s stays in hand",
            "%(left)s stay in hand",
            solution.left_points,
            left=points_words(words, solution.left_points),
        )
        return str(
            gettext("Meets the contract with %(melds)s; %(stays)s", melds=melds, stays=stays)
        )

    def state(self, **extra: str) -> dict[str, Any]:
        """The fields that carry the checker from one tap to the next."""
        fields: dict[str, Any] = {"mode": self.mode, "cards": self.tray.text}
        if self.tray.rank:
            fields["rank"] = self.tray.rank
        if self.mode in ON_THE_TABLE:
            fields |= {"table": self.table.text, "into": self.into}
            if self.table.rank:
                fields["table_rank"] = self.table.rank
        if self.mode == "contract":
            fields["melds"] = self.melds
        fields |= {name: text for name, text in self.kept.items() if text and name in KEPT}
        if self.declare:
            fields["declare"] = self.declare
        return fields | extra


def melds_of(texts: Sequence[str], most: int = MAX_MELDS) -> list[str]:
    """The melds of a contract check as the fields send them, each read as cards (a
    meld that does not parse is dropped, as only a tampered form sends one)."""
    melds = [Tray.read(text, "").text for text in texts if text.strip()]
    return [meld for meld in melds if meld][:most]


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
