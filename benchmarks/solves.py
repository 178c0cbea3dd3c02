"""Hand solves against the real server: a cheap GET's p99 while 16 worst-case solves run.

Run from the project root::

    .venv/bin/python benchmarks/solves.py                  # 16 solves at once
    .venv/bin/python benchmarks/solves.py --solves 32 --requests 1000
    .venv/bin/python benchmarks/solves.py --no-open-gate   # without the comparison

It starts gunicorn as ``make run`` does (gunicorn.conf.py), on loopback and a
SQLite file (a solve reads no database), makes a game, and times a normal
client's cheap GET (``GET /api/v1/games/<id>``, each on a new connection, as
``slow_clients.py`` does), ``--requests`` of them:

- with no other client;
- while ``--solves`` clients each send the worst hand a request may (30 cards,
  four jokers, the solver's whole allowance of work before its 422) and send it
  again as soon as it is answered; a refused one after the seconds its
  Retry-After says (``--impatient``: at once, as a client that floods). First
  each from an address of its own (127.0.0.2 and on: the limit in all, 503),
  then all from one (the limit a client, 429);
- the same from addresses of their own on a server whose gate is opened wide
  (``SOLVES_AT_ONCE`` and ``SOLVES_PER_CLIENT`` as many as the solves): what the
  gate is for; ``--no-open-gate`` leaves this out.

The solving clients run in a process of their own. It prints the GET's p50, p99
and worst, and the solves answered (422, the limit of work) and refused (429,
503) a second; exits 1 if a GET went unanswered or failed, or the server logged a
traceback. It never fails on a timing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games import sqlite_database
from load import KEEP_ALIVE, SERVING, served, tracebacks
from rules import machine_lines
from slow_clients import Step, cheap_gets, new_game

#: The worst hand a request may send: 30 cards, four jokers, Push's first deal.
WORST = {
    "variant": "push",
    "deal": 1,
    "cards": "JK JK JK JK 4H QH 8C 7D 2D 5C 8D 8H QC 10C 7H 10H QD AD 3H 9C 10D KC 2C 2H "
    "5H AH 6C JD 6H JH",
}
#: A cheap request, for a flood to compare with: a meld checked.
CHEAP = ("/api/v1/melds/check", {"variant": "push", "cards": "8C 8H JK"})
WORST_SOLVE = ("/api/v1/hands/solve", WORST)
AIM_P99_MS = 100.0


# --- The solving clients, in a process of their own ------------------------------------


def solve_again_and_again(
    port: int,
    count: int,
    own: bool,
    impatient: bool,
    sent: tuple[str, dict[str, Any]],
    ready: Any,
    stop: Any,
    report: Any,
) -> None:
    """``count`` threads (``own``: each from an address of its own), each sending the
    worst hand again as soon as it is answered (refused, after Retry-After, unless
    ``impatient``), until ``stop`` is set; ``ready`` once every one has been
    answered once; the answers by status on ``report``."""
    tally: Counter[str] = Counter()
    lock = threading.Lock()
    answered = threading.Barrier(count + 1)
    path, body = sent[0], json.dumps(sent[1])

    def client(number: int) -> None:
        source = (f"127.0.0.{number + 2}", 0) if own else None
        first = True
        while not stop.is_set():
            connection = http.client.HTTPConnection(
                "127.0.0.1", port, timeout=60, source_address=source
            )
            try:
                connection.request("POST", path, body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                status = str(response.status)
                retry_after = response.getheader("Retry-After")
            except OSError as error:
                status, retry_after = type(error).__name__, None
            finally:
                connection.close()
            with lock:
                tally[status] += 1
            if first:
                first = False
                answered.wait()
            if retry_after and not impatient:
                stop.wait(float(retry_after))

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    answered.wait()
    ready.set()
    stop.wait()
    for thread in threads:
        thread.join(60)
    report.put(dict(tally))


@contextmanager
def solves(
    port: int,
    args: argparse.Namespace,
    own: bool,
    tally: Counter[str],
    sent: tuple[str, dict[str, Any]] = WORST_SOLVE,
) -> Any:
    """The solving clients at work for the block; their answers added to ``tally``."""
    context = multiprocessing.get_context("spawn")
    ready, stop, report = context.Event(), context.Event(), context.Queue()
    process = context.Process(
        target=solve_again_and_again,
        args=(port, args.solves, own, args.impatient, sent, ready, stop, report),
    )
    process.start()
    try:
        if not ready.wait(120):
            raise RuntimeError(f"the {args.solves} solving clients were not all answered")
        yield
    finally:
        stop.set()
        tally.update(report.get(timeout=120))
        process.join(60)


# --- The steps ------------------------------------------------------------------------


@contextmanager
def settings(**values: int) -> Any:
    """The app's settings (REFEREE_<NAME>) for the servers started in the block."""
    before = dict(os.environ)
    os.environ.update({f"REFEREE_{name}": str(value) for name, value in values.items()})
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(before)


def timed_step(
    port: int, path: str, name: str, args: argparse.Namespace, own: bool | str | None
) -> tuple[Step, Counter[str], float]:
    """The GETs of one step, with the solving clients (``own``: each from an address
    of its own), or none (None), or the same clients sending a cheap check instead
    ("cheap"); their answers and the step's seconds."""
    step, tally = Step(name), Counter[str]()
    started = time.monotonic()
    if own is None:
        cheap_gets(port, path, step, args.requests, args.patience)
    else:
        sent = CHEAP if own == "cheap" else WORST_SOLVE
        with solves(port, args, own is not False, tally, sent):
            cheap_gets(port, path, step, args.requests, args.patience)
    return step, tally, time.monotonic() - started


def print_step(step: Step, tally: Counter[str], seconds: float) -> None:
    asked = len(step.times) + step.unanswered + len(step.failed)
    line = (
        f"  {step.name:<46} {step.ms(0.5):>7} {step.ms(0.99):>7} {step.ms(1.0):>7}"
        f"  {len(step.times)} of {asked}"
    )
    if tally:
        rates = ", ".join(
            f"{status} {count / seconds:.1f}/s" for status, count in sorted(tally.items())
        )
        line += f"; solves answered: {rates}"
    if step.unanswered or step.failed:
        line += f"; unanswered {step.unanswered}, failed {', '.join(sorted(set(step.failed)))}"
    print(line)


def serve_steps(
    folder: Path, uri: str, args: argparse.Namespace, name: str, plan: list[tuple[str, Any]]
) -> bool:
    """Start a server, run the planned steps against it, print them; whether all held."""
    with served("referee:create_app()", uri, folder, KEEP_ALIVE, args.gunicorn, name) as (
        port,
        log,
    ):
        path = new_game(port)
        cheap_gets(port, path, Step("warm-up"), 50, args.patience)
        held = True
        for step_name, own in plan:
            step, tally, seconds = timed_step(port, path, step_name, args, own)
            print_step(step, tally, seconds)
            held &= not (step.unanswered or step.failed)
        errors = tracebacks([log])
        if errors:
            print(f"  the server logged {errors} tracebacks: see {log}")
        return held and not errors


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--solves", type=int, default=16, help="solving clients (16)")
    parser.add_argument("--requests", type=int, default=300, help="GETs timed a step (300)")
    parser.add_argument(
        "--patience", type=float, default=30.0, help="seconds a GET may wait for its answer"
    )
    parser.add_argument(
        "--no-open-gate", action="store_true", help="leave out the server with the gate open"
    )
    parser.add_argument(
        "--impatient",
        action="store_true",
        help="a refused solve is sent again at once, not after Retry-After",
    )
    parser.add_argument(
        "--gunicorn", action="append", default=[], help="an argument more for gunicorn"
    )
    args = parser.parse_args(argv)

    print("Rummy Referee: hand solves beside a cheap GET")
    print("\n".join(machine_lines()))
    print(f"Load now: {' '.join(Path('/proc/loadavg').read_text().split()[:3])} (1, 5, 15 min)")
    print(
        f"Server:   gunicorn, {SERVING['workers']} workers x {SERVING['threads']} threads "
        f"({SERVING['worker_class']}), as make run"
        + (f", {' '.join(args.gunicorn)}" if args.gunicorn else "")
    )
    waits = "sending it again at once" if args.impatient else "waiting as Retry-After says"
    print(
        f"Solves:   {args.solves} clients, each sending the worst hand again once answered; "
        f"refused, {waits}\n"
    )
    print(f"GET /api/v1/games/<id>, a new connection each, ms (aim: p99 under {AIM_P99_MS:g})")
    print(f"  {'while':<46} {'p50':>7} {'p99':>7} {'worst':>7}  answered")
    many = args.solves
    gated: list[tuple[str, Any]] = [
        ("no other client", None),
        (f"{many} solves, each from its own address", True),
        (f"{many} solves, all from one address", False),
    ]
    if args.impatient:  # the same flood of requests, each cheap: what is the flood's
        gated.append((f"{many} clients checking a meld, as fast", "cheap"))
    opened = [(f"{many} solves, the gate open (SOLVES_AT_ONCE={many})", True)]
    with tempfile.TemporaryDirectory(prefix="referee-solves-") as folder, sqlite_database() as uri:
        held = serve_steps(Path(folder), uri, args, "gated", gated)
        if not args.no_open_gate:
            with settings(SOLVES_AT_ONCE=many, SOLVES_PER_CLIENT=many):
                held &= serve_steps(Path(folder), uri, args, "open", opened)
    print("\nVerdict:  " + ("all answered" if held else "FAILED: a GET unanswered or failed"))
    sys.exit(0 if held else 1)


if __name__ == "__main__":
    main()
