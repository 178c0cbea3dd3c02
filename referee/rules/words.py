"""The few words every sentence of the referee is built from: a list as a person
says it, and a count of wild cards.

>>> listed(["Ann", "Bob", "Cat"]), listed(["6C", "6D", "JK"], "or")
('Ann, Bob and Cat', '6C, 6D or JK')
>>> wild_cards(1), wild_cards(2), wild_cards(2, digits=True)
('one wild card', 'two wild cards', '2 wild cards')
>>> counted(1, "meld"), counted(3, "meld"), counted(0, "deal"), counted(1, "point", digits=True)
('one meld', 'three melds', 'no deals', '1 point')
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import number_word


def listed(items: Sequence[str], last: str = "and") -> str:
    """``"A, B and C"`` (or ``"A, B or C"``); one item alone, none as "".

    >>> listed(["Ann"]), listed(["Ann", "Cat"]), listed([])
    ('Ann', 'Ann and Cat', '')
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def counted(n: int, noun: str, *, digits: bool = False) -> str:
    """A count and its noun, which agree: ``"one meld"``, ``"two melds"``, ``"no
    melds"``; with ``digits``, ``"1 point"``, ``"25 points"``."""
    count = str(n) if digits else number_word(n)
    return f"{count} {noun}{'s' * (abs(n) != 1)}"


def wild_cards(n: int, *, digits: bool = False) -> str:
    """``"one wild card"``, ``"three wild cards"``; with ``digits``, ``"3 wild cards"``
    (the pages' contract lines)."""
    return counted(n, "wild card", digits=digits)
