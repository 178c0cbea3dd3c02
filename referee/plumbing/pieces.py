"""An answer made on a thread and written by the event loop: the WSGI app's answer
handed over a piece at a time (:class:`AnswerInPieces`), for the worker's
:class:`~referee.plumbing.serving.WholeRequests`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
UNEXPECTED = "the referee hit an unexpected problem; please try again"
JSON = ("Content-Type", "application/json")


class AnswerInPieces:
    """The WSGI app's answer to one request, made on a thread of the pool and handed
    to the event loop a piece at a time (``pieces``, ASGI messages, None at the end)
    as the app makes it. The thread asks the app for the next piece only once the
    loop has written the last one to the socket (``written``), as a WSGI server
    writing on the app's own thread would have: what the app made before it stops
    (a fault, a kill) has been sent. A piece that completes the Content-Length (most
    answers are one piece) is not waited for: the thread is free once it is handed."""

    def __init__(self, loop: asyncio.AbstractEventLoop, closes: bool) -> None:
        self.loop = loop
        self.closes = closes  # the connection ends after this answer: say so
        self.pieces: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.head: dict[str, Any] | None = None  # the status and headers, until sent
        self.sent = False
        self.written = threading.Event()  # the last piece handed over is on the socket
        self.length: int | None = None  # the answer's Content-Length, if it says
        self.handed = 0  # the bytes of the body handed to the loop so far
        self.abandoned = False  # the loop no longer takes this answer's pieces

    def run(self, app: WsgiApp, environ: dict[str, Any]) -> None:
        """Call the app (on a thread of the pool) and hand its answer to the loop."""
        try:
            result = app(environ, self.start_response)
            try:
                for chunk in result:
                    self.write(chunk)
            finally:
                if hasattr(result, "close"):
                    result.close()
            self.hand(self.body(b"", more=False), None)
        except Exception:  # the app answers its own errors: this is a bug of the server's
            logging.getLogger("referee").exception("the app failed to answer")
            if not self.sent:
                self.start_response("500 Internal Server Error", [JSON])
                self.hand(self.body(json.dumps({"error": UNEXPECTED}).encode(), more=False))
            self.hand(None)

    def start_response(
        self, status: str, headers: list[tuple[str, str]], exc_info: Any = None
    ) -> Callable[[bytes], None]:
        if exc_info is not None and self.sent:
            raise exc_info[1].with_traceback(exc_info[2])
        encoded = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers]
        for name, value in headers:
            if name.lower() == "content-length" and value.isdigit():
                self.length = int(value)
        if self.closes:
            encoded.append((b"Connection", b"close"))
        self.head = {
            "type": "http.response.start",
            "status": int(status.split(" ", 1)[0]),
            "headers": encoded,
        }
        return self.write

    def write(self, chunk: bytes) -> None:
        """Hand ``chunk`` to the loop; wait until it is written (WSGI's write())."""
        if chunk:
            self.handed += len(chunk)
            self.hand(self.body(chunk, more=True))
            if self.length is None or self.handed < self.length:
                self.wait_written()

    def wait_written(self) -> None:
        """Wait (on the app's thread) until the loop has written the piece handed
        over, has given up the answer, or has closed."""
        while not self.written.wait(1.0) and not self.abandoned and not self.loop.is_closed():
            pass
        if not self.abandoned:
            self.written.clear()

    def body(self, chunk: bytes, more: bool) -> dict[str, Any]:
        return {"type": "http.response.body", "body": chunk, "more_body": more}

    def hand(self, *messages: dict[str, Any] | None) -> None:
        """Queue ``messages`` for the loop, the status and headers before the first."""
        if not self.sent and messages[0] is not None:
            if self.head is None:
                raise RuntimeError("the app answered before it called start_response")
            messages = (self.head, *messages)
            self.sent = True
        with contextlib.suppress(RuntimeError):  # the loop has closed: the worker is stopping
            self.loop.call_soon_threadsafe(_queue_all, self.pieces, messages)


def _queue_all(queue: asyncio.Queue[Any], messages: tuple[Any, ...]) -> None:
    for message in messages:
        queue.put_nowait(message)
