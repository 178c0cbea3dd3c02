"""Slow clients against the real server: a cheap GET's p99 with none, with 200
slow ones, and with 2,000 sending heads of 720 KB.

Run from the project root::

    .venv/bin/python benchmarks/slow_clients.py                 # 200 slow, 2,000 large heads
    .venv/bin/python benchmarks/slow_clients.py --slow 1000 --heads 0
    .venv/bin/python benchmarks/slow_clients.py --gunicorn=--worker-class=gthread

For each database (a SQLite file; a PostgreSQL schema of its own on
``$TEST_DATABASE_URL``, else the local server, when it answers) it starts gunicorn
as ``make run`` does (gunicorn.conf.py), on loopback, makes a game, and times a
normal client's cheap GET (``GET /api/v1/games/<id>``, each on a new connection,
as a phone back on the Wi-Fi opens one), ``--requests`` a step:

- with no other client;
- while ``--slow`` connections send a request's headers a line at a time, one
  line every ``--interval`` seconds (they never finish), from ``--slow-addresses``
  loopback addresses (127.0.0.1 and up: a room of phones, not one address with
  more heads coming than the server takes from one);
- while as many send a body a byte at a time (a ``POST`` of a 60,000-byte body,
  under the 64 KB limit, one byte every ``--interval`` seconds);
- while ``--heads`` connections each send a head of 90 header lines of 8 KB
  (720 KB, each line within gunicorn's limits on a line and on their count), as
  fast as the server takes them, and never end it: from one address, then spread
  over several (``--head-addresses``). The
  server's workers' memory (their resident set, from ``/proc``) is read before
  the connections open, at its highest while they are open (read every 50 ms),
  and ``--settle`` seconds after the last has gone; how the server ended each
  connection is counted (a 408, 429 or 431 read back, or the connection reset
  while the client was still sending, as a server closing on unread bytes does).

The slow connections run in a process of their own, are all open and sending
before the timing starts, and are counted again at its end: those the server
closed are printed. A normal request not answered within ``--patience`` seconds
counts as unanswered; after three of them the step stops. It prints p50, p99 and
the worst time of each step, how many requests took over a second, the CPU the
server's workers used a GET (user and system, read from ``/proc``: the slow
connections' own cost included, and a figure a machine busy with other work
changes less than a time), and exits 1
if a request was unanswered or failed, or the server logged a traceback. It
never fails on a timing.
"""

from __future__ import annotations

import argparse
import asyncio
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games import PLAYERS, chosen_databases
from load import KEEP_ALIVE, SERVING, served, tracebacks
from rules import machine_lines, percentile

#: The slow POST's body: under the 64 KB limit, so the server waits for all of it.
SLOW_BODY = 60_000
#: A slow client stops adding header lines past this many (gunicorn reads 100).
MOST_LINES = 90
#: One line of a large head: 8 KB, under gunicorn's limit on a header line (8,190).
LARGE_LINE = 8 * 1024 - 4


@dataclass
class Step:
    name: str
    times: list[int] = field(default_factory=list)  # ns of each answered request
    unanswered: int = 0
    failed: list[str] = field(default_factory=list)  # any answer but a 200
    closed_by_server: int | None = None  # slow connections the server closed meanwhile
    cpu: float = 0.0  # seconds the server's workers used meanwhile (user and system)
    ended: dict[str, int] = field(default_factory=dict)  # large heads: how each ended
    memory: list[tuple[float, float, float]] = field(default_factory=list)  # MB, by worker

    def ms(self, q: float) -> str:
        if not self.times:
            return "-"
        return f"{percentile(sorted(self.times), q) / 1e6:.1f}"


# --- The slow clients, in a process of their own --------------------------------------


def source(number: int, addresses: int) -> tuple[str, int]:
    """The loopback address connection ``number`` comes from, of ``addresses``."""
    return f"127.0.0.{1 + number % addresses}", 0


def slow_requests(
    port: int,
    count: int,
    kind: str,
    interval: float,
    addresses: int,
    ready: Any,
    stop: Any,
    report: Any,
) -> None:
    """Open ``count`` connections, from ``addresses`` loopback addresses in turn,
    that send a request slowly until ``stop`` is set; set ``ready`` once every one
    is open and sending; put on ``report`` how many the server closed."""

    async def one(number: int, opened: list[int], closed: list[int]) -> None:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=source(number, addresses)
        )
        if kind == "headers":
            writer.write(b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        else:
            writer.write(
                b"POST /api/v1/melds/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\n"
                + f"Content-Length: {SLOW_BODY}\r\n\r\n".encode()
            )
        await writer.drain()
        opened.append(number)
        if len(opened) == count:
            ready.set()
        pieces = (
            (f"X-Slow-{n}: {n}\r\n".encode() for n in range(MOST_LINES))
            if kind == "headers"
            else (b" " for _ in range(SLOW_BODY - 1))
        )
        try:
            while not stop.is_set():
                try:  # an answer, or the server closing the connection: it let go
                    await asyncio.wait_for(reader.read(1), interval)
                    closed.append(number)
                    return
                except TimeoutError:
                    writer.write(next(pieces, b""))
                    await writer.drain()
        except OSError:
            closed.append(number)
        finally:
            writer.close()

    async def run() -> None:
        opened: list[int] = []
        closed: list[int] = []
        tasks = [asyncio.create_task(one(n, opened, closed)) for n in range(count)]
        await asyncio.gather(*tasks, return_exceptions=True)
        report.put(len(closed) + count - len(opened))

    asyncio.run(run())


def large_heads(port: int, count: int, addresses: int, ready: Any, stop: Any, report: Any) -> None:
    """Open ``count`` connections, from ``addresses`` loopback addresses in turn,
    each sending a head of ``MOST_LINES`` lines of ``LARGE_LINE`` bytes as fast as
    the server takes it and never ending it; set ``ready`` once every one has sent
    its request line; put on ``report`` how each ended (by status, ``reset``, or
    ``open`` if still open when ``stop`` is set)."""

    async def one(number: int, started: list[int], ended: Counter[str]) -> None:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=source(number, addresses)
            )
        except OSError:
            ended["not opened"] += 1
            started.append(number)
            return
        how = "open"
        try:
            writer.write(b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            await writer.drain()
            started.append(number)
            if len(started) == count:
                ready.set()
            for line in range(MOST_LINES):
                name = f"X-Large-{line}: ".encode()
                writer.write(name + b"a" * (LARGE_LINE - len(name) - 2) + b"\r\n")
                await writer.drain()
            while not stop.is_set():  # the head is sent, never ended: wait for the server
                try:
                    answer = await asyncio.wait_for(reader.read(64), 0.5)
                except TimeoutError:
                    continue
                how = answer[9:12].decode() if answer.startswith(b"HTTP/1.1 ") else "closed"
                break
        except OSError:  # reset while still sending: the server closed on unread bytes
            how = "reset"
        finally:
            ended[how] += 1
            writer.close()
        if len(started) == count:
            ready.set()

    async def run() -> None:
        started: list[int] = []
        ended: Counter[str] = Counter()
        tasks = {asyncio.create_task(one(n, started, ended)) for n in range(count)}
        while tasks and not stop.is_set():
            _, tasks = await asyncio.wait(tasks, timeout=0.2)
        if tasks:  # still sending to a server that reads no more: stop them too
            _, tasks = await asyncio.wait(tasks, timeout=1)
            for task in tasks:
                task.cancel()  # counted as still open
            await asyncio.gather(*tasks, return_exceptions=True)
        report.put(dict(ended))

    asyncio.run(run())


@contextmanager
def slow_clients(
    port: int, count: int, kind: str, interval: float, addresses: int, step: Step
) -> Any:
    args = (port, count, kind, interval, addresses)
    with in_process(slow_requests, args, f"the {count} slow connections", interval) as report:
        yield
    step.closed_by_server = report()


@contextmanager
def in_process(target: Any, args: tuple[Any, ...], what: str, grace: float) -> Any:
    """``target(*args, ready, stop, report)`` run in a process of its own; once it
    is ready, the body; then it is stopped, and the context gives what it put on
    ``report`` as a function of nothing."""
    context = multiprocessing.get_context("spawn")
    ready, stop, report = context.Event(), context.Event(), context.Queue()
    process = context.Process(target=target, args=(*args, ready, stop, report))
    process.start()
    reported: list[Any] = []
    try:
        if not ready.wait(60):
            raise RuntimeError(f"{what} did not all open")
        yield lambda: reported[0]
    finally:
        stop.set()
        reported.append(report.get(timeout=60 + grace))
        process.join(60)


# --- The normal client -----------------------------------------------------------------


def new_game(port: int) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"variant": "push", "players": list(PLAYERS)})
    connection.request("POST", "/api/v1/games", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    if response.status != 201:
        raise RuntimeError(f"POST /api/v1/games answered {response.status}: {answer}")
    return f"/api/v1/games/{answer['id']}"


def server_of(port: int) -> int:
    """The process id of the gunicorn serving ``port`` (its master)."""
    bind = f"127.0.0.1:{port}".encode()
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # not a process, or one that has ended
            continue
        if bind in command and any(part.endswith(b"gunicorn") for part in command):
            return int(entry.name)
    raise RuntimeError(f"no gunicorn serves port {port}")


def workers_cpu(master: int) -> float:
    """CPU seconds (user and system) the master's workers have used so far."""
    used = 0
    for child in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        used += int(fields[11]) + int(fields[12])  # utime, stime: man 5 proc
    return used / os.sysconf("SC_CLK_TCK")


def workers_memory(master: int) -> list[float]:
    """The resident set of each of the master's workers, in MB."""
    sizes = []
    for child in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        for line in Path(f"/proc/{child}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                sizes.append(int(line.split()[1]) / 1024)
    return sizes


@contextmanager
def memory_watched(port: int, step: Step, settle: float) -> Any:
    """The workers' memory before the body, at its highest during it (read every
    50 ms), and ``settle`` seconds after it, into ``step.memory``."""
    master = server_of(port)
    before = workers_memory(master)
    highest = list(before)
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            for worker, size in enumerate(workers_memory(master)[: len(highest)]):
                highest[worker] = max(highest[worker], size)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()
        time.sleep(settle)  # what is given back is given back by then
        step.memory = list(zip(before, highest, workers_memory(master), strict=False))


def large_head_step(port: int, path: str, args: argparse.Namespace, addresses: int) -> Step:
    """The cheap GETs while ``args.heads`` connections from ``addresses`` addresses
    send their large heads, and the workers' memory meanwhile."""
    plural = "es" if addresses > 1 else ""
    step = Step(f"{args.heads} large heads, {addresses} address{plural}")
    what = f"the {args.heads} large heads"
    with (
        memory_watched(port, step, args.settle),
        in_process(large_heads, (port, args.heads, addresses), what, 0.5) as report,
    ):
        cheap_gets(port, path, step, args.requests, args.patience)
    step.ended = report()
    return step


def cheap_gets(port: int, path: str, step: Step, requests: int, patience: float) -> None:
    """``requests`` GETs one after the other, each on a new connection; the CPU the
    server's workers used meanwhile is added to ``step.cpu``."""
    master = server_of(port)
    used = workers_cpu(master)
    try:
        _cheap_gets(port, path, step, requests, patience)
    finally:
        step.cpu += workers_cpu(master) - used


def _cheap_gets(port: int, path: str, step: Step, requests: int, patience: float) -> None:
    for _ in range(requests):
        started = time.perf_counter_ns()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=patience)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                step.failed.append(f"{response.status}")
            step.times.append(time.perf_counter_ns() - started)
        except TimeoutError:
            step.unanswered += 1
            if step.unanswered >= 3:
                return
        except OSError as error:
            step.failed.append(repr(error))
        finally:
            connection.close()


def print_steps(name: str, steps: list[Step]) -> None:
    print(f"\n{name}: GET /api/v1/games/<id>, a new connection each, ms")
    print(
        f"  {'while':<34} {'p50':>7} {'p99':>7} {'worst':>7} {'over 1 s':>9} "
        f"{'CPU a GET':>10}  answered"
    )
    for step in steps:
        over = sum(t > 1e9 for t in step.times)
        asked = len(step.times) + step.unanswered + len(step.failed)
        cpu = f"{step.cpu / len(step.times) * 1000:.2f}" if step.times else "-"
        line = (
            f"  {step.name:<34} {step.ms(0.5):>7} {step.ms(0.99):>7} {step.ms(1.0):>7} "
            f"{over:>9} {cpu:>10}  {len(step.times)} of {asked}"
        )
        if step.unanswered:
            line += f" ({step.unanswered} not within the patience)"
        if step.failed:
            line += f"; failed: {', '.join(sorted(set(step.failed)))}"
        if step.closed_by_server:
            line += f"; the server closed {step.closed_by_server} slow connections"
        print(line)
    for step in steps:
        if step.memory:
            ended = ", ".join(f"{n} {how}" for how, n in sorted(step.ended.items()))
            sizes = "; ".join(f"{a:.1f} / {b:.1f} / {c:.1f}" for a, b, c in step.memory)
            print(f"  {step.name}: ended {ended}")
            print(f"    the workers' memory, MB before / at most / after: {sizes}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--slow", type=int, default=200, help="slow connections (200)")
    parser.add_argument("--requests", type=int, default=500, help="GETs timed a step (500)")
    parser.add_argument(
        "--interval", type=float, default=1.0, help="seconds between a slow client's sends (1)"
    )
    parser.add_argument(
        "--patience", type=float, default=10.0, help="seconds a GET may wait for its answer"
    )
    parser.add_argument(
        "--slow-addresses",
        type=int,
        default=20,
        help="loopback addresses the slow connections come from (20)",
    )
    parser.add_argument(
        "--heads", type=int, default=2000, help="connections sending large heads (2000; 0: none)"
    )
    parser.add_argument(
        "--head-addresses",
        default="1,20",
        help="a step of large heads from each of these many addresses (1,20)",
    )
    parser.add_argument(
        "--settle", type=float, default=2.0, help="seconds before the memory after is read (2)"
    )
    parser.add_argument("--sqlite-only", action="store_true", help="leave PostgreSQL out")
    parser.add_argument(
        "--gunicorn", action="append", default=[], help="an argument more for gunicorn"
    )
    args = parser.parse_args(argv)

    print("Rummy Referee: slow clients")
    print("\n".join(machine_lines()))
    print(f"Load now: {' '.join(Path('/proc/loadavg').read_text().split()[:3])} (1, 5, 15 min)")
    databases = chosen_databases(args.sqlite_only)
    print(
        f"Server:   gunicorn, {SERVING['workers']} workers x {SERVING['threads']} threads "
        f"({SERVING['worker_class']}), keep-alive {KEEP_ALIVE:g} s (gunicorn.conf.py, as "
        "make run)" + (f", and {' '.join(args.gunicorn)}" if args.gunicorn else "")
    )
    print(
        f"Slow:     {args.slow} connections sending headers a line, then a body a byte, "
        f"every {args.interval:g} s, from {args.slow_addresses} addresses; the GETs' "
        f"patience {args.patience:g} s"
    )
    if args.heads:
        print(
            f"Heads:    {args.heads} connections sending {MOST_LINES} header lines of "
            f"{LARGE_LINE:,} bytes ({MOST_LINES * LARGE_LINE / 1024:.0f} KB), never ended, "
            f"from {args.head_addresses} addresses"
        )

    failed = False
    with tempfile.TemporaryDirectory(prefix="referee-slow-") as folder:
        for name, database in databases:
            with (
                database() as uri,
                served(
                    "referee:create_app()", uri, Path(folder), KEEP_ALIVE, args.gunicorn, name
                ) as (port, log),
            ):
                path = new_game(port)
                cheap_gets(port, path, Step("warm-up"), 50, args.patience)
                steps = [Step("no other client")]
                cheap_gets(port, path, steps[0], args.requests, args.patience)
                for kind in ("headers", "bodies") if args.slow else ():
                    step = Step(f"{args.slow} slow connections ({kind})")
                    slow = (args.slow, kind, args.interval, args.slow_addresses)
                    with slow_clients(port, *slow, step):
                        cheap_gets(port, path, step, args.requests, args.patience)
                    steps.append(step)
                if args.heads:
                    for addresses in (int(n) for n in args.head_addresses.split(",")):
                        steps.append(large_head_step(port, path, args, addresses))
                print_steps(name, steps)
                errors = tracebacks([log])
                if errors:
                    print(f"  the server logged {errors} tracebacks: see {log}")
                failed |= bool(errors) or any(s.unanswered or s.failed for s in steps)
    print(
        "\nVerdict:  " + ("FAILED: a request unanswered or failed" if failed else "all answered")
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
