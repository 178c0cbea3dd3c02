"""A tap on *Add* or *Remove* in the house rules form (docs/rules.md#R68): a deal, a meld
of a deal's contract, or a named bonus added or taken away, the rest of the form as
typed. Nothing here decides a rule: the rules core judges the form afterwards
(:func:`referee.pages.new_game.house_form.judge`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..keypad import whole_number
from .house_typed import NEW_PART, BonusRow, DealRow, HouseTyped, PartRow


def act(typed: HouseTyped, action: str) -> HouseTyped:
    """The form after a tap: ``add-deal`` (a copy of the last deal), ``remove-deal-2``,
    ``add-part-2``, ``remove-part-2-1``, ``add-bonus``, ``remove-bonus-1``; any other
    action, or one naming no row, leaves it as it is.

    >>> typed = HouseTyped({}, deals=[DealRow("10", [PartRow("set", "3")])])
    >>> [len(row.parts) for row in act(act(typed, "add-deal"), "add-part-2").deals]
    [1, 2]
    """
    verb, _, where = action.partition("-")
    thing, _, at = where.partition("-")
    rows = [n - 1 for n in map(whole_number, at.split("-")) if n is not None]
    changed = replace(
        typed,
        deals=[replace(row, parts=list(row.parts)) for row in typed.deals],
        bonuses=list(typed.bonuses),
    )
    tap = _TAPS.get((verb, thing))
    if tap is not None:
        tap(changed, rows)
    return changed


def _add_deal(typed: HouseTyped, _: list[int]) -> None:
    last = typed.deals[-1] if typed.deals else DealRow("10", [PartRow(*NEW_PART)])
    typed.deals.append(replace(last, parts=list(last.parts)))


def _add_part(typed: HouseTyped, at: list[int]) -> None:
    if at and 0 <= at[0] < len(typed.deals):
        typed.deals[at[0]].parts.append(PartRow(*NEW_PART))


def _remove(rows: list[Any], at: list[int]) -> None:
    if at and 0 <= at[0] < len(rows):
        del rows[at[0]]


def _remove_part(typed: HouseTyped, at: list[int]) -> None:
    if len(at) == 2 and 0 <= at[0] < len(typed.deals):
        _remove(typed.deals[at[0]].parts, at[1:])


_TAPS: Mapping[tuple[str, str], Callable[[HouseTyped, list[int]], None]] = {
    ("add", "deal"): _add_deal,
    ("add", "bonus"): lambda typed, _: typed.bonuses.append(BonusRow("", "")),
    ("add", "part"): _add_part,
    ("remove", "deal"): lambda typed, at: _remove(typed.deals, at),
    ("remove", "bonus"): lambda typed, at: _remove(typed.bonuses, at),
    ("remove", "part"): _remove_part,
}
