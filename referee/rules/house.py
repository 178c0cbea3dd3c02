"""A table's own rules (HOUSE.md R68-R75): a game's preset and options, then the
table's house changes, each one ruleset field given another value.

A house document is the JSON object API.md describes ("House rules"): its keys
are those of R68 (``deals``, ``players``, ``pack``, ``set_min`` ... ``scoring``),
the few more this module offers the same way (``wild_limit_by_size``,
``set_min_natural``, ``deal_direction``, ``buys``, ``bonuses``), and nothing
else. :func:`apply_house` reads one, refuses what it cannot read
(:class:`HouseRulesError`) or what no table could play
(:class:`UnplayableRulesError`, R71), and gives the :class:`Ruleset` every other
part of the referee reads (R72): nothing decides a rule from the game's name.
:func:`house_rules_of` gives every key's value for a ruleset, in the shape
``apply_house`` takes, so a form can show the rules and send back any part;
:func:`changes_of` gives what a table changed, for :mod:`.words` to say (R73).

>>> from referee.rules import get_ruleset
>>> book = get_ruleset("contract-rummy")
>>> table = apply_house(book, {"run_min": 3, "ace": "around", "values": {"JK": 25}})
>>> table.run_min, table.ace.value, table.card_values.as_dict()["JK"]
(3, 'around', 25)
>>> [change.key for change in changes_of(book, table)]
['run_min', 'ace', 'values']
>>> apply_house(book, house_rules_of(table)) == table
True
>>> apply_house(book, {"run_min": 9})
Traceback (most recent call last):
...
referee.rules.errors.HouseRulesError: value_not_whole_number(path=('run_min',), low=3, high=7)
>>> apply_house(book, {"run_min": 5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.rules.errors.UnplayableRulesError: deal_part_too_short(key='run_min', deal=2, ...)

The keys are applied in one order, whatever the order of the document
(:data:`HOUSE_KEYS`). A few of them change what depends on them, as R70 says:
``twos`` gives a 2 the joker's value when 2s become wild and its face value (or
its neighbours', where 3s are not at face value) when they become natural;
``wild_limit`` replaces the game's own limits on every meld (Shanghai's table by
size, unless it is ``by_size``; Caribbean's two natural cards in a group), which
``wild_limit_by_size`` and ``set_min_natural``, read after it, may set again;
``contract_sizes`` makes every part exact or not, where it differs from the
game's; ``deals`` replaces every deal, with the initial meld's own wild-card
limits (R52, R53) only where its deals say them. ``values`` and ``buys`` change
the entries they name and keep the others.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, NoReturn, cast, get_args

from .cards import TWO, Card, parse_rank
from .errors import CardError, HouseRulesError, UnplayableRulesError
from .reasons import Reason
from .ruleset import (
    Ace,
    Bonus,
    Buys,
    CardValues,
    ContractPart,
    DealDirection,
    DealRule,
    JokerExchange,
    Kind,
    MeldWords,
    Packs,
    Ruleset,
    Scoring,
    WholeHand,
    WildLimit,
    Winner,
)
from .text import shown, trimmed

__all__ = ["HOUSE_KEYS", "Changed", "apply_house", "changes_of", "house_changes", "house_rules_of"]

#: Every key a house document may hold, in the order they are applied.
HOUSE_KEYS = (
    "players",
    "pack",
    "set_suits",
    "set_min",
    "run_min",
    "runs",
    "ace",
    "twos",
    "wild_limit",
    "wild_limit_by_size",
    "set_min_natural",
    "wilds_apart",
    "contract_sizes",
    "deals",
    "contract_runs_gap",
    "values",
    "winner",
    "scoring",
    "deal_direction",
    "buys",
    "bonuses",
    "joker_exchange",
)

# The ranges a document's values must lie in (R68, R71): out of them is a 400.
PLAYERS = (2, 8)
MOST_DEALS = 20
CARDS_DEALT = (3, 25)
MOST_PARTS = 8
PART_MIN = (1, 14)
WHOLE_HAND = (3, 30)
MELD_MIN = (3, 7)
DECKS = (1, 4)
JOKERS = (0, 12)
POINTS = (0, 500)
WILDS = (0, 14)
GAP = (0, 2)
BUYS = (0, 99)
MOST_BONUSES = 12
BONUS_NAME = 40  # as a deal's reason for its adjust (API.md)
BONUS_POINTS = (-1000, 1000)
NAME = 60

Path = tuple[str | int, ...]


# --- Reading a document (R71: a 400 naming the key) ----------------------------------


def _bad(path: Path, code: str, /, **facts: Hashable) -> NoReturn:
    """Raise the reason ``code`` for a value at ``path`` that is not what it must be."""
    raise HouseRulesError(Reason.of(code, path=path, **facts), key=str(path[0]), path=path)


def _whole(value: object, path: Path, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _bad(path, "value_not_whole_number", low=low, high=high)
    return value


def _whole_or_none(value: object, path: Path, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _bad(path, "value_not_whole_number_or_null", low=low, high=high)
    return value


def _flag(value: object, path: Path) -> bool:
    if not isinstance(value, bool):
        _bad(path, "value_not_true_or_false")
    return value


def _one_of(value: object, path: Path, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        _bad(path, "value_not_a_choice", choices=tuple(choices))
    return value


def _object(
    value: object, path: Path, keys: Sequence[str], required: Sequence[str] = ()
) -> dict[str, object]:
    if not isinstance(value, Mapping):
        _bad(path, "value_not_an_object", keys=tuple(keys))
    for name in value:
        if name not in keys:
            _bad((*path, str(name)), "key_not_read_here", keys=tuple(keys))
    for name in required:
        if name not in value:
            _bad((*path, name), "key_missing")
    return {str(name): item for name, item in value.items()}


def _list(value: object, path: Path, low: int, high: int, what: str) -> list[object]:
    if not isinstance(value, list) or not low <= len(value) <= high:
        _bad(path, "list_size", low=low, high=high, items=what)
    return value


def _text(value: object, path: Path, most: int, *, empty: bool = True) -> str:
    if not isinstance(value, str):
        _bad(path, "value_not_text")
    text = trimmed(value)
    if not text and not empty:
        _bad(path, "text_empty")
    if len(text) > most:
        _bad(path, "text_too_long", most=most)
    return text  # what it shows is judged with R71 (_check_texts)


@dataclass(frozen=True, slots=True)
class _PartDoc:
    """One part of a deal as the document gives it (``exact`` None: the table's)."""

    kind: Kind
    min: int
    exact: bool | None
    no_wild: bool
    distinct_suits: bool
    name: str


@dataclass(frozen=True, slots=True)
class _DealDoc:
    cards: int
    parts: tuple[_PartDoc, ...]
    whole_hand: WholeHand | None
    contract_wilds: int | None
    meld_wilds: int | None
    name: str


_PART_KEYS = ("kind", "min", "exact", "no_wild", "distinct_suits", "name")
_DEAL_KEYS = ("cards", "contract", "whole_hand", "contract_wilds", "meld_wilds", "name")


def _read_part(value: object, path: Path) -> _PartDoc:
    part = _object(value, path, _PART_KEYS, ("kind", "min"))
    kind = cast(Kind, _one_of(part["kind"], (*path, "kind"), ("set", "run")))
    exact = part.get("exact")
    return _PartDoc(
        kind,
        _whole(part["min"], (*path, "min"), *PART_MIN),
        None if exact is None else _flag(exact, (*path, "exact")),
        _flag(part.get("no_wild", False), (*path, "no_wild")),
        _flag(part.get("distinct_suits", False), (*path, "distinct_suits")),
        _text(part.get("name", ""), (*path, "name"), NAME),
    )


def _read_deal(value: object, path: Path) -> _DealDoc:
    deal = _object(value, path, _DEAL_KEYS, ("cards", "contract"))
    contract = _list(deal["contract"], (*path, "contract"), 0, MOST_PARTS, "melds")
    whole: WholeHand | None = None
    if deal.get("whole_hand") is not None:
        where = (*path, "whole_hand")
        given = _object(deal["whole_hand"], where, ("at_least", "exactly"))
        if len(given) != 1:
            _bad(where, "whole_hand_not_one_key")
        (how, cards), *_ = given.items()
        whole = WholeHand(_whole(cards, (*where, how), *WHOLE_HAND), exactly=how == "exactly")
    return _DealDoc(
        _whole(deal["cards"], (*path, "cards"), *CARDS_DEALT),
        tuple(_read_part(part, (*path, "contract", n)) for n, part in enumerate(contract, 1)),
        whole,
        _whole_or_none(deal.get("contract_wilds"), (*path, "contract_wilds"), *WILDS),
        _whole_or_none(deal.get("meld_wilds"), (*path, "meld_wilds"), *WILDS),
        _text(deal.get("name", ""), (*path, "name"), NAME),
    )


def _read_deals(value: object) -> tuple[_DealDoc, ...]:
    deals = _list(value, ("deals",), 0, MOST_DEALS, "deals")
    return tuple(_read_deal(deal, ("deals", n)) for n, deal in enumerate(deals, 1))


def _read_players(value: object) -> tuple[int, ...]:
    counts = _list(value, ("players",), 1, PLAYERS[1] - PLAYERS[0] + 1, "player counts")
    read = []
    for index, count in enumerate(counts, 1):
        if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= 8:
            raise HouseRulesError(
                Reason.of("player_count_not_whole_number", low=PLAYERS[0], high=PLAYERS[1]),
                key="players",
                path=("players", index),
            )
        read.append(count)
    if len(set(read)) != len(read):
        _bad(("players",), "player_count_twice")
    return tuple(sorted(read))


def _read_pack(value: object) -> Packs:
    """``{"decks": N, "jokers": N}`` for every table, or rows by player count."""
    if isinstance(value, Mapping):
        one = _object(value, ("pack",), ("decks", "jokers"), ("decks", "jokers"))
        decks = _whole(one["decks"], ("pack", "decks"), *DECKS)
        return Packs(
            ((PLAYERS[0], PLAYERS[1], decks, _whole(one["jokers"], ("pack", "jokers"), *JOKERS)),)
        )
    if not isinstance(value, list):
        _bad(("pack",), "pack_not_rows")
    rows = []
    for n, item in enumerate(_list(value, ("pack",), 1, 7, "rows"), 1):
        where: Path = ("pack", n)
        row = _object(item, where, ("players", "decks", "jokers"), ("players", "decks", "jokers"))
        span = row["players"]
        if not (isinstance(span, list) and len(span) == 2):
            _bad((*where, "players"), "players_not_a_span")
        low = _whole(span[0], (*where, "players"), 1, PLAYERS[1])
        high = _whole(span[1], (*where, "players"), low, PLAYERS[1])
        decks = _whole(row["decks"], (*where, "decks"), *DECKS)
        rows.append((low, high, decks, _whole(row["jokers"], (*where, "jokers"), *JOKERS)))
    rows.sort()
    for (_, high, *_), (low, *_) in pairwise(rows):
        if low <= high:
            _bad(("pack",), "pack_rows_overlap", players=low)
    return Packs(tuple(rows))


def _read_by_size(value: object) -> tuple[tuple[Kind, int, int], ...]:
    """R51's table: ``[{"kind": "set", "size": 3, "most": 1}, ...]``, sizes rising."""
    rows: list[tuple[Kind, int, int]] = []
    for n, item in enumerate(_list(value, ("wild_limit_by_size",), 1, 12, "rows"), 1):
        where: Path = ("wild_limit_by_size", n)
        row = _object(item, where, ("kind", "size", "most"), ("kind", "size", "most"))
        kind = cast(Kind, _one_of(row["kind"], (*where, "kind"), ("set", "run")))
        size = _whole(row["size"], (*where, "size"), 3, 14)
        if any(k == kind and s >= size for k, s, _ in rows):
            _bad((*where, "size"), "wild_sizes_not_rising", kind=kind)
        rows.append((kind, size, _whole(row["most"], (*where, "most"), *WILDS)))
    return tuple(rows)


#: A ``values`` key: a rank 1-13, 0 for the joker, or one card.
ValueKey = int | Card


def _read_values(value: object) -> tuple[tuple[ValueKey, int], ...]:
    if not isinstance(value, Mapping):
        _bad(("values",), "values_not_an_object")
    read: list[tuple[ValueKey, int]] = []
    for token, points in value.items():
        where: Path = ("values", str(token))
        key: ValueKey
        try:
            key = 0 if str(token).strip().upper() in ("JK", "JOKER", "*") else parse_rank(token)
        except CardError:
            try:
                key = Card.parse(str(token))
            except CardError:
                _bad(where, "value_key_not_a_card")
        read.append((key, _whole(points, where, *POINTS)))
    return tuple(read)


def _read_buys(value: object) -> dict[str, int | None]:
    buys = _object(value, ("buys",), ("per_deal", "last_deal", "per_game"))
    return {name: _whole_or_none(n, ("buys", name), *BUYS) for name, n in buys.items()}


def _read_bonuses(value: object) -> tuple[Bonus, ...]:
    bonuses: list[Bonus] = []
    for n, item in enumerate(_list(value, ("bonuses",), 0, MOST_BONUSES, "bonuses"), 1):
        where: Path = ("bonuses", n)
        bonus = _object(item, where, ("name", "points"), ("name", "points"))
        name = _text(bonus["name"], (*where, "name"), BONUS_NAME, empty=False)
        if any(other.name.casefold() == name.casefold() for other in bonuses):
            _bad((*where, "name"), "bonus_name_twice", name=name)
        bonuses.append(Bonus(name, _whole(bonus["points"], (*where, "points"), *BONUS_POINTS)))
    return tuple(bonuses)


def _read(key: str, value: object) -> object:
    """The document's value of ``key``, read into what the ruleset holds."""
    if key == "deals":
        return _read_deals(value)
    if key == "players":
        return _read_players(value)
    if key == "pack":
        return _read_pack(value)
    if key in ("set_min", "run_min"):
        return _whole(value, (key,), *MELD_MIN)
    if key == "set_min_natural":
        return _whole(value, (key,), 0, MELD_MIN[1])
    if key == "contract_runs_gap":
        return _whole(value, (key,), *GAP)
    if key in ("runs", "wilds_apart"):
        return _flag(value, (key,))
    if key == "wild_limit_by_size":
        return _read_by_size(value)
    if key == "values":
        return _read_values(value)
    if key == "buys":
        return _read_buys(value)
    if key == "bonuses":
        return _read_bonuses(value)
    return _one_of(value, (key,), _CHOICES[key])


_CHOICES: Mapping[str, tuple[str, ...]] = {
    "set_suits": ("any", "distinct"),
    "ace": tuple(ace.value for ace in Ace),
    "twos": ("wild", "natural"),
    "wild_limit": tuple(limit.value for limit in WildLimit),
    "contract_sizes": ("exact", "at_least"),
    "winner": ("lowest", "highest"),
    "scoring": ("penalty", "winner_takes"),
    "deal_direction": ("left", "right"),
    "joker_exchange": get_args(JokerExchange),
}


# --- Applying it ------------------------------------------------------------------


def _twos(rules: Ruleset, wild: bool) -> Ruleset:
    """R46, R70: 2s wild or natural. A 2 that becomes wild is worth a joker (as the
    ``twos_wild`` option has it, R60); one that becomes natural is an ordinary card
    worth its face value, or its neighbours' where 3s are not at face value."""
    if wild == rules.twos_wild:
        return rules
    by_rank = list(rules.card_values.by_rank)
    by_rank[TWO] = by_rank[0] if wild else (TWO if by_rank[3] == 3 else by_rank[3])
    values = CardValues(tuple(by_rank), rules.card_values.by_card)
    return replace(rules, twos_wild=wild, card_values=values)


def _wild_limit(rules: Ruleset, limit: WildLimit, house: Mapping[str, object]) -> Ruleset:
    """R70: a house limit replaces the game's own on every meld, going down or laid
    off: its table by size (kept for ``by_size``, the one limit that is a table) and
    Caribbean's two natural cards in a group."""
    if limit is WildLimit.BY_SIZE:
        if not rules.wild_limit_by_size and "wild_limit_by_size" not in house:
            _bad(("wild_limit",), "wild_limit_by_size_without_table")
        return replace(rules, wild_limit=limit, set_min_natural=0)
    return replace(
        rules,
        wild_limit=limit,
        wild_limit_by_size=(),
        lay_offs_wild_limited=True,
        set_min_natural=0,
    )


def _contract_sizes(rules: Ruleset, sizes: str) -> Ruleset:
    """R47: every contract meld exactly its size, or at least, where the table's
    word differs from the game's."""
    if sizes == rules.contract_sizes:
        return rules
    exact = sizes == "exact"
    deals = tuple(
        replace(
            deal,
            contract=tuple(replace(part, exact=exact, or_more=False) for part in deal.contract),
        )
        for deal in rules.deals
    )
    return replace(rules, deals=deals)


def _deals(rules: Ruleset, given: tuple[_DealDoc, ...]) -> Ruleset:
    """Every deal replaced (R68): a part's ``exact`` defaults to the table's
    contract sizes; a part that is not exact where others are says "or more" aloud."""
    default = rules.contract_sizes == "exact"
    exact_anywhere = any(
        (default if part.exact is None else part.exact) for deal in given for part in deal.parts
    )
    deals = []
    for number, deal in enumerate(given, 1):
        parts = []
        for part in deal.parts:
            exact = default if part.exact is None else part.exact
            parts.append(
                ContractPart(
                    part.kind,
                    part.min,
                    exact=exact,
                    or_more=exact_anywhere and not exact,
                    no_wild=part.no_wild,
                    distinct_suits=part.distinct_suits,
                    name=part.name,
                )
            )
        deals.append(
            DealRule(
                number,
                deal.cards,
                tuple(parts),
                whole_hand=deal.whole_hand,
                contract_wilds=deal.contract_wilds,
                name=deal.name,
                meld_wilds=deal.meld_wilds,
            )
        )
    return replace(rules, deals=tuple(deals))


def _values(rules: Ruleset, given: tuple[tuple[ValueKey, int], ...]) -> Ruleset:
    """R60: the ranks, joker and cards named take their points; the rest keep theirs.
    A card worth what its rank is worth needs no entry of its own."""
    by_rank = list(rules.card_values.by_rank)
    by_card = dict(rules.card_values.by_card)
    for key, points in given:
        if isinstance(key, Card):
            by_card[key] = points
        else:
            by_rank[key] = points
    kept = tuple(
        (card, points) for card, points in by_card.items() if by_rank[card.rank] != points
    )
    return replace(rules, card_values=CardValues(tuple(by_rank), kept))


def _apply(rules: Ruleset, key: str, value: object, house: Mapping[str, object]) -> Ruleset:
    if key == "players":
        return replace(rules, players=cast(tuple[int, ...], value))
    if key == "pack":
        return replace(rules, packs=cast(Packs, value))
    if key == "set_suits":
        return replace(rules, set_distinct_suits=value == "distinct")
    if key == "set_min":
        return replace(rules, set_min=cast(int, value))
    if key == "run_min":
        return replace(rules, run_min=cast(int, value))
    if key == "set_min_natural":
        return replace(rules, set_min_natural=cast(int, value))
    if key == "contract_runs_gap":
        return replace(rules, contract_runs_gap=cast(int, value))
    if key == "runs":
        return replace(rules, runs_allowed=cast(bool, value))
    if key == "ace":
        return replace(rules, ace=Ace(cast(str, value)))
    if key == "twos":
        return _twos(rules, value == "wild")
    if key == "wild_limit":
        return _wild_limit(rules, WildLimit(cast(str, value)), house)
    if key == "wild_limit_by_size":
        if house.get("wild_limit", WildLimit.BY_SIZE.value) != WildLimit.BY_SIZE.value:
            _bad((key,), "wild_table_without_by_size")
        table = cast(tuple[tuple[Kind, int, int], ...], value)
        return replace(rules, wild_limit=WildLimit.BY_SIZE, wild_limit_by_size=table)
    if key == "wilds_apart":
        return replace(rules, run_wilds_apart=cast(bool, value))
    if key == "contract_sizes":
        return _contract_sizes(rules, cast(str, value))
    if key == "deals":
        return _deals(rules, cast(tuple[_DealDoc, ...], value))
    if key == "values":
        return _values(rules, cast(tuple[tuple[ValueKey, int], ...], value))
    if key == "buys":
        given, buys = cast(dict[str, int | None], value), rules.buys
        return replace(
            rules,
            buys=Buys(
                given.get("per_deal", buys.per_deal),
                given.get("last_deal", buys.last_deal),
                given.get("per_game", buys.per_game),
            ),
        )
    if key == "bonuses":
        return replace(rules, bonuses=cast(tuple[Bonus, ...], value))
    if key == "joker_exchange":
        return replace(rules, joker_exchange=cast(JokerExchange, value))
    if key == "winner":
        return replace(rules, winner=cast(Winner, value))
    if key == "scoring":
        return replace(rules, scoring=cast(Scoring, value))
    return replace(rules, deal_direction=cast(DealDirection, value))


def apply_house(rules: Ruleset, house: Mapping[str, object], *, check: bool = True) -> Ruleset:
    """The table's rules: ``rules`` (a preset with its options) with the house
    document's changes (R68), checked to be playable (R71).

    A document that cannot be read raises :class:`HouseRulesError` naming the key
    (an unknown key, a wrong type, a value out of range); rules no table could play
    raise :class:`UnplayableRulesError` naming the change at fault. An empty
    document gives ``rules`` back.

    ``check=False`` leaves R71 and the rule of text out (:func:`_check_texts`), for
    the rules a game kept when it started (R73): they were checked then, and a game
    a table is playing stays playable whatever a later check would say of it.
    """
    return _applied(rules, house, texts=check, playable=check)


def _applied(
    rules: Ruleset, house: Mapping[str, object], *, texts: bool, playable: bool
) -> Ruleset:
    """:func:`apply_house`, its names judged (``texts``) and R71 (``playable``) as
    asked: what follows from a game's rules is worked out without judging its names
    again (:func:`house_changes`)."""
    if not isinstance(house, Mapping):
        raise HouseRulesError(Reason.of("house_rules_not_an_object"), key="")
    for key in house:
        if key not in HOUSE_KEYS:
            raise HouseRulesError(
                Reason.of("not_a_house_rule", key=str(key), keys=HOUSE_KEYS), key=str(key)
            )
    read = {key: _read(key, house[key]) for key in HOUSE_KEYS if key in house}
    if not house:
        return rules
    changed = rules
    for key, value in read.items():
        changed = _apply(changed, key, value, house)
    if texts:
        _check_texts(house)
    if playable:
        _check_playable(rules, changed, house)
    return changed


def _check_texts(house: Mapping[str, object]) -> None:
    """Every name the document gives (a bonus's, a deal's, a part's) shows as typed:
    the rule of every text a table types (:mod:`.text`). Judged with R71, so that a
    game kept before the rule reads its names as it kept them (R73). The document
    has been read: its lists and objects are as they must be."""
    bonuses = cast(list[Mapping[str, object]], house.get("bonuses") or [])
    named: list[tuple[Path, object]] = [
        (("bonuses", n, "name"), bonus["name"]) for n, bonus in enumerate(bonuses, 1)
    ]
    for n, deal in enumerate(cast(list[Mapping[str, Any]], house.get("deals") or []), 1):
        named.append((("deals", n, "name"), deal.get("name", "")))
        for m, part in enumerate(deal["contract"], 1):
            named.append((("deals", n, "contract", m, "name"), part.get("name", "")))
    for path, text in named:
        if not shown(trimmed(str(text))):
            _bad(path, "text_not_printable")


# --- R71: playable rules ----------------------------------------------------------


def _check_playable(base: Ruleset, rules: Ruleset, house: Mapping[str, object]) -> None:
    """UnplayableRulesError, naming the change at fault, unless a table can play
    ``rules``: every deal has melds to meet, each part a meld the rules allow, a
    whole hand a hand can hold, and the pack deals every table allowed."""

    def refuse(why: Reason, *keys: str, deal: int | None = None) -> NoReturn:
        key = _at_fault(base, rules, house, keys)
        said = Reason(why.code, (("key", key), *why.facts))
        raise UnplayableRulesError(said, key=key, deal=deal)

    if not rules.deals:
        refuse(Reason.of("no_deals"), "deals")
    words = rules.words.plain()
    if rules.set_distinct_suits and rules.set_min > 4:  # R9, R43
        refuse(
            Reason.of("distinct_suits_set_min", words=words, set_min=rules.set_min),
            "set_min",
            "set_suits",
        )
    for deal in rules.deals:
        _check_deal(rules, deal, words, refuse)
    if rules.partnerships:
        odd = [n for n in rules.players if n % 2]
        if odd:
            refuse(Reason.of("odd_players_in_teams", players=tuple(odd)), "players")
    for players in rules.players:
        if rules.packs.row_of(players) is None:
            refuse(Reason.of("no_pack_for_players", players=players), "pack", "players")
        _check_pack(rules, players, refuse)
        _check_sets(rules, players, words, refuse)


def _check_deal(
    rules: Ruleset, deal: DealRule, words: MeldWords, refuse: Callable[..., NoReturn]
) -> None:
    number = deal.number
    if not deal.contract and deal.whole_hand is None:
        refuse(Reason.of("deal_asks_no_meld", deal=number), "deals", deal=number)
    for part in deal.contract:
        asks: dict[str, Hashable] = {"deal": number, "part": part, "words": words}
        if part.kind == "run" and not rules.runs_allowed:  # R44
            refuse(Reason.of("deal_part_no_runs", **asks), "runs", "deals", deal=number)
        shortest = rules.set_min if part.kind == "set" else max(3, rules.run_min)
        if part.min < shortest:
            key = "set_min" if part.kind == "set" else "run_min"
            refuse(
                Reason.of("deal_part_too_short", **asks, shortest=shortest),
                key,
                "deals",
                deal=number,
            )
        if (
            part.kind == "set"
            and part.min > 4
            and (rules.set_distinct_suits or part.distinct_suits)
        ):
            refuse(
                Reason.of("deal_part_distinct_suits", **asks),
                "set_suits",
                "deals",
                deal=number,
            )
        if part.kind == "run" and part.min > rules.max_run:  # R12, R45
            refuse(
                Reason.of("deal_part_run_too_long", **asks, longest=rules.max_run),
                "ace",
                "deals",
                deal=number,
            )
    whole = deal.whole_hand
    if whole is not None and whole.cards > deal.cards + 1:  # R58
        refuse(
            Reason.of("whole_hand_over_a_hand", deal=number, cards=whole.cards, dealt=deal.cards),
            "deals",
            deal=number,
        )
    if whole is not None and not whole.exactly:  # R58: can melds hold that many?
        most = sum(_most_cards(rules, part) for part in deal.contract)
        if most < whole.cards and deal.contract and not rules.more_melds:
            refuse(
                Reason.of("whole_hand_over_contract", deal=number, cards=whole.cards, most=most),
                "deals",
                deal=number,
            )
    if whole is not None and whole.exactly:  # R58: can melds hold exactly that many?
        needs = sum(part.min for part in deal.contract)
        if needs > whole.cards:
            refuse(
                Reason.of(
                    "whole_hand_under_contract", deal=number, cards=whole.cards, needs=needs
                ),
                "deals",
                deal=number,
            )
        smallest = min(rules.set_min, max(3, rules.run_min) if rules.runs_allowed else 99)
        grows = any(not part.exact for part in deal.contract)
        further = rules.more_melds or not deal.contract
        if not (needs == whole.cards or grows or (further and whole.cards - needs >= smallest)):
            refuse(
                Reason.of(
                    "whole_hand_not_exact",
                    deal=number,
                    cards=whole.cards,
                    needs=needs,
                    further=needs + smallest if further else None,
                ),
                "deals",
                deal=number,
            )


def _most_cards(rules: Ruleset, part: ContractPart) -> int:
    """The most cards a meld of this contract part can hold: its size where exact, a
    group of distinct suits four (R9, R43), a sequence the longest there is (R12,
    R45); a group that may repeat suits, as many as a pack could give."""
    if part.exact:
        return part.min
    if part.kind == "run":
        return rules.max_run
    return 4 if rules.set_distinct_suits or part.distinct_suits else 99


def _check_pack(rules: Ruleset, players: int, refuse: Callable[..., NoReturn]) -> None:
    """R3, R49, R71: players x cards dealt, and one card to start the discard pile,
    must fit in the pack of that table."""
    pack = rules.pack(players)
    size = 52 * pack.decks + pack.jokers
    deal = max(rules.deals, key=lambda deal: deal.cards)
    needs = players * deal.cards + 1
    if needs > size:
        refuse(
            Reason.of(
                "pack_too_small",
                players=players,
                decks=pack.decks,
                jokers=pack.jokers,
                size=size,
                cards=deal.cards,
                needs=needs,
            ),
            "pack",
            "players",
            "deals",
            deal=deal.number,
        )


#: The changes that could leave a group the pack cannot make, the first at fault first.
_SET_KEYS = (
    "deals",
    "pack",
    "wild_limit",
    "wild_limit_by_size",
    "set_min_natural",
    "twos",
    "players",
)


def _check_sets(
    rules: Ruleset, players: int, words: MeldWords, refuse: Callable[..., NoReturn]
) -> None:
    """R3, R49, R71: the pack of that table makes every group a deal's contract asks:
    a group holds no more natural cards of its rank than the pack has, and no more
    wild cards than its limits let it hold and the pack has left beside the deal's
    other groups (each takes the fewest it can)."""
    pack = rules.pack(players)
    for deal in rules.deals:
        every = rules.wild_cards_in(pack)
        if deal.contract_wilds is not None:  # R53
            every = min(every, deal.contract_wilds)
        left = every
        for part in (part for part in deal.contract if part.kind == "set"):
            taken = _fewest_wilds(rules, deal, part, rules.most_of_a_rank(part, pack), left)
            if taken is None:
                why = _unmade_set(rules, deal, part, players, words, left, every)
                refuse(why, *_SET_KEYS, deal=deal.number)
            left -= taken


def _unmade_set(
    rules: Ruleset,
    deal: DealRule,
    part: ContractPart,
    players: int,
    words: MeldWords,
    left: int,
    every: int,
) -> Reason:
    """Why the pack cannot make a group of this part with the ``left`` wild cards the
    deal's other groups leave it: the largest group it can make, beside them where
    all ``every`` of the deal's would make this one. Some size below the part's is
    always made: as many cards as the pack has of a rank, with no wild card."""
    pack = rules.pack(players)
    of_rank = rules.most_of_a_rank(part, pack)
    beside = _fewest_wilds(rules, deal, part, of_rank, every) is not None
    wilds = left if beside else every
    largest = max(
        size for size in range(1, part.min) if _set_made(rules, deal, part, size, of_rank, wilds)
    )
    return Reason.of(
        "pack_cannot_make_set",
        deal=deal.number,
        part=part,
        words=words,
        players=players,
        decks=pack.decks,
        jokers=pack.jokers,
        largest=largest,
        beside=beside,
    )


def _fewest_wilds(
    rules: Ruleset, deal: DealRule, part: ContractPart, of_rank: int, wilds: int
) -> int | None:
    """The fewest wild cards a group of this part holds, made of at most ``of_rank``
    natural cards of its rank and ``wilds`` wild cards; None if none can be made."""
    for size in range(part.min, of_rank + wilds + 1):
        if part.fits(size) and _set_made(rules, deal, part, size, of_rank, wilds):
            return max(0, size - of_rank)
    return None


def _set_made(
    rules: Ruleset, deal: DealRule, part: ContractPart, size: int, of_rank: int, wilds: int
) -> bool:
    """Whether a group of ``size`` cards of this part can be made of ``of_rank`` natural
    cards of a rank at most and ``wilds`` wild cards at most, within its limits."""
    return size - min(rules.most_wild_in_part(deal, part, size), wilds) <= of_rank


def _at_fault(
    base: Ruleset, rules: Ruleset, house: Mapping[str, object], keys: Sequence[str]
) -> str:
    """The change a refusal names: of the keys that could be at fault, the first the
    table changed from the game's value, else the first it gave, else the first."""
    given = [key for key in keys if key in house]
    if not given:
        return keys[0]
    was, now = house_rules_of(base), house_rules_of(rules)
    return next((key for key in given if was.get(key) != now.get(key)), given[0])


# --- Every key's value, and the changes (R68, R73) ------------------------------------


def house_rules_of(rules: Ruleset) -> dict[str, object]:
    """The value of every key of R68 for ``rules``, in the shape :func:`apply_house`
    takes (API.md, "House rules"), so a form can show them and send back any part:
    ``apply_house(rules, house_rules_of(rules)) == rules``. ``wild_limit_by_size``
    and ``set_min_natural`` are given where the game has them."""
    house: dict[str, object] = {
        "deals": [_deal_of(deal) for deal in rules.deals],
        "players": list(rules.players),
        "pack": [
            {"players": [low, high], "decks": decks, "jokers": jokers}
            for low, high, decks, jokers in rules.packs.rows
        ],
        "set_min": rules.set_min,
        "run_min": rules.run_min,
        "set_suits": "distinct" if rules.set_distinct_suits else "any",
        "runs": rules.runs_allowed,
        "ace": rules.ace.value,
        "twos": "wild" if rules.twos_wild else "natural",
        "wild_limit": rules.wild_limit.value,
    }
    if rules.wild_limit is WildLimit.BY_SIZE:
        house["wild_limit_by_size"] = [
            {"kind": kind, "size": size, "most": most}
            for kind, size, most in rules.wild_limit_by_size
        ]
    if rules.set_min_natural:
        house["set_min_natural"] = rules.set_min_natural
    house |= {
        "wilds_apart": rules.run_wilds_apart,
        "contract_sizes": rules.contract_sizes,
        "contract_runs_gap": rules.contract_runs_gap,
        "values": rules.card_values.as_dict(),
        "winner": rules.winner,
        "scoring": rules.scoring,
        "deal_direction": rules.deal_direction,
        "buys": {
            "per_deal": rules.buys.per_deal,
            "last_deal": rules.buys.last_deal,
            "per_game": rules.buys.per_game,
        },
        "bonuses": [{"name": bonus.name, "points": bonus.points} for bonus in rules.bonuses],
        "joker_exchange": rules.joker_exchange,
    }
    return house


def _deal_of(deal: DealRule) -> dict[str, object]:
    """A deal as the document says it: its own limits and name only where it has them."""
    contract = []
    for part in deal.contract:
        said: dict[str, object] = {
            "kind": part.kind,
            "min": part.min,
            "exact": part.exact,
            "no_wild": part.no_wild,
            "distinct_suits": part.distinct_suits,
        }
        if part.name:
            said["name"] = part.name
        contract.append(said)
    doc: dict[str, object] = {
        "cards": deal.cards,
        "contract": contract,
        "whole_hand": None if deal.whole_hand is None else deal.whole_hand.as_dict(),
    }
    if deal.contract_wilds is not None:
        doc["contract_wilds"] = deal.contract_wilds
    if deal.meld_wilds is not None:
        doc["meld_wilds"] = deal.meld_wilds
    if deal.name:
        doc["name"] = deal.name
    return doc


def house_changes(base: Ruleset, rules: Ruleset) -> dict[str, object]:
    """The keys whose value in ``rules`` differs from ``base``: the shortest house
    document that makes ``rules`` from ``base`` (what a rules card needs to carry)."""
    was, now = house_rules_of(base), house_rules_of(rules)
    changes = {k: v for k, v in now.items() if k != "values" and was.get(k) != v}
    for key in ("wild_limit_by_size", "set_min_natural"):
        if key in was and key not in now:
            changes.setdefault("wild_limit", now["wild_limit"])
    if "wild_limit" in changes:  # R70: it replaces these, so they are said again
        changes |= {
            key: now[key] for key in ("wild_limit_by_size", "set_min_natural") if key in now
        }
    # The values that differ from what the other changes make of them (a 2 that
    # became natural is worth its face value unless the table says otherwise).
    implied = _playable(base, changes) or base
    before = cast(dict[str, int], house_rules_of(implied)["values"])
    values = cast(dict[str, int], now["values"])
    differ = {k: v for k, v in values.items() if before.get(k) != v}
    differ |= {card: _rank_value(values, card) for card in before if card not in values}
    if differ:  # a card's own value dropped is said as its rank's
        changes["values"] = differ
    # What follows from the other changes needs no saying: the deals of a table that
    # only made contract melds "at least", the value of a 2 that became wild. Each is
    # left out only where the rest still makes the same rules.
    if "deals" in changes and _makes(base, _but(changes, "deals"), rules):
        del changes["deals"]
    if "values" in changes:
        for token in list(cast(dict[str, int], changes["values"])):
            kept = _but(cast(dict[str, object], changes["values"]), token)
            trial = changes | {"values": kept} if kept else _but(changes, "values")
            if _makes(base, trial, rules):
                changes = trial
    return changes


def _playable(base: Ruleset, changes: Mapping[str, object]) -> Ruleset | None:
    """``base`` with ``changes``; None where that is not playable."""
    try:
        return _applied(base, changes, texts=False, playable=True)
    except UnplayableRulesError:
        return None


def _but(document: Mapping[str, object], key: str) -> dict[str, object]:
    return {k: v for k, v in document.items() if k != key}


def _makes(base: Ruleset, changes: Mapping[str, object], rules: Ruleset) -> bool:
    """Whether ``changes`` make ``rules`` from ``base``."""
    try:
        return _applied(base, changes, texts=False, playable=True) == rules
    except UnplayableRulesError:
        return False


def _rank_value(values: Mapping[str, int], card: str) -> int:
    return values[card[:-1]]


@dataclass(frozen=True, slots=True)
class Changed:
    """One change of a table's rules from the book (R73): its ``key``, and its value
    in the book (``before``) and at the table (``after``), as :func:`house_rules_of`
    gives them. ``values``: only the card values the table changed, beside what the
    other changes made of them (``before`` empty). ``deals``: the deals played
    differently (``changed``), beside what the other changes made of them, and how
    many there are where that changed (``count``)."""

    key: str
    before: object
    after: object
    changed: tuple[DealRule, ...] = ()
    count: int | None = None


def changes_of(base: Ruleset, rules: Ruleset) -> tuple[Changed, ...]:
    """What ``rules`` play differently from ``base``, a change a key, in the order
    :func:`house_rules_of` gives the keys: what the sheet, the rules card and the
    house rules form say (:func:`~.words.described.describe_house`).

    >>> from referee.rules import get_ruleset
    >>> book = get_ruleset("shanghai")
    >>> changes_of(book, apply_house(book, {"ace": "low_or_high", "winner": "highest"}))
    (Changed(key='ace', before='high_only', after='low_or_high', changed=(), count=None), \
Changed(key='winner', before='lowest', after='highest', changed=(), count=None))
    """
    was, now = house_rules_of(base), house_rules_of(rules)
    changes = house_changes(base, rules)
    found: list[Changed] = []
    for key in (*now, *(key for key in was if key not in now)):
        before, after = was.get(key), now.get(key)
        if key == "deals" and key in changes:  # beside what the other changes made of them
            book = _playable(base, _but(changes, key)) or base
            changed = tuple(
                deal
                for deal in rules.deals
                if deal.number > len(book.deals)
                or _deal_of(book.deals[deal.number - 1]) != _deal_of(deal)
            )
            count = len(rules.deals) if len(rules.deals) != len(book.deals) else None
            found.append(Changed(key, before, after, changed, count))
        elif key == "values" and key in changes:
            found.append(Changed(key, {}, changes[key]))
        elif key not in ("deals", "values") and before != after:
            found.append(Changed(key, before, after))
    return tuple(found)
