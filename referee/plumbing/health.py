"""``GET /healthz`` for whoever runs the referee behind a proxy or in a container:
200 when the database answers and its schema is current, 503 with what is wrong
otherwise. It keeps nothing and sets no cookie."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify
from sqlalchemy.exc import SQLAlchemyError

from ..storage import database as storage

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    try:
        current = storage.schema_is_current()
    except SQLAlchemyError:
        current_app.logger.warning("healthz: the database does not answer", exc_info=True)
        return jsonify(database="unreachable", schema="unknown"), 503
    if not current:
        return jsonify(database="ok", schema="behind: run flask --app referee db upgrade"), 503
    response = jsonify(database="ok", schema="current")
    response.headers["Cache-Control"] = "no-store"
    return response, 200
