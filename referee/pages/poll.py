"""The sheet's poll, answered before Flask when nothing has changed.

Every phone following a game asks "has the sheet changed?" every 3 s, sending the
ETag it has. Nearly always nothing has, and the answer is a bodiless 304 that
depends on three things: the game's version, whether this phone keeps the game's
edit key, and whether htmx asked (the fragment) or the browser (the page). This
layer, in front of the app, answers that 304 itself with one query
(:func:`referee.games.sheet_state`) and the headers the sheet's view sends, so a
poll pays for no request context, hooks or response object of Flask's. Anything
else (a changed sheet, an unknown game, another method or path) goes on to the
app, whose view (:func:`referee.pages.games.game`) answers it in full.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from flask import Flask
from itsdangerous import BadSignature
from werkzeug.http import parse_cookie, parse_etags, quote_etag

from .. import games, logs
from ..headers import SECURITY_HEADERS
from ..idempotency import names
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


class UnchangedSheet:
    """WSGI middleware: the 304 of an unchanged sheet, else the app."""

    def __init__(
        self, app: Flask, inner: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]
    ) -> None:
        self.app = app
        self.inner = inner
        self.serializer: Any = None  # the session cookie's, made once the app is configured

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

    def session(self, environ: dict[str, Any]) -> Mapping[str, Any]:
        """The phone's session cookie, read as Flask's session reads it (signed with
        the app's secret, a year at most), without a request; empty if none."""
        app = self.app
        if self.serializer is None:
            self.serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
        cookie = parse_cookie(environ).get(app.config["SESSION_COOKIE_NAME"])
        if not cookie or self.serializer is None:
            return {}
        try:
            memory = self.serializer.loads(
                cookie, max_age=int(app.permanent_session_lifetime.total_seconds())
            )
        except BadSignature:
            return {}
        return memory if isinstance(memory, dict) else {}

    def unchanged(self, game_id: str, environ: dict[str, Any]) -> str | None:
        """The ETag, quoted, when the request's If-None-Match names the sheet as it
        is for this phone; None when the app must answer."""
        app = self.app
        with app.app_context():
            state = games.sheet_state(game_id, digest_of(self.session(environ)))
        if state is None:
            return None
        version, keeps_key = state
        part = "fragment" if environ.get("HTTP_HX_REQUEST") else "page"
        tag = sheet_etag(version, part, keeps_key)
        if not names(parse_etags(environ["HTTP_IF_NONE_MATCH"]), tag, weak=True):
            return None
        return quote_etag(tag)
