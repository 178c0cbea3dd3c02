"""The pages people use at the table: forms in, the rules core, HTML out.

Every page works as plain forms and links; with htmx a tap swaps only the part
of the page it changes (the same partial template the full page includes). A
request from htmx carries ``HX-Request``, and gets the fragment.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup

from . import games
from .api import new_game_limit
from .forms import DealForm, JoinForm, NewGameForm, UndoForm, points_error, whole_number
from .keypad import KEY_SUITS, RANKS, Tray
from .models import Game
from .rules import (
    VARIANTS,
    Card,
    CardError,
    Declaration,
    MeldVerdict,
    Reading,
    RulesError,
    RunReading,
    check_contract,
    extend_meld,
    get_ruleset,
    read_meld,
    score_hand,
)
from .rules.cards import RANK_PLURALS, SUIT_NAMES, SUIT_SYMBOLS, rank_token
from .rules.contracts import ContractVerdict, describe_contract
from .rules.scoring import Hand, Pot, Sheet, score_deal

bp = Blueprint("views", __name__)

RECENT = 12  # games remembered on a phone


# --- Helpers for templates ----------------------------------------------------------


@bp.app_template_filter("chip")
def chip(token: str) -> Markup:
    """A card as a coloured chip: ``6D`` → 6♦ in red."""
    if token == "JK":
        return Markup('<span class="card joker">JK</span>')
    rank, suit = token[:-1], token[-1]
    colour = "red" if suit in "HD" else "black"
    return Markup(f'<span class="card {colour}">{rank}{SUIT_SYMBOLS[suit]}</span>')


_CARD_CODE = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


@bp.app_template_filter("suited")
def suited(text: str) -> str:
    """A sentence of the referee's with its card codes written with suit symbols:
    ``8C and 8H differ`` → ``8♣ and 8♥ differ``."""
    return _CARD_CODE.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


@bp.app_template_filter("plain")
def plain(text: str) -> str:
    """A description without its ruling numbers, for people at the table."""
    return re.sub(r"\s*\(R\d+(, R\d+)*\)", "", text)


@bp.app_template_filter("sheet_total")
def sheet_total(total: int) -> str:
    """R34: a total still at nothing reads ---."""
    return str(total) if total else "---"


def asset(filename: str) -> str:
    """A static file's content-named address (see referee.create_app)."""
    address: str = current_app.jinja_env.globals["asset"](filename)  # type: ignore[operator]
    return address


def _fragment(full: str, part: str, **context: Any) -> str:
    """The whole page, or only its changing part for htmx."""
    return render_template(part if request.headers.get("HX-Request") else full, **context)


# --- The phone's own games (a signed cookie, no sign-up) ---------------------------------


def _remember(game: Game, edit_key: str | None = None) -> None:
    session.permanent = True
    recent = [entry for entry in session.get("recent", []) if entry["id"] != game.id]
    title = f"{get_ruleset(game.variant, game.options).name}: {', '.join(game.players)}"
    session["recent"] = [{"id": game.id, "title": title}, *recent][:RECENT]
    if edit_key is not None:
        keys = dict(session.get("keys", {}))
        keys[game.id] = edit_key
        kept = {entry["id"] for entry in session["recent"]}
        session["keys"] = {gid: key for gid, key in keys.items() if gid in kept}


def _edit_key(game_id: str) -> str | None:
    key: str | None = session.get("keys", {}).get(game_id)
    return key


def _load(game_id: str) -> Game:
    try:
        return games.get_game(game_id)
    except games.GameNotFound:
        abort(404)


# --- Home: start a game, open the checker, recent games --------------------------------


@bp.route("/", methods=["GET", "POST"])
@new_game_limit
def home() -> Any:
    form = NewGameForm()
    variant = VARIANTS.get(request.values.get("variant", "push"), VARIANTS["push"])
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
                variant.id, players, form.chosen_options(dict(variant.defaults)), teams, pot
            )
        except RulesError as error:
            errors.append(str(error))
        else:
            assert not isinstance(created, games.Replay)  # no Idempotency-Key was sent
            game, edit_key = created
            _remember(game, edit_key)
            return _go(url_for("views.game", game_id=game.id))
    status = 422 if request.method == "POST" else 200
    page = _fragment(
        "home.html",
        "_new_game.html",
        form=form,
        variant=variant,
        variants=VARIANTS,
        errors=errors,
        recent=session.get("recent", []),
    )
    return page, status


def _go(url: str) -> Any:
    """Redirect after a write: a 303 for a plain form, HX-Redirect for htmx."""
    if request.headers.get("HX-Request"):
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)


# --- The meld checker ---------------------------------------------------------------------


@dataclass
class Checker:
    """What the checker shows: its mode, the cards tapped in, and the verdict."""

    mode: str  # "meld", "contract" (a game's initial meld) or "layoff"
    tray: Tray  # the meld being tapped in, or the cards to lay off
    table: Tray  # lay-off: the meld on the table
    into: str  # lay-off: "tray" or "table", where taps go
    melds: list[str]  # contract: the melds done so far
    declare: str
    typed: str = ""
    typed_error: str = ""
    verdict: MeldVerdict | None = None
    contract: ContractVerdict | None = None
    error: str = ""
    readings: list[dict[str, Any]] = field(default_factory=list)

    def state(self, **extra: str) -> dict[str, Any]:
        """The fields that carry the checker from one tap to the next."""
        fields: dict[str, Any] = {"mode": self.mode, "cards": self.tray.text}
        if self.tray.rank:
            fields["rank"] = self.tray.rank
        if self.mode == "layoff":
            fields |= {"table": self.table.text, "into": self.into}
            if self.table.rank:
                fields["table_rank"] = self.table.rank
        if self.mode == "contract":
            fields["melds"] = self.melds
        if self.declare:
            fields["declare"] = self.declare
        return fields | extra


def _declaration(key: str) -> Declaration | None:
    """``set:6`` or ``run:D:4`` (as the page writes a reading) to a declaration."""
    parts = key.split(":")
    try:
        if parts[0] == "set" and len(parts) == 2:
            return Declaration.parse({"kind": "set", "rank": parts[1]})
        if parts[0] == "run" and len(parts) == 3:
            return Declaration.parse({"kind": "run", "suit": parts[1], "low": parts[2]})
    except RulesError:
        return None
    return None


def reading_view(reading: Reading, cards: Sequence[Card] = ()) -> dict[str, Any]:
    """A reading as the page draws it: a title and each card with what it stands for."""
    if isinstance(reading, RunReading):
        low, high = rank_token(reading.low), rank_token(reading.high)
        return {
            "key": f"run:{reading.suit}:{'A' if reading.low == 1 else low}",
            "title": f"Run of {SUIT_NAMES[reading.suit]}, {low} to {high}",
            "cards": [
                (str(p.card), None if p.natural else str(p.stands_for)) for p in reading.cards
            ],
        }
    rank = rank_token(reading.rank)
    return {
        "key": f"set:{rank}",
        "title": f"Set of {RANK_PLURALS[reading.rank - 1]}",
        "cards": [],
        "rank": rank,
        "wild": [str(card) for card in cards if card.is_wild],
    }


def _run_checker(values: Any, rules: Any, players: int | None, deal: int | None) -> Checker:
    mode = values.get("mode", "meld")
    if mode not in ("meld", "layoff", "contract") or (mode == "contract" and deal is None):
        mode = "meld"
    checker = Checker(
        mode=mode,
        tray=Tray.read(values.get("cards"), values.get("rank")),
        table=Tray.read(values.get("table"), values.get("table_rank")),
        into="table" if values.get("into") == "table" else "tray",
        melds=[Tray.read(m, "").text for m in values.getlist("melds") if m.strip()][:8],
        declare=values.get("declare", ""),
        typed=values.get("typed", ""),
    )
    _press(checker, values.get("press", ""))
    declare = _declaration(checker.declare) if checker.declare else None
    try:
        if checker.mode == "meld" and checker.tray.cards:
            checker.verdict = read_meld(checker.tray.cards, rules, declare, players)
        elif checker.mode == "layoff" and checker.table.cards:
            checker.verdict = extend_meld(
                checker.table.cards, checker.tray.cards, rules, declare=declare, players=players
            )
        elif checker.mode == "contract" and deal is not None:
            melds = [Tray.read(m, "").cards for m in checker.melds]
            if checker.tray.cards:
                melds.append(checker.tray.cards)
            if melds:
                checker.contract = check_contract([(m, None) for m in melds], rules, deal, players)
    except RulesError as error:
        checker.error = str(error)
    if checker.verdict is not None:
        checker.readings = [
            reading_view(r, checker.verdict.cards) for r in checker.verdict.readings
        ]
    return checker


def _press(checker: Checker, press: str) -> None:
    action, _, value = press.partition(":")
    if action == "mode" and value in ("meld", "layoff", "contract"):
        checker.mode, checker.declare = value, ""
    elif action == "into" and value in ("tray", "table"):
        checker.into = value
    elif action == "next-meld" and checker.tray.cards:
        checker.melds.append(checker.tray.text)
        checker.tray = Tray()
    elif action == "drop-meld" and (index := whole_number(value)) is not None:
        if index < len(checker.melds):
            del checker.melds[index]
    elif action == "typed":
        target = "table" if checker.mode == "layoff" and checker.into == "table" else "tray"
        try:
            setattr(checker, target, getattr(checker, target).add_typed(checker.typed))
            checker.typed = ""
        except CardError as error:
            checker.typed_error = str(error)
    elif action == "declare":
        checker.declare = value if _declaration(value) else ""
    elif press:
        if checker.mode == "layoff" and checker.into == "table":
            checker.table = checker.table.press(press)
        else:
            checker.tray = checker.tray.press(press)
        checker.declare = ""


def _checker_page(
    checker: Checker, endpoint: str, url_args: dict[str, Any], **context: Any
) -> Any:
    """Render, and keep the address bar on the state (never on the tap) so a reload
    shows the same cards and does not tap again."""
    state_url = url_for(endpoint, **url_args) + "?" + urlencode(checker.state(), doseq=True)
    tapped = "press" in request.args and not request.headers.get("HX-Request")
    if tapped and not checker.typed_error:
        return redirect(state_url, 303)
    html = _fragment(
        "check.html",
        "_checker.html",
        checker=checker,
        ranks=RANKS,
        suits=KEY_SUITS,
        action=url_for(endpoint, **url_args),
        **context,
    )
    response = make_response(html)
    if request.headers.get("HX-Request"):
        response.headers["HX-Replace-Url"] = state_url
    return response


@bp.get("/check")
def check() -> Any:
    variant = VARIANTS.get(request.args.get("variant", "push"), VARIANTS["push"])
    checker = _run_checker(request.args, variant.ruleset(), None, None)
    if checker.mode == "contract":
        checker.mode = "meld"
    state_args = {"variant": variant.id} if variant.id != "push" else {}
    return _checker_page(
        checker, "views.check", state_args, variant=variant, variants=VARIANTS, game=None
    )


@bp.get("/games/<game_id>/check")
def game_check(game_id: str) -> Any:
    game = _load(game_id)
    sheet = games.sheet_of(game)
    deal = min(len(sheet.deals) + 1, len(sheet.table.rules.deals))
    values = request.args
    if "mode" not in values:
        values = values.copy()
        values["mode"] = "contract"
    checker = _run_checker(values, sheet.table.rules, len(game.players), deal)
    return _checker_page(
        checker,
        "views.game_check",
        {"game_id": game.id},
        game=game,
        deal=sheet.table.rules.deal(deal),
        contract_text=describe_contract(sheet.table.rules.deal(deal).contract),
    )


# --- The sheet ---------------------------------------------------------------------------


def _sheet_context(game: Game) -> dict[str, Any]:
    sheet = games.sheet_of(game)
    rules = sheet.table.rules
    current = None if sheet.finished else rules.deal(len(sheet.deals) + 1)
    return {
        "game": game,
        "sheet": sheet,
        "rules": rules,
        "rows": _rows(sheet),
        "current": current,
        "contract_text": describe_contract(current.contract) if current else "",
        "editable": _edit_key(game.id) is not None,
        "undo_form": UndoForm(),
        "winner_text": _winner_text(sheet),
        "pot": (
            Pot(game.pot_stake, game.pot_payout).account(sheet)
            if game.pot_stake is not None and game.pot_payout is not None
            else None
        ),
    }


def _winner_text(sheet: Sheet) -> str:
    winners = sheet.winners
    if not winners:
        return ""
    total = sheet.totals[winners[0]]
    if len(winners) > 1:
        return f"{' and '.join(winners)} tie for the win with {total} each"
    verb = "win" if sheet.table.rules.partnerships else "wins"
    return f"{winners[0]} {verb} with {total}"


def _rows(sheet: Sheet) -> list[dict[str, Any]]:
    """A row per deal of the game, played or not, labelled by the cards dealt (R34)."""
    running = sheet.running
    rows = []
    for index, rule in enumerate(sheet.table.rules.deals):
        played = index < len(sheet.deals)
        rows.append(
            {
                "number": rule.number,
                "cards": rule.cards,
                "played": played,
                "totals": running[index] if played else None,
                "went_out": sheet.deals[index].went_out if played else None,
                "current": index == len(sheet.deals),
            }
        )
    return rows


@bp.get("/games/<game_id>")
def game(game_id: str) -> Any:
    """The sheet. A phone following it asks again every few seconds (htmx); its
    browser sends the ETag back, and an unchanged game costs a 304."""
    game = _load(game_id)
    _remember(game)
    part = "fragment" if request.headers.get("HX-Request") else "page"
    editor = "editor" if _edit_key(game.id) else "follower"
    tag = f'"sheet-v{game.version}-{part}-{editor}"'
    if tag in request.headers.get("If-None-Match", ""):
        response = make_response("", 304)
    else:
        response = make_response(_fragment("game.html", "_sheet.html", **_sheet_context(game)))
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache"  # keep it, but ask every time
    response.headers["Vary"] = "HX-Request, Cookie"
    return response


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Any:
    game = _load(game_id)
    form = UndoForm()
    message = ""
    if form.validate():
        try:
            guard = games.Guard(if_match=f'"v{form.version.data}"' if form.version.data else None)
            games.undo_deal(game.id, _edit_key(game.id), len(game.deals), guard)
            return _go(url_for("views.game", game_id=game.id))
        except games.StaleGame:
            message = (
                "the sheet changed on another phone just now; here it is as it is now: "
                "undo again if you still mean to"
            )
        except (games.EditRefused, games.DealNotFound, RulesError) as error:
            message = str(error)
    else:
        message = "the page was out of date; try again"
    context = _sheet_context(_load(game_id)) | {"message": message}
    return _fragment("game.html", "_sheet.html", **context), 409


# --- Entering a deal ---------------------------------------------------------------------


@dataclass
class DealPage:
    """The end-of-deal form, worked out: who scores, each player's cards and points
    so far, what the deal adds to each side, and who is still to be entered."""

    form: DealForm
    sheet: Sheet
    number: int
    went_out: str | None
    chosen: bool
    active: int
    trays: list[Tray]
    typed: list[str]
    typed_errors: list[str]
    points: list[int | None]
    scoring: list[bool]
    adds: dict[str, int] | None
    adds_error: str
    missing: list[str]
    errors: list[str] = field(default_factory=list)
    stale: dict[str, Any] | None = None  # the sheet as it is now, after a stale save


def _deal_form(game: Game, stored: dict[str, Any] | None) -> tuple[DealForm, list[str], list[str]]:
    """The form, with each seat's cards and typed points (from the request, or from
    the deal being corrected)."""
    form = DealForm()
    seats = range(len(game.players))
    if request.method == "POST":
        hands = [request.form.get(f"hand-{i}", "") for i in seats]
        typed = [request.form.get(f"points-{i}", "") for i in seats]
        return form, hands, typed
    form.version.data = str(game.version)
    form.attempt.data = uuid.uuid4().hex  # one key per opening of the form: a retry counts once
    hands, typed = [""] * len(seats), [""] * len(seats)
    if stored is not None:
        went_out = stored["went_out"]
        form.went_out.data = (
            DealForm.STOCK_RAN_OUT if went_out is None else str(game.players.index(went_out))
        )
        for i, player in enumerate(game.players):
            entry = stored["hands"].get(player, {})
            hands[i] = " ".join(entry.get("cards", []))
            typed[i] = str(entry["points"]) if "points" in entry else ""
    return form, hands, typed


def _seat(text: str, players: Sequence[str]) -> int | None:
    """The seat a form field names (0 to players - 1), or None."""
    seat = whole_number(text)
    return seat if seat is not None and seat < len(players) else None


def _work_out(
    game: Game, number: int, form: DealForm, hands: list[str], typed: list[str]
) -> DealPage:
    sheet = games.sheet_of(game)
    table = sheet.table
    players = list(table.players)
    choice = form.went_out.data or ""
    seat = _seat(choice, players)
    chosen = choice == DealForm.STOCK_RAN_OUT or seat is not None
    went_out = players[seat] if seat is not None else None
    scoring_players = table.scoring_players(went_out) if chosen else players
    scoring = [player in scoring_players for player in players]
    active_text = form.active.data or ""
    active = _seat(active_text, players)
    trays = [Tray.read(hand, "") for hand in hands]
    press = request.form.get("press", "")
    pressed_seat = _seat(press.removeprefix("player:"), players)
    if press.startswith("player:") and pressed_seat is not None:
        active = pressed_seat
    elif active is not None:
        trays[active] = trays[active].waiting(form.rank.data).press(press)
    if active is None or not scoring[active]:
        active = next((i for i, s in enumerate(scoring) if s), 0)
    form.active.data = str(active)
    form.rank.data = trays[active].rank
    points: list[int | None] = []
    errors: list[str] = []
    typed_errors = [points_error(text) for text in typed]
    for index, player in enumerate(players):
        text = typed[index].strip()
        if (typed_points := whole_number(text)) is not None:
            points.append(typed_points)
        elif trays[index].cards and not text:
            try:
                points.append(score_hand(trays[index].cards, table.rules, len(players)).points)
            except RulesError as error:
                errors.append(f"{player}: {error}")
                points.append(None)
        else:
            points.append(None)
    missing = [p for p, s, pts in zip(players, scoring, points, strict=True) if s and pts is None]
    adds, adds_error = None, ""
    if chosen:
        # What the deal adds so far, by the rules core: the cards tapped (so the pack is
        # checked across all hands), the points typed, players not yet entered at 0.
        entered: dict[str, Hand] = {}
        for index, player in enumerate(players):
            if not scoring[index]:
                continue
            typed_points = whole_number(typed[index])
            entered[player] = typed_points if typed_points is not None else trays[index].cards
        try:
            adds = dict(score_deal(table, number, went_out, entered).sides)
        except RulesError as error:
            adds_error = str(error)
    return DealPage(
        form, sheet, number, went_out, chosen, active, trays, typed, typed_errors, points,
        scoring, adds, adds_error, missing, errors,
    )  # fmt: skip


def _deal_guard(form: DealForm, entry: games.DealEntry) -> games.Guard:
    """Save once however often Save is sent (the form's attempt key), and never over
    a sheet another phone changed since the form opened (its version)."""
    digest = hashlib.sha256(
        # Not the deal's number: a new deal's is known only when it is saved.
        json.dumps(
            [request.path, entry.went_out, entry.hands, entry.points], sort_keys=True
        ).encode()
    ).hexdigest()
    version = whole_number(form.version.data)
    attempt = form.attempt.data or ""
    return games.Guard(
        if_match=None if version is None else games.version_etag(version),
        # A key the form did not make (tampered) is no key: the save is simply not
        # protected against its own retry.
        key=attempt if games.IDEMPOTENCY_KEY.fullmatch(attempt) else None,
        fingerprint=digest,
    )


def _entry(page: DealPage) -> games.DealEntry:
    players = list(page.sheet.table.players)
    hands: dict[str, str] = {}
    points: dict[str, int] = {}
    for index, player in enumerate(players):
        if not page.scoring[index]:
            continue
        number = whole_number(page.typed[index])
        if number is not None:
            points[player] = number
        elif page.trays[index].cards:
            hands[player] = page.trays[index].text
    return games.DealEntry(page.went_out, hands, points)


def _deal_view(game_id: str, number: int | None) -> Any:
    game = _load(game_id)
    correcting = number is not None
    if number is None:
        number = len(game.deals) + 1
        stored = None
    else:
        deal = next((d for d in game.deals if d.number == number), None)
        if deal is None:
            abort(404)
        stored = {"went_out": deal.went_out, "hands": deal.hands}
    rules = get_ruleset(game.variant, game.options)
    if number > len(rules.deals):
        return redirect(url_for("views.game", game_id=game.id), 303)
    form, hands, typed = _deal_form(game, stored)
    page = _work_out(game, number, form, hands, typed)
    status = 200
    if request.method == "POST" and "save" in request.form:
        if not form.validate():
            page.errors.append("the page was out of date: check the entries and save again")
        elif any(page.typed_errors):
            page.errors.append("some points are not whole numbers; see below")
        elif not page.chosen:
            page.errors.append("say who went out, or that the stock ran out")
        elif not page.errors:
            try:
                entry = _entry(page)
                guard = _deal_guard(form, entry)
                if correcting:
                    games.replace_deal(game.id, _edit_key(game.id), number, entry, guard)
                else:
                    # A Replay (this very save, sent twice) is a success too.
                    games.record_deal(game.id, _edit_key(game.id), entry, guard)
                return _go(url_for("views.game", game_id=game.id))
            except games.StaleGame as stale:
                game = stale.game
                page.stale = _sheet_context(game)
                form.version.data = str(game.version)
                saved = len(game.deals)
                page.errors.append(
                    f"deal {number} was just corrected on another phone; the sheet is below as "
                    "it is now. Your entry is kept: save again to put yours in its place."
                    if correcting
                    else f"deal {saved} was just saved on another phone; the sheet is below "
                    f"as it is now. Your entry is kept: save again to record it as deal "
                    f"{saved + 1}, or go back to the sheet."
                )
            except games.EditRefused:
                page.errors.append(
                    "this phone can only follow the game: open the edit link to enter deals"
                )
            except RulesError as error:
                page.errors.append(str(error))
        status = 422
    return (
        _fragment(
            "deal.html",
            "_deal_form.html",
            game=game,
            page=page,
            correcting=correcting,
            editable=_edit_key(game.id) is not None,
            went_out_choices=[(str(i), name) for i, name in enumerate(game.players)]
            + [(DealForm.STOCK_RAN_OUT, "Nobody: the stock ran out")],
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


# --- Installable, and readable offline -------------------------------------------------------


@bp.get("/manifest.webmanifest")
def manifest() -> Any:
    response = jsonify(
        {
            "name": "Push Referee",
            "short_name": "Push Referee",
            "description": "Referees melds and keeps the score sheet of Push rummy.",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#f6f4ee",
            "theme_color": "#0f5132",
            "icons": [{"src": asset("icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
        }
    )
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Any:
    """The service worker, at the root so it may look after every page. It lists the
    static files by their content-named addresses; a new file makes a new worker."""
    assets = [asset(name) for name in SHELL_ASSETS]
    version = hashlib.sha256("".join(assets).encode()).hexdigest()[:12]
    response = make_response(render_template("sw.js", assets=assets, version=version))
    response.mimetype = "text/javascript"
    response.headers["Cache-Control"] = "no-cache"
    return response


SHELL_ASSETS = ("app.css", "app.js", "htmx-2.0.11.min.js", "icon.svg")


# --- Sharing ----------------------------------------------------------------------------


def _qr(url: str) -> Markup:
    """A QR code of the link, as inline SVG (segno)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff", omitsize=True)
    return Markup(svg)


@bp.get("/games/<game_id>/share")
def share(game_id: str) -> Any:
    game = _load(game_id)
    follow = url_for("views.game", game_id=game.id, _external=True)
    key = _edit_key(game.id)
    edit = url_for("views.join", game_id=game.id, _external=True) + f"#{key}" if key else None
    return render_template(
        "share.html",
        game=game,
        follow=follow,
        follow_qr=_qr(follow),
        edit=edit,
        edit_qr=_qr(edit) if edit else None,
    )


@bp.route("/games/<game_id>/join", methods=["GET", "POST"])
def join(game_id: str) -> Any:
    """The edit link ends in ``#<key>``: a fragment, which no browser sends to a
    server or in a Referer. A small script puts it into this form and sends it."""
    game = _load(game_id)
    form = JoinForm()
    error = ""
    if form.validate_on_submit():
        try:
            games.check_edit_key(game, form.key.data or "")
        except games.EditRefused:
            error = "that is not this game's edit key"
        else:
            _remember(game, form.key.data)
            return redirect(url_for("views.game", game_id=game.id), 303)
    elif request.method == "POST":
        error = "that is not an edit key; copy the whole link"
    status = 403 if error else 200
    return render_template("join.html", game=game, form=form, error=error), status
