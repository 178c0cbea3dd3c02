"""The JSON API, /api/v1 (shared/API.md): JSON in, the rules core, JSON out.

Nothing here decides a rule; it reads a body, calls ``referee.rules`` and writes
what it answered. Every answer under /api/ is JSON, errors included.
"""

from __future__ import annotations

import csv
import hashlib
import io
from typing import Any, TypeVar

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
)
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from . import MAX_BODY_BYTES, games, limiter
from .games import DealEntry
from .models import Game
from .openapi import openapi_document
from .rules import (
    VARIANTS,
    Card,
    Declaration,
    GameRuleError,
    HandScore,
    MeldVerdict,
    Reading,
    RulesError,
    Ruleset,
    RunReading,
    UnknownVariantError,
    Variant,
    check_contract,
    extend_meld,
    format_cards,
    get_ruleset,
    parse_cards,
    read_meld,
    score_hand,
)
from .rules.contracts import ContractVerdict
from .rules.variants import OPTIONS
from .schemas import (
    Body,
    ContractCheckIn,
    DealIn,
    DeclareIn,
    GameIn,
    HandScoreIn,
    MeldCheckIn,
    MeldExtendIn,
    MeldIn,
    RulesIn,
    describe_errors,
)

bp = Blueprint("api", __name__, url_prefix="/api/v1")

B = TypeVar("B", bound=Body)


class ApiError(Exception):
    """An answer of ``status`` with ``{"error": message}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _body(model: type[B]) -> B:
    raw = request.get_data()
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # A streamed (chunked) body is cut at the limit rather than refused up front.
        raise ApiError(413, _HTTP_SENTENCES[413])
    try:
        return model.model_validate_json(raw or b"")
    except ValidationError as error:
        raise ApiError(400, describe_errors(error)) from None


def _ruleset(body: RulesIn) -> Ruleset:
    return get_ruleset(body.variant, body.options)


def _declaration(declare: DeclareIn | None) -> Declaration | None:
    return None if declare is None else Declaration.parse(declare.model_dump())


def _meld(meld: str | list[str] | MeldIn) -> tuple[list[Card], Declaration | None]:
    if isinstance(meld, MeldIn):
        return parse_cards(meld.cards), _declaration(meld.declare)
    return parse_cards(meld), None


# --- JSON out -----------------------------------------------------------------


def reading_json(reading: Reading) -> dict[str, Any]:
    from .rules.cards import rank_token

    if isinstance(reading, RunReading):
        return {
            "kind": "run",
            "suit": reading.suit,
            "low": rank_token(reading.low),
            "high": rank_token(reading.high),
            "cards": [
                {"card": str(placed.card), "as": str(placed.stands_for)}
                for placed in reading.cards
            ],
        }
    return {"kind": "set", "rank": rank_token(reading.rank)}


def verdict_json(verdict: MeldVerdict) -> dict[str, Any]:
    return {
        "legal": verdict.legal,
        "needs_declaration": verdict.needs_declaration,
        "readings": [reading_json(reading) for reading in verdict.readings],
        "reasons": list(verdict.reasons),
        "cards": format_cards(verdict.cards).split(),
    }


def contract_json(verdict: ContractVerdict) -> dict[str, Any]:
    return {
        "met": verdict.met,
        "contract": [{"kind": part.kind, "min": part.min} for part in verdict.deal.contract],
        "melds": [verdict_json(meld) for meld in verdict.melds],
        "reasons": list(verdict.reasons),
    }


def hand_json(score: HandScore) -> dict[str, Any]:
    return {
        "points": score.points,
        "cards": [{"card": str(card), "points": points} for card, points in score.cards],
    }


def variant_json(variant: Variant) -> dict[str, Any]:
    rules = variant.ruleset()
    return {
        "id": variant.id,
        "name": variant.name,
        "players": list(rules.players),
        "partnerships": rules.partnerships,
        "deals": [
            {
                "deal": deal.number,
                "cards": deal.cards,
                "contract": [{"kind": part.kind, "min": part.min} for part in deal.contract],
            }
            for deal in rules.deals
        ],
        "card_values": rules.card_values.as_dict(),
        "options": {
            name: {"default": default, "description": OPTIONS[name].description}
            for name, default in variant.defaults.items()
        },
        "wild_cards": rules.wild_limit.value,
        "pot": rules.pot,
    }


# --- Paths ----------------------------------------------------------------------


@bp.get("/variants")
def variants() -> Response:
    return jsonify([variant_json(variant) for variant in VARIANTS.values()])


@bp.post("/melds/check")
def check_meld() -> Response:
    body = _body(MeldCheckIn)
    rules = _ruleset(body)
    verdict = read_meld(parse_cards(body.cards), rules, _declaration(body.declare), body.players)
    return jsonify(verdict_json(verdict))


@bp.post("/melds/extend")
def extend() -> Response:
    body = _body(MeldExtendIn)
    rules = _ruleset(body)
    meld, meld_declare = _meld(body.meld)
    verdict = extend_meld(
        meld,
        parse_cards(body.add),
        rules,
        meld_declare=meld_declare,
        declare=_declaration(body.declare),
        players=body.players,
    )
    return jsonify(verdict_json(verdict))


@bp.post("/contracts/check")
def check_contract_() -> Response:
    body = _body(ContractCheckIn)
    rules = _ruleset(body)
    melds = [_meld(meld) for meld in body.melds]
    return jsonify(contract_json(check_contract(melds, rules, body.deal, body.players)))


@bp.post("/hands/score")
def score() -> Response:
    body = _body(HandScoreIn)
    rules = _ruleset(body)
    return jsonify(hand_json(score_hand(parse_cards(body.cards), rules, body.players)))


def games_per_minute() -> str:
    """The limit on starting games, from the app's config (GAMES_PER_MINUTE)."""
    return f"{current_app.config['GAMES_PER_MINUTE']} per minute"


#: One count for the pages and the API: games started from an address a minute.
new_game_limit = limiter.shared_limit(games_per_minute, scope="new-game", methods=["POST"])


# --- Games and the running sheet -----------------------------------------------------


def _entry(body: DealIn) -> DealEntry:
    return DealEntry(body.went_out, body.hands, body.points)


def _edit_key() -> str | None:
    return request.headers.get("X-Edit-Key")


IDEMPOTENCY_KEY = games.IDEMPOTENCY_KEY


def _guard(body: Body | None = None) -> games.Guard:
    """The write's If-Match and Idempotency-Key (API.md, "Retries and several phones")."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise ApiError(
            400,
            "an Idempotency-Key is 8 to 64 characters, none of them a control "
            "character; a random UUID will do",
        )
    request_digest = hashlib.sha256(
        f"{request.method} {request.path}\n".encode()
        + (body.model_dump_json().encode() if body is not None else b"")
    ).hexdigest()
    return games.Guard(request.headers.get("If-Match"), key, request_digest)


def _replayed(replay: games.Replay) -> tuple[Response, int]:
    """A retry's answer: the first one, its ETag included."""
    response = jsonify(replay.body)
    if replay.etag is not None:
        response.headers["ETag"] = replay.etag
    return response, replay.status


def _answer(written: Game | games.Replay, status: int) -> tuple[Response, int]:
    """The game as it is after a write, with its ETag; or a retry's first answer."""
    if isinstance(written, games.Replay):
        return _replayed(written)
    response = jsonify(games.game_json(written))
    response.headers["ETag"] = games.etag(written)
    return response, status


@bp.post("/games")
@new_game_limit
def create_game() -> tuple[Response, int]:
    body = _body(GameIn)
    created = games.create_game(
        body.variant,
        body.players,
        body.options,
        body.teams,
        (body.pot.stake, body.pot.payout) if body.pot else None,
        guard=_guard(body),
    )
    if isinstance(created, games.Replay):
        return _replayed(created)
    game, edit_key = created
    response = jsonify({"id": game.id, "edit_key": edit_key} | games.game_json(game))
    response.headers["ETag"] = games.etag(game)
    return response, 201


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> Response:
    game = games.get_game(game_id)
    if games.etag_matches(request.headers.get("If-None-Match", ""), game):
        response = Response(status=304)
    else:
        response = jsonify(games.game_json(game))
    response.headers["ETag"] = games.etag(game)
    return response


@bp.post("/games/<game_id>/deals")
def record_deal(game_id: str) -> tuple[Response, int]:
    body = _body(DealIn)
    return _answer(games.record_deal(game_id, _edit_key(), _entry(body), _guard(body)), 201)


@bp.put("/games/<game_id>/deals/<int:number>")
def replace_deal(game_id: str, number: int) -> tuple[Response, int]:
    body = _body(DealIn)
    return _answer(games.replace_deal(game_id, _edit_key(), number, _entry(body), _guard()), 200)


@bp.delete("/games/<game_id>/deals/<int:number>")
def undo_deal(game_id: str, number: int) -> tuple[Response, int]:
    return _answer(games.undo_deal(game_id, _edit_key(), number, _guard()), 200)


@bp.get("/games/<game_id>/sheet.csv")
def sheet_csv(game_id: str) -> Response:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(games.sheet_csv_rows(games.get_game(game_id)))
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="sheet-{game_id}.csv"'},
    )


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 description of every path here (referee/openapi.py)."""
    return jsonify(openapi_document())


@bp.before_request
def _options() -> Response | None:
    """OPTIONS on a path: 204, the methods it takes in Allow, no body (not Flask's own
    answer, an empty page labelled text/html)."""
    if request.method != "OPTIONS":
        return None
    allowed = current_app.make_default_options_response().headers["Allow"]
    answer = Response(status=204, headers={"Allow": allowed})
    del answer.headers["Content-Type"]
    return answer


# --- Errors: always JSON under /api/ ------------------------------------------------


def _error(status: int, message: str) -> tuple[Response, int]:
    return jsonify(error=message), status


@bp.errorhandler(ApiError)
def _api_error(error: ApiError) -> tuple[Response, int]:
    return _error(error.status, error.message)


@bp.errorhandler(RulesError)
def _rules_error(error: RulesError) -> tuple[Response, int]:
    if isinstance(error, UnknownVariantError):
        return _error(404, str(error))
    if isinstance(error, games.GameConflict):
        return _error(409, str(error))
    if isinstance(error, GameRuleError):
        return _error(422, str(error))
    return _error(400, str(error))


@bp.errorhandler(games.GameNotFound)
@bp.errorhandler(games.DealNotFound)
def _not_found(error: LookupError) -> tuple[Response, int]:
    return _error(404, str(error))


@bp.errorhandler(games.StaleGame)
def _stale(error: games.StaleGame) -> tuple[Response, int]:
    response = jsonify(error=str(error), game=games.game_json(error.game))
    response.headers["ETag"] = games.etag(error.game)
    return response, 412


@bp.errorhandler(games.EditRefused)
def _refused(error: games.EditRefused) -> tuple[Response, int]:
    return _error(403, str(error))


_HTTP_SENTENCES = {
    404: "there is nothing at {path}; GET /api/v1/variants lists the variants",
    405: "{method} is not allowed on {path}; use {allowed}",
    413: f"the request body is larger than {MAX_BODY_BYTES // 1024} KB; send less",
    429: "too many games were started from this address in the last minute; "
    "wait a minute and try again",
}


def register_error_handlers(app: Flask) -> None:
    """Answer every HTTP error under /api/ as JSON (routing errors never reach the
    blueprint's own handlers), and never let an unexpected error show a traceback."""

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        if not request.path.startswith("/api/"):
            return _page_error(error)
        template = _HTTP_SENTENCES.get(error.code or 500)
        methods = getattr(error, "valid_methods", None) or []
        allowed = ", ".join(sorted(set(methods) - {"HEAD", "OPTIONS"}))
        message = (
            template.format(path=request.path, method=request.method, allowed=allowed)
            if template
            else (error.description or error.name)
        )
        response, status = _error(error.code or 500, message)
        if methods:
            response.headers["Allow"] = ", ".join(sorted(methods))  # RFC 9110 for a 405
        return response, status

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        if request.path.startswith("/api/"):
            return _error(500, "the referee hit an unexpected problem; please try again")
        return _page(500, "Something went wrong", "Please go back and try again.")


_PAGE_SENTENCES = {
    400: ("This page was out of date", "Reload the page and try again; nothing was lost."),
    404: ("Nothing here", "There is no such page or game. Check the link you followed."),
    405: ("Not like that", "Go back and use the page's own buttons."),
    413: ("Too much at once", "That was more than a page ever sends; go back and try again."),
    429: (
        "Too many new games",
        "Too many games were started from this phone's network in the last minute. "
        "Wait a minute and try again.",
    ),
}


def _page_error(error: HTTPException) -> Any:
    title, message = _PAGE_SENTENCES.get(
        error.code or 500, (error.name, error.description or "Go back and try again.")
    )
    return _page(error.code or 500, title, message)


def _page(status: int, title: str, message: str) -> Any:
    return render_template("error.html", title=title, message=message), status
