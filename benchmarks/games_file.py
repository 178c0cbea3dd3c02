"""How large a phone's file of games is, and how long it takes to download and to bring
in on another server (docs/playing.md, *Your games on another phone*).

Run from the project root::

    .venv/bin/python benchmarks/games_file.py            # about a minute
    .venv/bin/python benchmarks/games_file.py --games 40

A phone on a fresh app (a SQLite file in a temporary folder) keeps ``--games`` games
of Contract Rummy with house rules, each played to its end with every hand's cards
typed (the largest a game's deals get), started through the API and kept on the
phone. The history page's download is timed, then the file brought in by a new phone
on another fresh app, through the history page's form (every game judged and scored
again by the rules core, then written in one transaction). It prints the file's size,
packed and unpacked, a game's share of it, how many such games the 64 KB a server
reads would hold, and the two times; it never fails on a timing.
"""

from __future__ import annotations

import argparse
import gzip
import io
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import machine_lines

from referee import create_app
from referee.plumbing.json_text import MAX_BODY_BYTES
from referee.storage import database as storage

PLAYERS = ("Grandma", "Alexander", "Alexandra", "Bob")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK = [rank + suit for rank in RANKS for suit in "SHDC"] * 2


def app_on(folder: Path, name: str):
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / name}",
        }
    )


def hands(draw: random.Random) -> dict[str, str]:
    """What the three who did not go out held: 3 to 8 cards each, all from one pack."""
    cards = draw.sample(PACK, 24)
    return {
        player: " ".join(cards[8 * seat : 8 * seat + draw.randint(3, 8)])
        for seat, player in enumerate(PLAYERS[1:])
    }


def a_phone_with(app, games: int, draw: random.Random):
    """A phone keeping ``games`` finished games, every hand's cards typed."""
    phone = app.test_client()
    for _ in range(games):
        body = {"variant": "contract-rummy", "players": list(PLAYERS), "house": {"run_min": 3}}
        game = phone.post("/api/v1/games", json=body).get_json()
        for _ in range(7):
            deal = {"went_out": PLAYERS[0], "hands": hands(draw)}
            answer = phone.post(
                f"/api/v1/games/{game['id']}/deals",
                json=deal,
                headers={"X-Edit-Key": game["edit_key"]},
            )
            assert answer.status_code == 201, answer.get_json()
        joined = phone.post(f"/games/{game['id']}/join", data={"key": game["edit_key"]})
        assert joined.status_code == 303
    return phone


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    given = parser.parse_args()
    print(*machine_lines(), sep="\n")
    with tempfile.TemporaryDirectory() as folder:
        old, new = app_on(Path(folder), "old.db"), app_on(Path(folder), "new.db")
        phone = a_phone_with(old, given.games, random.Random(given.seed))
        began = time.perf_counter()
        content = phone.get("/history/rummy-referee-games.json.gz").data
        downloaded = time.perf_counter() - began
        unpacked = len(gzip.decompress(content))
        began = time.perf_counter()
        answer = new.test_client().post(
            "/history/bring-in",
            data={"games_file": (io.BytesIO(content), "games.json.gz")},
            content_type="multipart/form-data",
        )
        brought = time.perf_counter() - began
        storage.dispose(old)
        storage.dispose(new)
    if answer.status_code != 303:
        print(f"brought in: {answer.status_code}, not 303")
        return 1
    share = len(content) / given.games
    print(
        f"{given.games} games of Contract Rummy, 7 deals, every hand's cards:\n"
        f"  the file: {len(content):,} bytes ({unpacked:,} unpacked), {share:.0f} bytes a game;"
        f" {MAX_BODY_BYTES // 1024} KB holds about {int(MAX_BODY_BYTES / share):,} such games\n"
        f"  downloaded in {downloaded * 1000:.0f} ms; brought in on another server in"
        f" {brought * 1000:.0f} ms ({brought / given.games * 1000:.1f} ms a game)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
