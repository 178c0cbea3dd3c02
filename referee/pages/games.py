"""Start a game, follow its sheet, undo its last deal."""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    make_response,
    request,
    session,
    url_for,
)

from .. import games, storage
from ..conditional import if_match_of_form, tagged
from ..forms import NewGameForm, PlayAgainForm, UndoForm
from ..idempotency import Guard, Replay
from ..limits import games_per_minute, starter
from ..models import Game
from ..rules import VARIANTS, RulesError, Variant
from ..rules.scoring import Pot, Sheet
from . import phone
from .htmx import fragment, from_htmx, redirect_after_write
from .words import card_values_text, deal_text, families, sheet_heads, winner_text

bp = Blueprint("games", __name__)


def chosen_variant(variant_id: str | None) -> Variant:
    """The variant a page's address names (Push by default); the 404 page if none is."""
    variant = VARIANTS.get(variant_id or "push")
    if variant is None:
        abort(404)
    return variant


@bp.route("/", methods=["GET", "POST"])
def home() -> Any:
    form = NewGameForm()
    variant = chosen_variant(request.values.get("variant"))
    if request.method == "GET":
        for name, default in variant.defaults.items():
            getattr(form, f"option_{name}").data = default
    errors: list[str] = []
    if request.method == "POST" and form.validate():
        players = [name for name in form.players.data if name]
        teams = [name.strip() for name in form.teams.data if name.strip()] or None
        pot = None
        if variant.base.pot and form.stake.data is not None:
            pot = (form.stake.data, form.payout.data or 0)
        try:
            created = games.create_game(
                variant.id,
                players,
                form.chosen_options(dict(variant.defaults)),
                teams,
                pot,
                started_by=starter(),
                per_minute=games_per_minute(),
            )
        except RulesError as error:
            errors.append(str(error))
        else:
            assert not isinstance(created, Replay)  # no Idempotency-Key was sent
            game, edit_key = created
            phone.remember(game, edit_key, how="started")
            return redirect_after_write(url_for("games.game", game_id=game.id))
    status = 422 if request.method == "POST" else 200
    page = fragment(
        "home.html",
        "_new_game.html",
        form=form,
        variant=variant,
        families=families(),
        errors=errors,
        recent=phone.recent(),
    )
    return page, status


# --- The sheet ---------------------------------------------------------------------------


def sheet_context(game: Game) -> dict[str, Any]:
    """What the sheet's template draws."""
    sheet = games.sheet_of(game)
    rules = sheet.table.rules
    current = None if sheet.finished else rules.deal(sheet.next_deal())
    return {
        "game": game,
        "sheet": sheet,
        "rules": rules,
        "rows": rows(sheet),
        "current": current,
        "contract_text": deal_text(rules, current) if current else "",
        "heads": sheet_heads([side.name for side in sheet.table.sides]),
        "card_values": card_values_text(rules),
        "editable": phone.edit_key(game.id) is not None,
        "undo_form": UndoForm(),
        "again_form": PlayAgainForm(),
        "winner_text": winner_text(sheet),
        "pot": (
            Pot(game.pot_stake, game.pot_payout).account(sheet)
            if game.pot_stake is not None and game.pot_payout is not None
            else None
        ),
    }


def rows(sheet: Sheet) -> list[dict[str, Any]]:
    """A row per deal of the game, played or not, labelled by its number and the
    cards dealt (R34): in the family many deals deal as many cards as another."""
    running = sheet.running
    table = []
    for index, rule in enumerate(sheet.table.rules.deals):
        played = index < len(sheet.deals)
        table.append(
            {
                "number": rule.number,
                "cards": rule.cards,
                "played": played,
                "totals": running[index] if played else None,
                "went_out": sheet.deals[index].went_out if played else None,
                "current": index == len(sheet.deals),
            }
        )
    return table


@bp.get("/games/<game_id>")
def game(game_id: str) -> Any:
    """The sheet. A phone following it asks again every few seconds (htmx); its
    browser sends the ETag back, and an unchanged game costs a 304, answered before
    this view by :mod:`referee.pages.poll` (one query, no cookie set). What comes
    here is drawn in full, but for a follower's changed sheet: every follower of a
    game asks for the same one after a deal, and it is drawn once a version (see
    :class:`DrawnSheets`). Only a whole page puts the game first among the phone's
    games."""
    part = "fragment" if from_htmx() else "page"
    if part == "fragment":
        drawn = followers_sheet(game_id)
        if drawn is not None:
            return drawn
    game = phone.load(game_id)
    if part == "page":
        phone.remember(game)
        # The cookie is not sent again with every answer (SESSION_REFRESH_EACH_REQUEST
        # is off, so a poll sets none): a page opened in full renews its year.
        session.modified = True
    editor = phone.edit_key(game.id) is not None
    html = fragment("game.html", "_sheet.html", **sheet_context(game))
    if part == "fragment" and not editor:
        drawn_sheets(current_app).put((request.script_root, game.id, game.version), html)
    return _sheet_response(html, sheet_etag(game.version, part, editor))


def followers_sheet(game_id: str) -> Response | None:
    """A follower's sheet as already drawn for the game's current version, found with
    one query (the poll's, :func:`referee.games.sheet_state`) and no Game loaded; None
    when it must be drawn: no such game, an editor's phone (its sheet has buttons and
    its own CSRF token), a cookie from before that a page has still to move, a
    version not drawn yet here, or the read failing (the view then tries in full)."""
    if phone.from_before(session):
        return None
    reads = storage.reads(current_app)
    try:
        state = games.sheet_state(reads, game_id, phone.digest_of(session))
    except storage.read_errors(reads):
        return None
    if state is None or state[1]:
        return None
    version = state[0]
    html = drawn_sheets(current_app).get((request.script_root, game_id, version))
    if html is None:
        return None
    return _sheet_response(html, sheet_etag(version, "fragment", False))


def _sheet_response(html: str, tag: str) -> Response:
    return sheet_headers(tagged(make_response(html), tag))


#: Follower sheets kept by each server process: the latest version of as many games
#: as are followed at once on a busy night; an older version is never asked for again.
DRAWN_SHEETS = 1024


class DrawnSheets:
    """A follower's sheet fragment by (where the app is mounted, game, version): the
    same for every phone that follows the game, which may only read it. The least
    recently asked for goes first when full. Shared by a process's threads."""

    def __init__(self, size: int = DRAWN_SHEETS) -> None:
        self.size = size
        self._sheets: OrderedDict[tuple[str, str, int], str] = OrderedDict()
        self._lock = Lock()

    def get(self, key: tuple[str, str, int]) -> str | None:
        with self._lock:
            html = self._sheets.get(key)
            if html is not None:
                self._sheets.move_to_end(key)
            return html

    def put(self, key: tuple[str, str, int], html: str) -> None:
        with self._lock:
            self._sheets[key] = html
            self._sheets.move_to_end(key)
            while len(self._sheets) > self.size:
                self._sheets.popitem(last=False)


def drawn_sheets(app: Flask) -> DrawnSheets:
    """The app's drawn follower sheets (each app its own, as each has its database)."""
    sheets: DrawnSheets = app.extensions.setdefault("referee.drawn_sheets", DrawnSheets())
    return sheets


def sheet_etag(version: int, part: str, editor: bool) -> str:
    """The sheet's ETag: the game's version, page or fragment, and whether this
    phone may change the game (its page has buttons a follower's has not)."""
    return f"sheet-v{version}-{part}-{'editor' if editor else 'follower'}"


#: A sheet is kept, but asked for again every time; page and fragment differ, and
#: so do an editor's and a follower's.
SHEET_HEADERS = {"Cache-Control": "no-cache", "Vary": "HX-Request, Cookie"}


def sheet_headers(response: Response) -> Response:
    response.headers.update(SHEET_HEADERS)
    return response


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Any:
    game = phone.load(game_id)
    form = UndoForm()
    message = ""
    if form.validate():
        try:
            guard = Guard(if_match=if_match_of_form(form.version.data))
            games.undo_deal(game.id, phone.edit_key(game.id), len(game.deals), guard)
            return redirect_after_write(url_for("games.game", game_id=game.id))
        except games.StaleGame:
            message = (
                "the sheet changed on another phone just now; here it is as it is now: "
                "undo again if you still mean to"
            )
        except games.EditRefused:
            message = "this phone can only follow the game: open the edit link to change it"
        except (games.DealNotFound, RulesError) as error:
            message = str(error)
    else:
        message = "the page was out of date; try again"
    context = sheet_context(phone.load(game_id)) | {"message": message}
    return fragment("game.html", "_sheet.html", **context), 409
