"""The evening (docs/rules.md#R78): the games a table played one after the other with
*Play again*, each with its winner and final totals and a chart of its running
totals, and each player's games played and won and points a deal. Anyone with the
link of one of its games may read it; it changes nothing and keeps nothing.

What the games add up to is the rules core's
(:func:`referee.rules.bookkeeping.evening`); the games are the storage's
(:func:`referee.storage.evenings.series_of`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext

from ...plumbing.sentences import request_words
from ...rules.bookkeeping import PlayerEvening
from ...rules.bookkeeping import evening as add_up
from ...rules.scoring import Sheet
from ...rules.words import winner_words
from ...storage import games
from ...storage.evenings import series_of
from ...storage.models import Game
from .. import numbers, phone_memory
from .chart import Chart, running_chart

bp = Blueprint("evening", __name__)


@dataclass(frozen=True)
class GameOfTheEvening:
    """A game of the evening as its page shows it."""

    number: int
    game: Game
    name: str
    sheet: Sheet
    outcome: str  # who won, or how far the game is
    chart: Chart | None


@dataclass(frozen=True)
class Evening:
    games: list[GameOfTheEvening]
    players: list[PlayerEvening]


def evening_of(game: Game) -> Evening:
    """The evening ``game`` belongs to, worked out from its games' sheets."""
    shown = []
    for number, each in enumerate(series_of(game), 1):
        sheet = games.sheet_of(each)
        rules = sheet.table.rules
        outcome = (
            winner_words(request_words(), sheet)
            if sheet.finished
            else gettext(
                "%(played)s of %(deals)s deals played",
                played=len(sheet.deals),
                deals=len(rules.deals),
            )
        )
        shown.append(
            GameOfTheEvening(number, each, rules.name, sheet, outcome, running_chart(sheet))
        )
    return Evening(shown, add_up([line.sheet for line in shown]))


def average_text(player: PlayerEvening) -> str:
    """Points a deal, to one decimal place as the page's language writes it ("19.3",
    "19,3" for 19.25: a half rounded up); a dash before any deal."""
    if not player.deals:
        return "–"
    return numbers.number(numbers.one_place(player.points, player.deals), places=1)


@bp.get("/games/<game_id>/evening")
def evening(game_id: str) -> Any:
    """The evening of the game: read only, for anyone with the game's link."""
    game = phone_memory.load(game_id)
    return render_template(
        "evening.html", game=game, evening=evening_of(game), average_text=average_text
    )
