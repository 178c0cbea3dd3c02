"""A request's head on the real server (gunicorn.conf.py, as ``make run`` serves;
referee/plumbing/heads.py): one larger than 32 KB is refused as soon as it passes
them, one not whole in time is refused when its time is up, an address with too
many heads coming at once is refused the next, each a JSON sentence and the
connection closed; a phone is answered meanwhile, and a phone's largest head
passes.

Nothing here judges time: the deadline is one second where a test waits for it
(each such connection waits for its answer, however late), and ten minutes where
a test must not meet it; every other wait is for an answer or the end of a
connection, with ``PATIENCE`` as a guard against a hang."""

import json
import select
import socket

import pytest

from .conftest import gunicorn
from .test_serving import PATIENCE, answer_on

#: Connections with heads coming at once: a few hundred, spread over this many
#: loopback addresses (127.0.0.2 and up) so that no address has too many.
HEADS = 200
ADDRESSES = 50
#: The server's limits on a head (gunicorn.conf.py, the app's defaults).
HEAD_BYTES = 32 * 1024
PER_ADDRESS = 64
WORKERS = 2
#: A request line, and a header line of 8,000 bytes (gunicorn reads one of 8,190).
REQUEST_LINE = b"GET /api/v1/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n"
LINE = b"X-Large: " + b"a" * (8_000 - 11) + b"\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server whose deadline for a head no test here meets; its port and log."""
    folder = tmp_path_factory.mktemp("heads")
    log = folder / "gunicorn.log"
    with gunicorn(f"sqlite:///{folder / 'referee.db'}", log, HEAD_SECONDS=600) as port:
        yield port, log


def connect(port, number=0, address=None):
    """A connection from loopback address ``address``, else one of ``ADDRESSES``."""
    source = address or f"127.0.0.{2 + number % ADDRESSES}"
    return socket.create_connection(
        ("127.0.0.1", port), timeout=PATIENCE, source_address=(source, 0)
    )


def assert_refused_and_closed(sock, status):
    got, headers, body = answer_on(sock)
    assert got == status, body
    assert headers["content-type"] == "application/json"
    assert headers["connection"] == "close"
    assert set(json.loads(body)) == {"error"}
    assert sock.recv(1) == b""
    return headers


def assert_open_and_unanswered(sockets):
    for sock in sockets:
        sock.setblocking(False)
        with pytest.raises(BlockingIOError):
            sock.recv(1)
        sock.settimeout(PATIENCE)


def phone_answered(port, address="127.0.0.1"):
    """A phone's request, its head sent whole, is answered."""
    with connect(port, address=address) as phone:
        phone.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status, _, body = answer_on(phone)
    assert (status, json.loads(body)) == (200, {"database": "ok", "schema": "current"})


def test_heads_past_32_kb_are_refused_and_a_phone_is_answered_meanwhile(server):
    """A few hundred connections each hold 24 KB of a head and send no more: a
    phone is answered while all are open; a byte past 32 KB is a 431."""
    port, log = server
    held = REQUEST_LINE + LINE * 3
    sockets = [connect(port, number) for number in range(HEADS)]
    try:
        for sock in sockets:
            sock.sendall(held)
        phone_answered(port)
        assert_open_and_unanswered(sockets)
        more = LINE + b"X-More: " + b"b" * (HEAD_BYTES + 1 - len(held + LINE) - 8)
        for sock in sockets:
            sock.sendall(more)  # each line under gunicorn's 8,190; the last byte one too many
            assert_refused_and_closed(sock, 431)
    finally:
        for sock in sockets:
            sock.close()
    assert "Traceback" not in log.read_text()


def test_a_phones_largest_head_passes(server):
    """The app's longest link (the language switch on a rules card's share page,
    a card of 4,000 characters), that page as Referer and as htmx's
    HX-Current-URL, and a phone's cookie: about 14 KB, answered."""
    port, _ = server
    page = "/rules/" + "A" * 4000 + "/share"
    head = (
        f"GET /language/es?next={page} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Referer: http://127.0.0.1:{port}{page}\r\n"
        f"HX-Current-URL: http://127.0.0.1:{port}{page}\r\n"
        f"Cookie: session={'c' * 200}; language=en\r\n"
        "User-Agent: Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile\r\n"
        "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
        "Accept-Language: es-ES,es;q=0.9,en;q=0.8\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n"
    ).encode()
    assert len(head) > 12_000
    with connect(port) as sock:
        sock.sendall(head)
        status, headers, _ = answer_on(sock)
    assert (status, headers["location"]) == (303, page)


def test_an_address_with_too_many_heads_coming_is_refused_at_once(server):
    """One address more heads coming than the two workers allow it: one is refused
    (429, Retry-After) without waiting for any deadline, and a phone at that same
    address, its head sent whole, is answered meanwhile."""
    port, log = server
    address = "127.0.0.200"  # no other test's
    sockets = [connect(port, address=address) for _ in range(WORKERS * PER_ADDRESS + 1)]
    try:
        for sock in sockets:
            sock.sendall(REQUEST_LINE)
        answered, _, _ = select.select(sockets, [], [], PATIENCE)
        assert answered, "no connection refused"
        headers = assert_refused_and_closed(answered[0], 429)
        assert headers["retry-after"] == "1"
        phone_answered(port, address)
    finally:
        for sock in sockets:
            sock.close()
    assert "Traceback" not in log.read_text()


def test_heads_not_whole_in_time_are_refused(tmp_path):
    """With a deadline of a second: connections that send part of a head, or
    nothing at all, and a kept-alive connection that starts a second request and
    stops, are each answered 408 when their time is up, and closed."""
    log = tmp_path / "gunicorn.log"
    with gunicorn(f"sqlite:///{tmp_path / 'referee.db'}", log, HEAD_SECONDS=1) as port:
        sockets = [connect(port, number) for number in range(HEADS)]
        try:
            for number, sock in enumerate(sockets):
                if number % 10:  # one in ten sends nothing
                    sock.sendall(REQUEST_LINE + LINE * 3)
            kept = connect(port)
            sockets.append(kept)
            kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert answer_on(kept)[0] == 200
            kept.sendall(REQUEST_LINE)
            for sock in sockets:
                assert_refused_and_closed(sock, 408)
        finally:
            for sock in sockets:
                sock.close()
    assert "Traceback" not in log.read_text()
