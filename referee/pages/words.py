"""The pages' own layout of the game's words: the games grouped by family, a meld's
own word, names short enough for a sheet of eight players on a phone, the lines the
sums above the keypad take. Nothing here decides a rule or says one: the rules core's
:mod:`~referee.rules.words` says every sentence (a deal's contract, card values, the
winner, the house rules), in the language spoken (:mod:`.speech`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import VARIANTS, Ruleset, Variant
from ..rules.names import short_names
from ..rules.push import PUSH_FAMILY
from ..rules.ruleset import Kind, MeldWords
from ..rules.scoring import Sheet
from ..rules.words import (
    Words,
    exchange_tab_words,
    family_names,
    meld_word_messages,
    winner_words,
)
from .speech import gettext
from .speech import words as spoken


def families(words: Words) -> list[tuple[str, list[Variant]]]:
    """Every game, grouped as R41 lists them: the Push family, then the rest, each
    headed in ``words``.

    >>> from referee.rules.words import ENGLISH
    >>> [(name, len(games)) for name, games in families(ENGLISH)]
    [('Push family', 4), ('Contract Rummy family', 12)]
    """
    push = {rules.variant for rules, _ in PUSH_FAMILY}
    push_family, contract_family = family_names(words)
    return [
        (push_family, [v for v in VARIANTS.values() if v.id in push]),
        (contract_family, [v for v in VARIANTS.values() if v.id not in push]),
    ]


def own_word(rules: Ruleset, kind: Kind, size: int) -> str:
    """The game's own word for a meld, where it has one other than "set" or "run"
    (R42): ``escalera``, ``"three"``, ``cuarteto``; else "".

    >>> from referee.rules import get_ruleset
    >>> own_word(get_ruleset("loba"), "run", 5), own_word(get_ruleset("telefunken"), "set", 4)
    ('escalera', 'cuarteto')
    >>> own_word(get_ruleset("push"), "set", 3)
    ''
    """
    by_size = dict(rules.words.by_size)
    if kind == "set" and size in by_size:
        word = by_size[size]
    else:
        word = rules.words.noun(kind)
        if word == kind:
            return ""
    return meld_word_messages(spoken()).get(("", word), word)


def exchange_words(rules: Ruleset) -> tuple[str, str]:
    """The checker's tab name and a refusal's title for this table's joker exchange
    (R79), in the request's language."""
    return exchange_tab_words(spoken(), rules.joker_exchange)


#: How many columns (:func:`~referee.rules.names.width`) a column head of the sheet
#: shows on a 360 px phone, by the number of sides: a longer name is cut (the full
#: name in a key below), never broken across lines.
HEAD_ROOM = {1: 16, 2: 16, 3: 10, 4: 7, 5: 6, 6: 5, 7: 4, 8: 4}


def sheet_heads(names: Sequence[str]) -> list[tuple[str, str]]:
    """The sheet's column heads as (shown, full name): each name whole where it fits
    its column on a 360 px phone, else a short name that reads as no other
    (:func:`~referee.rules.names.short_names`), the full name in a key below.

    >>> sheet_heads(["We", "They"])
    [('We', 'We'), ('They', 'They')]
    >>> sheet_heads(["Annabelle", "Bo", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])[0]
    ('Ann.', 'Annabelle')
    >>> [shown for shown, _ in sheet_heads(["Elizabeth-Anne Castellanos", "Elizabeth", "Bo"])]
    ['Elizabet-A', 'Elizabeth', 'Bo']
    """
    return list(zip(short_names(names, head_room(len(names))), names, strict=True))


def head_room(sides: int) -> int:
    """How many columns a column head of a sheet of this many sides shows."""
    return HEAD_ROOM.get(sides, min(HEAD_ROOM.values()))


#: Characters of the deal's sums that fit one line of a 360 px phone.
LINE = 38


def adds_lines(heads: Sequence[str]) -> int:
    """How many lines the sums pinned above the keypad take on a 360 px phone, so
    that every side's points are read whole before Save: "This deal adds:", each
    side as its column head with points of three figures, wrapped; and a line for
    what is still to enter.

    >>> adds_lines(["We", "They"]), adds_lines(["Ann.", "Bar.", "Cat", "Dan", "Eve", "Fay"])
    (2, 4)
    """
    said = len("This deal adds: ") + sum(len(head) + len(" 125 · ") for head in heads)
    return max(2, -(-said // LINE) + 1)


def winners_by_name(sheet: Sheet) -> list[str]:
    """The people who won (R32, R61, R62): every player of each winning side."""
    sides = {side.name: side for side in sheet.table.sides}
    return [player for name in sheet.winners for player in sides[name].players]


def form_words(rules: Ruleset) -> MeldWords:
    """The game's words for its melds on a form, or plain ones where the words name a
    size (Caribbean's "three" and "four", R42): a field reads "sequences of at least",
    never '"fours" of at least'; in the request's language."""
    words = rules.words
    if words.names_size:
        words = MeldWords("group", "groups", "sequence", "sequences")
    said = meld_word_messages(spoken())
    return MeldWords(
        set=said.get(("", words.set), words.set),
        sets=said.get(("", words.sets), words.sets),
        run=said.get(("", words.run), words.run),
        runs=said.get(("", words.runs), words.runs),
    )


def progress_words(sheet: Sheet) -> str:
    """A game in one line, as the evening and the phone's games list it: who won once
    it is over, else how many of its deals are played."""
    if sheet.finished:
        return winner_words(spoken(), sheet)
    return gettext(
        "%(played)s of %(deals)s deals played",
        played=len(sheet.deals),
        deals=len(sheet.table.rules.deals),
    )
