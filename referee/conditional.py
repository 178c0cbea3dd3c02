"""Conditional requests, one path for the API and the pages (RFC 9110, parsed by
Werkzeug): a game's answers carry an ETag of its version; a read that names the
current one in If-None-Match costs a bodiless 304; a write's If-Match travels in
its :class:`~referee.idempotency.Guard` to the storage, which compares it with the
game as locked for the write.
"""

from __future__ import annotations

from flask import Response, request
from werkzeug.datastructures import ETags

from .idempotency import names, version_tag


def tagged(response: Response, tag: str | None) -> Response:
    """The answer with this (strong) ETag, if any."""
    if tag is not None:
        response.set_etag(tag)
    return response


def not_modified(tag: str) -> Response | None:
    """A 304 if the request's If-None-Match names ``tag`` (weak comparison, as
    RFC 9110 asks for reads; the compressed forms of the tag too); None if the
    client must be sent the answer."""
    if not names(request.if_none_match, tag, weak=True):
        return None
    return tagged(Response(status=304), tag)


def seen(version: int | str | None) -> ETags | None:
    """What a page's form says its writer saw, as an If-Match would: the game's
    version when the form was drawn (None when the form does not say)."""
    if version is None or version == "":
        return None
    return ETags([version_tag(version)])
