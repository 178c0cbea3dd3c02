"""One set of error handlers: under /api/ a JSON sentence, elsewhere an error page.

Whatever goes wrong, a person (or a program) gets a sentence they can act on and
the right status; never a traceback.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from werkzeug.exceptions import HTTPException

from ..rules import GameRuleError, RulesError, UnknownVariantError
from ..storage import database as storage
from ..storage.database import Refused
from .json_text import MAX_BODY_BYTES
from .sentences import sentence_of


class ApiError(Exception):
    """An answer of ``status`` with ``{"error": message}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


#: The API's sentences for the errors Flask and Werkzeug raise themselves.
HTTP_SENTENCES = {
    404: lazy_gettext("there is nothing at {path}; GET /api/v1/variants lists the variants"),
    405: lazy_gettext("{method} is not allowed on {path}; use {allowed}"),
    413: lazy_gettext("the request body is larger than {size} KB; send less"),
}


def http_sentence(status: int, **facts: str) -> str:
    """The API's sentence for ``status`` in the request's language, its facts filled
    in (the body limit is always known)."""
    return str(HTTP_SENTENCES[status]).format(size=MAX_BODY_BYTES // 1024, **facts)


#: The pages' titles and sentences for the same.
PAGE_SENTENCES = {
    400: (
        lazy_gettext("This page was out of date"),
        lazy_gettext("Reload the page and try again; nothing was lost."),
    ),
    404: (
        lazy_gettext("Nothing here"),
        lazy_gettext("There is no such page or game. Check the link you followed."),
    ),
    405: (lazy_gettext("Not like that"), lazy_gettext("Go back and use the page's own buttons.")),
    413: (
        lazy_gettext("Too much at once"),
        lazy_gettext("That was more than a page ever sends; go back and try again."),
    ),
    503: (
        lazy_gettext("The referee did not answer"),
        lazy_gettext(
            "Its games are not reachable just now; reload the page in a moment. Nothing "
            "typed is lost."
        ),
    ),
    429: (
        lazy_gettext("Too many at once"),
        lazy_gettext(
            "Too much came from this phone's network in the last minute. "
            "Wait a minute and try again."
        ),
    ),
}

#: The storage's refusals a page may leave to these handlers: drawn as the error page
#: of their status, with the refusal's own sentence (the allowance of writes a minute:
#: a tap on Keep or Play again; a form answers its own, as typed). Any other refusal
#: that reaches the handlers from a page was the page's to answer, and is logged as
#: unexpected.
PAGE_REFUSALS = {429}


def in_api() -> bool:
    """Whether the request is the API's, answered in JSON (docs/api.md)."""
    return request.path.startswith("/api/")


def error_json(status: int, message: str) -> tuple[Response, int]:
    """The API's refusal: ``{"error": message}`` (its model, ``ErrorOut``, is
    the API's own: referee.api.schemas.answer)."""
    return jsonify({"error": message}), status


def error_page(status: int, title: str, message: str) -> tuple[str, int]:
    return render_template("error.html", title=title, message=message), status


def status_of(error: RulesError | Refused) -> int:
    """The status an error of the rules core or the storage is answered with, read in
    this one place. A refusal of the storage says its own (``status``); the rules
    core knows no HTTP, so its errors are read by kind (docs/api.md: 404 for an unknown
    variant, 422 for a rule of the game broken, 400 for other input it cannot take: a
    field out of range, the table a question is asked at among them, R49)."""
    if isinstance(error, Refused):
        return error.status
    if isinstance(error, UnknownVariantError):
        return 404
    if isinstance(error, GameRuleError):
        return 422
    return 400


def as_page(error: Exception) -> str:
    """The error's sentence as a page says it: a capital first, a full stop last.

    >>> as_page(Exception("wait a minute and try again"))
    'Wait a minute and try again.'
    """
    said = sentence_of(error)
    return said[:1].upper() + said[1:] + ("" if said.endswith(".") else ".")


def _carried(error: RulesError | Refused) -> list[tuple[str, str]]:
    """The headers an answer to the error carries: Retry-After, when the storage
    says when to try again (a 429)."""
    if not isinstance(error, Refused) or error.retry_after is None:
        return []
    return [("Retry-After", str(error.retry_after))]


#: When a client may ask again after the database did not answer (a 503).
RETRY_AFTER_UNAVAILABLE = 2


def database_unavailable(error: Exception) -> Any:
    """A 503 with Retry-After, as a JSON sentence under /api/: the database did not
    answer (a dropped connection, none free), and the same request may be answered
    in a moment. A write sent with an Idempotency-Key counts once however often."""
    current_app.logger.warning(
        "the database did not answer %s %s: %s", request.method, request.path, error
    )
    carried = [("Retry-After", str(RETRY_AFTER_UNAVAILABLE))]
    if not in_api():
        return (*error_page(503, *PAGE_SENTENCES[503]), carried)
    response, status = error_json(
        503, gettext("the referee's database did not answer; try again in a moment")
    )
    response.headers.extend(carried)
    return response, status


def register(app: Flask) -> None:
    """Register the handlers on the app: routing errors never reach a blueprint's own."""

    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> Any:
        return error_json(error.status, error.message)

    @app.errorhandler(RulesError)
    @app.errorhandler(Refused)
    def refused(error: RulesError | Refused) -> Any:
        status, carried = status_of(error), _carried(error)
        if not in_api():
            if status not in PAGE_REFUSALS:
                return unexpected(error)  # a page answers these itself, in its own words
            page, status = error_page(status, PAGE_SENTENCES[status][0], as_page(error))
            return page, status, carried
        response, status = error_json(status, sentence_of(error))
        response.headers.extend(carried)
        return response, status

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        status = error.code or 500
        # Any header the error carries but Content-Type.
        carried = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
        if not in_api():
            title, message = PAGE_SENTENCES.get(
                status, (error.name, error.description or gettext("Go back and try again."))
            )
            page, status = error_page(status, title, message)
            return page, status, carried
        template = HTTP_SENTENCES.get(status)
        methods = getattr(error, "valid_methods", None) or []
        allowed = ", ".join(sorted(set(methods) - {"HEAD", "OPTIONS"}))
        message = (
            http_sentence(status, path=request.path, method=request.method, allowed=allowed)
            if template
            else (error.description or error.name)
        )
        response, status = error_json(status, message)
        response.headers.extend(carried)
        if methods:
            response.headers["Allow"] = ", ".join(sorted(methods))  # RFC 9110 for a 405
        return response, status

    app.errorhandler(Exception)(unexpected)


def unexpected(error: Exception) -> Any:
    """Anything not answered otherwise: a database that did not answer is a 503, and
    the rest is logged and answered 500, a sentence and never a traceback."""
    if storage.unavailable(error):
        return database_unavailable(error)
    current_app.logger.exception("unexpected error on %s %s", request.method, request.path)
    if in_api():
        return error_json(500, gettext("the referee hit an unexpected problem; please try again"))
    return error_page(
        500, gettext("Something went wrong"), gettext("Please go back and try again.")
    )
