"""The writers of a SQLite database queue in the app, in the order they came.

SQLite lets one writer in at a time; one that finds the database locked sleeps in
SQLite's busy loop and tries again, up to 100 ms between tries, so eight writers at
once waited far longer than the writes took (a deal's p99 635 ms). The writers of a
process instead wait in a queue of the app's, each woken the moment the one before
it ends (:func:`referee.storage.database.configure_engine` enters it before BEGIN
IMMEDIATE and leaves it as the connection goes back to the pool). Two processes
(gunicorn's workers) still meet in SQLite's busy loop, one writer each at most.
"""

from __future__ import annotations

import os
import threading
from collections import deque

#: How long a writer waits its turn before the write fails as "database is locked":
#: SQLite's own busy timeout.
WRITE_WAIT_SECONDS = 15.0
#: Marks a pooled connection whose writer is in the queue (its record's own info).
QUEUED = "referee.write_queue"


class WriteQueue:
    """The writers of one SQLite database in this process, let in one at a time in
    the order they came: the one leaving hands its turn to the next."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._turns: deque[threading.Lock] = deque()  # the waiting, each on a lock of its own
        self._busy = False

    @property
    def waiting(self) -> int:
        return len(self._turns)

    def enter(self, timeout: float) -> bool:
        """Wait for this writer's turn; False if it did not come within ``timeout``."""
        with self._lock:
            if not self._busy:
                self._busy = True
                return True
            turn = threading.Lock()
            turn.acquire()
            self._turns.append(turn)
        if turn.acquire(timeout=timeout):
            return True
        with self._lock:
            if turn in self._turns:
                self._turns.remove(turn)
                return False
        return True  # handed the turn as the wait ran out

    def leave(self) -> None:
        """End this writer's turn: the next in the queue has it."""
        with self._lock:
            if self._turns:
                self._turns.popleft().release()
            else:
                self._busy = False


_QUEUES: dict[str, WriteQueue] = {}
_QUEUES_LOCK = threading.Lock()


def queue_of(database: str | None) -> WriteQueue | None:
    """The queue of the SQLite file ``database``, shared by every engine on it in this
    process; None for a database in memory, one connection's own."""
    if database in (None, "", ":memory:"):
        return None
    with _QUEUES_LOCK:
        return _QUEUES.setdefault(os.path.realpath(database), WriteQueue())
