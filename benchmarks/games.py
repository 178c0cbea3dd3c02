"""How fast saved games take deals and read back, on SQLite and on PostgreSQL.

Run from the project root::

    .venv/bin/python benchmarks/games.py            # under a minute
    .venv/bin/python benchmarks/games.py --quick    # about 10 s

Each database gets a fresh app: a SQLite file in a temporary folder, and a
PostgreSQL schema of its own (``$TEST_DATABASE_URL``, else the local server),
dropped at the end. Without a PostgreSQL server it says so and runs SQLite alone.

1. Games played one after another through Flask's test client: deals recorded
   per second (only the deal POSTs timed) and the time to read a game back.
2. 8 threads, each with its own test client and its own game, recording deals at
   once; a thread whose game holds its 5 deals starts a new game and goes on.
   Then a recount: every game's deals and totals, as the server reads them,
   against the deals each thread was answered 201 for and the totals it worked
   out itself from the points it sent.
3. One test client again, each write sent with an Idempotency-Key: how long each
   new game and each deal holds the write turn (BEGIN IMMEDIATE to COMMIT), and
   so how many writes a second SQLite's one writer lets through.

It prints figures and the aims they are read against; it never fails on a timing.
It exits 1 only if a request was refused or the recount does not tally.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import random
import sqlite3
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask
from flask.testing import FlaskClient

# The machine's description and the percentile are the rules benchmark's own, so
# the two scripts print alike.
from rules import machine_lines, noise_line, percentile
from sqlalchemy import create_engine, event, make_url, text

from referee import create_app
from referee.storage import database as storage
from referee.storage.database import database_uri

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
TEAMS = {"We": ("Ann", "Cat"), "They": ("Bob", "Dan")}  # seats 1 and 3, 2 and 4 (R35)
TEAM_OF = {player: team for team, players in TEAMS.items() for player in players}
DEALS = 5  # R32
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"

# Card values in Push (R28), to work out a hand's points without asking the referee.
VALUES = {"A": 15, "2": 20, "10": 10, "J": 10, "Q": 10, "K": 10} | {
    str(rank): 5 for rank in range(3, 10)
}
TWO_PACKS = [rank + suit for rank in VALUES for suit in "SHDC"] * 2 + ["JK"] * 4
CARDS_DEALT = (6, 7, 8, 9, 10)  # deals 1 to 5

GET_AIM_MS = 50.0  # p99 of reading a game back, one client
DEAL_AIM_MS = 100.0  # p99 of recording a deal, one client
BUSY_DEAL_AIM_MS = 100.0  # p99 of recording a deal with 8 writers at once (issue 24)


@dataclass(frozen=True)
class Scale:
    games: int  # part 1: games of five deals, one after another
    threads: int
    seconds: float  # part 2: how long the threads write


#: Writes a second SQLite's one write turn should let through (part 3).
TURN_AIM = 100

QUICK = Scale(games=30, threads=8, seconds=3.0)
FULL = Scale(games=200, threads=8, seconds=10.0)


# --- Deals ------------------------------------------------------------------------


def hand_points(cards: str) -> int:
    return sum(20 if card == "JK" else VALUES[card[:-1]] for card in cards.split())


def deal_body(rng: random.Random, number: int, with_hands: bool) -> tuple[dict[str, Any], dict]:
    """A deal's body and the points each team should score for it (R30).

    Someone went out 9 times in 10, and their team is left out of the body;
    otherwise the stock ran out and all four players score. With ``with_hands``
    one body in three gives the cards left in hand (drawn from two packs, R3)
    instead of the points.
    """
    went_out = rng.choice(PLAYERS) if rng.random() < 0.9 else None
    scoring = [p for p in PLAYERS if went_out is None or TEAM_OF[p] != TEAM_OF[went_out]]
    expected = dict.fromkeys(TEAMS, 0)
    if with_hands and rng.random() < 1 / 3:
        pack = rng.sample(TWO_PACKS, len(TWO_PACKS))
        hands = {}
        for player in scoring:
            size = rng.randint(1, CARDS_DEALT[number - 1])
            hands[player] = " ".join(pack[:size])
            del pack[:size]
            expected[TEAM_OF[player]] += hand_points(hands[player])
        return {"went_out": went_out, "hands": hands}, expected
    # Only the player who went out holds no card: every hand that scores holds one
    # at least, so never 0 (the referee refuses it).
    points = {player: 5 * rng.randint(1, 30) for player in scoring}
    for player, value in points.items():
        expected[TEAM_OF[player]] += value
    return {"went_out": went_out, "points": points}, expected


def new_game(client: FlaskClient) -> tuple[str, dict[str, str]]:
    response = client.post("/api/v1/games", json={"variant": "push", "players": list(PLAYERS)})
    if response.status_code != 201:
        raise RuntimeError(f"POST /api/v1/games answered {response.status_code}: {response.text}")
    answer = response.get_json()
    return answer["id"], {"X-Edit-Key": answer["edit_key"]}


# --- Databases --------------------------------------------------------------------


class ErrorLog(logging.Handler):
    """Keeps what the app logs as an unexpected error (a 500), traceback and all."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))

    def locked(self) -> int:
        return sum("database is locked" in record for record in self.records)


@contextmanager
def sqlite_database() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        yield f"sqlite:///{Path(folder) / 'referee.db'}"


def postgres_server() -> str:
    return database_uri(os.environ.get("TEST_DATABASE_URL") or DEFAULT_POSTGRES)


def postgres_reason() -> str | None:
    """None if the server answers; else why not."""
    try:
        engine = create_engine(postgres_server(), connect_args={"connect_timeout": 5})
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as error:
        return f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
    return None


def postgres_version() -> str:
    engine = create_engine(postgres_server())
    with engine.connect() as connection:
        version = connection.execute(text("SHOW server_version")).scalar_one()
    engine.dispose()
    return f"PostgreSQL {version}"


@contextmanager
def postgres_database() -> Iterator[str]:
    """A schema of its own on the server, made for the run and dropped after it."""
    server = make_url(postgres_server())
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield server.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def chosen_databases(
    sqlite_only: bool = False,
) -> list[tuple[str, Callable[[], AbstractContextManager[str]]]]:
    """SQLite, and PostgreSQL when it answers (and is not left out); prints which."""
    databases: list[tuple[str, Callable[[], AbstractContextManager[str]]]] = [
        ("SQLite", sqlite_database)
    ]
    versions = [f"SQLite {sqlite3.sqlite_version} (a file, WAL)"]
    reason = "left out (--sqlite-only)" if sqlite_only else postgres_reason()
    if reason is None:
        databases.append(("PostgreSQL", postgres_database))
        versions.append(f"{postgres_version()} ({make_url(postgres_server()).host}, a schema)")
    print(f"Database: {'; '.join(versions)}")
    if reason is not None:
        print(f"          PostgreSQL, so SQLite alone: {reason}")
    return databases


@contextmanager
def built_app(uri: str) -> Iterator[tuple[Flask, ErrorLog]]:
    logging.disable(logging.INFO)  # Alembic's "Running upgrade" lines, as the app migrates
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": uri})
    finally:
        logging.disable(logging.NOTSET)
    errors = ErrorLog()
    app.logger.addHandler(errors)
    app.logger.propagate = False  # keep tracebacks off the printed figures; counted below
    for handler in list(app.logger.handlers):
        if handler is not errors:
            app.logger.removeHandler(handler)
    try:
        yield app, errors
    finally:
        storage.dispose(app)


# --- 1. One client, game after game ---------------------------------------------


@dataclass
class Serial:
    creates: list[int] = field(default_factory=list)  # ns per POST /games
    deals: list[int] = field(default_factory=list)  # ns per deal POST
    reads: list[int] = field(default_factory=list)  # ns per GET /games/<id>
    mismatched: list[str] = field(default_factory=list)
    sixth: int = 0  # status of a sixth deal


def play_games(app: Flask, games: int, rng: random.Random) -> Serial:
    client = app.test_client()
    clock = time.perf_counter_ns
    result = Serial()
    for _ in range(3):  # warm-up, not counted
        game_id, key = new_game(client)
        for number in range(1, DEALS + 1):
            client.post(
                f"/api/v1/games/{game_id}/deals", json=deal_body(rng, number, True)[0], headers=key
            )
            client.get(f"/api/v1/games/{game_id}")
    gc.collect()
    for _ in range(games):
        start = clock()
        game_id, key = new_game(client)
        result.creates.append(clock() - start)
        path = f"/api/v1/games/{game_id}"
        totals = dict.fromkeys(TEAMS, 0)
        for number in range(1, DEALS + 1):
            body, scored = deal_body(rng, number, True)
            start = clock()
            response = client.post(f"{path}/deals", json=body, headers=key)
            result.deals.append(clock() - start)
            if response.status_code != 201:
                raise SystemExit(
                    f"deal {number} {body} answered {response.status_code}: {response.text}"
                )
            totals = {team: totals[team] + scored[team] for team in TEAMS}
            start = clock()
            client.get(path)
            result.reads.append(clock() - start)
        start = clock()
        answer = client.get(path).get_json()
        result.reads.append(clock() - start)
        if len(answer["deals"]) != DEALS or answer["totals"] != totals:
            result.mismatched.append(f"{game_id}: {answer['totals']} != {totals}")
    sixth = deal_body(rng, DEALS, False)[0]
    result.sixth = client.post(f"{path}/deals", json=sixth, headers=key).status_code
    return result


def ms(ns: Sequence[int], q: float) -> float:
    return percentile(sorted(ns), q) / 1e6


def print_serial(rows: list[tuple[str, Serial]]) -> None:
    header = (
        f"{'database':<10} {'games':>5} {'deals':>5} {'deals/s':>8} {'deal p50':>9} "
        f"{'deal p99':>9} {'GETs':>5} {'GET p50':>8} {'GET p99':>8} {'GET max':>8} "
        f"{'new game p50':>12}  totals"
    )
    print(header)
    print("-" * len(header))
    for name, r in rows:
        tally = "all right" if not r.mismatched else f"{len(r.mismatched)} WRONG"
        print(
            f"{name:<10} {len(r.creates):>5} {len(r.deals):>5} "
            f"{len(r.deals) * 1e9 / sum(r.deals):>8,.0f} {ms(r.deals, 0.5):>9.2f} "
            f"{ms(r.deals, 0.99):>9.2f} {len(r.reads):>5} {ms(r.reads, 0.5):>8.2f} "
            f"{ms(r.reads, 0.99):>8.2f} {max(r.reads) / 1e6:>8.2f} "
            f"{ms(r.creates, 0.5):>12.2f}  {tally}; a sixth deal: {r.sixth}"
        )
        for line in r.mismatched[:5]:
            print(f"  WRONG {line}")


# --- 2. Eight writers at once ---------------------------------------------------------


@dataclass
class Played:
    """One game as a writer saw it: the deals it was answered 201 for, and the
    totals it worked out from what it sent."""

    game_id: str
    acknowledged: int = 0
    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    broken: bool = False  # a request on it was refused: what the server kept is unknown


@dataclass
class Writer:
    games: list[Played] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)  # ns per acknowledged deal POST
    errors: Counter[str] = field(default_factory=Counter)


def write_deals(
    app: Flask, writer: Writer, rng: random.Random, start: threading.Barrier, seconds: float
) -> None:
    client = app.test_client()
    clock = time.perf_counter_ns
    played, key = None, {}
    try:
        game_id, key = new_game(client)
        played = Played(game_id)
        writer.games.append(played)
        start.wait()
        deadline = clock() + int(seconds * 1e9)
        while clock() < deadline:
            if played.acknowledged == DEALS or played.broken:
                game_id, key = new_game(client)  # a full game: go on with a new one
                played = Played(game_id)
                writer.games.append(played)
            body, scored = deal_body(rng, played.acknowledged + 1, False)
            began = clock()
            response = client.post(f"/api/v1/games/{game_id}/deals", json=body, headers=key)
            took = clock() - began
            if response.status_code == 201:
                writer.deals.append(took)
                played.acknowledged += 1
                played.totals = {team: played.totals[team] + scored[team] for team in TEAMS}
            else:
                answer = response.get_json(silent=True) or {}
                writer.errors[f"{response.status_code} {answer.get('error', '')}"] += 1
                played.broken = True
    except Exception as error:  # counted and printed, never lost with the thread
        writer.errors[f"{type(error).__name__}: {error}"] += 1
        if played is not None:
            played.broken = True


@dataclass
class Concurrent:
    seconds: float
    writers: list[Writer]
    recount: list[str]  # one line per game that does not tally
    lost: int
    doubled: int
    wrong_totals: int
    locked: int  # "database is locked" in the app's error log


def run_writers(app: Flask, errors: ErrorLog, scale: Scale, seed: int) -> Concurrent:
    writers = [Writer() for _ in range(scale.threads)]
    start = threading.Barrier(scale.threads + 1)
    threads = [
        threading.Thread(
            target=write_deals,
            args=(app, writer, random.Random(seed * 1000 + index), start, scale.seconds),
        )
        for index, writer in enumerate(writers)
    ]
    for thread in threads:
        thread.start()
    gc.collect()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began

    client = app.test_client()
    recount, lost, doubled, wrong_totals = [], 0, 0, 0
    for played in (played for writer in writers for played in writer.games):
        answer = client.get(f"/api/v1/games/{played.game_id}").get_json()
        numbers = [deal["deal"] for deal in answer["deals"]]
        kept = len(numbers)
        if numbers != list(range(1, kept + 1)):
            recount.append(f"{played.game_id}: deals numbered {numbers}")
        if played.broken:
            continue  # a refused request: counted among the errors already
        if kept != played.acknowledged:
            lost += max(0, played.acknowledged - kept)
            doubled += max(0, kept - played.acknowledged)
            recount.append(
                f"{played.game_id}: {kept} deals kept, {played.acknowledged} answered 201"
            )
        elif answer["totals"] != played.totals:
            wrong_totals += 1
            recount.append(f"{played.game_id}: totals {answer['totals']}, sent {played.totals}")
    return Concurrent(seconds, writers, recount, lost, doubled, wrong_totals, errors.locked())


def print_concurrent(rows: list[tuple[str, Concurrent]]) -> None:
    header = (
        f"{'database':<10} {'threads':>7} {'s':>5} {'deals':>6} {'deals/s':>8} "
        f"{'per thread':>11} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'games':>6} "
        f"{'errors':>6} {'locked':>6}  recount"
    )
    print(header)
    print("-" * len(header))
    for name, c in rows:
        deals = [ns for writer in c.writers for ns in writer.deals]
        each = [len(writer.deals) for writer in c.writers]
        games = sum(len(writer.games) for writer in c.writers)
        errors = sum(sum(writer.errors.values()) for writer in c.writers)
        counted = sum(played.acknowledged for writer in c.writers for played in writer.games)
        tally = (
            f"{games} games, {counted} deals: none lost, none doubled, every total right"
            if not c.recount
            else f"{c.lost} lost, {c.doubled} doubled, {c.wrong_totals} games' totals wrong"
        )
        print(
            f"{name:<10} {len(c.writers):>7} {c.seconds:>5.1f} {len(deals):>6} "
            f"{len(deals) / c.seconds:>8,.0f} {f'{min(each)}-{max(each)}':>11} "
            f"{ms(deals, 0.5) if deals else 0:>7.1f} {ms(deals, 0.99) if deals else 0:>7.1f} "
            f"{max(deals, default=0) / 1e6:>7.1f} {games:>6} {errors:>6} {c.locked:>6}  {tally}"
        )
        for line in c.recount[:5]:
            print(f"  DOES NOT TALLY {line}")
        every = Counter[str]()
        for writer in c.writers:
            every.update(writer.errors)
        for error, count in every.most_common(5):
            print(f"  ERROR x{count}: {error[:150]}")


# --- Aims -------------------------------------------------------------------------


def print_aims(serial: list[tuple[str, Serial]], concurrent: list[tuple[str, Concurrent]]) -> bool:
    """Print each aim and whether it was met; False if anything was refused or lost."""

    def verdict(figure: float, aim: float) -> str:
        return "met" if figure < aim else "MISSED"

    for name, r in serial:
        get99, deal99 = ms(r.reads, 0.99), ms(r.deals, 0.99)
        print(
            f"Aim ({name}): reading a game back, p99 under {GET_AIM_MS:.0f} ms -- "
            f"{verdict(get99, GET_AIM_MS)}: {get99:.2f} ms; recording a deal, p99 under "
            f"{DEAL_AIM_MS:.0f} ms -- {verdict(deal99, DEAL_AIM_MS)}: {deal99:.2f} ms"
        )
    sound = all(not r.mismatched and r.sixth == 409 for _, r in serial)
    for name, c in concurrent:
        deals = [ns for writer in c.writers for ns in writer.deals]
        errors = sum(sum(writer.errors.values()) for writer in c.writers)
        busy99 = ms(deals, 0.99) if deals else float("inf")
        print(
            f"Aim ({name}): {len(c.writers)} writers at once, a deal's p99 under "
            f"{BUSY_DEAL_AIM_MS:.0f} ms -- {verdict(busy99, BUSY_DEAL_AIM_MS)}: {busy99:.1f} ms; "
            f"errors must be 0 -- {errors}; the recount must tally -- "
            + ("it does" if not c.recount else f"it DOES NOT ({len(c.recount)} games)")
        )
        sound = sound and errors == 0 and not c.recount
    return sound


# --- 3. The write turn ------------------------------------------------------------


@dataclass
class Turns:
    creates: list[int] = field(default_factory=list)  # ns each new game held the turn
    deals: list[int] = field(default_factory=list)  # ns each deal held it


def hold_times(app: Flask, games: int, rng: random.Random) -> Turns:
    """One client starts ``games`` games and records their deals, each write sent with
    an Idempotency-Key as the phones send it; for each, the time from the moment it
    holds the write turn (BEGIN IMMEDIATE on SQLite, the write's BEGIN on
    PostgreSQL, both after ``begin_write``) to its COMMIT."""
    turns, held, began = Turns(), [], {}

    def on_begin(connection: Any) -> None:
        if connection.get_execution_options().get("sqlite_immediate"):
            began[id(connection)] = time.perf_counter_ns()

    def on_end(connection: Any) -> None:
        start = began.pop(id(connection), None)
        if start is not None:
            held.append(time.perf_counter_ns() - start)

    with app.app_context():
        engine = storage.db.engine
    listeners = (("begin", on_begin), ("commit", on_end), ("rollback", on_end))
    for name, listener in listeners:
        event.listen(engine, name, listener)
    client = app.test_client()
    try:
        for _ in range(games):
            key = {"Idempotency-Key": uuid.uuid4().hex}
            body = {"variant": "push", "players": list(PLAYERS)}
            answer = client.post("/api/v1/games", json=body, headers=key).get_json()
            turns.creates.extend(held)
            held.clear()
            path, edit = f"/api/v1/games/{answer['id']}/deals", {"X-Edit-Key": answer["edit_key"]}
            for number in range(1, DEALS + 1):
                deal, _ = deal_body(rng, number, with_hands=True)
                client.post(path, json=deal, headers=edit | {"Idempotency-Key": uuid.uuid4().hex})
                turns.deals.extend(held)
                held.clear()
    finally:
        for name, listener in listeners:
            event.remove(engine, name, listener)
    return turns


def print_turns(rows: list[tuple[str, Turns]]) -> None:
    header = (
        f"{'database':<11} {'new game p50':>12} {'p99':>6} {'deal p50':>9} {'p99':>6}"
        f"  {'writes/s the turn allows':>24}"
    )
    print(header)
    print("-" * len(header))
    for name, t in rows:
        every = t.creates + t.deals
        print(
            f"{name:<11} {ms(t.creates, 0.5):>12.2f} {ms(t.creates, 0.99):>6.2f} "
            f"{ms(t.deals, 0.5):>9.2f} {ms(t.deals, 0.99):>6.2f}  "
            f"{1000 / max(ms(every, 0.5), 1e-3):>24,.0f}"
        )


# --- Main -------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 10 s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random deals")
    args = parser.parse_args(argv)
    scale = QUICK if args.quick else FULL
    began = time.perf_counter()

    print("Rummy Referee: games benchmark" + (" (--quick)" if args.quick else ""))
    print("\n".join(machine_lines()))
    databases = chosen_databases()
    print(f"Seed:     {args.seed}")

    serial: list[tuple[str, Serial]] = []
    concurrent: list[tuple[str, Concurrent]] = []
    turns: list[tuple[str, Turns]] = []
    for name, database in databases:
        with database() as uri, built_app(uri) as (app, errors):
            serial.append((name, play_games(app, scale.games, random.Random(args.seed))))
            concurrent.append((name, run_writers(app, errors, scale, args.seed)))
            turns.append((name, hold_times(app, scale.games, random.Random(args.seed))))

    print(
        f"\n1. One test client: {scale.games} games of {DEALS} deals, one after another, after "
        "3 games of warm-up;"
    )
    print(
        "   a deal gives points (one in three: the cards left in hand); deals/s = deal "
        "POSTs over their summed time;"
    )
    print(
        "   each game read back (GET) after every deal and once more at the end; times "
        "in ms; totals checked"
    )
    print("   against the sum of what was sent; then a sixth deal sent to the last game (409)")
    print_serial(serial)

    print(
        f"\n2. {scale.threads} threads, each with its own test client and game, recording "
        f"deals at once for {scale.seconds:g} s;"
    )
    print(
        "   a thread whose game holds its 5 deals starts a new game (POST /games, not "
        "timed) and goes on;"
    )
    print(
        "   deals/s = deals answered 201 over the wall time; per thread = fewest-most "
        "deals a thread recorded;"
    )
    print(
        "   errors = answers other than 201; locked = 'database is locked' in the app's "
        "error log; recount:"
    )
    print(
        "   every game read back, its deals against the 201s its thread got and its "
        "totals against the points sent"
    )
    print_concurrent(concurrent)

    print(
        f"\n3. The write turn: one test client, {scale.games} games and their deals, each "
        "sent with an Idempotency-Key;"
    )
    print(
        "   for each write, ms from taking the write turn (BEGIN IMMEDIATE on SQLite) to "
        "its COMMIT: what"
    )
    print(
        "   every other writer waits for. On SQLite, whose one writer at a time is the "
        "database's own limit,"
    )
    print(
        "   1 / p50 is the most writes a second all workers and servers together can "
        "make; on PostgreSQL"
    )
    print("   the turn is a game's row alone, and other games write beside it")
    print_turns(turns)
    for name, t in turns:
        if name == "SQLite":
            allowed = 1000 / max(ms(t.creates + t.deals, 0.5), 1e-3)
            print(
                f"Aim (SQLite): the write turn lets {TURN_AIM} writes a second through (500 "
                "tables each starting a game at once; their deals ask 25) -- "
                f"{'met' if allowed >= TURN_AIM else 'MISSED'}: {allowed:,.0f}"
            )

    print()
    print(noise_line())
    sound = print_aims(serial, concurrent)
    print(f"\nTook {time.perf_counter() - began:.1f} s.")
    if not sound:
        sys.exit(1)


if __name__ == "__main__":
    main()
