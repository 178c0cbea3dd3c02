"""An evening (docs/rules.md#R78): the games a table played one after the other with
*Play again*. A game played again keeps the id of the evening's first game
(``Game.series``, set by :func:`referee.storage.games.add_game`), so anyone with the
link of any of its games finds them all; what they add up to is the rules core's
(:func:`referee.rules.bookkeeping.evening`)."""

from __future__ import annotations

from sqlalchemy import or_, select

from .db import db
from .models import Game

__all__ = ["series_of"]


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
