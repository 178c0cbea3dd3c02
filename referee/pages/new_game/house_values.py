"""The card values of the house rules form that follow from its other rules (R70):
a 2 is worth a joker's points once 2s are wild, and its own again once natural.
The form carries the values it last showed as the rules' own (``implied``, JSON);
a value still as shown there is not the table's, and follows the rules when they
change. Nothing here decides a value: the rules core does (``house_rules_of``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from ...plumbing.json_text import read_json
from ...rules import RulesError, Ruleset, Variant, house_rules_of
from ..keypad import whole_number


def follows(implied: str, book: Ruleset) -> dict[str, int]:
    """The values shown last as the rules' own, not the table's: those the form
    carries (``implied``), else the book's. A value typed as one of these is no
    change of the table's."""
    book_values = cast(dict[str, int], house_rules_of(book)["values"])
    try:
        carried = read_json(implied)
    except ValueError:
        carried = {}
    if not isinstance(carried, dict):  # a tampered form: the book's
        carried = {}
    return book_values | {
        token: points
        for token, points in carried.items()
        if token in book_values and isinstance(points, int) and not isinstance(points, bool)
    }


def shown_values(
    typed: Mapping[str, str], implied: str, now: Mapping[str, int], book: Ruleset
) -> dict[str, str]:
    """The values as the form shows them after a change: each the table typed as its
    own stays as typed; every other one follows the rules as they now stand
    (``now``, :func:`implied_values`)."""
    before = follows(implied, book)
    return {
        token: (
            str(now[token]) if token in now and whole_number(text) == before.get(token) else text
        )
        for token, text in typed.items()
    }


def implied_values(
    variant: Variant, options: Mapping[str, bool], house: Mapping[str, object]
) -> dict[str, int]:
    """What each card is worth by ``house`` without its values: the rules' own."""
    try:
        rules = variant.ruleset(options, {k: v for k, v in house.items() if k != "values"})
    except RulesError:
        rules = variant.ruleset(options)
    return cast(dict[str, int], house_rules_of(rules)["values"])
