"""The referee's app with a way to stop a request where a test chooses, for test_faults.py.

gunicorn loads it as ``tests.games.faulty:create_app()``: the app as ``make run``
serves it, wrapped so that a request sent with the header ``X-Test-Fault: <point>``
stops at that point of its way through the server. There it tells the test, over
the Unix socket named by ``REFEREE_FAULT_SOCKET``, which point it reached, and
waits; the test then kills the server (SIGKILL), so the kill lands exactly there
and never races the request. The points, in the order a request meets them:

- ``received``: the request has arrived; nothing is read or written yet;
- ``before-commit``: every row of the write is sent to the database, which is
  about to be told COMMIT (SQLAlchemy's engine ``commit`` event);
- ``after-commit``: the write is committed; not a byte of the answer is sent;
- ``mid-answer``: the status, the headers and the first half of the body are sent.

A request without the header is served as usual. Nothing here is imported by the
app itself; ``referee/`` knows nothing of it.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any

from sqlalchemy import event

HEADER = "X-Test-Fault"
POINTS = ("received", "before-commit", "after-commit", "mid-answer")

#: The point the request served on this thread is to stop at, if any.
_stop_at: ContextVar[str | None] = ContextVar("stop_at", default=None)


def halt(point: str) -> None:
    """Tell the test this request is at ``point``, then wait to be killed."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as line:
        # "@name" is Linux's abstract socket "\0name" (no NUL in the environment).
        line.connect(os.environ["REFEREE_FAULT_SOCKET"].replace("@", "\0", 1))
        line.sendall(point.encode())
        line.recv(1)  # the test never answers: it kills this server
    raise RuntimeError(f"the test hung up on a request stopped at {point}")


def _on_commit(_connection: Any) -> None:
    if _stop_at.get() == "before-commit":
        halt("before-commit")


class StopAt:
    """WSGI middleware: stop a request marked with ``X-Test-Fault`` at its point."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        point = environ.get("HTTP_X_TEST_FAULT")
        if point is None:
            return self.app(environ, start_response)
        if point not in POINTS:
            raise ValueError(f"no such fault point: {point!r}")
        token = _stop_at.set(point)
        try:
            if point == "received":
                halt(point)
            answer = self.app(environ, start_response)  # committed by the time it returns
            try:
                body = b"".join(answer)
            finally:
                getattr(answer, "close", lambda: None)()
        finally:
            _stop_at.reset(token)
        if point == "after-commit":
            halt(point)
        if point == "mid-answer":
            return self._cut(body)
        return [body]

    @staticmethod
    def _cut(body: bytes) -> Iterator[bytes]:
        yield body[: len(body) // 2]  # gunicorn sends the headers and this at once
        halt("mid-answer")
        yield body[len(body) // 2 :]


def create_app() -> Any:
    from referee import create_app as create_referee
    from referee.storage.models import db

    app = create_referee()
    with app.app_context():
        event.listen(db.engine, "commit", _on_commit)
    app.wsgi_app = StopAt(app.wsgi_app)  # type: ignore[method-assign]
    return app
