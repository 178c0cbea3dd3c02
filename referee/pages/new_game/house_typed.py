"""The house rules form as the table typed it (docs/rules.md#R68-R71): the keys it shows,
a row a deal, a meld, a bonus and a span of the pack, every field a string, read
from a sent form with nothing judged. Drawing it and judging it are
:mod:`referee.pages.new_game.house_form`'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext

from ...plumbing.json_text import read_json
from ...rules import DECKS, JOKERS

#: The keys the form shows as one field each: the common changes first (sizes, the
#: ace, 2s, the wild-card limit, exact or at least), then those under *More rules*.
COMMON = ("run_min", "set_min", "ace", "twos", "wild_limit", "contract_sizes")
MORE = (
    "set_suits",
    "runs",
    "wilds_apart",
    "contract_runs_gap",
    "joker_exchange",
    "winner",
    "scoring",
    "deal_direction",
)
#: The pack (R68's ``pack``): decks and jokers for each row of player counts the
#: rules name, a choice each, as many as a house pack may hold (R71).
DECK_CHOICES = tuple(range(DECKS[0], DECKS[1] + 1))
JOKER_CHOICES = tuple(range(JOKERS[0], JOKERS[1] + 1))
#: The limits on buys (R77), a number field each; empty is no limit.
BUY_LIMITS = ("per_deal", "last_deal", "per_game")
#: Every key the form shows; a rules card's other changes travel with it unseen.
SHOWN = (*COMMON, *MORE, "pack", "values", "deals", "bonuses", "buys")
#: What a deal and a part keep that the form does not draw (a King Rummy deal's whole
#: hand, Telefunken's pure trio): carried with the row, as the rules core reads them.
DEAL_OWN = ("whole_hand", "contract_wilds", "meld_wilds", "name")
PART_OWN = ("exact", "no_wild", "distinct_suits", "name")
#: A new row's fields (a tap on *Add*): what a table most often adds.
NEW_PART = ("set", "3")
PREFIX = "house-"
_DEAL = re.compile(r"house-deal-(\d{1,2})-cards")
_PART = re.compile(r"house-deal-(\d{1,2})-part-(\d{1,2})-kind")
_BONUS = re.compile(r"house-bonus-(\d{1,2})-name")
_PACK = re.compile(r"house-pack-(\d)-decks")
#: A typed number that is no number: the shape of a field, the page's to say.
NOT_A_NUMBER = lazy_gettext("type a whole number, like 10")


@dataclass
class PartRow:
    """A meld of a deal's contract as typed: its kind, its size, and its own rules."""

    kind: str
    min: str
    own: str = "{}"


@dataclass
class DealRow:
    """A deal as typed: the cards dealt, its contract's melds, and its own rules."""

    cards: str
    parts: list[PartRow]
    own: str = "{}"


@dataclass
class PackRow:
    """The pack of a row of player counts as typed: its counts (``low`` to ``high``,
    carried unseen), its decks and its jokers."""

    low: str
    high: str
    decks: str
    jokers: str


@dataclass
class BonusRow:
    """A named bonus as typed; ``went_out``, ticked: it belongs to whoever goes out."""

    name: str
    points: str
    went_out: bool = False


@dataclass
class HouseTyped:
    """The house rules form as the table typed it, every field a string.

    ``options``: the options the fields were drawn for, whose rules are the book the
    fields are compared with; ``kept``: a rules card's changes to keys the form does
    not show (JSON). ``drawn``: whether the form was on the page at all (a form sent
    without it changes nothing)."""

    options: dict[str, bool]
    fields: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    deals: list[DealRow] = field(default_factory=list)
    bonuses: list[BonusRow] = field(default_factory=list)
    buys: dict[str, str] = field(default_factory=dict)
    pack: list[PackRow] = field(default_factory=list)
    kept: str = "{}"
    drawn: bool = True
    #: The values shown last as following from the other rules (a 2 worth a joker's
    #: points once 2s are wild, R70), JSON: a value still as shown there is not the
    #: table's own, and follows the rules when they change. {}: the book's values.
    implied: str = "{}"


# --- Reading it back --------------------------------------------------------------


def _numbers(form: Mapping[str, str], pattern: re.Pattern[str]) -> list[tuple[int, ...]]:
    found = (pattern.fullmatch(name) for name in form)
    return sorted({tuple(int(n) for n in match.groups()) for match in found if match})


def read_typed(form: Mapping[str, str], options: Mapping[str, bool]) -> HouseTyped:
    """The house rules form as sent (a MultiDict's first values will do); ``options``
    stand for the drawn ones where the form does not say them."""
    drawn_for = json_object(form.get(PREFIX + "options", ""))
    typed = HouseTyped(
        options={k: v for k, v in drawn_for.items() if isinstance(v, bool)} or dict(options),
        fields={key: form[PREFIX + key] for key in (*COMMON, *MORE) if PREFIX + key in form},
        values={
            name.removeprefix(PREFIX + "value-"): text
            for name, text in form.items()
            if name.startswith(PREFIX + "value-")
        },
        buys={
            key: form[f"{PREFIX}buys-{key}"] for key in BUY_LIMITS if f"{PREFIX}buys-{key}" in form
        },
        kept=form.get(PREFIX + "kept", "{}"),
        drawn=PREFIX + "options" in form,
        implied=form.get(PREFIX + "implied", "{}"),
    )
    parts = _numbers(form, _PART)
    for (deal,) in _numbers(form, _DEAL):
        at = f"{PREFIX}deal-{deal}-"
        typed.deals.append(
            DealRow(
                form.get(at + "cards", ""),
                [
                    PartRow(
                        form.get(f"{at}part-{n}-kind", ""),
                        form.get(f"{at}part-{n}-min", ""),
                        form.get(f"{at}part-{n}-own", "{}"),
                    )
                    for d, n, *_ in parts
                    if d == deal
                ],
                form.get(at + "own", "{}"),
            )
        )
    for (bonus,) in _numbers(form, _BONUS):
        at = f"{PREFIX}bonus-{bonus}-"
        typed.bonuses.append(
            BonusRow(
                form.get(at + "name", ""),
                form.get(at + "points", ""),
                form.get(at + "went_out", "") == "y",
            )
        )
    for (row,) in _numbers(form, _PACK):
        at = f"{PREFIX}pack-{row}-"
        low, _, high = form.get(at + "players", "").partition("-")
        typed.pack.append(
            PackRow(low, high, form.get(at + "decks", ""), form.get(at + "jokers", ""))
        )
    return typed


def json_object(text: str) -> dict[str, Any]:
    """A JSON object the form carries unseen, or {} for anything else (tampered)."""
    try:
        value = read_json(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
