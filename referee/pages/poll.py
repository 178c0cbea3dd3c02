"""The sheet's poll, answered before Flask when nothing has changed.

Every phone following a game asks "has the sheet changed?" every 3 s, sending the
ETag it has. Nearly always nothing has, and the answer is a bodiless 304 that
depends on three things: the game's version, whether this phone keeps the game's
edit key, and whether htmx asked (the fragment) or the browser (the page). This
layer, in front of the app, answers that 304 itself with one query
(:func:`referee.games.sheet_state`, on the polls' own engine) and the headers the
sheet's view sends, so a poll pays for no app or request context, hooks or
response object of Flask's, and a phone's cookie has its signature checked once
per worker. Anything else (a changed sheet, an unknown game, another method or
path) goes on to the app, whose view (:func:`referee.pages.games.game`) answers
it in full.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from flask import Flask
from itsdangerous import BadSignature
from werkzeug.http import parse_cookie, parse_etags, quote_etag

from .. import games, logs, storage
from ..conditional import still_current
from ..headers import SECURITY_HEADERS
from .games import SHEET_HEADERS, sheet_etag
from .phone import digest_of

GAME_PATH = re.compile(r"/games/([^/]+)")

#: flask-compress names Accept-Encoding in Vary on every answer it might compress.
POLL_HEADERS = [
    *((name, value) for name, value in SHEET_HEADERS.items() if name != "Vary"),
    ("Vary", f"{SHEET_HEADERS['Vary']}, Accept-Encoding"),
    *SECURITY_HEADERS.items(),
]

StartResponse = Callable[..., Any]


#: How many phones' cookies a worker remembers as checked (a few hundred bytes each).
REMEMBERED_COOKIES = 4096


class UnchangedSheet:
    """WSGI middleware: the 304 of an unchanged sheet, else the app."""

    def __init__(
        self, app: Flask, inner: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]
    ) -> None:
        self.app = app
        self.inner = inner
        self.serializer: Any = None  # the session cookie's, made once the app is configured
        self.checked = lru_cache(maxsize=REMEMBERED_COOKIES)(self._check)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET" and environ.get("HTTP_IF_NONE_MATCH"):
            path = environ.get("PATH_INFO", "")
            found = GAME_PATH.fullmatch(path)
            if found is not None:
                started = time.perf_counter()
                try:
                    etag = self.unchanged(found[1], environ)
                except Exception:  # a database gone away: the app answers as it always does
                    etag = None
                if etag is not None:
                    start_response("304 NOT MODIFIED", [("ETag", etag), *POLL_HEADERS])
                    took = (time.perf_counter() - started) * 1000
                    logs.write(self.app, "GET", path, 304, took)
                    return []
        return self.inner(environ, start_response)

    def phone(self, environ: dict[str, Any]) -> str | None:
        """The digest of the phone whose session cookie came with the request, read as
        Flask's session reads it (signed with the app's secret, a year old at most),
        without a request; None if there is none or it does not pass. A phone polls
        with the same cookie for hours, so its signature is checked once per worker
        and remembered; its age is judged on every poll."""
        cookie = parse_cookie(environ).get(self.app.config["SESSION_COOKIE_NAME"])
        if not cookie:
            return None
        checked = self.checked(cookie)
        if checked is None:
            return None
        digest, signed = checked
        age = int(time.time()) - signed
        lifetime = int(self.app.permanent_session_lifetime.total_seconds())
        return digest if 0 <= age <= lifetime else None  # as itsdangerous judges max_age

    def _check(self, cookie: str) -> tuple[str | None, int] | None:
        """The cookie's phone digest and when it was signed; None if it is forged."""
        if self.serializer is None:
            app = self.app
            self.serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
            if self.serializer is None:  # no secret key: no session, as Flask has it
                return None
        try:
            memory, signed = self.serializer.loads(cookie, return_timestamp=True)
        except BadSignature:
            return None
        memory = memory if isinstance(memory, dict) else {}
        return digest_of(memory), int(signed.timestamp())

    def unchanged(self, game_id: str, environ: dict[str, Any]) -> str | None:
        """The ETag, quoted, when the request's If-None-Match names the sheet as it
        is for this phone; None when the app must answer."""
        state = games.sheet_state(storage.reads(self.app), game_id, self.phone(environ))
        if state is None:
            return None
        version, keeps_key = state
        part = "fragment" if environ.get("HTTP_HX_REQUEST") else "page"
        tag = sheet_etag(version, part, keeps_key)
        if not still_current(parse_etags(environ["HTTP_IF_NONE_MATCH"]), tag):
            return None
        return quote_etag(tag)
