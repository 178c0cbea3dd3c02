"""Live sheets: each phone following a game is told "this game changed" the moment
it does, by server-sent events (docs/api.md, "Following a game").

A stream is opened like any read: the view (``/games/<id>/events``, and the API's
``/api/v1/games/<id>/events``) answers on a thread as a read of the game would, a
404 or 403 alike, and otherwise :func:`opened`: a ``text/event-stream`` whose
first piece tells the game's version if the client has not seen it, and a
header for the server (``X-Referee-Stream``, never sent on). The worker's event
loop (:mod:`.serving`) then keeps the answer open, and the thread is free: a
stream costs a socket and a few kilobytes of the loop (:class:`Followers`),
never a thread.

The loop learns of changes three ways (:mod:`referee.storage.changes`): a write
committed in this process at once; on PostgreSQL every server's, by ``LISTEN``;
on SQLite another process's within ``CHECK_SECONDS``, by a look at the
database's change counter, and one query of the followed games' versions when it
moved. Each stream is sent each new version once (``id:`` and ``data:``), and a
comment every ``HEARTBEAT_SECONDS`` so that proxies and phones keep an idle
stream open. A client that comes back names the last version it saw
(``Last-Event-ID``, or ``?seen=`` on a first connection), and is told at once
if the game has moved on since.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask, Response, request

from ..storage import changes
from ..storage import database as storage

#: The header by which a view hands its answer to the loop to keep open: "<id> <version>".
STREAM_HEADER = "X-Referee-Stream"
#: Seconds between comments on an idle stream (proxies close a connection silent for 60 s).
HEARTBEAT_SECONDS = 25.0
#: Seconds between looks at SQLite's change counter, while any stream is open.
CHECK_SECONDS = 0.1
#: How long a client waits before it opens a stream again, in milliseconds: drawn
#: in this range for each stream, so a restarted server is not asked by every
#: phone in the same instant.
RETRY_MS = (1000, 5000)
#: Games whose latest version the loop keeps beyond those followed (PostgreSQL
#: tells of every game): a stream opened just after a change still hears of it.
RECENT = 4096

Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
log = logging.getLogger("referee")


# --- The view's side: a stream opened, on a thread --------------------------------------


def event(game_id: str, version: int) -> str:
    """The event that tells a follower the game is at ``version``.

    >>> event("abc", 3).splitlines()
    ['id: 3', 'event: changed', 'data: {"game": "abc", "version": 3}', '']
    """
    data = json.dumps({"game": game_id, "version": version})
    return f"id: {version}\nevent: changed\ndata: {data}\n\n"


def opened(game_id: str, version: int) -> Response:
    """The answer that opens a stream of ``game_id``, now at ``version``: the client
    is told the version at once unless it names it (``Last-Event-ID``, ``?seen=``)."""
    seen = request.headers.get("Last-Event-ID", request.args.get("seen"))
    body = f"retry: {random.randint(*RETRY_MS)}\n\n"
    if seen != str(version):
        body += event(game_id, version)
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on as it comes
    if request.method == "GET":  # a HEAD has its headers, and nothing to keep open
        response.headers[STREAM_HEADER] = f"{game_id} {version}"
    return response


# --- The loop's side: every open stream of a worker ---------------------------------------


class Stream:
    """One client following one game: the version it was last sent, the latest known,
    and whether there is something to do (a change, the heartbeat, the end). Held
    for hours by thousands at once, so as small as can be: a future only while it
    waits (an ``asyncio.Event`` keeps a deque of its own, 760 bytes)."""

    __slots__ = ("ended", "game_id", "latest", "sent", "waiter", "woken")

    def __init__(self, game_id: str, version: int) -> None:
        self.game_id = game_id
        self.sent = self.latest = version
        self.ended = self.woken = False
        self.waiter: asyncio.Future[None] | None = None

    def wake(self) -> None:
        self.woken = True
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def wait(self) -> None:
        """Until woken (at once if it was since the last wait)."""
        if not self.woken:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        self.woken = False


def follows(message: dict[str, Any]) -> tuple[str, int] | None:
    """The game and version a view's answer opens a stream of, its header taken out
    (with its Content-Length: a stream has no end the view knows, and the connection
    closes when it ends); None for any other answer, left as it is."""
    name = STREAM_HEADER.lower().encode()
    found = next((value for key, value in message["headers"] if key.lower() == name), None)
    parsed = None if found is None else changes.parse(found.decode("latin-1"))
    if parsed is None:
        return None
    message["headers"] = [
        (key, value)
        for key, value in message["headers"]
        if key.lower() not in (name, b"content-length", b"connection")
    ] + [(b"Connection", b"close")]
    return parsed


class Followers:
    """The streams a worker's event loop keeps open, by game, and what the loop
    knows of the games' versions. Every method but :meth:`told` runs in the loop."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.streams: dict[str, set[Stream]] = {}
        self.latest: OrderedDict[str, int] = OrderedDict()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closing = False
        self.fresh = False  # a game newly followed since the last look (SQLite)
        self.tasks: list[asyncio.Task[None]] = []
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="changes")
        changes.on_commit(app, self.told)

    def told(self, game_id: str, version: int) -> None:
        """A change committed on one of the app's threads: tell the loop."""
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
                self.loop.call_soon_threadsafe(self.changed, game_id, version)

    def changed(self, game_id: str, version: int) -> None:
        """The game is at ``version``: wake each of its streams not told yet."""
        known = self.latest.get(game_id)
        if known is not None and known >= version:
            return
        self.latest[game_id] = version
        self.latest.move_to_end(game_id)
        if len(self.latest) > RECENT:  # each stream keeps its own game's latest too
            self.latest.popitem(last=False)
        for stream in self.streams.get(game_id, ()):
            if version > stream.latest:
                stream.latest = version
                stream.wake()

    async def follow(self, game: tuple[str, int], send: Send, receive: Receive) -> None:
        """Keep a stream open until its client leaves or the worker stops, sending
        each new version of the game as it comes."""
        stream = Stream(*game)
        self.streams.setdefault(stream.game_id, set()).add(stream)
        self.fresh = True
        gone = asyncio.ensure_future(self._until_gone(receive, stream))
        try:
            known = self.latest.get(stream.game_id, 0)
            if known > stream.latest:  # changed between the view's read and now
                stream.latest = known
                stream.wake()
            while not self.closing:
                await stream.wait()
                if stream.ended or self.closing:
                    break
                if stream.latest > stream.sent:
                    text = event(stream.game_id, stream.latest)
                    stream.sent = stream.latest
                else:
                    text = ":\n\n"  # the heartbeat
                piece = {"type": "http.response.body", "body": text.encode(), "more_body": True}
                await send(piece)
        finally:
            gone.cancel()
            followers = self.streams.get(stream.game_id)
            if followers is not None:
                followers.discard(stream)
                if not followers:
                    del self.streams[stream.game_id]

    @staticmethod
    async def _until_gone(receive: Receive, stream: Stream) -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        stream.ended = True
        stream.wake()

    # --- Started and stopped with the worker's loop --------------------------------------

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.tasks = [
            asyncio.ensure_future(self._heartbeats()),
            asyncio.ensure_future(self._watch()),
        ]

    def close(self) -> None:
        """End every stream (each answer then ends cleanly), and stop watching."""
        self.closing = True
        for streams in self.streams.values():
            for stream in streams:
                stream.wake()
        for task in self.tasks:
            task.cancel()
        self.pool.shutdown(wait=False)

    async def _heartbeats(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            for streams in self.streams.values():
                for stream in streams:
                    stream.wake()

    async def _watch(self) -> None:
        engine = storage.reads(self.app)
        if engine.dialect.name == "postgresql":
            await self._listen(engine)
        elif engine.url.database not in (None, "", ":memory:"):
            await self._look(changes.SqliteWatch(engine.url.database))

    async def _listen(self, engine: Any) -> None:
        """PostgreSQL: every server's changes as they commit; after the listening
        connection failed, the followed games' versions read again once."""
        pause, again = 1.0, False
        while True:
            try:
                if again:  # what was committed while no one listened
                    await self._catch_up(lambda ids: changes.versions(engine, ids))
                async for game_id, version in changes.listen(engine):
                    self.changed(game_id, version)
                    pause = 1.0
            except Exception as error:  # the database went away: listen again shortly
                log.warning("listening for changes failed (%s); again in %.0f s", error, pause)
            await asyncio.sleep(pause)
            pause, again = min(pause * 2, 30.0), True

    async def _look(self, watch: changes.SqliteWatch) -> None:
        """SQLite: a look at the change counter every ``CHECK_SECONDS`` while any
        stream is open, and the followed games' versions when it moved."""
        try:
            while True:
                await asyncio.sleep(CHECK_SECONDS)
                if not self.streams:
                    continue
                fresh, self.fresh = self.fresh, False
                loop = asyncio.get_running_loop()
                try:
                    moved = await loop.run_in_executor(self.pool, watch.changed)
                    if moved or fresh:
                        await self._catch_up(watch.versions)
                except Exception as error:  # a locked or missing file: look again
                    log.warning("looking for changes failed: %s", error)
                    await asyncio.sleep(1.0)
        finally:
            watch.close()

    async def _catch_up(self, versions: Callable[[list[str]], dict[str, int]]) -> None:
        followed = list(self.streams)
        if not followed:
            return
        found = await asyncio.get_running_loop().run_in_executor(self.pool, versions, followed)
        for game_id, version in found.items():
            self.changed(game_id, version)
