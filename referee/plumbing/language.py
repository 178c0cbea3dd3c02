"""The language a request is answered in: the one place pages and the API ask it.

Every sentence of the referee is rendered by the rules core's words in the language
this names (a code such as ``"en"`` or ``"es"``), and the pages' own words follow the
same choice (Flask-Babel's locale selector is :func:`current_language`).

The languages the app has are English and each language with a compiled catalog
under ``referee/translations`` (``<code>/LC_MESSAGES/messages.mo``): adding a
catalog adds a language, and an app with none speaks English.

- **Pages**: the language the phone chose with the switch on every page (a
  long-lived cookie, :data:`COOKIE`), else the best match of its ``Accept-Language``,
  else English.
- **The API** (``/api/``): ``Accept-Language`` alone (docs/api.md#languages); a
  program's cookie never changes an answer.

The sheet's unchanged poll is answered in front of Flask with no request
(``pages.sheet.sheet.UnchangedSheet``): it asks :func:`language_of` the same question,
with the cookie and ``Accept-Language`` it read from the WSGI environ.
"""

from __future__ import annotations

from datetime import timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    g,
    has_request_context,
    redirect,
    request,
    url_for,
)
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .extensions import babel

#: The language of every answer when none is asked or none matches.
DEFAULT_LANGUAGE = "en"

#: Where the package's catalogs are, one folder a language.
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

#: The cookie that keeps the language a phone chose with the switch, and how long.
COOKIE = "language"
COOKIE_LIFETIME = timedelta(days=365)

#: Each language as it names itself, for the switch; a language missing here is
#: named by its code.
NAMES = {"en": "English", "es": "Español"}


@lru_cache(maxsize=1)
def available_languages() -> tuple[str, ...]:
    """English first, then every language with a compiled catalog, by code."""
    compiled = sorted(
        path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo")
    )
    return (DEFAULT_LANGUAGE, *(code for code in compiled if code != DEFAULT_LANGUAGE))


#: The longest ``Accept-Language`` read once a worker and remembered (a phone's is a
#: few dozen bytes, the same on every request); a longer one is read every time.
REMEMBERED_HEADER = 512


def best_of(accept_language: str | None) -> str | None:
    """The language the app has that ``Accept-Language`` likes best (its q-values
    weighed, ``es-CL`` matching ``es``); None when it names none of them.

    >>> best_of("fr-CA, fr;q=0.9") is None
    True
    """
    if not accept_language:
        return None
    if len(accept_language) <= REMEMBERED_HEADER:
        return _remembered_best_of(accept_language)
    return _best_of(accept_language)


@lru_cache(maxsize=256)
def _remembered_best_of(accept_language: str) -> str | None:
    return _best_of(accept_language)


def _best_of(accept_language: str) -> str | None:
    accepted = parse_accept_header(accept_language, LanguageAccept)
    best: str | None = accepted.best_match(available_languages())
    return best


def language_of(cookie: str | None, accept_language: str | None, *, api: bool) -> str:
    """The language of a request: the switch's cookie (pages only), else the best
    match of ``Accept-Language``, else English."""
    if not api and cookie in available_languages():
        return cookie
    return best_of(accept_language) or DEFAULT_LANGUAGE


def current_language() -> str:
    """The language of the request being answered, as a code (``"en"``); English
    outside a request."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    if "language" not in g:
        g.language = language_of(
            request.cookies.get(COOKIE),
            request.headers.get("Accept-Language"),
            api=request.path.startswith("/api/"),
        )
    language: str = g.language
    return language


# --- The switch, and the app's part -----------------------------------------------------

bp = Blueprint("language", __name__)


@bp.get("/language/<code>")
def switch(code: str) -> Any:
    """Keep ``code`` as this phone's language and go back to the page it was on
    (``next``, an address of this site; the home page otherwise). A plain link: it
    works without JavaScript, and with no form there is no token to go stale."""
    if code not in available_languages():
        abort(404)
    response = redirect(same_site_path(request.args.get("next", "")), 303)
    response.set_cookie(
        COOKIE,
        code,
        max_age=int(COOKIE_LIFETIME.total_seconds()),
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def same_site_path(address: str) -> str:
    r"""``address`` if it is a path of this site, else the home page: a redirect never
    sends a phone elsewhere, nor carries a character no header may hold.

    A path starts with one ``/`` (``//host`` is another site, and so is ``/\host`` to
    a browser) and holds nothing but printable characters: a browser drops a tab or
    a line break from an address (``/\t/host`` is ``//host`` to it), and a header
    refuses them.

    >>> same_site_path("/games/abc?x=1"), same_site_path("/a\r\nSet-Cookie: x=1")
    ('/games/abc?x=1', '/')
    >>> [same_site_path(a) for a in ("//evil.example", "/\\evil.example", "/\t/e", "https://e")]
    ['/', '/', '/', '/']
    """
    one_slash = address.startswith("/") and not address.startswith("//")
    # isprintable: no control, formatting or line-separating character
    if one_slash and "\\" not in address and address.isprintable():
        return address
    return "/"


def language_switch() -> list[dict[str, Any]]:
    """The switch's links, one a language, each named in itself: where it goes (this
    page again, in that language) and whether it is the page's language now."""
    here = request.full_path.rstrip("?") if request.method == "GET" else request.path
    now = current_language()
    return [
        {
            "code": code,
            "name": NAMES.get(code, code),
            "href": url_for("language.switch", code=code, next=here),
            "current": code == now,
        }
        for code in available_languages()
    ]


def _vary(response: Response) -> Response:
    """A page is drawn in the phone's language: whatever keeps a copy of it keeps one
    a language (the switch's cookie, or Accept-Language). The API's sentences follow
    Accept-Language alone (docs/api.md#languages)."""
    if request.path.startswith("/api/"):
        response.vary.add("Accept-Language")
    elif response.mimetype == "text/html":
        response.vary.add("Cookie")
        response.vary.add("Accept-Language")
    return response


def register(app: Flask) -> None:
    """Flask-Babel with :func:`current_language` as its locale selector, the
    catalogs under the package; the switch and its links; Vary on every page."""
    babel.init_app(
        app,
        locale_selector=current_language,
        default_translation_directories=str(TRANSLATIONS),
    )
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.add_template_global(language_switch)
    app.add_template_global(current_language)
    app.after_request(_vary)
    app.register_blueprint(bp)
