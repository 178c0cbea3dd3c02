"""The hand solver against an earlier version of itself, on the same hands: each
hand's answer compared, and each hand's CPU time, the least of some runs, the two
versions alternated hand by hand so that a machine whose speed drifts slows both
alike.

Run from the project's root, naming the earlier version by any git revision::

    .venv/bin/python benchmarks/solver_before.py --before 7fe3bb8
    .venv/bin/python benchmarks/solver_before.py --before HEAD~3 --book
    .venv/bin/python benchmarks/solver_before.py --before HEAD~1 --hands 30
    .venv/bin/python benchmarks/solver_before.py --before HEAD~1 --games contract-rummy+twos_wild

The hands are those of ``solver.py``'s last table (``--hands`` a game, seed 1):
every game under its ten random house rules, or with ``--book`` the books alone.
The earlier rules core is read out of git (``git archive``) into a temporary
folder and imported beside today's under another name; each version builds its
own rules from the same house documents. It prints p50, p90 and p99 of the CPU
times, all the hands together, the steps of work and the hands refused by the
limit of work of each version, then each game's p99 by version, and exits 1 if any
answer differs (the melds, the cards left, the count missing, the completing
cards, or a refusal by the limit of work). ``--games`` keeps only the games named
(a preset, or a preset and an option set true: ``contract-rummy+twos_wild``).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver import HOUSE_BASES, HOUSE_TABLES, house_tables, percentile  # noqa: E402

from referee.rules import get_ruleset  # noqa: E402

Hand = tuple[str, Any, dict[str, Any], int, str]  # game, options, house, deal, cards


def game_name(variant: str, options: dict[str, Any] | None) -> str:
    """A game as ``--games`` names it: the preset, then each option set true."""
    return "+".join([variant, *(key for key, value in (options or {}).items() if value)])


def drawn_hands(hands: int, book: bool, games: set[str] | None = None) -> list[Hand]:
    """The hands of ``solver.py``'s last table (``house_tables``), as text, with the
    house document each was dealt under ({} for the book); of ``games`` alone where
    named."""
    drawn: list[Hand] = []
    for variant, options in HOUSE_BASES:
        if games is not None and game_name(variant, options) not in games:
            continue
        book_hands, tables = house_tables(get_ruleset(variant, options), hands, seed=1)
        dealt = [({}, book_hands)] if book else [(house, each) for house, _, each in tables]
        for house, each in dealt:
            for number, hand in each:
                drawn.append((variant, options, house, number, " ".join(map(str, hand))))
    return drawn


def load_before(revision: str, folder: Path) -> str:
    """The rules core at ``revision``, importable as ``before_rules``."""
    archive = subprocess.run(
        ["git", "archive", revision, "referee/rules"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    (folder / "referee" / "rules").rename(folder / "before_rules")
    sys.path.insert(0, str(folder))
    return "before_rules"


class Version:
    """One rules core, its tables and hands built from the same documents."""

    def __init__(self, package: str, drawn: list[Hand]) -> None:
        rules = importlib.import_module(package)
        self.solver = importlib.import_module(package + ".solver")
        tables: dict[tuple[str, str, str], Any] = {}
        self.jobs = []
        for variant, options, house, number, text in drawn:
            key = (variant, repr(options), repr(house))
            if key not in tables:
                tables[key] = rules.get_ruleset(variant, options, house=house or None)
            self.jobs.append((tables[key], number, rules.parse_cards(text)))

    def solve(self, index: int) -> tuple[float, int, object]:
        """CPU milliseconds, steps of work and the answer of one hand."""
        table, number, hand = self.jobs[index]
        work = self.solver.Work()
        start = time.process_time()
        try:
            solution = self.solver.solve_hand(hand, table, number, work=work)
        except self.solver.SearchTooLong:
            answer: object = "refused"
        else:
            answer = (
                solution.met,
                solution.short,
                solution.completing_tokens,
                tuple(map(str, solution.left)),
                tuple(tuple(map(str, meld.cards)) for meld in solution.melds),
            )
        return (time.process_time() - start) * 1000, work.spent, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="a git revision of the earlier version")
    parser.add_argument("--hands", type=int, default=300, help="hands a game (300)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each hand (2)")
    parser.add_argument("--book", action="store_true", help="the books' hands, no house rules")
    parser.add_argument(
        "--games",
        help="only these games, comma-separated (contract-rummy+twos_wild: with that option)",
    )
    args = parser.parse_args()
    games = set(args.games.split(",")) if args.games else None
    known = {game_name(variant, options) for variant, options in HOUSE_BASES}
    if games is not None and games - known:
        parser.error(f"no such game: {', '.join(sorted(games - known))}")
    drawn = drawn_hands(args.hands, args.book, games)
    with tempfile.TemporaryDirectory() as folder:
        versions = {
            "before": Version(load_before(args.before, Path(folder)), drawn),
            "after": Version("referee.rules", drawn),
        }
        gc.freeze()
        least = {name: [float("inf")] * len(drawn) for name in versions}
        steps = dict.fromkeys(versions, 0)
        refused = dict.fromkeys(versions, 0)
        differ = 0
        for round_ in range(args.rounds):
            for index in range(len(drawn)):
                order = ["before", "after"] if (index + round_) % 2 == 0 else ["after", "before"]
                answers = {}
                for name in order:
                    ms, spent, answers[name] = versions[name].solve(index)
                    least[name][index] = min(least[name][index], ms)
                    if round_ == 0:
                        steps[name] += spent
                        refused[name] += answers[name] == "refused"
                if round_ == 0 and answers["before"] != answers["after"]:
                    differ += 1
                    print("answers differ:", drawn[index])
    label = "the books" if args.book else f"house rules ({HOUSE_TABLES} tables a game)"
    print(f"{len(drawn):,} hands, {label}; CPU ms, the least of {args.rounds} runs each")
    for name, times in least.items():
        ordered = sorted(times)
        print(
            f"{name:7} p50 {percentile(ordered, 0.5):7.2f} p90 {percentile(ordered, 0.9):7.2f} "
            f"p99 {percentile(ordered, 0.99):7.2f}  all {sum(ordered) / 1000:7.1f} s  "
            f"steps {steps[name]:,}  refused {refused[name]}"
        )
    for game in dict.fromkeys(game_name(hand[0], hand[1]) for hand in drawn):
        picked = [i for i, hand in enumerate(drawn) if game_name(hand[0], hand[1]) == game]
        figures = "  ".join(
            f"{name} {percentile(sorted(least[name][i] for i in picked), 0.99):7.2f}"
            for name in versions
        )
        print(f"p99 of {game} ({len(picked)} hands): {figures}")
    print(f"answers that differ: {differ}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
