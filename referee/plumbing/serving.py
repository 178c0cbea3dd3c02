"""How gunicorn serves the referee (gunicorn.conf.py names this worker).

gunicorn answers a request line or headers too long to read before the app ever
sees the request, with an HTML page of its own. A program calling /api/ is
promised JSON for every answer, and a phone reads a sentence as well as HTML, so
this worker answers those two refusals with the API's ``{"error": sentence}``.
(The path is not known yet when the line is too long; every such answer is JSON.)
"""

from __future__ import annotations

import json
from typing import Any

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.gthread import ThreadWorker

#: gunicorn's refusals the worker words itself: status, reason, sentence.
REFUSALS: dict[type[Exception], tuple[int, str, str]] = {
    LimitRequestLine: (
        414,
        "URI Too Long",
        "the address is longer than the server reads; send the data in a request body",
    ),
    LimitRequestHeaders: (
        431,
        "Request Header Fields Too Large",
        "the request's headers are larger than the server reads; send fewer or shorter ones",
    ),
}


class JsonErrorsWorker(ThreadWorker):
    """gunicorn's threaded worker, its own refusals answered as JSON sentences."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        refusal = next((r for kind, r in REFUSALS.items() if isinstance(exc, kind)), None)
        if refusal is None:
            super().handle_error(req, client, addr, exc)
            return
        status, reason, sentence = refusal
        self.log.warning("refused a request from %s: %s", (addr or ("",))[0], exc)
        body = json.dumps({"error": sentence}).encode()
        head = (
            f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode("latin-1")
        try:
            util.write_nonblock(client, head + body)
        except OSError:
            self.log.debug("could not send the refusal")
