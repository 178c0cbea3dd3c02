"""What every path of the JSON API shares: a body read (its model, its size, its
depth, each name once) and an answer written as its model says. Every answer under
/api/ is JSON, errors included (``referee.plumbing.errors``).
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from flask import Response, current_app, request
from flask_babel import gettext
from pydantic import ValidationError

from ..plumbing.errors import ApiError, http_sentence
from ..plumbing.json_text import TooDeep, read_json
from .schemas.answer import Answer
from .schemas.game_answers import VariantOut
from .schemas.requests import Body, describe_errors, nested_too_deep

B = TypeVar("B", bound=Body)


def read_body(model: type[B]) -> B:
    raw = request.get_data()
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # A streamed (chunked) body is cut at the limit rather than refused up front.
        raise ApiError(413, http_sentence(413))
    try:
        body = model.model_validate_json(raw or b"")
    except ValidationError as error:
        raise ApiError(400, describe_errors(error)) from None
    try:
        read_json(raw, object_pairs_hook=_each_name_once)
    except TooDeep:
        raise ApiError(400, nested_too_deep()) from None
    return body


def _each_name_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the body, refused if it names a field or a player twice: JSON
    keeps the last, and a deal would lose the first hand without a word."""
    seen: set[str] = set()
    for name, _ in pairs:
        if name in seen:
            raise ApiError(
                400,
                gettext(
                    'the request body names "%(name)s" twice in one object; name each once',
                    name=name,
                ),
            )
        seen.add(name)
    return dict(pairs)


def answer(model: Answer | list[VariantOut]) -> Response:
    """The answer as JSON, in the shape its model (and the OpenAPI document) says."""
    if isinstance(model, list):
        return json_answer([item.dump() for item in model])
    return current_app.response_class(
        model.model_dump_json(by_alias=True, exclude_unset=True), mimetype="application/json"
    )


def json_answer(body: Any) -> Response:
    """JSON written as pydantic writes it (compact, UTF-8), so that a kept answer sent
    again is the same bytes as the first time."""
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return current_app.response_class(text, mimetype="application/json")
