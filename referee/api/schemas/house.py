"""House rules in the API's JSON (docs/rules.md#R68, docs/api.md#house-rules): the one shape
a table's changes are sent in (``house``) and a game's or a variant's rules are
answered in (``rules``, every key's value).

The rules core reads and judges a house document (:func:`referee.rules.apply_house`:
a 400 naming the key for what it cannot read, a 422 for rules no table could play),
so the models take any JSON object here and leave it to the core; what this module
adds is the document's description of the shape, one component (``HouseRules``)
that every body and answer refers to, its bounds the core's own.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from ...rules import HOUSE_KEYS, Ace, WildLimit
from ...rules import house_document as core
from ...rules.ruleset import BONUS_NAME, BONUS_POINTS, JokerExchange

#: The component's name in the OpenAPI document, shared by bodies and answers.
COMPONENT = "HouseRules"


def _whole(low: int, high: int, **more: Any) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high, **more}


def _whole_or_null(low: int, high: int) -> dict[str, Any]:
    return {"anyOf": [_whole(low, high), {"type": "null"}]}


def _choice(*values: str) -> dict[str, Any]:
    return {"type": "string", "enum": list(values)}


def _object(required: tuple[str, ...] = (), **properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _list(items: dict[str, Any], most: int, least: int = 0) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": least, "maxItems": most}


_NAME = {"type": "string", "maxLength": core.NAME}
_PART = _object(
    ("kind", "min"),
    kind=_choice("set", "run"),
    min=_whole(*core.PART_MIN),
    exact={
        "type": ["boolean", "null"],
        "description": "Default: the table's contract_sizes, after its changes.",
    },
    no_wild={"type": "boolean", "description": "A part's own rule, as Telefunken's pure trio."},
    distinct_suits={"type": "boolean"},
    name=_NAME,
)
_WHOLE_HAND = {
    "anyOf": [
        {"type": "null"},
        _object(("at_least",), at_least=_whole(*core.WHOLE_HAND)),
        _object(("exactly",), exactly=_whole(*core.WHOLE_HAND)),
    ],
    "description": "R58: how many cards the deal's melds must hold; null: no such rule.",
}
_DEAL = _object(
    ("cards", "contract"),
    cards=_whole(*core.CARDS_DEALT, description="Cards dealt to each player."),
    contract=_list(_PART, core.MOST_PARTS),
    whole_hand=_WHOLE_HAND,
    contract_wilds=_whole_or_null(*core.WILDS) | {"description": "R53: wild cards in all."},
    meld_wilds=_whole_or_null(*core.WILDS) | {"description": "R52: wild cards in each meld."},
    name=_NAME,
)
_PACK = _object(("decks", "jokers"), decks=_whole(*core.DECKS), jokers=_whole(*core.JOKERS))
_PACK_ROW = _object(
    ("players", "decks", "jokers"),
    players=_list(_whole(1, core.PLAYERS[1]), 2, 2) | {"description": "[lowest, highest]"},
    decks=_whole(*core.DECKS),
    jokers=_whole(*core.JOKERS),
)
_BY_SIZE = _object(
    ("kind", "size", "most"),
    kind=_choice("set", "run"),
    size=_whole(3, 14),
    most=_whole(*core.WILDS),
)
_BONUS = _object(
    ("name", "points"),
    name={"type": "string", "minLength": 1, "maxLength": BONUS_NAME},
    points=_whole(*BONUS_POINTS),
    went_out={
        "type": "boolean",
        "description": "R75: true, it belongs to whoever goes out, and every deal "
        "someone goes out in carries it by that alone (not sent in adjust).",
    },
)
_MELD_MIN = _whole(*core.MELD_MIN)

#: Every key's value, as the rules core reads it (referee/rules/house.py).
PROPERTIES: dict[str, Any] = {
    "deals": _list(_DEAL, core.MOST_DEALS)
    | {"description": "Replaces every deal: the game has that many, numbered 1 on."},
    "players": _list(_whole(*core.PLAYERS), core.PLAYERS[1] - core.PLAYERS[0] + 1, 1)
    | {"uniqueItems": True, "description": "The player counts allowed."},
    "pack": {
        "anyOf": [_PACK, _list(_PACK_ROW, 7, 1)],
        "description": "Decks and jokers for every table, or rows by player count.",
    },
    "set_suits": _choice("any", "distinct"),
    "set_min": _MELD_MIN,
    "run_min": _MELD_MIN,
    "runs": {"type": "boolean", "description": "Whether sequences are melds at all."},
    "ace": _choice(*(ace.value for ace in Ace)),
    "twos": _choice("wild", "natural"),
    "wild_limit": _choice(*(limit.value for limit in WildLimit)),
    "wild_limit_by_size": _list(_BY_SIZE, 12, 1)
    | {"description": 'R51: with "wild_limit": "by_size", the most wild cards by meld size.'},
    "set_min_natural": _whole(0, core.MELD_MIN[1], description="R54: natural cards a set holds."),
    "wilds_apart": {"type": "boolean", "description": "R54: no two wild cards side by side."},
    "contract_sizes": _choice("exact", "at_least"),
    "contract_runs_gap": _whole(*core.GAP),
    "values": {
        "type": "object",
        "additionalProperties": _whole(*core.POINTS),
        "description": 'Points by rank ("A", "2" … "K"), "JK", or one card ("AH"); '
        "those not named keep their value.",
    },
    "winner": _choice("lowest", "highest"),
    "scoring": _choice("penalty", "winner_takes"),
    "deal_direction": _choice("left", "right"),
    "buys": _object(
        per_deal=_whole_or_null(*core.BUYS),
        last_deal=_whole_or_null(*core.BUYS),
        per_game=_whole_or_null(*core.BUYS),
    ),
    "bonuses": _list(_BONUS, core.MOST_BONUSES)
    | {"description": "R75: the table's named bonuses and penalties, one tap each."},
    "joker_exchange": _choice(*get_args(JokerExchange))
    | {"description": "R79: what happens to a joker when a player lays the card it stands for."},
}

#: The ``HouseRules`` component: an object of changes, any of the keys, no other.
SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "House rules (docs/rules.md#R68): changes to a variant's rules, applied after "
    "its options, each key one rule. A game's or a variant's `rules` give every key's "
    "value in this shape. An unknown key, a wrong type or a value out of range is a 400 "
    "naming the key; rules no table could play (R71) a 422.",
    "properties": {key: PROPERTIES.get(key, {}) for key in HOUSE_KEYS},
    "additionalProperties": False,
}


class _Described:
    """What makes a JSON object a house document to pydantic: any object (the rules
    core judges it), one definition (``COMPONENT``) described by :data:`SCHEMA`."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return core_schema.dict_schema(
            core_schema.str_schema(),
            core_schema.any_schema(),
            ref=COMPONENT,
            metadata={"pydantic_js_functions": [lambda _schema, _handler: dict(SCHEMA)]},
        )


#: A house document in a body or an answer.
HouseRules = Annotated[dict[str, Any], _Described]
