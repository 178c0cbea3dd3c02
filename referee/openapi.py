"""The OpenAPI 3.1 description of /api/v1 (shared/API.md), served at /api/v1/openapi.json.

The request bodies are the JSON Schemas of the very pydantic models the API
validates with (``referee.schemas``), generated here, never copied by hand; the
answers, which have no models, are described by their main fields. A test keeps
the paths in step with the app's routes and the request schemas with the models
(``tests/api/test_openapi.py``), and a fuzzer holds the app to the document
(``tests/api/test_fuzz.py``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic.json_schema import models_json_schema

from . import MAX_BODY_BYTES
from .rules import VARIANTS
from .rules.variants import WildLimit
from .schemas import (
    Body,
    ContractCheckIn,
    DealIn,
    GameIn,
    HandScoreIn,
    MeldCheckIn,
    MeldExtendIn,
)

OPENAPI_VERSION = "3.1.0"
REF_TEMPLATE = "#/components/schemas/{model}"

#: The request bodies of the API; the models they use (DeclareIn, MeldIn, PotIn)
#: come along as components of their own.
REQUEST_MODELS: tuple[type[Body], ...] = (
    MeldCheckIn,
    MeldExtendIn,
    ContractCheckIn,
    HandScoreIn,
    GameIn,
    DealIn,
)

#: api.IDEMPOTENCY_KEY, as a JSON Schema pattern (the test compares the two).
IDEMPOTENCY_KEY_PATTERN = r"^[\x20-\x7e\xa0-\xff]{8,64}$"


def request_schemas() -> dict[str, Any]:
    """The JSON Schema of every request model, keyed by model name, with references
    pointing into ``components.schemas``."""
    _, top = models_json_schema(
        [(model, "validation") for model in REQUEST_MODELS], ref_template=REF_TEMPLATE
    )
    schemas: dict[str, Any] = top["$defs"]
    return schemas


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF_TEMPLATE.format(model=name)}


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def _object(
    properties: dict[str, Any], required: list[str] | None = None, **more: Any
) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    schema["required"] = list(properties) if required is None else required
    return schema | more


def _map(values: dict[str, Any]) -> dict[str, Any]:
    """An object of any keys (side names, player names, options) and these values."""
    return {"type": "object", "additionalProperties": values}


STRING = {"type": "string"}
INTEGER = {"type": "integer"}
BOOLEAN = {"type": "boolean"}
CARD = {"type": "string", "description": 'A canonical card token: "10H", "AS", "JK".'}
RANK = {"type": "string", "description": 'A rank token: "A", "2" … "10", "J", "Q", "K".'}
SUIT = {"type": "string", "enum": ["S", "H", "D", "C"]}
CONTRACT_PART = _object({"kind": {"type": "string", "enum": ["set", "run"]}, "min": INTEGER})


def response_schemas() -> dict[str, Any]:
    """The answers' schemas: their main fields, open to more."""
    return {
        "Error": _object(
            {"error": {"type": "string", "description": "A sentence a person can act on."}},
            additionalProperties=False,
            description="Every refusal under /api/: a 4xx status and one sentence.",
        ),
        "StaleGame": _object(
            {"error": STRING, "game": _ref("Game")},
            description="A write whose If-Match is stale: the game as it is now.",
        ),
        "SetReading": _object({"kind": {"const": "set"}, "rank": RANK}),
        "RunReading": _object(
            {
                "kind": {"const": "run"},
                "suit": SUIT,
                "low": RANK,
                "high": RANK,
                "cards": _array(
                    _object(
                        {
                            "card": CARD,
                            "as": {**CARD, "description": "The card it stands for."},
                        }
                    )
                ),
            },
            description="A run's cards in run order, each with what it stands as.",
        ),
        "Reading": {"oneOf": [_ref("SetReading"), _ref("RunReading")]},
        "MeldVerdict": _object(
            {
                "legal": BOOLEAN,
                "needs_declaration": {
                    **BOOLEAN,
                    "description": "True exactly when there is more than one reading.",
                },
                "readings": _array(_ref("Reading")),
                "reasons": {
                    **_array(STRING),
                    "description": "Why the meld is not legal, one sentence each.",
                },
                "cards": _array(CARD),
            }
        ),
        "ContractVerdict": _object(
            {
                "met": BOOLEAN,
                "contract": _array(CONTRACT_PART),
                "melds": _array(_ref("MeldVerdict")),
                "reasons": _array(STRING),
            }
        ),
        "HandScore": _object(
            {
                "points": INTEGER,
                "cards": _array(_object({"card": CARD, "points": INTEGER})),
            }
        ),
        "Variant": _object(
            {
                "id": {"type": "string", "enum": list(VARIANTS)},
                "name": STRING,
                "players": _array(INTEGER),
                "partnerships": BOOLEAN,
                "deals": _array(
                    _object({"deal": INTEGER, "cards": INTEGER, "contract": _array(CONTRACT_PART)})
                ),
                "card_values": _map(INTEGER),
                "options": _map(_object({"default": BOOLEAN, "description": STRING})),
                "wild_cards": {"type": "string", "enum": [limit.value for limit in WildLimit]},
                "pot": {**BOOLEAN, "description": "Whether the variant may play for a pot."},
            }
        ),
        "Pot": _object(
            {
                "paid_in": INTEGER,
                "paid_out": _map(INTEGER),
                "left": INTEGER,
                "winner_share": _map(INTEGER),
                "unsplit": INTEGER,
            },
            required=["paid_in", "paid_out", "left"],
            description="Cap-It's pot (R33); winner_share once the game is finished.",
        ),
        "Game": _object(
            {
                "id": STRING,
                "url": {"type": "string", "description": "The game's page."},
                "variant": STRING,
                "options": _map(BOOLEAN),
                "players": {**_array(STRING), "description": "In clockwise seat order."},
                "sides": _array(_object({"name": STRING, "players": _array(STRING)})),
                "deals": _array(
                    _object(
                        {
                            "deal": INTEGER,
                            "cards_dealt": INTEGER,
                            "went_out": {"type": ["string", "null"]},
                            "scores": {**_map(INTEGER), "description": "By side."},
                            "points": {
                                **_map({"type": ["integer", "null"]}),
                                "description": "By player; null for the side that went out.",
                            },
                        }
                    )
                ),
                "sheet": _array(
                    _object({"deal": INTEGER, "cards_dealt": INTEGER, "totals": _map(INTEGER)})
                ),
                "totals": _map(INTEGER),
                "finished": BOOLEAN,
                "winners": _array(STRING),
                "pot": _ref("Pot"),
            },
            required=[
                "id",
                "url",
                "variant",
                "options",
                "players",
                "sides",
                "deals",
                "sheet",
                "totals",
                "finished",
                "winners",
            ],
            description="A game and its running sheet; scores, totals and winners by side.",
        ),
        "NewGame": {
            "allOf": [
                _ref("Game"),
                _object(
                    {
                        "edit_key": {
                            "type": "string",
                            "description": "Send as X-Edit-Key to change the game; "
                            "shown only this once.",
                        }
                    }
                ),
            ]
        },
    }


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
        "description": "The deal's number, 1 to 5.",
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
        "that is no card, an unknown option, a bad Idempotency-Key.",
    ),
    "403": ("Forbidden", "The edit key is missing or wrong; nothing changed."),
    "404": ("NotFound", "No such game, deal or variant."),
    "405": ("MethodNotAllowed", "Any method a path does not list."),
    "409": (
        "Conflict",
        "A change that clashes with the game: a sixth deal, undoing a deal that is not "
        "the last, an Idempotency-Key used for another request.",
    ),
    "413": ("PayloadTooLarge", f"A body over {MAX_BODY_BYTES // 1024} KB."),
    "422": (
        "Unprocessable",
        "Well-formed but against the rules of the game: a card the pack cannot hold, "
        "a player who is not in the game, points no hand can make.",
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
        "/api/v1/contracts/check": _rules_path(
            "checkContract",
            "An initial meld against the deal's contract (R20, R21)",
            ContractCheckIn,
            "ContractVerdict",
        ),
        "/api/v1/hands/score": _rules_path(
            "scoreHand", "The points left in a hand", HandScoreIn, "HandScore"
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
contracts and hands, and the running score sheet of a game.

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
            {"name": "rules", "description": "The referee: melds, lay-offs, contracts, hands."},
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
