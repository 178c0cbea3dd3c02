"""Penalty points: card values and a hand's points (R28, R29).

>>> from referee.rules import get_ruleset, parse_cards
>>> score_hand(parse_cards("AS KD 7C JK"), get_ruleset("push")).points
50
>>> score_hand(parse_cards("AS KD 7C JK"), get_ruleset("shove-it")).points
85
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .variants import Ruleset


@dataclass(frozen=True, slots=True)
class HandScore:
    """The cards left in a hand, each with its points, and their sum."""

    cards: tuple[tuple[Card, int], ...]

    @property
    def points(self) -> int:
        return sum(points for _, points in self.cards)


def score_hand(cards: Sequence[Card], rules: Ruleset, players: int | None = None) -> HandScore:
    """Count a hand by the variant's card values; an empty hand scores 0.

    A hand holding more of a card than the pack does raises PackError (R3).
    """
    rules.check_cards(cards, players)
    return HandScore(tuple((card, rules.card_values(card)) for card in cards))
