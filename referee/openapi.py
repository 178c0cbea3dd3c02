"""The OpenAPI 3.1 description of /api/v1 (shared/API.md), served at /api/v1/openapi.json.

The request bodies and the answers are the JSON Schemas of the very pydantic models
the API validates with and answers with (``referee.schemas``), generated here,
never copied by hand. A test keeps
the paths in step with the app's routes and the request schemas with the models
(``tests/api/test_openapi.py``), and a fuzzer holds the app to the document
(``tests/api/test_fuzz.py``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema

from .plumbing.extensions import MAX_BODY_BYTES
from .schemas import (
    ANSWER_MODELS,
    Body,
    ContractCheckIn,
    DealIn,
    GameIn,
    HandScoreIn,
    HandSolveIn,
    MeldCheckIn,
    MeldExtendIn,
    RescueIn,
)
from .storage.idempotency import IDEMPOTENCY_KEY

OPENAPI_VERSION = "3.1.0"
REF_TEMPLATE = "#/components/schemas/{model}"
#: What every answer model's name ends in (``GameOut``), as every request body's ends
#: in ``In``. The document names an answer without it (``Game``), as it always has:
#: the names are the clients', the suffix only the package's.
ANSWER_SUFFIX = "Out"

#: The request bodies of the API; the models they use (DeclareIn, MeldIn, PotIn)
#: come along as components of their own.
REQUEST_MODELS: tuple[type[Body], ...] = (
    MeldCheckIn,
    MeldExtendIn,
    RescueIn,
    ContractCheckIn,
    HandScoreIn,
    HandSolveIn,
    GameIn,
    DealIn,
)

#: The Idempotency-Key's pattern, as a JSON Schema pattern (ECMA-262 reads it alike).
IDEMPOTENCY_KEY_PATTERN = IDEMPOTENCY_KEY.pattern


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

    >>> from referee.schemas import GameOut, GameIn
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
    """The JSON Schema of every answer model (``referee.schemas.ANSWER_MODELS``) and of
    the models they use, keyed by component name, as the API serializes them."""
    _, top = models_json_schema(
        [(model, "serialization") for model in ANSWER_MODELS],
        ref_template=REF_TEMPLATE,
        schema_generator=AnswerSchema,
    )
    schemas: dict[str, Any] = top["$defs"]
    return schemas


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF_TEMPLATE.format(model=name)}


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


# --- Parameters, headers and answers ----------------------------------------------------


def _header(name: str, description: str, **schema: Any) -> dict[str, Any]:
    return {
        "name": name,
        "in": "header",
        "required": False,
        "description": description,
        "schema": {"type": "string", **schema},
    }


PARAMETERS: dict[str, Any] = {
    "GameId": {
        "name": "game_id",
        "in": "path",
        "required": True,
        "description": "The game's id, as its creation answered.",
        "schema": {"type": "string", "minLength": 1},
    },
    "DealNumber": {
        "name": "number",
        "in": "path",
        "required": True,
        "description": "The deal's number, 1 to the variant's number of deals.",
        "schema": {"type": "integer", "minimum": 1},
    },
    "EditKey": {
        **_header(
            "X-Edit-Key",
            "The game's edit key, as its creation answered. Every change needs it: "
            "without it, or with a wrong one, the answer is 403 and nothing changes.",
        ),
        "required": True,
    },
    "IdempotencyKey": _header(
        "Idempotency-Key",
        "8 to 64 characters chosen by the client, none of them a control character (a "
        "random UUID will do). The same request again with the same key gets the first "
        "answer and records nothing; the same key with another body is 409.",
        pattern=IDEMPOTENCY_KEY_PATTERN,
    ),
    "IfMatch": _header(
        "If-Match",
        "The game's ETag as this client last saw it; a stale one is 412 with the game "
        "as it is now, and nothing changes.",
    ),
    "IfNoneMatch": _header(
        "If-None-Match", "The game's ETag; if it is still current the answer is 304."
    ),
}

HEADERS: dict[str, Any] = {
    "ETag": {
        "description": "The game's version; it changes with every change to the game.",
        "schema": {"type": "string"},
    }
}

_ERRORS = {
    "400": (
        "BadRequest",
        "Malformed input: a body that is not JSON, a field of the wrong type, a card "
        "that is no card, an unknown option, a deal number the variant does not have, a "
        "players count it is not played by (on the rules paths), a bent table where the "
        "game has none, a bad Idempotency-Key, a hand of more than 30 cards to solve.",
    ),
    "403": ("Forbidden", "The edit key is missing or wrong; nothing changed."),
    "404": ("NotFound", "No such game, deal or variant."),
    "405": ("MethodNotAllowed", "Any method a path does not list."),
    "409": (
        "Conflict",
        "A change that clashes with the game: a deal past the game's last, undoing a "
        "deal that is not the last, an Idempotency-Key used for another request.",
    ),
    "413": ("PayloadTooLarge", f"A body over {MAX_BODY_BYTES // 1024} KB."),
    "422": (
        "Unprocessable",
        "Well-formed but against the rules of the game: a card the pack cannot hold, "
        "a player who is not in the game, points no hand can make, a game for a number "
        "of players the variant is not played by, a deal where nobody went out in a game "
        "that reshuffles the discards (R64).",
    ),
    "429": ("TooManyRequests", "Too many games started from this address in a minute."),
}


def _json(description: str, schema: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}} | more


def _responses_components() -> dict[str, Any]:
    answers = {name: _json(description, _ref("Error")) for name, description in _ERRORS.values()}
    answers["PreconditionFailed"] = _json(
        "If-Match named an older version of the game; nothing changed.",
        _ref("StaleGame"),
        headers={"ETag": {"$ref": "#/components/headers/ETag"}},
    )
    return answers


def _errors(*statuses: int) -> dict[str, Any]:
    answers: dict[str, Any] = {}
    for status in statuses:
        name = "PreconditionFailed" if status == 412 else _ERRORS[str(status)][0]
        answers[str(status)] = {"$ref": f"#/components/responses/{name}"}
    return answers


def _param(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/parameters/{name}"}


def _body(model: type[Body]) -> dict[str, Any]:
    return {
        "required": True,
        "content": {"application/json": {"schema": _ref(model.__name__)}},
    }


ETAG = {"ETag": {"$ref": "#/components/headers/ETag"}}

#: The rules paths: a body judged by a ruleset, a verdict back.
_RULES_ERRORS = (400, 404, 413, 422)


def _rules_path(operation_id: str, summary: str, model: type[Body], answer: str) -> dict[str, Any]:
    return {
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "tags": ["rules"],
            "requestBody": _body(model),
            "responses": {"200": _json("The verdict.", _ref(answer))} | _errors(*_RULES_ERRORS),
        }
    }


def _paths() -> dict[str, Any]:
    game_params = [_param("GameId")]
    deal_params = [_param("GameId"), _param("DealNumber")]
    write_params = [_param("EditKey"), _param("IfMatch")]
    return {
        "/api/v1/variants": {
            "get": {
                "operationId": "listVariants",
                "summary": "The variants, their deals and contracts, card values and options",
                "tags": ["rules"],
                "responses": {"200": _json("Every variant.", _array(_ref("Variant")))},
            }
        },
        "/api/v1/melds/check": _rules_path(
            "checkMeld",
            "Is this a meld, every way it can be read, and why not",
            MeldCheckIn,
            "MeldVerdict",
        ),
        "/api/v1/melds/extend": _rules_path(
            "extendMeld",
            "Lay cards off at the ends of a meld on the table (R23)",
            MeldExtendIn,
            "MeldVerdict",
        ),
        "/api/v1/melds/rescue": _rules_path(
            "rescueWild",
            "Put a natural card in a wild card's place in a meld on the table; what happens "
            "to the wild card, by the game's rule (R24, R25, R79)",
            RescueIn,
            "Rescue",
        ),
        "/api/v1/contracts/check": _rules_path(
            "checkContract",
            "An initial meld against the deal's contract (R20, R21)",
            ContractCheckIn,
            "ContractVerdict",
        ),
        "/api/v1/hands/score": _rules_path(
            "scoreHand", "The points left in a hand", HandScoreIn, "HandScore"
        ),
        "/api/v1/hands/solve": _rules_path(
            "solveHand",
            "What a hand can do in a deal: the best melds to meet the contract and what is "
            "left, or how many cards it lacks and which would do (R65-R67)",
            HandSolveIn,
            "HandSolution",
        ),
        "/api/v1/games": {
            "post": {
                "operationId": "createGame",
                "summary": "Start a game; the answer holds its id and edit key",
                "tags": ["games"],
                "parameters": [_param("IdempotencyKey")],
                "requestBody": _body(GameIn),
                "responses": {
                    "201": _json("The new game, with its edit key.", _ref("NewGame"), headers=ETAG)
                }
                | _errors(400, 404, 409, 413, 422, 429),
            }
        },
        "/api/v1/games/{game_id}": {
            "parameters": game_params,
            "get": {
                "operationId": "readGame",
                "summary": "The game: sides, deals, sheet, totals, winners",
                "tags": ["games"],
                "parameters": [_param("IfNoneMatch")],
                "responses": {
                    "200": _json("The game.", _ref("Game"), headers=ETAG),
                    "304": {
                        "description": "If-None-Match named the current ETag; no body.",
                        "headers": ETAG,
                    },
                }
                | _errors(404),
            },
        },
        "/api/v1/games/{game_id}/deals": {
            "parameters": game_params,
            "post": {
                "operationId": "recordDeal",
                "summary": "Record the next deal",
                "tags": ["games"],
                "parameters": [*write_params, _param("IdempotencyKey")],
                "requestBody": _body(DealIn),
                "responses": {
                    "201": _json(
                        "The game with the deal recorded (or a retry's first answer).",
                        _ref("Game"),
                        headers=ETAG,
                    )
                }
                | _errors(400, 403, 404, 409, 412, 413, 422),
            },
        },
        "/api/v1/games/{game_id}/deals/{number}": {
            "parameters": deal_params,
            "put": {
                "operationId": "replaceDeal",
                "summary": "Correct a deal; every later total follows",
                "tags": ["games"],
                "parameters": write_params,
                "requestBody": _body(DealIn),
                "responses": {"200": _json("The game as corrected.", _ref("Game"), headers=ETAG)}
                | _errors(400, 403, 404, 409, 412, 413, 422),
            },
            "delete": {
                "operationId": "undoDeal",
                "summary": "Undo the last deal",
                "tags": ["games"],
                "parameters": write_params,
                "responses": {"200": _json("The game without it.", _ref("Game"), headers=ETAG)}
                | _errors(403, 404, 409, 412),
            },
        },
        "/api/v1/games/{game_id}/sheet.csv": {
            "parameters": game_params,
            "get": {
                "operationId": "sheetCsv",
                "summary": "The running sheet as CSV",
                "tags": ["games"],
                "responses": {
                    "200": {
                        "description": "A header row deal,cards_dealt,<side>,… then one row "
                        "of running totals per deal.",
                        "content": {"text/csv": {"schema": {"type": "string"}}},
                    }
                }
                | _errors(404),
            },
        },
        "/api/v1/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "tags": ["discovery"],
                "responses": {"200": _json("The OpenAPI 3.1 document.", {"type": "object"})},
            }
        },
    }


DESCRIPTION = f"""\
The Push Referee's JSON API (shared/API.md): the referee for melds, lay-offs,
rescues, contracts and hands, and the running score sheet of a game.

Requests and answers are JSON, UTF-8. Every answer under /api/ is JSON (the
sheet's CSV export aside), errors included: a 4xx status with
`{{"error": "<a sentence>"}}`; never a 500 or an HTML page. A path asked with a
method it does not list is 405, an unknown path 404, a body over
{MAX_BODY_BYTES // 1024} KB 413.
"""


@cache
def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of /api/v1, built once (do not change it in place)."""
    requests, answers = request_schemas(), response_schemas()
    clash = set(requests) & set(answers)
    if clash:
        raise RuntimeError(f"request and answer schemas share the names {sorted(clash)}")
    return {
        "openapi": OPENAPI_VERSION,
        "info": {"title": "Push Referee", "version": "1", "description": DESCRIPTION},
        "tags": [
            {
                "name": "rules",
                "description": "The referee: melds, lay-offs, rescues, contracts, hands.",
            },
            {"name": "games", "description": "Games and their running sheets."},
            {"name": "discovery", "description": "This document."},
        ],
        "paths": _paths(),
        "components": {
            "schemas": requests | answers,
            "parameters": PARAMETERS,
            "headers": HEADERS,
            "responses": _responses_components(),
        },
    }
