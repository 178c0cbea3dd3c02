"""Template filters: cards as coloured chips, the referee's sentences for people, a
game's name, a name the table typed isolated where it is drawn."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from flask import Flask
from flask_babel import format_decimal, pgettext
from markupsafe import Markup

from ..plumbing.sentences import request_words
from ..rules import VARIANTS
from ..rules.cards import SUIT_SYMBOLS
from ..rules.melds import Reading
from ..rules.words import Words, option_words, points_words, said_reading
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
    return request_words().game(name)


def one_place(numerator: int, denominator: int) -> Decimal:
    """``numerator / denominator`` to one decimal place, a half rounded away from
    nothing as a person rounds (not to even, nor through a float's error).

    >>> one_place(77, 4), one_place(-77, 4), one_place(247, 20), one_place(10, 3)
    (Decimal('19.3'), Decimal('-19.3'), Decimal('12.4'), Decimal('3.3'))
    """
    # Exact where it matters: a quotient that ends in a half has few digits.
    return (Decimal(numerator) / Decimal(denominator)).quantize(ONE_PLACE, ROUND_HALF_UP)


ONE_PLACE = Decimal("0.1")


def number(value: int | Decimal, places: int = 0) -> str:
    """A number as the request's language writes it: its decimal mark and grouping
    ("1,234.5"; "1234,5" in Spanish), with ``places`` decimals, already rounded."""
    return str(format_decimal(value, format="#,##0" + ("." + "0" * places if places else "")))


def points(count: int) -> str:
    """``"1 point"``, ``"25 points"``, in the request's language."""
    return points_words(request_words(), count)


def listed(items: Sequence[str], last: str = "and") -> str:
    """``"Ann, Bob and Cat"``, in the request's language."""
    return request_words().listed(items, last)


def sheet_total(total: int) -> str:
    """R34: a total still at nothing reads ---, or as the page's language writes it."""
    return str(total) if total else str(pgettext("a total of nothing on the sheet", "---"))


def reading_words(reading: Reading) -> str:
    """A reading of a meld without its article ("set of sixes"), in the request's
    language."""
    return said_reading(request_words(), reading, article=False)


def option_label(name: str, english: str) -> str:
    """A game's option on the new-game form (``variants.OPTIONS``), in the request's
    language; ``english``, its description, where the words know no other."""
    return option_words(request_words(), name, english)


def template_words() -> dict[str, Words]:
    """``words``: the rules core's words in the request's language, for every template
    to hand to what the rules say (``rules.players_text(words)``)."""
    return {"words": request_words()}


def register(app: Flask) -> None:
    app.context_processor(template_words)
    app.add_template_global(reading_words, "reading_words")
    app.add_template_global(option_label, "option_label")
    app.add_template_filter(chip, "chip")
    app.add_template_filter(bdi, "bdi")
    app.add_template_filter(suited, "suited")
    app.add_template_filter(sheet_total, "sheet_total")
    app.add_template_filter(game_name, "game_name")
    app.add_template_filter(said_game, "game")
    app.add_template_filter(points, "points")
    app.add_template_filter(number, "number")
    app.add_template_filter(listed, "listed")
    app.add_template_global(own_word, "own_word")
