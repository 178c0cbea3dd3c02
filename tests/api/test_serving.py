"""The server itself, with real sockets against the real gunicorn (gunicorn.conf.py,
as ``make run`` serves): slow clients hold nothing, what the server refuses is a JSON
sentence and never a 500, a refusal that closes the connection says so, and the
app behind the server still reads a proxy's headers and logs each request.

Nothing here judges time: every wait is for an answer or the end of a connection,
with ``PATIENCE`` as a guard against a hang."""

import http.client
import json
import re
import socket
import sqlite3

import pytest

from ..conftest import wait_for
from .conftest import gunicorn

PATIENCE = 120  # a guard against a hang, not a measure of speed
#: Slow connections held open at once: many times the server's threads (2 x 4).
SLOW = 100
#: A meld check's body, and its length.
MELD = b'{"variant": "push", "cards": "6D 2S JK"}'
LIMIT = 64 * 1024  # docs/api.md: a body over 64 KB is a 413


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the tests of the server's own reading of requests (a SQLite
    database: they do not reach the storage); its port and its log."""
    folder = tmp_path_factory.mktemp("serving")
    log = folder / "gunicorn.log"
    # No head here meets its deadline (a test's slow heads wait as long as it needs).
    with gunicorn(f"sqlite:///{folder / 'referee.db'}", log, HEAD_SECONDS=600) as port:
        yield port, log


def connect(port):
    return socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)


def answer_on(sock, method="GET"):
    """The next answer on ``sock``: (status, headers with lower-case names, body)."""
    response = http.client.HTTPResponse(sock, method=method)
    response.begin()
    body = response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def exchange(port, request):
    """Send ``request`` (bytes) on a new connection: its answer, and whether the
    server then closed the connection (it is closed here either way)."""
    with connect(port) as sock:
        sock.sendall(request)
        status, headers, body = answer_on(sock)
        return status, headers, body, sock.recv(1) == b""


def post(path, *lines, body=b""):
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    return head.encode() + b"".join(line + b"\r\n" for line in lines) + b"\r\n" + body


def chunked(body):
    return f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"


def assert_refused(server, request, expected):
    """``request`` is answered ``expected`` with a JSON sentence that says the
    connection closes, the connection is then closed, and nothing is a traceback."""
    port, log = server
    status, headers, body, closed = exchange(port, request)
    assert status == expected, body
    assert headers["content-type"] == "application/json"
    assert set(json.loads(body)) == {"error"}
    assert headers["connection"] == "close"
    assert closed
    assert "Traceback" not in log.read_text()


def test_slow_clients_leave_the_server_to_the_others(server):
    served, _ = server
    """Connections that send their headers a line at a time, or their body a byte at
    a time, many more than the server has threads: a phone is answered while every
    one of them is still open and unfinished, and each is answered once it ends."""
    headers_slow, bodies_slow = [], []
    for number in range(SLOW // 2):
        sock = connect(served)
        sock.sendall(
            f"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: {number}\r\n".encode()
        )
        headers_slow.append(sock)
        sock = connect(served)
        sock.sendall(
            post("/api/v1/melds/check", f"Content-Length: {len(MELD)}".encode()) + MELD[:5]
        )
        bodies_slow.append(sock)
    try:
        # Sent after all of them, so it waits behind them in the server's queue.
        with connect(served) as phone:
            phone.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            status, _, body = answer_on(phone)
        assert (status, json.loads(body)) == (200, {"database": "ok", "schema": "current"})

        for sock in headers_slow + bodies_slow:  # still open, still unanswered
            sock.setblocking(False)
            with pytest.raises(BlockingIOError):
                sock.recv(1)
            sock.settimeout(PATIENCE)

        for sock in headers_slow:
            sock.sendall(b"\r\n")
            status, _, body = answer_on(sock)
            assert status == 200
            assert "push" in {variant["id"] for variant in json.loads(body)}
        for sock in bodies_slow:
            sock.sendall(MELD[5:])
            status, _, body = answer_on(sock)
            assert (status, json.loads(body)["legal"]) == (200, True)
    finally:
        for sock in headers_slow + bodies_slow:
            sock.close()


def api_writes(port):
    """Every path of /api/v1 that takes a body (POST, PUT), as the server describes
    them, each parameter filled in."""
    with connect(port) as sock:
        sock.sendall(b"GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        _, _, body = answer_on(sock)
    paths = json.loads(body)["paths"]
    return [
        (method.upper(), re.sub(r"\{[^}]+\}", "1", path))
        for path, item in paths.items()
        for method in item
        if method in ("post", "put")
    ]


def test_a_malformed_chunked_body_on_any_api_write_is_a_json_400(server):
    writes = api_writes(server[0])
    assert ("POST", "/api/v1/melds/check") in writes
    for method, path in writes:
        request = post(path, b"Transfer-Encoding: chunked", body=b"ZZ\r\n{}\r\n0\r\n\r\n")
        assert_refused(server, request.replace(b"POST", method.encode(), 1), 400)


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n",
        b"GET /api/v1/variants HTTP/9\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /api/v1/vari\x01ants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Name: x\r\n\r\n",
        post("/api/v1/melds/check", b"Content-Length: 2", b"Content-Length: 3", body=b"{}"),
        post("/api/v1/melds/check", b"Content-Length: x", body=b"{}"),
        post(
            "/api/v1/melds/check", b"Content-Length: 2", b"Transfer-Encoding: chunked", body=b"{}"
        ),
    ],
    ids=[
        "header without colon",
        "HTTP/9",
        "control character in path",
        "space in header name",
        "two Content-Lengths",
        "Content-Length not a number",
        "Content-Length and chunked",
    ],
)
def test_malformed_http_under_api_is_a_json_400(server, request_bytes):
    assert_refused(server, request_bytes, 400)


@pytest.mark.parametrize(
    "request_bytes",
    [
        post("/api/v1/melds/check", f"Content-Length: {LIMIT + 1}".encode()),  # body not sent
        post(
            "/api/v1/melds/check", b"Transfer-Encoding: chunked", body=chunked(b" " * (LIMIT + 1))
        ),
    ],
    ids=["declared", "chunked"],
)
def test_a_413_says_it_closes_the_connection_and_does(server, request_bytes):
    assert_refused(server, request_bytes, 413)


def test_a_chunked_body_up_to_the_limit_is_read_and_the_connection_kept(server):
    served, _ = server
    body = MELD + b" " * (LIMIT - len(MELD))  # 64 KB exactly: allowed
    with connect(served) as sock:
        for _ in range(2):  # the same connection twice: it was kept
            sock.sendall(
                post("/api/v1/melds/check", b"Transfer-Encoding: chunked", body=chunked(body))
            )
            status, headers, answer = answer_on(sock)
            assert (status, json.loads(answer)["legal"]) == (200, True)
            assert "connection" not in headers


def test_a_body_that_stops_coming_is_a_json_408(tmp_path):
    """A client silent in the middle of its body for gunicorn's ``timeout`` (10 s
    here: long enough for a busy machine to keep the workers' heartbeat) is told
    so, and the connection closed: not a 500."""
    database = f"sqlite:///{tmp_path / 'referee.db'}"
    with gunicorn(database, tmp_path / "gunicorn.log", "--timeout", "10") as port:
        request = post("/api/v1/melds/check", f"Content-Length: {len(MELD)}".encode())
        assert_refused((port, tmp_path / "gunicorn.log"), request + MELD[:5], 408)


def test_a_client_gone_in_the_middle_of_its_body_is_logged_as_gone_not_as_a_500(server):
    """Nothing is answered to a client that hung up before its body was whole:
    the log says it left, and nothing in it reads as a server error."""
    port, log = server
    left = "a client at 127.0.0.1 left before its request was answered"
    before = log.read_text().count(left)
    request = post("/api/v1/melds/check", f"Content-Length: {len(MELD)}".encode())
    for _ in range(3):
        with connect(port) as sock:
            sock.sendall(request + MELD[:5])

    def all_gone():
        return log.read_text().count(left) == before + 3

    wait_for(all_gone, "three clients logged as gone", PATIENCE)
    assert not [line for line in log.read_text().splitlines() if " 500 " in line]


def test_behind_a_proxy_the_app_reads_the_phones_address_and_logs_each_request(tmp_path):
    """With PROXY_HOPS=1 the limit on new games counts the address the proxy names
    (ProxyFix, behind the server as before), and each request has its log line."""
    log = tmp_path / "gunicorn.log"
    database = f"sqlite:///{tmp_path / 'referee.db'}"
    with gunicorn(database, log, PROXY_HOPS=1, GAMES_PER_MINUTE=1) as port:

        def new_game(address):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
            body = {"variant": "push", "players": ["Ann", "Bob", "Cat", "Dan"]}
            headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
            connection.request("POST", "/api/v1/games", json.dumps(body), headers)
            status = connection.getresponse().status
            connection.close()
            return status

        assert new_game("192.0.2.1") == 201
        assert new_game("192.0.2.1") == 429  # that phone's allowance is spent
        assert new_game("192.0.2.2") == 201  # another phone behind the same proxy
    lines = [line for line in log.read_text().splitlines() if " INFO referee: " in line]
    assert [line.split(" INFO referee: ")[1].split()[:3] for line in lines] == [
        ["POST", "/api/v1/games", "201"],
        ["POST", "/api/v1/games", "429"],
        ["POST", "/api/v1/games", "201"],
    ]


def test_writers_waiting_for_the_write_turn_leave_the_reads_their_threads(tmp_path):
    """With the database's write lock held elsewhere, many more new games sent at
    once than a worker has threads wait for their turn on the writes' own threads
    and in the worker's loop: a read sent after them is answered while every one of
    them still waits, and each is answered once the lock is let go."""
    path = tmp_path / "referee.db"
    log = tmp_path / "gunicorn.log"
    new_game = json.dumps({"variant": "push", "players": ["Ann", "Bob", "Cat", "Dan"]})
    request = post(
        "/api/v1/games", f"Content-Length: {len(new_game)}".encode(), body=new_game.encode()
    )
    with gunicorn(f"sqlite:///{path}", log, "--workers=1") as port:
        status, _, body, _ = exchange(port, request)
        assert status == 201
        game = json.loads(body)["id"]
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # a write that holds the database
        writers = [connect(port) for _ in range(12)]  # 4 threads for reads, 4 for writes
        try:
            for sock in writers:
                sock.sendall(request)
            with connect(port) as phone:
                phone.sendall(f"GET /api/v1/games/{game} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                status, _, body = answer_on(phone)
            assert (status, json.loads(body)["id"]) == (200, game)
            for sock in writers:  # still waiting for their turn, every one
                sock.setblocking(False)
                with pytest.raises(BlockingIOError):
                    sock.recv(1)
                sock.settimeout(PATIENCE)
            holder.execute("ROLLBACK")
            assert [answer_on(sock)[0] for sock in writers] == [201] * len(writers)
        finally:
            holder.close()
            for sock in writers:
                sock.close()
