"""A server killed (SIGKILL) in the middle of a stream of writes loses nothing and
doubles nothing: every game stays readable, every deal is there whole or not at all,
and a client retrying with its Idempotency-Key completes each deal exactly once."""

import http.client
import json
import os
import signal
import socket
import subprocess
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Ann", "Bob", "Cat", "Dan"]
GAMES = 12


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn (two workers) in a process group of its own, so one signal kills it all."""

    def __init__(self, database_uri, folder):
        self.port = free_port()
        self.env = os.environ | {
            "DATABASE_URL": database_uri,
            "SECRET_KEY": "faults",
            "REFEREE_GAMES_PER_MINUTE": "10000",
        }
        self.log = (folder / "gunicorn.log").open("ab")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/gunicorn"),
                "-w",
                "2",
                "--threads",
                "4",
                "-b",
                f"127.0.0.1:{self.port}",
                "referee:create_app()",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=self.log,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                status, _ = self.request("GET", "/api/v1/variants")
                if status == 200:
                    return
            except OSError:
                time.sleep(0.05)  # still starting: nothing to wait on but the port
        raise RuntimeError("the server did not start")

    def kill(self):
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self):
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=20)
        self.log.close()

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            payload = None if body is None else json.dumps(body)
            connection.request(
                method, path, payload, {"Content-Type": "application/json"} | (headers or {})
            )
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            connection.close()


def until_answered(server, method, path, body, headers, deadline):
    """Send a request again and again, with the same headers (its key), until the
    server answers it: the client's side of a dropped connection."""
    while time.monotonic() < deadline:
        try:
            return server.request(method, path, body, headers)
        except (OSError, http.client.HTTPException):
            # The server is down or restarting, or died in the middle of its answer
            # (IncompleteRead): the client cannot tell whether it was saved, so sends
            # it again with the same key.
            time.sleep(0.02)
    raise AssertionError(f"no answer to {method} {path}")


def test_a_killed_server_loses_no_deal_and_doubles_none(database_uri, tmp_path):
    server = Server(database_uri, tmp_path)
    server.start()
    deadline = time.monotonic() + 120
    games = []
    for _ in range(GAMES):
        status, created = until_answered(
            server, "POST", "/api/v1/games", {"variant": "push", "players": FOUR},
            {"Idempotency-Key": str(uuid.uuid4())}, deadline,
        )  # fmt: skip
        assert status == 201
        games.append(created)

    sent = {game["id"]: [] for game in games}
    done = threading.Event()

    def writer():
        for number in range(1, 6):
            for game in games:
                body = {"went_out": "Ann", "points": {"Bob": 5 * number, "Dan": 10}}
                headers = {"X-Edit-Key": game["edit_key"], "Idempotency-Key": str(uuid.uuid4())}
                status, answer = until_answered(
                    server, "POST", f"/api/v1/games/{game['id']}/deals", body, headers, deadline
                )
                assert status == 201, answer
                sent[game["id"]].append(body)
        done.set()

    thread = threading.Thread(target=writer)
    thread.start()
    kills = 0
    while not done.is_set() and kills < 3:
        time.sleep(0.25)
        if done.is_set():
            break
        server.kill()  # in the middle of the stream
        kills += 1
        server.start()
    thread.join()
    assert kills >= 1, "the writes finished before the server could be killed"

    for game in games:
        status, now = until_answered(
            server, "GET", f"/api/v1/games/{game['id']}", None, {}, deadline
        )
        assert status == 200
        assert [deal["deal"] for deal in now["deals"]] == [
            1,
            2,
            3,
            4,
            5,
        ]  # none lost, none doubled
        for deal, body in zip(now["deals"], sent[game["id"]], strict=True):
            assert deal["points"]["Bob"] == body["points"]["Bob"]  # each deal whole
        assert now["totals"] == {"We": 0, "They": sum(5 * n + 10 for n in range(1, 6))}
    server.stop()
