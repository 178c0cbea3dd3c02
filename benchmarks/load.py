"""A room full of tables: the app under its real server, many phones on many games.

Run from the project root::

    .venv/bin/python benchmarks/load.py             # 200, 1,000, 2,000 phones, 30 s each
    .venv/bin/python benchmarks/load.py --quick     # 40 phones for 15 s
    .venv/bin/python benchmarks/load.py --servers 2 # two app servers on one database

For each database (a SQLite file; a PostgreSQL schema of its own on
``$TEST_DATABASE_URL``, else the local server, when it answers) it starts gunicorn
as ``make run`` does (gunicorn.conf.py), on loopback, and for each step of
``--phones`` drives tables of 4 phones each:

- three phones per table open the sheet's page once (a browser's first visit: it
  gets the session cookie) and then follow it as the page does: ``GET /games/<id>``
  every 3 s with ``HX-Request``, the cookie, ``Accept-Encoding`` and the ETag they
  last got in ``If-None-Match`` (an unchanged sheet is a 304);
- the fourth phone keeps the score: it follows the game through the API
  (``GET /api/v1/games/<id>`` with ``If-None-Match``, every 3 s) and every 20 s
  records the next deal with ``X-Edit-Key``, ``If-Match`` (the ETag it holds) and
  an ``Idempotency-Key``; one deal in ten is sent twice with the same key, as a
  double tap or a retry would (with ``--servers 2``, the retry goes to the other
  server); after a game's 5 deals it starts a new game (with an
  ``Idempotency-Key`` too).

The phones run in processes of their own (``--clients``; asyncio, one connection
a phone, kept alive as a browser keeps it), apart from the server, and each
reports the CPU it used, so a reader can tell the server's figures from the
client's. Each phone starts at a random moment of its first period, as people sit
down at different times.

With ``--servers 2`` two gunicorns (two ports, as two hosts would be) serve one
database and every table is spread over both: its scorer on one, its followers on
either, a doubled deal's second send on the other one.

Before the steps, the floor: a bare Flask route answering 304
(``benchmarks/floor.py``) and the sheet's unchanged poll are each asked as fast as
the client processes can, with the same headers and the same gunicorn settings,
and the poll's rate is printed as a ratio of the floor's.

At the end of a step every game is read back and recounted: its deals must be
exactly those the scorer was answered 201 for, each once, and its totals the sums
of the points the scorer sent. It prints requests a second, p50/p99 latency by
kind of request, the statuses, errors (any answer not expected, any failed
connection: they must be 0) and the recount. It never fails on a timing; it exits
1 if there was an error or a recount does not tally.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import http.client
import json
import multiprocessing
import os
import random
import re
import runpy
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import brotli
from games import DEALS, PLAYERS, TEAMS, chosen_databases, deal_body  # the same deals
from rules import machine_lines, percentile

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
#: How make run's gunicorn is set up; the servers here read the same file.
SERVING = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
#: Connections idle longer than this are closed by gunicorn.
KEEP_ALIVE = float(SERVING["keepalive"])
PHONES_A_TABLE = 4
#: What a phone's browser sends with every request.
BROWSER = {"Host": "127.0.0.1", "Accept-Encoding": "gzip, deflate, br"}
KINDS = ("open page", "poll page", "poll api", "deal", "create", "open stream")
#: How the followers follow: asking every 3 s, or told by the game's stream.
FOLLOWS = ("poll", "stream")
#: A phone following by stream still asks this often, as the page does (SHEET_POLL_SECONDS).
SLOW_POLL = 30.0


@dataclass(frozen=True)
class Scale:
    tables: int
    seconds: float
    poll: float  # every phone asks for the sheet this often
    deal_every: float  # the scorer records a deal this often
    keep_alive: float = KEEP_ALIVE  # gunicorn closes a connection idle this long
    #: The phones sit down over this many seconds first (each table's at a random
    #: moment of it): its requests are counted, their times are not (a warm-up).
    ramp: float = 0.0
    follow: str = "poll"  # FOLLOWS

    @property
    def phones(self) -> int:
        return self.tables * PHONES_A_TABLE


def scale_of(
    phones: int, seconds: float, deal_every: float, keep_alive: float, ramp: float, follow: str
) -> Scale:
    tables = max(1, phones // PHONES_A_TABLE)
    return Scale(tables, seconds, 3.0, deal_every, keep_alive, ramp, follow)


# --- The servers --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(
    app: str, database_uri: str, folder: Path, keep_alive: float, extra: list[str], name: str
) -> Iterator[tuple[int, Path]]:
    """gunicorn as ``make run`` starts it (gunicorn.conf.py, read from the project),
    serving ``app`` on a free loopback port; its port and its log's path."""
    port = free_port()
    log_path = folder / f"gunicorn-{name}.log"
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
                *("--keep-alive", f"{keep_alive:g}", *extra, app),
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
        connection.request("GET", "/games/-")  # the referee's 404 page, the floor's 200
        ok = connection.getresponse().status in (200, 404)
        connection.close()
        return ok
    except OSError:
        return False


def tracebacks(logs: list[Path]) -> int:
    return sum(path.read_text(errors="replace").count("Traceback") for path in logs)


# --- A phone's connection (asyncio, HTTP/1.1 kept alive) ----------------------------


class Figures:
    """What the phones of one client process saw."""

    def __init__(self, timed_from: float = 0.0) -> None:
        self.timed_from = timed_from  # (monotonic) requests before it are not timed
        self.latencies: dict[str, list[int]] = defaultdict(list)
        self.statuses: Counter[str] = Counter()  # "kind status"
        self.errors: list[str] = []
        self.reconnects = 0
        #: From a deal sent by the scorer to a follower told of it by its stream, and
        #: to the follower's sheet drawn with it (ns; each deal once a follower).
        self.told: list[int] = []
        self.drawn: list[int] = []
        self.streams = 0  # streams opened

    def add(self, kind: str, status: int, ns: int) -> None:
        if kind == "open page" or time.monotonic() >= self.timed_from:
            self.latencies[kind].append(ns)
        self.statuses[f"{kind} {status}"] += 1


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        """The body as JSON, uncompressed as a browser would."""
        coding = self.headers.get("content-encoding", "")
        body = self.body
        if coding == "br":
            body = brotli.decompress(body)
        elif coding == "gzip":
            body = gzip.decompress(body)
        return json.loads(body)


class Phone:
    """One HTTP/1.1 connection to one server, kept alive as a browser keeps it,
    reopened when the server has closed it for idling."""

    def __init__(self, port: int, figures: Figures, keep_alive: float) -> None:
        self.port = port
        self.figures = figures
        self.keep_alive = keep_alive
        self.cookie = ""
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.last_used = 0.0

    async def request(
        self,
        kind: str,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        expect: tuple[int, ...] = (200,),
    ) -> Answer | None:
        """Send it; time it; None (an error noted) if the answer is not expected."""
        payload = b"" if body is None else json.dumps(body).encode()
        sent = BROWSER | (headers or {})
        if self.cookie:
            sent["Cookie"] = self.cookie
        if body is not None:
            sent |= {"Content-Type": "application/json", "Content-Length": str(len(payload))}
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items())
        began = time.perf_counter_ns()
        try:
            if self.streams is None or time.monotonic() - self.last_used > self.keep_alive * 0.75:
                await self._reconnect()
            assert self.streams is not None
            reader, writer = self.streams
            writer.write(head.encode("latin-1") + b"\r\n" + payload)
            answer = await asyncio.wait_for(read_answer(reader), 60)
        except (OSError, EOFError, asyncio.IncompleteReadError, TimeoutError, ValueError) as error:
            self.figures.errors.append(f"{method} {path}: {type(error).__name__}: {error}")
            self._drop()
            return None
        took = time.perf_counter_ns() - began
        self.last_used = time.monotonic()
        if answer.headers.get("connection", "").lower() == "close":
            self._drop()
        if "set-cookie" in answer.headers:
            self.cookie = answer.headers["set-cookie"].split(";", 1)[0]
        self.figures.add(kind, answer.status, took)
        if answer.status not in expect:
            self.figures.errors.append(f"{method} {path} -> {answer.status} {answer.body[:200]!r}")
            return None
        return answer

    async def _reconnect(self) -> None:
        self._drop()
        self.streams = await asyncio.open_connection("127.0.0.1", self.port)
        if self.last_used:
            self.figures.reconnects += 1

    def _drop(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
        self.streams = None


async def read_answer(reader: asyncio.StreamReader) -> Answer:
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    status = int(head[0].split(" ", 2)[1])
    headers = {}
    for line in head[1:]:
        if line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            body += await reader.readexactly(size)
            await reader.readexactly(2)
        await reader.readuntil(b"\r\n")
    else:
        body = await reader.readexactly(int(headers.get("content-length", 0)))
    return Answer(status, headers, body)


def version_of(etag: str) -> int:
    """The game's version an ETag names: "v3", "v3:br", "sheet-v3-fragment-follower"."""
    found = re.search(r"v(\d+)", etag)
    return int(found[1]) if found else 0


class EventStream:
    """A game's stream on a connection of its own: each ``changed`` event's arrival
    (perf_counter ns) queued as it comes, read from the chunked answer by a task."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.events: asyncio.Queue[int] = asyncio.Queue()
        self.ended = False
        self.task = asyncio.ensure_future(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        pending = b""
        try:
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                pending += await reader.readexactly(size)
                await reader.readexactly(2)
                while b"\n\n" in pending:
                    block, pending = pending.split(b"\n\n", 1)
                    if b"event: changed" in block:
                        self.events.put_nowait(time.perf_counter_ns())
        except (OSError, asyncio.IncompleteReadError, ValueError):
            pass
        self.ended = True
        self.events.put_nowait(0)  # wakes the reader of events

    async def next_event(self, timeout: float) -> int | None:
        """When the next event came (ns), waiting up to ``timeout`` s; None if none."""
        try:
            told = await asyncio.wait_for(self.events.get(), timeout)
        except TimeoutError:
            return None
        return told or None

    def close(self) -> None:
        self.task.cancel()
        self.writer.close()


async def open_stream(phone: Phone, path: str) -> EventStream | None:
    """Open the stream at ``path`` as a browser's EventSource does (the phone's
    cookie, a connection of its own), timed to its head; None (an error noted) if
    it is not opened."""
    sent = BROWSER | {"Accept": "text/event-stream", "Cookie": phone.cookie}
    head = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items())
    began = time.perf_counter_ns()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", phone.port)
        writer.write(head.encode("latin-1") + b"\r\n")
        lines = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)).split(b"\r\n")
    except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
        phone.figures.errors.append(f"GET {path}: {type(error).__name__}: {error}")
        return None
    status = int(lines[0].split(b" ", 2)[1])
    phone.figures.add("open stream", status, time.perf_counter_ns() - began)
    if status != 200:
        phone.figures.errors.append(f"GET {path} -> {status}")
        writer.close()
        return None
    phone.figures.streams += 1
    return EventStream(reader, writer)


# --- A table ------------------------------------------------------------------------


@dataclass
class Played:
    """A game as its scorer knows it: the deals answered 201 and the totals it expects."""

    id: str
    deals: int = 0
    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))


class Table:
    """Four phones round one game after another: a scorer and three followers,
    spread over the servers."""

    def __init__(
        self, number: int, ports: list[int], figures: Figures, scale: Scale, seed: int
    ) -> None:
        self.number = number
        self.ports = ports
        self.figures = figures
        self.scale = scale
        self.rng = random.Random(seed * 1_000 + number)
        self.played: list[Played] = []
        self.current: Played | None = None  # the game the followers follow
        self.key = ""
        self.etag = ""
        self.sits_down = self.rng.uniform(0, scale.ramp)  # seconds after the start
        #: When the scorer sent each deal (monotonic ns), by (game, version it makes).
        self.sent_at: dict[tuple[str, int], int] = {}
        self.new_game_started = asyncio.Event()  # the followers go to the next game

    def port(self, seat: int) -> int:
        return self.ports[(self.number + seat) % len(self.ports)]

    # The scorer ----------------------------------------------------------------

    async def new_game(self, phone: Phone) -> bool:
        body = {"variant": "push", "players": list(PLAYERS)}
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        answer = await phone.request("create", "POST", "/api/v1/games", body, headers, (201,))
        if answer is None:
            return False
        game = answer.json()
        self.key, self.etag = game["edit_key"], answer.headers["etag"]
        self.current = Played(game["id"])
        self.played.append(self.current)
        self.new_game_started.set()
        self.new_game_started = asyncio.Event()
        return True

    async def record_deal(self, phones: list[Phone]) -> None:
        game = self.current
        assert game is not None
        body, scores = deal_body(self.rng, game.deals + 1, with_hands=True)
        headers = {
            "X-Edit-Key": self.key,
            "If-Match": self.etag,
            "Idempotency-Key": str(uuid.uuid4()),
        }
        path = f"/api/v1/games/{game.id}/deals"
        self.sent_at[(game.id, version_of(self.etag) + 1)] = time.perf_counter_ns()
        sends = 2 if self.rng.random() < 0.1 else 1  # a double tap, or a retry
        for send in range(sends):
            # A retry lands on the other server, when there are two.
            phone = phones[send % len(phones)]
            answer = await phone.request("deal", "POST", path, body, headers, (201,))
            if answer is None:
                return
            self.etag = answer.headers["etag"]
        game.deals += 1
        for team, points in scores.items():
            game.totals[team] += points

    async def follow_api(self, phone: Phone) -> None:
        game = self.current
        assert game is not None
        answer = await phone.request(
            "poll api",
            "GET",
            f"/api/v1/games/{game.id}",
            headers={"If-None-Match": self.etag},
            expect=(200, 304),
        )
        if answer is not None and answer.status == 200:
            self.etag = answer.headers["etag"]

    async def score(self, stop: float) -> None:
        await asyncio.sleep(self.sits_down)
        keep_alive = self.scale.keep_alive
        phones = [Phone(self.port(0), self.figures, keep_alive)]
        if len(self.ports) > 1:
            phones.append(Phone(self.port(1), self.figures, keep_alive))
        if not await self.new_game(phones[0]):
            return
        # The scorer follows through the API: every 3 s, or as slowly as a page with
        # a stream (it knows its own writes; the API's stream is the followers').
        every = self.scale.poll if self.scale.follow == "poll" else SLOW_POLL
        next_poll = time.monotonic() + self.rng.uniform(0, every)
        next_deal = time.monotonic() + self.rng.uniform(0, self.scale.deal_every)
        while True:
            now = time.monotonic()
            wake = min(next_poll, next_deal)
            if wake >= stop:
                break
            if wake > now:
                await asyncio.sleep(wake - now)  # a phone waits for its next poll or deal
            if next_deal <= next_poll:
                assert self.current is not None
                if self.current.deals == DEALS and not await self.new_game(phones[0]):
                    break
                await self.record_deal(phones)
                next_deal += self.scale.deal_every
            else:
                await self.follow_api(phones[0])
                next_poll += every
        for phone in phones:
            phone._drop()

    # A follower ----------------------------------------------------------------

    async def follow(self, stop: float, seat: int, seed: int) -> None:
        phone = Phone(self.port(seat), self.figures, self.scale.keep_alive)
        rng = random.Random(seed)
        tags: dict[str, str] = {}
        sat_down = 0  # when it opened the page: the deals it counts were sent after
        await asyncio.sleep(self.sits_down)
        next_poll = time.monotonic() + rng.uniform(0, self.scale.poll)
        while next_poll < stop:
            await asyncio.sleep(max(0.0, next_poll - time.monotonic()))
            next_poll += self.scale.poll
            game = self.current
            if game is None:
                continue  # the scorer has not started the game yet
            path = f"/games/{game.id}"
            if not phone.cookie:  # the first visit: the whole page, and the cookie
                sat_down = time.perf_counter_ns()
                await phone.request("open page", "GET", path)
                continue
            headers = {"HX-Request": "true"}
            if game.id in tags:
                headers["If-None-Match"] = tags[game.id]
            answer = await phone.request("poll page", "GET", path, None, headers, (200, 304))
            if answer is not None:
                tags[game.id] = answer.headers["etag"]
                self.drawn(game.id, answer, since=sat_down)
        phone._drop()

    def drawn(self, game_id: str, answer: Answer, told: int | None = None, since: int = 0) -> None:
        """A follower's sheet answered: if it is drawn with a deal the scorer sent
        after the follower sat down (``since``, when it opened the page), how long
        after the send (and when the stream told of it). A deal sent before is not
        counted: the follower was not there to be told of it."""
        sent = self.sent_at.get((game_id, version_of(answer.headers.get("etag", ""))))
        if sent is None or sent < since or answer.status != 200:
            return
        now = time.perf_counter_ns()
        if time.monotonic() >= self.figures.timed_from:
            self.figures.drawn.append(now - sent)
            if told is not None:
                self.figures.told.append(max(0, told - sent))

    async def follow_stream(self, stop: float, seat: int, seed: int) -> None:
        """A follower as the page follows with its stream: the page once, then the
        game's stream; on each event the sheet asked for (If-None-Match), and every
        ``SLOW_POLL`` s in any case; the next game's stream when the table starts one."""
        phone = Phone(self.port(seat), self.figures, self.scale.keep_alive)
        rng = random.Random(seed)
        tag = ""
        sat_down = 0  # when it opened the page: the deals it counts were sent after
        await asyncio.sleep(self.sits_down + rng.uniform(0, 1))
        while time.monotonic() < stop:
            game = self.current
            if game is None:
                await asyncio.sleep(0.5)  # the scorer has not started the game yet
                continue
            path = f"/games/{game.id}"
            if not phone.cookie:  # the first visit: the whole page, and the cookie
                sat_down = time.perf_counter_ns()
                answer = await phone.request("open page", "GET", path)
                tag = "" if answer is None else answer.headers.get("etag", "")
            stream = await open_stream(phone, f"{path}/events?seen={version_of(tag)}")
            if stream is None:
                await asyncio.sleep(1.0)
                continue
            changed = self.new_game_started
            next_poll = time.monotonic() + rng.uniform(0, SLOW_POLL)
            try:
                while time.monotonic() < stop and not changed.is_set() and not stream.ended:
                    wait = min(stop, next_poll) - time.monotonic()
                    told = await stream.next_event(max(0.0, min(wait, 1.0)))
                    if told is None and time.monotonic() < next_poll:
                        continue
                    next_poll = time.monotonic() + SLOW_POLL
                    headers = {"HX-Request": "true", "If-None-Match": tag}
                    answer = await phone.request(
                        "poll page", "GET", path, None, headers, (200, 304)
                    )
                    if answer is not None:
                        tag = answer.headers["etag"]
                        self.drawn(game.id, answer, told, since=sat_down)
            finally:
                stream.close()
        phone._drop()


# --- A client process ---------------------------------------------------------------


def cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def client(
    numbers: list[int], ports: list[int], scale: Scale, seed: int, start: float, out: Any
) -> None:
    """One client process: its tables' phones, on one event loop; what they saw and
    the CPU the process used are sent back as JSON."""
    figures = Figures()
    tables = [Table(n, ports, figures, scale, seed) for n in numbers]
    began = cpu_seconds()

    async def run() -> None:
        delay = start - time.time()
        await asyncio.sleep(max(0.0, delay))
        figures.timed_from = time.monotonic() + scale.ramp
        stop = time.monotonic() + scale.ramp + scale.seconds
        jobs = []
        for table in tables:
            jobs.append(table.score(stop))
            follow = table.follow if scale.follow == "poll" else table.follow_stream
            for seat in range(1, PHONES_A_TABLE):
                jobs.append(follow(stop, seat, seed + 100 * table.number + seat))
        for done in await asyncio.gather(*jobs, return_exceptions=True):
            if isinstance(done, BaseException):
                figures.errors.append(f"a phone stopped: {type(done).__name__}: {done}")

    asyncio.run(run())
    out.send(
        {
            "latencies": figures.latencies,
            "statuses": figures.statuses,
            "errors": figures.errors,
            "reconnects": figures.reconnects,
            "told": figures.told,
            "drawn": figures.drawn,
            "streams": figures.streams,
            "cpu": cpu_seconds() - began,
            "played": [[(p.id, p.deals, p.totals) for p in t.played] for t in tables],
        }
    )
    out.close()


def hammer(
    port: int, path: str, headers: dict[str, str], connections: int, seconds: float, out: Any
) -> None:
    """As fast as it can: ``connections`` connections each asking ``path`` again as
    soon as answered; the count of 304s, anything else, and the CPU used."""
    counts: Counter[int] = Counter()
    began = cpu_seconds()

    async def one(stop: float) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        request = f"GET {path} HTTP/1.1\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in (BROWSER | headers).items()
        )
        data = request.encode("latin-1") + b"\r\n"
        while time.monotonic() < stop:
            writer.write(data)
            counts[(await read_answer(reader)).status] += 1
        writer.close()

    async def run() -> None:
        stop = time.monotonic() + seconds
        await asyncio.gather(*(one(stop) for _ in range(connections)))

    asyncio.run(run())
    out.send({"counts": dict(counts), "cpu": cpu_seconds() - began})
    out.close()


def in_processes(target: Any, jobs: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Run ``target(*job, pipe)`` in a process each (spawned: no threads or sockets
    of this one inherited); their answers."""
    context = multiprocessing.get_context("spawn")
    processes, pipes = [], []
    for job in jobs:
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=target, args=(*job, send), daemon=True)
        process.start()
        send.close()
        processes.append(process)
        pipes.append(receive)
    try:
        answers = [pipe.recv() for pipe in pipes]
        for process in processes:
            process.join()
    finally:  # interrupted (Ctrl-C, SIGINT): no client process is left behind
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join()
    return answers


# --- A step -------------------------------------------------------------------------


@dataclass
class Run:
    name: str
    scale: Scale
    servers: int
    wall: float = 0.0
    latencies: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    client_cpu: float = 0.0  # CPU seconds of the client processes
    games: int = 0
    deals: int = 0
    recount_errors: list[str] = field(default_factory=list)
    server_errors: int = 0
    busy: float = 0.0  # share of the machine's CPU time used while the phones ran
    server_cpu: float = 0.0  # CPU seconds of the servers' processes, ramp included
    stolen: float = 0.0  # share taken by the virtual machine's host (steal)
    told: list[int] = field(default_factory=list)  # deal sent -> follower told (ns)
    drawn: list[int] = field(default_factory=list)  # deal sent -> follower's sheet drawn
    streams: int = 0


def cpu_times() -> list[int]:
    """The machine's CPU time so far by kind (/proc/stat: user, nice, system, idle,
    iowait, irq, softirq, steal), or [] where there is no /proc."""
    try:
        return [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    except (OSError, ValueError):
        return []


def server_cpu(ports: list[int]) -> float:
    """The CPU seconds used so far by the gunicorns serving ``ports`` (master and
    workers, found by the address they bind): on a machine busy with other work the
    server's CPU a request is the figure that holds, where latencies do not."""
    binds = {f"127.0.0.1:{port}".encode() for port in ports}
    ticks = os.sysconf("SC_CLK_TCK")
    used = 0.0
    for process in Path("/proc").iterdir():
        if not process.name.isdigit():
            continue
        try:
            if not binds & set((process / "cmdline").read_bytes().split(b"\0")):
                continue
            fields = (process / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        used += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return used


def cpu_shares(before: list[int], after: list[int]) -> tuple[float, float]:
    """Of the CPU time between two readings: the share used, and the share stolen by
    the host of a virtual machine (when high, every latency here is inflated)."""
    if len(before) < 8 or len(after) < 8:
        return 0.0, 0.0
    spent = [b - a for a, b in zip(before, after, strict=True)]
    total = sum(spent) or 1
    idle = spent[3] + spent[4]
    return (total - idle - spent[7]) / total, spent[7] / total


def drive(name: str, ports: list[int], scale: Scale, seed: int, clients: int) -> Run:
    run = Run(name, scale, len(ports))
    shares = [list(range(n, scale.tables, clients)) for n in range(min(clients, scale.tables))]
    start = time.time() + 2  # every client process begins at once, once started
    before, served_before = cpu_times(), server_cpu(ports)
    began = time.monotonic()
    answers = in_processes(client, [(share, ports, scale, seed, start) for share in shares])
    run.wall = time.monotonic() - began - 2 - scale.ramp
    run.busy, run.stolen = cpu_shares(before, cpu_times())
    run.server_cpu = server_cpu(ports) - served_before
    played: list[Played] = []
    for answer in answers:
        for kind, times in answer["latencies"].items():
            run.latencies[kind].extend(times)
        run.statuses.update(answer["statuses"])
        run.errors.extend(answer["errors"])
        run.reconnects += answer["reconnects"]
        run.told.extend(answer["told"])
        run.drawn.extend(answer["drawn"])
        run.streams += answer["streams"]
        run.client_cpu += answer["cpu"]
        for table in answer["played"]:
            played.extend(Played(id, deals, totals) for id, deals, totals in table)
    recount(run, ports, played)
    return run


def recount(run: Run, ports: list[int], played: list[Played]) -> None:
    """Every game read back, from every server, against what its scorer was answered
    and sent."""
    for port in ports:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for game in played:
            run.games += port == ports[0]
            run.deals += game.deals if port == ports[0] else 0
            connection.request("GET", f"/api/v1/games/{game.id}")
            response = connection.getresponse()
            data = response.read()
            if response.status != 200:
                run.recount_errors.append(f"game {game.id} could not be read back")
                continue
            answer = json.loads(data)
            numbers = [deal["deal"] for deal in answer["deals"]]
            if numbers != list(range(1, game.deals + 1)):
                run.recount_errors.append(
                    f"game {game.id}: deals {numbers}, the scorer was answered 201 for "
                    f"{game.deals}"
                )
            if answer["totals"] != game.totals:
                run.recount_errors.append(
                    f"game {game.id}: totals {answer['totals']}, sent {game.totals}"
                )
        connection.close()


# --- The floor ----------------------------------------------------------------------


@dataclass
class Floor:
    name: str
    rate: float  # answers a second
    others: int  # answers that were not 304
    client_cpu: float  # share of the machine's CPU the client processes used
    busy: float
    server_cpu: float = 0.0  # CPU seconds of the server's processes


def rate_of(name: str, port: int, path: str, headers: dict[str, str], seconds: float) -> Floor:
    """How many 304s a second ``path`` is answered with, asked as fast as two client
    processes of 8 connections each can."""
    cores = os.cpu_count() or 1
    before, served_before = cpu_times(), server_cpu([port])
    answers = in_processes(hammer, [(port, path, headers, 8, seconds)] * 2)
    busy, _ = cpu_shares(before, cpu_times())
    served = server_cpu([port]) - served_before
    counts: Counter[int] = Counter()
    for answer in answers:
        counts.update({int(status): n for status, n in answer["counts"].items()})
    client_cpu = sum(answer["cpu"] for answer in answers) / (seconds * cores)
    others = sum(n for status, n in counts.items() if status != 304)
    return Floor(name, counts[304] / seconds, others, client_cpu, busy, served)


def sheet_poll(port: int) -> tuple[str, dict[str, str]]:
    """A game, and what a phone following its sheet sends: its cookie and ETag."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = json.dumps({"variant": "push", "players": list(PLAYERS)})
    connection.request("POST", "/api/v1/games", body, {"Content-Type": "application/json"})
    game = json.loads(connection.getresponse().read())
    path = f"/games/{game['id']}"
    connection.request("GET", path, headers=BROWSER)
    response = connection.getresponse()
    response.read()
    cookie = (response.getheader("Set-Cookie") or "").split(";", 1)[0]
    headers = {"HX-Request": "true", "Cookie": cookie}
    connection.request("GET", path, headers=BROWSER | headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return path, headers | {"If-None-Match": response.getheader("ETag") or ""}


def floor_headers(headers: dict[str, str]) -> dict[str, str]:
    """The phone's headers, its If-None-Match naming the floor's tag."""
    return headers | {"If-None-Match": '"sheet-v1-fragment-follower"'}


# --- What a stream costs the server ---------------------------------------------------


def workers_rss(log_path: Path) -> int:
    """The resident memory of a server's workers (bytes), found by the pids its log
    says it booted."""
    total = 0
    for pid in re.findall(r"Booting worker with pid: (\d+)", log_path.read_text()):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue  # a worker gone (replaced)
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(found[1]) * 1024 if found else 0
    return total


def hold_streams(port: int, path: str, count: int, pipe: Any) -> None:
    """Open ``count`` streams of ``path``, say so; then as many more, say so; hold
    them all until told."""

    async def run() -> None:
        opened = []
        for _ in range(2):
            for _ in range(count):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                await reader.readuntil(b"\r\n\r\n")
                opened.append(writer)
            pipe.send(len(opened))
            await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        for writer in opened:
            writer.close()

    asyncio.run(run())


def stream_memory(port: int, log_path: Path, count: int) -> tuple[int, int]:
    """What ``count`` more open streams of one game add to the workers' memory:
    (streams, bytes). The first ``count`` warm the allocators (what requests leave
    for reuse), so the second ``count`` are weighed alone."""
    path = sheet_poll(port)[0] + "/events"
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=hold_streams, args=(port, path, count, theirs), daemon=True)
    process.start()
    weighed = []
    try:
        for _ in range(2):
            weighed.append((ours.recv(), workers_rss_settled(log_path)))
            ours.send("go on")
        process.join(timeout=60)
    finally:
        if process.is_alive():
            process.terminate()
    (first, before), (second, after) = weighed
    return second - first, after - before


def workers_rss_settled(log_path: Path) -> int:
    time.sleep(1.0)  # the loop settles what the last streams made
    return workers_rss(log_path)


# --- Printing ---------------------------------------------------------------------------


def ms(ns: list[int], q: float) -> str:
    return f"{percentile(sorted(ns), q) / 1e6:.1f}"


def print_floor(floor: Floor, poll: Floor, seconds: float) -> None:
    print(
        f"  {floor.name}: {floor.rate:,.0f} 304s/s; {poll.name}: {poll.rate:,.0f} 304s/s; "
        f"the poll costs {floor.rate / max(poll.rate, 1):.2f}x the floor (aim: 1.5x at most)"
    )
    floor_us = floor.server_cpu / max(floor.rate * seconds, 1) * 1e6
    poll_us = poll.server_cpu / max(poll.rate * seconds, 1) * 1e6
    print(
        f"  the server's CPU a 304: floor {floor_us:,.0f} µs, poll {poll_us:,.0f} µs, "
        f"the poll {poll_us / max(floor_us, 1):.2f}x the floor (aim: 1.5x at most; "
        "the figure a busy machine keeps, where the rates follow what else runs)"
    )
    print(
        f"    (client processes used {floor.client_cpu:.0%} and {poll.client_cpu:.0%} of the "
        f"machine; machine busy {floor.busy:.0%} and {poll.busy:.0%}; "
        f"answers not 304: {floor.others + poll.others})"
    )


def print_run(run: Run) -> None:
    scale = run.scale
    every = [ns for kind in run.latencies.values() for ns in kind]
    requests = len(every)
    cores = os.cpu_count() or 1
    servers = f", {run.servers} servers" if run.servers > 1 else ""
    print(
        f"\n{run.name}: {scale.phones:,} phones ({scale.tables} tables){servers}, "
        f"following by {scale.follow}"
    )
    if not every:
        print("  no request was answered")
        every = [0]
    print(
        f"  requests: {requests:,} in {run.wall:.1f} s = {requests / run.wall:,.0f}/s; "
        f"p50 {ms(every, 0.5)} ms, p99 {ms(every, 0.99)} ms, max {max(every) / 1e6:.1f} ms"
    )
    answered = sum(run.statuses.values())  # the ramp's too, as server_cpu counts it
    print(
        f"  CPU: {run.busy:.0%} of the machine busy (server, database and phones), "
        f"the phones' processes {run.client_cpu / (run.wall * cores):.0%}, the server's "
        f"{run.server_cpu / max(answered, 1) * 1e3:.2f} ms a request; "
        f"{run.stolen:.0%} stolen by the host"
        + (": the latencies are inflated, measure again" if run.stolen > 0.05 else "")
    )
    print(f"  {'kind':<10} {'count':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  statuses")
    for kind in KINDS:
        times = run.latencies.get(kind, [])
        if not times:
            continue
        statuses = ", ".join(
            f"{key.rsplit(' ', 1)[1]}: {count:,}"
            for key, count in sorted(run.statuses.items())
            if key.rsplit(" ", 1)[0] == kind
        )
        print(
            f"  {kind:<10} {len(times):>7,} {ms(times, 0.5):>7} {ms(times, 0.99):>7} "
            f"{max(times) / 1e6:>7.1f}  {statuses}"
        )
    print(
        f"  connections reopened after gunicorn's {scale.keep_alive:g} s keep-alive: "
        f"{run.reconnects:,}"
    )
    if run.drawn:
        print(
            f"  a deal sent -> each follower's sheet drawn with it: p50 {ms(run.drawn, 0.5)} ms, "
            f"p99 {ms(run.drawn, 0.99)} ms, max {max(run.drawn) / 1e6:.1f} ms ({len(run.drawn):,})"
        )
    if run.told:
        print(
            f"  a deal sent -> each follower told by its stream: p50 {ms(run.told, 0.5)} ms, "
            f"p99 {ms(run.told, 0.99)} ms ({run.streams:,} streams opened)"
        )
    idle = requests / run.wall / scale.phones
    print(f"  requests a phone a second: {idle:.3f}")
    print(f"  errors: {len(run.errors)}; tracebacks in the server's log: {run.server_errors}")
    for error in run.errors[:10]:
        print(f"    {error}")
    tally = "tallies" if not run.recount_errors else f"{len(run.recount_errors)} differences"
    print(f"  recount: {run.games} games, {run.deals} deals, each once with its totals: {tally}")
    for difference in run.recount_errors[:10]:
        print(f"    {difference}")


def print_summary(runs: list[Run]) -> None:
    print("\nSummary: p50 / p99 ms by kind of request")
    columns = (*KINDS[1:4], "sent -> drawn")
    print(
        f"  {'database':<11} {'follow':<6} {'phones':>6} {'req/s':>6}  "
        + "  ".join(f"{k:>15}" for k in columns)
    )
    for run in runs:
        cells = []
        for kind in columns:
            times = (run.drawn if kind == "sent -> drawn" else run.latencies.get(kind)) or [0]
            cells.append(f"{ms(times, 0.5):>7} / {ms(times, 0.99):>5}")
        rate = sum(len(t) for t in run.latencies.values()) / max(run.wall, 1e-9)
        print(
            f"  {run.name:<11} {run.scale.follow:<6} {run.scale.phones:>6,} {rate:>6,.0f}  "
            + "  ".join(cells)
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 phones for 15 s a database")
    parser.add_argument(
        "--phones", help="steps of phones, comma-separated (default 200,1000,2000)"
    )
    parser.add_argument("--tables", type=int, help="one step of this many tables; no floor")
    parser.add_argument("--seconds", type=float, help="how long each step is driven")
    parser.add_argument("--deal-every", type=float, help="seconds between a table's deals")
    parser.add_argument(
        "--keep-alive", type=float, help="seconds gunicorn keeps an idle connection open"
    )
    parser.add_argument(
        "--ramp", type=float, help="seconds over which the phones sit down (untimed; 20)"
    )
    parser.add_argument("--servers", type=int, default=1, help="app servers on one database")
    parser.add_argument("--clients", type=int, help="client processes (default 1 a 500 phones)")
    parser.add_argument("--floor-seconds", type=float, default=5.0, help="0 leaves it out")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and timings")
    parser.add_argument("--sqlite-only", action="store_true", help="leave PostgreSQL out")
    parser.add_argument(
        "--follow",
        default="poll,stream",
        help="how the followers follow, each step once each way: poll (every 3 s), "
        "stream (the game's stream, and every 30 s); default poll,stream",
    )
    parser.add_argument(
        "--stream-memory",
        type=int,
        default=1000,
        help="streams held to weigh one (0: not; not with --tables)",
    )
    parser.add_argument(
        "--gunicorn", action="append", default=[], help="an argument more for gunicorn"
    )
    args = parser.parse_args(argv)
    seconds = args.seconds or (15.0 if args.quick else 30.0)
    follows = [f.strip() for f in args.follow.split(",") if f.strip()]
    if not set(follows) <= set(FOLLOWS):
        parser.error(f"--follow takes {', '.join(FOLLOWS)}")
    deal_every = args.deal_every or (5.0 if args.quick else 20.0)
    keep_alive = args.keep_alive or KEEP_ALIVE
    if args.tables:
        steps = [args.tables * PHONES_A_TABLE]
    elif args.phones:
        steps = [int(n.replace("_", "")) for n in args.phones.split(",")]
    else:
        steps = [40] if args.quick else [200, 1000, 2000]
    floor_seconds = 0.0 if args.tables else args.floor_seconds
    memory = 0 if args.tables else args.stream_memory  # streams weighed before the steps
    ramp = args.ramp if args.ramp is not None else (0.0 if args.tables or args.quick else 20.0)

    print("Rummy Referee: load benchmark" + (" (--quick)" if args.quick else ""))
    print("\n".join(machine_lines()))
    print(f"Load now: {' '.join(Path('/proc/loadavg').read_text().split()[:3])} (1, 5, 15 min)")
    databases = chosen_databases(args.sqlite_only)
    workers, threads = SERVING["workers"], SERVING["threads"]
    print(
        f"Server:   {args.servers} x gunicorn, {workers} workers x {threads} threads "
        f"({SERVING['worker_class']}), keep-alive {keep_alive:g} s (gunicorn.conf.py, "
        "as make run)"
        + (f", and {' '.join(args.gunicorn)}" if args.gunicorn else "")
        + "; on loopback"
    )
    print(
        f"Load:     {', '.join(f'{n:,}' for n in steps)} phones, sitting down over "
        f"{ramp:g} s (not timed, but for opening the page), then {seconds:g} s timed, in "
        "tables of 4:\n          every phone asks for the sheet every 3 s (If-None-Match), "
        f"or is told by its stream and asks then and every {SLOW_POLL:g} s "
        f"({', '.join(follows)}); "
        "one per table"
    )
    print(
        f"          records a deal every {deal_every:g} s (If-Match, Idempotency-Key; "
        "one in ten sent twice) and starts a new game after 5"
    )
    print(f"Seed:     {args.seed}")

    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="referee-load-") as folder:
        for name, database in databases:
            with database() as uri, ExitStack() as stack:
                servers = [
                    stack.enter_context(
                        served(
                            "referee:create_app()",
                            uri,
                            Path(folder),
                            keep_alive,
                            args.gunicorn,
                            f"{name}-{n}",
                        )
                    )
                    for n in range(args.servers)
                ]
                ports = [port for port, _ in servers]
                if floor_seconds:
                    with served(
                        "benchmarks.floor:app", "", Path(folder), keep_alive, args.gunicorn,
                        "floor",
                    ) as (floor_port, _):  # fmt: skip
                        path, headers = sheet_poll(ports[0])
                        print(f"\n{name}: the unchanged sheet's poll against the floor")
                        measured = rate_of("bare Flask 304", floor_port, path,
                                           floor_headers(headers), floor_seconds)  # fmt: skip
                        poll = rate_of("sheet poll 304", ports[0], path, headers, floor_seconds)
                        print_floor(measured, poll, floor_seconds)
                if "stream" in follows and memory:
                    opened, grown = stream_memory(ports[0], servers[0][1], memory)
                    print(
                        f"\n{name}: {opened:,} streams more held open: the workers grew by "
                        f"{grown / 1e6:.1f} MB, {grown / max(opened, 1) / 1e3:.1f} KB a stream"
                    )
                for phones in steps:
                    for follow in follows:
                        scale = scale_of(phones, seconds, deal_every, keep_alive, ramp, follow)
                        clients = args.clients or max(1, round(phones / 500))
                        run = drive(name, ports, scale, args.seed, clients)
                        run.server_errors = tracebacks([log for _, log in servers])
                        print_run(run)
                        runs.append(run)
        if len(runs) > 1:
            print_summary(runs)

    failed = any(run.errors or run.recount_errors or run.server_errors for run in runs)
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
