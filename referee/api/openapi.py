"""The OpenAPI 3.1 description of /api/v1 (docs/api.md), served at /api/v1/openapi.json.

The request bodies and the answers are the JSON Schemas of the very pydantic models
the API validates with and answers with (``referee.api.schemas``), generated here,
never copied by hand; the paths are a table of their own (``referee.api.openapi_paths``).
A test keeps the paths in step with the app's routes and the request schemas with
the models (``tests/api/test_openapi.py``), and a fuzzer holds the app to the
document (``tests/api/test_fuzz.py``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema

from ..plumbing.json_text import MAX_BODY_BYTES
from .openapi_games import GAME_PATHS
from .openapi_paths import (
    DISCOVERY_PATHS,
    HEADERS,
    PARAMETERS,
    REF_TEMPLATE,
    RESPONSES,
    RULES_PATHS,
)
from .schemas import ANSWER_MODELS, REQUEST_MODELS

OPENAPI_VERSION = "3.1.0"
#: Every path, in the order the document lists them.
PATHS: dict[str, Any] = RULES_PATHS | GAME_PATHS | DISCOVERY_PATHS
#: What every answer model's name ends in (``GameOut``), as every request body's ends
#: in ``In``. The document names an answer without it (``Game``), as it always has:
#: the names are the clients', the suffix only the package's.
ANSWER_SUFFIX = "Out"


def request_schemas() -> dict[str, Any]:
    """The JSON Schema of every request model, keyed by model name, with references
    pointing into ``components.schemas``."""
    _, top = models_json_schema(
        [(model, "validation") for model in REQUEST_MODELS], ref_template=REF_TEMPLATE
    )
    schemas: dict[str, Any] = top["$defs"]
    return schemas


def component_name(model: type[BaseModel]) -> str:
    """The name of ``model``'s schema under ``components.schemas``.

    >>> from referee.api.schemas.game_answers import GameOut
    >>> from referee.api.schemas.requests import GameIn
    >>> component_name(GameOut), component_name(GameIn)
    ('Game', 'GameIn')
    """
    return model.__name__.removesuffix(ANSWER_SUFFIX)


class AnswerSchema(GenerateJsonSchema):
    """The answers' JSON Schemas as the document shows them: named without their
    models' suffix (:func:`component_name`), no titles (the component's name says
    it), the rest as pydantic writes it."""

    def normalize_name(self, name: str) -> str:
        return super().normalize_name(name).removesuffix(ANSWER_SUFFIX)

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def model_schema(self, schema: Any) -> JsonSchemaValue:
        generated = super().model_schema(schema)
        generated.pop("title", None)
        return generated


def response_schemas() -> dict[str, Any]:
    """The JSON Schema of every answer model (``referee.api.schemas.ANSWER_MODELS``) and of
    the models they use, keyed by component name, as the API serializes them."""
    _, top = models_json_schema(
        [(model, "serialization") for model in ANSWER_MODELS],
        ref_template=REF_TEMPLATE,
        schema_generator=AnswerSchema,
    )
    schemas: dict[str, Any] = top["$defs"]
    return schemas


DESCRIPTION = f"""\
The Rummy Referee's JSON API (docs/api.md): the referee for melds, lay-offs,
rescues, contracts and hands, and the running score sheet of a game.

Requests and answers are JSON, UTF-8. Every answer under /api/ is JSON (the
sheet's CSV export aside), errors included: a 4xx status with
`{{"error": "<a sentence>"}}`; never a 500 or an HTML page. A path asked with a
method it does not list is 405, an unknown path 404, a body over
{MAX_BODY_BYTES // 1024} KB 413. A write (POST, PUT) whose body is not sent as
`Content-Type: application/json` is 415, and a request whose `Origin` names another
site (a browser on another site's page) is 403: programs send no Origin. When the
database does not answer (a connection dropped, none free) the answer is 503 with
`Retry-After`: send the same request again then (a write with its Idempotency-Key
counts once).
"""


@cache
def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of /api/v1, built once (do not change it in place)."""
    requests, answers = request_schemas(), response_schemas()
    # A schema both sides use (HouseRules) is one component; two that differ, a clash.
    clash = {name for name in set(requests) & set(answers) if requests[name] != answers[name]}
    if clash:
        raise RuntimeError(f"request and answer schemas share the names {sorted(clash)}")
    return {
        "openapi": OPENAPI_VERSION,
        "info": {"title": "Rummy Referee", "version": "1", "description": DESCRIPTION},
        "tags": [
            {
                "name": "rules",
                "description": "The referee: melds, lay-offs, rescues, contracts, hands.",
            },
            {"name": "games", "description": "Games and their running sheets."},
            {"name": "discovery", "description": "This document."},
        ],
        "paths": PATHS,
        "components": {
            "schemas": requests | answers,
            "parameters": PARAMETERS,
            "headers": HEADERS,
            "responses": RESPONSES,
        },
    }
