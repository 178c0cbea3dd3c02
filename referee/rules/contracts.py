"""The initial meld against the deal's contract (R17-R22).

>>> from referee.rules import get_ruleset, parse_cards
>>> rules = get_ruleset("push")
>>> verdict = check_contract([(parse_cards("4H 5H 6H 7H"), None)], rules, 3)
>>> verdict.met, verdict.reasons
(False, ('deal 3 needs two runs of four; found one',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, format_cards, number_word
from .melds import Declaration, MeldVerdict, Reading, read_meld
from .variants import ContractPart, DealRule, Ruleset


@dataclass(frozen=True, slots=True)
class ContractVerdict:
    """Whether a player's initial meld meets the deal's contract, and why not.

    ``matched`` gives, for each part of the contract in order, the index of the meld
    that meets it and the reading it is met with (empty when not met).
    """

    deal: DealRule
    melds: tuple[MeldVerdict, ...]
    matched: tuple[tuple[int, Reading], ...]
    reasons: tuple[str, ...]

    @property
    def met(self) -> bool:
        return not self.reasons


def _plural(part: ContractPart, count: int) -> str:
    kind = part.kind if count == 1 else part.kind + "s"
    return f"{kind} of {number_word(part.min)}"


def describe_contract(contract: Sequence[ContractPart]) -> str:
    """The contract in words.

    >>> describe_contract([ContractPart("set", 3), ContractPart("run", 4)])
    'one set of three and one run of four'
    """
    counts = Counter(contract)
    phrases = [f"{number_word(n)} {_plural(part, n)}" for part, n in counts.items()]
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " and " + phrases[-1]


def _meets(verdict: MeldVerdict, part: ContractPart) -> Reading | None:
    """The first reading of the meld that meets this part (R20: numbers are minimums)."""
    if len(verdict.cards) < part.min:
        return None
    return next((r for r in verdict.readings if r.kind == part.kind), None)


def _match(contract: Sequence[ContractPart], verdicts: Sequence[MeldVerdict]) -> list[int] | None:
    """Give each part its own meld (R20), by augmenting paths; None if impossible."""
    owner: dict[int, int] = {}  # meld index -> part index

    def assign(part_index: int, tried: set[int]) -> bool:
        for meld_index, verdict in enumerate(verdicts):
            if meld_index in tried or _meets(verdict, contract[part_index]) is None:
                continue
            tried.add(meld_index)
            if meld_index not in owner or assign(owner[meld_index], tried):
                owner[meld_index] = part_index
                return True
        return False

    if not all(assign(index, set()) for index in range(len(contract))):
        return None
    by_part = {part: meld for meld, part in owner.items()}
    return [by_part[index] for index in range(len(contract))]


def _shortfall(deal: DealRule, verdicts: Sequence[MeldVerdict]) -> str:
    needs = f"deal {deal.number} needs {describe_contract(deal.contract)}"
    short = []
    for part, required in Counter(deal.contract).items():
        found = sum(_meets(verdict, part) is not None for verdict in verdicts)
        if found < required:
            short.append((part, found))
    if not short:
        return f"{needs}, each its own meld; these {len(verdicts)} melds cannot cover every part"
    if len(short) == 1 and len(set(deal.contract)) == 1:
        return f"{needs}; found {number_word(short[0][1]) if short[0][1] else 'none'}"
    lacking = " and ".join(
        f"{number_word(n)} {_plural(part, n)}" if n else f"no {_plural(part, 1)}"
        for part, n in short
    )
    return f"{needs}; found {lacking}"


def _near_misses(deal: DealRule, verdicts: Sequence[MeldVerdict]) -> list[str]:
    """A legal meld of a kind the contract asks for, but too short for it."""
    notes = []
    for number, verdict in enumerate(verdicts, start=1):
        for part in dict.fromkeys(deal.contract):
            kinds = {reading.kind for reading in verdict.readings}
            if part.kind in kinds and len(verdict.cards) < part.min:
                notes.append(
                    f"meld {number} ({format_cards(verdict.cards)}) is a {part.kind} of "
                    f"{number_word(len(verdict.cards))}, too short for a {part}"
                )
    return notes


def check_contract(
    melds: Sequence[tuple[Sequence[Card], Declaration | None]],
    rules: Ruleset,
    deal: int,
    players: int | None = None,
) -> ContractVerdict:
    """Check a player's initial meld, a list of melds each with an optional
    declaration, against the contract of deal ``deal`` (R17-R21).

    Each part needs its own meld (R20); further melds are allowed in the Push
    family but not in Shove-It, whose first meld is exactly the contract (R21).
    The cards of all the melds together must fit in the pack (R3).
    """
    rule = rules.deal(deal)
    rules.check_cards([card for cards, _ in melds for card in cards], players)
    verdicts = tuple(read_meld(cards, rules, declare, players) for cards, declare in melds)
    reasons = [
        f"meld {number} ({format_cards(verdict.cards)}) is not legal: {verdict.reasons[0]}"
        for number, verdict in enumerate(verdicts, start=1)
        if not verdict.legal
    ]
    needs = f"deal {rule.number} needs {describe_contract(rule.contract)}"
    if not melds:
        return ContractVerdict(rule, verdicts, (), (f"{needs}; no melds were given",))
    if rules.exact_initial_meld and len(melds) != len(rule.contract):  # R21
        reasons.append(
            f"in {rules.name} the initial meld is exactly the contract's melds: {needs}, "
            f"and {number_word(len(melds))} melds were given; further melds wait for "
            "the next turn"
        )
    matching = _match(rule.contract, verdicts) if not reasons else None
    if matching is None and not reasons:
        reasons = [_shortfall(rule, verdicts), *_near_misses(rule, verdicts)]
    if reasons:
        return ContractVerdict(rule, verdicts, (), tuple(reasons))
    assert matching is not None
    matched = tuple(
        (index, reading)
        for index, part in zip(matching, rule.contract, strict=True)
        if (reading := _meets(verdicts[index], part)) is not None
    )
    return ContractVerdict(rule, verdicts, matched, ())
