"""A sheet followed live: the stream that tells a phone its game changed
(:mod:`referee.plumbing.streams`), answered as a read of the sheet would be (the
404 page for a game that does not exist). On each event the page asks for the
sheet through its conditional GET (:mod:`.sheet`)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from ...plumbing import streams
from ...storage import database as storage
from ...storage import polls
from .. import phone_memory

bp = Blueprint("live", __name__)


@bp.get("/games/<game_id>/events")
def events(game_id: str) -> Response:
    version = polls.game_version(storage.reads(current_app), game_id)
    if version is None:
        version = phone_memory.load(game_id).version  # the sheet's own 404
    return streams.opened(game_id, version)
