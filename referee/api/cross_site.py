"""What the API refuses so that no other site's page can use it through a visitor's
browser (docs/api.md#errors): a request whose Origin names another site, and a
write not sent as JSON.

A page on another site may make a browser send a form or a ``text/plain`` POST to
any address without asking first; only JSON needs the browser's permission (a
preflight, which the API never grants). So a write that is not JSON is a 415, and
a request that says it comes from another site's page (its ``Origin``) is a 403,
whatever it asks. Programs send no Origin and go on; so do the app's own pages.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import request
from flask_babel import gettext

from ..plumbing.errors import ApiError

#: What carries a body to write; DELETE (an undo) carries none.
WRITES = frozenset({"POST", "PUT", "PATCH"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def refuse_other_sites() -> None:
    """A before-request hook of the API: ApiError 403 for another site's page, 415 for
    a write that is not JSON."""
    origin = request.headers.get("Origin")
    if origin is not None and not same_site(origin, f"{request.scheme}://{request.host}"):
        raise ApiError(
            403,
            gettext(
                "the API does not answer another site's pages; call it from a program, or "
                "from the referee's own pages"
            ),
        )
    if request.method in WRITES and request.mimetype != "application/json":
        raise ApiError(
            415,
            gettext(
                "send the request body as JSON, with the header Content-Type: application/json"
            ),
        )


def same_site(origin: str, own: str) -> bool:
    """Whether ``origin`` (a browser's Origin header) names the app's own scheme, host
    and port: ``own`` is the request's, as the app sees it (behind a proxy, the
    scheme and host the phone used, from ``X-Forwarded-*`` through ProxyFix). A page
    served over ``http://`` is another origin than the app's ``https://`` one, as
    browsers count origins: on the same host and port, it is still another site.

    >>> same_site("http://192.168.1.5:5000", "http://192.168.1.5:5000")
    True
    >>> same_site("https://evil.example", "http://192.168.1.5:5000"), same_site("null", "http://a")
    (False, False)
    >>> same_site("https://referee.example:80", "http://referee.example")
    False
    """
    found, wanted = _origin(origin), _origin(own)
    return found is not None and found == wanted


def _origin(url: str) -> tuple[str, str, int] | None:
    """An address's scheme, host and port (the scheme's own port when none is given)."""
    try:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port that is no number
        return None
    if not parts.hostname or port is None:
        return None
    return scheme, parts.hostname, port
