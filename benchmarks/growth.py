"""What a minute of hostile reads adds to the database (nothing), and a minute of
hostile writes from one address (no more than its allowance a minute).

Run from the project root::

    .venv/bin/python benchmarks/growth.py               # a minute each, on each database
    .venv/bin/python benchmarks/growth.py --seconds 10

A game is started (a phone, through its page) and a follower keeps it; then 4
threads send, as fast as the app answers, every read a stranger can: the sheet's
page, its fragment and its poll, the share, join and checker pages, the home page
and the history, the API's game and its CSV. Half the reads come with no cookie (a
new stranger each time), half with one phone's cookie that keeps nothing. Every
table's rows are counted before and after. Before phones kept only what they chose
to keep, each sheet opened without a cookie added a phone's row (164 a second on
SQLite).

Then the writes: 4 threads send, as fast as the app answers, every write a stranger
can make without an edit key, each from a new cookie (a new phone each time), all
from one address, with the allowance on as a host has it (``RATELIMIT_ENABLED``):
rules saved on the phone, a game kept to follow, a game joined with its edit link,
Play again from a phone that joined a finished game, a new game from the page and
from the API. Before the allowance covered them, one client saved 12 sets of rules a
second, a new phone each, and kept 40-64 games a second from a read link. The rows
each table gained are counted, and set beside what the allowance lets one address
add a minute.

It prints the figures; it exits 1 if a read was refused or a row was added by reads,
if a write had an answer other than done or 429, or if the writes added more rows a
minute than the allowance lets them.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask
from games import built_app, chosen_databases
from rules import machine_lines
from sqlalchemy import func, select

from referee.storage.models import (
    Deal,
    Game,
    IdempotentRequest,
    Phone,
    PhoneGame,
    RecentWrite,
    SavedRules,
    db,
)

TABLES = (PhoneGame, Game, Deal, IdempotentRequest, SavedRules, Phone, RecentWrite)
THREADS = 4
FOUR = ["Ann", "Bob", "Cat", "Dan"]


def rows(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {
            table.__tablename__: db.session.scalar(select(func.count()).select_from(table)) or 0
            for table in TABLES
        }


def a_game(app: Flask) -> str:
    """A game started on a phone's page, and kept by a follower, as at a table."""
    app.config["WTF_CSRF_ENABLED"] = False  # the forms are posted here without their pages
    phone = app.test_client()
    players = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"])}
    started = phone.post("/?variant=push", data=players | {"option_partnerships": "y"})
    game = started.headers["Location"]
    follower = app.test_client()
    follower.get(game)
    follower.post(f"{game}/keep")
    return game


def reads(game: str) -> list[tuple[str, dict[str, str]]]:
    game_id = game.rsplit("/", 1)[1]
    return [
        (game, {}),
        (game, {"HX-Request": "true"}),
        (game, {"HX-Request": "true", "If-None-Match": '"sheet-v1-fragment-follower"'}),
        (game, {"If-None-Match": '"sheet-v1-page-follower"'}),
        (f"{game}/share", {}),
        (f"{game}/join", {}),
        (f"{game}/check", {}),
        ("/", {}),
        ("/history", {}),
        (f"/api/v1/games/{game_id}", {}),
        (f"/api/v1/games/{game_id}/sheet.csv", {}),
    ]


def hammer(app: Flask, game: str, seconds: float) -> tuple[int, Counter[int]]:
    """Every read, again and again, from ``THREADS`` threads for ``seconds``."""
    statuses: Counter[int] = Counter()
    sent = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def reader() -> None:
        reader_phone = app.test_client()  # one phone's cookie, keeping nothing
        local: Counter[int] = Counter()
        count = 0
        while time.perf_counter() < deadline:
            for path, headers in reads(game):
                client = app.test_client() if count % 2 else reader_phone
                local[client.get(path, headers=headers).status_code] += 1
                count += 1
        with lock:
            statuses.update(local)
            sent[0] += count

    threads = [threading.Thread(target=reader) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sent[0], statuses


def finished_game(app: Flask) -> tuple[str, str]:
    """A game of Push played to its end through the API: its sheet's path and edit key."""
    client = app.test_client()
    game = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    for _ in range(5):
        client.post(
            f"/api/v1/games/{game['id']}/deals",
            json={"went_out": "Ann", "points": {"Bob": 5, "Cat": 5, "Dan": 5}},
            headers={"X-Edit-Key": game["edit_key"]},
        )
    return f"/games/{game['id']}", game["edit_key"]


def stranger_writes(app: Flask, game: str, key: str) -> list[Callable[[int], int]]:
    """Every write a stranger can make without an edit key, each from a new phone:
    the status of each."""
    seated = {f"players-{i}": name for i, name in enumerate(FOUR)}

    def save(n: int) -> int:
        rules = seated | {"house_action": "save", "rules_name": f"Ours {n}"}
        return app.test_client().post("/?variant=push", data=rules).status_code

    def join_and_play_again(_n: int) -> int:
        phone = app.test_client()
        joined = phone.post(f"{game}/join", data={"key": key}).status_code
        return joined if joined != 303 else phone.post(f"{game}/again").status_code

    return [
        save,
        lambda _n: app.test_client().post(f"{game}/keep").status_code,
        lambda _n: app.test_client().post(f"{game}/join", data={"key": key}).status_code,
        join_and_play_again,
        lambda _n: app.test_client().post("/?variant=push", data=seated).status_code,
        lambda _n: (
            app.test_client()
            .post("/api/v1/games", json={"variant": "push", "players": FOUR})
            .status_code
        ),
    ]


def write_hard(
    app: Flask, writes: list[Callable[[int], int]], seconds: float
) -> tuple[int, Counter[int]]:
    """Every stranger's write, again and again, from ``THREADS`` threads for ``seconds``."""
    statuses: Counter[int] = Counter()
    sent = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def writer(number: int) -> None:
        local: Counter[int] = Counter()
        count = 0
        while time.perf_counter() < deadline:
            for write in writes:
                local[write(number * 1_000_000 + count)] += 1
                count += 1
        with lock:
            statuses.update(local)
            sent[0] += count

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sent[0], statuses


def allowed_a_minute(app: Flask) -> int:
    """The most rows one address's writes may add a minute: a game a new game (and the
    row of the phone that started it, and that phone's), saved rules and the phone's
    row, a kept game and the phone's row, and a counted write for each (those older
    than a minute forgotten as the address writes on)."""
    games, rules, keeps = (
        int(app.config[name])
        for name in ("GAMES_PER_MINUTE", "RULES_SAVED_PER_MINUTE", "GAMES_KEPT_PER_MINUTE")
    )
    return 4 * games + 3 * rules + 3 * keeps


def measure_writes(name: str, app: Flask, seconds: float) -> tuple[bool, str]:
    app.config["WTF_CSRF_ENABLED"] = False  # the forms are posted here without their pages
    writes = stranger_writes(app, *finished_game(app))
    app.config["RATELIMIT_ENABLED"] = True  # as a host has it: each write counted
    before = rows(app)
    began = time.perf_counter()
    sent, statuses = write_hard(app, writes, seconds)
    took = time.perf_counter() - began
    after = rows(app)
    added = {table: after[table] - before[table] for table in before}
    per_minute = sum(added.values()) * 60 / max(took, 60.0)
    bound = allowed_a_minute(app)
    done = sum(n for status, n in statuses.items() if status < 400)
    other = sum(n for status, n in statuses.items() if status >= 400 and status != 429)
    line = (
        f"{name:<10} {sent:>7,} writes in {took:4.1f} s ({sent / took:,.0f}/s): {done} done, "
        f"{statuses[429]:,} refused 429, {other} other; rows added: "
        + ", ".join(f"{table} {n}" for table, n in added.items() if n)
        + f"; {per_minute:.0f} rows a minute (the allowance: at most {bound})"
    )
    return other == 0 and per_minute <= bound, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to read (60)")
    args = parser.parse_args()
    print("Rummy Referee: what hostile reads and writes add to the database")
    print("\n".join(machine_lines()))
    sound = True
    lines, writes = [], []
    for name, database in chosen_databases():
        with database() as uri, built_app(uri) as (app, _errors):
            sound_writes, line = measure_writes(name, app, args.seconds)
            writes.append(line)
            sound = sound and sound_writes
        with database() as uri, built_app(uri) as (app, _errors):
            game = a_game(app)
            before = rows(app)
            began = time.perf_counter()
            sent, statuses = hammer(app, game, args.seconds)
            took = time.perf_counter() - began
            after = rows(app)
        added = {table: after[table] - before[table] for table in before}
        refused = sum(n for status, n in statuses.items() if status >= 400)
        per_minute = sum(added.values()) * 60 / took
        sound = sound and refused == 0 and not any(added.values())
        lines.append(
            f"{name:<10} {sent:>7,} reads in {took:4.1f} s ({sent / took:,.0f}/s), "
            f"{refused} refused; rows added: "
            + ", ".join(f"{table} {n}" for table, n in added.items())
            + f"; {per_minute:.0f} rows a minute"
        )
    print(f"\n{THREADS} threads; half the reads with no cookie, half with a phone's keeping none:")
    print("\n".join(lines))
    print(f"\n{THREADS} threads of stranger's writes from one address, a new phone each:")
    print("\n".join(writes))
    sys.exit(0 if sound else 1)


if __name__ == "__main__":
    main()
