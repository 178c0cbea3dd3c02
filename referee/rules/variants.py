"""Push and its relatives as data: a preset ruleset per variant, plus options.

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

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

from .cards import RANK_TOKENS, Card, check_pack, number_word
from .errors import GameRuleError, RulesError, UnknownVariantError

Kind = Literal["set", "run"]


class WildLimit(StrEnum):
    """How many wild cards one meld may hold."""

    ANY = "any"  # R6: Push, Push solo, Cap-It
    FEWER_THAN_NATURAL = "fewer_than_natural"  # R7: Shove-It, strictly more natural


@dataclass(frozen=True, slots=True)
class ContractPart:
    """One meld the contract asks for: a set or run of at least ``min`` cards (R20)."""

    kind: Kind
    min: int

    def __str__(self) -> str:
        return f"{self.kind} of {number_word(self.min)}"


@dataclass(frozen=True, slots=True)
class DealRule:
    """A deal of the game: its number, the cards dealt and the initial-meld contract."""

    number: int
    cards: int
    contract: tuple[ContractPart, ...]


@dataclass(frozen=True, slots=True)
class CardValues:
    """Penalty points by rank: ``by_rank[0]`` is the joker, 1 the ace ... 13 the king."""

    by_rank: tuple[int, ...]

    @classmethod
    def of(cls, joker: int, ace: int, two: int, **by_range: int) -> CardValues:
        """Build from ranges named like ``r3_9=5`` (ranks 3 to 9 are worth 5)."""
        values = [joker, ace, two] + [0] * 11
        for name, points in by_range.items():
            low, high = (int(part) for part in name[1:].split("_"))
            for rank in range(low, high + 1):
                values[rank] = points
        return cls(tuple(values))

    def __call__(self, card: Card) -> int:
        return self.by_rank[card.rank]

    @property
    def step(self) -> int:
        """Every hand's points are a multiple of this (5 in every Push variant)."""
        return math.gcd(*self.by_rank)

    def pack_total(self, packs: int) -> int:
        """The points of the whole pack: no hand can hold more."""
        return packs * (4 * sum(self.by_rank[1:]) + 2 * self.by_rank[0])

    def as_dict(self) -> dict[str, int]:
        """Points per printed rank, ``"JK"`` last: ``{"A": 15, "2": 20, ..., "JK": 20}``."""
        values = {token: self.by_rank[rank] for rank, token in enumerate(RANK_TOKENS, 1)}
        return values | {"JK": self.by_rank[0]}


def _set(n: int) -> ContractPart:
    return ContractPart("set", n)


def _run(n: int) -> ContractPart:
    return ContractPart("run", n)


@dataclass(frozen=True)
class Ruleset:
    """Everything the referee checks for one table: a variant with its options applied."""

    variant: str
    name: str
    players: tuple[int, ...]  # the player counts allowed (R35, R36)
    partnerships: bool  # R30 teams, or R31 each for themself
    deals: tuple[DealRule, ...]  # R17-R19
    card_values: CardValues  # R28, R29
    wild_limit: WildLimit  # R6, R7
    set_distinct_suits: bool  # R9, R10
    exact_initial_meld: bool  # R21
    rescue_to_hand: bool  # R25
    pot: bool  # R33
    options: Mapping[str, bool] = field(default_factory=dict)

    def deal(self, number: int) -> DealRule:
        """The rule of deal ``number`` (1-based); RulesError if the game has no such deal."""
        if not 1 <= number <= len(self.deals):
            raise RulesError(f"deal must be 1 to {len(self.deals)}; {number} is not a deal")
        return self.deals[number - 1]

    def packs(self, players: int) -> int:
        """R3: two packs for up to four players, a third from five players on."""
        return 2 if players <= 4 else 3

    def check_players(self, players: int) -> None:
        """RulesError unless the variant is played by this many players (R3, R35, R36)."""
        if players not in self.players:
            counts = self.players
            if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
                allowed = f"{counts[0]} to {counts[-1]}"
            else:
                allowed = " or ".join(str(n) for n in counts)
            raise GameRuleError(f"{self.name} is for {allowed} players, not {players}")

    def check_cards(self, cards: Sequence[Card], players: int | None = None) -> None:
        """PackError if the cards hold more of a card than this table's pack (R3).

        ``players`` defaults to the variant's smallest table (two packs)."""
        players = min(self.players) if players is None else players
        self.check_players(players)
        check_pack(cards, self.packs(players))

    def seats_by_side(self, players: int) -> list[list[int]]:
        """Seat numbers (0-based, clockwise) of each side: two teams in alternate seats
        for a partnership game (R35), one side per player otherwise (R31)."""
        if not self.partnerships:
            return [[seat] for seat in range(players)]
        return [list(range(0, players, 2)), list(range(1, players, 2))]


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

VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        variant.id: variant
        for variant in (
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
        )
    }
)  # fmt: skip


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
