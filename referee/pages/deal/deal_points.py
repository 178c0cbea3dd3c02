"""Points as a player types them into the deal form, and the table's bonuses and
penalties (docs/rules.md#R75) tapped or typed beside them: read from the form, with what
they may be left to the rules core (:func:`~referee.rules.scoring.judge_entry`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...rules import Ruleset
from ...rules.scoring import Table
from ..keypad import DIGITS, whole_number
from ..speech import gettext

#: Points as a person types them: a sign, then digits (of any script, as ``int`` reads).
_SIGNED = re.compile(r"\s*([-\u2212+]?)\s*(\d+)\s*")


def typed_points(text: str) -> int | None:
    """The points typed in a field (a minus sign allowed: the rules core says why a
    hand cannot be below 0), or None when nothing or no number is typed.

    >>> typed_points(" 25 "), typed_points("-5"), typed_points("2.5"), typed_points("")
    (25, -5, None, None)
    """
    match = _SIGNED.fullmatch(text)
    if match is None or (number := whole_number(match.group(2))) is None:
        return None
    return -number if match.group(1) in ("-", "\u2212") else number


def points_error(typed: str) -> str:
    """The sentence for typed points that are no number at all, or "": what a
    number of points can be is the rules core's to say.

    >>> points_error("25"), points_error("-5"), points_error("2.5")
    ('', '', 'points are a whole number, like 25')
    """
    text = typed.strip()
    if not text or typed_points(text) is not None:
        return ""
    match = _SIGNED.fullmatch(text)
    if match is not None and len(match.group(2)) > DIGITS:
        return str(gettext("no hand holds that many points"))
    return str(gettext("points are a whole number, like 25"))


# --- Bonuses and penalties (R75) ----------------------------------------------------


def tap_bonus(press: str, rules: Ruleset, adjust: list[str], reasons: list[str]) -> bool:
    """A tap on one of the table's named bonuses (``bonus:<seat>:<n>``), added to what
    the seat has, or on clearing the seat's (``unbonus:<seat>``); whether it was one.

    >>> from referee.rules import Bonus, get_ruleset
    >>> from dataclasses import replace
    >>> rules = replace(get_ruleset("push"), bonuses=(Bonus("exact cut", -10),))
    >>> adjust, reasons = ["", "5"], ["", "late"]
    >>> tap_bonus("bonus:1:0", rules, adjust, reasons), adjust, reasons
    (True, ['', '-5'], ['', 'late, exact cut'])
    """
    action, _, where = press.partition(":")
    if action not in ("bonus", "unbonus"):
        return False
    at, _, which = where.partition(":")
    chosen, named = whole_number(at), whole_number(which)
    if chosen is None or chosen >= len(adjust):
        return True
    if action == "unbonus":
        adjust[chosen] = reasons[chosen] = ""
    elif named is not None and named < len(rules.bonuses):
        bonus = rules.bonuses[named]
        if bonus.went_out:  # follows who went out, never tapped (R75)
            return True
        adjust[chosen] = str((typed_points(adjust[chosen]) or 0) + bonus.points)
        reasons[chosen] = ", ".join(r for r in (reasons[chosen].strip(), bonus.name) if r)
    return True


def read_adjust(
    table: Table, adjust: Sequence[str], reasons: Sequence[str]
) -> tuple[tuple[dict[str, int], dict[str, str]], list[str]]:
    """Each player's bonus or penalty as typed: the points that are a number and the
    reasons given, each by player, for the rules core to judge
    (:func:`~referee.rules.scoring.judge_entry`: a reason without its points, points
    out of bounds); and each seat's sentence for points that are no number."""
    points: dict[str, int] = {}
    given: dict[str, str] = {}
    errors = []
    for player, text, reason in zip(table.players, adjust, reasons, strict=True):
        error = points_error(text)
        if error:
            error = gettext("%(player)s's bonus or penalty: %(why)s", player=player, why=error)
        else:
            if (number := typed_points(text)) is not None:
                points[player] = number
            if reason.strip():
                given[player] = reason
        errors.append(error)
    return (points, given), errors
