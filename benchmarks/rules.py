"""How fast the referee answers: meld checks, contract checks and the JSON API.

Run from the project root::

    .venv/bin/python benchmarks/rules.py            # about 30 s
    .venv/bin/python benchmarks/rules.py --quick    # a few seconds
    .venv/bin/python benchmarks/rules.py --seed 7   # other random melds

It prints figures and the aims they are read against; it never fails on a timing.
Every meld is built within two packs (two of each card, four jokers), so the
referee's pack check passes and what is timed is the reading of the meld.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import math
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from house_rules import random_house  # benchmarks/house_rules.py

from referee import create_app
from referee.rules import (
    VARIANTS as ALL_VARIANTS,
)
from referee.rules import (
    Card,
    Ruleset,
    WildLimit,
    check_contract,
    format_cards,
    get_ruleset,
    parse_cards,
    read_meld,
)
from referee.rules.words import describe_contract

VARIANTS = ("push", "shove-it")
SIZES = (3, 5, 8, 13)
SUITS = ("S", "H", "D", "C")
POSITION_TOKENS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NATURAL_RANKS = ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # never wild
# Two packs: four jokers and two of each 2, so twelve wild cards in all.
WILD_POOL = ("JK",) * 4 + tuple(f"2{suit}" for suit in SUITS for _ in range(2))
MOST_WILD = len(WILD_POOL)

MELD_AIM_US = 50.0  # median check of a meld of up to 8 cards
WORST_13_AIM_US = 2000.0  # worst single check of a 13-card meld

Built = tuple[list[str], str]  # card tokens and the shape they were built as


@dataclass(frozen=True)
class Scale:
    melds: int  # distinct melds per group
    rounds: int  # timed checks of each meld
    contracts: int  # distinct initial melds per deal and outcome
    contract_rounds: int
    api_seconds: float  # per API payload


QUICK = Scale(melds=12, rounds=4, contracts=10, contract_rounds=4, api_seconds=0.25)
FULL = Scale(melds=60, rounds=40, contracts=50, contract_rounds=40, api_seconds=2.0)


# --- Figures ------------------------------------------------------------------


def percentile(ordered: Sequence[int], q: float) -> int:
    """Nearest-rank percentile of an ascending list."""
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@dataclass
class Timings:
    """Per-call times in nanoseconds, also kept per meld (or per shape) label."""

    all: list[int] = field(default_factory=list)
    by_label: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))

    def add(self, label: str, ns: int) -> None:
        self.all.append(ns)
        self.by_label[label].append(ns)

    def per_second(self) -> float:
        return len(self.all) * 1e9 / sum(self.all)

    def us(self, q: float) -> float:
        return percentile(sorted(self.all), q) / 1000

    def median_us(self) -> float:
        return statistics.median(self.all) / 1000

    def max_us(self) -> float:
        return max(self.all) / 1000

    def slowest_label(self) -> str:
        """The label whose own median is highest."""
        return max(self.by_label, key=lambda label: statistics.median(self.by_label[label]))


def timer_overhead_ns() -> int:
    clock = time.perf_counter_ns
    samples = []
    for _ in range(20_000):
        start = clock()
        samples.append(clock() - start)
    return int(statistics.median(samples))


# --- The machine ----------------------------------------------------------------


def timer_stalls(seconds: float = 0.25, over_ns: int = 200_000) -> tuple[int, int, int]:
    """How often a loop that only reads the clock is held up: (count, longest, total ns)."""
    clock = time.perf_counter_ns
    previous = clock()
    end = previous + int(seconds * 1e9)
    stalls = longest = lost = 0
    while (now := clock()) < end:
        gap = now - previous
        previous = now
        if gap > over_ns:
            stalls += 1
            longest = max(longest, gap)
            lost += gap
    return stalls, longest, lost


def machine_lines() -> list[str]:
    model, physical = "unknown", set()
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        info = ""
    physical_id = "0"
    for line in info.splitlines():
        key, _, value = (part.strip() for part in line.partition(":"))
        if key == "model name" and model == "unknown":
            model = value
        elif key == "physical id":
            physical_id = value
        elif key == "core id":
            physical.add((physical_id, value))
    if model == "unknown":
        model = platform.processor() or "unknown"
    logical = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else logical
    cores = f"{logical} logical"
    if physical:
        cores += f", {len(physical)} physical"
    if usable != logical:
        cores += f", {usable} usable by this process"
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return [
        f"CPU:      {model}",
        f"Cores:    {cores}",
        f"Python:   {platform.python_implementation()} {platform.python_version()} "
        f"({platform.platform()})",
        f"Date:     {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"Load:     {load} (1, 5, 15 min); other work here slows the worst-case figures",
        noise_line(),
    ]


def noise_line(seconds: float = 0.25) -> str:
    stalls, longest, lost = timer_stalls(seconds)
    return (
        f"Noise:    a {seconds:g} s loop reading the clock stalled {stalls} times over 0.2 ms, "
        f"longest {longest / 1e6:.2f} ms, {lost / seconds / 1e7:.1f}% of the time lost"
    )


# --- Building melds ---------------------------------------------------------------


def is_wild(token: str) -> bool:
    return token == "JK" or token.startswith("2")


def pack_ok(tokens: Sequence[str]) -> bool:
    """At most two of each card and four jokers (two packs, R3)."""
    return all(n <= (4 if token == "JK" else 2) for token, n in Counter(tokens).items())


def take_wilds(rng: random.Random, count: int, reserved: Sequence[str] = ()) -> list[str] | None:
    pool = list(WILD_POOL)
    for token in reserved:
        pool.remove(token)
    if not 0 <= count <= len(pool):
        return None
    return rng.sample(pool, count)


def raw_run(rng: random.Random, size: int, wild: int) -> Built | None:
    """A run of one suit, ``wild`` of its places taken by jokers or 2s.

    A span that holds the 2's place gives that place to a wild card (any 2 is a
    wild card here), sometimes to the 2 of the run's suit, which then sits as itself.
    """
    if not 1 <= size <= 13 or not 0 <= wild <= min(size, MOST_WILD):
        return None
    if wild == size:
        tokens = take_wilds(rng, size)
        return (tokens, "all wild") if tokens is not None else None
    suit = rng.choice(SUITS)
    lows = [low for low in range(1, 16 - size) if wild or not low <= 2 <= low + size - 1]
    if not lows:
        return None
    low = rng.choice(lows)
    positions = range(low, low + size)
    forced = [2] if 2 in positions else []
    others = [position for position in positions if position != 2]
    wild_places = set(forced + rng.sample(others, wild - len(forced)))
    tokens = [POSITION_TOKENS[p] + suit for p in positions if p not in wild_places]
    reserved = [f"2{suit}"] if forced and rng.random() < 0.5 else []
    wilds = take_wilds(rng, wild - len(reserved), reserved)
    if wilds is None:
        return None
    tokens += reserved + wilds
    rng.shuffle(tokens)
    shape = "run, a 2 as itself" if forced and f"2{suit}" in tokens else "run"
    return tokens, shape


def raw_set(rng: random.Random, size: int, wild: int) -> Built | None:
    """A set of one rank: distinct suits while they last, then two of each suit."""
    natural = size - wild
    if not 0 <= wild <= MOST_WILD or not 0 <= natural <= 8:
        return None
    wilds = take_wilds(rng, wild)
    if wilds is None:
        return None
    if natural == 0:
        return wilds, "all wild"
    rank = rng.choice(NATURAL_RANKS)
    suits = rng.sample(SUITS, natural) if natural <= 4 else rng.sample(SUITS * 2, natural)
    tokens = [rank + suit for suit in suits] + wilds
    rng.shuffle(tokens)
    return tokens, "set"


def naturals_at(tokens: Sequence[str]) -> list[int]:
    return [index for index, token in enumerate(tokens) if not is_wild(token)]


def off_suit(rng: random.Random, size: int, wild: int) -> Built | None:
    built = raw_run(rng, size, wild)
    if built is None or not naturals_at(built[0]):
        return None
    tokens = built[0]
    index = rng.choice(naturals_at(tokens))
    suit = tokens[index][-1]
    tokens[index] = tokens[index][:-1] + rng.choice([s for s in SUITS if s != suit])
    return tokens, "run, a card of another suit"


def repeated_card(rng: random.Random, size: int, wild: int) -> Built | None:
    built = raw_run(rng, size - 1, wild)
    if built is None or not naturals_at(built[0]):
        return None
    tokens = built[0]
    tokens.insert(rng.randrange(size), tokens[rng.choice(naturals_at(tokens))])
    return tokens, "run, a card twice"


def too_far(rng: random.Random, size: int, wild: int) -> Built | None:
    built = raw_run(rng, size - 1, wild)
    if built is None or not naturals_at(built[0]):
        return None
    tokens = built[0]
    suit = tokens[naturals_at(tokens)[0]][-1]
    ranks = [rank for rank in NATURAL_RANKS if rank + suit not in tokens]
    if not ranks:
        return None
    tokens.insert(rng.randrange(size), rng.choice(ranks) + suit)
    return tokens, "run, cards too far apart"


def off_rank(rng: random.Random, size: int, wild: int) -> Built | None:
    built = raw_set(rng, size, wild)
    if built is None or not naturals_at(built[0]):
        return None
    tokens = built[0]
    index = rng.choice(naturals_at(tokens))
    rank = tokens[index][:-1]
    tokens[index] = rng.choice([r for r in NATURAL_RANKS if r != rank]) + tokens[index][-1]
    return tokens, "set, a card of another rank"


def repeated_suit(rng: random.Random, size: int, wild: int) -> Built | None:
    built = raw_set(rng, size, wild)
    if built is None or len(naturals_at(built[0])) < 2:
        return None
    tokens = built[0]
    first, second = rng.sample(naturals_at(tokens), 2)
    tokens[first] = tokens[first][:-1] + tokens[second][-1]
    return tokens, "set, a suit twice"


def as_built(builder: Callable[[random.Random, int, int], Built | None]) -> Callable[..., Any]:
    """A set or run as built, illegal only by a limit of the variant (R7, R9)."""

    def build(rng: random.Random, size: int, wild: int) -> Built | None:
        built = builder(rng, size, wild)
        if built is None:
            return None
        tokens, shape = built
        if 2 * (size - wild) <= size:
            return tokens, f"{shape}, too many wild"
        return tokens, f"{shape} of more than four"

    return build


LEGAL_BUILDERS = (raw_run, raw_set)
BREAKERS = (
    off_suit,
    repeated_card,
    too_far,
    off_rank,
    repeated_suit,
    as_built(raw_set),
    as_built(raw_run),
)


def too_many_wild(rules: Ruleset, size: int, wild: int) -> bool:
    """R7 (Shove-It): no more natural cards than wild, a 2 counted as wild."""
    return rules.wild_limit is WildLimit.FEWER_THAN_NATURAL and 2 * (size - wild) <= size


@dataclass(frozen=True)
class Meld:
    cards: tuple[Card, ...]
    text: str
    shape: str


def build_meld(
    rng: random.Random,
    rules: Ruleset,
    size: int,
    wild: int,
    legal: bool,
    builders: Sequence[Callable[..., Built | None]] | None = None,
    tries: int = 600,
) -> Meld | None:
    """A meld of this size and wild count that the referee finds ``legal`` (or not);
    None when ``tries`` random attempts find none (often: no such meld exists)."""
    builders = builders or (LEGAL_BUILDERS if legal else BREAKERS)
    for _ in range(tries):
        built = rng.choice(builders)(rng, size, wild)
        if built is None:
            continue
        tokens, shape = built
        if len(tokens) != size or sum(map(is_wild, tokens)) != wild or not pack_ok(tokens):
            continue
        cards = tuple(parse_cards(tokens))
        if read_meld(cards, rules).legal == legal:
            if not legal and too_many_wild(rules, size, wild):
                shape = shape.split(",")[0] + ", too many wild"
            return Meld(cards, " ".join(tokens), shape)
    return None


# --- 1. Melds ---------------------------------------------------------------------


@dataclass
class MeldGroup:
    variant: str
    size: int
    wild: int
    wild_label: str
    legal: bool
    melds: list[Meld]
    timings: Timings = field(default_factory=Timings)


def wild_levels(size: int) -> list[tuple[int, str]]:
    most = min(size, MOST_WILD)
    label = "all" if most == size else f"{most}*"
    return [(0, "0"), (1, "1"), (2, "2"), (most, label)]


def bench_melds(rng: random.Random, scale: Scale) -> list[MeldGroup]:
    groups = []
    for variant in VARIANTS:
        rules = get_ruleset(variant)
        for size in SIZES:
            for wild, label in wild_levels(size):
                for legal in (True, False):
                    melds = []
                    for _ in range(scale.melds):
                        meld = build_meld(rng, rules, size, wild, legal)
                        if meld is None:
                            break
                        melds.append(meld)
                    groups.append(MeldGroup(variant, size, wild, label, legal, melds))

    clock, read = time.perf_counter_ns, read_meld
    for group in groups:  # warm-up
        rules = get_ruleset(group.variant)
        for _ in range(3):
            for meld in group.melds:
                read(meld.cards, rules)
    for group in groups:
        rules = get_ruleset(group.variant)
        order = list(group.melds)
        gc.collect()
        for _ in range(scale.rounds):
            rng.shuffle(order)
            for meld in order:
                cards = meld.cards
                start = clock()
                read(cards, rules)
                group.timings.add(meld.text, clock() - start)
    return groups


def print_melds(groups: list[MeldGroup]) -> None:
    header = (
        f"{'variant':<9} {'size':>4} {'wild':>4}  {'verdict':<8} {'melds':>5} {'checks':>7} "
        f"{'checks/s':>9} {'p50 µs':>8} {'p99 µs':>8} {'max µs':>8}  slowest shape (its p50 µs)"
    )
    print(header)
    print("-" * len(header))
    previous = None
    for group in groups:
        if previous is not None and (group.variant, group.size) != previous:
            print()
        previous = (group.variant, group.size)
        verdict = "legal" if group.legal else "illegal"
        start = f"{group.variant:<9} {group.size:>4} {group.wild_label:>4}  {verdict:<8}"
        if not group.melds:
            print(f"{start} {'-':>5}  none: no such meld can be built (see notes)")
            continue
        t = group.timings
        shapes = shape_timings(group)
        slowest = max(shapes, key=lambda shape: statistics.median(shapes[shape]))
        print(
            f"{start} {len(group.melds):>5} {len(t.all):>7} {t.per_second():>9,.0f} "
            f"{t.median_us():>8.1f} {t.us(0.99):>8.1f} {t.max_us():>8.1f}  "
            f"{slowest} ({statistics.median(shapes[slowest]) / 1000:.1f})"
        )


def shape_timings(group: MeldGroup) -> dict[str, list[int]]:
    shape_of = {meld.text: meld.shape for meld in group.melds}
    shapes: dict[str, list[int]] = defaultdict(list)
    for text, times in group.timings.by_label.items():
        shapes[shape_of[text]].extend(times)
    return shapes


def print_slowest_melds(groups: list[MeldGroup], count: int = 10) -> None:
    """The slowest meld of each variant, size, verdict and shape, slowest first."""
    slowest: dict[tuple[str, int, bool, str], tuple[float, int, str]] = {}
    for group in groups:
        shape_of = {meld.text: meld.shape for meld in group.melds}
        for text, times in group.timings.by_label.items():
            key = (group.variant, group.size, group.legal, shape_of[text])
            row = (statistics.median(times), max(times), text)
            if key not in slowest or row > slowest[key]:
                slowest[key] = row
    ranked = sorted(slowest.items(), key=lambda item: item[1], reverse=True)
    print("Slowest meld shapes: the slowest meld of each shape, by the median of its own checks")
    for (variant, size, legal, shape), (median, worst, text) in ranked[:count]:
        verdict = "legal" if legal else "illegal"
        print(
            f"  {median / 1000:7.1f} µs p50 {worst / 1000:8.1f} µs max  {variant:<8} "
            f"{size:>2} cards {verdict:<7} {shape:<26} {text}"
        )


# --- 2. Contracts -----------------------------------------------------------------


@dataclass
class ContractCase:
    melds: list[tuple[tuple[Card, ...], None]]
    text: str
    kind: str


def legal_part(rng: random.Random, rules: Ruleset, kind: str, size: int) -> Meld | None:
    builder = raw_set if kind == "set" else raw_run
    wild = rng.choice((0, 0, 1, 2))
    return build_meld(rng, rules, size, wild, True, (builder,), tries=50)


def contract_melds(
    rng: random.Random, rules: Ruleset, deal: int
) -> tuple[list[Meld], list[int | None]] | None:
    """Melds that meet the deal's contract, and the part each is for (None: a further
    meld, which R21 allows in Push)."""
    melds: list[Meld] = []
    roles: list[int | None] = []
    for index, part in enumerate(rules.deal(deal).contract):
        size = rng.choice((3, 4)) if part.kind == "set" else rng.randint(part.min, part.min + 2)
        meld = legal_part(rng, rules, part.kind, size)
        if meld is None:
            return None
        melds.append(meld)
        roles.append(index)
    if len(melds) == 2 and rng.random() < 0.5:
        meld = build_meld(rng, rules, rng.randint(3, 4), rng.choice((0, 1)), True, tries=50)
        if meld is None:
            return None
        at = rng.randrange(3)
        melds.insert(at, meld)
        roles.insert(at, None)
    return melds, roles


def spoil(
    rng: random.Random, rules: Ruleset, deal: int, melds: list[Meld], roles: list[int | None]
) -> str | None:
    """Change ``melds`` so the contract is not met; the way it was spoilt, or None."""
    contract = rules.deal(deal).contract
    ways = ["an illegal meld", "a meld of the wrong kind"]
    if any(part.kind == "run" for part in contract):
        ways.append("a run too short")
    if len(contract) == 3:
        ways.append("a meld missing")
    way = rng.choice(ways)
    index = rng.randrange(len(melds))
    if way == "a meld missing":
        del melds[index]
        return way
    if way == "an illegal meld":
        meld = build_meld(rng, rules, len(melds[index].cards), rng.choice((0, 1)), False)
    elif way == "a meld of the wrong kind":
        index = rng.choice([i for i, role in enumerate(roles) if role is not None])
        other = "run" if contract[roles[index] or 0].kind == "set" else "set"
        meld = legal_part(rng, rules, other, rng.choice((3, 4)))
    else:
        runs = [
            i for i, role in enumerate(roles) if role is not None and contract[role].kind == "run"
        ]
        index = rng.choice(runs)
        meld = legal_part(rng, rules, "run", contract[roles[index] or 0].min - 1)
    if meld is None:
        return None
    melds[index] = meld
    return way


def build_contract(
    rng: random.Random, rules: Ruleset, deal: int, met: bool
) -> ContractCase | None:
    for _ in range(200):
        built = contract_melds(rng, rules, deal)
        if built is None:
            continue
        melds, roles = built
        kind = "met"
        if not met:
            spoilt = spoil(rng, rules, deal, melds, roles)
            if spoilt is None:
                continue
            kind = spoilt
        if not pack_ok([str(card) for meld in melds for card in meld.cards]):
            continue
        pairs = [(meld.cards, None) for meld in melds]
        if check_contract(pairs, rules, deal).met == met:
            return ContractCase(pairs, " | ".join(meld.text for meld in melds), kind)
    return None


def bench_contracts(rng: random.Random, scale: Scale) -> list[tuple[int, bool, Timings]]:
    rules = get_ruleset("push")
    cases = {}
    for deal in range(1, len(rules.deals) + 1):
        for met in (True, False):
            built = (build_contract(rng, rules, deal, met) for _ in range(scale.contracts))
            cases[deal, met] = [case for case in built if case is not None]
    clock, check = time.perf_counter_ns, check_contract
    for (deal, _), group in cases.items():  # warm-up
        for case in group * 3:
            check(case.melds, rules, deal)
    results = []
    for (deal, met), group in cases.items():
        timings = Timings()
        order = list(group)
        gc.collect()
        for _ in range(scale.contract_rounds):
            rng.shuffle(order)
            for case in order:
                melds = case.melds
                start = clock()
                check(melds, rules, deal)
                timings.add(case.kind, clock() - start)
        results.append((deal, met, timings))
    return results


def print_contracts(results: list[tuple[int, bool, Timings]]) -> None:
    rules = get_ruleset("push")
    header = (
        f"{'deal':>4}  {'contract':<36} {'outcome':<8} {'checks':>7} {'checks/s':>9} "
        f"{'p50 µs':>8} {'p99 µs':>8} {'max µs':>8}  slowest kind (its p50 µs)"
    )
    print(header)
    print("-" * len(header))
    for deal, met, t in results:
        contract = describe_contract(rules.deal(deal).contract)
        slowest = t.slowest_label()
        print(
            f"{deal:>4}  {contract:<36} {'met' if met else 'not met':<8} {len(t.all):>7} "
            f"{t.per_second():>9,.0f} {t.median_us():>8.1f} {t.us(0.99):>8.1f} "
            f"{t.max_us():>8.1f}  {slowest} "
            f"({statistics.median(t.by_label[slowest]) / 1000:.1f})"
        )


# --- 3. The JSON API --------------------------------------------------------------

API_CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("/api/v1/melds/check", {"variant": "push", "cards": "6D 2S JK"}),
    ("/api/v1/melds/check", {"variant": "push", "cards": "7H 7H 7D"}),
    ("/api/v1/melds/check", {"variant": "shove-it", "cards": "8C 9C 10C JC 2D"}),
    ("/api/v1/melds/check", {"variant": "push", "cards": "JK JK 2C"}),
    (
        "/api/v1/melds/check",
        {"variant": "push", "cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"},
    ),
    (
        "/api/v1/contracts/check",
        {"variant": "push", "deal": 3, "melds": ["4H 5H 6H 7H", "8H 9H 10H JH"]},
    ),
    (
        "/api/v1/contracts/check",
        {"variant": "push", "deal": 4, "melds": ["5S 5H JK", "9C 9D 9H", "QD QS 2C 10D"]},
    ),
)


def bench_api(seconds: float) -> list[tuple[str, dict[str, Any], str, Timings]]:
    app = create_app({"TESTING": True, "SECRET_KEY": "bench"})
    client = app.test_client()
    clock = time.perf_counter_ns
    results = []
    for path, payload in API_CASES:
        response = client.post(path, json=payload)
        answer = response.get_json(silent=True) or {}
        if response.status_code != 200:
            raise SystemExit(f"{path} {payload} answered {response.status_code}: {answer}")
        if "met" in answer:
            said = "met" if answer["met"] else "not met"
        else:
            said = f"legal, {len(answer['readings'])} readings" if answer["legal"] else "illegal"
        for _ in range(50):  # warm-up
            client.post(path, json=payload)
        timings = Timings()
        gc.collect()
        deadline = clock() + int(seconds * 1e9)
        while clock() < deadline:
            start = clock()
            client.post(path, json=payload)
            timings.add("", clock() - start)
        results.append((path, payload, said, timings))
    return results


def print_api(results: list[tuple[str, dict[str, Any], str, Timings]]) -> None:
    header = (
        f"{'path':<24} {'requests':>8} {'req/s':>7} {'p50 µs':>8} {'p99 µs':>8}  body (answer)"
    )
    print(header)
    print("-" * len(header))
    for path, payload, said, t in results:
        print(
            f"{path.removeprefix('/api/v1'):<24} {len(t.all):>8} {t.per_second():>7,.0f} "
            f"{t.median_us():>8.0f} {t.us(0.99):>8.0f}  {said:<19} {payload}"
        )


# --- Aims -------------------------------------------------------------------------


def recheck(meld: Meld, rules: Ruleset, times: int = 500) -> list[int]:
    clock, read, cards = time.perf_counter_ns, read_meld, meld.cards
    result = []
    for _ in range(times):
        start = clock()
        read(cards, rules)
        result.append(clock() - start)
    return result


def print_aims(groups: list[MeldGroup]) -> None:
    small = [g for g in groups if g.size <= 8 and g.melds]
    misses = [g for g in small if g.timings.median_us() >= MELD_AIM_US]
    every = sorted(ns for g in small for ns in g.timings.all)
    overall = statistics.median(every) / 1000
    print(
        f"Aim: median check of a meld of up to 8 cards under {MELD_AIM_US:.0f} µs -- "
        f"over all such checks {overall:.1f} µs; "
        + (
            f"missed by {len(misses)} of {len(small)} groups:"
            if misses
            else f"met by all {len(small)} groups"
        )
    )
    for g in sorted(misses, key=lambda g: g.timings.median_us(), reverse=True):
        shapes = shape_timings(g)
        slowest = max(shapes, key=lambda shape: statistics.median(shapes[shape]))
        print(
            f"  MISSED {g.variant:<8} {g.size:>2} cards, {g.wild_label:>3} wild, "
            f"{'legal' if g.legal else 'illegal':<7}: p50 {g.timings.median_us():7.1f} µs "
            f"(slowest shape: {slowest})"
        )
    large = [g for g in groups if g.size == 13 and g.melds]
    worst = max(large, key=lambda g: g.timings.max_us())
    verdict = "met" if worst.timings.max_us() < WORST_13_AIM_US else "MISSED"
    print(
        f"Aim: worst single check of a 13-card meld under {WORST_13_AIM_US / 1000:.0f} ms -- "
        f"{verdict}: worst {worst.timings.max_us():.1f} µs ({worst.variant}, "
        f"{worst.wild_label} wild, {'legal' if worst.legal else 'illegal'})"
    )
    text = max(worst.timings.by_label, key=lambda label: max(worst.timings.by_label[label]))
    meld = next(meld for meld in worst.melds if meld.text == text)
    again = recheck(meld, get_ruleset(worst.variant))
    print(
        f"  that meld ({text}) checked {len(again)} times more: p50 "
        f"{statistics.median(again) / 1000:.1f} µs, max {max(again) / 1000:.1f} µs"
    )
    medians = [
        (statistics.median(times), g, text)
        for g in large
        for text, times in g.timings.by_label.items()
    ]
    median, g, text = max(medians, key=lambda row: row[0])
    print(
        f"  the slowest 13-card meld takes {median / 1000:.1f} µs at its median "
        f"({g.variant}, {'legal' if g.legal else 'illegal'}: {text}); a worst single "
        "check far above that is the machine (see Noise), not the meld"
    )


# --- Main -------------------------------------------------------------------------


# --- 4. The Contract Rummy family (docs/rules.md#R41) -------------------------------------

FAMILY = (
    ("contract-rummy", None), ("contract-rummy", {"twos_wild": True}), ("jo", None),
    ("progressive", None), ("king-rummy", None), ("shanghai", None), ("loba", None),
    ("carioca", None), ("sa-kaluki", None), ("caribbean-kalooki", None), ("russian", None),
    ("telefunken", None), ("farmers", None),
)  # fmt: skip
FAMILY_SUITS = ("S", "H", "D", "C")


def family_label(variant: str, options: dict[str, bool] | None) -> str:
    return variant + ("+twos_wild" if options else "")


def family_meld(rng: random.Random, rules: Ruleset, size: int) -> list[Card]:
    """A run, a set or random cards of ``size`` (3-8), some made wild, within the
    pack of the game's largest table (R49); legal or not, as a table would enter."""
    pack = rules.pack(max(rules.players))
    while True:
        shape = rng.choice(("run", "run", "set", "random"))
        if shape == "run":
            suit, low = rng.choice(FAMILY_SUITS), rng.randint(1, 15 - size)
            cards = [Card(1 if p == 14 else p, suit) for p in range(low, low + size)]
        elif shape == "set":
            rank = rng.randint(1, 13)
            cards = [Card(rank, rng.choice(FAMILY_SUITS)) for _ in range(size)]
        else:
            cards = [Card(rng.randint(1, 13), rng.choice(FAMILY_SUITS)) for _ in range(size)]
        for _ in range(rng.randint(0, 2)):
            cards[rng.randrange(size)] = rng.choice(
                [Card(0, ""), Card(2, rng.choice(FAMILY_SUITS))]
            )
        counts = Counter(cards)
        if all(n <= (pack.jokers if c.rank == 0 else pack.decks) for c, n in counts.items()):
            rng.shuffle(cards)
            return cards


def longest_melds(rng: random.Random, rules: Ruleset, count: int) -> list[list[Card]]:
    """The longest meld the game allows, with 0-3 of its cards made wild: the A..A run
    of 14 where an ace may end both ends (R45), else 13; a set of every copy of a
    rank where the game has no runs (R44)."""
    pack = rules.pack(max(rules.players))
    melds = []
    for _ in range(count):
        if rules.runs_allowed:
            suit = rng.choice(FAMILY_SUITS)
            size = rules.max_run
            low = 1 if size == 14 else (2 if rules.ace == "high_only" else rng.randint(1, 2))
            cards = [Card(1 if p == 14 else p, suit) for p in range(low, low + size)]
        else:
            rank = rng.randint(3, 13)
            cards = [Card(rank, suit) for suit in FAMILY_SUITS for _ in range(pack.decks)]
        for _ in range(rng.randint(0, min(3, pack.jokers))):
            cards[rng.randrange(len(cards))] = Card(0, "")
        if Counter(cards)[Card(0, "")] <= pack.jokers:
            rng.shuffle(cards)
            melds.append(cards)
    return melds


def time_calls(call: Callable[[], object], rounds: int) -> list[int]:
    clock = time.perf_counter_ns
    call()  # warm-up
    result = []
    for _ in range(rounds):
        start = clock()
        call()
        result.append(clock() - start)
    return result


def bench_family(rng: random.Random, scale: Scale) -> list[tuple[str, Timings, Timings, Timings]]:
    results = []
    for variant, options in FAMILY:
        rules = get_ruleset(variant, options)
        players = max(rules.players)
        any_meld, as_part, longest = Timings(), Timings(), Timings()
        for _ in range(scale.melds * 2):
            cards = family_meld(rng, rules, rng.randint(3, 8))
            deal = rng.randint(1, len(rules.deals))
            label = f"{format_cards(cards)}"
            for ns in time_calls(
                lambda c=cards, r=rules, n=players: read_meld(c, r, players=n), scale.rounds
            ):
                any_meld.add(label, ns)
            for ns in time_calls(
                lambda c=cards, d=deal, r=rules, n=players: read_meld(c, r, players=n, deal=d),
                scale.rounds,
            ):
                as_part.add(f"{label} deal {deal}", ns)
        for cards in longest_melds(rng, rules, max(4, scale.melds // 3)):
            label = format_cards(cards)
            for ns in time_calls(
                lambda c=cards, r=rules, n=players: read_meld(c, r, players=n), scale.rounds
            ):
                longest.add(label, ns)
        results.append((family_label(variant, options), any_meld, as_part, longest))
    return results


def print_family(results: list[tuple[str, Timings, Timings, Timings]]) -> None:
    header = (
        f"{'game':<28} {'p50 us':>7} {'p90 us':>7} {'max us':>7} | {'deal p50':>8} {'max':>7} |"
        f" {'longest p50':>11} {'worst':>7}"
    )
    print(header)
    print("-" * len(header))
    for label, any_meld, as_part, longest in results:
        print(
            f"{label:<28} {any_meld.median_us():>7.1f} {any_meld.us(0.9):>7.1f} "
            f"{any_meld.max_us():>7.1f} | {as_part.median_us():>8.1f} {as_part.max_us():>7.1f} |"
            f" {longest.median_us():>11.1f} {longest.max_us():>7.1f}"
        )
    worst = max(results, key=lambda result: result[3].max_us())
    print(
        f"   worst single check of a longest meld: {worst[3].max_us():.0f} us ({worst[0]}: "
        f"{worst[3].slowest_label()})"
    )


def bench_family_contracts(scale: Scale) -> list[tuple[str, Timings]]:
    """Initial melds whose rules span several melds, met and not: the gap between
    runs (R48) with wild cards to choose from, one rank or suit twice (R54), one
    wild card in all (R53), and a whole hand (R58)."""
    cases = [
        ("contract-rummy", {"twos_wild": True}, 7, ["3H 4H 5H 2C", "8H 9H 2D JH", "2S 2H JK 2S"]),
        ("contract-rummy", {"twos_wild": True}, 7, ["3H 4H 5H 6H", "7H 8H 9H 10H", "2S 2H JK 2S"]),
        ("contract-rummy", None, 6, ["3H 3D 3C", "4S 5S 6S JK", "8S 9S 10S JS"]),
        ("caribbean-kalooki", None, 7, ["3H 3D 3C", "8H 8S JK", "4S 5S 6S 7S", "9S 10S JS QS"]),
        ("sa-kaluki", None, 4, ["3H 4H JK", "8H 8S JK"]),
        ("sa-kaluki", None, 1, ["3H 4H 5H 6H 7H", "8H 8S 8C", "9S 9H 9C", "JD QD KD"]),
    ]
    results = []
    for variant, options, deal, melds in cases:
        rules = get_ruleset(variant, options)
        parsed = [(parse_cards(meld), None) for meld in melds]
        players = max(rules.players)
        met = check_contract(parsed, rules, deal, players).met
        timings = Timings()
        label = f"{family_label(variant, options)} deal {deal} ({'met' if met else 'not met'})"
        for ns in time_calls(
            lambda p=parsed, r=rules, d=deal, n=players: check_contract(p, r, d, n),
            scale.contract_rounds * 5,
        ):
            timings.add(label, ns)
        results.append((label, timings))
    return results


def print_family_contracts(results: list[tuple[str, Timings]]) -> None:
    for label, timings in results:
        print(
            f"   {label:<44} p50 {timings.median_us():>7.1f} us   max {timings.max_us():>7.1f} us"
        )


# --- 5. House rules (docs/rules.md#R68-R72) ---------------------------------------------------

#: Every game with its defaults, and Contract Rummy with 2s wild, as bases.
HOUSE_BASES = [(variant, None) for variant in ALL_VARIANTS] + [
    ("contract-rummy", {"twos_wild": True})
]
HOUSE_TABLES = 6  # random house rules a game


def within_pack(cards: Sequence[Card], rules: Ruleset) -> bool:
    pack = rules.pack(max(rules.players))
    return all(
        count <= (pack.jokers if card.rank == 0 else pack.decks)
        for card, count in Counter(cards).items()
    )


HouseResult = tuple[str, Timings, Timings, Timings, Timings]


def bench_house(rng: random.Random, scale: Scale) -> list[HouseResult]:
    """Each game under random house rules, beside its book: the same melds read
    under both, as any meld and as one meld of a random deal's initial meld."""
    results = []
    for variant, options in HOUSE_BASES:
        book = get_ruleset(variant, options)
        book_any, house_any, book_part, house_part = Timings(), Timings(), Timings(), Timings()
        for _ in range(HOUSE_TABLES):
            _, table = random_house(rng, book)
            for _ in range(max(2, scale.melds // 2)):
                cards = family_meld(rng, table, rng.randint(3, 8))
                if not within_pack(cards, book):
                    continue
                label = format_cards(cards)
                for rules, any_meld, as_part in (
                    (book, book_any, book_part),
                    (table, house_any, house_part),
                ):
                    players, deal = max(rules.players), rng.randint(1, len(rules.deals))
                    for ns in time_calls(
                        lambda c=cards, r=rules, n=players: read_meld(c, r, players=n),
                        scale.rounds,
                    ):
                        any_meld.add(label, ns)
                    for ns in time_calls(
                        lambda c=cards, r=rules, n=players, d=deal: read_meld(
                            c, r, players=n, deal=d
                        ),
                        scale.rounds,
                    ):
                        as_part.add(f"{label} deal {deal}", ns)
        results.append(
            (family_label(variant, options), book_any, house_any, book_part, house_part)
        )
    return results


def print_house(results: list[HouseResult]) -> None:
    header = (
        f"{'game':<28} {'book p50':>8} {'house p50':>9} {'p90':>7} {'max':>8} | "
        f"{'deal book':>9} {'house':>7} {'max':>8}"
    )
    print(header)
    print("-" * len(header))
    for label, book_any, house_any, book_part, house_part in results:
        print(
            f"{label:<28} {book_any.median_us():>8.1f} {house_any.median_us():>9.1f} "
            f"{house_any.us(0.9):>7.1f} {house_any.max_us():>8.1f} | "
            f"{book_part.median_us():>9.1f} {house_part.median_us():>7.1f} "
            f"{house_part.max_us():>8.1f}"
        )
    book = [ns for result in results for ns in result[1].all]
    house = [ns for result in results for ns in result[2].all]
    worst = max(results, key=lambda result: result[2].median_us())
    overall = statistics.median(house) / 1000
    print(
        f"Aim: median meld check under {MELD_AIM_US:.0f} µs under house rules -- "
        f"{'met' if overall < MELD_AIM_US else 'MISSED'}: {overall:.1f} µs over "
        f"{len(house):,} checks (the book's, same run: {statistics.median(book) / 1000:.1f} µs); "
        f"the slowest game's median {worst[2].median_us():.1f} µs ({worst[0]})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random melds")
    args = parser.parse_args(argv)
    scale = QUICK if args.quick else FULL
    rng = random.Random(args.seed)
    began = time.perf_counter()

    print("Rummy Referee: rules benchmark" + (" (--quick)" if args.quick else ""))
    print("\n".join(machine_lines()))
    print(
        f"Seed:     {args.seed}; timer overhead about {timer_overhead_ns()} ns a call, "
        "included in every figure"
    )

    print(f"\n1. read_meld(cards, rules): {scale.melds} random melds per group, each checked")
    print(
        f"   {scale.rounds} times after a warm-up; wild = a joker or any 2; cards parsed "
        "beforehand;"
    )
    print(
        "   checks/s = checks over their summed time, stalls of the machine included; "
        "p50 is the steady figure"
    )
    groups = bench_melds(rng, scale)
    print_melds(groups)
    print(
        f"   * two packs hold only {MOST_WILD} wild cards (4 jokers, 8 twos): a 13-card "
        "meld of wild cards alone cannot be built, so its last row has 12 wild and 1 natural."
    )
    print("   none: no meld of that row can be built within the rules and two packs")
    print(
        "   (legal 13 cards with no wild: every 13-card run holds the 2's place and a set "
        "holds at most 4 (Push) or 8 (Shove-It) natural cards of a rank;"
    )
    print(
        "   illegal Push with at most one natural card: it always makes a set or a run; "
        "legal all-wild Shove-It: R7 wants more natural cards than wild)."
    )
    print()
    print_slowest_melds(groups)

    print(f"\n2. check_contract(melds, rules, deal), Push: {scale.contracts} initial melds of 2-3")
    print(f"   melds per deal and outcome, each checked {scale.contract_rounds} times")
    print_contracts(bench_contracts(rng, scale))

    print(f"\n3. The JSON API through Flask's test client, about {scale.api_seconds:g} s per body")
    print_api(bench_api(scale.api_seconds))

    print(
        f"\n4. The Contract Rummy family: read_meld of {scale.melds * 2} random melds of 3-8 "
        f"cards per game, each checked {scale.rounds} times"
    )
    print(
        "   as any meld, then as one meld of a random deal's initial meld (deal=); then the "
        "longest meld each game allows"
    )
    print("   (the A..A run of 14 where R45 allows it, else 13; Farmer's: a set of every copy)")
    print_family(bench_family(rng, scale))
    print("\n   check_contract over several melds (R48 gap, R53, R54, R58):")
    print_family_contracts(bench_family_contracts(scale))

    print(
        f"\n5. House rules: every game under {HOUSE_TABLES} random house rules (R68-R70), "
        f"read_meld of random melds of 3-8 cards"
    )
    print(
        "   under the book and under the table's rules, the same melds, each checked "
        f"{scale.rounds} times; as any meld, then as one meld of a random deal"
    )
    print_house(bench_house(rng, scale))

    print()
    print(noise_line())
    print_aims(groups)
    print(f"\nTook {time.perf_counter() - began:.1f} s.")


if __name__ == "__main__":
    main()
