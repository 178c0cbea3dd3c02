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
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Literal, cast

from .cards import JOKER_TOKEN, RANK_TOKENS, SUIT_SYMBOLS, rank_token
from .house import changes_of
from .melds import Declaration, Reading, SetReading
from .reasons import Reason
from .ruleset import ContractPart, DealRule, Kind, MeldWords, Ruleset
from .scoring import Sheet
from .text import isolated

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
        if self.language == "en":
            if article == "a":
                return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
            return f"the {noun}" if article else noun
        said = meld_word_messages(self).get((article, noun))
        return said if said is not None else noun  # a word of no game: as it is

    def reason(self, why: Reason) -> str:
        """One reason, said in this language."""
        try:
            say = _SAY[why.code]
        except KeyError:
            raise LookupError(f"no words for the reason {why.code!r}") from None
        return say(self, why)


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
    count = str(n) if digits else count_word(ENGLISH, n)
    return f"{count} {noun}{'s' * (abs(n) != 1)}"


def wild_cards(n: int, *, digits: bool = False) -> str:
    """``"one wild card"``, ``"three wild cards"``; with ``digits``, ``"3 wild cards"``:
    :func:`wild_cards_words` in English."""
    return wild_cards_words(ENGLISH, n, digits=digits)


# --- Melds, lay-offs, rescues, contracts and hands: their reasons -------------------
# (melds.py, rescue.py, contracts.py, solver.py)
#
# Each function below says one reason (or a family of them) in whole sentences with
# named placeholders. The few words those sentences are made of (a count, a suit, a
# rank, a reading, a declaration, a contract part) are said by the functions just
# here, each taking the Words first.


def said_suit(words: Words, suit: str) -> str:
    """A suit in the plural, as in "a run of hearts"."""
    return {
        "S": words.pgettext("suit", "spades"),
        "H": words.pgettext("suit", "hearts"),
        "D": words.pgettext("suit", "diamonds"),
        "C": words.pgettext("suit", "clubs"),
    }[suit]


def said_a_rank(words: Words, rank: int) -> str:
    """One card of a rank, with its article: "a six", "an eight"."""
    said = (
        words.pgettext("a rank", "an ace"),
        words.pgettext("a rank", "a two"),
        words.pgettext("a rank", "a three"),
        words.pgettext("a rank", "a four"),
        words.pgettext("a rank", "a five"),
        words.pgettext("a rank", "a six"),
        words.pgettext("a rank", "a seven"),
        words.pgettext("a rank", "an eight"),
        words.pgettext("a rank", "a nine"),
        words.pgettext("a rank", "a ten"),
        words.pgettext("a rank", "a jack"),
        words.pgettext("a rank", "a queen"),
        words.pgettext("a rank", "a king"),
    )
    return said[(rank - 1) % 13]


def said_another_rank(words: Words, rank: int) -> str:
    """ "another six": one more card of a rank."""
    said = (
        words.pgettext("another rank", "another ace"),
        words.pgettext("another rank", "another two"),
        words.pgettext("another rank", "another three"),
        words.pgettext("another rank", "another four"),
        words.pgettext("another rank", "another five"),
        words.pgettext("another rank", "another six"),
        words.pgettext("another rank", "another seven"),
        words.pgettext("another rank", "another eight"),
        words.pgettext("another rank", "another nine"),
        words.pgettext("another rank", "another ten"),
        words.pgettext("another rank", "another jack"),
        words.pgettext("another rank", "another queen"),
        words.pgettext("another rank", "another king"),
    )
    return said[(rank - 1) % 13]


def said_kind(words: Words, kind: str) -> str:
    """The plain name of a kind of meld ("set", "run"), whatever the game calls it."""
    return (
        words.pgettext("kind of meld", "set")
        if kind == "set"
        else words.pgettext("kind of meld", "run")
    )


def said_reading(words: Words, reading: Reading, *, article: bool = True) -> str:
    """A reading of a meld (R15): "a set of sixes", "a run of diamonds 4-6"; without
    the article, "set of sixes"."""
    if isinstance(reading, SetReading):
        ranks = rank_plural(words, reading.rank)
        if article:
            return words.gettext("a set of {ranks}").format(ranks=ranks)
        return words.gettext("set of {ranks}").format(ranks=ranks)
    span = f"{rank_token(reading.low)}-{rank_token(reading.high)}"
    suit = said_suit(words, reading.suit)
    if article:
        return words.gettext("a run of {suit} {span}").format(suit=suit, span=span)
    return words.gettext("run of {suit} {span}").format(suit=suit, span=span)


def reading_title(words: Words, reading: Reading) -> str:
    """A reading as a verdict lists it (R15): "Set of sixes", "Run of diamonds, 4 to 6".

    >>> reading_title(ENGLISH, SetReading(6))
    'Set of sixes'
    """
    if isinstance(reading, SetReading):
        return words.gettext("Set of {ranks}").format(ranks=rank_plural(words, reading.rank))
    return words.gettext("Run of {suit}, {low} to {high}").format(
        suit=said_suit(words, reading.suit),
        low=rank_token(reading.low),
        high=rank_token(reading.high),
    )


def said_declaration(words: Words, declared: Declaration) -> str:
    """What a player declared a meld as: "a set of sixes", "a run of diamonds from 5"."""
    if declared.kind == "set":
        if declared.rank is None:
            return words.gettext("a set")
        return words.gettext("a set of {ranks}").format(ranks=rank_plural(words, declared.rank))
    suit = "" if declared.suit is None else said_suit(words, declared.suit)
    low = "" if declared.low is None else rank_token(declared.low)
    high = "" if declared.high is None else rank_token(declared.high)
    said = {
        (False, False, False): words.gettext("a run"),
        (True, False, False): words.gettext("a run of {suit}"),
        (False, True, False): words.gettext("a run from {low}"),
        (False, False, True): words.gettext("a run to {high}"),
        (True, True, False): words.gettext("a run of {suit} from {low}"),
        (True, False, True): words.gettext("a run of {suit} to {high}"),
        (False, True, True): words.gettext("a run from {low} to {high}"),
        (True, True, True): words.gettext("a run of {suit} from {low} to {high}"),
    }[(bool(suit), bool(low), bool(high))]
    return said.format(suit=suit, low=low, high=high)


def said_parts(words: Words, part: ContractPart, meld_words: MeldWords, n: int) -> str:
    """A count of one part: "two runs of four"; none of it: "no run of four"."""
    if not n:
        return words.pgettext("found", "no {part}").format(
            part=part_words(words, meld_words, part)
        )
    return words.gettext("{count} {part}").format(
        count=count_word(words, n), part=part_words(words, meld_words, part, count=n)
    )


def _either(words: Words, cards: tuple[object, ...]) -> str:
    """``JK``, ``2S or JK``, ``6C, 6D or 6S``."""
    return words.listed([str(card) for card in cards], "or")


# Melds (melds.py) --------------------------------------------------------------------


@renders("meld_too_short")
def _meld_too_short(words: Words, why: Reason) -> str:
    return words.gettext("a meld needs three or more cards; this has {size}").format(
        size=count_word(words, why["size"])  # type: ignore[arg-type]
    )


@renders("too_many_wild_cards")
def _too_many_wild_cards(words: Words, why: Reason) -> str:  # R7, R56
    return words.gettext(
        "too many wild cards for {game}: a meld needs more natural cards than wild cards, "
        "and as a {kind} this has {natural} natural and {wild} wild"
    ).format(
        game=why["game"],
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("more_wild_than_natural")
def _more_wild_than_natural(words: Words, why: Reason) -> str:  # R70
    return words.gettext(
        "too many wild cards: a meld holds no more wild cards than natural cards, and as a "
        "{kind} this has {natural} natural and {wild} wild"
    ).format(
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("too_few_natural_cards")
def _too_few_natural_cards(words: Words, why: Reason) -> str:  # R70
    least: int = why["least"]  # type: ignore[assignment]
    return words.ngettext(
        "a meld holds at least {least} natural card; as a {kind} this has {natural}",
        "a meld holds at least {least} natural cards; as a {kind} this has {natural}",
        least,
    ).format(
        least=count_word(words, least),
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
    )


@renders("wild_cards_over_limit")
def _wild_cards_over_limit(words: Words, why: Reason) -> str:  # R51, R52, R55
    most: int = why["most"]  # type: ignore[assignment]
    facts = {"game": why["game"], "wild": count_word(words, why["wild"])}  # type: ignore[arg-type]
    size = why.get("size")
    if size is None:
        if most == 0:
            message = words.gettext(
                "too many wild cards for {game}: a meld may hold no wild card, and this has {wild}"
            )
        else:
            message = words.ngettext(
                "too many wild cards for {game}: a meld may hold at most {most} wild card, "
                "and this has {wild}",
                "too many wild cards for {game}: a meld may hold at most {most} wild cards, "
                "and this has {wild}",
                most,
            )
        return message.format(most=count_word(words, most), **facts)
    a_meld = words.meld(why["words"], why["kind"], article="a")  # type: ignore[arg-type]
    if most == 0:
        message = words.gettext(
            "too many wild cards for {game}: {a_meld} of {size} may hold no wild card, "
            "and this has {wild}"
        )
    else:
        message = words.ngettext(
            "too many wild cards for {game}: {a_meld} of {size} may hold at most {most} "
            "wild card, and this has {wild}",
            "too many wild cards for {game}: {a_meld} of {size} may hold at most {most} "
            "wild cards, and this has {wild}",
            most,
        )
    return message.format(
        a_meld=a_meld,
        size=count_word(words, size),  # type: ignore[arg-type]
        most=count_word(words, most),
        **facts,
    )


@renders("set_too_few_natural_cards")
def _set_too_few_natural_cards(words: Words, why: Reason) -> str:  # R54
    least: int = why["least"]  # type: ignore[assignment]
    return words.ngettext(
        "{a_set} holds at least {least} natural card in {game}; this has {natural}",
        "{a_set} holds at least {least} natural cards in {game}; this has {natural}",
        least,
    ).format(
        a_set=words.meld(why["words"], "set", article="a"),  # type: ignore[arg-type]
        least=count_word(words, least),
        game=why["game"],
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
    )


@renders("wild_cards_side_by_side")
def _wild_cards_side_by_side(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} two wild cards may not stand for neighbouring cards of {a_run}"
    ).format(game=why["game"], a_run=words.meld(why["words"], "run", article="a"))  # type: ignore[arg-type]


@renders("card_not_of_set_rank")
def _card_not_of_set_rank(words: Words, why: Reason) -> str:
    return words.gettext("{card} does not belong in a set of {ranks}").format(
        card=why["card"],
        ranks=rank_plural(words, why["rank"]),  # type: ignore[arg-type]
    )


@renders("set_ranks_differ")
def _set_ranks_differ(words: Words, why: Reason) -> str:
    return words.gettext("a set needs cards of one rank: {first} and {other} differ").format(
        first=why["first"], other=why["other"]
    )


@renders("set_repeats_suit")
def _set_repeats_suit(words: Words, why: Reason) -> str:  # R9
    return words.gettext("a set may not hold two {suit}").format(
        suit=said_suit(words, why["suit"])  # type: ignore[arg-type]
    )


@renders("set_too_long")
def _set_too_long(words: Words, why: Reason) -> str:  # R9
    return words.gettext(
        "a set holds at most four cards, one of each suit, wild cards included; this has {size}"
    ).format(size=count_word(words, why["size"]))  # type: ignore[arg-type]


@renders("no_runs")
def _no_runs(words: Words, why: Reason) -> str:  # R44
    return words.gettext("{game} has no runs: its melds are sets only").format(game=why["game"])


@renders("card_not_of_run_suit")
def _card_not_of_run_suit(words: Words, why: Reason) -> str:
    return words.gettext("{card} does not belong in a run of {suit}").format(
        card=why["card"],
        suit=said_suit(words, why["suit"]),  # type: ignore[arg-type]
    )


@renders("run_suits_differ")
def _run_suits_differ(words: Words, why: Reason) -> str:
    return words.gettext("a run needs cards of one suit: {first} and {other} differ").format(
        first=why["first"], other=why["other"]
    )


@renders("run_too_short")
def _run_too_short(words: Words, why: Reason) -> str:  # R44
    if why["laid_off"]:
        message = words.gettext(
            "{a_run} needs {least} or more cards in {game}; this would have {size}"
        )
    else:
        message = words.gettext("{a_run} needs {least} or more cards in {game}; this has {size}")
    return message.format(
        a_run=words.meld(why["words"], "run", article="a"),  # type: ignore[arg-type]
        least=count_word(words, why["least"]),  # type: ignore[arg-type]
        game=why["game"],
        size=count_word(words, why["size"]),  # type: ignore[arg-type]
    )


@renders("run_too_long")
def _run_too_long(words: Words, why: Reason) -> str:  # R12, R45
    ace_to_ace, laid_off = why["most"] == 14, why["laid_off"]
    message = {
        (True, True): words.gettext(
            "a run holds at most 14 cards, from ace to ace; this would hold {size}"
        ),
        (True, False): words.gettext(
            "a run holds at most 14 cards, from ace to ace; this has {size}"
        ),
        (False, True): words.gettext(
            "a run holds at most 13 cards, one of each rank; this would hold {size}"
        ),
        (False, False): words.gettext(
            "a run holds at most 13 cards, one of each rank; this has {size}"
        ),
    }[(ace_to_ace, bool(laid_off))]
    return message.format(size=why["size"])


@renders("ace_high_only")
def _ace_high_only(words: Words, why: Reason) -> str:  # R45
    return words.gettext(
        "in {game} an ace is high only: it follows the king (Q-K-A) and never comes before the 2"
    ).format(game=why["game"])


@renders("run_repeats_ace")
def _run_repeats_ace(words: Words, why: Reason) -> str:  # R12, R45, R69
    if why["ace"] == "both_ends":
        return words.gettext("a run holds two aces only when it runs from ace to ace, 14 cards")
    if why["ace"] == "around":
        return words.gettext("a run holds at most one ace, even round the corner")
    return words.gettext("a run holds at most one ace")


@renders("run_has_its_ace")
def _run_has_its_ace(words: Words, why: Reason) -> str:  # R12
    return words.gettext("{reading} already has its ace; a run holds at most one ace").format(
        reading=said_reading(words, why["reading"])  # type: ignore[arg-type]
    )


@renders("run_repeats_card")
def _run_repeats_card(words: Words, why: Reason) -> str:
    return words.gettext("a run may not hold two {card}").format(card=why["card"])


@renders("run_place_filled")
def _run_place_filled(words: Words, why: Reason) -> str:  # R23
    return words.gettext(
        "the place of {card} in {reading} is already filled; cards are laid off only at a "
        "run's ends"
    ).format(card=why["card"], reading=said_reading(words, why["reading"]))  # type: ignore[arg-type]


@renders("run_wraps_round_ace")
def _run_wraps_round_ace(words: Words, why: Reason) -> str:  # R12
    window: tuple[int, ...] = why["ranks"]  # type: ignore[assignment]
    if len(window) <= 6:
        span = "-".join(rank_token(rank) for rank in window)
    else:
        span = f"{rank_token(window[0])}-…-A-…-{rank_token(window[-1])}"
    return words.gettext(
        "{span} wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), never in the middle"
    ).format(span=span)


@renders("card_too_far_from_run")
def _card_too_far_from_run(words: Words, why: Reason) -> str:  # R23, R69
    if why["around"]:
        message = words.gettext(
            "{card} is too far from the ends of {reading}, even round the corner: reaching "
            "it takes a run of {need} cards, and these make {size}"
        )
    else:
        message = words.gettext(
            "{card} is too far from the ends of {reading}: reaching it takes a run of {need} "
            "cards, and these make {size}"
        )
    return message.format(
        card=why["card"],
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        need=why["need"],
        size=why["size"],
    )


@renders("cards_too_far_apart")
def _cards_too_far_apart(words: Words, why: Reason) -> str:  # R11, R69
    if why["around"]:
        message = words.gettext(
            "{low} and {high} are too far apart for one run, even round the corner: from one "
            "to the other takes {need} cards, and this meld has {size}"
        )
    else:
        message = words.gettext(
            "{low} and {high} are too far apart for one run: from one to the other takes "
            "{need} cards, and this meld has {size}"
        )
    return message.format(low=why["low"], high=why["high"], need=why["need"], size=why["size"])


@renders("not_as_declared")
def _not_as_declared(words: Words, why: Reason) -> str:  # R15
    readings: tuple[Reading, ...] = why["readings"]  # type: ignore[assignment]
    named = [said_reading(words, reading) for reading in readings]
    more: int = why["more"]  # type: ignore[assignment]
    if more:
        named.append(words.gettext("{count} more").format(count=more))
    return words.gettext("{cards} cannot be declared {declared}; it reads as {readings}").format(
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
        declared=said_declaration(words, why["declared"]),  # type: ignore[arg-type]
        readings=words.listed(named, "or"),
    )


@renders("part_other_kind")
def _part_other_kind(words: Words, why: Reason) -> str:  # R47
    return words.gettext("deal {deal} of {game} needs {a_part}; this is {a_meld}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
        a_meld=words.meld(why["words"], why["kind"], article="a"),  # type: ignore[arg-type]
    )


@renders("part_other_size")
def _part_other_size(words: Words, why: Reason) -> str:  # R20, R47
    return words.gettext("deal {deal} of {game} needs {a_part}; this one has {size}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
        size=count_word(words, why["size"]),  # type: ignore[arg-type]
    )


@renders("part_holds_wild_card")
def _part_holds_wild_card(words: Words, why: Reason) -> str:  # R55, R56
    return words.gettext("deal {deal} of {game} needs {a_part}; this one holds {wild}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
        wild=wild_cards_words(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("part_repeats_suit")
def _part_repeats_suit(words: Words, why: Reason) -> str:  # R55
    return words.gettext("deal {deal} of {game} needs {a_part}; this one repeats a suit").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
    )


@renders("initial_meld_wild_cards_per_meld")
def _initial_meld_wild_cards_per_meld(words: Words, why: Reason) -> str:  # R52
    most: int = why["most"]  # type: ignore[assignment]
    return words.ngettext(
        "in {game} each meld of the initial meld holds at most {most} wild card; "
        "this one holds {wild}",
        "in {game} each meld of the initial meld holds at most {most} wild cards; "
        "this one holds {wild}",
        most,
    ).format(
        game=why["game"],
        most=count_word(words, most),
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("initial_meld_wild_cards")
def _initial_meld_wild_cards(words: Words, why: Reason) -> str:  # R53
    most: int = why["most"]  # type: ignore[assignment]
    if why["alone"]:
        message = words.ngettext(
            "deal {deal} of {game} allows at most {most} wild card in the whole initial meld; "
            "this meld alone holds {wild}",
            "deal {deal} of {game} allows at most {most} wild cards in the whole initial meld; "
            "this meld alone holds {wild}",
            most,
        )
    else:
        message = words.ngettext(
            "deal {deal} of {game} allows at most {most} wild card in the whole initial meld; "
            "these melds hold {wild}",
            "deal {deal} of {game} allows at most {most} wild cards in the whole initial meld; "
            "these melds hold {wild}",
            most,
        )
    return message.format(
        deal=why["deal"],
        game=why["game"],
        most=count_word(words, most),
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("contract_other_kind")
def _contract_other_kind(words: Words, why: Reason) -> str:  # R47
    return words.gettext("deal {deal} of {game} needs {contract}; this is {a_meld}").format(
        deal=why["deal"],
        game=why["game"],
        contract=contract_words(words, why["words"], why["contract"]),  # type: ignore[arg-type]
        a_meld=words.meld(why["words"], why["kind"], article="a"),  # type: ignore[arg-type]
    )


# Lay-offs (melds.py) ------------------------------------------------------------------


@renders("meld_on_table_not_legal")
def _meld_on_table_not_legal(words: Words, why: Reason) -> str:
    return words.gettext("the meld on the table is not legal: {why}").format(
        why=words.reason(why["why"])  # type: ignore[arg-type]
    )


@renders("nothing_laid_off")
def _nothing_laid_off(words: Words, why: Reason) -> str:
    return words.gettext("lay off one or more cards")


@renders("wild_card_never_laid_off")
def _wild_card_never_laid_off(words: Words, why: Reason) -> str:  # R56
    return words.gettext("in {game} a wild card is never laid off on a meld ({card})").format(
        game=why["game"], card=why["card"]
    )


@renders("meld_closed")
def _meld_closed(words: Words, why: Reason) -> str:  # R53
    meld = words.meld(why["words"], why["kind"], article="a")  # type: ignore[arg-type]
    if why["kind"] == "set":
        if why["then"] == "joker":
            message = words.gettext("{a_set} of four is closed in {game}: its joker stays")
        else:
            message = words.gettext(
                "{a_set} of four is closed in {game}: nothing may be laid off on it"
            )
        return message.format(a_set=meld, game=why["game"])
    if why["then"] == "joker":
        message = words.gettext("{a_run} from ace to ace is closed in {game}: its joker stays")
    else:
        message = words.gettext(
            "{a_run} from ace to ace is closed in {game}: nothing may be laid off on it"
        )
    return message.format(a_run=meld, game=why["game"])


@renders("lay_off_upward_only")
def _lay_off_upward_only(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} cards are laid off on {a_run} only above its top card, and below its "
        "bottom only once its top is an ace"
    ).format(game=why["game"], a_run=words.meld(why["words"], "run", article="a"))  # type: ignore[arg-type]


@renders("lay_off_fits_no_run")
def _lay_off_fits_no_run(words: Words, why: Reason) -> str:  # R15, R23
    return words.gettext(
        "{cards} cannot be laid off at the ends of any run {meld} can be read as; declare "
        "the meld to see why"
    ).format(
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
        meld=" ".join(str(card) for card in why["meld"]),  # type: ignore[attr-defined]
    )


# Rescues: a natural card in a joker's place (rescue.py) ---------------------------


@renders("exchange_rule")
def _exchange_rule(words: Words, why: Reason) -> str:  # R25, R79
    """The table's rule for a joker a natural card replaces."""
    exchange, game = why["exchange"], why["game"]
    meld_words: MeldWords = why["words"]  # type: ignore[assignment]
    a_set = words.meld(meld_words, "set", article="a")
    a_run = words.meld(meld_words, "run", article="a")
    if exchange == "in_meld":
        if why["to_hand"]:
            return words.gettext(
                "when a wild card is rescued in {game}, it may go into your hand"
            ).format(game=game)
        return words.gettext(
            "when a wild card is rescued in {game}, it must be used at once in a meld you "
            "make this turn; it never goes into your hand"
        ).format(game=game)
    if exchange == "to_hand":
        if why["twos_wild"]:
            message = words.gettext(
                "in {game} the natural card takes a joker's place and the joker goes into "
                "your hand; a wild 2 is never taken"
            )
        else:
            message = words.gettext(
                "in {game} the natural card takes a joker's place and the joker goes into "
                "your hand"
            )
        return message.format(game=game)
    if exchange == "move":
        return words.gettext(
            "in {game} only a joker at an end of {a_run} moves: the natural card takes its "
            "place and the joker moves past it, to stand for the next card; it never goes "
            "into your hand"
        ).format(game=game, a_run=a_run)
    if exchange == "move_anywhere":
        return words.gettext(
            "in {game} a joker at an end of {a_run} moves: the natural card takes its place "
            "and the joker goes to either end, wherever the {run} stays legal; it never goes "
            "into your hand"
        ).format(game=game, a_run=a_run, run=words.meld(meld_words, "run"))
    if exchange == "move_to_top":
        return words.gettext(
            "in {game} the natural card takes the place of a joker of {a_run} and the joker "
            "moves to the top, or to the bottom when the top is an ace; the joker of {a_set} "
            "never moves"
        ).format(game=game, a_run=a_run, a_set=a_set)
    if exchange == "two_for_one":
        if why["runs_allowed"]:
            message = words.gettext(
                "in {game} two cards of {a_set}'s rank take its joker's place and the joker "
                "goes into your hand; a joker at an end of {a_run} moves once, past the card "
                "that takes its place"
            )
        else:
            message = words.gettext(
                "in {game} two cards of {a_set}'s rank take its joker's place and the joker "
                "goes into your hand"
            )
        return message.format(game=game, a_set=a_set, a_run=a_run)
    return words.gettext(
        "in {game} jokers stay where they are: no card takes a joker's place"
    ).format(game=game)


@renders("wild_card_comes_out")
def _wild_card_comes_out(words: Words, why: Reason) -> str:  # R25, R79
    message = {
        "game_hand": words.gettext("{cards} comes out: it goes into your hand"),
        "hand": words.gettext("{cards} comes out: it may go into your hand"),
        "meld": words.gettext(
            "{cards} comes out: it must be used at once in a meld you make this turn; it "
            "never goes into your hand"
        ),
    }[why["goes"]]  # type: ignore[index]
    return message.format(cards=_either(words, why["cards"]))  # type: ignore[arg-type]


@renders("joker_moves")
def _joker_moves(words: Words, why: Reason) -> str:  # R79
    ends, once = why["ends"], bool(why["once"])
    message = {
        (("top",), False): words.gettext(
            "{cards} moves to the top of {the_run}, as {to}; it never goes into your hand"
        ),
        (("bottom",), False): words.gettext(
            "{cards} moves to the bottom of {the_run}, as {to}; it never goes into your hand"
        ),
        (("bottom", "top"), False): words.gettext(
            "{cards} moves to the bottom or the top of {the_run}, as {to}; it never goes "
            "into your hand"
        ),
        (("top",), True): words.gettext(
            "{cards} moves to the top of {the_run}, as {to}, and stays there: a joker moves "
            "only once"
        ),
        (("bottom",), True): words.gettext(
            "{cards} moves to the bottom of {the_run}, as {to}, and stays there: a joker "
            "moves only once"
        ),
        (("bottom", "top"), True): words.gettext(
            "{cards} moves to the bottom or the top of {the_run}, as {to}, and stays there: "
            "a joker moves only once"
        ),
    }[(ends, once)]  # type: ignore[index]
    return message.format(
        cards=_either(words, why["cards"]),  # type: ignore[arg-type]
        the_run=words.meld(why["words"], "run", article="the"),  # type: ignore[arg-type]
        to=_either(words, why["to"]),  # type: ignore[arg-type]
    )


@renders("rescue_with_joker")
def _rescue_with_joker(words: Words, why: Reason) -> str:  # R24
    return words.gettext("a joker is wild: only a natural card takes a wild card's place")


@renders("meld_has_no_wild_card")
def _meld_has_no_wild_card(words: Words, why: Reason) -> str:  # R5, R24
    two = why.get("two")
    reading = why.get("reading")
    if reading is None:
        if two is None:
            return words.gettext("the meld has no wild card")
        return words.gettext(
            "the meld has no wild card: {two} stands for itself in it, and a 2 that stands "
            "for itself cannot be rescued"
        ).format(two=two)
    said = said_reading(words, reading)  # type: ignore[arg-type]
    if two is None:
        return words.gettext("{reading} has no wild card").format(reading=said)
    return words.gettext("{reading} has no wild card: {two} stands for itself").format(
        reading=said, two=two
    )


@renders("more_ways_to_read")
def _more_ways_to_read(words: Words, why: Reason) -> str:  # R15
    return words.gettext("and {count} more ways to read it: declare the meld").format(
        count=why["count"]
    )


@renders("card_stands_for_no_wild_card")
def _card_stands_for_no_wild_card(words: Words, why: Reason) -> str:  # R24
    return words.gettext("{card} is not a card any wild card of this meld stands for").format(
        card=why["card"]
    )


@renders("only_jokers_taken")
def _only_jokers_taken(words: Words, why: Reason) -> str:  # R79
    return words.gettext("in {game} only a joker is taken from a meld: {cards} stays").format(
        game=why["game"],
        cards=_either(words, why["cards"]),  # type: ignore[arg-type]
    )


@renders("set_joker_stays")
def _set_joker_stays(words: Words, why: Reason) -> str:  # R79
    return words.gettext("in {game} the joker of {a_set} stays where it is").format(
        game=why["game"],
        a_set=words.meld(why["words"], "set", article="a"),  # type: ignore[arg-type]
    )


@renders("given_cards_share_suit")
def _given_cards_share_suit(words: Words, why: Reason) -> str:  # R9, R43
    return words.gettext("no two cards of {reading} share a suit: {cards} do").format(
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        cards=words.listed([str(card) for card in why["cards"]]),  # type: ignore[attr-defined]
    )


@renders("meld_would_not_be_legal")
def _meld_would_not_be_legal(words: Words, why: Reason) -> str:
    """The meld after an exchange is not legal as the one on the table was read:
    with which card(s) (``cards``) or at which place (``card``), and why."""
    because = why.get("why")
    if because is None:
        said = words.gettext("the meld would not be legal")
    else:
        said = words.gettext("the meld would not be legal: {why}").format(
            why=words.reason(because)  # type: ignore[arg-type]
        )
    if why.get("cards") is not None:
        return words.gettext("with {cards}, {not_legal}").format(
            cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
            not_legal=said,
        )
    if why.get("card") is not None:
        return words.gettext("with {card} in its place, {not_legal}").format(
            card=why["card"], not_legal=said
        )
    return said


@renders("two_cards_take_set_joker")
def _two_cards_take_set_joker(words: Words, why: Reason) -> str:  # R79
    return words.gettext(
        "in {game} two cards of its rank take the joker's place in {reading}: {card} and {another}"
    ).format(
        game=why["game"],
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        card=why["card"],
        another=said_another_rank(words, why["reading"].rank),  # type: ignore[attr-defined]
    )


@renders("one_card_takes_wild_place")
def _one_card_takes_wild_place(words: Words, why: Reason) -> str:  # R24
    return words.gettext("one card takes a wild card's place in {reading}, not {count}").format(
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        count=count_word(words, why["count"]),  # type: ignore[arg-type]
    )


@renders("one_card_takes_run_joker")
def _one_card_takes_run_joker(words: Words, why: Reason) -> str:  # R24
    return words.gettext("one card takes a joker's place in {a_run}: {card}, not {cards}").format(
        a_run=words.meld(why["words"], "run", article="a"),  # type: ignore[arg-type]
        card=why["cards"][0],  # type: ignore[index]
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
    )


@renders("middle_joker_stays")
def _middle_joker_stays(words: Words, why: Reason) -> str:  # R79
    return words.gettext("in {game} a joker in the middle of {a_run} never moves").format(
        game=why["game"],
        a_run=words.meld(why["words"], "run", article="a"),  # type: ignore[arg-type]
    )


@renders("joker_cannot_move")
def _joker_cannot_move(words: Words, why: Reason) -> str:  # R54, R79
    """A joker cannot move to an end of the run: past the ace, beside another wild
    card (``beside``), or the meld would not be legal (``why``)."""
    top = bool(why["top"])
    facts = {
        "joker": why["joker"],
        "the_run": words.meld(why["words"], "run", article="the"),  # type: ignore[arg-type]
    }
    if why.get("beside") is not None:
        if top:
            message = words.gettext(
                "{joker} cannot move to the top of {the_run}: it would stand beside "
                "{beside}, and in {game} two wild cards never stand for neighbouring cards"
            )
        else:
            message = words.gettext(
                "{joker} cannot move to the bottom of {the_run}: it would stand beside "
                "{beside}, and in {game} two wild cards never stand for neighbouring cards"
            )
        return message.format(beside=why["beside"], game=why["game"], **facts)
    if why.get("why") is not None:
        if top:
            message = words.gettext("{joker} cannot move to the top of {the_run}: {why}")
        else:
            message = words.gettext("{joker} cannot move to the bottom of {the_run}: {why}")
        return message.format(why=words.reason(why["why"]), **facts)  # type: ignore[arg-type]
    if top:
        message = words.gettext(
            "{joker} cannot move to the top of {the_run}: there is no card past the ace"
        )
    else:
        message = words.gettext(
            "{joker} cannot move to the bottom of {the_run}: there is no card past the ace"
        )
    return message.format(**facts)


@renders("wild_cards_stand_for")
def _wild_cards_stand_for(words: Words, why: Reason) -> str:  # R15, R24
    """In a run each wild card stands for one card: "in a run of hearts 6-8, JK stands
    for 7H"; more: "JK stands for 7H and 2C for 9H"."""
    pairs: tuple[tuple[object, object], ...] = why["pairs"]  # type: ignore[assignment]
    first = words.gettext("{card} stands for {as_}").format(card=pairs[0][0], as_=pairs[0][1])
    rest = [
        words.pgettext("a wild card and what it stands for", "{card} for {as_}").format(
            card=card, as_=stands_for
        )
        for card, stands_for in pairs[1:]
    ]
    return words.gettext("in {reading}, {stand_for}").format(
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        stand_for=words.listed([first, *rest]),
    )


def _wild_place_takes(words: Words, wild: str, reading: str, rank: str) -> str:
    """ "a joker's place in a set of sixes takes a six" (``wild``: whose place)."""
    return {
        "joker": words.gettext("a joker's place in {reading} takes {rank}"),
        "two": words.gettext("a 2's place in {reading} takes {rank}"),
        "wild": words.gettext("a wild card's place in {reading} takes {rank}"),
    }[wild].format(reading=reading, rank=rank)


@renders("wild_place_takes_rank")
def _wild_place_takes_rank(words: Words, why: Reason) -> str:  # R24
    reading = why["reading"]
    return _wild_place_takes(
        words,
        why["wild"],  # type: ignore[arg-type]
        said_reading(words, reading),  # type: ignore[arg-type]
        said_a_rank(words, reading.rank),  # type: ignore[attr-defined]
    )


@renders("set_holds_card")
def _set_holds_card(words: Words, why: Reason) -> str:  # R9, R24
    reading = why["reading"]
    said, rank = said_reading(words, reading), said_a_rank(words, reading.rank)  # type: ignore[arg-type, attr-defined]
    message = {
        "joker": words.gettext(
            "{reading} already holds {card}; a joker's place in it takes {rank} of another "
            "suit: {free}"
        ),
        "two": words.gettext(
            "{reading} already holds {card}; a 2's place in it takes {rank} of another "
            "suit: {free}"
        ),
        "wild": words.gettext(
            "{reading} already holds {card}; a wild card's place in it takes {rank} of "
            "another suit: {free}"
        ),
    }[why["wild"]]  # type: ignore[index]
    return message.format(
        reading=said,
        card=why["card"],
        rank=rank,
        free=_either(words, why["free"]),  # type: ignore[arg-type]
    )


@renders("each_refused")
def _each_refused(words: Words, why: Reason) -> str:
    """Several reasons a rescue is refused under one reading, one after the other."""
    return words.pgettext("reasons one after the other", "; ").join(
        words.reason(one)
        for one in why["reasons"]  # type: ignore[attr-defined]
    )


# Contracts: an initial meld against the deal's contract (contracts.py) --------------


def _needs(words: Words, why: Reason) -> str:
    """ "deal 3 needs two runs of four": the deal's contract."""
    return words.gettext("deal {deal} needs {contract}").format(
        deal=why["deal"],
        contract=contract_words(words, why["words"], why["contract"]),  # type: ignore[arg-type]
    )


def _meld_named(words: Words, why: Reason) -> str:
    """ "meld 2 (4D 5D 6D)": a meld of those given, by its place and cards."""
    return words.gettext("meld {number} ({cards})").format(
        number=why["number"],
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
    )


@renders("meld_not_legal")
def _meld_not_legal(words: Words, why: Reason) -> str:
    return words.gettext("{meld} is not legal: {why}").format(
        meld=_meld_named(words, why),
        why=words.reason(why["why"]),  # type: ignore[arg-type]
    )


@renders("meld_not_part")
def _meld_not_part(words: Words, why: Reason) -> str:  # R20, R47, R51-R56
    return words.gettext("{meld}: {why}").format(
        meld=_meld_named(words, why),
        why=words.reason(why["why"]),  # type: ignore[arg-type]
    )


@renders("meld_too_short_for_part")
def _meld_too_short_for_part(words: Words, why: Reason) -> str:  # R20
    return words.gettext("{meld} is a {kind} of {size}, too short for a {part}").format(
        meld=_meld_named(words, why),
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        size=count_word(words, why["size"]),  # type: ignore[arg-type]
        part=part_words(words, why["words"], why["part"]),  # type: ignore[arg-type]
    )


@renders("no_melds_given")
def _no_melds_given(words: Words, why: Reason) -> str:
    return words.gettext("{needs}; no melds were given").format(needs=_needs(words, why))


@renders("initial_meld_exactly_contract")
def _initial_meld_exactly_contract(words: Words, why: Reason) -> str:  # R21
    given: int = why["given"]  # type: ignore[assignment]
    return words.ngettext(
        "in {game} the initial meld is exactly the contract's melds: {needs}, and {count} "
        "meld was given; further melds wait for the next turn",
        "in {game} the initial meld is exactly the contract's melds: {needs}, and {count} "
        "melds were given; further melds wait for the next turn",
        given,
    ).format(game=why["game"], needs=_needs(words, why), count=count_word(words, given))


@renders("whole_hand_needed")
def _whole_hand_needed(words: Words, why: Reason) -> str:  # R58
    if why["exactly"]:
        message = words.gettext(
            "deal {deal} of {game} is met only by melding the whole hand, exactly {cards} "
            "cards; these melds hold {held}"
        )
    else:
        message = words.gettext(
            "deal {deal} of {game} is met only by melding the whole hand, at least {cards} "
            "cards; these melds hold {held}"
        )
    return message.format(deal=why["deal"], game=why["game"], cards=why["cards"], held=why["held"])


@renders("contract_parts_share_melds")
def _contract_parts_share_melds(words: Words, why: Reason) -> str:  # R20
    return words.gettext(
        "{needs}, each its own meld; these {count} melds cannot cover every part"
    ).format(needs=_needs(words, why), count=why["count"])


@renders("contract_part_missing")
def _contract_part_missing(words: Words, why: Reason) -> str:  # R20
    short: tuple[tuple[ContractPart, int], ...] = why["short"]  # type: ignore[assignment]
    meld_words: MeldWords = why["words"]  # type: ignore[assignment]
    if why["one_kind"]:
        found = short[0][1]
        said = count_word(words, found) if found else words.pgettext("found", "none")
    else:
        said = words.listed([said_parts(words, part, meld_words, n) for part, n in short])
    return words.gettext("{needs}; found {found}").format(needs=_needs(words, why), found=said)


@renders("runs_too_close")
def _runs_too_close(words: Words, why: Reason) -> str:  # R48
    gap: int = why["gap"]  # type: ignore[assignment]
    if gap == 1:
        message = words.gettext(
            "in {game} two {runs} of one suit need at least one card between them that "
            "neither holds: melds {first} and {second} ({one} and {other}) have none"
        )
    else:
        message = words.gettext(
            "in {game} two {runs} of one suit need at least {gap} cards between them that "
            "neither holds: melds {first} and {second} ({one} and {other}) have fewer"
        )
    return message.format(
        game=why["game"],
        runs=words.meld(why["words"], "run", count=2),  # type: ignore[arg-type]
        gap=count_word(words, gap),
        first=why["first"],
        second=why["second"],
        one=said_reading(words, why["one"], article=False),  # type: ignore[arg-type]
        other=said_reading(words, why["other"], article=False),  # type: ignore[arg-type]
    )


@renders("sets_of_one_rank")
def _sets_of_one_rank(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} a player never lays down two {sets} of one rank: melds {first} and "
        "{second} are both {ranks}"
    ).format(
        game=why["game"],
        sets=words.meld(why["words"], "set", count=2),  # type: ignore[arg-type]
        first=why["first"],
        second=why["second"],
        ranks=rank_plural(words, why["rank"]),  # type: ignore[arg-type]
    )


@renders("runs_of_one_suit")
def _runs_of_one_suit(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} a player never lays down two {runs} of one suit: melds {first} and "
        "{second} are both {suit}"
    ).format(
        game=why["game"],
        runs=words.meld(why["words"], "run", count=2),  # type: ignore[arg-type]
        first=why["first"],
        second=why["second"],
        suit=said_suit(words, why["suit"]),  # type: ignore[arg-type]
    )


@renders("initial_meld_rules_clash")
def _initial_meld_rules_clash(words: Words, why: Reason) -> str:  # R48, R53, R54
    return words.gettext(
        "these melds cannot meet every rule of {game}'s initial meld at once"
    ).format(game=why["game"])


# Hands (solver.py) -------------------------------------------------------------------


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


# The referee's refusals of a declaration and of a rescue's cards (melds.py, rescue.py)


@renders("declaration_kind_unknown")
def _declaration_kind_unknown(words: Words, why: Reason) -> str:  # R15
    return words.gettext('a declaration\'s "kind" must be "set" or "run"')


@renders("declaration_field_not_allowed")
def _declaration_field_not_allowed(words: Words, why: Reason) -> str:  # R15
    if why["kind"] == "set":
        message = words.gettext('a set is not declared with "{field}"')
    else:
        message = words.gettext('a run is not declared with "{field}"')
    return message.format(field=why["field"])


@renders("no_natural_card")
def _no_natural_card(words: Words, why: Reason) -> str:  # R24
    return words.gettext('give the card to put in a wild card\'s place, such as "8H"')


@renders("too_many_natural_cards")
def _too_many_natural_cards(words: Words, why: Reason) -> str:  # R24, R79
    count = count_word(words, why["count"])  # type: ignore[arg-type]
    if why["most"] == 1:
        return words.gettext(
            "{written} is {count} cards; give the one card to put in a wild card's place"
        ).format(written=why["written"], count=count)
    return words.gettext(
        "{written} is {count} cards; give one card, or two of {a_set}'s rank for its joker"
    ).format(
        written=why["written"],
        count=count,
        a_set=words.meld(why["words"], "set", article="a"),  # type: ignore[arg-type]
    )


# --- House rules, scores, buys, cards and the referee's errors: their reasons -------
# (house.py, ruleset.py, scoring.py, bookkeeping.py, cards.py, variants.py, errors.py)


def count_word(words: Words, n: int) -> str:
    """A small count as a player says it: "no", "one" ... "thirteen"; larger in
    figures. Every count said in words comes through here.

    >>> count_word(ENGLISH, 0), count_word(ENGLISH, 3), count_word(ENGLISH, 14)
    ('no', 'three', '14')
    """
    said = (
        words.pgettext("count", "no"),
        words.pgettext("count", "one"),
        words.pgettext("count", "two"),
        words.pgettext("count", "three"),
        words.pgettext("count", "four"),
        words.pgettext("count", "five"),
        words.pgettext("count", "six"),
        words.pgettext("count", "seven"),
        words.pgettext("count", "eight"),
        words.pgettext("count", "nine"),
        words.pgettext("count", "ten"),
        words.pgettext("count", "eleven"),
        words.pgettext("count", "twelve"),
        words.pgettext("count", "thirteen"),
    )
    return said[n] if 0 <= n < len(said) else str(n)


def _facts(why: Reason) -> dict[str, Hashable]:
    return dict(why.facts)


def _int(why: Reason, name: str) -> int:
    return cast(int, why[name])


def _str(why: Reason, name: str) -> str:
    return cast(str, why[name])


def _strs(why: Reason, name: str) -> tuple[str, ...]:
    return tuple(str(item) for item in cast(tuple[object, ...], why[name]))


def decks_words(words: Words, decks: int) -> str:
    """ "one deck", "two decks"."""
    return words.ngettext("{count} deck", "{count} decks", decks).format(
        count=count_word(words, decks)
    )


def jokers_words(words: Words, jokers: int) -> str:
    """ "one joker", "no jokers"."""
    return words.ngettext("{count} joker", "{count} jokers", jokers).format(
        count=count_word(words, jokers)
    )


def pack_words(words: Words, decks: int, jokers: int) -> str:
    """A table's pack: "two decks and four jokers" (R3, R49)."""
    return words._("{decks} and {jokers}").format(
        decks=decks_words(words, decks), jokers=jokers_words(words, jokers)
    )


def points_words(words: Words, points: int) -> str:
    """ "1 point", "25 points"."""
    return words.ngettext("{count} point", "{count} points", points).format(count=points)


def player_counts(words: Words, counts: Sequence[int]) -> str:
    """The player counts a game allows: "3 to 8", "4 or 6", "4"."""
    if len(counts) > 2 and tuple(counts) == tuple(range(counts[0], counts[-1] + 1)):
        return words._("{low} to {high}").format(low=counts[0], high=counts[-1])
    return words.listed([str(n) for n in counts], "or")


# Cards and the pack (R1-R3)


@renders("not_a_card")
def _not_a_card(words: Words, why: Reason) -> str:
    return words._('"{token}" is not a card').format(**_facts(why))


@renders("not_a_rank")
def _not_a_rank(words: Words, why: Reason) -> str:
    return words._('"{token}" is not a rank; use A, 2 to 10, J, Q or K').format(**_facts(why))


@renders("not_a_suit")
def _not_a_suit(words: Words, why: Reason) -> str:
    return words._('"{token}" is not a suit; use S, H, D or C').format(**_facts(why))


@renders("more_than_the_pack")
def _more_than_the_pack(words: Words, why: Reason) -> str:
    """R3, R49: facts ``card`` (None: the joker), ``count``, ``limit``, ``decks`` and
    ``jokers`` (None: two a deck)."""
    decks, jokers, count, limit = (_int(why, n) for n in ("decks", "jokers", "count", "limit"))
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


# Buys and the deal (R76, R77)


@renders("game_over_no_buy")
def _game_over_no_buy(words: Words, why: Reason) -> str:
    return words._("the game is over: there is no deal to buy in")


@renders("buys_used_up")
def _buys_used_up(words: Words, why: Reason) -> str:
    """R77: facts ``player``, ``limit`` and ``per`` ("deal" or "game")."""
    player, limit = why["player"], _int(why, "limit")
    if why["per"] == "deal":
        if limit == 0:
            return words._("no one may buy a discard this deal")
        said = words.ngettext(
            "{player} has used the one buy allowed this deal",
            "{player} has used all {limit} buys this deal",
            limit,
        )
    else:
        if limit == 0:
            return words._("no one may buy a discard in this game")
        said = words.ngettext(
            "{player} has used the one buy allowed in this game",
            "{player} has used all {limit} buys in this game",
            limit,
        )
    return said.format(player=player, limit=limit)


# Games, their options and deals (R35, R36, R49)


@renders("unknown_variant")
def _unknown_variant(words: Words, why: Reason) -> str:
    return words._('there is no variant "{variant}"; choose one of {known}').format(
        variant=why["variant"], known=", ".join(_strs(why, "known"))
    )


@renders("not_an_option")
def _not_an_option(words: Words, why: Reason) -> str:
    offered = _strs(why, "offered")
    return words._('"{name}" is not an option of {game}; its options are {offered}').format(
        name=why["name"],
        game=why["game"],
        offered=", ".join(offered) or words.pgettext("no options", "none"),
    )


@renders("option_not_true_or_false")
def _option_not_true_or_false(words: Words, why: Reason) -> str:
    return words._('option "{name}" must be true or false').format(**_facts(why))


@renders("not_a_deal")
def _not_a_deal(words: Words, why: Reason) -> str:
    deals = _int(why, "deals")
    return words.ngettext(
        "{game} has {count} deal: deal must be 1 to {deals}; {number} is not a deal",
        "{game} has {count} deals: deal must be 1 to {deals}; {number} is not a deal",
        deals,
    ).format(count=count_word(words, deals), **_facts(why))


@renders("players_not_allowed")
def _players_not_allowed(words: Words, why: Reason) -> str:
    allowed = cast(tuple[int, ...], why["allowed"])
    return words._("{game} is for {allowed} players, not {players}").format(
        game=why["game"], allowed=player_counts(words, allowed), players=why["players"]
    )


# Seating the table (R30, R31, R35)


@renders("teams_needed")
def _teams_needed(words: Words, why: Reason) -> str:
    return words._("{game} is played by two teams; give two team names").format(**_facts(why))


@renders("no_teams")
def _no_teams(words: Words, why: Reason) -> str:
    return words._("{game} is played each for themself; it has no teams").format(**_facts(why))


@renders("no_such_player")
def _no_such_player(words: Words, why: Reason) -> str:
    return words._('there is no player "{name}" in this game; the players are {players}').format(
        name=why["name"], players=", ".join(_strs(why, "players"))
    )


@renders("name_missing")
def _name_missing(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        return words._("a team needs a name")
    return words._("a player needs a name")


@renders("name_prints_as_nothing")
def _name_prints_as_nothing(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        said = words._(
            "a team's name {name!r} holds a character that prints as nothing; type it again"
        )
    else:
        said = words._(
            "a player's name {name!r} holds a character that prints as nothing; type it again"
        )
    return said.format(name=why["name"])


@renders("name_not_shown")
def _name_not_shown(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        said = words._(
            "a team's name {name!r} holds a character that cannot be shown "
            "(a control or formatting character); type it again"
        )
    else:
        said = words._(
            "a player's name {name!r} holds a character that cannot be shown "
            "(a control or formatting character); type it again"
        )
    return said.format(name=why["name"])


@renders("name_too_long")
def _name_too_long(words: Words, why: Reason) -> str:
    return words._('"{name}" is too long a name: {most} characters at most').format(**_facts(why))


@renders("name_twice")
def _name_twice(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        said = words._('two teams are called "{name}"; give each its own name')
    else:
        said = words._('two players are called "{name}"; give each its own name')
    return said.format(name=why["name"])


# A deal's score (R26-R31, R60-R64, R75)


@renders("scores_missing")
def _scores_missing(words: Words, why: Reason) -> str:
    players = _strs(why, "players")
    return words.ngettext(
        "{players} scores in deal {deal}: give the cards left in hand, or the points",
        "{players} score in deal {deal}: give the cards left in hand, or the points",
        len(players),
    ).format(players=words.listed(players), deal=why["deal"])


@renders("points_to_no_player")
def _points_to_no_player(words: Words, why: Reason) -> str:
    return words._(
        'there is no player "{name}" to give points to; the players are {players}'
    ).format(name=why["name"], players=", ".join(_strs(why, "players")))


@renders("bonus_twice")
def _bonus_twice(words: Words, why: Reason) -> str:
    return words._("{player}'s bonus or penalty is given twice; give it once").format(
        **_facts(why)
    )


@renders("bonus_out_of_range")
def _bonus_out_of_range(words: Words, why: Reason) -> str:
    return words._(
        "{player}'s bonus or penalty must be a whole number from {low} to {high}"
    ).format(**_facts(why))


@renders("bonus_reason_too_long")
def _bonus_reason_too_long(words: Words, why: Reason) -> str:
    return words._("the reason for {player}'s points is {most} characters at most").format(
        **_facts(why)
    )


@renders("bonus_reason_not_shown")
def _bonus_reason_not_shown(words: Words, why: Reason) -> str:
    return words._(
        "the reason for {player}'s points holds a character that cannot be shown"
    ).format(**_facts(why))


@renders("no_bent_table")
def _no_bent_table(words: Words, why: Reason) -> str:
    return words._("{game} has no bent table; only a game that doubles it has one").format(
        **_facts(why)
    )


@renders("someone_goes_out")
def _someone_goes_out(words: Words, why: Reason) -> str:
    return words._(
        "in {game} the discards are reshuffled when the stock runs out, so a deal "
        "ends only when someone goes out: say who went out of deal {deal}"
    ).format(**_facts(why))


@renders("bent_table_without_going_out")
def _bent_table_without_going_out(words: Words, why: Reason) -> str:
    return words._(
        "a bent table is a player going out in one turn; the stock ran out, so "
        "nobody went out to bend it"
    )


@renders("hand_given_twice")
def _hand_given_twice(words: Words, why: Reason) -> str:
    return words._("{player} is given twice; give each player's hand once").format(**_facts(why))


@renders("went_out_with_cards")
def _went_out_with_cards(words: Words, why: Reason) -> str:
    return words._("{player} went out, so {player} has no cards left to score").format(
        **_facts(why)
    )


@renders("empty_hand_not_out")
def _empty_hand_not_out(words: Words, why: Reason) -> str:
    """R26, R27: facts ``player``, ``deal``, ``out`` (who went out; None where the
    stock ran out) and ``said`` (whether the table has said how the deal ended)."""
    if not why["said"]:
        said = words._(
            "{player} cannot score 0 in deal {deal}: only the player who went out "
            "has no cards left"
        )
    elif why["out"] is None:
        said = words._(
            "{player} cannot score 0 in deal {deal}: the stock ran out, so "
            "nobody went out and every hand still holds cards"
        )
    else:
        said = words._(
            "{player} cannot score 0 in deal {deal}: only {out}, who went out, has no "
            "cards left; every other hand holds at least one card"
        )
    return said.format(**_facts(why))


@renders("points_below_zero")
def _points_below_zero(words: Words, why: Reason) -> str:
    return words._("{player}'s points cannot be below 0; {points} was given").format(**_facts(why))


@renders("points_not_a_multiple")
def _points_not_a_multiple(words: Words, why: Reason) -> str:
    return words._(
        "{player}'s {points} cannot be a hand in {game}: every card is worth a multiple of {step}"
    ).format(
        player=why["player"],
        points=points_words(words, _int(why, "points")),
        game=why["game"],
        step=why["step"],
    )


@renders("points_over_the_pack")
def _points_over_the_pack(words: Words, why: Reason) -> str:
    return words.ngettext(
        "{player}'s {points} point is more than the whole pack is worth ({most})",
        "{player}'s {points} points are more than the whole pack is worth ({most})",
        _int(why, "points"),
    ).format(**_facts(why))


@renders("points_no_hand")
def _points_no_hand(words: Words, why: Reason) -> str:
    """R28, R29, R60: no cards of the game add up to ``points``; ``smallest`` where
    they are fewer than its smallest card is worth (else None)."""
    points = points_words(words, _int(why, "points"))
    if why["smallest"] is not None:
        said = words._(
            "{player} cannot have {points} left; no hand in {game} is worth {points}: "
            "its smallest card is worth {smallest}"
        )
    else:
        said = words._("{player} cannot have {points} left; no cards of {game} add up to {points}")
    return said.format(
        player=why["player"], points=points, game=why["game"], smallest=why["smallest"]
    )


@renders("game_over")
def _game_over(words: Words, why: Reason) -> str:
    deals = _int(why, "deals")
    return words.ngettext(
        "the game is over: {count} deal is played",
        "the game is over: {count} deals are played",
        deals,
    ).format(count=count_word(words, deals))


@renders("pot_out_of_range")
def _pot_out_of_range(words: Words, why: Reason) -> str:
    """R33: ``what`` is "stake" or "payout"."""
    if why["what"] == "stake":
        said = words._("the pot's stake is a whole number from 0 to {most:,}, not {amount:,}")
    else:
        said = words._("the pot's payout is a whole number from 0 to {most:,}, not {amount:,}")
    return said.format(**_facts(why))


# A deal or a game as the table enters it (storage's reading of what was sent)


@renders("cards_and_points")
def _cards_and_points(words: Words, why: Reason) -> str:
    return words._("give {player}'s cards or points, not both").format(**_facts(why))


@renders("reason_without_points")
def _reason_without_points(words: Words, why: Reason) -> str:
    return words._(
        "a reason is given for {player}'s points, but no points; give the points too"
    ).format(**_facts(why))


@renders("no_pot")
def _no_pot(words: Words, why: Reason) -> str:
    return words._("{game} has no pot; only Cap-It plays for one").format(**_facts(why))


# A house rules document that cannot be read (R71: a 400 naming the key). Each
# reason's ``path`` is where the value is: the key, then list positions and keys.


def _path_item(words: Words, inside: str, number: int) -> str:
    if inside == "deals":
        return words.pgettext("house rules path", "deal {number}").format(number=number)
    if inside == "contract":
        return words.pgettext("house rules path", "part {number}").format(number=number)
    if inside in ("pack", "wild_limit_by_size"):
        return words.pgettext("house rules path", "row {number}").format(number=number)
    if inside == "bonuses":
        return words.pgettext("house rules path", "bonus {number}").format(number=number)
    return words.pgettext("house rules path", "item {number}").format(number=number)


def _at_value(words: Words, why: Reason, said: str, **more: str) -> str:
    """``said`` (a message with ``{where}`` and ``{field}``) for the value at the
    reason's path: ``'"deals", deal 2, part 1: "min" must be ...'``."""
    path = cast(tuple[str | int, ...], why["path"])
    key, where = str(path[0]), ""
    if len(path) > 1:
        steps = [f'"{key}"']
        for step, inside in zip(path[1:], path[:-1], strict=True):
            if isinstance(step, int):
                steps.append(_path_item(words, str(inside), step))
        where = ", ".join(steps) + ": "
    field = next((str(step) for step in reversed(path) if isinstance(step, str)), key)
    return said.format(**(_facts(why) | {"where": where, "field": field} | more))


def _quoted(words: Words, why: Reason, name: str, last: str = "and") -> str:
    return words.listed([f'"{key}"' for key in _strs(why, name)], last)


@renders("house_rules_not_an_object")
def _house_rules_not_an_object(words: Words, why: Reason) -> str:
    return words._("house rules must be an object of changes")


@renders("not_a_house_rule")
def _not_a_house_rule(words: Words, why: Reason) -> str:
    return words._('"{key}" is not a house rule; the keys are {keys}').format(
        key=why["key"], keys=", ".join(_strs(why, "keys"))
    )


@renders("value_not_whole_number")
def _value_not_whole_number(words: Words, why: Reason) -> str:
    return _at_value(
        words, why, words._('{where}"{field}" must be a whole number from {low} to {high}')
    )


@renders("value_not_whole_number_or_null")
def _value_not_whole_number_or_null(words: Words, why: Reason) -> str:
    return _at_value(
        words, why, words._('{where}"{field}" must be null or a whole number from {low} to {high}')
    )


@renders("value_not_true_or_false")
def _value_not_true_or_false(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must be true or false'))


@renders("value_not_a_choice")
def _value_not_a_choice(words: Words, why: Reason) -> str:
    said = words._('{where}"{field}" must be {choices}')
    return _at_value(words, why, said, choices=_quoted(words, why, "choices", "or"))


@renders("value_not_an_object")
def _value_not_an_object(words: Words, why: Reason) -> str:
    said = words._('{where}"{field}" must be an object with {keys}')
    return _at_value(words, why, said, keys=_quoted(words, why, "keys"))


@renders("key_not_read_here")
def _key_not_read_here(words: Words, why: Reason) -> str:
    said = words._('{where}"{field}" is not read here; the keys are {keys}')
    return _at_value(words, why, said, keys=_quoted(words, why, "keys"))


@renders("key_missing")
def _key_missing(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" is missing'))


def _list_items(words: Words, items: str) -> str:
    if items == "melds":
        return words.pgettext("a list of", "melds")
    if items == "deals":
        return words.pgettext("a list of", "deals")
    if items == "player counts":
        return words.pgettext("a list of", "player counts")
    if items == "bonuses":
        return words.pgettext("a list of", "bonuses")
    return words.pgettext("a list of", "rows")


@renders("list_size")
def _list_size(words: Words, why: Reason) -> str:
    """Facts ``low``, ``high`` and ``items`` ("melds", "deals", "player counts",
    "rows", "bonuses")."""
    if _int(why, "low"):
        said = words._('{where}"{field}" must be a list of {low} to {high} {items}')
    else:
        said = words._('{where}"{field}" must be a list of at most {high} {items}')
    items = _list_items(words, _str(why, "items"))
    return _at_value(words, why, said, items=items)


@renders("value_not_text")
def _value_not_text(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must be text'))


@renders("text_empty")
def _text_empty(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must not be empty'))


@renders("text_too_long")
def _text_too_long(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must be at most {most} characters'))


@renders("text_not_printable")
def _text_not_printable(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must hold printable characters only'))


@renders("whole_hand_not_one_key")
def _whole_hand_not_one_key(words: Words, why: Reason) -> str:
    said = words._('{where}"{field}" must be null, {at_least} or {exactly}')
    return _at_value(words, why, said, at_least='{"at_least": N}', exactly='{"exactly": N}')


@renders("player_count_not_whole_number")
def _player_count_not_whole_number(words: Words, why: Reason) -> str:
    return words._('"players" must list whole numbers from {low} to {high}').format(**_facts(why))


@renders("player_count_twice")
def _player_count_twice(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must name each player count once'))


@renders("pack_not_rows")
def _pack_not_rows(words: Words, why: Reason) -> str:
    said = words._('{where}"{field}" must be {one_pack} or a list of rows by players')
    return _at_value(words, why, said, one_pack='{"decks": N, "jokers": N}')


@renders("players_not_a_span")
def _players_not_a_span(words: Words, why: Reason) -> str:
    return _at_value(words, why, words._('{where}"{field}" must be [lowest, highest]'))


@renders("pack_rows_overlap")
def _pack_rows_overlap(words: Words, why: Reason) -> str:
    return _at_value(
        words,
        why,
        words._('{where}"{field}" names {players} players in two rows; give each count one pack'),
    )


@renders("wild_sizes_not_rising")
def _wild_sizes_not_rising(words: Words, why: Reason) -> str:
    if why["kind"] == "set":
        said = words._('{where}"{field}" must be larger than the sizes above it for a set')
    else:
        said = words._('{where}"{field}" must be larger than the sizes above it for a run')
    return _at_value(words, why, said)


@renders("values_not_an_object")
def _values_not_an_object(words: Words, why: Reason) -> str:
    return _at_value(
        words,
        why,
        words._('{where}"{field}" must be an object of points by rank ({ranks}), "JK" or card'),
        ranks='"A", "2" ... "K"',
    )


@renders("value_key_not_a_card")
def _value_key_not_a_card(words: Words, why: Reason) -> str:
    return _at_value(
        words,
        why,
        words._('{where}"{field}" is not a rank ({ranks}), "JK" or a card ("AH")'),
        ranks='"A", "2" ... "K"',
    )


@renders("bonus_name_twice")
def _bonus_name_twice(words: Words, why: Reason) -> str:
    return _at_value(
        words, why, words._('{where}"{field}" names "{name}" twice; give each bonus its own name')
    )


@renders("wild_limit_by_size_without_table")
def _wild_limit_by_size_without_table(words: Words, why: Reason) -> str:
    return _at_value(
        words,
        why,
        words._('{where}"{field}" may be "by_size" only with a table ("{table}")'),
        table="wild_limit_by_size",
    )


@renders("wild_table_without_by_size")
def _wild_table_without_by_size(words: Words, why: Reason) -> str:
    return _at_value(
        words,
        why,
        words._('{where}"{field}" is read only with "{limit}": "by_size"'),
        limit="wild_limit",
    )


# House rules no table could play (R71: a 422 naming the change at fault, ``key``).


def _unplayable(words: Words, why: Reason, said: str, **more: str) -> str:
    sentence = said.format(**(_facts(why) | more))
    return words._('"{key}": {sentence}').format(key=why["key"], sentence=sentence)


def _meld_words(why: Reason) -> MeldWords:
    return cast("MeldWords", why["words"])


@renders("no_deals")
def _no_deals(words: Words, why: Reason) -> str:
    return _unplayable(words, why, words._("a game needs at least one deal"))


@renders("distinct_suits_set_min")
def _distinct_suits_set_min(words: Words, why: Reason) -> str:
    said = words._(
        "{a_set} must be {count} or more cards, and {a_set} of distinct suits holds at most four"
    )
    a_set = words.meld(_meld_words(why), "set", article="a")
    return _unplayable(
        words, why, said, a_set=a_set, count=count_word(words, _int(why, "set_min"))
    )


@renders("odd_players_in_teams")
def _odd_players_in_teams(words: Words, why: Reason) -> str:
    players = words.listed(_strs(why, "players"), "or")
    return _unplayable(
        words, why, words._("{counts} players cannot play in two teams"), counts=players
    )


@renders("no_pack_for_players")
def _no_pack_for_players(words: Words, why: Reason) -> str:
    return _unplayable(words, why, words._("no pack is given for {players} players"))


@renders("deal_asks_no_meld")
def _deal_asks_no_meld(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for no meld: give it a contract or a whole hand")
    return _unplayable(words, why, said)


def _asks(words: Words, why: Reason) -> str:
    part = cast("ContractPart", why["part"])
    return part_words(words, _meld_words(why), part, article="a")


@renders("deal_part_no_runs")
def _deal_part_no_runs(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for {a_part}, and {runs} are not melds here")
    runs = words.meld(_meld_words(why), "run", count=2)
    return _unplayable(words, why, said, a_part=_asks(words, why), runs=runs)


@renders("deal_part_too_short")
def _deal_part_too_short(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for {a_part}, and {a_meld} must be {count} or more cards")
    kind = cast("ContractPart", why["part"]).kind
    return _unplayable(
        words,
        why,
        said,
        a_part=_asks(words, why),
        a_meld=words.meld(_meld_words(why), kind, article="a"),
        count=count_word(words, _int(why, "shortest")),
    )


@renders("deal_part_distinct_suits")
def _deal_part_distinct_suits(words: Words, why: Reason) -> str:
    said = words._(
        "deal {deal} asks for {a_part}, and {a_set} of distinct suits holds at most four cards"
    )
    a_set = words.meld(_meld_words(why), "set", article="a")
    return _unplayable(words, why, said, a_part=_asks(words, why), a_set=a_set)


@renders("deal_part_run_too_long")
def _deal_part_run_too_long(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for {a_part}, and {a_run} holds at most {count} cards")
    return _unplayable(
        words,
        why,
        said,
        a_part=_asks(words, why),
        a_run=words.meld(_meld_words(why), "run", article="a"),
        count=count_word(words, _int(why, "longest")),
    )


@renders("whole_hand_over_a_hand")
def _whole_hand_over_a_hand(words: Words, why: Reason) -> str:
    said = words._(
        "deal {deal} must meld {cards} cards, and a hand holds at most {most}: "
        "the {dealt} dealt and the one drawn"
    )
    return _unplayable(words, why, said, most=str(_int(why, "dealt") + 1))


@renders("whole_hand_over_contract")
def _whole_hand_over_contract(words: Words, why: Reason) -> str:
    said = words._(
        "deal {deal} must meld at least {cards} cards, and its contract melds at most "
        "{most}, with no further melds"
    )
    return _unplayable(words, why, said)


@renders("whole_hand_under_contract")
def _whole_hand_under_contract(words: Words, why: Reason) -> str:
    said = words._("deal {deal} must meld exactly {cards} cards, and its contract needs {needs}")
    return _unplayable(words, why, said)


@renders("whole_hand_not_exact")
def _whole_hand_not_exact(words: Words, why: Reason) -> str:
    """R58: ``further`` is the fewest cards with further melds (None: none allowed)."""
    if why["further"] is None:
        said = words._(
            "deal {deal} must meld exactly {cards} cards, and its contract melds exactly {needs}"
        )
    else:
        said = words._(
            "deal {deal} must meld exactly {cards} cards, and its contract melds exactly "
            "{needs}, or {further} or more with further melds"
        )
    return _unplayable(words, why, said)


@renders("pack_too_small")
def _pack_too_small(words: Words, why: Reason) -> str:
    said = words._(
        "the pack for {players} players, {pack} ({size} cards), cannot deal {cards} cards "
        "to each of {players} players and one to start the discard pile: that takes {needs}"
    )
    pack = pack_words(words, _int(why, "decks"), _int(why, "jokers"))
    return _unplayable(words, why, said, pack=pack)


@renders("pack_cannot_make_set")
def _pack_cannot_make_set(words: Words, why: Reason) -> str:
    """R71: ``beside`` says the deal's other groups take some of the wild cards."""
    if why["beside"]:
        said = words._(
            "deal {deal} asks for {a_part}, and with the pack for {players} players, "
            "{pack}, {a_set} beside the rest of the contract can be at most {count} cards "
            "under these rules"
        )
    else:
        said = words._(
            "deal {deal} asks for {a_part}, and with the pack for {players} players, "
            "{pack}, {a_set} can be at most {count} cards under these rules"
        )
    return _unplayable(
        words,
        why,
        said,
        a_part=_asks(words, why),
        pack=pack_words(words, _int(why, "decks"), _int(why, "jokers")),
        a_set=words.meld(_meld_words(why), "set", article="a"),
        count=count_word(words, _int(why, "largest")),
    )


# --- Games, contracts and readings described (the pages' lines) ---------------------
# (the contract of a deal, the changes of a table's rules, the game's rules; the
# sheet's, the checker's and the forms' lines)


def size_words(words: Words, part: ContractPart) -> str:
    """A contract part's size: "three", "exactly four", "seven or more"."""
    count = count_word(words, part.min)
    if part.exact:
        return words.pgettext("meld size", "exactly {count}").format(count=count)
    if part.or_more:
        return words.pgettext("meld size", "{count} or more").format(count=count)
    return count


def part_words(
    words: Words,
    meld_words: MeldWords,
    part: ContractPart,
    *,
    count: int = 1,
    article: Literal["", "a", "the"] = "",
) -> str:
    """One part of a contract in the game's words, without its count: "trios of
    exactly three", "an escalera of four", "a group with no wild card" (R42, R47, R55).

    >>> from .ruleset import ContractPart, MeldWords
    >>> carioca = MeldWords("trío", "tríos", "escalera", "escaleras")
    >>> part_words(ENGLISH, carioca, ContractPart("run", 4), article="a")
    'an escalera of four'
    """
    if part.name:
        name = isolated(part.name if count == 1 else part.name + "s")
        if not article:
            return name
        if words.language == "en":
            return (
                "an " if article == "a" and name[:1].lower() in "aeiou" else f"{article} "
            ) + name
        if article == "a":
            return words.pgettext("a named meld", "a {name}").format(name=name)
        return words.pgettext("a named meld", "the {name}").format(name=name)
    noun = words.meld(meld_words, part.kind, count=count, article=article)
    minimum = 3 if part.kind == "set" else 4
    if meld_words.names_size and part.min == minimum and not part.exact:
        text = noun
    else:
        text = words._("{meld} of {size}").format(meld=noun, size=size_words(words, part))
    if part.no_wild:
        text = words._("{meld} with no wild card").format(meld=text)
    return text


def contract_words(words: Words, meld_words: MeldWords, contract: Sequence[ContractPart]) -> str:
    """A contract in words: "one set of three and one run of four", "two groups of
    exactly three"; a contract of no parts is the whole hand (R58)."""
    if not contract:
        return words._("the whole hand in legal melds")
    counts = Counter(contract)
    return words.listed(
        [
            words._("{count} {part}").format(
                count=count_word(words, n), part=part_words(words, meld_words, part, count=n)
            )
            for part, n in counts.items()
        ]
    )


def describe_contract(contract: Sequence[ContractPart], words: MeldWords | None = None) -> str:
    """The contract in English words, in the game's own words when given (R42, R47).

    >>> describe_contract([ContractPart("set", 3), ContractPart("run", 4)])
    'one set of three and one run of four'
    >>> describe_contract([ContractPart("set", 3, exact=True)] * 2)
    'two sets of exactly three'
    """
    return contract_words(ENGLISH, words or MeldWords(), tuple(contract))


def describe_house(base: Ruleset, rules: Ruleset, words: Words = ENGLISH) -> tuple[str, ...]:
    """What ``rules`` play differently from ``base``, a sentence a change (R73), in
    ``words``' language: for the sheet ("House rules: ..."),
    the rules card and the house rules form. :func:`~.house.changes_of` decides what
    changed; this says it.

    >>> from referee.rules import apply_house, get_ruleset
    >>> book = get_ruleset("shanghai")
    >>> describe_house(book, apply_house(book, {"ace": "low_or_high", "winner": "highest"}))
    ('An ace is low or high, never both: A 2 3 or Q K A', 'The highest total wins')
    """
    meld_words = rules.words.plain()
    lines: list[str] = []
    for change in changes_of(base, rules):
        if change.key == "deals":
            lines += house_deal_lines(words, meld_words, change.count, change.changed)
        elif change.key == "values":
            lines += house_value_lines(words, {}, cast(dict[str, int], change.after))
        else:
            lines += house_change_lines(
                words, change.key, rules, meld_words, change.before, change.after
            )
    return tuple(capitalized(line) for line in lines)


def capitalized(text: str) -> str:
    """The sentence with its first letter capital: a quoted word's too ('"Threes"');
    "2s" stays."""
    start = 1 if text.startswith('"') else 0
    return text[:start] + text[start : start + 1].upper() + text[start + 1 :]


def player_counts_words(words: Words, rules: Ruleset) -> str:
    """ "for 3 to 8 players"-style counts of a game: "3 to 8", "4 or 6"."""
    return player_counts(words, rules.players)


def rank_plural(words: Words, rank: int) -> str:
    """A rank said of several cards (1 the ace ... 13 the king): "aces", "sixes"."""
    said = (
        words.pgettext("ranks", "aces"),
        words.pgettext("ranks", "twos"),
        words.pgettext("ranks", "threes"),
        words.pgettext("ranks", "fours"),
        words.pgettext("ranks", "fives"),
        words.pgettext("ranks", "sixes"),
        words.pgettext("ranks", "sevens"),
        words.pgettext("ranks", "eights"),
        words.pgettext("ranks", "nines"),
        words.pgettext("ranks", "tens"),
        words.pgettext("ranks", "jacks"),
        words.pgettext("ranks", "queens"),
        words.pgettext("ranks", "kings"),
    )
    return said[(rank - 1) % 13]  # 14: the ace high


def packs_words(words: Words, rows: Sequence[tuple[int, int, int, int]]) -> str:
    """A table's packs by players (R3, R49): "pack: two decks and four jokers", or
    "pack: 2-4 players one deck and two jokers; 5-8 players ..."."""
    if len(rows) == 1:
        return words._("pack: {pack}").format(pack=pack_words(words, rows[0][2], rows[0][3]))
    said = [
        words._("{players} players {pack}").format(
            players=str(low) if low == high else f"{low}-{high}",
            pack=pack_words(words, decks, jokers),
        )
        for low, high, decks, jokers in rows
    ]
    return words._("pack: {packs}").format(packs="; ".join(said))


def house_deal_lines(
    words: Words, meld_words: MeldWords, count: int | None, deals: Sequence[DealRule]
) -> list[str]:
    """R68, R73: how many deals there are now (``count``, None where unchanged), then
    each deal that changed, in words."""
    lines = []
    if count is not None:
        lines.append(
            words.ngettext("{count} deal", "{count} deals", count).format(
                count=count_word(words, count)
            )
        )
    for deal in deals:
        clauses = [
            words._("deal {number}: {cards} cards, {contract}").format(
                number=deal.number,
                cards=deal.cards,
                contract=contract_words(words, meld_words, deal.contract),
            )
        ]
        if deal.whole_hand is not None:
            if deal.whole_hand.exactly:
                said = words._("melds holding exactly {cards} cards")
            else:
                said = words._("melds holding at least {cards} cards")
            clauses.append(said.format(cards=deal.whole_hand.cards))
        if deal.meld_wilds is not None:
            clauses.append(
                words._("at most {count} wild in each meld").format(
                    count=count_word(words, deal.meld_wilds)
                )
            )
        if deal.contract_wilds is not None:
            clauses.append(
                words._("at most {count} wild in all").format(
                    count=count_word(words, deal.contract_wilds)
                )
            )
        lines.append(", ".join(clauses))
    return lines


def house_value_lines(
    words: Words, before: Mapping[str, int], after: Mapping[str, int]
) -> list[str]:
    """R60, R73: each card value that changed: "jokers are worth 25", "aces are worth
    15", "AH is worth 1"."""
    lines = []
    for token in (*after, *(token for token in before if token not in after)):
        points = after[token] if token in after else after[token[:-1]]
        if before.get(token) == points:
            continue
        if token == JOKER_TOKEN:
            said = words._("jokers are worth {points}").format(points=points)
        elif token in RANK_TOKENS:
            said = words._("{ranks} are worth {points}").format(
                ranks=rank_plural(words, RANK_TOKENS.index(token) + 1), points=points
            )
        else:
            said = words._("{card} is worth {points}").format(card=token, points=points)
        lines.append(said)
    return lines


def _ace_words(words: Words, ace: str) -> str:
    if ace == "low_or_high":
        return words._("an ace is low or high, never both: A 2 3 or Q K A")
    if ace == "high_only":
        return words._("aces are high only: Q K A, never A 2 3")
    if ace == "both_ends":
        return words._("an ace may end a sequence at both ends: A 2 … K A")
    return words._("an ace may turn the corner: Q K A 2")


def _limit_words(words: Words, limit: str) -> str:
    if limit == "any":
        return words._("a meld may hold any number of wild cards")
    if limit == "one":
        return words._("a meld holds at most one wild card")
    if limit == "no_more_than_natural":
        return words._("a meld holds no more wild cards than natural cards")
    if limit == "fewer_than_natural":
        return words._("a meld holds more natural cards than wild cards")
    if limit == "two_natural":
        return words._("a meld holds at least two natural cards")
    return words._("wild cards by the size of the meld")


def exchange_rule_words(words: Words, exchange: str) -> str:
    """R79: what happens to a joker when a player holds the card it stands for."""
    if exchange == "in_meld":
        return words._(
            "a wild card's own card takes its place, and the wild card is used at once in "
            "a new meld"
        )
    if exchange == "to_hand":
        return words._(
            "a joker's own card takes its place, and the joker goes into the player's hand"
        )
    if exchange == "move":
        return words._(
            "a joker at an end of a sequence moves to the other end when its own card is laid"
        )
    if exchange == "move_anywhere":
        return words._("a joker in a sequence moves to any place in it when its own card is laid")
    if exchange == "move_to_top":
        return words._("a joker in a sequence moves to the top when its own card is laid")
    if exchange == "two_for_one":
        return words._(
            "two cards of a group's rank take its joker into the hand; a joker at an "
            "end of a sequence moves to the other end"
        )
    return words._("jokers stay where they are")


def _naturals(words: Words, n: int) -> str:
    return words.ngettext("{count} natural card", "{count} natural cards", n).format(
        count=count_word(words, n)
    )


def _buys_words(words: Words, rules: Ruleset) -> str:
    buys, said = rules.buys, []
    if buys.per_deal is not None:
        said.append(words._("{count} a deal").format(count=buys.per_deal))
    if buys.last_deal is not None:
        said.append(words._("{count} in the last deal").format(count=buys.last_deal))
    if buys.per_game is not None:
        said.append(words._("{count} in the game").format(count=buys.per_game))
    if not said:
        return words._("no limit on buys")
    return words._("buys: {buys}").format(buys=words.listed(said))


def _bonuses_words(words: Words, rules: Ruleset) -> str:
    if not rules.bonuses:
        return words._("no named bonuses")
    said = ", ".join(f"{isolated(bonus.name)} {bonus.points:+d}" for bonus in rules.bonuses)
    return words._("bonuses: {bonuses}").format(bonuses=said)


def _by_size_words(words: Words, meld_words: MeldWords, rules: Ruleset) -> str:
    table = ", ".join(
        words._("{a_meld} of {size}: {most}").format(
            a_meld=words.meld(meld_words, kind, article="a"), size=size, most=most
        )
        for kind, size, most in rules.wild_limit_by_size
    )
    return words._("most wild cards by size: {table}").format(table=table)


def _gap_words(words: Words, meld_words: MeldWords, gap: int) -> str:
    runs = words.meld(meld_words, "run", count=2)
    if not gap:
        return words._("two contract {runs} of one suit need no gap").format(runs=runs)
    cards = words.ngettext("{count} card", "{count} cards", gap).format(
        count=count_word(words, gap)
    )
    return words._("two contract {runs} of one suit need {cards} between them").format(
        runs=runs, cards=cards
    )


def house_change_lines(
    words: Words, key: str, rules: Ruleset, meld_words: MeldWords, before: object, after: object
) -> list[str]:
    """R73: the change of one house key (not ``deals`` nor ``values``: see above), from
    ``before`` to ``after``, in words; ``rules`` are the table's rules."""
    a_set = words.meld(meld_words, "set", article="a")
    a_run = words.meld(meld_words, "run", article="a")
    sets, runs = words.meld(meld_words, "set", count=2), words.meld(meld_words, "run", count=2)
    if key == "players":
        return [words._("for {counts} players").format(counts=player_counts_words(words, rules))]
    if key == "pack":
        return [packs_words(words, rules.packs.rows)]
    if key == "set_min":
        said = words._("{melds} of {count} or more")
        return [said.format(melds=sets, count=count_word(words, cast(int, after)))]
    if key == "run_min":
        said = words._("{melds} of {count} or more")
        return [said.format(melds=runs, count=count_word(words, cast(int, after)))]
    if key == "set_suits":
        if after == "distinct":
            return [words._("{a_set} may not repeat a suit").format(a_set=a_set)]
        return [words._("{a_set} may repeat suits").format(a_set=a_set)]
    if key == "runs":
        if after:
            return [words._("{runs} are melds too").format(runs=runs)]
        return [words._("no {runs}: {sets} only").format(runs=runs, sets=sets)]
    if key == "ace":
        return [_ace_words(words, cast(str, after))]
    if key == "twos":
        return [words._("2s are wild") if after == "wild" else words._("2s are natural cards")]
    if key == "wild_limit":
        return [_limit_words(words, cast(str, after))]
    if key == "wild_limit_by_size":  # gone with the game's limits: wild_limit says what holds
        return [] if after is None else [_by_size_words(words, meld_words, rules)]
    if key == "set_min_natural":
        if after:
            said = words._("{a_set} holds at least {naturals}")
            return [said.format(a_set=a_set, naturals=_naturals(words, cast(int, after)))]
        said = words._("{a_set} may hold fewer than {naturals}")
        return [said.format(a_set=a_set, naturals=_naturals(words, cast(int, before)))]
    if key == "wilds_apart":
        if after:
            return [
                words._("two wild cards never sit side by side in {a_run}").format(a_run=a_run)
            ]
        return [words._("wild cards may sit side by side in {a_run}").format(a_run=a_run)]
    if key == "contract_sizes":
        if after == "exact":
            return [words._("contract melds are exactly their size")]
        return [words._("contract melds may be longer than their size")]
    if key == "contract_runs_gap":
        return [_gap_words(words, meld_words, cast(int, after))]
    if key == "winner":
        if after == "highest":
            return [words._("the highest total wins")]
        return [words._("the lowest total wins")]
    if key == "scoring":
        if after == "winner_takes":
            return [words._("the player who goes out scores the cards left in every other hand")]
        return [words._("each player scores the cards left in their own hand")]
    if key == "deal_direction":
        if after == "right":
            return [words._("the deal passes to the right")]
        return [words._("the deal passes to the left")]
    if key == "buys":
        return [_buys_words(words, rules)]
    if key == "bonuses":
        return [_bonuses_words(words, rules)]
    if key == "joker_exchange":
        return [exchange_rule_words(words, cast(str, after))]
    raise LookupError(f"no words for the house rule {key!r}")


def wild_table_words(words: Words, rules: Ruleset) -> str:
    """R51's table in words, for every size it names and every size of a contract
    meld (a group of 4 takes the group of 3's limit, and says so): sizes of one
    kind and limit together: "a group of 3 or 4: 1, a sequence of 4: 1, of 5: 2"."""
    sizes = {(kind, size) for kind, size, _ in rules.wild_limit_by_size}
    sizes |= {(part.kind, part.min) for deal in rules.deals for part in deal.contract}
    rows: list[tuple[Kind, list[int], int]] = []
    for kind, size in sorted(sizes, key=lambda pair: (pair[0] != "set", pair[1])):
        most = rules.most_wild(kind, size)
        if most is None:
            continue
        if rows and rows[-1][0] == kind and rows[-1][2] == most:
            rows[-1][1].append(size)
        else:
            rows.append((kind, [size], most))
    said = []
    for index, (kind, kind_sizes, most) in enumerate(rows):
        listed_sizes = words.listed([str(s) for s in kind_sizes], "or")
        if index and rows[index - 1][0] == kind:
            said.append(words._("of {sizes}: {most}").format(sizes=listed_sizes, most=most))
        else:
            said.append(
                words._("{a_meld} of {sizes}: {most}").format(
                    a_meld=words.meld(rules.words, kind, article="a"),
                    sizes=listed_sizes,
                    most=most,
                )
            )
    return ", ".join(said)


def _limit_sentence(words: Words, rules: Ruleset) -> list[str]:
    limit, lines = rules.wild_limit, []
    if limit == "any" and not (rules.set_min_natural or rules.run_wilds_apart):
        lines.append(words._("A meld may hold any number of wild cards."))
    if limit == "fewer_than_natural":
        lines.append(words._("A meld holds more natural cards than wild cards."))
    if limit == "one":
        lines.append(words._("A meld holds at most one wild card."))
    if limit == "no_more_than_natural":  # R70
        lines.append(words._("A meld holds no more wild cards than natural cards."))
    if limit == "two_natural":  # R70
        lines.append(words._("A meld holds at least two natural cards."))
    if limit == "by_size":
        lines.append(
            words._("Most wild cards in a meld, by its size: {table}.").format(
                table=wild_table_words(words, rules)
            )
        )
        if not rules.lay_offs_wild_limited:
            lines.append(words._("Wild cards laid off are not limited."))
    return lines


def _initial_meld_limits(words: Words, rules: Ruleset) -> list[str]:
    lines = []
    if rules.initial_wilds_per_meld is not None:
        lines.append(
            words._(
                "In the initial meld each meld holds at most {count} wild card; later, any "
                "number may be laid off."
            ).format(count=count_word(words, rules.initial_wilds_per_meld))
        )
    else:  # R52 in some deals only (house rules, R68)
        for most in sorted({d.meld_wilds for d in rules.deals if d.meld_wilds is not None}):
            named = [str(d.number) for d in rules.deals if d.meld_wilds == most]
            said = words.ngettext(
                "Deal {deals}: each meld of the initial meld holds at most {wild}.",
                "Deals {deals}: each meld of the initial meld holds at most {wild}.",
                len(named),
            )
            lines.append(
                said.format(deals=words.listed(named), wild=wild_cards_words(words, most))
            )
    limited = sorted({d.contract_wilds for d in rules.deals if d.contract_wilds is not None})
    for most in limited:
        deals = [d.number for d in rules.deals if d.contract_wilds == most]
        lines.append(
            words._(
                "Deals {first}-{last}: at most {count} wild card in the whole initial meld."
            ).format(first=deals[0], last=deals[-1], count=count_word(words, most))
        )
    return lines


def wild_cards_words(words: Words, n: int, *, digits: bool = False) -> str:
    """ "one wild card", "three wild cards"; with ``digits``, "3 wild cards"."""
    return words.ngettext("{count} wild card", "{count} wild cards", n).format(
        count=str(n) if digits else count_word(words, n)
    )


def wild_limit_lines(words: Words, rules: Ruleset) -> tuple[str, ...]:
    """The game's wild-card rules in sentences, for pages (R6, R7, R46, R50-R56)."""
    if rules.twos_wild and rules.runs_allowed:
        first = words._("Jokers and 2s are wild; a 2 may stand for itself in a run of its suit.")
    elif rules.twos_wild:
        first = words._("Jokers and 2s are wild.")
    else:
        first = words._("Jokers are wild.")
    lines = [first, *_limit_sentence(words, rules)]
    if rules.set_min_natural:
        lines.append(
            words._("{a_set} holds at least {count} natural cards.").format(
                a_set=capitalized(words.meld(rules.words, "set", article="a")),
                count=count_word(words, rules.set_min_natural),
            )
        )
    if rules.run_wilds_apart:
        lines.append(
            words._("Two wild cards never sit side by side in {a_run}.").format(
                a_run=words.meld(rules.words, "run", article="a")
            )
        )
    lines += _initial_meld_limits(words, rules)
    if any(part.no_wild for deal in rules.deals for part in deal.contract):
        lines.append(words._("Some contract melds hold no wild card (see the deal)."))
    if not rules.wild_lay_off:
        lines.append(words._("A wild card is never laid off onto a meld on the table."))
    return tuple(lines)


# The pages' lines: a deal's contract and limits, card values, the winner, the
# families, the checker's joker tab.


def family_names(words: Words) -> tuple[str, str]:
    """R41: the headings the new-game form and the checker group the games under."""
    return (words._("Push family"), words._("Contract Rummy family"))


def _by_size(words: Words, rules: Ruleset, contract: Sequence[ContractPart]) -> str:
    """R51: each contract meld's most wild cards, by its kind and size."""
    counts = Counter(contract)
    sizes: dict[Kind, set[int]] = {}
    for part in counts:
        sizes.setdefault(part.kind, set()).add(part.min)
    phrases = []
    for part, count in counts.items():
        most = rules.most_wild(part.kind, part.min)
        if most is None:
            continue
        if len(sizes[part.kind]) > 1:
            noun = words._("{meld} of {size}").format(
                meld=words.meld(rules.words, part.kind), size=part.min
            )
        else:
            noun = words.meld(rules.words, part.kind)
        if count > 1:
            where = words.pgettext("wild cards in", "each {meld}").format(meld=noun)
        else:
            where = words.pgettext("wild cards in", "the {meld}").format(meld=noun)
        phrases.append((most, where))
    if not phrases:
        return ""
    if len(phrases) > 1 and len({most for most, _ in phrases}) == 1:
        return words._("at most {wild} in each meld").format(
            wild=wild_cards_words(words, phrases[0][0], digits=True)
        )
    (first, where), *rest = phrases
    texts = [
        words._("at most {wild} in {where}").format(
            wild=wild_cards_words(words, first, digits=True), where=where
        )
    ]
    texts += [words._("{count} in {where}").format(count=most, where=at) for most, at in rest]
    return words.listed(texts)


def deal_limit_lines(words: Words, rules: Ruleset, deal: DealRule) -> list[str]:
    """What this deal's initial meld is held to besides its melds' sizes (R51-R53,
    R58), in words; nothing for a deal with no such rule.

    >>> from referee.rules import get_ruleset
    >>> deal_limit_lines(ENGLISH, get_ruleset("loba"), get_ruleset("loba").deal(1))
    ['at most 1 wild card in each meld']
    >>> deal_limit_lines(ENGLISH, get_ruleset("king-rummy"), get_ruleset("king-rummy").deal(4))
    ['melds holding exactly 10 cards']
    >>> shanghai = get_ruleset("shanghai")
    >>> deal_limit_lines(ENGLISH, shanghai, shanghai.deal(8))
    ['at most 1 wild card in the group and 4 in the sequence']
    """
    limits = []
    by_size = _by_size(words, rules, deal.contract) if rules.wild_limit == "by_size" else ""
    if by_size:
        limits.append(by_size)
    if rules.initial_wilds_per_meld is not None and deal.contract:
        limits.append(
            words._("at most {wild} in each meld").format(
                wild=wild_cards_words(words, rules.initial_wilds_per_meld, digits=True)
            )
        )
    if deal.contract_wilds is not None:
        limits.append(
            words._("at most {wild} in the whole initial meld").format(
                wild=wild_cards_words(words, deal.contract_wilds, digits=True)
            )
        )
    if deal.whole_hand is not None:
        if deal.whole_hand.exactly:
            said = words._("melds holding exactly {cards} cards")
        else:
            said = words._("melds holding at least {cards} cards")
        limits.append(said.format(cards=deal.whole_hand.cards))
    return limits


def deal_words(words: Words, rules: Ruleset, deal: DealRule) -> str:
    """The deal's contract in the game's words, then its limits: the contract line
    of the sheet and the checker.

    >>> from referee.rules import get_ruleset
    >>> shanghai = get_ruleset("shanghai")
    >>> deal_words(ENGLISH, shanghai, shanghai.deal(2))
    'one group of exactly three and one sequence of exactly four, at most 1 wild card in each meld'
    """
    text = contract_words(words, rules.words, deal.contract)
    if deal.name:
        text = words._("{name}: {contract}").format(name=isolated(deal.name), contract=text)
    return ", ".join([text, *deal_limit_lines(words, rules, deal)])


def exchange_tab_words(words: Words, exchange: str) -> tuple[str, str]:
    """R79: the checker's tab for a natural card and a joker on the table, named for
    what the game does with the joker, and the title of a refusal there.

    >>> exchange_tab_words(ENGLISH, "in_meld"), exchange_tab_words(ENGLISH, "move")[0]
    (('Rescue', 'Not a rescue'), 'Move a joker')
    """
    stays = words._("The joker stays")
    if exchange == "in_meld":  # R24, R25: Push's own word
        return (words._("Rescue"), words._("Not a rescue"))
    if exchange in ("to_hand", "two_for_one"):
        return (words._("Take a joker"), stays)
    if exchange in ("move", "move_anywhere", "move_to_top"):
        return (words._("Move a joker"), stays)
    return (words.pgettext("the checker's tab", "Jokers"), stays)


def card_values_words(words: Words, rules: Ruleset) -> str:
    """What a card left in hand is worth, in few words (R28, R29, R60).

    >>> from referee.rules import get_ruleset
    >>> card_values_words(ENGLISH, get_ruleset("caribbean-kalooki"))
    'JK 50 · A 15 · 2-10 face value · J Q K 10 · A♥ A♦ 1'
    >>> card_values_words(ENGLISH, get_ruleset("farmers"))
    'JK 50 · A 2 20 · 3-7 5 · 8-K 10'
    """
    values = rules.card_values.as_dict()
    ranks = list(RANK_TOKENS)
    face = [_at_face(i, ranks, values) for i in range(len(ranks))]
    stretches: list[list[int]] = []
    for i, rank in enumerate(ranks):
        last = stretches[-1] if stretches else None
        # A stretch is of cards at face value, or of cards worth the same.
        same = face[i] or values[rank] == values[ranks[i - 1]]
        if last and face[i] == face[last[-1]] and same:
            last.append(i)
        else:
            stretches.append([i])
    parts = [f"JK {values['JK']}"]
    for stretch in stretches:
        low, high, worth = ranks[stretch[0]], ranks[stretch[-1]], values[ranks[stretch[0]]]
        if face[stretch[0]]:
            parts.append(words._("{low}-{high} face value").format(low=low, high=high))
        elif len(stretch) > 3:
            parts.append(f"{low}-{high} {worth}")
        else:
            parts.append(f"{' '.join(ranks[i] for i in stretch)} {worth}")
    by_card: dict[int, list[str]] = {}
    for card, points in rules.card_values.by_card:
        token = str(card)
        by_card.setdefault(points, []).append(token[:-1] + SUIT_SYMBOLS[token[-1]])
    parts += [f"{' '.join(cards)} {points}" for points, cards in by_card.items()]
    return " · ".join(parts)


def _at_face(index: int, ranks: Sequence[str], values: dict[str, int]) -> bool:
    """Whether the rank is worth its number, as one of its neighbours is."""

    def at_face(i: int) -> bool:
        return 0 <= i < len(ranks) and ranks[i].isdigit() and values[ranks[i]] == int(ranks[i])

    return at_face(index) and (at_face(index - 1) or at_face(index + 1))


def winner_words(words: Words, sheet: Sheet) -> str:
    """The end of the game in words, naming the people, not the side: "Ann and Cat
    win with 110" (a team is its players at the table, R30); "" before the end."""
    winners = sheet.winners
    if not winners:
        return ""
    total = sheet.totals[winners[0]]
    sides = {side.name: side for side in sheet.table.sides}
    people = [words.listed(sides[name].players) for name in winners]
    highest = sheet.table.rules.winner == "highest"  # R62: not what a rummy player expects
    if len(winners) > 1 and sheet.table.rules.partnerships:
        who = people[0]
        for other in people[1:]:
            who = words._("{side} tie with {other}").format(side=who, other=other)
        if highest:
            said = words._("{who} for the win with {total} each, the highest total")
        else:
            said = words._("{who} for the win with {total} each")
        return said.format(who=who, total=total)
    if len(winners) > 1:
        if highest:
            said = words._("{who} tie for the win with {total} each, the highest total")
        else:
            said = words._("{who} tie for the win with {total} each")
        return said.format(who=words.listed(winners), total=total)
    many = len(sides[winners[0]].players)
    if highest:
        said = words.ngettext(
            "{who} wins with {total}, the highest total",
            "{who} win with {total}, the highest total",
            many,
        )
    else:
        said = words.ngettext("{who} wins with {total}", "{who} win with {total}", many)
    return said.format(who=people[0], total=total)


def house_line(words: Words, said: Sequence[str]) -> str:
    """What a game plays differently from the book, in one line for the sheet (R73):
    the rules core's sentences, joined.

    >>> house_line(ENGLISH, ["Sequences of three or more", "Jokers are worth 25"])
    'House rules: sequences of three or more; jokers are worth 25'
    """
    if not said:
        return ""
    joined = "; ".join(
        line if line[1:2].isupper() else line[:1].lower() + line[1:] for line in said
    )
    return words._("House rules: {changes}").format(changes=joined)


def option_words(words: Words, name: str, english: str) -> str:
    """What a game's option does (``variants.OPTIONS``), in ``words``; ``english``,
    its description, for an option this module does not know.

    >>> from .variants import OPTIONS
    >>> option_words(ENGLISH, "ten_cards", "") == OPTIONS["ten_cards"].description
    True
    """
    said = {
        "ten_cards": words._("10 cards are dealt in every deal; the contracts stay the same."),
        "three_and_seven": words._("Deal 5's contract is one run of three and one run of seven."),
        "set_distinct_suits": words._(
            "No two natural cards of a set may share a suit, so a set holds at most four cards."
        ),
        "rescue_to_hand": words._(
            "A rescued wild card may go into the hand instead of straight into a meld."
        ),
        "twos_wild": words._(
            "2s are wild too, and a 2 left in hand scores as a joker; a 2 may still stand for "
            "itself in a run of its suit."
        ),
        "partnerships": words._(
            "Play in two teams, partners in alternate seats; off, everyone scores for themself."
        ),
    }
    return said.get(name, english)
