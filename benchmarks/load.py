"""A room full of tables: the app under its real server, many phones on many games.

Run from the project root::

    .venv/bin/python benchmarks/load.py             # 60 s a database, about 2.5 min
    .venv/bin/python benchmarks/load.py --quick     # 15 s a database, 10 tables

For each database (a SQLite file; a PostgreSQL schema of its own on
``$TEST_DATABASE_URL``, else the local server, when it answers) it starts gunicorn
as ``make run`` does (gunicorn.conf.py: 2 workers of 4 threads) and drives, over
loopback, 50 tables of 4 phones each for 60 s:

- three phones per table follow the sheet as the page does: ``GET /games/<id>``
  every 3 s with ``HX-Request`` and the ETag they last got in ``If-None-Match``
  (an unchanged sheet is a 304);
- the fourth phone keeps the score: it follows the game through the API
  (``GET /api/v1/games/<id>`` with ``If-None-Match``, every 3 s) and every 20 s
  records the next deal with ``X-Edit-Key``, ``If-Match`` (the ETag it holds) and
  an ``Idempotency-Key``; one deal in ten is sent twice with the same key, as a
  double tap or a retry would; after a game's 5 deals it starts a new game (with
  an ``Idempotency-Key`` too).

Each phone starts at a random moment of its first period, as people sit down at
different times, and keeps its connection alive as a browser would (gunicorn
closes one idle longer than its keep-alive; the phone then opens a new one,
counted apart).

At the end every game is read back and recounted: its deals must be exactly those
the scorer was answered 201 for, each once, and its totals the sums of the points
the scorer sent. It prints requests a second, p50/p99 latency by kind of request,
the statuses, errors (any answer not expected, any failed connection: they must be
0) and the recount. It never fails on a timing; it exits 1 if there was an error or
the recount does not tally.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import runpy
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import DEALS, PLAYERS, TEAMS, chosen_databases, deal_body  # the same deals
from rules import machine_lines, percentile

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
#: How make run's gunicorn is set up; the server here reads the same file.
SERVING = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
#: Connections idle longer than this are closed by gunicorn.
KEEP_ALIVE = float(SERVING["keepalive"])


@dataclass(frozen=True)
class Scale:
    tables: int
    phones: int  # per table: one keeps the score, the others follow
    seconds: float
    poll: float  # every phone asks for the sheet this often
    deal_every: float  # the scorer records a deal this often
    keep_alive: float = KEEP_ALIVE  # gunicorn closes a connection idle this long


FULL = Scale(tables=50, phones=4, seconds=60.0, poll=3.0, deal_every=20.0)
QUICK = Scale(tables=10, phones=4, seconds=15.0, poll=3.0, deal_every=5.0)


# --- The server ---------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(database_uri: str, folder: Path, keep_alive: float) -> Iterator[tuple[int, Path]]:
    """gunicorn as ``make run`` starts it (gunicorn.conf.py, read from the project),
    on a free loopback port; its port and its log's path."""
    port = free_port()
    log_path = folder / "gunicorn.log"
    env = os.environ | {
        "DATABASE_URL": database_uri,
        "SECRET_KEY": "load-benchmark",
        # Every phone here comes from 127.0.0.1: lift the per-address limit on new games.
        "REFEREE_GAMES_PER_MINUTE": "1000000",
    }
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [
                *(str(GUNICORN), "--bind", f"127.0.0.1:{port}"),
                *("--keep-alive", f"{keep_alive:g}", "referee:create_app()"),
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 60
            while not _answers(port):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn did not start:\n{log_path.read_text()}")
                time.sleep(0.1)  # starting: nothing to wait on but the port
            yield port, log_path
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _answers(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", "/api/v1/variants")
        ok = connection.getresponse().status == 200
        connection.close()
        return ok
    except OSError:
        return False


# --- A phone ------------------------------------------------------------------------


@dataclass
class Figures:
    """What every phone saw, gathered under one lock."""

    latencies: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, status: int, ns: int) -> None:
        with self.lock:
            self.latencies[kind].append(ns)
            self.statuses[(kind, status)] += 1

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


class Phone:
    """One HTTP/1.1 connection, kept alive as a browser keeps it, reopened when the
    server has closed it for idling."""

    def __init__(self, port: int, figures: Figures, keep_alive: float = KEEP_ALIVE) -> None:
        self.port = port
        self.figures = figures
        self.keep_alive = keep_alive
        self.connection: http.client.HTTPConnection | None = None
        self.last_used = 0.0

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        expect: tuple[int, ...] = (200,),
    ) -> tuple[int, http.client.HTTPResponse, bytes] | None:
        """Send it; time it; None (an error noted) if the answer is not expected."""
        if self.connection is None or time.monotonic() - self.last_used > self.keep_alive * 0.75:
            self._reconnect()
        assert self.connection is not None
        payload = None if body is None else json.dumps(body).encode()
        sent = dict(headers or {})
        if payload is not None:
            sent["Content-Type"] = "application/json"
        began = time.perf_counter_ns()
        try:
            self.connection.request(method, path, body=payload, headers=sent)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.figures.error(f"{method} {path}: {type(error).__name__}: {error}")
            self._drop()
            return None
        took = time.perf_counter_ns() - began
        self.last_used = time.monotonic()
        self.figures.add(kind, response.status, took)
        if response.status not in expect:
            self.figures.error(f"{method} {path} -> {response.status} {data[:200]!r}")
            return None
        return response.status, response, data

    def _reconnect(self) -> None:
        self._drop()
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        if self.last_used:
            with self.figures.lock:
                self.figures.reconnects += 1

    def _drop(self) -> None:
        if self.connection is not None:
            self.connection.close()
        self.connection = None


# --- A table ------------------------------------------------------------------------


@dataclass
class Played:
    """A game as its scorer knows it: the deals answered 201 and the totals it expects."""

    id: str
    deals: int = 0
    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))


class Table:
    """Four phones round one game after another: a scorer and three followers."""

    def __init__(self, number: int, port: int, figures: Figures, scale: Scale, seed: int):
        self.number = number
        self.port = port
        self.figures = figures
        self.scale = scale
        self.rng = random.Random(seed * 1_000 + number)
        self.played: list[Played] = []
        self.current: Played | None = None  # the game the followers follow
        self.lock = threading.Lock()
        self.key = ""
        self.etag = ""

    # The scorer ----------------------------------------------------------------

    def new_game(self, phone: Phone) -> bool:
        body = {"variant": "push", "players": list(PLAYERS)}
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        answer = phone.request("create", "POST", "/api/v1/games", body, headers, (201,))
        if answer is None:
            return False
        _, response, data = answer
        game = json.loads(data)
        self.key, self.etag = game["edit_key"], response.headers["ETag"]
        with self.lock:
            self.current = Played(game["id"])
            self.played.append(self.current)
        return True

    def record_deal(self, phone: Phone) -> None:
        game = self.current
        assert game is not None
        body, scores = deal_body(self.rng, game.deals + 1, with_hands=True)
        headers = {
            "X-Edit-Key": self.key,
            "If-Match": self.etag,
            "Idempotency-Key": str(uuid.uuid4()),
        }
        path = f"/api/v1/games/{game.id}/deals"
        sends = 2 if self.rng.random() < 0.1 else 1  # a double tap, or a retry
        for _ in range(sends):
            answer = phone.request("deal", "POST", path, body, headers, (201,))
            if answer is None:
                return
            self.etag = answer[1].headers["ETag"]
        game.deals += 1
        for team, points in scores.items():
            game.totals[team] += points

    def follow_api(self, phone: Phone) -> None:
        game = self.current
        assert game is not None
        answer = phone.request(
            "poll api",
            "GET",
            f"/api/v1/games/{game.id}",
            headers={"If-None-Match": self.etag},
            expect=(200, 304),
        )
        if answer is not None and answer[0] == 200:
            self.etag = answer[1].headers["ETag"]

    def score(self, stop: float) -> None:
        phone = Phone(self.port, self.figures, self.scale.keep_alive)
        if not self.new_game(phone):
            return
        next_poll = time.monotonic() + self.rng.uniform(0, self.scale.poll)
        next_deal = time.monotonic() + self.rng.uniform(0, self.scale.deal_every)
        while True:
            now = time.monotonic()
            wake = min(next_poll, next_deal)
            if wake >= stop:
                return
            if wake > now:
                time.sleep(wake - now)  # a phone waits for its next poll or deal
            if next_deal <= next_poll:
                assert self.current is not None
                if self.current.deals == DEALS and not self.new_game(phone):
                    return
                self.record_deal(phone)
                next_deal += self.scale.deal_every
            else:
                self.follow_api(phone)
                next_poll += self.scale.poll

    # A follower ----------------------------------------------------------------

    def follow(self, stop: float, seed: int) -> None:
        phone = Phone(self.port, self.figures, self.scale.keep_alive)
        rng = random.Random(seed)
        tags: dict[str, str] = {}
        next_poll = time.monotonic() + rng.uniform(0, self.scale.poll)
        while next_poll < stop:
            time.sleep(max(0.0, next_poll - time.monotonic()))
            next_poll += self.scale.poll
            with self.lock:
                game = self.current
            if game is None:
                continue  # the scorer has not started the game yet
            headers = {"HX-Request": "true"}
            if game.id in tags:
                headers["If-None-Match"] = tags[game.id]
            answer = phone.request(
                "poll page", "GET", f"/games/{game.id}", headers=headers, expect=(200, 304)
            )
            if answer is not None:
                tags[game.id] = answer[1].headers["ETag"]


# --- A run ----------------------------------------------------------------------------


@dataclass
class Run:
    name: str
    figures: Figures
    wall: float
    games: int = 0
    deals: int = 0
    recount_errors: list[str] = field(default_factory=list)
    server_errors: int = 0
    busy: float = 0.0  # share of the machine's CPU time used while the phones ran
    stolen: float = 0.0  # share taken by the virtual machine's host (steal)


def cpu_times() -> list[int]:
    """The machine's CPU time so far by kind (/proc/stat: user, nice, system, idle,
    iowait, irq, softirq, steal), or [] where there is no /proc."""
    try:
        return [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    except (OSError, ValueError):
        return []


def cpu_shares(before: list[int], after: list[int]) -> tuple[float, float]:
    """Of the CPU time between two readings: the share used, and the share stolen by
    the host of a virtual machine (when high, every latency here is inflated)."""
    if len(before) < 8 or len(after) < 8:
        return 0.0, 0.0
    spent = [b - a for a, b in zip(before, after, strict=True)]
    total = sum(spent) or 1
    idle = spent[3] + spent[4]
    return (total - idle - spent[7]) / total, spent[7] / total


def guarded(figures: Figures, work: Callable[..., None], *args: Any) -> threading.Thread:
    """A phone's thread; whatever goes wrong in it is counted as an error."""

    def run() -> None:
        try:
            work(*args)
        except Exception as error:
            figures.error(f"a phone stopped: {type(error).__name__}: {error}")

    return threading.Thread(target=run)


def drive(name: str, database_uri: str, scale: Scale, seed: int) -> Run:
    with (
        tempfile.TemporaryDirectory(prefix="referee-load-") as folder,
        served(database_uri, Path(folder), scale.keep_alive) as (port, log_path),
    ):
        figures = Figures()
        tables = [Table(n, port, figures, scale, seed) for n in range(scale.tables)]
        before = cpu_times()
        began = time.monotonic()
        stop = began + scale.seconds
        threads = []
        for table in tables:
            threads.append(guarded(figures, table.score, stop))
            for phone in range(1, scale.phones):
                threads.append(
                    guarded(figures, table.follow, stop, seed + 100 * table.number + phone)
                )
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        run = Run(name, figures, time.monotonic() - began)
        run.busy, run.stolen = cpu_shares(before, cpu_times())
        recount(run, port, tables)
        run.server_errors = log_path.read_text(errors="replace").count("Traceback")
    return run


def recount(run: Run, port: int, tables: list[Table]) -> None:
    """Every game read back against what its scorer was answered and sent."""
    phone = Phone(port, Figures())
    for table in tables:
        for played in table.played:
            run.games += 1
            run.deals += played.deals
            answer = phone.request("recount", "GET", f"/api/v1/games/{played.id}")
            if answer is None:
                run.recount_errors.append(f"game {played.id} could not be read back")
                continue
            game = json.loads(answer[2])
            numbers = [deal["deal"] for deal in game["deals"]]
            if numbers != list(range(1, played.deals + 1)):
                run.recount_errors.append(
                    f"game {played.id}: deals {numbers}, the scorer was answered 201 for "
                    f"{played.deals}"
                )
            if game["totals"] != played.totals:
                run.recount_errors.append(
                    f"game {played.id}: totals {game['totals']}, sent {played.totals}"
                )


# --- Printing ---------------------------------------------------------------------------


def ms(ns: list[int], q: float) -> str:
    return f"{percentile(sorted(ns), q) / 1e6:.1f}"


def print_run(run: Run, scale: Scale) -> None:
    figures = run.figures
    every = [ns for kind in figures.latencies.values() for ns in kind]
    requests = len(every)
    print(f"\n{run.name}")
    print(
        f"  requests: {requests:,} in {run.wall:.1f} s = {requests / run.wall:,.0f}/s; "
        f"p50 {ms(every, 0.5)} ms, p99 {ms(every, 0.99)} ms, max {max(every) / 1e6:.1f} ms"
    )
    print(
        f"  CPU: {run.busy:.0%} of the machine busy (server, database and phones); "
        f"{run.stolen:.0%} stolen by the host"
        + (": the latencies are inflated, measure again" if run.stolen > 0.05 else "")
    )
    print(f"  {'kind':<10} {'count':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  statuses")
    for kind in ("poll page", "poll api", "deal", "create"):
        times = figures.latencies.get(kind, [])
        if not times:
            continue
        statuses = ", ".join(
            f"{status}: {count:,}"
            for (k, status), count in sorted(figures.statuses.items())
            if k == kind
        )
        print(
            f"  {kind:<10} {len(times):>7,} {ms(times, 0.5):>7} {ms(times, 0.99):>7} "
            f"{max(times) / 1e6:>7.1f}  {statuses}"
        )
    print(
        f"  connections reopened after gunicorn's {scale.keep_alive:g} s keep-alive: "
        f"{figures.reconnects:,}"
    )
    print(f"  errors: {len(figures.errors)}; tracebacks in the server's log: {run.server_errors}")
    for error in figures.errors[:10]:
        print(f"    {error}")
    tally = "tallies" if not run.recount_errors else f"{len(run.recount_errors)} differences"
    print(f"  recount: {run.games} games, {run.deals} deals, each once with its totals: {tally}")
    for difference in run.recount_errors[:10]:
        print(f"    {difference}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 tables for 15 s a database")
    parser.add_argument("--seconds", type=float, help="how long each database is driven")
    parser.add_argument("--tables", type=int, help="how many tables of phones")
    parser.add_argument("--deal-every", type=float, help="seconds between a table's deals")
    parser.add_argument(
        "--keep-alive", type=float, help="seconds gunicorn keeps an idle connection open"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and timings")
    parser.add_argument("--sqlite-only", action="store_true", help="leave PostgreSQL out")
    args = parser.parse_args(argv)
    scale = QUICK if args.quick else FULL
    scale = Scale(
        args.tables or scale.tables,
        scale.phones,
        args.seconds or scale.seconds,
        scale.poll,
        args.deal_every or scale.deal_every,
        args.keep_alive or scale.keep_alive,
    )

    print("Push Referee: load benchmark" + (" (--quick)" if args.quick else ""))
    print("\n".join(machine_lines()))
    databases = chosen_databases(args.sqlite_only)
    print(
        f"Server:   gunicorn, {SERVING['workers']} workers x {SERVING['threads']} threads, "
        f"keep-alive {scale.keep_alive:g} s (gunicorn.conf.py, as make run), on loopback"
    )
    print(
        f"Load:     {scale.tables} tables x {scale.phones} phones for {scale.seconds:g} s each: "
        f"every phone asks for the sheet every {scale.poll:g} s (If-None-Match), one per table"
    )
    print(
        f"          records a deal every {scale.deal_every:g} s (If-Match, Idempotency-Key; "
        "one in ten sent twice) and starts a new game after 5"
    )
    print(f"Seed:     {args.seed}")

    runs = []
    for name, database in databases:
        with database() as uri:
            runs.append(drive(name, uri, scale, args.seed))
            print_run(runs[-1], scale)

    failed = any(run.figures.errors or run.recount_errors or run.server_errors for run in runs)
    print(
        "\nVerdict:  "
        + (
            "FAILED: errors or a recount that does not tally"
            if failed
            else "0 errors; every deal counted once"
        )
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
