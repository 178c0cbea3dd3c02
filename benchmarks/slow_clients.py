"""Slow clients against the real server: a cheap GET's p99 with none, and with 200.

Run from the project root::

    .venv/bin/python benchmarks/slow_clients.py                 # 200 slow connections
    .venv/bin/python benchmarks/slow_clients.py --slow 1000
    .venv/bin/python benchmarks/slow_clients.py --gunicorn=--worker-class=gthread

For each database (a SQLite file; a PostgreSQL schema of its own on
``$TEST_DATABASE_URL``, else the local server, when it answers) it starts gunicorn
as ``make run`` does (gunicorn.conf.py), on loopback, makes a game, and times a
normal client's cheap GET (``GET /api/v1/games/<id>``, each on a new connection,
as a phone back on the Wi-Fi opens one) three times, ``--requests`` each:

- with no other client;
- while ``--slow`` connections send a request's headers a line at a time, one
  line every ``--interval`` seconds (they never finish);
- while as many send a body a byte at a time (a ``POST`` of a 60,000-byte body,
  under the 64 KB limit, one byte every ``--interval`` seconds).

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
import time
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


@dataclass
class Step:
    name: str
    times: list[int] = field(default_factory=list)  # ns of each answered request
    unanswered: int = 0
    failed: list[str] = field(default_factory=list)  # any answer but a 200
    closed_by_server: int | None = None  # slow connections the server closed meanwhile
    cpu: float = 0.0  # seconds the server's workers used meanwhile (user and system)

    def ms(self, q: float) -> str:
        if not self.times:
            return "-"
        return f"{percentile(sorted(self.times), q) / 1e6:.1f}"


# --- The slow clients, in a process of their own --------------------------------------


def slow_requests(
    port: int, count: int, kind: str, interval: float, ready: Any, stop: Any, report: Any
) -> None:
    """Open ``count`` connections that send a request slowly until ``stop`` is set;
    set ``ready`` once every one is open and sending; put on ``report`` how many
    the server closed."""

    async def one(number: int, opened: list[int], closed: list[int]) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
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


@contextmanager
def slow_clients(port: int, count: int, kind: str, interval: float, step: Step) -> Any:
    context = multiprocessing.get_context("spawn")
    ready, stop, report = context.Event(), context.Event(), context.Queue()
    process = context.Process(
        target=slow_requests, args=(port, count, kind, interval, ready, stop, report)
    )
    process.start()
    try:
        if not ready.wait(60):
            raise RuntimeError(f"the {count} slow connections did not all open")
        yield
    finally:
        stop.set()
        step.closed_by_server = report.get(timeout=60 + interval)
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
        f"every {args.interval:g} s; the GETs' patience {args.patience:g} s"
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
                for kind in ("headers", "bodies"):
                    step = Step(f"{args.slow} slow connections ({kind})")
                    with slow_clients(port, args.slow, kind, args.interval, step):
                        cheap_gets(port, path, step, args.requests, args.patience)
                    steps.append(step)
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
