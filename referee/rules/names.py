"""A table's names where a column is narrow: short names that read as their own
player's name and as no other player's at the table.

The table tells names apart by how they look (:func:`.text.skeleton`: case,
compatibility forms and joiners aside, :meth:`.scoring.Table.seat`); a short name
is told apart the same way. A name that fits is shown whole; a longer one is cut,
and the cut says so: a full stop where the rest is left off ("Leon." for
Leonardo), an ellipsis where a middle is ("Alexa…er" for Alexander), a word's
initial after the name's own hyphen ("Ann-S" for Anne-Sophie) or after a full stop
("E.C." for Elizabeth Castellanos). Each short name is read as a pattern (the
letters it keeps, in their places) that must fit its own name and no other name
at the table: "Ann." is never Anne-Sophie's while an Annabelle or an Ann sits there
too, nor "Leon." Leonardo's beside a Leona. Where no cut fits one name alone (two
names alike but for letters the width leaves no room for), the name's start and its
seat say whose it is ("Ale3"), the key under the sheet the rest.

>>> short_names(["Leonardo", "Leona", "Anne-Sophie", "Anne-Marie", "Annabelle"], 5)
['Leo…o', 'Leona', 'Ann-S', 'Ann-M', 'Anna.']
>>> short_names(["Alexander", "Alexandra", "Elizabeth", "Eli"], 8)
['Alexa…er', 'Alexa…ra', 'Elizabe.', 'Eli']
>>> short_names(["Elizabeth Castellanos", "Elizabeth-Anne C", "Alexander M", "Alexandra M"], 4)
['E.Ca', 'El-A', 'Ale3', 'Ale4']
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .text import JOINERS, skeleton

#: What marks a cut: the rest left off, a middle left off.
REST, MIDDLE = ".", "…"
#: Where a name's words meet, as people write names.
SEPARATORS = frozenset(" -")
#: Emoji skin tones and a flag's tags belong to the character before them.
_MODIFIERS = range(0x1F3FB, 0x1F400)
_TAGS = range(0xE0020, 0xE0080)
_REGIONAL = range(0x1F1E6, 0x1F200)


def clusters(text: str) -> list[str]:
    """``text`` as the characters a reader sees (near enough Unicode's grapheme
    clusters for names): an accent with its letter, an emoji family, a flag, so that
    no cut ever splits one.

    >>> [len(seen) for seen in clusters("Zoe\\u0308 🇪🇸 👨\\u200d👩\\u200d👧")]
    [1, 1, 2, 1, 2, 1, 5]
    """
    seen: list[str] = []
    for char in text:
        code = ord(char)
        joined = bool(seen) and (
            unicodedata.category(char).startswith("M")
            or char in JOINERS
            or seen[-1][-1] in JOINERS
            or code in _MODIFIERS
            or code in _TAGS
            or (code in _REGIONAL and len(seen[-1]) == 1 and ord(seen[-1]) in _REGIONAL)
        )
        if joined:
            seen[-1] += char
        else:
            seen.append(char)
    return seen


def width(text: str) -> int:
    """How many columns ``text`` takes: a wide character (a CJK ideograph, most
    emoji) two, any other one.

    >>> width("Ann"), width("李雷"), width("👨\\u200d👩\\u200d👧")
    (3, 4, 2)
    """
    return sum(_width(cluster) for cluster in clusters(text))


def _width(cluster: str) -> int:
    return 2 if any(unicodedata.east_asian_width(c) in "WF" for c in cluster) else 1


#: Any run of characters within a word.
_IN_WORD = "[^" + re.escape("".join(sorted(SEPARATORS))) + "]*"


@dataclass(frozen=True, slots=True)
class Cut:
    """A short name, and the names it reads as: those its ``pattern`` (a regular
    expression over skeletons, :func:`.text.skeleton`) matches whole."""

    shown: str
    pattern: str

    def reads_as(self, name: str) -> bool:
        """Whether ``name`` could be the name this short name stands for."""
        return re.fullmatch(self.pattern, skeleton(name), re.S) is not None


def short_names(names: Sequence[str], most: int) -> list[str]:
    """Each of a table's ``names`` (different, by :func:`.text.skeleton`) in at most
    ``most`` columns (:func:`width`, at least 3), each read as its own name and no
    other (the module's rule). Where no cut does (names alike but for letters a
    cut leaves off), the name's start and its seat, from 1: "Ale5"; that is the
    only short name that is no pattern of its own name.

    >>> short_names(["Annabelle", "Annette", "Bo"], 4), short_names(["Leonardo", "Leona"], 5)
    (['A…le', 'A…te', 'Bo'], ['Leo…o', 'Leona'])
    """
    return list(_short_names(tuple(names), most))


@functools.lru_cache(maxsize=256)
def _short_names(names: tuple[str, ...], most: int) -> tuple[str, ...]:
    shown = [name if width(name) <= most else "" for name in names]
    taken = {skeleton(name) for name in shown if name}
    for seat, name in enumerate(names, start=1):
        if shown[seat - 1]:
            continue
        others = [other for other in names if other != name]
        for cut in _cuts(name, most, seat):
            if skeleton(cut.shown) in taken or any(cut.reads_as(other) for other in others):
                continue
            if cut.reads_as(name) or cut.pattern == "":
                shown[seat - 1] = cut.shown
                taken.add(skeleton(cut.shown))
                break
    return tuple(shown)


def _cuts(name: str, room: int, seat: int) -> Iterator[Cut]:
    """The ways to cut ``name`` to ``room`` columns, the most readable first: its
    start; its start and the start of a later word; its start and its end; its
    words' initials; its start and the end of one word with the start of the next;
    last, its start and its ``seat`` (which reads as no name: its pattern is empty)."""
    seen = clusters(name)
    start = _start(seen, room - 1)
    if start:
        yield Cut(start + REST, re.escape(skeleton(start)) + ".*")
    words = _words(seen)
    for at, separator in words:
        for keep in range(room - 2, 0, -1):
            head = _start(seen, keep)
            tail = _start(seen[at:], room - width(head) - 1)
            if head and tail and at > len(clusters(head)):
                yield Cut(head + _mark(separator) + tail, _apart(head, separator + tail) + ".*")
    first = max(1, (room - 1) // 3)
    for end in [first, *range(first - 1, 0, -1), *range(first + 1, room - 1)]:
        tail = _end(seen, end)
        head = _start(seen, room - 1 - width(tail))
        if head and tail and len(clusters(head)) + len(clusters(tail)) < len(seen):
            yield Cut(head + MIDDLE + tail, _apart(head, tail))
    if words:
        yield from _initials(seen, words, room)
        yield from _joints(seen, words, room)
    for keep in range(room - 1, 0, -1):
        for mark in ("", "·"):
            head = _start(seen, keep - width(mark))
            if head:
                yield Cut(head + mark + str(seat), "")
    for marks in range(1, room):  # every start above is another's whole name
        yield Cut("·" * marks + str(seat), "")


def _apart(*pieces: str) -> str:
    """The pattern of ``pieces`` in this order, anything between two."""
    return ".*".join(re.escape(skeleton(piece)) for piece in pieces)


def _mark(separator: str) -> str:
    """What stands for a separator in a short name: a hyphen as itself, a space as a
    full stop (an initial's)."""
    return REST if separator == " " else separator


def _initials(seen: Sequence[str], words: Sequence[tuple[int, str]], room: int) -> Iterator[Cut]:
    """A name's words' initials, as many words as it has: "E.C." for Elizabeth
    Castellanos, never Elizabeth-Anne Castellanos's."""
    starts = [(0, ""), *words]
    shown = "".join(_mark(separator) + seen[at] for at, separator in starts)
    pattern = "".join(
        re.escape(separator) + re.escape(skeleton(seen[at])) + _IN_WORD for at, separator in starts
    )
    for ending in (REST, ""):
        if width(shown + ending) <= room:
            yield Cut(shown + ending, pattern)


def _joints(seen: Sequence[str], words: Sequence[tuple[int, str]], room: int) -> Iterator[Cut]:
    """The name's start, the end of one word and the start of the next: "A…er M." for
    Alexander Montgomery beside Alexandra Montgomery."""
    for at, separator in words:
        for before in range(1, 4):
            joint = _end(seen[: at - 1], before) + separator + seen[at]
            head = _start(seen, room - 2 - width(joint))
            if head and at - 1 - len(clusters(joint)) + 2 > len(clusters(head)):
                yield Cut(head + MIDDLE + joint + REST, _apart(head, joint) + ".*")


def _start(seen: Sequence[str], room: int) -> str:
    """The longest start of ``seen`` in ``room`` columns, without a separator at its end."""
    kept: list[str] = []
    used = 0
    for cluster in seen:
        used += _width(cluster)
        if used > room:
            break
        kept.append(cluster)
    return "".join(kept).rstrip("".join(SEPARATORS))


def _end(seen: Sequence[str], room: int) -> str:
    """The longest end of ``seen`` in ``room`` columns, without a separator at its start."""
    kept: list[str] = []
    used = 0
    for cluster in reversed(seen):
        used += _width(cluster)
        if used > room:
            break
        kept.insert(0, cluster)
    return "".join(kept).lstrip("".join(SEPARATORS))


def _words(seen: Sequence[str]) -> list[tuple[int, str]]:
    """Where each word after the first starts in ``seen``, and the separator before it."""
    return [
        (at, seen[at - 1])
        for at in range(1, len(seen))
        if seen[at - 1] in SEPARATORS and seen[at] not in SEPARATORS
    ]
