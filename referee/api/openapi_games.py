"""A game's paths in the OpenAPI document of /api/v1, as data: start it, read it,
record, correct and undo its deals, count and take back its buys (docs/rules.md#R77),
its sheet; with the parameters, headers and error answers of
:mod:`referee.api.openapi_paths`."""

from __future__ import annotations

from typing import Any

from .openapi_paths import DEAL, ETAG, GAME, WRITE, body_of, content, errors, param, ref
from .schemas.requests import Body, BuyIn, DealIn, GameIn


def _recording(operation_id: str, summary: str, model: type[Body], done: str) -> dict[str, Any]:
    """A write that records something new in a game: 201, and retried with a key."""
    return {
        "operationId": operation_id,
        "summary": summary,
        "tags": ["games"],
        "parameters": [*WRITE, param("IdempotencyKey")],
        "requestBody": body_of(model),
        "responses": {
            "201": content(
                f"The game with {done} (or a retry's first answer).", ref("Game"), headers=ETAG
            )
        }
        | errors(400, 403, 404, 409, 412, 413, 415, 422),
    }


#: A game's paths: start it, read it, record, correct and undo its deals and buys, its
#: sheet.
#: One event of a game's stream (each event as its schema, as OpenAPI 3.2's itemSchema): its
#: ``id`` the version, ``data`` JSON naming the game and its version.
EVENT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "description": "The game's version."},
        "event": {"const": "changed"},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "description": 'The game and its version: {"game": "<id>", "version": 3}.',
        },
        "retry": {"type": "string"},
    },
    "required": ["event", "data"],
}

GAME_PATHS: dict[str, Any] = {
    "/api/v1/games": {
        "post": {
            "operationId": "createGame",
            "summary": "Start a game; the answer holds its id and edit key",
            "tags": ["games"],
            "parameters": [param("IdempotencyKey")],
            "requestBody": body_of(GameIn),
            "responses": {
                "201": content("The new game, with its edit key.", ref("NewGame"), headers=ETAG)
            }
            | errors(400, 404, 409, 413, 415, 422, 429),
        }
    },
    "/api/v1/games/{game_id}": {
        "parameters": GAME,
        "get": {
            "operationId": "readGame",
            "summary": "The game: sides, deals, sheet, totals, winners",
            "tags": ["games"],
            "parameters": [param("IfNoneMatch")],
            "responses": {
                "200": content("The game.", ref("Game"), headers=ETAG),
                "304": {
                    "description": "If-None-Match named the current ETag; no body.",
                    "headers": ETAG,
                },
            }
            | errors(404),
        },
    },
    "/api/v1/games/{game_id}/events": {
        "parameters": GAME,
        "get": {
            "operationId": "followGame",
            "summary": "Follow the game: an event each time it changes (server-sent events)",
            "description": "A stream that stays open: each time the game changes, an event "
            "`changed` whose `id` is the game's new version and whose data is "
            '`{"game": <id>, "version": <version>}`; a comment line now and then while '
            "nothing changes. Read the game again (with If-None-Match) on each event. The "
            "stream ends when the server stops: open it again after the `retry` it sent, "
            'with Last-Event-ID (docs/api.md, "Following a game").',
            "tags": ["games"],
            "parameters": [param("LastEventId"), param("Seen")],
            "responses": {
                "200": {
                    "description": "The stream: first the version, unless the client named "
                    "it, then each change as it is saved.",
                    "content": {"text/event-stream": {"schema": EVENT}},
                }
            }
            | errors(404),
        },
    },
    "/api/v1/games/{game_id}/deals": {
        "parameters": GAME,
        "post": _recording("recordDeal", "Record the next deal", DealIn, "the deal recorded"),
    },
    "/api/v1/games/{game_id}/deals/{number}": {
        "parameters": DEAL,
        "put": {
            "operationId": "replaceDeal",
            "summary": "Correct a deal; every later total follows",
            "tags": ["games"],
            "parameters": WRITE,
            "requestBody": body_of(DealIn),
            "responses": {"200": content("The game as corrected.", ref("Game"), headers=ETAG)}
            | errors(400, 403, 404, 409, 412, 413, 415, 422),
        },
        "delete": {
            "operationId": "undoDeal",
            "summary": "Undo the last deal",
            "tags": ["games"],
            "parameters": WRITE,
            "responses": {"200": content("The game without it.", ref("Game"), headers=ETAG)}
            | errors(403, 404, 409, 412),
        },
    },
    "/api/v1/games/{game_id}/buys": {
        "parameters": GAME,
        "post": _recording(
            "recordBuy",
            "Count a buy for a player in the deal being played (R77)",
            BuyIn,
            "the buy counted",
        ),
    },
    "/api/v1/games/{game_id}/buys/{player}": {
        "parameters": [param("GameId"), param("Player")],
        "delete": {
            "operationId": "undoBuy",
            "summary": "Take back the player's last buy of the deal being played",
            "tags": ["games"],
            "parameters": [*WRITE, param("IdempotencyKey")],
            "responses": {"200": content("The game without it.", ref("Game"), headers=ETAG)}
            | errors(400, 403, 404, 409, 412, 422),
        },
    },
    "/api/v1/games/{game_id}/sheet.csv": {
        "parameters": GAME,
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
            | errors(404),
        },
    },
}
