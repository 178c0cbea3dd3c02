"""Why the solver does not answer (the reasons of ``rules/solver.py``; R67), and how far
a hand falls short of the contract, with one way to meet it (R66)."""

from __future__ import annotations

from ..cards import JOKER, Card
from ..reasons import Reason
from ..solver import NearMeld, Solution
from .language import Words, renders
from .phrases import capitalized, count_word, reading_title


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


# --- The way a hand falls short (R66) ------------------------------------------------


def near_title(words: Words, meld: NearMeld) -> str:
    """A meld of the nearest way as its line is headed: its reading ("Run of hearts,
    5 to 9"), or for a meld of no natural card yet its kind and size.

    >>> from referee.rules import NearMeld
    >>> from referee.rules.words import ENGLISH
    >>> near_title(ENGLISH, NearMeld("set", 3, (), (), None, None))
    'A set of three, of any rank'
    """
    if meld.reading is not None:
        return reading_title(words, meld.reading)
    size = count_word(words, meld.size)
    if meld.kind == "set":
        return words.gettext("A set of {size}, of any rank").format(size=size)
    return words.gettext("A run of {size}, of any suit").format(size=size)


def _lacked(words: Words, cards: tuple[Card, ...]) -> list[str]:
    """Cards the hand lacks as a player names them: a card by its code, the joker as
    any wild card."""
    return [words.gettext("a wild card") if card == JOKER else str(card) for card in cards]


def _to_find(words: Words, meld: NearMeld) -> str:
    """The cards of one rank or run a meld of no natural card yet lacks."""
    count = count_word(words, meld.to_find)
    if meld.kind == "set":
        return words.ngettext(
            "{count} card of one rank", "{count} cards of one rank", meld.to_find
        ).format(count=count)
    return words.ngettext(
        "{count} card of one run", "{count} cards of one run", meld.to_find
    ).format(count=count)


def near_meld_words(words: Words, meld: NearMeld) -> str:
    """What a meld of the nearest way lacks, as a careful player says it.

    >>> from referee.rules import NearMeld, SetReading, parse_cards
    >>> from referee.rules.words import ENGLISH
    >>> near_meld_words(ENGLISH, NearMeld("set", 3, tuple(parse_cards("8C 8H 8S")),
    ...                 tuple(parse_cards("8S")), SetReading(8), None))
    '8S missing'
    >>> near_meld_words(ENGLISH, NearMeld("run", 4, (), (), None, None))
    'four cards of one run to find'
    """
    if meld.to_find:
        return words.ngettext("{cards} to find", "{cards} to find", meld.to_find).format(
            cards=_to_find(words, meld)
        )
    if meld.missing:
        return words.ngettext("{cards} missing", "{cards} missing", len(meld.missing)).format(
            cards=words.listed(_lacked(words, meld.missing))
        )
    return words.gettext("complete")


def short_words(words: Words, solution: Solution) -> str:
    """How far a hand is from the contract, two cards or more, and the cards one way
    takes (R66): "Two cards short, for instance 9H and 8S".

    >>> from referee.rules import get_ruleset, parse_cards, solve_hand
    >>> from referee.rules.words import ENGLISH
    >>> hand = parse_cards("8C 8H 5H 6H 7H 9S KD")
    >>> short_words(ENGLISH, solve_hand(hand, get_ruleset("push"), 2))
    'Two cards short, for instance 9H and 9D'
    """
    count = capitalized(count_word(words, solution.short))
    named = [card for meld in solution.nearest for card in _lacked(words, meld.missing)]
    named += [_to_find(words, meld) for meld in solution.nearest if meld.to_find]
    if not named:
        return words.gettext("{count} cards short").format(count=count)
    return words.gettext("{count} cards short, for instance {cards}").format(
        count=count, cards=words.listed(named)
    )
