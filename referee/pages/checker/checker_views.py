"""What the checker shows: its state from one tap to the next (:class:`Checker`),
its modes and the fields that carry each mode's cards, and the verdicts it holds
(their views are :mod:`referee.pages.checker.verdict_views`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...rules.words import count_word, points_words
from ..keypad import Tray
from ..speech import gettext, ngettext
from ..speech import words as spoken
from .verdict_views import (
    ContractView,
    ExchangeView,
    ReadingView,
    RescueView,
    SolutionView,
    VerdictView,
    short_text,
)

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
