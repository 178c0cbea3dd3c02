"""Text a table types, decided once for all of it: players' and teams' names, a
bonus's reason (R75), the names of bonuses, deals and their melds (R68) and of saved
rules (R74).

Every character of it must show as what it is. Control characters (a line break,
a NUL), formatting characters (a right-to-left override U+202E, a zero-width
space), line and paragraph separators, unassigned, private-use and surrogate code
points show as nothing, as boxes, or change how the text around them is drawn: a
bonus named ``"\\u202e01+"`` reads "+10" on its button.

Nor may it hold a letter that prints as nothing (a Hangul filler, a blank braille
pattern). Two kinds of formatting character build what people type and so are
welcome where they build something:

- the zero-width joiner and non-joiner (U+200D, U+200C) between two characters
  that show: an emoji family, a Persian or Hindi word; at either end of a text,
  beside a space or another joiner they join nothing and are refused (a name's
  ends are trimmed of them first, :func:`trimmed`);
- the tag characters of a flag (U+E0020-E007E, then U+E007F), right after the
  black flag U+1F3F4: the flags of England, Scotland and Wales.

>>> england = "\\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in "gbeng") + "\\U000e007f"
>>> unshown("Ann"), unshown("👨\\u200d👩\\u200d👧"), unshown(england)
(None, None, None)
>>> unshown("Exact cut \\u202e01+"), unshown("two\\nlines"), unshown("a \\u200d b")
('\\u202e', '\\n', '\\u200d')
"""

from __future__ import annotations

import unicodedata

#: Unicode categories a text may not hold: control, formatting, unassigned, private
#: use and surrogate characters, and the separators that break a line.
UNSHOWN = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})
#: The zero-width non-joiner and joiner: formatting characters that build emoji and
#: the words of many scripts.
JOINERS = frozenset({"\u200c", "\u200d"})
#: A flag's tag characters follow the black flag and end with the cancel tag.
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE007F)
CANCEL_TAG = "\U000e007f"
#: The characters that open an embedding, an override or an isolate, and those that
#: close them: text holding them (a game kept before this rule) is drawn isolated.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters and symbols that print as nothing: a text of them alone, or "Ann" with one
#: of them added, would look like no text, or like another.
BLANKS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e"})


def trimmed(text: str) -> str:
    """``text`` without the spaces and joiners at its ends, which show nothing.

    >>> trimmed("  Ann\\u200d ")
    'Ann'
    """
    return text.strip().strip("".join(JOINERS)).strip()


def skeleton(text: str) -> str:
    """What a text looks like: compatibility forms folded, case and joiners ignored;
    two names of one skeleton read as one.

    >>> skeleton("Ａnn\u200d") == skeleton("ann")
    True
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(char for char in folded if char not in JOINERS)


def unshown(text: str) -> str | None:
    """The first character of ``text`` that cannot be shown as typed, or None when
    every one can."""
    flag = False  # within a flag's tags
    for at, char in enumerate(text):
        if flag and (ord(char) in TAGS or char == CANCEL_TAG):
            flag = char != CANCEL_TAG
            continue
        if flag:  # a flag's tags not ended by the cancel tag
            return text[at - 1]
        if char == BLACK_FLAG and at + 1 < len(text) and ord(text[at + 1]) in TAGS:
            flag = True
        elif char in JOINERS:
            if not _joins(text, at):
                return char
        elif char in BLANKS or unicodedata.category(char) in UNSHOWN:
            return char
    return text[-1] if flag else None


def _joins(text: str, at: int) -> bool:
    """Whether the joiner at ``at`` stands between two characters it can join."""
    if at == 0 or at == len(text) - 1:
        return False
    before, after = text[at - 1], text[at + 1]
    return not any(c.isspace() or c in JOINERS for c in (before, after))


def shown(text: str) -> bool:
    """Whether every character of ``text`` shows as typed (:func:`unshown`)."""
    return unshown(text) is None


def isolated(text: str) -> str:
    """``text`` as part of a sentence: as it is, or, when it holds a character that
    reorders what follows it (a game kept from before this rule, R73), between a
    first-strong isolate and its closing mark, so that nothing it opens reaches past
    it (Unicode's bidirectional algorithm, X5c and X6a).

    >>> isolated("Exact cut"), isolated("cut\\u202e")
    ('Exact cut', '\\u2068cut\\u202e\\u2069')
    """
    if BIDI_CONTROLS.isdisjoint(text):
        return text
    # A closing mark in the text closes one isolate: one more each keeps it inside.
    depth = 1 + text.count("\u2069")
    return "\u2068" * depth + text + "\u2069" * depth
