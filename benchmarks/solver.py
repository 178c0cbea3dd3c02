"""How fast the hand solver answers (docs/rules.md#R65-R67), against the exhaustive
partitioner of the tests.

Run from the project root::

    .venv/bin/python benchmarks/solver.py                 # 2,000 hands a game
    .venv/bin/python benchmarks/solver.py --hands 200     # quicker
    .venv/bin/python benchmarks/solver.py --seed 7        # other hands
    .venv/bin/python benchmarks/solver.py --house-hands 0 # without house rules

Every hand is dealt from the game's own pack (smallest table), the cards of a
deal plus the one drawn (11+1 in Push's last deal with ``ten_cards``, 11+1 in
Shanghai, up to 16+1 in Caribbean Kalooki's deal 9), half of them built near the
deal's contract and half at random, each with 0 to 6 wild cards. The whole
answer is timed: the best melds, or how short the hand is and, one card short,
every completing card. It prints figures and the aims they are read against;
it never fails on a timing.

Then every game under random house rules (docs/rules.md#R68-R72; ``house_rules.py``
draws them), beside the same game's book in the same run: hands dealt for the
table's own deals and pack, timed the same way.

Like a worker of ``make run`` (gunicorn.conf.py), the benchmark freezes the
objects it made before the first hand (``gc.freeze``), so a full collection
walks only what the solver made; ``--gc as-is`` measures without that.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from house_rules import random_house  # noqa: E402  (benchmarks/house_rules.py)

from referee.rules import VARIANTS, Card, Ruleset, get_ruleset, solve_hand  # noqa: E402
from referee.rules.solver import SEARCH_LIMIT, SearchTooLong, Work, _Search  # noqa: E402
from tests.rules.partition import best_left  # noqa: E402

GAMES = (
    ("push", {"ten_cards": True}),
    ("shanghai", None),
    ("caribbean-kalooki", None),
    ("contract-rummy", None),
    ("loba", None),
)
SUITS = ("S", "H", "D", "C")
JOKER = Card(0, "")
AIM_P99_MS = 50.0
AIM_RATIO_11 = 100.0


def percentile(ordered: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def pack_of(rules: Ruleset) -> list[Card]:
    pack = rules.pack()
    naturals = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS]
    return naturals * pack.decks + [JOKER] * pack.jokers


def wild_cards(rules: Ruleset, stock: list[Card]) -> list[Card]:
    return [card for card in stock if rules.is_wild(card)]


def deal_hand(rules: Ruleset, number: int, rng: random.Random, near: bool) -> list[Card]:
    """The deal's cards plus the one drawn, from the pack: near the contract (its
    melds, some cards swapped) or at random; 0 to 6 wild cards either way."""
    rule = rules.deal(number)
    size = rule.cards + 1
    stock = pack_of(rules)
    rng.shuffle(stock)
    hand: list[Card] = []
    if near:
        for part in rule.contract:
            if part.kind == "set":
                rank = rng.randint(3, 13)
                hand += [Card(rank, rng.choice(SUITS)) for _ in range(part.min)]
            else:
                suit = rng.choice(SUITS)
                low = rng.randint(3, max(3, 14 - part.min))
                hand += [Card(1 if p == 14 else p, suit) for p in range(low, low + part.min)]
        for index in range(len(hand)):
            if rng.random() < 0.2:
                hand[index] = stock[-1 - index]
    wilds = rng.randint(0, 6)
    wild_stock = wild_cards(rules, stock)
    hand = hand[: size - wilds] + wild_stock[:wilds]
    naturals = [card for card in stock if not rules.is_wild(card)]
    hand += naturals[: max(0, size - len(hand))]
    return fit_pack(rules, hand, stock, size)


def fit_pack(rules: Ruleset, hand: list[Card], stock: list[Card], size: int) -> list[Card]:
    """Drop copies the pack does not hold, and fill up from the stock (R3, R49)."""
    pack = rules.pack()
    counts: Counter[Card] = Counter()
    kept = []
    for card in [*hand, *stock]:
        if len(kept) == size:
            break
        if counts[card] < (pack.jokers if card.rank == 0 else pack.decks):
            counts[card] += 1
            kept.append(card)
    return kept


def hands_of(rules: Ruleset, count: int, rng: random.Random) -> list[tuple[int, list[Card]]]:
    return [
        (number, deal_hand(rules, number, rng, near=index % 2 == 0))
        for index in range(count)
        for number in [rng.randint(1, len(rules.deals))]
    ]


def timed(call) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000, result


def timed_code(call) -> tuple[float, object]:
    """Time the code alone, as ``timeit`` does: the collector run before and held
    off during, so that neither side of a comparison pays for the other's garbage."""
    gc.collect()
    gc.disable()
    try:
        return timed(call)
    finally:
        gc.enable()


HOUSE_BASES = [(variant, None) for variant in VARIANTS] + [("contract-rummy", {"twos_wild": True})]
HOUSE_TABLES = 10  # random house rules a game


def solve_times(rules: Ruleset, hands: list[tuple[int, list[Card]]], times: list[float]) -> int:
    """Solve each hand, its time added to ``times``; how many were refused as too long."""
    refused = 0
    for number, hand in hands:
        try:
            ms, _ = timed(lambda: solve_hand(hand, rules, number))  # noqa: B023
        except SearchTooLong:
            refused += 1
            continue
        times.append(ms)
    return refused


Dealt = list[tuple[int, list[Card]]]  # hands with their deal's number


def house_tables(
    book: Ruleset, hands: int, seed: int
) -> tuple[Dealt, list[tuple[dict[str, Any], Ruleset, Dealt]]]:
    """The hands of the last table for one game: the book's, and each of its random
    house rules (the document, the table's rules) with its own."""
    rng = random.Random(seed)
    book_hands = hands_of(book, hands, rng)
    tables = []
    for _ in range(HOUSE_TABLES):
        house, table = random_house(rng, book)
        tables.append((house, table, hands_of(table, hands // HOUSE_TABLES, rng)))
    return book_hands, tables


def house_rules_section(hands: int, seed: int) -> None:
    """Every game's book and random house rules over it, the same number of hands."""
    print(
        f"\nevery game under {HOUSE_TABLES} random house rules, {hands} hands each, beside "
        "its book (same run, same count):"
    )
    print(
        f"{'game':28} {'book p50':>9} {'p99':>7} {'max':>7} | {'house p50':>9} {'p99':>7} "
        f"{'max':>7} {'refused':>8}"
    )
    every_book: list[float] = []
    every_house: list[float] = []
    for variant, options in HOUSE_BASES:
        book = get_ruleset(variant, options)
        book_hands, tables = house_tables(book, hands, seed)
        book_times: list[float] = []
        house_times: list[float] = []
        refused = solve_times(book, book_hands, book_times)
        for _, table, table_hands in tables:
            refused += solve_times(table, table_hands, house_times)
        book_times.sort()
        house_times.sort()
        every_book += book_times
        every_house += house_times
        label = variant + ("+twos_wild" if options else "")
        print(
            f"{label:28} {percentile(book_times, 0.5):9.2f} {percentile(book_times, 0.99):7.2f} "
            f"{book_times[-1]:7.1f} | {percentile(house_times, 0.5):9.2f} "
            f"{percentile(house_times, 0.99):7.2f} {house_times[-1]:7.1f} {refused:8}"
        )
    every_book.sort()
    every_house.sort()
    p99 = percentile(every_house, 0.99)
    print(
        f"{'all':28} {percentile(every_book, 0.5):9.2f} {percentile(every_book, 0.99):7.2f} "
        f"{every_book[-1]:7.1f} | {percentile(every_house, 0.5):9.2f} {p99:7.2f} "
        f"{every_house[-1]:7.1f}"
    )
    print(
        f"aim: p99 under {AIM_P99_MS:.0f} ms under house rules -- "
        f"{'met' if p99 < AIM_P99_MS else 'MISSED'}: {p99:.2f} ms over {len(every_house):,} "
        f"hands (the book's, same run: {percentile(every_book, 0.99):.2f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands a game (2,000)")
    parser.add_argument("--brute", type=int, default=40, help="hands a game for the partitioner")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--house-hands", type=int, default=300, help="hands a game under house rules (300)"
    )
    parser.add_argument(
        "--gc",
        choices=("frozen", "as-is"),
        default="frozen",
        help="freeze the objects made at start, as a server worker does (frozen)",
    )
    args = parser.parse_args()
    if args.gc == "frozen":
        gc.freeze()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}; load {os.getloadavg()[0]:.1f}; "
        f"objects at start {args.gc}"
    )
    print(f"aim: p99 under {AIM_P99_MS:.0f} ms for every hand the games deal\n")
    print(
        f"{'game':20} {'cards':>5} {'hands':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
        f"{'steps':>7}"
    )
    refused_in_all = 0
    for variant, options in GAMES:
        rules = get_ruleset(variant, options)
        rng = random.Random(args.seed)
        by_size: dict[int, list[float]] = defaultdict(list)
        steps: dict[int, int] = defaultdict(int)  # the most steps of work a hand took
        too_long = 0
        for number, hand in hands_of(rules, args.hands, rng):
            work = Work()
            try:
                ms, _ = timed(lambda: solve_hand(hand, rules, number, work=work))  # noqa: B023
            except SearchTooLong:
                too_long += 1  # refused at SEARCH_LIMIT steps: no answer, no time kept
                continue
            by_size[len(hand)].append(ms)
            steps[len(hand)] = max(steps[len(hand)], work.spent)
        refused_in_all += too_long
        if too_long:
            print(f"{variant:20} {too_long} hands refused as too long to solve exactly")
        everything = sorted(ms for times in by_size.values() for ms in times)
        for size in sorted(by_size):
            times = sorted(by_size[size])
            print(
                f"{variant:20} {size:5} {len(times):6} {percentile(times, 0.5):8.2f} "
                f"{percentile(times, 0.99):8.2f} {times[-1]:8.1f} {steps[size]:7,}"
            )
        print(
            f"{variant:20} {'all':>5} {len(everything):6} {percentile(everything, 0.5):8.2f} "
            f"{percentile(everything, 0.99):8.2f} {everything[-1]:8.1f} "
            f"{max(steps.values()):7,}\n"
        )
    print(
        f"dealt hands refused as too long (over {SEARCH_LIMIT:,} steps of work): {refused_in_all}"
    )
    print("\nthe best-melds search against the exhaustive partitioner, same hands")
    print("(each timed as timeit does: the collector run before and held off during):")
    print(f"{'game':20} {'cards':>5} {'hands':>6} {'solver ms':>10} {'brute ms':>10} {'ratio':>7}")
    for variant, options in GAMES:
        rules = get_ruleset(variant, options)
        rng = random.Random(args.seed + 1)
        rows: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for number, hand in hands_of(rules, args.brute, rng):
            hand = hand[:11]
            rule = rules.deal(number)
            fast, found = timed_code(lambda: _Search(rules, rule, hand, None).best())  # noqa: B023
            slow, left = timed_code(lambda: best_left(hand, rules, number))  # noqa: B023
            assert (found is None) == (left is None)
            rows[len(hand)].append((fast, slow))
        for size in sorted(rows):
            fast_total = sum(f for f, _ in rows[size])
            slow_total = sum(s for _, s in rows[size])
            count = len(rows[size])
            print(
                f"{variant:20} {size:5} {count:6} {fast_total / count:10.2f} "
                f"{slow_total / count:10.1f} {slow_total / fast_total:7.0f}x"
            )
    print(f"\naim: at least {AIM_RATIO_11:.0f}x faster than the partitioner at 11 cards")
    if args.house_hands:
        house_rules_section(args.house_hands, args.seed)


if __name__ == "__main__":
    main()
