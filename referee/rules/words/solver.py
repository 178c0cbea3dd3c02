"""Why the solver does not answer (the reasons of ``rules/solver.py``; R67)."""

from __future__ import annotations

from ..reasons import Reason
from .language import Words, renders


@renders("hand_too_large")
def _hand_too_large(words: Words, why: Reason) -> str:
    return words.gettext(
        "a hand holds at most {most} cards for the solver; this one has {size}"
    ).format(most=why["most"], size=why["size"])


@renders("search_too_long")
def _search_too_long(words: Words, why: Reason) -> str:  # R67
    return words.gettext(
        "too many cards to search at once; take out the cards that go into no meld, or tap "
        "the cards of one meld and check it"
    )
