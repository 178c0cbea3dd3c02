"""Entering a deal: who went out, each hand tapped in or its points typed, what the
deal adds, and Save (once, however often it is sent). The working out is
:mod:`referee.deal_entry`'s; this module reads the form and saves."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for

from .. import games
from ..conditional import if_match_of_form
from ..deal_entry import STOCK_RAN_OUT, DealPage, work_out
from ..forms import DealForm
from ..idempotency import IDEMPOTENCY_KEY, Guard
from ..keypad import KEY_SUITS, RANKS, whole_number
from ..models import Deal, Game
from ..rules import RulesError
from . import phone
from .htmx import fragment, redirect_after_write
from .sheet import sheet_context
from .words import card_values_text

bp = Blueprint("deals", __name__)


def _fields(game: Game, form: DealForm, stored: Deal | None) -> tuple[list[str], list[str]]:
    """Each seat's cards and typed points: from the request, or from the deal being
    corrected (filling the form's other fields too when it opens)."""
    seats = range(len(game.players))
    if request.method == "POST":
        hands = [request.form.get(f"hand-{i}", "") for i in seats]
        typed = [request.form.get(f"points-{i}", "") for i in seats]
        return hands, typed
    form.version.data = str(game.version)
    form.attempt.data = uuid.uuid4().hex  # one key per opening of the form: a retry counts once
    hands, typed = [""] * len(seats), [""] * len(seats)
    if stored is not None:
        # The storage keeps a bent table once it has the column (R63).
        form.bent_table.data = stored.bent_table
        form.went_out.data = (
            STOCK_RAN_OUT if stored.went_out is None else str(game.players.index(stored.went_out))
        )
        for i, player in enumerate(game.players):
            entry = stored.hands.get(player, {})
            hands[i] = " ".join(entry.get("cards", []))
            typed[i] = str(entry["points"]) if "points" in entry else ""
    return hands, typed


def _guard(form: DealForm, page: DealPage) -> Guard:
    """Save once however often Save is sent (the form's attempt key), and never over
    a sheet another phone changed since the form opened (its version)."""
    attempt = form.attempt.data or ""
    entry = page.entry()
    return Guard.of(
        if_match_of_form(whole_number(form.version.data)),
        # A key the form did not make (tampered) is no key: the save is simply not
        # protected against its own retry.
        attempt if IDEMPOTENCY_KEY.fullmatch(attempt) else None,
        # Not the deal's number: a new deal's is known only when it is saved.
        request.method,
        request.path,
        {"went_out": entry.went_out, "hands": entry.hands, "points": entry.points}
        | ({"bent_table": True} if page.bent_table else {}),
    )


def _save(
    game: Game, number: int, correcting: bool, form: DealForm, page: DealPage
) -> tuple[Any, Game | None]:
    """Save the deal and go to the sheet; or say why not, keeping the entry (and,
    when another phone changed the sheet meanwhile, the game as it is now)."""
    if not form.validate():
        page.errors.append("the page was out of date: check the entries and save again")
    elif any(page.typed_errors):
        page.errors.append("some points are not whole numbers; see below")
    elif any(page.seat_errors):
        page.errors.append(page.first_error)
    elif not page.chosen:
        page.errors.append(
            "say who went out, or that the stock ran out"
            if page.sheet.table.rules.stock_out
            else "say who went out"
        )
    elif not page.errors:
        try:
            key = phone.edit_key(game.id)
            if correcting:
                games.replace_deal(game.id, key, number, page.entry(), _guard(form, page))
            else:
                # A Replay (this very save, sent twice) is a success too.
                games.record_deal(game.id, key, page.entry(), _guard(form, page))
            return redirect_after_write(url_for("sheet.game", game_id=game.id)), None
        except games.StaleGame as stale:
            form.version.data = str(stale.game.version)
            saved = len(stale.game.deals)
            page.errors.append(
                f"deal {number} was just corrected on another phone; the sheet is below as "
                "it is now. Your entry is kept: save again to put yours in its place."
                if correcting
                else f"deal {saved} was just saved on another phone; the sheet is below "
                f"as it is now. Your entry is kept: save again to record it as deal "
                f"{saved + 1}, or go back to the sheet."
            )
            return None, stale.game
        except games.EditRefused:
            page.errors.append(
                "this phone can only follow the game: open the edit link to enter deals"
            )
        except RulesError as error:
            page.errors.append(str(error))
    return None, None


def _deal_view(game_id: str, number: int | None) -> Any:
    game = phone.load(game_id)
    correcting = number is not None
    stored = None
    if number is None:
        number = len(game.deals) + 1
    else:
        stored = next((d for d in game.deals if d.number == number), None)
        if stored is None:
            abort(404)
    sheet = games.sheet_of(game)
    rules = sheet.table.rules
    if number > len(rules.deals):
        return redirect(url_for("sheet.game", game_id=game.id), 303)
    form = DealForm()
    hands, typed = _fields(game, form, stored)
    page = work_out(
        sheet,
        number,
        went_out=form.went_out.data or "",
        active=form.active.data,
        rank=form.rank.data,
        press=request.form.get("press", ""),
        hands=hands,
        typed=typed,
        bent_table=bool(form.bent_table.data),
    )
    form.active.data, form.rank.data = str(page.active), page.rank
    status, stale = 200, None
    if request.method == "POST" and "save" in request.form:
        to_sheet, now = _save(game, number, correcting, form, page)
        if to_sheet is not None:
            return to_sheet
        if now is not None:
            game, stale = now, sheet_context(now)
        status = 422
    return (
        fragment(
            "deal.html",
            "_deal_form.html",
            game=game,
            page=page,
            form=form,
            stale=stale,
            correcting=correcting,
            editable=phone.edit_key(game.id) is not None,
            went_out_choices=[(str(i), name) for i, name in enumerate(game.players)]
            # R64: where the discards are reshuffled, someone always goes out.
            + ([(STOCK_RAN_OUT, "Nobody: the stock ran out")] if rules.stock_out else []),
            rules=rules,
            card_values=card_values_text(rules),
            ranks=RANKS,
            suits=KEY_SUITS,
            deal_rule=rules.deal(number),
        ),
        status,
    )


@bp.route("/games/<game_id>/deals/new", methods=["GET", "POST"])
def new_deal(game_id: str) -> Any:
    return _deal_view(game_id, None)


@bp.route("/games/<game_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(game_id: str, number: int) -> Any:
    return _deal_view(game_id, number)
