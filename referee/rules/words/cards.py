"""A card or a pack the referee cannot take (the reasons of ``rules/cards.py``; R1-R3)."""

from __future__ import annotations

from ..reasons import Reason
from .language import Words, renders
from .phrases import count_word, decks_words, fact_int, facts, pack_words


@renders("not_a_card")
def _not_a_card(words: Words, why: Reason) -> str:
    return words._('"{token}" is not a card').format(**facts(why))


@renders("not_a_rank")
def _not_a_rank(words: Words, why: Reason) -> str:
    return words._('"{token}" is not a rank; use A, 2 to 10, J, Q or K').format(**facts(why))


@renders("not_a_suit")
def _not_a_suit(words: Words, why: Reason) -> str:
    return words._('"{token}" is not a suit; use S, H, D or C').format(**facts(why))


@renders("more_than_the_pack")
def _more_than_the_pack(words: Words, why: Reason) -> str:
    """R3, R49: facts ``card`` (None: the joker), ``count``, ``limit``, ``decks`` and
    ``jokers`` (None: two a deck)."""
    decks, jokers, count, limit = (fact_int(why, n) for n in ("decks", "jokers", "count", "limit"))
    card = why["card"]
    if card is None:
        what = words.ngettext(
            "there is {count} joker here, but the pack of {pack} holds only {limit}",
            "there are {count} jokers here, but the pack of {pack} holds only {limit}",
            count,
        )
    else:
        what = words.ngettext(
            "there is {count} {card} here, but the pack of {pack} holds only {limit}",
            "there are {count} {card} here, but the pack of {pack} holds only {limit}",
            count,
        )
    if jokers == 2 * decks:
        pack = words._("{decks} ({cards} cards)").format(
            decks=decks_words(words, decks), cards=54 * decks
        )
    else:
        pack = words._("{pack} ({cards} cards)").format(
            pack=pack_words(words, decks, jokers), cards=52 * decks + jokers
        )
    return what.format(
        count=count_word(words, count), card=card, pack=pack, limit=count_word(words, limit)
    )
