"""The API's own answer to a refused write: a write whose If-Match names a version
the game has moved on from is a 412 that carries the game as it is now, so the
program can look again before it writes (docs/api.md#errors). Every other refusal
is answered by ``referee.plumbing.errors``, for the API and the pages alike.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify

from ..plumbing.errors import in_api, status_of, unexpected
from ..storage import deals, games
from ..storage.tags import version_tag
from .schemas.game_answers import GameOut, StaleGameOut


def stale(error: deals.StaleGame) -> Any:
    """The game as it is now, with its ETag; a page never meets one (its forms send
    the version they were drawn at, and answer a stale one themselves)."""
    if not in_api():
        return unexpected(error)
    game = error.game
    body = StaleGameOut(error=str(error), game=GameOut.of(game, games.sheet_of(game)))
    response = jsonify(body.dump())
    response.set_etag(version_tag(game.version))
    return response, status_of(error)


def register(app: Flask) -> None:
    app.errorhandler(deals.StaleGame)(stale)
