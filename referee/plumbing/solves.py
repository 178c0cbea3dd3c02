"""How many hand solves run at once: in all, in this process, and for one client.

A solve is the one request whose work grows with what is sent: the solver holds
each to its own limit (``SEARCH_LIMIT`` steps, about a fifth of a second of a
core), but sixteen at once would still keep both cores busy and every other
table waiting. So a worker process runs at most ``SOLVES_AT_ONCE`` solves at a
time (1 by default: one of its four threads) and one client (its address) at
most ``SOLVES_PER_CLIENT`` (1). A solve past either limit is not queued (a
request waiting for its turn would hold a thread that a cheap request needs): it
is refused at once, a 429 when the client's own solve is still running, else a
503 when the process is busy with other clients' solves, each with
``Retry-After: 1`` and a sentence; a typical solve takes a few milliseconds, so
asking again a second later finds the way clear.

The counts are kept in the process, not the database: each worker counts its
own, so a server of two workers runs at most two solves at once, and a client
at most one in each. The client is its address, not its cookie: an answer of
the API would otherwise vary by cookie, and the address is what a client sending
many solves at once cannot change (behind a proxy, ``PROXY_HOPS``).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, request
from flask_babel import lazy_gettext

from ..storage.database import Refused

#: Seconds after which a refused solve may be asked again.
RETRY_AFTER = 1


class SolvesBusy(Refused):
    """The process is already running as many solves as it may, for other clients."""

    status = 503
    retry_after = RETRY_AFTER


class SolveUnderway(Refused):
    """The client's own solve is still running."""

    status = 429
    retry_after = RETRY_AFTER


BUSY = lazy_gettext("the referee is working out other hands just now; ask again in a second")
UNDERWAY = lazy_gettext(
    "a hand sent from your address is still being worked out; wait for its answer, then ask again"
)


class SolveGate:
    """The solves running in this process, in all and by client."""

    def __init__(self, at_once: int, per_client: int) -> None:
        self.at_once = at_once
        self.per_client = per_client
        self.lock = threading.Lock()
        self.running: Counter[str] = Counter()

    @contextmanager
    def enter(self, client: str) -> Iterator[None]:
        """Run the block as one of the solves, or refuse it at once."""
        with self.lock:
            if self.running[client] >= self.per_client:
                raise SolveUnderway(str(UNDERWAY))  # in the request's language
            if self.running.total() >= self.at_once:
                raise SolvesBusy(str(BUSY))
            self.running[client] += 1
        try:
            yield
        finally:
            with self.lock:
                self.running[client] -= 1
                if not self.running[client]:
                    del self.running[client]


def init_app(app: Flask) -> None:
    app.extensions["referee.solves"] = SolveGate(
        int(app.config["SOLVES_AT_ONCE"]), int(app.config["SOLVES_PER_CLIENT"])
    )


def gate() -> SolveGate:
    gate: SolveGate = current_app.extensions["referee.solves"]
    return gate


@contextmanager
def solving() -> Iterator[None]:
    """The block as one solve of the client the request is from (within a request)."""
    with gate().enter(request.remote_addr or ""):
        yield
