"""Undo and redo on the sheet: *Undo* takes back the last deal, *Redo* puts the deal
undone last back as it was, until a new deal is saved
(:func:`referee.storage.deals.undo_deal`, :func:`~referee.storage.deals.redo_deal`).
Each is one write of the game, as the sheet showed it (its version); the answer is
the sheet, with the sentence of what stopped it where something did."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, url_for
from flask_babel import gettext

from ...plumbing.conditional import if_match_of_form
from ...plumbing.sentences import sentence_of
from ...rules import RulesError
from ...storage import deals, games
from ...storage.idempotency import Guard
from ...storage.models import Game
from .. import phone_memory
from ..forms import UndoForm
from ..htmx import fragment, redirect_after_write
from .sheet import sheet_context

bp = Blueprint("undo", __name__)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Any:
    """Take back the last deal; Redo can put it back until a new deal is saved."""
    return _change_deals(
        game_id,
        lambda game, key, guard: deals.undo_deal(game.id, key, len(game.deals), guard),
        gettext(
            "the sheet changed on another phone just now; here it is as it is now: "
            "undo again if you still mean to"
        ),
    )


@bp.post("/games/<game_id>/redo")
def redo(game_id: str) -> Any:
    """Put back the deal undone last, as it was."""
    return _change_deals(
        game_id,
        lambda game, key, guard: deals.redo_deal(game.id, key, guard),
        gettext(
            "the sheet changed on another phone just now; here it is as it is now: "
            "redo again if you still mean to"
        ),
    )


def _change_deals(
    game_id: str, write: Callable[[Game, str | None, Guard], Game], stale: str
) -> Any:
    """Undo or redo, as the sheet showed the game (its version): the sheet again, or
    the sheet as it is now with the sentence of what stopped it (409)."""
    game = phone_memory.load(game_id)
    form = UndoForm()
    message = ""
    if form.validate():
        try:
            guard = Guard(if_match=if_match_of_form(form.version.data))
            write(game, phone_memory.edit_key(game.id), guard)
            return redirect_after_write(url_for("sheet.game", game_id=game.id))
        except deals.StaleGame:
            message = stale
        except games.EditRefused:
            message = gettext(
                "this phone can only follow the game: open the edit link to change it"
            )
        except (deals.DealNotFound, deals.NothingToRedo, RulesError) as error:
            message = sentence_of(error)
    else:
        message = gettext("the page was out of date; try again")
    context = sheet_context(phone_memory.load(game_id)) | {"message": message}
    return fragment("game.html", "_sheet.html", **context), 409
