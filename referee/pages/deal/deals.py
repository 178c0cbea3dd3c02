"""Entering a deal: who went out, each hand tapped in or its points typed, what the
deal adds, and Save (once, however often it is sent). The working out is
:mod:`referee.pages.deal.deal_entry`'s; this module reads the form and saves."""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import generate_csrf

from ...plumbing.conditional import if_match_of_form
from ...plumbing.limits import client
from ...plumbing.sentences import sentence_of
from ...rules import RulesError
from ...storage import games
from ...storage.database import GameConflict
from ...storage.deals import DealEntry, StaleGame, record_deal, replace_deal
from ...storage.idempotency import IDEMPOTENCY_KEY, Guard
from ...storage.models import Deal, Game
from .. import phone_memory
from ..forms import DealForm
from ..htmx import fragment, redirect_after_write
from ..keypad import whole_number
from ..sheet.sheet import sheet_context
from .deal_entry import STOCK_RAN_OUT, DealPage, entry_lines, read_entry
from .deal_page import DealFacts, DealFields, form_context, worked_out

bp = Blueprint("deals", __name__)


def _fields(game: Game, stored: Deal | None) -> DealFields:
    """The form's fields: from the request, or as the form opens, for a new deal or
    for the deal being corrected."""
    if request.method == "POST":
        return DealFields.read(request.form, len(game.players))
    fields = _blank(game)
    if stored is not None:
        # The storage keeps a bent table once it has the column (R63).
        fields.bent_table = bool(stored.bent_table)
        fields.went_out = (
            STOCK_RAN_OUT if stored.went_out is None else str(game.players.index(stored.went_out))
        )
        for i, player in enumerate(game.players):
            entry = stored.hands.get(player, {})
            fields.hands[i] = " ".join(entry.get("cards", []))
            fields.typed[i] = str(entry["points"]) if "points" in entry else ""
        given = stored.adjust or {}
        fields.adjust = [str(given[p]["points"]) if p in given else "" for p in game.players]
        fields.reasons = [str(given.get(p, {}).get("reason", "")) for p in game.players]
    return fields


def _blank(game: Game) -> DealFields:
    """A new deal's form as it opens, the entry of another deal put aside: one attempt
    key per opening of the form, so a retry counts once."""
    seats = [""] * len(game.players)
    return DealFields(
        version=str(game.version),
        attempt=uuid.uuid4().hex,
        hands=list(seats),
        typed=list(seats),
        adjust=list(seats),
        reasons=list(seats),
    )


def _guard(fields: DealFields, entry: DealEntry) -> Guard:
    """Save once however often Save is sent (the form's attempt key), and never over
    a sheet another phone changed since the form opened (its version)."""
    attempt = fields.attempt
    return Guard.of(
        if_match_of_form(whole_number(fields.version)),
        # A key the form did not make (tampered) is no key: the save is simply not
        # protected against its own retry.
        attempt if IDEMPOTENCY_KEY.fullmatch(attempt) else None,
        # Not the deal's number: a new deal's is known only when it is saved.
        request.method,
        request.path,
        {"went_out": entry.went_out, "hands": entry.hands, "points": entry.points}
        | ({"bent_table": True} if entry.bent_table else {})
        | ({"adjust": entry.adjust, "reasons": entry.adjust_reasons} if entry.adjust else {}),
        client=client(),
    )


@dataclass
class Leftover:
    """An entry kept on this phone for a deal it can no longer be: that deal was
    saved on another phone meanwhile (or the sheet went back). It is shown as what
    it is, never put into the deal to enter now."""

    number: int  # the deal the entry was made for
    reason: str
    lines: list[str]


def _leftover(page: DealPage, now: int) -> Leftover:
    if page.number < now:
        reason = gettext("another phone saved deal %(number)s", number=page.number)
    else:
        reason = gettext(
            "the sheet changed on another phone: the deal to enter now is deal %(number)s",
            number=now,
        )
    return Leftover(page.number, reason, entry_lines(page))


def _save(
    game: Game, number: int, correcting: bool, fields: DealFields, entry: DealEntry
) -> tuple[Any, Game | None, str]:
    """Save the deal and go to the sheet; or say why not (and, when another phone
    changed the sheet meanwhile, give the game as it is now)."""
    try:
        key = phone_memory.edit_key(game.id)
        if correcting:
            replace_deal(game.id, key, number, entry, _guard(fields, entry))
        else:
            # A Replay (this very save, sent twice) is a success too.
            # An entry for another deal is never saved as this one (StaleGame).
            record_deal(game.id, key, entry, _guard(fields, entry), number)
        return redirect_after_write(url_for("sheet.game", game_id=game.id)), None, ""
    except StaleGame as stale:
        fields.version = str(stale.game.version)
        if correcting:
            return (
                None,
                stale.game,
                gettext(
                    "deal %(number)s was just corrected on another phone; the sheet is below as "
                    "it is now. Your entry is kept: save again to put yours in its place.",
                    number=number,
                ),
            )
        return (
            None,
            stale.game,
            gettext(
                "the sheet was just changed on another phone; it is below as it is now. "
                "Your entry for deal %(number)s is kept: save again to record it.",
                number=number,
            ),
        )
    except games.EditRefused:
        return (
            None,
            None,
            gettext("this phone can only follow the game: open the edit link to enter deals"),
        )
    except (RulesError, GameConflict) as error:
        return None, None, sentence_of(error)


def _deal_view(game_id: str, number: int | None) -> Any:
    game = phone_memory.load(game_id)
    correcting = number is not None
    number, stored = _the_deal(game, number)
    table = games.table_of(game)
    if number > len(table.rules.deals):
        return redirect(url_for("sheet.game", game_id=game.id), 303)
    fields = _fields(game, stored)
    made_for = _made_for(fields, number, correcting, len(table.rules.deals))
    if made_for != number and fields.press == "discard":
        made_for, fields = number, _blank(game)
    fields.deal = str(made_for)
    saving = request.method == "POST" and "save" in request.form
    errors: list[str] = []
    changed = False  # another phone changed the sheet since this form opened
    if saving:
        entry, complaint = read_entry(
            table,
            fields.went_out,
            fields.hands,
            fields.typed,
            fields.bent_table,
            (fields.adjust, fields.reasons),
        )
        to_sheet, game, changed, errors = _save_entry(
            game, made_for, correcting, fields, entry, complaint
        )
        if to_sheet is not None:
            return to_sheet
    page = worked_out(games.sheet_of(game), made_for, fields, saving)
    page.errors += errors
    return _deal_page(game, page, fields, correcting=correcting, changed=changed, saving=saving)


def _the_deal(game: Game, number: int | None) -> tuple[int, Deal | None]:
    """The deal's number and, when correcting one, the deal as stored (404 when the
    game has no deal of that number); a new deal is the next one."""
    if number is None:
        return len(game.deals) + 1, None
    stored = next((d for d in game.deals if d.number == number), None)
    if stored is None:
        abort(404)
    return number, stored


def _made_for(fields: DealFields, number: int, correcting: bool, deals: int) -> int:
    """The deal this entry was made for: a new deal's entry kept on the phone (a
    draft) may be for a deal another phone has saved since."""
    made_for = whole_number(fields.deal) if request.method == "POST" else None
    if correcting or made_for is None or not 1 <= made_for <= deals:
        return number
    return made_for


def _save_entry(
    game: Game,
    made_for: int,
    correcting: bool,
    fields: DealFields,
    entry: DealEntry,
    complaint: str,
) -> tuple[Any, Game, bool, list[str]]:
    """Save the entry unless something stops it: the way to the sheet; or no way, the
    game as it is now, whether another phone changed it since the form opened, and
    why the entry was not saved."""
    if not DealForm().validate():  # its shape and CSRF token
        complaint = gettext("the page was out of date: check the entries and save again")
    if complaint:
        return None, game, False, [complaint]
    # Scored once, by the storage, as it records.
    to_sheet, now, error = _save(game, made_for, correcting, fields, entry)
    if to_sheet is not None:
        return to_sheet, game, False, []
    if now is not None:
        return None, now, True, [error]
    return None, game, False, [error]


def _deal_page(
    game: Game,
    page: DealPage,
    fields: DealFields,
    *,
    correcting: bool,
    changed: bool,
    saving: bool,
) -> Any:
    """The deal's page (or its form, for htmx) with the entry worked out. An entry
    made for a deal it can no longer be is shown as what it is, beside the sheet as
    it is now."""
    next_deal = len(game.deals) + 1
    leftover = None
    if not correcting and page.number != next_deal:
        leftover = _leftover(page, next_deal)
        if changed:  # the leftover says it: no "save again" under it
            page.errors.clear()
    fields.csrf_token = generate_csrf()
    editable = phone_memory.edit_key(game.id) is not None
    context = form_context(
        page, fields, action=request.path, editable=editable, correcting=correcting
    )
    return (
        fragment(
            "deal.html",
            "_deal_form.html",
            game=game,
            stale=sheet_context(game) if changed or leftover else None,
            leftover=leftover,
            next_deal=next_deal,
            facts=None if correcting else asdict(deal_facts(game, editable)),
            **context,
        ),
        422 if saving else 200,
    )


def deal_facts(game: Game, editable: bool) -> DealFacts:
    """What the new deal's form reads of the game, for the phone to draw it with."""
    return DealFacts(
        id=game.id,
        variant=game.variant,
        options=dict(game.options),
        kept=game.rules,
        players=list(game.players),
        teams=list(game.teams) if game.teams else None,
        deal=len(game.deals) + 1,
        editable=editable,
    )


@bp.route("/games/<game_id>/deals/new", methods=["GET", "POST"])
def new_deal(game_id: str) -> Any:
    return _deal_view(game_id, None)


@bp.route("/games/<game_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(game_id: str, number: int) -> Any:
    return _deal_view(game_id, number)
