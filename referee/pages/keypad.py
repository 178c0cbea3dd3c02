"""The card keypad of the pages: what a tap does to the cards being tapped in.

The pages keep no state on the server: the cards tapped so far travel with every
tap as a field of the form (``"6D 2S"``), with the rank tapped and waiting for its
suit. A tap is a *press* such as ``rank:7``, ``suit:H``, ``joker``, ``back``,
``clear`` or ``remove:2``.

>>> tray = Tray.read("6D", "")
>>> tray = tray.press("rank:2").press("suit:S").press("joker")
>>> tray.text, tray.rank
('6D 2S JK', '')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import Card, CardError, format_cards, parse_cards
from ..rules.cards import RANK_TOKENS, SUIT_SYMBOLS, SUITS

RANKS = RANK_TOKENS
KEY_SUITS = tuple((suit, SUIT_SYMBOLS[suit]) for suit in SUITS)
MAX_CARDS = 40  # a hand can grow long in Push (pushed cards); a meld is at most 13
#: The most digits a number typed or sent in a form field is read with: more than any
#: seat, version or hand's points, far fewer than Python refuses to read.
DIGITS = 18


def whole_number(text: str | None) -> int | None:
    """The whole number in a form field (decimal digits, of any script, as ``int``
    reads them; spaces round them allowed), or None. Never raises, whatever a
    tampered form sends: "²" is a digit but no number, and 5,000 digits are refused.

    >>> whole_number(" 25 "), whole_number("²"), whole_number("1" * 5000)
    (25, None, None)
    """
    text = (text or "").strip()
    if text.isdecimal() and len(text) <= DIGITS:
        return int(text)
    return None


@dataclass(frozen=True)
class Tray:
    """Cards tapped in so far, and a rank waiting for its suit."""

    cards: tuple[Card, ...] = ()
    rank: str = ""

    @classmethod
    def read(cls, cards: str | None, rank: str | None) -> Tray:
        """Read the form's fields; cards that do not parse are dropped with the rest
        (they can only come from a tampered form)."""
        try:
            parsed = tuple(parse_cards(cards or ""))
        except CardError:
            parsed = ()
        return cls(parsed[:MAX_CARDS], rank if rank in RANKS else "")

    def waiting(self, rank: str | None) -> Tray:
        """These cards with ``rank`` waiting for its suit (none, if it is no rank)."""
        return replace(self, rank=rank if rank in RANKS else "")

    @property
    def text(self) -> str:
        return format_cards(self.cards)

    def press(self, key: str) -> Tray:
        """The tray after one tap; an unknown key changes nothing."""
        action, _, value = key.partition(":")
        if action == "rank" and value in RANKS:
            return replace(self, rank="" if self.rank == value else value)
        if action == "suit" and value in SUITS and self.rank:
            return self._add(f"{self.rank}{value}")
        if action == "joker":
            return self._add("JK")
        if action == "back":
            return replace(self, rank="") if self.rank else replace(self, cards=self.cards[:-1])
        if action == "clear":
            return Tray()
        index = whole_number(value)
        if action == "remove" and index is not None and index < len(self.cards):
            return replace(self, cards=self.cards[:index] + self.cards[index + 1 :])
        return self

    def add_typed(self, typed: str) -> Tray:
        """Add cards typed in the notation of R1; CardError names a bad token."""
        return replace(self, cards=(self.cards + tuple(parse_cards(typed)))[:MAX_CARDS], rank="")

    def _add(self, token: str) -> Tray:
        if len(self.cards) >= MAX_CARDS:
            return replace(self, rank="")
        return Tray((*self.cards, Card.parse(token)), "")
