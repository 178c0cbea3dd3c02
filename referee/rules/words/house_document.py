"""A house rules document the referee cannot read (the reasons of
``rules/house_document.py``; R71: a 400 naming the key). Each reason's ``path`` is
where the value is: the key, then list positions and keys.
"""

from __future__ import annotations

from typing import cast

from ..reasons import Reason
from .language import Words, renders
from .phrases import fact_int, fact_str, fact_strs, facts


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
    return said.format(**(facts(why) | {"where": where, "field": field} | more))


def _quoted(words: Words, why: Reason, name: str, last: str = "and") -> str:
    return words.listed([f'"{key}"' for key in fact_strs(why, name)], last)


@renders("house_rules_not_an_object")
def _house_rules_not_an_object(words: Words, why: Reason) -> str:
    return words._("house rules must be an object of changes")


@renders("not_a_house_rule")
def _not_a_house_rule(words: Words, why: Reason) -> str:
    return words._('"{key}" is not a house rule; the keys are {keys}').format(
        key=why["key"], keys=", ".join(fact_strs(why, "keys"))
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
    if fact_int(why, "low"):
        said = words._('{where}"{field}" must be a list of {low} to {high} {items}')
    else:
        said = words._('{where}"{field}" must be a list of at most {high} {items}')
    items = _list_items(words, fact_str(why, "items"))
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
    return words._('"players" must list whole numbers from {low} to {high}').format(**facts(why))


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
