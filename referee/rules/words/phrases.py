"""The few words every sentence is built from: a count, a suit, a rank, a reading, a
declaration, a contract part, a pack, points; and the facts of a reason read as
what they are. Each takes the :class:`~.language.Words` first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Literal, cast

from ..cards import rank_token
from ..melds import Declaration, Reading, SetReading
from ..reasons import Reason
from ..ruleset import ContractPart, MeldWords
from ..text import isolated
from .language import ENGLISH, Words, meld_word_messages

# --- English forms, for callers that speak no other language (tests, benchmarks) ---


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


# --- Suits, ranks, readings and declarations -----------------------------------------


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


# --- Counts, a reason's facts, packs, points and players ----------------------------


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


def facts(why: Reason) -> dict[str, Hashable]:
    """A reason's facts by name, to fill a sentence's placeholders."""
    return dict(why.facts)


def fact_int(why: Reason, name: str) -> int:
    """A fact that is a number."""
    return cast(int, why[name])


def fact_str(why: Reason, name: str) -> str:
    """A fact that is a text."""
    return cast(str, why[name])


def fact_strs(why: Reason, name: str) -> tuple[str, ...]:
    """A fact that is several things, each as a text (a card, a name)."""
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


# --- Contract parts, contracts, wild cards ------------------------------------------


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

    >>> from referee.rules.ruleset import ContractPart, MeldWords
    >>> carioca = MeldWords("trío", "tríos", "escalera", "escaleras")
    >>> part_words(ENGLISH, carioca, ContractPart("run", 4), article="a")
    'an escalera of four'
    """
    if part.name:
        named = part.name if count == 1 else part.name + "s"
        if words.language != "en":  # a preset's own name in this language; a table's, as typed
            named = meld_word_messages(words).get(("", named), named)
        name = isolated(named)
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


def capitalized(text: str) -> str:
    """The sentence with its first letter capital: a quoted word's too ('"Threes"');
    "2s" stays."""
    start = 1 if text.startswith('"') else 0
    return text[:start] + text[start : start + 1].upper() + text[start + 1 :]


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


def wild_cards_words(words: Words, n: int, *, digits: bool = False) -> str:
    """ "one wild card", "three wild cards"; with ``digits``, "3 wild cards"."""
    return words.ngettext("{count} wild card", "{count} wild cards", n).format(
        count=str(n) if digits else count_word(words, n)
    )
