"""A game's version read for a poll, with no Game loaded: the sheet's unchanged poll
and the API's 304 ask one query each, on the polls' engine
(:func:`referee.storage.database.reads_engine`)."""

from __future__ import annotations

from sqlalchemy import Engine

from . import database as storage
from .games import GAME_ID


def sheet_state(
    reads: Engine, game_id: str, phone: str | None = None
) -> tuple[int, bool, bool] | None:
    """The game's version, whether ``phone`` (a phone's digest, as
    :func:`referee.storage.phones.digest` makes it) keeps the game's edit key, and whether
    it keeps the game at all; None if there is no such game. One query on primary keys,
    on the polls' engine (``reads``, see :func:`referee.storage.database.reads_engine`),
    with no ORM session, no Game built and no transaction, so that a poll of an
    unchanged sheet is answered cheaply."""
    if not GAME_ID.fullmatch(game_id):
        return None
    row = storage.read_row(
        reads,
        "SELECT game.version, phone_game.sealed_key IS NOT NULL, phone_game.phone IS NOT NULL"
        " FROM game"
        " LEFT JOIN phone_game ON phone_game.game_id = game.id AND phone_game.phone = ?"
        " WHERE game.id = ?",
        (phone or "", game_id),
    )
    return None if row is None else (int(row[0]), bool(row[1]), bool(row[2]))


def game_version(reads: Engine, game_id: str) -> int | None:
    """The game's version, None if there is no such game: one query on the primary
    key, as :func:`sheet_state` reads, for the API's 304."""
    if not GAME_ID.fullmatch(game_id):
        return None
    row = storage.read_row(reads, "SELECT version FROM game WHERE id = ?", (game_id,))
    return None if row is None else int(row[0])
