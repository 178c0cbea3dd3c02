"""The initial meld against the deal's contract (R17-R22, R47-R48, R51-R58).

>>> from referee.rules import get_ruleset, parse_cards
>>> from referee.rules.words import ENGLISH
>>> rules = get_ruleset("push")
>>> verdict = check_contract([(parse_cards("4H 5H 6H 7H"), None)], rules, 3)
>>> verdict.met, [ENGLISH.reason(why) for why in verdict.reasons]
(False, ['deal 3 needs two runs of four; found one'])
>>> loba = get_ruleset("loba")
>>> ENGLISH.reason(check_contract(
...     [(parse_cards("8C 8H 8S"), None), (parse_cards("4D 5D 6D 7D 8D"), None)], loba, 2
... ).reasons[-1])
'meld 2 (4D 5D 6D 7D 8D): deal 2 of Loba needs an escalera of exactly four; this one has five'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from .cards import Card
from .melds import (
    Declaration,
    MeldVerdict,
    Reading,
    RunReading,
    SetReading,
    part_reason,
    read_meld,
    wild_count,
)
from .reasons import Reason
from .ruleset import PLAIN_WORDS, ContractPart, DealRule, Ruleset


@dataclass(frozen=True, slots=True)
class ContractVerdict:
    """Whether a player's initial meld meets the deal's contract, and why not.

    ``matched`` gives, for each part of the contract in order, the index of the meld
    that meets it and the reading it is met with (empty when not met); ``further``
    the melds put down beside the contract (R21, R47 ``more_melds``), each with its
    reading.
    """

    deal: DealRule
    melds: tuple[MeldVerdict, ...]
    matched: tuple[tuple[int, Reading], ...]
    reasons: tuple[Reason, ...]
    further: tuple[tuple[int, Reading], ...] = ()

    @property
    def met(self) -> bool:
        return not self.reasons


def _fits(
    rules: Ruleset, deal: DealRule, verdict: MeldVerdict, part: ContractPart
) -> Reading | None:
    """The first reading of the meld that can be this part (R20, R47, R51-R56)."""
    return next(
        (r for r in verdict.readings if part_reason(rules, deal, part, verdict.cards, r) is None),
        None,
    )


def _match(
    contract: Sequence[ContractPart], fits: Callable[[int, ContractPart], bool], melds: int
) -> list[int] | None:
    """Give each part its own meld (R20), by augmenting paths; None if impossible."""
    owner: dict[int, int] = {}  # meld index -> part index

    def assign(part_index: int, tried: set[int]) -> bool:
        for meld_index in range(melds):
            if meld_index in tried or not fits(meld_index, contract[part_index]):
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


def _shortfall(
    rules: Ruleset, deal: DealRule, verdicts: Sequence[MeldVerdict], fits: Callable[..., bool]
) -> Reason:
    needs = _needs(rules, deal)
    short = []
    for part, required in Counter(deal.contract).items():
        found = sum(fits(index, part) for index in range(len(verdicts)))
        if found < required:
            short.append((part, found))
    if not short:
        return Reason.of("contract_parts_share_melds", **needs, count=len(verdicts))
    one_kind = len(short) == 1 and len(set(deal.contract)) == 1
    return Reason.of("contract_part_missing", **needs, short=tuple(short), one_kind=one_kind)


def _needs(rules: Ruleset, deal: DealRule) -> dict[str, Hashable]:
    """The facts of "deal 3 needs two runs of four"."""
    return {"deal": deal.number, "contract": deal.contract, "words": rules.words}


def _near_misses(rules: Ruleset, deal: DealRule, verdicts: Sequence[MeldVerdict]) -> list[Reason]:
    """A legal meld of a kind the contract asks for that cannot be that part: too
    short (R20), not of the exact size (R47) or breaking a rule of the initial meld."""
    notes = []
    for number, verdict in enumerate(verdicts, start=1):
        for part in dict.fromkeys(deal.contract):
            same_kind = [r for r in verdict.readings if r.kind == part.kind]
            if not same_kind or _fits(rules, deal, verdict, part) is not None:
                continue
            meld: dict[str, Hashable] = {"number": number, "cards": verdict.cards}
            if not part.exact and len(verdict.cards) < part.min:
                notes.append(
                    Reason.of(
                        "meld_too_short_for_part",
                        **meld,
                        kind=part.kind,
                        size=len(verdict.cards),
                        part=part,
                        words=PLAIN_WORDS,
                    )
                )
                continue
            why = part_reason(rules, deal, part, verdict.cards, same_kind[0])
            notes.append(Reason.of("meld_not_part", **meld, why=why))
    return list(dict.fromkeys(notes))


# --- Rules over several melds (R48, R53, R54) ---------------------------------------

Choice = tuple[int, ContractPart | None, Reading]  # meld, the part it is (None: further)


def _apart(rules: Ruleset, one: RunReading, other: RunReading) -> bool:
    """R48: at least ``contract_runs_gap`` ranks between two runs of one suit that
    neither covers (round the corner too, where runs turn it: R69)."""
    return rules.runs_apart((one.low, one.high), (other.low, other.high))


def _clash(rules: Ruleset, rule: str, chosen: Sequence[Choice], new: Choice) -> bool:
    """Whether the new choice breaks ``rule`` beside one already chosen."""
    reading = new[2]
    for _, _, other in chosen:
        if isinstance(reading, RunReading) and isinstance(other, RunReading):
            if reading.suit != other.suit:
                continue
            if rule == "twice" or (rule == "gap" and not _apart(rules, reading, other)):
                return True  # R48, R54
        elif (
            rule == "twice"
            and isinstance(reading, SetReading)
            and isinstance(other, SetReading)
            and reading.rank == other.rank
        ):  # R54
            return True
    return False


def _search(
    rules: Ruleset,
    deal: DealRule,
    verdicts: Sequence[MeldVerdict],
    options: Sequence[Sequence[tuple[ContractPart | None, Reading]]],
    checked: Sequence[str],
) -> list[Choice] | None:
    """A choice of part and reading for every meld that fills each part once and
    keeps every rule in ``checked``: "gap" (R48), "twice" (R54), "wilds" (R53).
    R48: met if SOME choice of readings meets every rule; the search is exhaustive,
    most constrained meld first."""
    need = Counter(deal.contract)
    most_wild = deal.contract_wilds if "wilds" in checked else None
    order = sorted(range(len(verdicts)), key=lambda index: len(options[index]))
    chosen: list[Choice] = []

    def place(position: int, wilds: int) -> bool:
        if position == len(order):
            return not +need
        index = order[position]
        for part, reading in options[index]:
            if part is not None and need[part] == 0:
                continue
            wild = (
                wild_count(reading, verdicts[index].cards, rules) if most_wild is not None else 0
            )
            if most_wild is not None and wilds + wild > most_wild:
                continue
            choice = (index, part, reading)
            if any(_clash(rules, rule, chosen, choice) for rule in checked):
                continue
            if part is not None:
                need[part] -= 1
            chosen.append(choice)
            if place(position + 1, wilds + wild):
                return True
            chosen.pop()
            if part is not None:
                need[part] += 1
        return False

    return sorted(chosen, key=lambda choice: choice[0]) if place(0, 0) else None


def _options(
    rules: Ruleset, deal: DealRule, verdicts: Sequence[MeldVerdict], further: bool
) -> list[list[tuple[ContractPart | None, Reading]]]:
    """For each meld, the parts it can be with each reading, and (where further melds
    may go down) being a further meld; readings the rules cannot tell apart once."""
    options = []
    for verdict in verdicts:
        seen: dict[tuple[object, ...], tuple[ContractPart | None, Reading]] = {}
        parts: list[ContractPart | None] = [*dict.fromkeys(deal.contract)]
        if further:
            parts.append(None)
        for part in parts:
            for reading in verdict.readings:
                if part is not None and part_reason(rules, deal, part, verdict.cards, reading):
                    continue
                key = (part, _signature(rules, reading, deal))
                seen.setdefault(key, (part, reading))
        options.append(list(seen.values()))
    return options


def _signature(rules: Ruleset, reading: Reading, deal: DealRule) -> tuple[object, ...]:
    """What of a reading the rules over several melds look at."""
    if isinstance(reading, SetReading):
        return ("set", reading.rank if rules.one_rank_one_suit else None)
    if rules.contract_runs_gap:
        return reading.key
    return ("run", reading.suit if rules.one_rank_one_suit else None, deal.contract_wilds
            is not None and reading.natural_count)  # fmt: skip


def _cross_rules(rules: Ruleset, deal: DealRule) -> list[str]:
    checked = []
    if rules.contract_runs_gap:
        checked.append("gap")
    if rules.one_rank_one_suit:
        checked.append("twice")
    if deal.contract_wilds is not None:
        checked.append("wilds")
    return checked


def _broken(
    rules: Ruleset,
    deal: DealRule,
    verdicts: Sequence[MeldVerdict],
    rule: str,
    chosen: list[Choice],
) -> Reason:
    """The reason a rule over several melds fails, shown on a choice that keeps the
    other rules."""
    game, words = rules.name, rules.words
    if rule == "wilds":
        wilds = sum(wild_count(r, verdicts[i].cards, rules) for i, _, r in chosen)
        return Reason.of(
            "initial_meld_wild_cards",
            deal=deal.number,
            game=game,
            most=deal.contract_wilds or 0,
            wild=wilds,
            alone=False,
        )  # R53
    for position, (index, _, reading) in enumerate(chosen):
        for other_index, _, other in chosen[:position]:
            pair = {"first": other_index + 1, "second": index + 1}
            if rule == "gap" and _clash(
                rules, "gap", [(other_index, None, other)], (index, None, reading)
            ):
                gap = rules.contract_runs_gap
                return Reason.of(
                    "runs_too_close",
                    game=game,
                    words=words,
                    gap=gap,
                    **pair,
                    one=other,
                    other=reading,
                )  # R48
            if rule == "twice" and _clash(
                rules, "twice", [(other_index, None, other)], (index, None, reading)
            ):
                if isinstance(reading, SetReading):  # R54
                    return Reason.of(
                        "sets_of_one_rank", game=game, words=words, **pair, rank=reading.rank
                    )
                assert isinstance(reading, RunReading)
                return Reason.of(
                    "runs_of_one_suit", game=game, words=words, **pair, suit=reading.suit
                )  # R54
    return Reason.of("initial_meld_rules_clash", game=game)


def check_contract(
    melds: Sequence[tuple[Sequence[Card], Declaration | None]],
    rules: Ruleset,
    deal: int,
    players: int | None = None,
) -> ContractVerdict:
    """Check a player's initial meld, a list of melds each with an optional
    declaration, against the contract of deal ``deal`` (R17-R21, R47-R58).

    Each part needs its own meld (R20), of exactly its size where the game says so
    (R47); further melds are allowed where ``more_melds`` says (R21, R47). Rules
    over several melds: a gap between runs of one suit (R48), one wild card in
    all (R53), never two groups of a rank or runs of a suit (R54); each is met if
    SOME choice of readings meets them all. A whole-hand deal needs its cards
    (R58). The cards of all the melds together must fit in the pack (R3, R49).
    """
    rule = rules.deal(deal)
    rules.check_cards([card for cards, _ in melds for card in cards], players)
    verdicts = tuple(read_meld(cards, rules, declare, players) for cards, declare in melds)
    reasons = [
        Reason.of("meld_not_legal", number=number, cards=verdict.cards, why=verdict.reasons[0])
        for number, verdict in enumerate(verdicts, start=1)
        if not verdict.legal
    ]
    needs = _needs(rules, rule)
    if not melds:
        return ContractVerdict(rule, verdicts, (), (Reason.of("no_melds_given", **needs),))
    if rules.exact_initial_meld and rule.contract and len(melds) != len(rule.contract):  # R21
        reasons.append(
            Reason.of("initial_meld_exactly_contract", game=rules.name, **needs, given=len(melds))
        )
    held = sum(len(cards) for cards, _ in melds)
    if rule.whole_hand is not None and not rule.whole_hand.met_by(held):  # R58
        whole = rule.whole_hand
        reasons.append(
            Reason.of(
                "whole_hand_needed",
                deal=rule.number,
                game=rules.name,
                exactly=whole.exactly,
                cards=whole.cards,
                held=held,
            )  # R58
        )
    if reasons:
        return ContractVerdict(rule, verdicts, (), tuple(reasons))

    def fits(index: int, part: ContractPart) -> bool:
        return _fits(rules, rule, verdicts[index], part) is not None

    matching = _match(rule.contract, fits, len(verdicts))
    if matching is None:
        reasons = [_shortfall(rules, rule, verdicts, fits), *_near_misses(rules, rule, verdicts)]
        return ContractVerdict(rule, verdicts, (), tuple(reasons))
    checked = _cross_rules(rules, rule)
    if not checked:
        matched = tuple(
            (index, reading)
            for index, part in zip(matching, rule.contract, strict=True)
            if (reading := _fits(rules, rule, verdicts[index], part)) is not None
        )
        further = tuple(
            (index, verdict.readings[0])
            for index, verdict in enumerate(verdicts)
            if index not in matching
        )
        return ContractVerdict(rule, verdicts, matched, (), further)
    further_allowed = rules.more_melds or not rule.contract
    options = _options(rules, rule, verdicts, further_allowed)
    chosen = _search(rules, rule, verdicts, options, checked)
    if chosen is None:
        broken = []
        for skipped in checked:
            kept = [name for name in checked if name != skipped]
            relaxed = _search(rules, rule, verdicts, options, kept)
            if relaxed is not None:
                broken.append(_broken(rules, rule, verdicts, skipped, relaxed))
        if not broken:
            broken = [_broken(rules, rule, verdicts, "", [])]
        return ContractVerdict(rule, verdicts, (), tuple(broken))
    by_part: dict[ContractPart, list[tuple[int, Reading]]] = {}
    for index, part, reading in chosen:
        if part is not None:
            by_part.setdefault(part, []).append((index, reading))
    matched = tuple(by_part[part].pop(0) for part in rule.contract)
    further = tuple((index, reading) for index, part, reading in chosen if part is None)
    return ContractVerdict(rule, verdicts, matched, (), further)
