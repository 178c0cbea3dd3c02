"""Writers on SQLite queue in the app, each woken as the one before it ends, rather
than retrying in SQLite's busy loop (which sleeps up to 100 ms between tries, so
eight writers at once made a deal's p99 635 ms): benchmarks/games.py prints the
figures; these tests hold the order and that nobody fails while waiting."""

import threading

import pytest

from referee.storage import database as storage
from referee.storage.writers import WriteQueue

from ..conftest import build_app, dispose, wait_for
from .test_sheet import Game

DEAL = {"went_out": "Ann", "points": {"Bob": 10, "Dan": 10}}
PATIENCE = 60  # seconds: a guard against a hang, not a measure


def test_writers_in_one_process_wait_in_the_apps_queue_while_one_writes(tmp_path):
    app = build_app(f"sqlite:///{tmp_path / 'referee.db'}")
    try:
        game = Game(app.test_client(), variant="push")
        queue = storage.write_queue(app)
        answers = []

        def writer():
            client = app.test_client()
            path = f"/api/v1/games/{game.id}/deals"
            answers.append(client.post(path, json=DEAL, headers=game.key).status_code)

        with app.app_context():
            storage.begin_write()  # a write that holds the database, as a slow one would
            writers = [threading.Thread(target=writer) for _ in range(4)]
            for thread in writers:
                thread.start()
            wait_for(lambda: queue.waiting == 4, "four writers waiting in the queue")
            storage.db.session.rollback()
        for thread in writers:
            thread.join()
        assert answers == [201] * 4
        assert [deal["deal"] for deal in game.get()["deals"]] == [1, 2, 3, 4]
    finally:
        dispose(app)


def test_the_queue_lets_writers_in_in_the_order_they_came():
    queue = WriteQueue()
    assert queue.enter(timeout=1)
    order, threads = [], []
    for number in range(5):

        def writer(number=number):
            assert queue.enter(timeout=PATIENCE)
            order.append(number)
            queue.leave()

        threads.append(threading.Thread(target=writer))
        threads[-1].start()
        wait_for(lambda number=number: queue.waiting == number + 1, f"writer {number} waiting")
    queue.leave()
    for thread in threads:
        thread.join()
    assert order == [0, 1, 2, 3, 4]
    assert queue.enter(timeout=1)  # free again


def test_a_writer_that_waits_too_long_gives_up_and_leaves_the_queue_as_it_was():
    queue = WriteQueue()
    assert queue.enter(timeout=1)
    assert not queue.enter(timeout=0.01)
    assert queue.waiting == 0
    queue.leave()
    assert queue.enter(timeout=1)


@pytest.mark.parametrize("twice", [False, True])
def test_every_app_on_one_sqlite_file_shares_its_queue(tmp_path, twice):
    uri = f"sqlite:///{tmp_path / 'referee.db'}"
    first = build_app(uri)
    second = build_app(uri if twice else f"sqlite:///{tmp_path / 'other.db'}")
    try:
        assert (storage.write_queue(first) is storage.write_queue(second)) == twice
    finally:
        dispose(first)
        dispose(second)
