"""Every game as data: a preset ruleset per variant, plus options (R17-R19, R41).

A :class:`Variant` is a frozen preset; :meth:`Variant.ruleset` applies a table's
options to it and gives the :class:`Ruleset` every other part of the referee
reads. Nothing elsewhere asks which variant it is playing: it reads the fields.

>>> rules = VARIANTS["push"].ruleset({"three_and_seven": True})
>>> [str(part) for part in rules.deal(5).contract]
['run of three', 'run of seven']
>>> get_ruleset("cap-it").deal(1).cards
10
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from .errors import RulesError, UnknownVariantError
from .family import FAMILY
from .ruleset import (
    CardValues,
    ContractPart,
    DealRule,
    Kind,
    MeldWords,
    Pack,
    Packs,
    Ruleset,
    WholeHand,
    WildLimit,
)

__all__ = [
    "OPTIONS",
    "VARIANTS",
    "CardValues",
    "ContractPart",
    "DealRule",
    "Kind",
    "MeldWords",
    "Option",
    "Pack",
    "Packs",
    "Ruleset",
    "Variant",
    "WholeHand",
    "WildLimit",
    "get_ruleset",
    "get_variant",
]


def _set(n: int) -> ContractPart:
    return ContractPart("set", n)


def _run(n: int) -> ContractPart:
    return ContractPart("run", n)


@dataclass(frozen=True, slots=True)
class Option:
    """A ruleset option a table may switch: a name, what it does, and how it applies."""

    name: str
    description: str
    apply: Callable[[Ruleset, bool], Ruleset]


def _ten_cards(rules: Ruleset, on: bool) -> Ruleset:
    if not on:
        return rules
    return replace(rules, deals=tuple(replace(deal, cards=10) for deal in rules.deals))


def _three_and_seven(rules: Ruleset, on: bool) -> Ruleset:
    if not on:
        return rules
    *first, fifth = rules.deals
    return replace(rules, deals=(*first, replace(fifth, contract=(_run(3), _run(7)))))


def _twos_wild(rules: Ruleset, on: bool) -> Ruleset:
    if not on:
        return rules
    values = rules.card_values
    by_rank = (*values.by_rank[:2], values.by_rank[0], *values.by_rank[3:])
    return replace(rules, twos_wild=True, card_values=CardValues(by_rank, values.by_card))


OPTIONS: Mapping[str, Option] = MappingProxyType(
    {
        option.name: option
        for option in (
            Option(
                "ten_cards",
                "10 cards are dealt in every deal; the contracts stay the same (R18).",
                _ten_cards,
            ),
            Option(
                "three_and_seven",
                "Deal 5's contract is one run of three and one run of seven (R18).",
                _three_and_seven,
            ),
            Option(
                "set_distinct_suits",
                "No two natural cards of a set may share a suit, so a set holds at "
                "most four cards (R9, R10).",
                lambda rules, on: replace(rules, set_distinct_suits=on),
            ),
            Option(
                "rescue_to_hand",
                "A rescued wild card may go into the hand instead of straight into a meld (R25).",
                lambda rules, on: replace(rules, rescue_to_hand=on),
            ),
            Option(
                "twos_wild",
                "2s are wild too, and a 2 left in hand scores as a joker; a 2 may still "
                "stand for itself in a run of its suit (R46, R60).",
                _twos_wild,
            ),
            Option(
                "partnerships",
                "Play in two teams, partners in alternate seats; off, everyone scores "
                "for themself (R30, R31).",
                lambda rules, on: replace(rules, partnerships=on),
            ),
        )
    }
)


@dataclass(frozen=True)
class Variant:
    """A named preset: its base ruleset and the options it offers, with defaults."""

    id: str
    name: str
    base: Ruleset
    defaults: Mapping[str, bool]  # the options offered, in the order they apply

    def ruleset(self, options: Mapping[str, object] | None = None) -> Ruleset:
        """The ruleset for a table that chose ``options``; omitted options keep their
        default. An unknown option or a value other than true/false is a RulesError."""
        chosen = dict(self.defaults)
        for name, value in (options or {}).items():
            if name not in self.defaults:
                offered = ", ".join(self.defaults) or "none"
                raise RulesError(
                    f'"{name}" is not an option of {self.name}; its options are {offered}'
                )
            if not isinstance(value, bool):
                raise RulesError(f'option "{name}" must be true or false')
            chosen[name] = value
        rules = self.base
        for name, value in chosen.items():
            rules = OPTIONS[name].apply(rules, value)
        return replace(rules, options=MappingProxyType(chosen))


PUSH_VALUES = CardValues.of(joker=20, ace=15, two=20, r3_9=5, r10_13=10)  # R28
SHOVE_IT_VALUES = CardValues.of(joker=50, ace=20, two=20, r3_7=5, r8_13=10)  # R29

PUSH_DEALS = (  # R17
    DealRule(1, 6, (_set(3), _set(3))),
    DealRule(2, 7, (_set(3), _run(4))),
    DealRule(3, 8, (_run(4), _run(4))),
    DealRule(4, 9, (_set(3), _set(3), _set(3))),
    DealRule(5, 10, (_run(5), _run(5))),
)
SHOVE_IT_DEALS = (  # R19
    *PUSH_DEALS[:2],
    DealRule(3, 8, (_set(3), _run(5))),
    PUSH_DEALS[3],
    DealRule(5, 10, (_set(3), _run(7))),
)

_PUSH = Ruleset(
    variant="push",
    name="Push",
    players=(4,),
    partnerships=True,
    deals=PUSH_DEALS,
    card_values=PUSH_VALUES,
    wild_limit=WildLimit.ANY,
    set_distinct_suits=True,
    exact_initial_meld=False,
    rescue_to_hand=False,
    pot=False,
)
_COMMON = {"set_distinct_suits": True, "rescue_to_hand": False}

PUSH_FAMILY: tuple[Variant, ...] = (
            Variant(
                "push",
                "Push",
                _PUSH,
                {"ten_cards": False, "three_and_seven": False, **_COMMON, "partnerships": True},
            ),
            Variant(
                "push-solo",
                "Push solo",
                replace(
                    _PUSH, variant="push-solo", name="Push solo", players=(4, 5, 6),
                    partnerships=False,
                ),  # R31, R36
                {"ten_cards": False, "three_and_seven": False, **_COMMON},
            ),
            Variant(
                "cap-it",
                "Cap-It",
                replace(
                    _PUSH, variant="cap-it", name="Cap-It", players=(4, 5, 6),
                    partnerships=False, pot=True,
                ),  # R18, R33, R36
                {"ten_cards": True, "three_and_seven": True, **_COMMON},
            ),
            Variant(
                "shove-it",
                "Shove-It",
                replace(
                    _PUSH, variant="shove-it", name="Shove-It", players=(4, 6),
                    deals=SHOVE_IT_DEALS, card_values=SHOVE_IT_VALUES,
                    wild_limit=WildLimit.FEWER_THAN_NATURAL, set_distinct_suits=False,
                    exact_initial_meld=True,
                ),  # R3, R7, R10, R19, R21, R29, R35
                {
                    "ten_cards": False,
                    "set_distinct_suits": False,
                    "rescue_to_hand": False,
                    "partnerships": True,
                },
            ),
)  # fmt: skip

# R41: the Push family first, then the Contract Rummy family in R41's order.
VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        variant.id: variant
        for variant in (
            *PUSH_FAMILY,
            *(Variant(base.variant, base.name, base, defaults) for base, defaults in FAMILY),
        )
    }
)


def get_variant(variant_id: str) -> Variant:
    """The variant with this id; a RulesError naming the ids there are otherwise."""
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(
            f'there is no variant "{variant_id}"; choose one of {known}'
        ) from None


def get_ruleset(variant_id: str, options: Mapping[str, object] | None = None) -> Ruleset:
    """Shorthand for ``get_variant(variant_id).ruleset(options)``."""
    return get_variant(variant_id).ruleset(options)
