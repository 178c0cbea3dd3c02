"""Every game as data: a preset per variant, plus options (R17-R19, R41).

The presets are the Push family's (``push.py``) and the Contract Rummy family's
(``family.py``). A :class:`Variant` is a frozen preset; :meth:`Variant.ruleset`
applies a table's options to it and gives the :class:`Ruleset` every other part
of the referee reads. Nothing elsewhere asks which variant it is playing: it
reads the fields.

>>> rules = VARIANTS["push"].ruleset({"three_and_seven": True})
>>> [(part.kind, part.min) for part in rules.deal(5).contract]
[('run', 3), ('run', 7)]
>>> get_ruleset("cap-it").deal(1).cards
10
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from .errors import RulesError, UnknownVariantError
from .family import FAMILY
from .house import apply_house
from .push import PUSH_FAMILY
from .reasons import Reason
from .ruleset import CardValues, ContractPart, Preset, Ruleset

__all__ = ["OPTIONS", "VARIANTS", "Option", "Variant", "get_ruleset", "get_variant"]


@dataclass(frozen=True, slots=True)
class Option:
    """A ruleset option a table may switch: a name, what it does, and how it applies.
    ``house``: where the option is a named house change (R68), its key and the key's
    value with the option on and off (``twos_wild`` is ``twos`` wild or natural), so
    that a table says it in one place (:meth:`Variant.as_options`)."""

    name: str
    description: str
    apply: Callable[[Ruleset, bool], Ruleset]
    house: tuple[str, object, object] | None = None


def _ten_cards(rules: Ruleset, on: bool) -> Ruleset:
    if not on:
        return rules
    return replace(rules, deals=tuple(replace(deal, cards=10) for deal in rules.deals))


def _three_and_seven(rules: Ruleset, on: bool) -> Ruleset:
    if not on:
        return rules
    *first, fifth = rules.deals
    runs = (ContractPart("run", 3), ContractPart("run", 7))
    return replace(rules, deals=(*first, replace(fifth, contract=runs)))


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
                "10 cards are dealt in every deal; the contracts stay the same.",  # R18
                _ten_cards,
            ),
            Option(
                "three_and_seven",
                "Deal 5's contract is one run of three and one run of seven.",  # R18
                _three_and_seven,
            ),
            Option(
                "set_distinct_suits",
                "No two natural cards of a set may share a suit, so a set holds at "
                "most four cards.",  # R9, R10
                lambda rules, on: replace(rules, set_distinct_suits=on),
                ("set_suits", "distinct", "any"),
            ),
            Option(
                "rescue_to_hand",
                "A rescued wild card may go into the hand instead of straight into a meld.",  # R25
                lambda rules, on: replace(rules, rescue_to_hand=on),
            ),
            Option(
                "twos_wild",
                "2s are wild too, and a 2 left in hand scores as a joker; a 2 may still "
                "stand for itself in a run of its suit.",  # R46, R60
                _twos_wild,
                ("twos", "wild", "natural"),
            ),
            Option(
                "partnerships",
                "Play in two teams, partners in alternate seats; off, everyone scores "
                "for themself.",  # R30, R31
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

    @classmethod
    def of(cls, preset: Preset) -> Variant:
        """The variant of a preset (``push.py``, ``family.py``), named as its ruleset."""
        return cls(preset.rules.variant, preset.rules.name, preset.rules, preset.defaults)

    def ruleset(
        self,
        options: Mapping[str, object] | None = None,
        house: Mapping[str, object] | None = None,
    ) -> Ruleset:
        """The ruleset for a table that chose ``options``; omitted options keep their
        default. An unknown option or a value other than true/false is a RulesError.
        ``house``: the table's house rules, applied after the options (R68; see
        :func:`~referee.rules.house.apply_house` for what it refuses)."""
        chosen = dict(self.defaults)
        for name, value in (options or {}).items():
            if name not in self.defaults:
                raise RulesError(
                    Reason.of(
                        "not_an_option",
                        name=str(name),
                        game=self.name,
                        offered=tuple(self.defaults),
                    )
                )
            if not isinstance(value, bool):
                raise RulesError(Reason.of("option_not_true_or_false", name=name))
            chosen[name] = value
        rules = self.base
        for name, value in chosen.items():
            rules = OPTIONS[name].apply(rules, value)
        rules = replace(rules, options=MappingProxyType(chosen))
        return rules if house is None else apply_house(rules, house)

    @property
    def named_keys(self) -> dict[str, str]:
        """The house keys this game offers as options (R68), each with its option's
        name: a table sets them by the option, never by the key too."""
        named = {}
        for name in self.defaults:
            house = OPTIONS[name].house
            if house is not None:
                named[house[0]] = name
        return named

    def as_options(
        self, options: Mapping[str, bool], house: Mapping[str, object]
    ) -> tuple[dict[str, bool], dict[str, object]]:
        """A table's options and house rules with each house change that one of this
        game's options names said by that option instead (``twos: wild`` is the option
        ``twos_wild`` ticked), where the two make the same rules: one control, one
        meaning. Anything the rules core refuses is given back as it came.

        >>> VARIANTS["contract-rummy"].as_options({}, {"twos": "wild", "run_min": 3})
        ({'twos_wild': True}, {'run_min': 3})
        """
        chosen, rest = dict(options), dict(house)
        for name in self.defaults:
            named = OPTIONS[name].house
            if named is None or named[0] not in rest:
                continue
            key, on, _ = named
            moved = chosen | {name: rest[key] == on}
            kept = {k: v for k, v in rest.items() if k != key}
            try:
                same = _unnamed(self.ruleset(moved, kept)) == _unnamed(self.ruleset(chosen, rest))
            except RulesError:
                same = False
            if same:
                chosen, rest = moved, kept
        return chosen, rest


def _unnamed(rules: Ruleset) -> Ruleset:
    """The rules without the options that made them: what a table plays."""
    return replace(rules, options=MappingProxyType({}))


# R41: the Push family first, then the Contract Rummy family in R41's order.
VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {variant.id: variant for variant in map(Variant.of, (*PUSH_FAMILY, *FAMILY))}
)


def get_variant(variant_id: str) -> Variant:
    """The variant with this id; a RulesError naming the ids there are otherwise."""
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        raise UnknownVariantError(
            Reason.of("unknown_variant", variant=str(variant_id), known=tuple(VARIANTS))
        ) from None


def get_ruleset(
    variant_id: str,
    options: Mapping[str, object] | None = None,
    house: Mapping[str, object] | None = None,
    *,
    players: int | None = None,
) -> Ruleset:
    """Shorthand for ``get_variant(variant_id).ruleset(options, house)``. ``players``,
    when given, is the table a question is asked at (R49): a count the game, its house
    rules applied, is not played at is input out of range, a RulesError.

    >>> get_ruleset("push", players=5)
    Traceback (most recent call last):
    ...
    referee.rules.errors.RulesError: players_not_allowed(game='Push', allowed=(4,), players=5)
    """
    rules = get_variant(variant_id).ruleset(options, house)
    if players is not None:
        rules.check_players(players, asked=True)
    return rules


def played_rules(
    variant_id: str, options: Mapping[str, object], kept: Mapping[str, object] | None
) -> Ruleset:
    """The rules a game plays: its variant's preset with its options, then every
    rule's value as the game kept it when it started (R73: ``kept``, read as kept,
    never judged again); a game that kept none plays its preset's.

    >>> played_rules("push", {}, None) == get_ruleset("push")
    True
    """
    rules = get_ruleset(variant_id, options)
    return rules if kept is None else apply_house(rules, kept, check=False)
