"""The evening (docs/rules.md#R78): the games a table played one after the other with
*Play again*, each with its winner and final totals and a chart of its running
totals (each player's line one colour in every chart), each player's games played
and won, evening total and points a deal, and the winner of the night. Anyone with
the link of one of its games may read it; a phone that may change the game may
also choose how the night is won, kept for the whole evening.

What the games add up to, and who wins the night, is the rules core's
(:func:`referee.rules.bookkeeping.night`); the games are the storage's
(:func:`referee.storage.evenings.series_of`)."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, redirect, render_template, url_for

from ...plumbing.sentences import request_words
from ...rules.bookkeeping import Night, PlayerEvening, night
from ...rules.scoring import Sheet
from ...storage import games
from ...storage.evenings import count_the_night_by, series_of, won_by
from ...storage.models import Game
from .. import numbers, phone_memory
from ..forms import NightForm
from ..words import progress_words
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
    night: Night

    @property
    def players(self) -> tuple[PlayerEvening, ...]:
        return self.night.players


def evening_of(game: Game) -> Evening:
    """The evening ``game`` belongs to, worked out from its games' sheets."""
    series = series_of(game)
    sheets = [games.sheet_of(each) for each in series]
    styles = line_styles(sheets)
    shown = []
    for number, (each, sheet) in enumerate(zip(series, sheets, strict=True), 1):
        rules = sheet.table.rules
        outcome = progress_words(sheet)
        shown.append(
            GameOfTheEvening(
                number, each, rules.name, sheet, outcome, running_chart(sheet, styles)
            )
        )
    return Evening(shown, night(sheets, won_by(series)))


def line_styles(sheets: list[Sheet]) -> dict[str, int]:
    """Each side's line style in the evening's charts, by name, in the order the
    sides first sat down: a player keeps one colour from one game's chart to the
    next, wherever they sit."""
    styles: dict[str, int] = {}
    for sheet in sheets:
        for side in sheet.table.sides:
            styles.setdefault(side.name, len(styles))
    return styles


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
    found = evening_of(game)
    form = NightForm(won_by=found.night.won_by)
    return render_template(
        "evening.html",
        game=game,
        evening=found,
        average_text=average_text,
        # R78's winners named as the page's language lists them; what is said of them
        # and of how the night is won, the template says.
        night_winners=request_words().listed(list(found.night.winners)),
        night_form=form if phone_memory.edit_key(game.id) is not None else None,
    )


@bp.post("/games/<game_id>/evening")
def count_the_night(game_id: str) -> Any:
    """How the table wins its evening (R78), for a phone that may change the game; the
    evening's page again. Anything else changes nothing."""
    game = phone_memory.load(game_id)
    form = NightForm()
    if form.validate():
        # A follower's phone changes nothing: the page as it is.
        with suppress(games.EditRefused):
            count_the_night_by(game.id, phone_memory.edit_key(game.id), form.won_by.data or "")
    return redirect(url_for("evening.evening", game_id=game.id), 303)
