"""Template filters: cards as coloured chips, the referee's sentences for people, a
game's name, a name the table typed isolated where it is drawn. They speak through
:mod:`.speech`, so the checker drawn on the phone uses them too.

The rules core's values never say themselves: a template hands a game's players, its
pack or its wild-card limits to a filter here, with the words of its language, and
the filter asks the rules core's words (:mod:`referee.rules.words`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from ..rules import VARIANTS
from ..rules.cards import SUIT_SYMBOLS
from ..rules.melds import Reading
from ..rules.ruleset import Pack, Ruleset
from ..rules.words import (
    Words,
    option_words,
    pack_words,
    player_counts,
    points_words,
    said_reading,
    wild_limit_lines,
)
from .speech import pgettext
from .speech import words as spoken
from .words import own_word

_CARD_CODE = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


def chip(token: str) -> Markup:
    """A card as a coloured chip: ``6D`` → 6♦ in red."""
    if token == "JK":
        return Markup('<span class="card joker">JK</span>')
    rank, suit = token[:-1], token[-1]
    colour = "red" if suit in "HD" else "black"
    return Markup(f'<span class="card {colour}">{rank}{SUIT_SYMBOLS[suit]}</span>')


def suited(text: str) -> str:
    """A sentence of the referee's with its card codes written with suit symbols.

    >>> suited("8C and 8H differ")
    '8♣ and 8♥ differ'
    """
    return _CARD_CODE.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


def bdi(text: str) -> Markup:
    """Text the table typed (a name), isolated from the sentence around it: its own
    direction, and nothing in it, a right-to-left override kept in an old game (R73)
    included, reaches past it. Inside ``_()`` too: ``player=name|bdi``.

    >>> bdi("Ann <3")
    Markup('<bdi>Ann &lt;3</bdi>')
    """
    return Markup("<bdi>{}</bdi>").format(text)


def game_name(game: Any) -> str:
    """The name of a saved game's variant, for the page's heading and title, as the
    request's language says it."""
    variant = VARIANTS.get(game.variant)
    return said_game(variant.name) if variant else ""


def said_game(name: str) -> str:
    """A game's name (``Ruleset.name``) as the tables of the request's language say
    it."""
    return spoken().game(name)


def points(count: int) -> str:
    """``"1 point"``, ``"25 points"``, in the request's language."""
    return points_words(spoken(), count)


def listed(items: Sequence[str], last: str = "and") -> str:
    """``"Ann, Bob and Cat"``, in the request's language."""
    return spoken().listed(items, last)


def sheet_total(total: int) -> str:
    """R34: a total still at nothing reads ---, or as the page's language writes it."""
    return str(total) if total else str(pgettext("a total of nothing on the sheet", "---"))


def deal_points(points: int) -> str:
    """A side's points in one deal, beside its running total: signed, as a paper sheet
    writes what a deal added ("+25", "-10" for a bonus, "0" for the side that went out).

    >>> deal_points(25), deal_points(-10), deal_points(0)
    ('+25', '-10', '0')
    """
    return f"{points:+d}" if points else "0"


def reading_words(reading: Reading) -> str:
    """A reading of a meld without its article ("set of sixes"), in the request's
    language."""
    return said_reading(spoken(), reading, article=False)


def option_label(name: str, english: str) -> str:
    """A game's option on the new-game form (``variants.OPTIONS``), in the request's
    language; ``english``, its description, where the words know no other."""
    return option_words(spoken(), name, english)


def players_of(rules: Ruleset, words: Words) -> str:
    """The players a game is for: ``"3 to 8"``, ``"4 or 6"`` (R35, R36, R49)."""
    return player_counts(words, rules.players)


def pack_of(pack: Pack, words: Words) -> str:
    """A table's pack: ``"two decks and four jokers"`` (R3, R49)."""
    return pack_words(words, pack.decks, pack.jokers)


def wild_limits(rules: Ruleset, words: Words) -> tuple[str, ...]:
    """The game's wild-card rules in sentences (R6, R7, R46, R50-R56)."""
    return wild_limit_lines(words, rules)


def template_words() -> dict[str, Words]:
    """``words``: the rules core's words in the request's language, for every template
    to hand to the filters that say what the rules are (``rules|player_counts(words)``)."""
    return {"words": spoken()}


#: The templates' filters and globals, by name: the app's (``referee.pages.register``)
#: and the phone's (:mod:`.on_the_phone`), the same.
FILTERS = {
    "chip": chip,
    "bdi": bdi,
    "suited": suited,
    "sheet_total": sheet_total,
    "deal_points": deal_points,
    "game_name": game_name,
    "game": said_game,
    "points": points,
    "listed": listed,
    "player_counts": players_of,
    "pack_words": pack_of,
    "wild_limits": wild_limits,
}
GLOBALS = {"reading_words": reading_words, "option_label": option_label, "own_word": own_word}
