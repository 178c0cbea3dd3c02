"""How long, and how much of it, the server waits for a request's head.

A request's head (its request line and headers) is read in the worker's event
loop before anything else happens (serving.py). gunicorn's parser keeps what has
come of a head until the blank line that ends it, with no deadline and no total:
a client sending 90 header lines of 8 KB (each within gunicorn's limits on a
line and on the count) and never ending them held 720 KB of a worker for as long
as it liked, and 2,000 of them took the two workers from 90 MB to 750 and 920 MB,
while every other client's request waited in the listen queue for 7 to 38 s.

So each head has three limits here, settings of the app that the worker reads
when it loads it (``app.config``: ``instance/config.py`` or ``REFEREE_<NAME>``;
docs/deploying.md, "Slow clients"):

- ``HEAD_SECONDS`` (20): a head must be whole this long after its first byte (for
  the first request of a connection, after the connection opened); past it the
  answer is a 408 and the connection is closed.
- ``HEAD_BYTES`` (32 KB, as nginx's four 8 KB buffers for a head): a head larger
  is a 431 and the connection closed, and no more of it than that is ever kept.
- ``UNFINISHED_PER_ADDRESS`` (64): the heads one address may have coming at once
  in a worker. A head counts once it has been found unfinished: a read of the
  connection left it incomplete, or ``GRACE`` passed with nothing sent (a phone
  sends its head as soon as it connects, so a burst of connections from one
  address whose heads arrive whole never counts). One more is answered 429 with
  ``Retry-After`` at once, and closed. Behind a proxy (``PROXY_HOPS``) every
  connection comes from the proxy, so the count is not kept: the proxy reads
  heads itself (nginx: ``client_header_timeout``).

A connection then holds at most ``HEAD_BYTES`` of a head for at most
``HEAD_SECONDS``, and one address at most ``UNFINISHED_PER_ADDRESS`` of them in a
worker. Every refusal is a JSON sentence (``ServedConnection``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gunicorn.asgi.protocol import ASGIProtocol

#: Seconds a connection may be open with nothing of its head sent before it counts
#: as unfinished for its address.
GRACE = 1.0
#: Seconds after which a connection refused for its address may try again.
RETRY_AFTER = 1


@dataclass(frozen=True)
class HeadLimits:
    """The limits on a request's head (the module's docstring says why)."""

    seconds: float = 20.0
    size: int = 32 * 1024
    per_address: int | None = 64  # None: not counted (behind a proxy)

    @classmethod
    def of(cls, config: Mapping[str, Any]) -> HeadLimits:
        """The limits the app's settings give (the defaults for any not given)."""
        per_address = int(config.get("UNFINISHED_PER_ADDRESS", cls.per_address))
        return cls(
            seconds=float(config.get("HEAD_SECONDS", cls.seconds)),
            size=int(config.get("HEAD_BYTES", cls.size)),
            per_address=None if int(config.get("PROXY_HOPS", 0)) else per_address,
        )


class BoundedHeads(ASGIProtocol):  # type: ignore[misc]
    """gunicorn's HTTP/1.1 protocol with each head under the worker's ``HeadLimits``.

    The worker gives ``head_limits`` and ``unfinished`` (a Counter of the heads
    counted by address). A head opens when the connection opens, and again at the
    first byte of each next request on a kept-alive connection; it closes when the
    parser has it whole, or the connection ends."""

    head_open = False  # a head is coming on this connection
    head_bytes = 0  # what has come of it
    counted_as: str | None = None  # the address it is counted under, once found unfinished
    deadline: asyncio.TimerHandle | None = None
    grace: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        if self._callback_parser is not None:  # HTTP/1.1 (the referee serves nothing else)
            self.open_head()
        if self._task is not None:
            self._task.add_done_callback(self.let_go)

    def let_go(self, _task: Any) -> None:
        """The connection's loop has ended: let go of what it read. gunicorn's
        parser calls back this protocol's methods, and the body's receiver knows
        its protocol: cycles, which only Python's cycle collector frees, when it
        next walks the older objects. Until then every closed connection's head
        stayed in the worker's memory (2,000 heads of 32 KB: 20-30 MB a worker)."""
        self._callback_parser = self._body_receiver = self._current_request = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.close_head()
        super().connection_lost(exc)

    def open_head(self) -> None:
        limits: HeadLimits = self.worker.head_limits
        loop = self.worker.loop
        self.head_open, self.head_bytes = True, 0
        self.deadline = loop.call_later(limits.seconds, self.too_slow)
        if limits.per_address is not None:
            self.grace = loop.call_later(GRACE, self.unfinished)

    def close_head(self) -> None:
        self.head_open = False
        for timer in (self.deadline, self.grace):
            if timer is not None:
                timer.cancel()
        self.deadline = self.grace = None
        if self.counted_as is not None:
            counts: Counter[str] = self.worker.unfinished
            counts[self.counted_as] -= 1
            if counts[self.counted_as] <= 0:
                del counts[self.counted_as]
            self.counted_as = None

    def _on_headers_complete(self) -> bool:
        self.close_head()
        return bool(super()._on_headers_complete())

    def _feed_callback_parser(self, data: bytes) -> bool:
        """Give the parser what came, no more of a head than ``HEAD_BYTES``."""
        if self._current_request is not None or not data:  # a body, or the next request early
            return bool(super()._feed_callback_parser(data))
        if not self.head_open:  # the first byte of the next request on this connection
            self.open_head()
        room = self.worker.head_limits.size - self.head_bytes
        self.head_bytes += min(len(data), room)
        if not super()._feed_callback_parser(data[:room]):
            return False
        if self._current_request is None:  # still coming
            if len(data) > room:
                self.refuse(431, "the head is over its size")
            else:
                self.unfinished()
            return not self._closed
        return len(data) <= room or bool(super()._feed_callback_parser(data[room:]))

    def unfinished(self) -> None:
        """The head is found unfinished: count it for its address, or refuse it
        if that address has as many heads coming as it may."""
        if self.grace is not None:
            self.grace.cancel()
            self.grace = None
        limit = self.worker.head_limits.per_address
        if self.counted_as is not None or not self.head_open or self._closed or limit is None:
            return
        address = (self.transport.get_extra_info("peername") or ("",))[0]
        counts: Counter[str] = self.worker.unfinished
        if counts[address] >= limit:
            self.refuse(429, "too many heads coming from its address", RETRY_AFTER)
            return
        counts[address] += 1
        self.counted_as = address

    def too_slow(self) -> None:
        self.deadline = None
        if self.head_open and not self._closed:
            self.refuse(408, "the head was not whole in time")

    def refuse(self, status: int, why: str, retry_after: int | None = None) -> None:
        """Answer ``status`` (a JSON sentence) and close the connection."""
        self.close_head()
        extra = [("Retry-After", str(retry_after))] if retry_after else []
        self._send_error_response(status, why, extra)
        self._close_transport()
        self._request_ready.set()  # the connection's loop sees it closed, and ends
