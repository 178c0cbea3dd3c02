"""Conditional requests, one path for the API and the pages (RFC 9110, parsed by
Werkzeug): a game's answers carry an ETag of its version; a read that names the
current one in If-None-Match costs a bodiless 304; a write's If-Match travels in
its :class:`~referee.storage.idempotency.Guard` to the storage, which compares it with the
game as locked for the write (:func:`referee.storage.tags.matches_tag`).
"""

from __future__ import annotations

from flask import Response, request
from werkzeug.datastructures import ETags

from ..storage.tags import matches_tag, version_tag


def still_current(if_none_match: ETags, tag: str) -> bool:
    """Whether a read whose If-None-Match is ``if_none_match`` already holds ``tag``,
    compared weakly as RFC 9110 asks for reads: if so, it is answered 304."""
    return matches_tag(if_none_match, tag, weak=True)


def tagged(response: Response, tag: str | None) -> Response:
    """The answer with this (strong) ETag, if any."""
    if tag is not None:
        response.set_etag(tag)
    return response


def not_modified(tag: str) -> Response | None:
    """A 304 if the request's If-None-Match names ``tag`` (the compressed forms of
    the tag too); None if the client must be sent the answer."""
    if not still_current(request.if_none_match, tag):
        return None
    return tagged(Response(status=304), tag)


def if_match_of_form(version: int | str | None) -> ETags | None:
    """The If-Match a page's form stands for: the game's version when the form was
    drawn, which its writer saw (None when the form does not say)."""
    if version is None or version == "":
        return None
    return ETags([version_tag(version)])
