"""Live sheets through the real server (gunicorn with gunicorn.conf.py, as `make run`
serves: two workers of four threads): a game's stream of events, on the pages'
path and the API's, told of every saved deal whichever worker or server saved it,
kept open in the event loop (two hundred of them take no thread), refused as a
read is, and ended cleanly when the server stops. No test here times anything:
each waits for what it expects, ``PATIENCE`` being a guard against a hang."""

import contextlib
import http.client
import json
import re
import signal

from .conftest import gunicorn, gunicorn_process
from .test_served import FOUR, PATIENCE, call


class Stream:
    """One follower: a stream opened on its own connection, read event by event."""

    def __init__(self, port, path, headers=None):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()
        self.pending = b""

    def event(self):
        """The next event (``{"id", "event", "data"}``), skipping comments and the
        ``retry`` field; None when the stream ended cleanly (http.client raises if
        it was cut short: its chunked body unfinished)."""
        while True:
            while b"\n\n" not in self.pending:
                piece = self.response.read1()
                if not piece:
                    return None
                self.pending += piece
            block, self.pending = self.pending.split(b"\n\n", 1)
            fields = dict(
                line.split(": ", 1) for line in block.decode().splitlines() if ": " in line
            )
            if "event" in fields:
                return fields | {"data": json.loads(fields["data"])}

    def close(self):
        self.connection.close()


@contextlib.contextmanager
def streams(port, paths, headers=None):
    opened = []
    try:
        for path in paths:
            opened.append(Stream(port, path, headers))
        yield opened
    finally:
        for stream in opened:
            stream.close()


def new_game(port):
    status, _, game = call(port, "POST", "/api/v1/games", {"variant": "push", "players": FOUR})
    assert status == 201, game
    return game


def save_deal(port, game, number=1):
    deal = {"went_out": "Ann", "points": {"Bob": 5 * number, "Cat": 5, "Dan": 10}}
    headers = {"X-Edit-Key": game["edit_key"]}
    status, answer, body = call(port, "POST", f"/api/v1/games/{game['id']}/deals", deal, headers)
    assert status == 201, body
    return int(answer.getheader("ETag").strip('"v'))  # the game's new version


def paths_of(game, count):
    """``count`` followers, the pages' path and the API's in turn, each having seen
    the game's first version."""
    pages, api = f"/games/{game['id']}/events", f"/api/v1/games/{game['id']}/events"
    return [f"{pages if n % 2 else api}?seen=1" for n in range(count)]


def test_a_deal_saved_by_another_client_reaches_every_stream_following_the_game(served):
    game, other = new_game(served), new_game(served)
    with (
        streams(served, paths_of(game, 12)) as followers,
        streams(served, paths_of(other, 2)) as elsewhere,
    ):
        for stream in followers + elsewhere:
            assert stream.response.status == 200
            assert stream.response.getheader("Content-Type").startswith("text/event-stream")
            assert stream.response.getheader("X-Accel-Buffering") == "no"
            assert stream.response.getheader("X-Referee-Stream") is None  # the server's own
        save_deal(served, game)
        for stream in followers:
            assert stream.event() == {
                "id": "2",
                "event": "changed",
                "data": {"game": game["id"], "version": 2},
            }
        save_deal(served, other)  # the other game's followers hear of theirs, only
        for stream in elsewhere:
            assert stream.event()["data"] == {"game": other["id"], "version": 2}


def test_a_stream_opened_after_a_change_is_told_at_once(served):
    game = new_game(served)
    save_deal(served, game)
    path = f"/api/v1/games/{game['id']}/events"
    with streams(served, [f"{path}?seen=1", path, f"{path}?seen=2"]) as (behind, new, current):
        assert behind.event()["id"] == "2"
        assert new.event()["id"] == "2"
        save_deal(served, game, 2)
        assert current.event()["id"] == "3"  # nothing before: it had seen version 2
    with streams(served, [path], {"Last-Event-ID": "3"}) as (back,):
        save_deal(served, game, 3)
        assert back.event()["id"] == "4"


def test_two_hundred_open_streams_leave_a_cheap_read_answered(served):
    game = new_game(served)
    with streams(served, paths_of(game, 200)) as followers:
        assert {stream.response.status for stream in followers} == {200}
        # Eight threads in all: a stream holding one would leave none to answer this.
        for _ in range(20):
            assert call(served, "GET", "/api/v1/variants")[0] == 200
        version = save_deal(served, game)
        assert {stream.event()["data"]["version"] for stream in followers} == {version}


def test_a_head_of_the_stream_is_answered_and_ended(served):
    game = new_game(served)
    connection = http.client.HTTPConnection("127.0.0.1", served, timeout=PATIENCE)
    try:
        connection.request("HEAD", f"/api/v1/games/{game['id']}/events")
        response = connection.getresponse()
        assert (response.status, response.read()) == (200, b"")
        assert response.getheader("Content-Type").startswith("text/event-stream")
        connection.request("GET", "/api/v1/variants")  # the connection is free again
        assert connection.getresponse().status == 200
    finally:
        connection.close()


def read_answer(port, path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read().decode()
        if response.getheader("Content-Type", "").startswith("text/html"):
            body = re.search(r"<main>.*</main>", body, re.S).group(0)  # the page's own words
        return response.status, response.getheader("Content-Type"), body
    finally:
        connection.close()


#: Reads refused, and how: (the read, its headers).
REFUSED_READS = [
    ("/games/{missing}", {}),
    ("/api/v1/games/{missing}", {}),
    ("/api/v1/games/{missing}", {"Accept-Language": "es"}),
    ("/api/v1/games/{game}", {"Origin": "https://elsewhere.example"}),
    ("/games/{bad}", {}),
]


def test_a_stream_that_may_not_be_read_gets_the_answer_a_read_gets(served):
    """Each refused read of REFUSED_READS, asked of one server: its stream's answer is
    the read's own, status, type and words."""
    game = new_game(served)
    for read, headers in REFUSED_READS:
        read = read.format(game=game["id"], missing="NoSuchGame0000000000", bad="a.b")
        expected = read_answer(served, read, headers)
        assert expected[0] in (403, 404), (read, headers)
        assert read_answer(served, f"{read}/events", headers) == expected, (read, headers)


def test_streams_end_cleanly_when_the_server_stops(database_uri, tmp_path):
    log_path = tmp_path / "gunicorn.log"
    with gunicorn_process(database_uri, log_path) as (port, process):
        game = new_game(port)
        with streams(port, paths_of(game, 6)) as followers:
            assert {stream.response.status for stream in followers} == {200}
            process.send_signal(signal.SIGTERM)  # as a host stops the service
            # Each answer ends with its last chunk (not cut off), and nothing else comes.
            assert [stream.event() for stream in followers] == [None] * 6
            assert all(stream.response.getheader("Connection") == "close" for stream in followers)
        assert process.wait(timeout=PATIENCE) == 0
    log = log_path.read_text()
    assert "Forcing close" not in log
    assert "Traceback" not in log


def test_a_deal_saved_on_one_server_reaches_a_stream_on_another(database_uri, tmp_path):
    """Two servers on one database (SQLite: one file; PostgreSQL, when the tests have
    one: LISTEN/NOTIFY), one worker each: the change crosses from one to the other."""
    one = gunicorn(database_uri, tmp_path / "one.log", "--workers", "1")
    other = gunicorn(database_uri, tmp_path / "other.log", "--workers", "1")
    with one as first:
        game = new_game(first)  # the schema is made by the first, before the second starts
        with other as second, streams(second, paths_of(game, 2)) as followers:
            save_deal(first, game)
            for stream in followers:
                assert stream.event()["data"] == {"game": game["id"], "version": 2}
