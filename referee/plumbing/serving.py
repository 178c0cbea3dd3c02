"""How gunicorn serves the referee (gunicorn.conf.py names this worker).

A slow client must never hold the server. gunicorn's threaded worker hands a
connection to a thread as soon as its first bytes arrive, and the thread then
reads the rest of the request as it comes: eight phones sending their headers a
line every few seconds took all eight threads, and every other table waited.
So the referee is served by gunicorn's asyncio worker, which reads every
connection in one event loop, and this module puts the WSGI app behind it
(``WholeRequests``): a request is read whole in the loop, headers and body, and
only then given to one of the worker's ``threads`` threads; the answer is
written back by the loop. A thread is only ever busy with the app's own work, so
two hundred phones trickling a byte a second cost two hundred sockets and
nothing else (docs/deploying.md, "Slow clients"; docs/performance.md).

The body is read up to the app's limit (64 KB, ``MAX_BODY_BYTES``) and no
further: the app answers the 413 itself, in its own words, with
``Connection: close``, since the rest of that body is never read.

What the server refuses before the app sees a request (a malformed request or
chunked body, a request line or headers too long to read) gunicorn answers with
a plain-text page of its own. A program calling /api/ is promised JSON for every
answer, and a phone reads a sentence as well as a page, so this worker answers
those refusals with the API's ``{"error": sentence}`` (the path may not be known
yet when the request cannot be read, so every such answer is JSON).
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any
from urllib.parse import unquote_to_bytes

from gunicorn.workers import gasgi

from ..storage.connections import connections_beyond
from .heads import BoundedHeads, HeadLimits
from .json_text import MAX_BODY_BYTES
from .pieces import UNEXPECTED, AnswerInPieces, WsgiApp
from .streams import Followers, follows

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

#: The sentences of the server's own refusals, by status.
REFUSALS: dict[int, str] = {
    400: "the request is not well-formed HTTP; send it again as a plain HTTP/1.1 request "
    "(a JSON body with its Content-Length)",
    408: "the request's headers did not all arrive in time; send it again",
    414: "the address is longer than the server reads; send the data in a request body",
    429: "too many requests from your address are still on their way; try again in a second",
    431: "the request's headers are larger than the server reads; send fewer or shorter ones",
    501: "the request's body is sent in a transfer coding the server does not read; "
    "send it with a Content-Length",
}
#: The answer to a body that stopped coming before it was whole.
STALLED = json.dumps(
    {"error": "the request's body stopped coming before it was whole; send it again"}
).encode()
STALLED_HEADERS = (
    (b"Content-Type", b"application/json"),
    (b"Content-Length", str(len(STALLED)).encode()),
    (b"Connection", b"close"),
)
#: How long a stopping worker keeps a connection idle between requests open.
STOP_LINGER = 2.0
#: The methods that only read; any other request may write (:class:`WholeRequests`).
READS = frozenset({"GET", "HEAD", "OPTIONS"})


class WholeRequests:
    """An ASGI app serving a WSGI app: the request read whole, then a thread.

    The body is read in the event loop, up to ``max_body`` bytes; a request whose
    body is larger (declared or sent) goes to the app with what was read and the
    length it would have, so the app answers its 413, and the connection is closed
    after the answer. The app runs on a thread, which hands each piece of the
    answer to the loop as the app makes it and never waits for the client to take
    it: a client slow to read holds no thread either. A read (GET, HEAD, OPTIONS, or
    a POST to an ``asking`` path) runs on one of ``threads`` threads, anything else
    on one of ``writers`` threads: a writer waiting for SQLite's write turn holds
    one of those, never a read's, and the writes past them wait in the loop. A view
    that opens a game's stream (streams.py) has it kept open by the loop."""

    def __init__(self, app: WsgiApp, threads: int, writers: int, asking: Iterable[str],
                 followers: Followers | None = None) -> None:  # fmt: skip
        self.app = app
        self.max_body = MAX_BODY_BYTES
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="request")
        self.followers = followers  # the live sheets' streams, kept open in the loop
        self.writes = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="write")
        self.asking = tuple(asking)

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        if scope["type"] != "http":  # a WebSocket: the referee has none
            await send({"type": "websocket.close", "code": 1003})
            return
        read = await self.body(scope, receive)
        if read is None:  # gone, or silent past gunicorn's timeout in the middle of its body
            headers = list(STALLED_HEADERS)
            await send({"type": "http.response.start", "status": 408, "headers": headers})
            await send({"type": "http.response.body", "body": STALLED})
            return  # (to a client that is gone, nothing: ServedConnection logs it as gone)
        body, whole = read
        answer = AnswerInPieces(asyncio.get_running_loop(), closes=not whole)
        reads = scope["method"] in READS or scope["path"].startswith(self.asking)
        (self.pool if reads else self.writes).submit(
            answer.run, self.app, wsgi_environ(scope, body, whole)
        )
        stream = ending = None  # a stream a view opened (streams.py); its opening's end
        try:
            while (message := await answer.pieces.get()) is not None:
                if message["type"] == "http.response.start" and self.followers is not None:
                    stream = follows(message)
                elif stream is not None and not message.get("more_body"):
                    ending = message  # the view has answered: the stream goes on below
                    break
                sending = asyncio.ensure_future(send(message))
                # One turn of the loop runs gunicorn's send up to its write to the
                # socket, and no further: it waits there only for a client slow to
                # read, and the thread does not wait for that.
                await asyncio.sleep(0)
                if message.get("more_body"):
                    answer.written.set()
                await sending
        finally:
            answer.abandoned = True  # the thread never waits for this loop again
            answer.written.set()
        if stream is not None and ending is not None and self.followers is not None:
            del answer, read, body  # open for hours maybe: nothing kept that is done with
            await self.followers.follow(stream, send, receive)
            await send(ending)

    async def body(self, scope: dict[str, Any], receive: Receive) -> tuple[bytes, bool] | None:
        """The request's body and whether it was read whole; None if the client left.
        A body over the limit is read no further than one byte past it."""
        declared = content_length(scope)
        if declared is not None and declared > self.max_body:
            return b"", False  # refused unread, as the app will
        chunks = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunks += message.get("body", b"")
            if len(chunks) > self.max_body:
                return bytes(chunks[: self.max_body + 1]), False
            if not message.get("more_body", False):
                return bytes(chunks), True

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                if self.followers is not None:
                    self.followers.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.followers is not None:
                    self.followers.close()
                self.pool.shutdown(wait=False)
                self.writes.shutdown(wait=False)
                await send({"type": "lifespan.shutdown.complete"})
                return


def content_length(scope: dict[str, Any]) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value)  # the server has checked it is digits, and only one
    return None


def wsgi_environ(scope: dict[str, Any], body: bytes, whole: bool) -> dict[str, Any]:
    """The WSGI environ of an ASGI request, as gunicorn's WSGI workers build it.

    The body is given with its length (a chunked body is de-chunked, so its
    Transfer-Encoding is not passed on); a body read only in part is given with
    the length it would have, more than the app takes, so the app refuses it."""
    raw_path: bytes = scope.get("raw_path") or scope["path"].encode()
    script_name = scope.get("root_path", "")
    server = scope.get("server") or ("", 0)
    client = scope.get("client")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name,
        "PATH_INFO": unquote_to_bytes(raw_path).decode("latin-1")[len(script_name) :],
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "RAW_URI": (raw_path + b"?" + scope["query_string"]).decode("latin-1")
        if scope.get("query_string")
        else raw_path.decode("latin-1"),
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
    }
    if client:
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = client[0], str(client[1])
    repeated: dict[str, list[str]] = {}
    for raw_name, raw_value in scope["headers"]:
        name, value = raw_name.decode("latin-1").upper(), raw_value.decode("latin-1")
        if name in ("CONTENT-LENGTH", "TRANSFER-ENCODING"):
            continue  # the body's length is given below, as read
        key = "CONTENT_TYPE" if name == "CONTENT-TYPE" else "HTTP_" + name.replace("-", "_")
        repeated.setdefault(key, []).append(value)
    environ.update((key, ",".join(values)) for key, values in repeated.items())
    declared = content_length(scope)
    if body or not whole or declared is not None:
        # As read; a body read in part, at the length it would have had.
        environ["CONTENT_LENGTH"] = str(len(body) if whole or declared is None else declared)
    return environ


class ServedConnection(BoundedHeads):
    """gunicorn's HTTP/1.1 protocol for one connection, its heads bounded
    (``BoundedHeads``), with three changes more: its own refusals are JSON
    sentences (to a client that has left, none: it is logged as gone, not as the
    500 gunicorn would answer a request the app never answered); an answer that
    says ``Connection: close`` (a 413 whose body was not read whole) closes the
    connection, whatever else gunicorn would have kept it for; and when the worker
    stops, the connection, if it is idle between requests, is closed within
    ``STOP_LINGER`` rather than at the end of its keep-alive."""

    app_closes = False  # the answer being written said Connection: close

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.worker.connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.connections.discard(self)
        super().connection_lost(exc)

    def linger(self) -> None:
        """The worker is stopping: close this connection soon if it is kept alive
        between requests. A request sent on it meanwhile is answered, with
        ``Connection: close``, as gunicorn's threaded worker did."""
        if self._awaiting_request and self.req_count > 1 and not self._finishing_calls:
            self._cancel_keepalive_timer()
            self._keepalive_handle = self.worker.loop.call_later(
                STOP_LINGER, self._keepalive_timeout
            )

    def _send_response_start(
        self, status: int, headers: Any, request: Any, close: bool = False
    ) -> None:
        self.app_closes = any(
            name.lower() == b"connection" and value.lower() == b"close" for name, value in headers
        )
        super()._send_response_start(status, headers, request, close)

    async def _serve_http_request(self, request: Any, sockname: Any, peername: Any) -> bool:
        self.app_closes = False
        keepalive: bool = await super()._serve_http_request(request, sockname, peername)
        return keepalive and not self.app_closes

    def _send_error_response(
        self, status: int, message: str, extra_headers: Iterable[tuple[str, str]] = ()
    ) -> None:
        peer = self.transport.get_extra_info("peername") if self.transport else None
        address = (peer or ("",))[0]
        if self._closed:  # the client left before its request was whole: nobody to answer
            self.log.info("a client at %s left before its request was answered", address)
            return
        self.log.warning("refused a request from %s: %s %s", address, status, message)
        body = json.dumps({"error": REFUSALS.get(status, UNEXPECTED)}).encode()
        reason = HTTPStatus(status).phrase
        extra = "".join(f"{name}: {value}\r\n" for name, value in extra_headers)
        head = (
            f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n{extra}Connection: close\r\n\r\n"
        )
        self._safe_write(head.encode("latin-1") + body)


class WholeRequestsWorker(gasgi.ASGIWorker):  # type: ignore[misc]
    """gunicorn's asyncio worker serving the WSGI app through ``WholeRequests``,
    with ``threads`` threads for reads and the app's ``WRITE_THREADS`` for writes,
    its refusals answered as JSON."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections: set[ServedConnection] = set()
        self.head_limits = HeadLimits()  # the app's, once it is loaded
        self.unfinished: Counter[str] = Counter()  # heads coming, by address (BoundedHeads)

    @classmethod
    def check_config(cls, cfg: Any, log: Any) -> None:
        """The threads are the app's (gunicorn's own check warns that they are unused)."""

    def init_process(self) -> None:
        # gunicorn's worker makes each connection's protocol by this module-level
        # name: in this worker's process, it makes ServedConnection.
        gasgi.ASGIProtocol = ServedConnection
        super().init_process()

    async def _shutdown(self) -> None:
        if (followers := getattr(self.asgi, "followers", None)) is not None:
            followers.close()  # every stream ends, and its connection closes
        for connection in list(self.connections):
            connection.linger()
        await super()._shutdown()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        config = getattr(self.asgi, "config", {})
        self.head_limits = HeadLimits.of(config)
        writers, asking = int(config.get("WRITE_THREADS", 4)), config.get("ASKING_PATHS", ())
        app = self.asgi
        flask_app = hasattr(app, "extensions")
        if flask_app and self.age == 1:  # the first worker: said once
            with app.app_context():
                beyond = connections_beyond(app, self.cfg.workers, self.cfg.threads, writers)
            if beyond is not None:
                self.log.warning(beyond)
        followers = Followers(app) if flask_app else None
        self.asgi = WholeRequests(app, self.cfg.threads, writers, asking, followers)
