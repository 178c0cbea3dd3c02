"""Every sentence of the referee, in the table's language: the one module that turns
the rules core's :class:`~.reasons.Reason` values, contracts, wild-card limits and
readings into words. Nothing else in the code builds rule prose.

A :class:`Words` speaks one language. Its messages are gettext messages of the
package's catalogs (``referee/translations/<language>/LC_MESSAGES/messages.mo``, the
same catalogs the pages' words come from), read with the standard library's
``gettext``, so the rules core stays free of the web. English needs no catalog: a
message is its own English.

>>> ENGLISH.listed(["Ann", "Bob", "Cat"]), ENGLISH.listed(["6C", "6D", "JK"], "or")
('Ann, Bob and Cat', '6C, 6D or JK')
>>> listed(["Ann", "Bob", "Cat"]), listed(["6C", "6D", "JK"], "or")
('Ann, Bob and Cat', '6C, 6D or JK')
>>> wild_cards(1), wild_cards(2), wild_cards(2, digits=True)
('one wild card', 'two wild cards', '2 wild cards')
>>> counted(1, "meld"), counted(3, "meld"), counted(0, "deal"), counted(1, "point", digits=True)
('one meld', 'three melds', 'no deals', '1 point')
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .cards import number_word
from .reasons import Reason

if TYPE_CHECKING:  # ruleset.py speaks through these words
    from .ruleset import Kind, MeldWords

#: Where the package's compiled catalogs are (``referee/translations``).
CATALOGS = Path(__file__).resolve().parent.parent / "translations"
#: The catalogs' gettext domain.
DOMAIN = "messages"

#: How each reason's code is said: filled by :func:`renders` below, section by section.
_SAY: dict[str, Callable[[Words, Reason], str]] = {}


class Words:
    """The referee's sentences in one language (``"en"``, ``"es"``)."""

    def __init__(self, language: str, translations: stdlib_gettext.NullTranslations) -> None:
        self.language = language
        self._translations = translations

    def __repr__(self) -> str:
        return f"Words({self.language!r})"

    # The catalog's four look-ups, named as pybabel's extractor knows them.
    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._translations.npgettext(context, singular, plural, n)

    def listed(self, items: Sequence[str], last: str = "and") -> str:
        """``"A, B and C"`` (or ``"A, B or C"``); one item alone, none as ""."""
        if len(items) <= 1:
            return "".join(items)
        joiner = self.pgettext("list", "and") if last == "and" else self.pgettext("list", "or")
        return ", ".join(items[:-1]) + f" {joiner} " + items[-1]

    def meld(
        self,
        words: MeldWords,
        kind: Kind,
        *,
        count: int = 1,
        article: Literal["", "a", "the"] = "",
    ) -> str:
        """The game's own word for a meld of ``kind`` (R42), ``count`` of them, with
        an article that agrees with that word in this language: "a set", "an
        escalera", "the runs". Every sentence names a meld through here.

        >>> from .ruleset import MeldWords
        >>> carioca = MeldWords(set="trío", sets="tríos", run="escalera", runs="escaleras")
        >>> ENGLISH.meld(carioca, "run", article="a"), ENGLISH.meld(carioca, "set", count=2)
        ('an escalera', 'tríos')
        """
        noun = words.noun(kind, count)
        if not article:
            return self.pgettext("meld", noun)
        if self.language == "en":
            if article == "a":
                return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
            return f"the {noun}"
        return self.pgettext(f"meld with the article {article}", f"{article} {noun}")

    def reason(self, why: Reason) -> str:
        """One reason, said in this language."""
        try:
            say = _SAY[why.code]
        except KeyError:
            raise LookupError(f"no words for the reason {why.code!r}") from None
        return say(self, why)


def renders(
    *codes: str,
) -> Callable[[Callable[[Words, Reason], str]], Callable[[Words, Reason], str]]:
    """Register the function that says the reasons of ``codes``."""

    def register(say: Callable[[Words, Reason], str]) -> Callable[[Words, Reason], str]:
        for code in codes:
            if code in _SAY:
                raise ValueError(f"the reason {code!r} has words already")
            _SAY[code] = say
        return say

    return register


def reason_codes() -> frozenset[str]:
    """Every reason code that has words: a reason without them is a bug."""
    return frozenset(_SAY)


@functools.cache
def words_in(language: str) -> Words:
    """The words of ``language``; English where the package has no catalog for it."""
    translations = stdlib_gettext.translation(
        DOMAIN, localedir=CATALOGS, languages=[language], fallback=True
    )
    return Words(language, translations)


#: The referee's words in English, needing no catalog.
ENGLISH = Words("en", stdlib_gettext.NullTranslations())


# --- The few words every sentence is built from (English forms, kept for callers
# not yet speaking through a Words) ---------------------------------------------------


def listed(items: Sequence[str], last: str = "and") -> str:
    """``"A, B and C"`` (or ``"A, B or C"``); one item alone, none as "".

    >>> listed(["Ann"]), listed(["Ann", "Cat"]), listed([])
    ('Ann', 'Ann and Cat', '')
    """
    return ENGLISH.listed(items, last)


def counted(n: int, noun: str, *, digits: bool = False) -> str:
    """A count and its noun, which agree: ``"one meld"``, ``"two melds"``, ``"no
    melds"``; with ``digits``, ``"1 point"``, ``"25 points"``."""
    count = str(n) if digits else number_word(n)
    return f"{count} {noun}{'s' * (abs(n) != 1)}"


def wild_cards(n: int, *, digits: bool = False) -> str:
    """``"one wild card"``, ``"three wild cards"``; with ``digits``, ``"3 wild cards"``
    (the pages' contract lines)."""
    return counted(n, "wild card", digits=digits)


# --- Melds, lay-offs, rescues, contracts and hands: their reasons -------------------
# (melds.py, rescue.py, contracts.py, solver.py)


# --- House rules, scores, buys, cards and the referee's errors: their reasons -------
# (house.py, ruleset.py, scoring.py, bookkeeping.py, cards.py, errors.py)


# --- Games, contracts and readings described (the pages' lines) ---------------------
