"""The bodies of /api/v1's requests (``…In``), and the sentence for one that does not fit.

The request models say only what shape a body has (types, required fields); what
the cards, options and declarations mean is the rules core's business. A body that
does not fit is answered 400 with a sentence naming the field (see
:func:`describe_errors`).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from flask_babel import gettext, lazy_gettext, pgettext
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError
from pydantic_core import ErrorDetails

from ...plumbing.json_text import MOST_DEPTH
from ...rules.ruleset import BONUS_NAME, BONUS_POINTS
from ...rules.scoring import POT_LIMIT
from .house import HouseRules

#: A card list: one string in the notation of R1 or a list of card tokens.
Cards = Annotated[
    str | list[str],
    Field(
        description='Cards as one string ("7H 8H 2C") or a list of tokens (["7H", "8H", "2C"]).',
        examples=["6D 2S JK"],
    ),
]


class Body(BaseModel):
    """A request body: strict types, and no field the path does not know."""

    model_config = ConfigDict(extra="forbid", strict=True)


class DeclareIn(Body):
    """A declared reading (R15): ``{"kind": "set", "rank": "6"}`` or
    ``{"kind": "run", "suit": "D", "low": "5"}``."""

    kind: Literal["set", "run"]
    rank: str | None = None
    suit: str | None = None
    low: str | None = None
    high: str | None = None


class MeldIn(Body):
    """A meld with its own declaration."""

    cards: Cards
    declare: DeclareIn | None = None


#: A table's house rules in a body: changes after the variant's options (R68).
HOUSE = Field(
    default=None,
    description="The table's house rules: changes to the variant's rules, after its "
    "options (docs/rules.md#R68). Omitted, null or {}: the book's rules.",
)


class RulesIn(Body):
    """The ruleset a request is judged by."""

    variant: str
    options: dict[str, StrictBool] | None = None
    house: HouseRules | None = HOUSE
    players: StrictInt | None = Field(
        default=None,
        description="Players at the table; picks the pack (R3). Default: the variant's "
        "smallest table.",
    )


class MeldCheckIn(RulesIn):
    cards: Cards
    declare: DeclareIn | None = None
    deal: StrictInt | None = Field(
        default=None,
        description="Judge the meld as one meld of this deal's initial meld (R47, R51-R56); "
        "without it, as a meld put down or grown later.",
    )


class MeldExtendIn(RulesIn):
    meld: Cards | MeldIn
    add: Cards
    declare: DeclareIn | None = None


class ContractCheckIn(RulesIn):
    deal: StrictInt = Field(description="The deal, 1 to the variant's number of deals (R17, R57).")
    melds: list[Cards | MeldIn]


class HandScoreIn(RulesIn):
    cards: Cards


class HandSolveIn(RulesIn):
    """A hand to solve against a deal's contract (R65-R67)."""

    deal: StrictInt = Field(description="The deal, 1 to the variant's number of deals (R17, R57).")
    cards: Cards = Field(
        description="The whole hand, at most 30 cards: one string or a list of tokens.",
        examples=["8C 8H JK 4H 5H 6H 7H 9S KD"],
    )


class RescueIn(RulesIn):
    """A natural card to put in a wild card's place in a meld on the table (R24, R79)."""

    meld: Cards | MeldIn = Field(description="The meld on the table, with its declaration.")
    card: str = Field(
        description='The natural card the player holds: one card token; two ("8H 8S") '
        "where the game takes a set's joker with two cards of its rank (R79: Telefunken, "
        "Farmer's Rummy).",
        examples=["8H"],
    )


class PotIn(Body):
    """Cap-It's pot (R33): what each player pays in, and what going out takes."""

    stake: StrictInt = Field(ge=0, le=POT_LIMIT)
    payout: StrictInt = Field(ge=0, le=POT_LIMIT)


class GameIn(Body):
    variant: str
    players: list[str] = Field(description="Names in clockwise seat order (R35).")
    options: dict[str, StrictBool] | None = None
    house: HouseRules | None = Field(
        default=None,
        description="The table's house rules (docs/rules.md#R68), kept with the game for good "
        "(R73). Omitted, null or {}: the book's rules.",
    )
    teams: list[str] | None = Field(
        default=None, description='Team names, seat 1\'s team first; default "We", "They".'
    )
    pot: PotIn | None = None


class VariantRulesIn(Body):
    """A variant's rules for a table: its options, then its house rules (R68)."""

    options: dict[str, StrictBool] | None = None
    house: HouseRules | None = HOUSE


#: R75: a bonus or penalty, and its reason.
AdjustPoints = Annotated[StrictInt, Field(ge=BONUS_POINTS[0], le=BONUS_POINTS[1])]
AdjustReason = Annotated[str, Field(max_length=BONUS_NAME)]


class DealIn(Body):
    """One deal: who went out (null: the stock ran out, R27; never in the Contract
    Rummy family, R64) and, for each player who scores, the cards left in hand or
    the points already counted; and the table's bonuses and penalties (R75)."""

    went_out: str | None
    hands: dict[str, Cards] = Field(default_factory=dict)
    points: dict[str, StrictInt] = Field(default_factory=dict)
    bent_table: StrictBool = Field(
        default=False,
        description="The player who went out melded their whole hand in one turn: every "
        "penalty of the deal is doubled (R63; Caribbean Kalooki only).",
    )
    adjust: dict[str, AdjustPoints] = Field(
        default_factory=dict,
        description="R75: by player (any player, the one who went out too), points added "
        "to their side for this deal, for what the referee does not see (negative for a "
        "bonus in a penalty game); not doubled by a bent table.",
    )
    adjust_reasons: dict[str, AdjustReason] = Field(
        default_factory=dict,
        description='R75: by player, the reason for their adjust ("exact cut").',
    )


class BuyIn(Body):
    """R77: a buy, counted for this player in the deal being played."""

    player: str = Field(max_length=64, description="The player who bought the discard.")


_EXPECTED = {
    "string_type": lazy_gettext("a string"),
    "int_type": lazy_gettext("a whole number"),
    "bool_type": lazy_gettext("true or false"),
    "list_type": lazy_gettext("a list"),
    "dict_type": lazy_gettext("an object"),
    "model_type": lazy_gettext("an object"),
    "model_attributes_type": lazy_gettext("an object"),
    "none_required": "null",
}


def _path(loc: tuple[int | str, ...], members: set[str]) -> str:
    """A field's path as a person reads it: ``melds[1].declare.kind``.

    Steps pydantic adds for the members of a union (``str``, ``list[str]``,
    ``MeldIn``) are left out: they name a type, not a field.
    """
    text = ""
    for step in loc:
        if isinstance(step, int):
            text += f"[{step}]"
        elif step in members or "[" in step:
            continue
        else:
            text += f".{step}" if text else step
    return text


def describe_errors(error: ValidationError) -> str:
    """One sentence for the first field that does not fit, in the request's language."""
    members = {"str", "int", "bool", "list", "dict", "none", *_MODEL_NAMES}
    details: list[ErrorDetails] = error.errors(include_url=False)
    # The deepest error got furthest: for a union, the member the input was meant as.
    first = max(details, key=lambda detail: len(detail["loc"]))
    if first["type"] == "json_invalid":
        return _not_json(first["msg"])
    path = _path(first["loc"], members)
    if not path:
        return str(
            gettext("the request body must be a JSON object such as %(example)s", example=_EXAMPLE)
        )
    same = [d for d in details if _path(d["loc"], members) == path]
    return _field_sentence(path, first, same)


def _not_json(message: str) -> str:
    if "recursion limit exceeded" in message:
        return nested_too_deep()
    if "number out of range" in message:
        # Valid JSON, but a number longer than any count, deal or points can be.
        return str(
            gettext(
                "a number in the request body is far too large to be a deal, a count or points"
            )
        )
    return str(
        gettext(
            "the request body is not valid JSON; send an object such as %(example)s",
            example=_EXAMPLE,
        )
    )


def _field_sentence(path: str, first: ErrorDetails, same: list[ErrorDetails]) -> str:
    """What is wrong with the field at ``path``: ``first`` its deepest error, ``same``
    every error of that field (a union's members)."""
    kind, limits = first["type"], first.get("ctx", {})
    if kind == "missing":
        return str(gettext('"%(field)s" is required', field=path))
    if kind == "greater_than_equal":
        least = limits.get("ge")
        return str(gettext('"%(field)s" must be %(least)s or more', field=path, least=least))
    if kind == "less_than_equal":
        most = limits.get("le")
        return str(gettext('"%(field)s" must be %(most)s or less', field=path, most=most))
    if kind == "string_too_long":
        most = limits.get("max_length")
        return str(
            gettext('"%(field)s" must be at most %(most)s characters', field=path, most=most)
        )
    if kind == "extra_forbidden":
        return str(gettext('"%(field)s" is not a field this request takes', field=path))
    expected = [_EXPECTED[d["type"]] for d in same if d["type"] in _EXPECTED]
    if expected and len(expected) == len(same):
        unique = list(dict.fromkeys(str(kind) for kind in expected))
        kinds = f" {pgettext('list', 'or')} ".join(unique)
        return str(gettext('"%(field)s" must be %(kinds)s', field=path, kinds=kinds))
    if kind == "literal_error":  # one of a few words: "declare.kind" is set or run
        return _one_of(path, str(limits.get("expected", "")))
    return f'"{path}": {first["msg"][0].lower()}{first["msg"][1:]}'


def _one_of(path: str, expected: str) -> str:
    """The field must be one of a few words; ``expected`` lists them as pydantic
    does ('set' or 'run'), said again with the request's language's "or"."""
    allowed = re.findall(r"'[^']*'", expected)
    choices = ", ".join(allowed[:-1]) + f" {pgettext('list', 'or')} " if len(allowed) > 1 else ""
    choices += "".join(allowed[-1:])
    return str(gettext('"%(field)s": input should be %(expected)s', field=path, expected=choices))


_EXAMPLE = '{"variant": "push", "cards": "7H 8H 9H"}'
_MODEL_NAMES = {"MeldIn"}  # models that are members of a union


def unsent_fields(body: Body | None) -> set[str]:
    """The fields a write's body gained after answers were first kept, where left
    empty: fingerprinted as a body without them."""
    if isinstance(body, DealIn):
        fields = {
            "bent_table": body.bent_table,
            "adjust": body.adjust,
            "adjust_reasons": body.adjust_reasons,
        }
        return {name for name, value in fields.items() if not value}
    if isinstance(body, GameIn) and body.house is None:
        return {"house"}
    return set()


def nested_too_deep() -> str:
    """The sentence for a body nested deeper than the API reads (pydantic's own limit
    or :data:`~referee.plumbing.json_text.MOST_DEPTH`, whichever refuses it first)."""
    return str(
        gettext(
            "the request body nests deeper than %(most)s levels; no request needs more than a few",
            most=MOST_DEPTH,
        )
    )
