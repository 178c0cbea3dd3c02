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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .cards import number_word, rank_token
from .reasons import Reason

if TYPE_CHECKING:  # ruleset.py and melds.py speak through these words
    from .melds import Declaration, Reading
    from .ruleset import ContractPart, Kind, MeldWords

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
#
# Each function below says one reason (or a family of them) in whole sentences with
# named placeholders. The few words those sentences are made of (a count, a suit, a
# rank, a reading, a declaration, a contract part) are said by the functions just
# here, each taking the Words first.


def said_count(words: Words, n: int) -> str:
    """A small count as a player says it ("no", "one" ... "thirteen"); digits beyond."""
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


def said_wild_cards(words: Words, n: int) -> str:
    """``"one wild card"``, ``"three wild cards"``."""
    return words.ngettext("{count} wild card", "{count} wild cards", n).format(
        count=said_count(words, n)
    )


def said_suit(words: Words, suit: str) -> str:
    """A suit in the plural, as in "a run of hearts"."""
    return {
        "S": words.pgettext("suit", "spades"),
        "H": words.pgettext("suit", "hearts"),
        "D": words.pgettext("suit", "diamonds"),
        "C": words.pgettext("suit", "clubs"),
    }[suit]


def said_ranks(words: Words, rank: int) -> str:
    """A rank in the plural, as in "a set of sixes" (rank 1-13, or 14 the ace high)."""
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
    return said[(rank - 1) % 13]


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
    from .melds import SetReading  # melds speaks through these words

    if isinstance(reading, SetReading):
        ranks = said_ranks(words, reading.rank)
        if article:
            return words.gettext("a set of {ranks}").format(ranks=ranks)
        return words.gettext("set of {ranks}").format(ranks=ranks)
    span = f"{rank_token(reading.low)}-{rank_token(reading.high)}"
    suit = said_suit(words, reading.suit)
    if article:
        return words.gettext("a run of {suit} {span}").format(suit=suit, span=span)
    return words.gettext("run of {suit} {span}").format(suit=suit, span=span)


def said_declaration(words: Words, declared: Declaration) -> str:
    """What a player declared a meld as: "a set of sixes", "a run of diamonds from 5"."""
    if declared.kind == "set":
        if declared.rank is None:
            return words.gettext("a set")
        return words.gettext("a set of {ranks}").format(ranks=said_ranks(words, declared.rank))
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


def said_part(words: Words, part: ContractPart, meld_words: MeldWords, count: int = 1) -> str:
    """One part of a contract in the game's words, without its count: "escalera of
    exactly four" (the rules' own description until contracts speak every language)."""
    return part.describe(meld_words, count)


def said_a_part(words: Words, part: ContractPart, meld_words: MeldWords) -> str:
    """One part of a contract with its article: "an escalera of exactly four"."""
    text = said_part(words, part, meld_words)
    if words.language == "en":
        return ("an " if text.lstrip('"')[:1].lower() in tuple("aeiou") else "a ") + text
    return words.pgettext("contract part with the article a", "a {part}").format(part=text)


def said_contract(words: Words, contract: tuple[ContractPart, ...], meld_words: MeldWords) -> str:
    """A deal's contract: "one set of three and one run of four"."""
    if not contract:
        return words.gettext("the whole hand in legal melds")
    counts = Counter(contract)
    return words.listed([said_parts(words, part, meld_words, n) for part, n in counts.items()])


def said_parts(words: Words, part: ContractPart, meld_words: MeldWords, n: int) -> str:
    """A count of one part: "two runs of four"; none of it: "no run of four"."""
    if not n:
        return words.pgettext("found", "no {part}").format(part=said_part(words, part, meld_words))
    return words.gettext("{count} {part}").format(
        count=said_count(words, n), part=said_part(words, part, meld_words, n)
    )


def _either(words: Words, cards: tuple[object, ...]) -> str:
    """``JK``, ``2S or JK``, ``6C, 6D or 6S``."""
    return words.listed([str(card) for card in cards], "or")


# Melds (melds.py) --------------------------------------------------------------------


@renders("meld_too_short")
def _meld_too_short(words: Words, why: Reason) -> str:
    return words.gettext("a meld needs three or more cards; this has {size}").format(
        size=said_count(words, why["size"])  # type: ignore[arg-type]
    )


@renders("too_many_wild_cards")
def _too_many_wild_cards(words: Words, why: Reason) -> str:  # R7, R56
    return words.gettext(
        "too many wild cards for {game}: a meld needs more natural cards than wild cards, "
        "and as a {kind} this has {natural} natural and {wild} wild"
    ).format(
        game=why["game"],
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=said_count(words, why["natural"]),  # type: ignore[arg-type]
        wild=said_count(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("more_wild_than_natural")
def _more_wild_than_natural(words: Words, why: Reason) -> str:  # R70
    return words.gettext(
        "too many wild cards: a meld holds no more wild cards than natural cards, and as a "
        "{kind} this has {natural} natural and {wild} wild"
    ).format(
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=said_count(words, why["natural"]),  # type: ignore[arg-type]
        wild=said_count(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("too_few_natural_cards")
def _too_few_natural_cards(words: Words, why: Reason) -> str:  # R70
    least: int = why["least"]  # type: ignore[assignment]
    return words.ngettext(
        "a meld holds at least {least} natural card; as a {kind} this has {natural}",
        "a meld holds at least {least} natural cards; as a {kind} this has {natural}",
        least,
    ).format(
        least=said_count(words, least),
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=said_count(words, why["natural"]),  # type: ignore[arg-type]
    )


@renders("wild_cards_over_limit")
def _wild_cards_over_limit(words: Words, why: Reason) -> str:  # R51, R52, R55
    most: int = why["most"]  # type: ignore[assignment]
    facts = {"game": why["game"], "wild": said_count(words, why["wild"])}  # type: ignore[arg-type]
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
        return message.format(most=said_count(words, most), **facts)
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
        size=said_count(words, size),  # type: ignore[arg-type]
        most=said_count(words, most),
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
        least=said_count(words, least),
        game=why["game"],
        natural=said_count(words, why["natural"]),  # type: ignore[arg-type]
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
        ranks=said_ranks(words, why["rank"]),  # type: ignore[arg-type]
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
    ).format(size=said_count(words, why["size"]))  # type: ignore[arg-type]


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
        least=said_count(words, why["least"]),  # type: ignore[arg-type]
        game=why["game"],
        size=said_count(words, why["size"]),  # type: ignore[arg-type]
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
        a_part=said_a_part(words, why["part"], why["words"]),  # type: ignore[arg-type]
        a_meld=words.meld(why["words"], why["kind"], article="a"),  # type: ignore[arg-type]
    )


@renders("part_other_size")
def _part_other_size(words: Words, why: Reason) -> str:  # R20, R47
    return words.gettext("deal {deal} of {game} needs {a_part}; this one has {size}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=said_a_part(words, why["part"], why["words"]),  # type: ignore[arg-type]
        size=said_count(words, why["size"]),  # type: ignore[arg-type]
    )


@renders("part_holds_wild_card")
def _part_holds_wild_card(words: Words, why: Reason) -> str:  # R55, R56
    return words.gettext("deal {deal} of {game} needs {a_part}; this one holds {wild}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=said_a_part(words, why["part"], why["words"]),  # type: ignore[arg-type]
        wild=said_wild_cards(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("part_repeats_suit")
def _part_repeats_suit(words: Words, why: Reason) -> str:  # R55
    return words.gettext("deal {deal} of {game} needs {a_part}; this one repeats a suit").format(
        deal=why["deal"],
        game=why["game"],
        a_part=said_a_part(words, why["part"], why["words"]),  # type: ignore[arg-type]
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
        most=said_count(words, most),
        wild=said_count(words, why["wild"]),  # type: ignore[arg-type]
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
        most=said_count(words, most),
        wild=said_count(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("contract_other_kind")
def _contract_other_kind(words: Words, why: Reason) -> str:  # R47
    return words.gettext("deal {deal} of {game} needs {contract}; this is {a_meld}").format(
        deal=why["deal"],
        game=why["game"],
        contract=said_contract(words, why["contract"], why["words"]),  # type: ignore[arg-type]
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
        count=said_count(words, why["count"]),  # type: ignore[arg-type]
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
        contract=said_contract(words, why["contract"], why["words"]),  # type: ignore[arg-type]
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
        size=said_count(words, why["size"]),  # type: ignore[arg-type]
        part=said_part(words, why["part"], why["words"]),  # type: ignore[arg-type]
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
    ).format(game=why["game"], needs=_needs(words, why), count=said_count(words, given))


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
        said = said_count(words, found) if found else words.pgettext("found", "none")
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
        gap=said_count(words, gap),
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
        ranks=said_ranks(words, why["rank"]),  # type: ignore[arg-type]
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
    count = said_count(words, why["count"])  # type: ignore[arg-type]
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
# (house.py, ruleset.py, scoring.py, bookkeeping.py, cards.py, errors.py)


# --- Games, contracts and readings described (the pages' lines) ---------------------
