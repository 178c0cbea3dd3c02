"""An evening (docs/rules.md#R78): the games a table played one after the other with
*Play again*. A game played again keeps the id of the evening's first game
(``Game.series``, set by :func:`referee.storage.games.add_game`), so anyone with the
link of any of its games finds them all; what they add up to is the rules core's
(:func:`referee.rules.bookkeeping.night`). How the table wins its evening is kept
on its first game (:func:`won_by`, :func:`count_the_night_by`)."""

from __future__ import annotations

from sqlalchemy import or_, select

from ..rules.bookkeeping import EVENING_WON_BY
from .database import one_transaction
from .db import db
from .games import check_edit_key, lock_game, locked_game
from .models import Game

__all__ = ["count_the_night_by", "series_of", "ways_chosen", "won_by"]


def series_of(game: Game) -> list[Game]:
    """The games of the evening ``game`` belongs to, the first one first: the game
    the evening began with, and every game played again since."""
    first = game.series or game.id
    return list(
        db.session.scalars(
            select(Game)
            .where(or_(Game.id == first, Game.series == first))
            .order_by(Game.created_at, Game.id)
        )
    )


def won_by(series: list[Game]) -> str:
    """How the evening of ``series`` (its games, the first one first) is won: as its
    table chose, else the referee's way (R78: the evening total)."""
    chosen = series[0].evening_won_by if series else None
    return chosen if chosen in EVENING_WON_BY else EVENING_WON_BY[0]


def ways_chosen(games: list[Game]) -> dict[str, str | None]:
    """How the evening of each of ``games`` is won as its table chose (None: not
    chosen, the referee's way), by game id; what :func:`won_by` reads, in one read
    for them all."""
    evenings = {game.series or game.id for game in games}
    firsts: dict[str, str | None] = {}
    for game_id, series, way in db.session.execute(
        select(Game.id, Game.series, Game.evening_won_by)
        .where(or_(Game.id.in_(evenings), Game.series.in_(evenings)))
        .order_by(Game.created_at, Game.id)
    ):
        firsts.setdefault(series or game_id, way)
    return {game.id: firsts.get(game.series or game.id) for game in games}


def count_the_night_by(game_id: str, edit_key: str | None, way: str) -> None:
    """Keep how the evening of the game is won, ``way`` one of the rules core's
    EVENING_WON_BY, for a phone that may change the game; one write, under the
    lock of the evening's first game. EditRefused for another phone; ValueError
    for a way the core has not."""
    if way not in EVENING_WON_BY:
        raise ValueError(way)
    with one_transaction():
        game = locked_game(game_id)
        check_edit_key(game, edit_key)
        # The evening's first game, or where a phone brought the evening in without
        # it, its earliest game here: the one won_by reads.
        first = lock_game(series_of(game)[0].id) if game.series else game
        first.evening_won_by = way
        db.session.commit()
