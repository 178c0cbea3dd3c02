"""The Push family as data: one preset per game, as docs/rules.md reads it (R3, R6,
R7, R9, R10, R17-R21, R28-R36). Nothing here is code about a game; every
difference is a field of :class:`~referee.rules.ruleset.Ruleset` or an option.

>>> [rules.variant for rules, _ in PUSH_FAMILY]
['push', 'push-solo', 'cap-it', 'shove-it']
>>> cap_it = PUSH_FAMILY[2]
>>> cap_it.rules.pot, cap_it.defaults["ten_cards"]
(True, True)
"""

from __future__ import annotations

from dataclasses import replace

from .ruleset import CardValues, ContractPart, DealRule, Preset, Ruleset, WildLimit


def _set(n: int) -> ContractPart:
    return ContractPart("set", n)


def _run(n: int) -> ContractPart:
    return ContractPart("run", n)


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
    joker_exchange="in_meld",  # R79: R24, R25
)

_PUSH_SOLO = replace(
    _PUSH, variant="push-solo", name="Push solo", players=(4, 5, 6), partnerships=False
)  # R31, R36

_CAP_IT = replace(
    _PUSH, variant="cap-it", name="Cap-It", players=(4, 5, 6), partnerships=False, pot=True
)  # R18, R33, R36

_SHOVE_IT = replace(
    _PUSH,
    variant="shove-it",
    name="Shove-It",
    players=(4, 6),  # R35
    deals=SHOVE_IT_DEALS,  # R19
    card_values=SHOVE_IT_VALUES,  # R29
    wild_limit=WildLimit.FEWER_THAN_NATURAL,  # R7
    set_distinct_suits=False,  # R10
    exact_initial_meld=True,  # R21
)

_COMMON = {"set_distinct_suits": True, "rescue_to_hand": False}

#: R41's order: each game's ruleset and the options it offers, with their defaults
#: in the order they apply.
PUSH_FAMILY: tuple[Preset, ...] = (
    Preset(_PUSH, {"ten_cards": False, "three_and_seven": False, **_COMMON, "partnerships": True}),
    Preset(_PUSH_SOLO, {"ten_cards": False, "three_and_seven": False, **_COMMON}),
    Preset(_CAP_IT, {"ten_cards": True, "three_and_seven": True, **_COMMON}),  # R18
    Preset(
        _SHOVE_IT,
        {
            "ten_cards": False,
            "set_distinct_suits": False,
            "rescue_to_hand": False,
            "partnerships": True,
        },
    ),
)
