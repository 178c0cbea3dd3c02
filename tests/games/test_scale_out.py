"""Two app servers on one database, as two hosts behind a proxy would be: what one
server says holds on the other.

- an ETag from one server is the other's (a 304 there), for the API and the sheet;
- a retry with the same Idempotency-Key landing on the other server is answered as
  the first time and counts once (a new game, a deal);
- a write on a stale ETag is a 412 on either server;
- the limit on new games a minute from one address is one allowance for both.

Runs on SQLite (two servers on one file) and, when TEST_DATABASE_URL is set, on
PostgreSQL. Each server is a gunicorn of its own (gunicorn.conf.py, as make run),
handed a listening socket this test opened (``--bind fd://N``): a request sent
before a server is up waits in the socket's queue, so nothing polls for it to
start. A fixture stops both, pass or fail.
"""

import contextlib
import ctypes
import http.client
import json
import os
import signal
import socket
import subprocess
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from flask import Flask

from referee.storage.connections import connections_beyond

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Ann", "Bob", "Cat", "Dan"]
#: A guard against a hang, not a measure: how long a busy machine may take to answer.
PATIENCE = 120
#: The allowance of new games a minute, for one address, shared by both servers.
PER_MINUTE = 4


def dies_with_this_process(signum):
    """A ``preexec_fn``: the child gets ``signum`` when this process dies, however it
    dies (Linux's PR_SET_PDEATHSIG), so no server outlives the run."""
    parent = os.getpid()
    libc = ctypes.CDLL(None, use_errno=True)

    def preexec():
        libc.prctl(1, signum)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent died before the call above
            os.kill(os.getpid(), signum)

    return preexec


class Server:
    """One gunicorn, in a process group of its own, on a socket this test holds."""

    def __init__(self, name, database_uri, folder, **environment):
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=128)
        self.port = self.listener.getsockname()[1]
        self.log_path = folder / f"gunicorn-{name}.log"
        self.log = self.log_path.open("ab")
        fd = self.listener.fileno()
        self.process = subprocess.Popen(
            [str(ROOT / ".venv/bin/gunicorn"), "--bind", f"fd://{fd}", "referee:create_app()"],
            cwd=ROOT,  # gunicorn.conf.py is read, as by make run
            env=os.environ
            | {
                "DATABASE_URL": database_uri,
                "SECRET_KEY": "scale-out",  # the same on both: one phone's cookie is good on both
                "REFEREE_GAMES_PER_MINUTE": str(PER_MINUTE),
            }
            | environment,
            stdout=self.log,
            stderr=self.log,
            pass_fds=(fd,),
            start_new_session=True,
            preexec_fn=dies_with_this_process(signal.SIGTERM),
        )

    def close(self):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.listener.close()
        self.log.close()

    def tracebacks(self):
        self.log.flush()
        return self.log_path.read_text(errors="replace").count("Traceback")

    def request(self, method, path, body=None, headers=None):
        """The status, headers and body (JSON, or the bytes of a page) of one request."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=PATIENCE)
        try:
            payload = None if body is None else json.dumps(body)
            sent = ({"Content-Type": "application/json"} if body is not None else {}) | (
                headers or {}
            )
            connection.request(method, path, payload, sent)
            response = connection.getresponse()
            data = response.read()
            kind = response.getheader("Content-Type") or ""
            answer = json.loads(data) if data and kind.startswith("application/json") else data
            return response.status, response.headers, answer
        finally:
            connection.close()


@pytest.fixture
def servers(database_uri, tmp_path):
    """Two servers on one database, stopped after the test, pass or fail. The first
    brings the schema up to date before the second starts (each does at start, under
    a lock; asking the first for something is waiting for that, not for a clock)."""
    started = []
    try:
        started.append(Server("a", database_uri, tmp_path))
        assert started[0].request("GET", "/api/v1/variants")[0] == 200
        started.append(Server("b", database_uri, tmp_path))
        yield started
        assert [server.tracebacks() for server in started] == [0, 0]
    finally:
        for server in started:
            server.close()
        for server in started:  # shown by pytest when the test fails
            print(f"--- {server.log_path.name} ---\n{server.log_path.read_text(errors='replace')}")


def new_game(server, key=None):
    headers = {"Idempotency-Key": key or str(uuid.uuid4())}
    return server.request("POST", "/api/v1/games", {"variant": "push", "players": FOUR}, headers)


def deal(server, game, etag, key, bob=10):
    headers = {"X-Edit-Key": game["edit_key"], "If-Match": etag, "Idempotency-Key": key}
    body = {"went_out": "Ann", "points": {"Bob": bob, "Dan": 5}}
    return server.request("POST", f"/api/v1/games/{game['id']}/deals", body, headers)


def test_two_servers_on_one_database_agree(servers):
    a, b = servers

    # A game created on A, its request retried on B: one game, the same answer.
    key = str(uuid.uuid4())
    status, headers, game = new_game(a, key)
    assert status == 201
    status, again_headers, again = new_game(b, key)
    assert status == 201
    assert again == game  # the same id and the same edit key: a replay, not a new game
    assert again_headers["ETag"] == headers["ETag"]

    # The ETag of one server is the other's: unchanged is a 304 on both.
    path = f"/api/v1/games/{game['id']}"
    tag = a.request("GET", path)[1]["ETag"]
    assert b.request("GET", path)[1]["ETag"] == tag
    assert b.request("GET", path, headers={"If-None-Match": tag})[0] == 304

    # A deal recorded on A and retried on B counts once.
    deal_key = str(uuid.uuid4())
    status, first_headers, first = deal(a, game, tag, deal_key)
    assert status == 201
    status, retry_headers, retry = deal(b, game, tag, deal_key)
    assert status == 201
    assert retry == first
    assert retry_headers["ETag"] == first_headers["ETag"]
    now = first_headers["ETag"]

    # The old ETag is stale on both: a write on it is refused with 412, on either.
    for server in (a, b):
        status, _, answer = deal(server, game, tag, str(uuid.uuid4()))
        assert status == 412, answer
    # ...and the ETag that is current now is current on both.
    for server in (b, a):
        assert server.request("GET", path, headers={"If-None-Match": now})[0] == 304

    # Two deals sent at once, one to each server, on the same ETag: one is saved, and
    # the other is refused as stale (or as recorded at the same moment), never both.
    with ThreadPoolExecutor(2) as pool:
        statuses = sorted(
            pool.map(lambda s: deal(s, game, now, str(uuid.uuid4()), bob=20)[0], (a, b))
        )
    assert statuses[0] == 201
    assert statuses[1] in (409, 412)

    for server in (a, b):
        status, _, read = server.request("GET", path)
        assert status == 200
        assert [d["deal"] for d in read["deals"]] == [1, 2]  # none lost, none doubled
        assert read["totals"] == {"We": 0, "They": 15 + 25}


def test_a_phone_following_the_sheet_may_be_answered_by_either_server(servers):
    a, b = servers
    _, _, game = new_game(a)
    path = f"/games/{game['id']}"
    status, headers, _ = a.request("GET", path)  # the whole page: the phone's cookie
    assert status == 200
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    poll = {"HX-Request": "true", "Cookie": cookie, "Accept-Encoding": "gzip"}
    status, headers, _ = b.request("GET", path, headers=poll)
    assert status == 200
    assert "Set-Cookie" not in headers
    tag = headers["ETag"]
    for server in (a, b):
        status, headers, _ = server.request("GET", path, headers=poll | {"If-None-Match": tag})
        assert status == 304
        assert "Set-Cookie" not in headers


def test_the_limit_on_new_games_is_one_allowance_for_both_servers(servers):
    a, b = servers
    made = [new_game(server)[0] for server in (a, b, a, b)]
    assert made == [201] * PER_MINUTE
    for server in (a, b):
        status, headers, answer = new_game(server)
        assert status == 429, answer
        assert int(headers["Retry-After"]) >= 1


def test_a_server_whose_workers_may_hold_more_connections_than_postgresql_lets_in_says_so(
    database_uri, tmp_path
):
    """Each worker holds up to one connection for each of its threads, one for each
    read thread's polls and its streams' listener. A worker of ten thousand writer
    threads may hold more than any PostgreSQL lets in by default: its log says so,
    once, before it answers anything. SQLite has no such limit and says nothing."""
    server = Server(
        "crowded",
        database_uri,
        tmp_path,
        REFEREE_WRITE_THREADS="10000",  # started one by one as writes come: none here
        GUNICORN_CMD_ARGS="--workers 1",
    )
    try:
        assert server.request("GET", "/api/v1/variants")[0] == 200
        server.log.flush()
        log = server.log_path.read_text(errors="replace")
    finally:
        server.close()
    said = log.count("PostgreSQL connections")
    assert said == (0 if database_uri.startswith("sqlite") else 1), log
    assert "Traceback" not in log


def test_a_worker_serving_an_app_without_the_referees_database_asks_nothing():
    """The worker serves any WSGI app (the load benchmark's bare Flask floor): one
    without the referee's database has no connections to count, and boots."""
    assert connections_beyond(Flask("bare"), workers=1000, threads=4, writers=4) is None
