"""The paths of the OpenAPI document of /api/v1, as data: each path's operations,
with the parameters, headers and error answers they share (``referee.api.openapi``
puts them together with the models' schemas)."""

from __future__ import annotations

from typing import Any

from ..plumbing.json_text import MAX_BODY_BYTES
from ..storage.idempotency import IDEMPOTENCY_KEY
from .schemas.requests import (
    Body,
    ContractCheckIn,
    HandScoreIn,
    HandSolveIn,
    MeldCheckIn,
    MeldExtendIn,
    RescueIn,
    VariantRulesIn,
)

REF_TEMPLATE = "#/components/schemas/{model}"

#: The Idempotency-Key's pattern, as a JSON Schema pattern (ECMA-262 reads it alike).
IDEMPOTENCY_KEY_PATTERN = IDEMPOTENCY_KEY.pattern


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF_TEMPLATE.format(model=name)}


def array_of(items: dict[str, Any]) -> dict[str, Any]:
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
    "Player": {
        "name": "player",
        "in": "path",
        "required": True,
        "description": "A player's name, as the game seats them.",
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
    "LastEventId": _header(
        "Last-Event-ID",
        "The last version of the game this client was told of (an EventSource sends it "
        "when it opens the stream again); the stream tells the version at once if it is "
        "another.",
    ),
    "Seen": {
        "name": "seen",
        "in": "query",
        "required": False,
        "description": "The version of the game the client has, on a first connection "
        "(Last-Event-ID wins when both are sent).",
        "schema": {"type": "integer", "minimum": 1},
    },
    "VariantId": {
        "name": "variant_id",
        "in": "path",
        "required": True,
        "description": "A variant's id, as GET /api/v1/variants lists them.",
        "schema": {"type": "string", "minLength": 1, "examples": ["contract-rummy"]},
    },
    "House": {
        "name": "house",
        "in": "query",
        "required": False,
        "description": "House rules to apply (docs/rules.md#R68), as JSON: an object of the "
        'HouseRules keys, e.g. {"run_min": 3, "ace": "around"}.',
        "schema": {"type": "string", "examples": ['{"run_min": 3, "values": {"JK": 25}}']},
    },
}

HEADERS: dict[str, Any] = {
    "ETag": {
        "description": "The game's version; it changes with every change to the game.",
        "schema": {"type": "string"},
    },
    "RetryAfter": {
        "description": "Seconds after which the same request may be answered otherwise.",
        "schema": {"type": "integer"},
    },
}

_ERRORS = {
    "400": (
        "BadRequest",
        "Malformed input: a body that is not JSON, a field of the wrong type, a card "
        "that is no card, an unknown option, a deal number the variant does not have, a "
        "players count it is not played by (on the rules paths), a bent table where the "
        "game has none, a bad Idempotency-Key, a hand of more than 30 cards to solve, "
        "house rules with an unknown key, a wrong type or a value out of range (R71), a "
        "bonus for a name that is not a player (R75).",
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
    "415": (
        "UnsupportedMediaType",
        "A body not sent as Content-Type: application/json (a form or text/plain, which "
        "another site's page could make a browser send).",
    ),
    "422": (
        "Unprocessable",
        "Well-formed but against the rules of the game: a card the pack cannot hold, "
        "a player who is not in the game, points no hand can make, a game for a number "
        "of players the variant is not played by, a deal where nobody went out in a game "
        "that reshuffles the discards (R64), house rules no table could play (R71), a "
        "hand to solve whose search is past the solver's limit of work (R67).",
    ),
    "429": ("TooManyRequests", "Too many games started from this address in a minute."),
}


def content(description: str, schema: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}} | more


#: The answers the paths name: each refusal's, and a stale write's with the game now.
RESPONSES: dict[str, Any] = {
    name: content(description, ref("Error")) for name, description in _ERRORS.values()
} | {
    "PreconditionFailed": content(
        "If-Match named an older version of the game; nothing changed.",
        ref("StaleGame"),
        headers={"ETag": {"$ref": "#/components/headers/ETag"}},
    ),
    "SolveUnderway": content(
        "A hand sent from this address is still being solved; ask again after Retry-After.",
        ref("Error"),
        headers={"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
    ),
    "SolvesBusy": content(
        "The server is solving as many hands as it runs at once; ask again after Retry-After.",
        ref("Error"),
        headers={"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
    ),
}


def errors(*statuses: int) -> dict[str, Any]:
    answers: dict[str, Any] = {}
    for status in statuses:
        name = "PreconditionFailed" if status == 412 else _ERRORS[str(status)][0]
        answers[str(status)] = {"$ref": f"#/components/responses/{name}"}
    return answers


def param(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/parameters/{name}"}


def body_of(model: type[Body]) -> dict[str, Any]:
    return {
        "required": True,
        "content": {"application/json": {"schema": ref(model.__name__)}},
    }


#: The rules paths: a body judged by a ruleset, a verdict back.
_RULES_ERRORS = (400, 404, 413, 415, 422)


def _rules_path(operation_id: str, summary: str, model: type[Body], answer: str) -> dict[str, Any]:
    return {
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "tags": ["rules"],
            "requestBody": body_of(model),
            "responses": {"200": content("The verdict.", ref(answer))} | errors(*_RULES_ERRORS),
        }
    }


ETAG = {"ETag": {"$ref": "#/components/headers/ETag"}}
#: The parameters of the paths under a game, a deal of it, and a change to it.
GAME = [param("GameId")]
DEAL = [param("GameId"), param("DealNumber")]
WRITE = [param("EditKey"), param("IfMatch")]

#: The referee's paths: the variants, and a body judged by a ruleset, a verdict back.
RULES_PATHS: dict[str, Any] = {
    "/api/v1/variants": {
        "get": {
            "operationId": "listVariants",
            "summary": "The variants, their deals and contracts, card values and options",
            "tags": ["rules"],
            "responses": {"200": content("Every variant.", array_of(ref("Variant")))},
        }
    },
    "/api/v1/variants/{variant_id}": {
        "parameters": [param("VariantId")],
        "get": {
            "operationId": "readVariant",
            "summary": "A variant's entry with every rule's value (rules), the book's or with "
            "house rules applied (R68)",
            "tags": ["rules"],
            "parameters": [param("House")],
            "responses": {"200": content("The variant, its rules.", ref("VariantRules"))}
            | errors(400, 404, 422),
        },
    },
    "/api/v1/variants/{variant_id}/rules": {
        "parameters": [param("VariantId")],
        "post": {
            "operationId": "variantRules",
            "summary": "A variant's entry for a table: its options, then its house rules (R68)",
            "tags": ["rules"],
            "requestBody": body_of(VariantRulesIn),
            "responses": {"200": content("The variant, its rules.", ref("VariantRules"))}
            | errors(400, 404, 413, 415, 422),
        },
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
}
# Solves run a few at a time (referee/plumbing/solves.py): one past the limit is refused.
RULES_PATHS["/api/v1/hands/solve"]["post"]["responses"] |= {
    "429": {"$ref": "#/components/responses/SolveUnderway"},
    "503": {"$ref": "#/components/responses/SolvesBusy"},
}

#: The document itself.
DISCOVERY_PATHS: dict[str, Any] = {
    "/api/v1/openapi.json": {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "tags": ["discovery"],
            "responses": {"200": content("The OpenAPI 3.1 document.", {"type": "object"})},
        }
    },
}
