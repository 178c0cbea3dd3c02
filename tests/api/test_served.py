"""The API as a program on the network calls it: a real HTTP client against the real
server (gunicorn with gunicorn.conf.py, as `make run` serves; compression on), on
SQLite and PostgreSQL. What Flask's test client cannot show: the ETag a client gets
back when it accepts compression, gunicorn's own refusals, concurrent retries."""

import gzip
import http.client
import json
import threading

import pytest

FOUR = ["Ann", "Bob", "Cat", "Dan"]
PATIENCE = 120  # a guard against a hang, not a measure of speed


def call(port, method, path, body=None, headers=None):
    """One request on a connection of its own: (status, headers, body as JSON)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    try:
        payload = None if body is None else json.dumps(body)
        connection.request(
            method, path, payload, {"Content-Type": "application/json"} | (headers or {})
        )
        response = connection.getresponse()
        data = response.read()
        if response.getheader("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return response.status, response, json.loads(data) if data else None
    finally:
        connection.close()


def test_a_client_accepting_compression_writes_with_the_etag_it_was_given(served):
    gz = {"Accept-Encoding": "gzip"}
    status, _, game = call(
        served, "POST", "/api/v1/games", {"variant": "push", "players": FOUR}, gz
    )
    assert status == 201
    key = {"X-Edit-Key": game["edit_key"]}
    path = f"/api/v1/games/{game['id']}"
    status, read, _ = call(served, "GET", path, headers=gz)
    assert read.getheader("Content-Encoding") == "gzip"
    etag = read.getheader("ETag")
    assert etag.endswith(':gzip"')
    for number in range(1, 6):  # a careful client: every write with the ETag it got
        deal = {"went_out": "Ann", "points": {"Bob": 5 * number, "Dan": 10}}
        status, answer, body = call(
            served, "POST", f"{path}/deals", deal, gz | key | {"If-Match": etag}
        )
        assert status == 201, body
        etag = answer.getheader("ETag")
    assert call(served, "GET", path, headers=gz | {"If-None-Match": etag})[0] == 304


def test_ten_creations_at_once_with_one_key_answer_alike(served):
    start = threading.Barrier(10)
    answers = []

    def create():
        start.wait()
        answers.append(
            call(
                served,
                "POST",
                "/api/v1/games",
                {"variant": "push", "players": FOUR},
                {"Idempotency-Key": "ten-at-once-1"},
            )
        )

    threads = [threading.Thread(target=create) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [status for status, _, _ in answers] == [201] * 10
    assert len({json.dumps(body, sort_keys=True) for _, _, body in answers}) == 1


def test_the_sheet_csv_writes_a_formula_name_as_text(served):
    body = {"variant": "push", "players": FOUR, "teams": ["=1+1", "They"]}
    status, _, game = call(served, "POST", "/api/v1/games", body)
    assert status == 201
    connection = http.client.HTTPConnection("127.0.0.1", served, timeout=PATIENCE)
    connection.request("GET", f"/api/v1/games/{game['id']}/sheet.csv")
    sheet = connection.getresponse().read().decode()
    connection.close()
    assert sheet.splitlines()[0] == "deal,cards_dealt,'=1+1,They"


@pytest.mark.parametrize(
    ("path", "headers", "status"),
    [
        ("/api/v1/" + "x" * 9000, {}, 414),
        ("/api/v1/variants", {"X-Long": "y" * 9000}, 431),
    ],
)
def test_gunicorns_own_refusals_are_json_sentences(served, path, headers, status):
    connection = http.client.HTTPConnection("127.0.0.1", served, timeout=PATIENCE)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    assert response.status == status
    assert response.getheader("Content-Type") == "application/json"
    assert set(json.loads(body)) == {"error"}


def test_healthz_on_the_real_server(served):
    status, _, body = call(served, "GET", "/healthz")
    assert (status, body) == (200, {"database": "ok", "schema": "current"})
