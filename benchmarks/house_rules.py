"""Random house rules for the benchmarks (docs/rules.md#R68-R71): what a table might
write over any game, drawn from a seeded ``random.Random`` so a run can be
repeated. Not run alone; ``rules.py`` and ``solver.py`` import it.

Like the property tests' (``tests/rules/test_house_properties.py``), a document
changes any of the keys that bear on melds, contracts and hands, with deals of
the table's own where the other changes need them; rules R71 refuses are drawn
again.
"""

from __future__ import annotations

import random
from typing import Any

from referee.rules import Ruleset, UnplayableRulesError, WildLimit, apply_house

LIMITS = [limit.value for limit in WildLimit if limit is not WildLimit.BY_SIZE]
ACES = ["low_or_high", "high_only", "both_ends", "around", "around"]
VALUE_KEYS = ["A", "2", "7", "K", "JK", "AH", "2S", "QD"]


def random_deals(
    rng: random.Random, set_min: int, run_min: int, runs: bool, distinct: bool
) -> list[dict[str, Any]]:
    """One to seven deals of 6 to 13 cards, each part a meld the rules allow, no
    contract larger than a hand."""
    deals = []
    for _ in range(rng.randint(1, 7)):
        cards = rng.randint(6, 13)
        room = cards + 1
        parts: list[dict[str, Any]] = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["set", "run"] if runs else ["set"])
            low = set_min if kind == "set" else run_min
            high = min(low + 2, 4) if kind == "set" and distinct else low + 2
            size = rng.randint(low, max(low, high))
            if size > room and parts:
                break
            room -= size
            part: dict[str, Any] = {"kind": kind, "min": size}
            if rng.random() < 0.5:
                part["exact"] = rng.random() < 0.5
            parts.append(part)
        deal: dict[str, Any] = {"cards": cards, "contract": parts}
        if rng.random() < 0.1:
            deal["whole_hand"] = {"at_least": cards}
        if rng.random() < 0.15:
            deal["meld_wilds"] = rng.randint(0, 2)
        deals.append(deal)
    return deals


def random_house(rng: random.Random, base: Ruleset) -> tuple[dict[str, Any], Ruleset]:
    """A house document over ``base`` that R71 accepts, and the table's rules."""
    while True:
        house: dict[str, Any] = {}
        for key, choices in (
            ("ace", ACES),
            ("twos", ["wild", "natural"]),
            ("wild_limit", LIMITS),
            ("wilds_apart", [True, False]),
            ("set_suits", ["any", "distinct"]),
            ("set_min", [3, 4, 5]),
            ("run_min", [3, 4, 5]),
            ("contract_sizes", ["exact", "at_least"]),
            ("contract_runs_gap", [0, 1, 2]),
        ):
            if rng.random() < 0.4:
                house[key] = rng.choice(choices)
        if rng.random() < 0.15:
            house["runs"] = rng.random() < 0.5
        if rng.random() < 0.15:
            house["set_min_natural"] = rng.randint(0, 2)
        if rng.random() < 0.3:
            house["values"] = {key: rng.randint(0, 50) for key in rng.sample(VALUE_KEYS, 2)}
        try:
            return house, apply_house(base, house)
        except UnplayableRulesError:
            pass
        distinct = house.get("set_suits", "distinct" if base.set_distinct_suits else "any")
        house["deals"] = random_deals(
            rng,
            house.get("set_min", base.set_min),
            house.get("run_min", base.run_min),
            house.get("runs", base.runs_allowed),
            distinct == "distinct",
        )
        try:
            return house, apply_house(base, house)
        except UnplayableRulesError:
            continue
