"""A house rules document read and written (docs/rules.md#R68, #R71's 400): the JSON
object docs/api.md#house-rules describes read into what a :class:`~.ruleset.Ruleset`
holds, every key, type and range checked, and a ruleset written back as one.

Its keys are those of R68 (``deals``, ``players``, ``pack``, ``set_min`` ...
``scoring``), the few more offered the same way (``wild_limit_by_size``,
``set_min_natural``, ``deal_direction``, ``buys``, ``bonuses``), and nothing else.
:func:`read_house` refuses what it cannot read with a :class:`HouseRulesError`
naming the key (the API's 400); :func:`house_rules_of` gives every key's value for
a ruleset, in the shape :func:`~.house.apply_house` takes, so a form can show the
rules and send back any part.

>>> from referee.rules import get_ruleset
>>> book = get_ruleset("contract-rummy")
>>> read_house(book, {"run_min": 3, "ace": "around"})
{'run_min': 3, 'ace': 'around'}
>>> read_house(book, {"run_min": 9})
Traceback (most recent call last):
...
referee.rules.errors.HouseRulesError: value_not_whole_number(path=('run_min',), low=3, high=7)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, NoReturn, cast, get_args

from .cards import Card, parse_rank
from .errors import CardError, HouseRulesError
from .reasons import Reason
from .ruleset import (
    BONUS_NAME,
    BONUS_POINTS,
    Ace,
    Bonus,
    DealRule,
    JokerExchange,
    Kind,
    Packs,
    Ruleset,
    WholeHand,
    WildLimit,
)
from .text import shown, trimmed

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
    return text  # what it shows is judged with R71 (check_texts)


@dataclass(frozen=True, slots=True)
class PartDoc:
    """One part of a deal as the document gives it (``exact`` None: the table's)."""

    kind: Kind
    min: int
    exact: bool | None
    no_wild: bool
    distinct_suits: bool
    name: str


@dataclass(frozen=True, slots=True)
class DealDoc:
    cards: int
    parts: tuple[PartDoc, ...]
    whole_hand: WholeHand | None
    contract_wilds: int | None
    meld_wilds: int | None
    name: str


_PART_KEYS = ("kind", "min", "exact", "no_wild", "distinct_suits", "name")
_DEAL_KEYS = ("cards", "contract", "whole_hand", "contract_wilds", "meld_wilds", "name")


def _read_part(value: object, path: Path) -> PartDoc:
    part = _object(value, path, _PART_KEYS, ("kind", "min"))
    kind = cast(Kind, _one_of(part["kind"], (*path, "kind"), ("set", "run")))
    exact = part.get("exact")
    return PartDoc(
        kind,
        _whole(part["min"], (*path, "min"), *PART_MIN),
        None if exact is None else _flag(exact, (*path, "exact")),
        _flag(part.get("no_wild", False), (*path, "no_wild")),
        _flag(part.get("distinct_suits", False), (*path, "distinct_suits")),
        _text(part.get("name", ""), (*path, "name"), NAME),
    )


def _read_deal(value: object, path: Path) -> DealDoc:
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
    return DealDoc(
        _whole(deal["cards"], (*path, "cards"), *CARDS_DEALT),
        tuple(_read_part(part, (*path, "contract", n)) for n, part in enumerate(contract, 1)),
        whole,
        _whole_or_none(deal.get("contract_wilds"), (*path, "contract_wilds"), *WILDS),
        _whole_or_none(deal.get("meld_wilds"), (*path, "meld_wilds"), *WILDS),
        _text(deal.get("name", ""), (*path, "name"), NAME),
    )


def _read_deals(value: object) -> tuple[DealDoc, ...]:
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
        bonus = _object(item, where, ("name", "points", "went_out"), ("name", "points"))
        name = _text(bonus["name"], (*where, "name"), BONUS_NAME, empty=False)
        if any(other.name.casefold() == name.casefold() for other in bonuses):
            _bad((*where, "name"), "bonus_name_twice", name=name)
        points = _whole(bonus["points"], (*where, "points"), *BONUS_POINTS)
        went_out = _flag(bonus.get("went_out", False), (*where, "went_out"))
        bonuses.append(Bonus(name, points, went_out))
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


def read_house(rules: Ruleset, house: Mapping[str, object]) -> dict[str, object]:
    """The document's values by key, in the order they are applied (:data:`HOUSE_KEYS`),
    each read into what ``rules`` (the game the table changes) holds; a
    :class:`HouseRulesError` naming the first key it cannot read (R71: a 400)."""
    if not isinstance(house, Mapping):
        raise HouseRulesError(Reason.of("house_rules_not_an_object"), key="")
    for key in house:
        if key not in HOUSE_KEYS:
            raise HouseRulesError(
                Reason.of("not_a_house_rule", key=str(key), keys=HOUSE_KEYS), key=str(key)
            )
    read = {key: _read(key, house[key]) for key in HOUSE_KEYS if key in house}
    by_size = house.get("wild_limit", WildLimit.BY_SIZE.value) == WildLimit.BY_SIZE.value
    if "wild_limit_by_size" in house and not by_size:
        _bad(("wild_limit_by_size",), "wild_table_without_by_size")
    if read.get("wild_limit") == WildLimit.BY_SIZE.value and not (
        rules.wild_limit_by_size or "wild_limit_by_size" in house
    ):  # R51: a limit by size needs its table
        _bad(("wild_limit",), "wild_limit_by_size_without_table")
    return read


def check_texts(house: Mapping[str, object]) -> None:
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


# --- Written: every key's value (R68) ---------------------------------------------


def house_rules_of(rules: Ruleset) -> dict[str, object]:
    """The value of every key of R68 for ``rules``, in the shape :func:`apply_house`
    takes (docs/api.md#house-rules), so a form can show them and send back any part:
    ``apply_house(rules, house_rules_of(rules)) == rules``. ``wild_limit_by_size``
    and ``set_min_natural`` are given where the game has them."""
    house: dict[str, object] = {
        "deals": [deal_of(deal) for deal in rules.deals],
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
        "bonuses": [
            {"name": bonus.name, "points": bonus.points}
            | ({"went_out": True} if bonus.went_out else {})
            for bonus in rules.bonuses
        ],
        "joker_exchange": rules.joker_exchange,
    }
    return house


def deal_of(deal: DealRule) -> dict[str, object]:
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
