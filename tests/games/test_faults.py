"""A server killed (SIGKILL) in the middle of a stream of writes loses nothing and
doubles nothing: every game stays readable, every deal is there whole or not at all,
and a client retrying with its Idempotency-Key completes each write exactly once.

The kills do not race the writes. A write chosen beforehand is sent marked with the
point where the server is to stop it (tests/games/faulty.py): as it arrives, with its
rows sent but not committed, committed but not answered, or half answered. The server
says when the write is there and waits; only then is it killed, and started again.
So every planned kill happens, at its point, on every run however busy the machine.

The test holds the listening socket itself and hands it to gunicorn (``fd://``): the
port is never free between a kill and the next start, so a client's retry waits in
the socket's queue for the new server rather than being refused, and nothing polls.
"""

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import uuid
from pathlib import Path

import pytest

from ..conftest import dies_with_this_process
from .faulty import HEADER

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Ann", "Bob", "Cat", "Dan"]
GAMES = 12
DEALS = 5
#: Every wait here is for something to happen, not a measure of speed: long enough
#: for a server to start on a machine busy with other work, short of hanging CI.
PATIENCE = 120

#: Which writes are stopped, and where: (game, deal) -> point. Deal 0 is the POST
#: that creates the game.
PLAN = {
    (1, 0): "after-commit",  # the retry must give the same game and the same edit key
    (2, 1): "received",
    (5, 2): "before-commit",  # rows sent, not committed: none of it may remain
    (7, 3): "after-commit",  # saved, not answered: the retry must not save it again
    (10, 4): "mid-answer",  # the client has half an answer: it cannot tell either
}


class Server:
    """gunicorn (2 workers of 4 threads, as make run) in a process group of its own,
    so one signal kills it all, on a listening socket this test holds."""

    def __init__(self, database_uri, folder):
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=128)
        self.port = self.listener.getsockname()[1]
        self.faults = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.fault_address = f"@referee-faults-{uuid.uuid4().hex}"  # abstract: no file
        self.faults.bind(self.fault_address.replace("@", "\0", 1))
        self.faults.listen()
        self.faults.settimeout(PATIENCE)
        self.env = os.environ | {
            "DATABASE_URL": database_uri,
            "SECRET_KEY": "faults",
            "REFEREE_GAMES_PER_MINUTE": "10000",
            "REFEREE_FAULT_SOCKET": self.fault_address,
        }
        self.log_path = folder / "gunicorn.log"
        self.log = self.log_path.open("ab")
        self.process = None
        self.kills = []

    def start(self):
        fd = self.listener.fileno()
        self.process = subprocess.Popen(
            [
                *(str(ROOT / ".venv/bin/gunicorn"), "-w", "2", "--threads", "4"),
                *("--bind", f"fd://{fd}", "tests.games.faulty:create_app()"),
            ],
            cwd=ROOT,  # gunicorn.conf.py is read too, as by make run
            env=self.env,
            stdout=self.log,
            stderr=self.log,
            pass_fds=(fd,),
            start_new_session=True,
            preexec_fn=dies_with_this_process(signal.SIGKILL),
        )

    def kill(self):
        """SIGKILL to the master and its workers at once; no goodbye."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):  # it had died already
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = None

    def kill_at(self, point):
        """Wait until a request has stopped at ``point``, then kill the server there."""
        try:
            line, _ = self.faults.accept()
        except TimeoutError:
            raise AssertionError(f"no request stopped at {point}:\n{self.log_text()}") from None
        with line:
            line.settimeout(PATIENCE)
            reached = line.recv(64).decode()
            assert reached == point, f"a request stopped at {reached!r}, not at {point!r}"
            self.kill()
        self.kills.append(point)

    def close(self):
        self.kill()
        self.listener.close()
        self.faults.close()
        self.log.close()

    def log_text(self):
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=PATIENCE)


@pytest.fixture
def server(database_uri, tmp_path):
    """The server, killed and its sockets and log closed after the test, pass or fail."""
    server = Server(database_uri, tmp_path)
    try:
        server.start()
        yield server
    finally:
        server.close()


def send(connection, method, path, body, headers):
    payload = None if body is None else json.dumps(body)
    connection.request(method, path, payload, {"Content-Type": "application/json"} | headers)


def answer(connection):
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"null")


def request(server, method, path, body=None, headers=None):
    connection = server.connection()
    try:
        send(connection, method, path, body, headers or {})
        return answer(connection)
    finally:
        connection.close()


def write(server, method, path, body, headers, point=None):
    """Send a write. When ``point`` is given, it is sent marked to stop there; the
    server is killed at that point and started again, and the client, who got no
    answer or half of one, sends it again with the same headers (its key)."""
    if point is None:
        return request(server, method, path, body, headers)
    connection = server.connection()
    try:
        send(connection, method, path, body, headers | {HEADER: point})
        server.kill_at(point)
        server.start()
        with pytest.raises((OSError, http.client.HTTPException)) as lost:
            answer(connection)
    finally:
        connection.close()
    if point == "mid-answer":  # the status and headers came, the body was cut short
        assert isinstance(lost.value, http.client.IncompleteRead), repr(lost.value)
    else:  # not a byte came back
        assert isinstance(lost.value, (ConnectionError, http.client.RemoteDisconnected))
    return request(server, method, path, body, headers)


def test_a_killed_server_loses_no_deal_and_doubles_none(server):
    games = []
    for number in range(1, GAMES + 1):
        status, created = write(
            server, "POST", "/api/v1/games", {"variant": "push", "players": FOUR},
            {"Idempotency-Key": str(uuid.uuid4())}, PLAN.get((number, 0)),
        )  # fmt: skip
        assert status == 201, created
        games.append(created)
    assert len({game["id"] for game in games}) == GAMES

    sent = {game["id"]: [] for game in games}
    for deal in range(1, DEALS + 1):
        for number, game in enumerate(games, start=1):
            body = {"went_out": "Ann", "points": {"Bob": 5 * deal, "Dan": 10}}
            headers = {"X-Edit-Key": game["edit_key"], "Idempotency-Key": str(uuid.uuid4())}
            path = f"/api/v1/games/{game['id']}/deals"
            status, answered = write(server, "POST", path, body, headers, PLAN.get((number, deal)))
            assert status == 201, answered
            assert [d["deal"] for d in answered["deals"]] == list(range(1, deal + 1))
            sent[game["id"]].append(body)

    assert server.kills == list(PLAN.values())  # every planned kill, where planned
    for game in games:
        status, now = request(server, "GET", f"/api/v1/games/{game['id']}")
        assert status == 200
        assert [deal["deal"] for deal in now["deals"]] == [1, 2, 3, 4, 5]  # none lost or doubled
        for deal, body in zip(now["deals"], sent[game["id"]], strict=True):
            assert deal["points"]["Bob"] == body["points"]["Bob"]  # each deal whole
        assert now["totals"] == {"We": 0, "They": sum(5 * n + 10 for n in range(1, 6))}
    assert "Traceback" not in server.log_text()
