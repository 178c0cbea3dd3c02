"""What a minute of hostile reads adds to the database: nothing.

Run from the project root::

    .venv/bin/python benchmarks/growth.py               # a minute on each database
    .venv/bin/python benchmarks/growth.py --seconds 10

A game is started (a phone, through its page) and a follower keeps it; then 4
threads send, as fast as the app answers, every read a stranger can: the sheet's
page, its fragment and its poll, the share, join and checker pages, the home page
and the history, the API's game and its CSV. Half the reads come with no cookie (a
new stranger each time), half with one phone's cookie that keeps nothing. Every
table's rows are counted before and after. Before phones kept only what they chose
to keep, each sheet opened without a cookie added a phone's row (164 a second on
SQLite).

It prints the figures; it exits 1 if a read was refused or a row was added.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask
from games import built_app, chosen_databases
from rules import machine_lines
from sqlalchemy import func, select

from referee.storage.models import Deal, Game, IdempotentRequest, PhoneGame, db

TABLES = (PhoneGame, Game, Deal, IdempotentRequest)
THREADS = 4


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to read (60)")
    args = parser.parse_args()
    print("Rummy Referee: what hostile reads add to the database")
    print("\n".join(machine_lines()))
    sound = True
    lines = []
    for name, database in chosen_databases():
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
    sys.exit(0 if sound else 1)


if __name__ == "__main__":
    main()
