"""The JSON API, /api/v1 (docs/api.md), as the Flask tutorial's blueprints: the
rules' paths (:mod:`.melds`) and the games' (:mod:`.games`), each a blueprint
of its own under this one, which refuses another site's pages and answers OPTIONS;
the bodies and answers they share (:mod:`.answers`, :mod:`.schemas`); the
OpenAPI document that describes them (:mod:`.openapi`).
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app, jsonify, request

from ..plumbing.extensions import csrf
from . import errors, games, melds
from .cross_site import refuse_other_sites
from .openapi import openapi_document

__all__ = ["ASKING_PATHS", "register"]

#: The API's POSTs that only ask and write nothing (referee.plumbing.serving).
ASKING_PATHS = melds.ASKING_PATHS

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.before_request(refuse_other_sites)  # another site's page, a write not sent as JSON
bp.register_blueprint(melds.bp)
bp.register_blueprint(games.bp)


def register(app: Flask) -> None:
    """Register the API on the app: its paths, and its answers to a stale write."""
    app.register_blueprint(bp)
    for blueprint in (melds.bp, games.bp):  # programs: JSON bodies and X-Edit-Key, no cookies
        csrf.exempt(blueprint)
    errors.register(app)


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 description of every path here (referee/api/openapi.py)."""
    return jsonify(openapi_document())


@bp.before_request
def _options() -> Response | None:
    """OPTIONS on a path: 204, the methods it takes in Allow, no body (not Flask's own
    answer, an empty page labelled text/html)."""
    if request.method != "OPTIONS":
        return None
    allowed = current_app.make_default_options_response().headers["Allow"]
    answer = Response(status=204, headers={"Allow": allowed})
    del answer.headers["Content-Type"]
    return answer
