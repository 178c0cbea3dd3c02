"""The buys on the sheet (docs/rules.md#R77): a tap beside a player's name counts a buy in
the deal being played, a tap on its Undo takes the last one back. Each is a write of
the game (:func:`referee.storage.buys.change_buys`), so every phone following the
sheet sees it at its next poll; a refusal is said in the sheet, above the buys."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, url_for
from flask_babel import gettext, lazy_gettext

from ...plumbing.conditional import if_match_of_form
from ...plumbing.sentences import sentence_of
from ...rules import RulesError
from ...storage import buys, deals, games
from ...storage.database import Refused
from ...storage.idempotency import Guard
from .. import phone_memory
from ..forms import BuyForm
from ..htmx import fragment, from_htmx
from ..sheet.sheet import sheet_context

bp = Blueprint("buys", __name__)

#: A tap sent on a sheet that changed since it was drawn: a second tap before the
#: first came back, or another phone's buy or deal first.
STALE = lazy_gettext(
    "the sheet changed just now (a second tap, or another phone); here it is as it is "
    "now: tap again if that buy is still to count"
)


@bp.post("/games/<game_id>/buys")
def buy(game_id: str) -> Any:
    """Count a buy for the form's player, or take their last one back; the sheet as
    it is then (htmx), or a redirect to it (a plain form)."""
    game = phone_memory.load(game_id)
    form = BuyForm()
    status, message = 200, ""
    if not form.validate():
        status, message = 409, gettext("the page was out of date; try again")
    else:
        try:
            buys.change_buys(
                game.id,
                phone_memory.edit_key(game.id),
                form.player.data or "",
                take_back=form.action.data == "undo",
                guard=Guard(if_match=if_match_of_form(form.version.data)),
            )
        except deals.StaleGame:  # a double tap, or another phone's change first
            status, message = 409, str(STALE)
        except games.EditRefused:
            status = 403
            message = gettext(
                "this phone can only follow the game: open the edit link to change it"
            )
        except Refused as error:  # none to take back, the game over: said in the sheet
            status, message = 409, sentence_of(error)
        except RulesError as error:
            status, message = 422, sentence_of(error)
    if status == 200 and not from_htmx():
        return redirect(url_for("sheet.game", game_id=game.id), 303)
    context = sheet_context(phone_memory.load(game_id))
    # Said above the buys; or above the sheet, where there are no buys to show.
    context["buy_message" if context["buys"] else "message"] = message
    return fragment("game.html", "_sheet.html", **context), status
