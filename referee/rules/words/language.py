"""The referee's words in one language (:class:`Words`): the catalog's look-ups, a
list said as the language says it, a meld named in the game's own words, and a
reason said by whatever module registered it (:func:`renders`).

A :class:`Words` speaks one language. Its messages are gettext messages of the
package's catalogs (``referee/translations/<language>/LC_MESSAGES/messages.mo``, the
same catalogs the pages' words come from), read with the standard library's
``gettext``, so the rules core stays free of the web. English needs no catalog: a
message is its own English.
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

from ..errors import RulesError
from ..reasons import Reason
from ..ruleset import Kind, MeldWords

#: Where the package's compiled catalogs are (``referee/translations``).
CATALOGS = Path(__file__).resolve().parents[2] / "translations"
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

        >>> from referee.rules.ruleset import MeldWords
        >>> carioca = MeldWords(set="trío", sets="tríos", run="escalera", runs="escaleras")
        >>> ENGLISH.meld(carioca, "run", article="a"), ENGLISH.meld(carioca, "set", count=2)
        ('an escalera', 'tríos')
        """
        noun = words.noun(kind, count)
        if self.language == "en":
            if article == "a":
                return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
            return f"the {noun}" if article else noun
        said = meld_word_messages(self).get((article, noun))
        return said if said is not None else noun  # a word of no game: as it is

    def error(self, error: Exception) -> str:
        """An error's sentence in this language: the rules core's by its reason, any
        other as raised (the pages', the API's and the phone's one way to say it).

        >>> from referee.rules import parse_cards
        >>> try:
        ...     parse_cards("ZZ")
        ... except Exception as error:
        ...     print(ENGLISH.error(error))
        "ZZ" is not a card
        """
        return self.reason(error.reason) if isinstance(error, RulesError) else str(error)

    def reason(self, why: Reason) -> str:
        """One reason, said in this language."""
        try:
            say = _SAY[why.code]
        except KeyError:
            raise LookupError(f"no words for the reason {why.code!r}") from None
        if "game" in why:  # the game's name as this language's tables say it
            game = self.game(str(why["game"]))
            why = Reason(why.code, tuple((k, game if k == "game" else v) for k, v in why.facts))
        return say(self, why)

    def game(self, name: str) -> str:
        """A game's name as the tables of this language say it ("Rummy de
        contratos"); a name of no preset as it is.

        >>> ENGLISH.game("Contract Rummy"), ENGLISH.game("Grandma's")
        ('Contract Rummy', "Grandma's")
        """
        if self.language == "en":
            return name
        return game_name_messages(self).get(name, name)


@functools.cache
def game_name_messages(words: Words) -> dict[str, str]:
    """Every preset's name (``Ruleset.name``) in ``words``'s language, keyed by the
    English: one message each, so a language names a game as its tables do."""
    return {
        "Push": words.pgettext("game", "Push"),
        "Push solo": words.pgettext("game", "Push solo"),
        "Cap-It": words.pgettext("game", "Cap-It"),
        "Shove-It": words.pgettext("game", "Shove-It"),
        "Contract Rummy": words.pgettext("game", "Contract Rummy"),
        "Jo": words.pgettext("game", "Jo"),
        "Progressive Rummy": words.pgettext("game", "Progressive Rummy"),
        "King Rummy": words.pgettext("game", "King Rummy"),
        "Shanghai": words.pgettext("game", "Shanghai"),
        "Loba": words.pgettext("game", "Loba"),
        "Carioca": words.pgettext("game", "Carioca"),
        "South African Kaluki": words.pgettext("game", "South African Kaluki"),
        "Caribbean Kalooki": words.pgettext("game", "Caribbean Kalooki"),
        "Russian Rummy": words.pgettext("game", "Russian Rummy"),
        "Telefunken": words.pgettext("game", "Telefunken"),
        "Farmer's Rummy": words.pgettext("game", "Farmer's Rummy"),
    }


@functools.cache
def meld_word_messages(words: Words) -> dict[tuple[str, str], str]:
    """Every game's meld words (R42) in ``words``'s language, alone and with each
    article, keyed by (article, English word): one message of the catalog each, so a
    language gives each word its own gender ("un trío", "una escalera"). A game whose
    words are not here fails ``tests/rules/test_meld_words.py``."""
    return {
        ("", "set"): words.pgettext("meld", "set"),
        ("a", "set"): words.pgettext("meld with a", "a set"),
        ("the", "set"): words.pgettext("meld with the", "the set"),
        ("", "sets"): words.pgettext("meld", "sets"),
        ("the", "sets"): words.pgettext("meld with the", "the sets"),
        ("", "run"): words.pgettext("meld", "run"),
        ("a", "run"): words.pgettext("meld with a", "a run"),
        ("the", "run"): words.pgettext("meld with the", "the run"),
        ("", "runs"): words.pgettext("meld", "runs"),
        ("the", "runs"): words.pgettext("meld with the", "the runs"),
        ("", "group"): words.pgettext("meld", "group"),
        ("a", "group"): words.pgettext("meld with a", "a group"),
        ("the", "group"): words.pgettext("meld with the", "the group"),
        ("", "groups"): words.pgettext("meld", "groups"),
        ("the", "groups"): words.pgettext("meld with the", "the groups"),
        ("", "sequence"): words.pgettext("meld", "sequence"),
        ("a", "sequence"): words.pgettext("meld with a", "a sequence"),
        ("the", "sequence"): words.pgettext("meld with the", "the sequence"),
        ("", "sequences"): words.pgettext("meld", "sequences"),
        ("the", "sequences"): words.pgettext("meld with the", "the sequences"),
        ("", "sequidilla"): words.pgettext("meld", "sequidilla"),
        ("a", "sequidilla"): words.pgettext("meld with a", "a sequidilla"),
        ("the", "sequidilla"): words.pgettext("meld with the", "the sequidilla"),
        ("", "sequidillas"): words.pgettext("meld", "sequidillas"),
        ("the", "sequidillas"): words.pgettext("meld with the", "the sequidillas"),
        ("", "trio"): words.pgettext("meld", "trio"),
        ("a", "trio"): words.pgettext("meld with a", "a trio"),
        ("the", "trio"): words.pgettext("meld with the", "the trio"),
        ("", "trios"): words.pgettext("meld", "trios"),
        ("the", "trios"): words.pgettext("meld with the", "the trios"),
        ("", "escalera"): words.pgettext("meld", "escalera"),
        ("a", "escalera"): words.pgettext("meld with a", "an escalera"),
        ("the", "escalera"): words.pgettext("meld with the", "the escalera"),
        ("", "escaleras"): words.pgettext("meld", "escaleras"),
        ("the", "escaleras"): words.pgettext("meld with the", "the escaleras"),
        ("", '"three"'): words.pgettext("meld", '"three"'),
        ("a", '"three"'): words.pgettext("meld with a", 'a "three"'),
        ("the", '"three"'): words.pgettext("meld with the", 'the "three"'),
        ("", '"threes"'): words.pgettext("meld", '"threes"'),
        ("the", '"threes"'): words.pgettext("meld with the", 'the "threes"'),
        ("", '"four"'): words.pgettext("meld", '"four"'),
        ("a", '"four"'): words.pgettext("meld with a", 'a "four"'),
        ("the", '"four"'): words.pgettext("meld with the", 'the "four"'),
        ("", '"fours"'): words.pgettext("meld", '"fours"'),
        ("the", '"fours"'): words.pgettext("meld with the", 'the "fours"'),
        ("", "cuarteto"): words.pgettext("meld", "cuarteto"),
        ("", "quinteto"): words.pgettext("meld", "quinteto"),
        # A preset's named part (R55), as the other words of its game.
        ("", "pure trio (no wild card, three suits)"): words.pgettext(
            "meld", "pure trio (no wild card, three suits)"
        ),
    }


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
