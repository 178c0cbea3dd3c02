"""The house rules of the new-game form (docs/rules.md#R68-R71), with no request in sight.

The form draws the rules of the chosen game as fields, the common changes first,
then the contract table deal by deal and the table's named bonuses. What the table
types is read back into a house document holding only what differs from the book
(the game with the options the fields were drawn for), and the rules core judges
it: the changes in words (``describe_house``), or its refusal, put beside the
field it names. Nothing here decides a rule.

>>> from referee.rules import get_variant
>>> liverpool = get_variant("contract-rummy")
>>> typed = drawn(liverpool.ruleset(), {})
>>> typed.fields["run_min"], typed.values["JK"], len(typed.deals)
('4', '15', 7)
>>> typed.fields |= {"run_min": "3", "ace": "around"}
>>> typed.values["JK"] = "25"
>>> judge(liverpool, {}, typed).said
('Sequences of three or more', 'An ace may turn the corner: Q K A 2', 'Jokers are worth 25')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from flask_babel import gettext

from ...plumbing.sentences import request_words, sentence_of
from ...rules import (
    HouseRulesError,
    RulesError,
    Ruleset,
    UnplayableRulesError,
    Variant,
    contracts_left,
    house_changes,
    house_rules_of,
)
from ...rules.words import describe_house
from ..keypad import whole_number
from .house_typed import (
    BUY_LIMITS,
    COMMON,
    DEAL_OWN,
    MORE,
    NOT_A_NUMBER,
    PART_OWN,
    SHOWN,
    BonusRow,
    DealRow,
    HouseTyped,
    PackRow,
    PartRow,
    json_object,
)
from .house_values import follows, implied_values


@dataclass(frozen=True)
class HouseVerdict:
    """The rules core's answer to the form: the rules (None when refused), the house
    document to keep (only the changes), each change in words, and the sentences by
    the field they belong beside (``"run_min"``, ``"deal-2"``, ``"values"``; ``""``
    for a change the form does not show)."""

    rules: Ruleset | None
    house: dict[str, object]
    said: tuple[str, ...]
    errors: dict[str, str]
    #: What each card is worth by the rules other than the table's own values.
    implied: Mapping[str, int] = field(default_factory=dict)


# --- Drawing the form -------------------------------------------------------------


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _own(doc: Mapping[str, Any], keys: tuple[str, ...], default_exact: bool | None) -> str:
    """A row's own rules as JSON; a part's ``exact`` only where it is not the table's,
    so that a part follows *exact or at least* when the table changes it."""
    own = {key: doc[key] for key in keys if key in doc and doc[key] not in (None, False, "")}
    if "exact" in keys and doc.get("exact") is not default_exact:
        own["exact"] = doc.get("exact")
    else:
        own.pop("exact", None)
    return json.dumps(own, separators=(",", ":"), sort_keys=True)


def deal_rows(rules: Ruleset) -> list[DealRow]:
    """The deals of ``rules`` as the form draws them."""
    default = rules.contract_sizes == "exact"
    rows = []
    for deal in cast(list[dict[str, Any]], house_rules_of(rules)["deals"]):
        parts = [
            PartRow(part["kind"], str(part["min"]), _own(part, PART_OWN, default))
            for part in deal["contract"]
        ]
        rows.append(DealRow(str(deal["cards"]), parts, _own(deal, DEAL_OWN, None)))
    return rows


def drawn(rules: Ruleset, options: Mapping[str, bool], kept: str = "{}") -> HouseTyped:
    """The form as it opens on ``rules`` (the book, or a rules card's rules), drawn
    for the game with ``options``."""
    every = house_rules_of(rules)
    bonuses = cast(list[dict[str, Any]], every["bonuses"])
    return HouseTyped(
        options=dict(options),
        fields={key: _text(every[key]) for key in (*COMMON, *MORE)},
        values={
            token: str(points) for token, points in cast(dict[str, int], every["values"]).items()
        },
        deals=deal_rows(rules),
        bonuses=[BonusRow(b["name"], str(b["points"]), bool(b.get("went_out"))) for b in bonuses],
        buys={
            key: "" if limit is None else str(limit)
            for key, limit in cast(dict[str, Any], every["buys"]).items()
        },
        pack=[
            PackRow(
                str(row["players"][0]),
                str(row["players"][1]),
                str(row["decks"]),
                str(row["jokers"]),
            )
            for row in cast(list[dict[str, Any]], every["pack"])
        ],
        kept=kept,
    )


def _points(text: str) -> int | None:
    """Points as typed: a whole number, a minus sign allowed (a bonus, R75)."""
    text = text.strip().replace("\u2212", "-")
    number = whole_number(text.removeprefix("-"))
    return None if number is None else (-number if text.startswith("-") else number)


def _deals_doc(rows: list[DealRow], errors: dict[str, str]) -> list[dict[str, object]]:
    deals: list[dict[str, object]] = []
    for number, row in enumerate(rows, 1):
        contract = []
        for part in row.parts:
            size = whole_number(part.min)
            if size is None:
                errors.setdefault(
                    f"deal-{number}",
                    gettext("deal %(number)s: %(why)s", number=number, why=NOT_A_NUMBER),
                )
            contract.append(
                _pick(json_object(part.own), PART_OWN) | {"kind": part.kind, "min": size}
            )
        cards = whole_number(row.cards)
        if cards is None:
            errors.setdefault(
                f"deal-{number}",
                gettext("deal %(number)s: %(why)s", number=number, why=NOT_A_NUMBER),
            )
        deals.append(
            _pick(json_object(row.own), DEAL_OWN) | {"cards": cards, "contract": contract}
        )
    return deals


def _pick(own: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, object]:
    return {key: own[key] for key in keys if key in own}


def _bonuses_doc(rows: list[BonusRow], errors: dict[str, str]) -> list[dict[str, object]]:
    bonuses: list[dict[str, object]] = []
    for row in rows:
        if not row.name.strip() and not row.points.strip():
            continue  # a row left empty is no bonus
        points = _points(row.points)
        if points is None:
            bonus = row.name.strip() or gettext("a bonus")
            errors.setdefault(
                "bonuses", gettext("%(bonus)s: %(why)s", bonus=bonus, why=NOT_A_NUMBER)
            )
        said: dict[str, object] = {"name": row.name, "points": points}
        bonuses.append(said | ({"went_out": True} if row.went_out else {}))
    return bonuses


def _pack_doc(rows: list[PackRow], errors: dict[str, str]) -> list[dict[str, object]]:
    """The pack as typed, a row a span of player counts (R68's ``pack``); what a
    pack may be, and whether it deals the table, is the core's (R71)."""
    pack: list[dict[str, object]] = []
    for row in rows:
        numbers = [whole_number(text) for text in (row.low, row.high, row.decks, row.jokers)]
        if None in numbers:
            errors.setdefault("pack", str(NOT_A_NUMBER))
        low, high, decks, jokers = numbers
        pack.append({"players": [low, high], "decks": decks, "jokers": jokers})
    return pack


def _typed_value(text: str, was: object) -> object:
    """A field's text as the rules core reads the key: yes or no, a number, a word."""
    if isinstance(was, bool):
        return {"yes": True, "no": False}.get(text, text)
    number = whole_number(text)
    return text if number is None else number


def changes(typed: HouseTyped, book: Ruleset) -> tuple[dict[str, object], dict[str, str]]:
    """The house document of what the form changes from ``book`` (the rules its
    fields were drawn for), with the rules card's unseen changes; and each field
    whose text is no number, by its place. What a value may be is the core's."""
    errors: dict[str, str] = {}
    house = _unseen(typed)
    if not typed.drawn:
        return house, errors
    was = house_rules_of(book)
    for key, text in typed.fields.items():
        if text != _text(was[key]):
            house[key] = _typed_value(text, was[key])
    values = _values_doc(typed, book, errors)
    if values:
        house["values"] = values
    deals = _deals_doc(typed.deals, errors)
    if deals != _deals_doc(deal_rows(book), {}):
        house["deals"] = deals
    if typed.pack:  # a form drawn before the pack was on it says nothing of it
        pack = _pack_doc(typed.pack, errors)
        if pack != was["pack"]:
            house["pack"] = pack
    bonuses = _bonuses_doc(typed.bonuses, errors)
    if bonuses != was["bonuses"]:
        house["bonuses"] = bonuses
    limits = cast(dict[str, int | None], was["buys"])
    buys = {  # a limit the form did not send is as it was
        key: _limit(typed.buys[key], errors) if key in typed.buys else limits[key]
        for key in BUY_LIMITS
    }
    if buys != limits:
        house["buys"] = buys
    return house, errors


def _unseen(typed: HouseTyped) -> dict[str, object]:
    """A rules card's changes the form does not draw, as they travel: the keys it
    never shows, and one it shows for other games only (an option's, R68)."""
    return {
        k: v
        for k, v in json_object(typed.kept).items()
        if k not in SHOWN or (k in (*COMMON, *MORE) and k not in typed.fields)
    }


def _values_doc(typed: HouseTyped, book: Ruleset, errors: dict[str, str]) -> dict[str, int]:
    """The values the table typed as its own: those that differ from what the rules
    make of them (R70)."""
    values = follows(typed.implied, book)
    own: dict[str, int] = {}
    for token, text in typed.values.items():
        points = whole_number(text)
        if points is None:
            card = gettext("Joker") if token == "JK" else token
            errors.setdefault("values", gettext("%(card)s: %(why)s", card=card, why=NOT_A_NUMBER))
        elif values.get(token) != points:
            own[token] = points
    return own


def _limit(text: str, errors: dict[str, str]) -> int | None:
    """A limit on buys as typed (R77): a whole number, or nothing for no limit."""
    if not text.strip():
        return None
    number = whole_number(text)
    if number is None:
        errors.setdefault("buys", gettext("%(why)s, or nothing for no limit", why=NOT_A_NUMBER))
    return number


# --- The rules core's verdict -----------------------------------------------------


def _place(error: HouseRulesError | UnplayableRulesError, typed: HouseTyped) -> str:
    """The field a refusal belongs beside: its key, or the deal it names."""
    deal = getattr(error, "deal", None)
    path: tuple[str | int, ...] = getattr(error, "path", ())
    if error.key == "deals" and deal is None and len(path) > 1 and isinstance(path[1], int):
        deal = path[1]
    if error.key == "deals" and deal is not None and 1 <= deal <= len(typed.deals):
        return f"deal-{deal}"
    return error.key if error.key in SHOWN else ""


def judge(variant: Variant, options: Mapping[str, bool], typed: HouseTyped) -> HouseVerdict:
    """The rules of ``variant`` with ``options`` and the form's changes, as the rules
    core judges them: the changes in words, or its refusal beside the field at fault.
    The changes are those from the book the fields were drawn for, so that an option
    ticked after the form was drawn still counts."""
    base = variant.ruleset(options)
    book = _drawn_for(variant, typed, base)
    house, errors = changes(typed, book)
    implied = implied_values(variant, options, house)
    if errors:
        return HouseVerdict(None, house, (), errors, implied)
    try:
        rules = variant.ruleset(options, house)
    except (HouseRulesError, UnplayableRulesError) as error:
        # The sentence stands beside the field it names, whose label names the key.
        sentence = sentence_of(error).removeprefix(f'"{error.key}": ')
        return HouseVerdict(None, house, (), {_place(error, typed): sentence}, implied)
    said = describe_house(base, rules, request_words())
    return HouseVerdict(rules, house_changes(base, rules), said, {}, implied)


def _drawn_for(variant: Variant, typed: HouseTyped, base: Ruleset) -> Ruleset:
    """The rules the fields were drawn for: the game with the options the form says
    it was drawn with; the table's (``base``) where the game has no such options (a
    tampered form)."""
    try:
        return variant.ruleset(typed.options)
    except RulesError:
        return base


def followed(
    variant: Variant, options: Mapping[str, bool], typed: HouseTyped, key: str
) -> HouseTyped:
    """The form with the contracts changed along with the shortest meld ``key``
    (``run_min``, ``set_min``), as the rules core has them (``contracts_left``): a
    tap beside the change. Any other key, or a change that leaves no contract as it
    was, leaves the form as typed."""
    book = _drawn_for(variant, typed, variant.ruleset(options))
    house, _ = changes(typed, book)
    for left in contracts_left(book, house):
        if left.key != key:
            continue
        for row, deal in zip(typed.deals, left.followed, strict=False):
            contract = deal.get("contract")
            sizes = [part.get("min") for part in contract] if isinstance(contract, list) else []
            for part, size in zip(row.parts, sizes, strict=False):
                if isinstance(size, int):
                    part.min = str(size)
    return typed
