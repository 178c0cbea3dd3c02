"""The JSON API, /api/v1 (shared/API.md): JSON in, the rules core, JSON out.

Nothing here decides a rule; it reads a body, calls ``referee.rules`` and writes
what it answered. Every answer under /api/ is JSON, errors included.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, TypeVar

from flask import Blueprint, Response, current_app, jsonify, request
from pydantic import ValidationError

from .openapi import openapi_document
from .plumbing import solves
from .plumbing.conditional import not_modified, tagged, version_tag
from .plumbing.cross_site import refuse_other_sites
from .plumbing.errors import HTTP_SENTENCES, ApiError
from .plumbing.limits import client, games_per_minute, starter
from .rules import (
    VARIANTS,
    Card,
    Declaration,
    GameRuleError,
    Ruleset,
    check_contract,
    extend_meld,
    get_ruleset,
    get_variant,
    parse_cards,
    read_meld,
    rescue,
    score_hand,
    solve_hand,
)
from .rules.rescue import natural_cards
from .schemas.answer import Answer
from .schemas.game_answers import GameOut, NewGameOut, VariantOut, VariantRulesOut
from .schemas.meld_answers import (
    ContractVerdictOut,
    HandScoreOut,
    HandSolutionOut,
    MeldVerdictOut,
    RescueOut,
)
from .schemas.requests import (
    Body,
    ContractCheckIn,
    DealIn,
    DeclareIn,
    GameIn,
    HandScoreIn,
    HandSolveIn,
    MeldCheckIn,
    MeldExtendIn,
    MeldIn,
    RescueIn,
    RulesIn,
    VariantRulesIn,
    describe_errors,
    unsent_fields,
)
from .storage import database as storage
from .storage import deals, export, games
from .storage.deals import DealEntry
from .storage.idempotency import IDEMPOTENCY_KEY, Guard, Replay
from .storage.models import Game

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.before_request(refuse_other_sites)  # another site's page, a write not sent as JSON

B = TypeVar("B", bound=Body)


def _body(model: type[B]) -> B:
    raw = request.get_data()
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # A streamed (chunked) body is cut at the limit rather than refused up front.
        raise ApiError(413, HTTP_SENTENCES[413])
    try:
        body = model.model_validate_json(raw or b"")
    except ValidationError as error:
        raise ApiError(400, describe_errors(error)) from None
    json.loads(raw, object_pairs_hook=_each_name_once)
    return body


def _each_name_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the body, refused if it names a field or a player twice: JSON
    keeps the last, and a deal would lose the first hand without a word."""
    seen: set[str] = set()
    for name, _ in pairs:
        if name in seen:
            raise ApiError(
                400, f'the request body names "{name}" twice in one object; name each once'
            )
        seen.add(name)
    return dict(pairs)


def _ruleset(body: RulesIn) -> Ruleset:
    """The body's ruleset, its house rules applied (R68: a 400 naming the key, a 422
    for rules no table could play); its ``players``, when given, must be a table the
    variant is played at (R49; a 400, as for any other field out of range)."""
    rules = get_ruleset(body.variant, body.options, body.house)
    if body.players is not None:
        try:
            rules.check_players(body.players)
        except GameRuleError as error:
            raise ApiError(400, str(error)) from None
    return rules


def _declaration(declare: DeclareIn | None) -> Declaration | None:
    return None if declare is None else Declaration.parse(declare.model_dump())


def _meld(meld: str | list[str] | MeldIn) -> tuple[list[Card], Declaration | None]:
    if isinstance(meld, MeldIn):
        return parse_cards(meld.cards), _declaration(meld.declare)
    return parse_cards(meld), None


# --- JSON out: every answer is a model of referee.schemas -------------------------


def answer(model: Answer | list[VariantOut]) -> Response:
    """The answer as JSON, in the shape its model (and the OpenAPI document) says."""
    if isinstance(model, list):
        return _json([item.dump() for item in model])
    return current_app.response_class(
        model.model_dump_json(by_alias=True, exclude_unset=True), mimetype="application/json"
    )


def _json(body: Any) -> Response:
    """JSON written as pydantic writes it (compact, UTF-8), so that a kept answer sent
    again is the same bytes as the first time."""
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return current_app.response_class(text, mimetype="application/json")


# --- Paths ----------------------------------------------------------------------


@bp.get("/variants")
def variants() -> Response:
    return answer([VariantOut.of(variant) for variant in VARIANTS.values()])


@bp.get("/variants/<variant_id>")
def variant(variant_id: str) -> Response:
    """The variant's entry with its rules: the book's, or with ``?house=<JSON>``
    applied (R68)."""
    found = get_variant(variant_id)
    return answer(VariantRulesOut.of_table(found, found.ruleset(None, _house_asked())))


@bp.post("/variants/<variant_id>/rules")
def variant_rules(variant_id: str) -> Response:
    """The variant's entry with a table's options and house rules applied (R68)."""
    found = get_variant(variant_id)
    body = _body(VariantRulesIn)
    return answer(VariantRulesOut.of_table(found, found.ruleset(body.options, body.house)))


def _house_asked() -> Any:
    """The ``house`` of the query, read as JSON (the rules core judges what it says)."""
    text = request.args.get("house")
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ApiError(
            400, '"house" must be JSON: an object of house rules such as {"run_min": 3}'
        ) from None


@bp.post("/melds/check")
def check_meld() -> Response:
    body = _body(MeldCheckIn)
    rules = _ruleset(body)
    verdict = read_meld(
        parse_cards(body.cards), rules, _declaration(body.declare), body.players, body.deal
    )
    return answer(MeldVerdictOut.of(verdict))


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
    return answer(MeldVerdictOut.of(verdict))


@bp.post("/melds/rescue")
def rescue_wild() -> Response:
    body = _body(RescueIn)
    rules = _ruleset(body)
    meld, meld_declare = _meld(body.meld)
    verdict = rescue(meld, natural_cards(body.card, rules), rules, meld_declare, body.players)
    return answer(RescueOut.of(verdict))


@bp.post("/contracts/check")
def check_contract_() -> Response:
    body = _body(ContractCheckIn)
    rules = _ruleset(body)
    melds = [_meld(meld) for meld in body.melds]
    return answer(ContractVerdictOut.of(check_contract(melds, rules, body.deal, body.players)))


@bp.post("/hands/score")
def score() -> Response:
    body = _body(HandScoreIn)
    rules = _ruleset(body)
    return answer(HandScoreOut.of(score_hand(parse_cards(body.cards), rules, body.players)))


@bp.post("/hands/solve")
def solve() -> Response:
    body = _body(HandSolveIn)
    rules = _ruleset(body)
    cards = parse_cards(body.cards)
    with solves.solving():
        solution = solve_hand(cards, rules, body.deal, body.players)
    return answer(HandSolutionOut.of(solution))


# --- Games and the running sheet -----------------------------------------------------


def _entry(body: DealIn) -> DealEntry:
    return DealEntry(
        body.went_out,
        body.hands,
        body.points,
        body.bent_table,
        adjust=body.adjust,
        adjust_reasons=body.adjust_reasons,
    )


def _edit_key() -> str | None:
    return request.headers.get("X-Edit-Key")


def _guard(body: Body | None = None) -> Guard:
    """The write's If-Match and Idempotency-Key (API.md, "Retries and several phones")."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise ApiError(
            400,
            "an Idempotency-Key is 8 to 64 characters, none of them a control "
            "character; a random UUID will do",
        )
    # A deal without a bent table (R63) or bonuses (R75), and a game without house
    # rules (R68), are fingerprinted without those fields, as every one was before
    # there were any. Not a leftover: the answers kept for a day carry that digest, so
    # a digest with the fields would make a retry sent across the release a 409
    # (another request), where it should get its first answer.
    unset = unsent_fields(body)
    payload = body.model_dump(mode="json", exclude=unset) if body is not None else None
    return Guard.of(
        request.if_match,
        key,
        request.method,
        request.path,
        payload,
        client=client() if key is not None else "",
    )


def _tagged(response: Response, version: int | None) -> Response:
    """The answer with the ETag of the game's version it shows."""
    return tagged(response, None if version is None else version_tag(version))


def _replayed(replay: Replay) -> tuple[Response, int]:
    """A retry's answer: the first one, its ETag included."""
    return _tagged(_json(replay.body), replay.version), replay.status


def _answer(written: Game | Replay, status: int) -> tuple[Response, int]:
    """The game as it is after a write, with its ETag; or a retry's first answer."""
    if isinstance(written, Replay):
        return _replayed(written)
    return _tagged(answer(_game(written)), written.version), status


def _game(game: Game, **more: Any) -> Any:
    return (NewGameOut if more else GameOut).of(game, games.sheet_of(game), **more)


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    body = _body(GameIn)
    created = games.create_game(
        body.variant,
        body.players,
        body.options,
        body.teams,
        (body.pot.stake, body.pot.payout) if body.pot else None,
        guard=_guard(body),
        house=body.house,
        started_by=starter(),
        per_minute=games_per_minute(),
        kept_answer=lambda game, edit_key: _game(game, edit_key=edit_key).dump(),
    )
    if isinstance(created, Replay):
        return _replayed(created)
    game, edit_key = created
    return _tagged(answer(_game(game, edit_key=edit_key)), game.version), 201


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> Response:
    if request.if_none_match:  # a poll: most often unchanged, told by the version alone
        version = games.game_version(storage.reads(current_app), game_id)
        unchanged = None if version is None else not_modified(version_tag(version))
        if unchanged is not None:
            return unchanged
    game = games.get_game(game_id)
    return not_modified(version_tag(game.version)) or _tagged(answer(_game(game)), game.version)


@bp.post("/games/<game_id>/deals")
def record_deal(game_id: str) -> tuple[Response, int]:
    body = _body(DealIn)
    recorded = deals.record_deal(
        game_id,
        _edit_key(),
        _entry(body),
        _guard(body),
        kept_answer=lambda game: _game(game).dump(),
    )
    return _answer(recorded, 201)


@bp.put("/games/<game_id>/deals/<int:number>")
def replace_deal(game_id: str, number: int) -> tuple[Response, int]:
    body = _body(DealIn)
    return _answer(deals.replace_deal(game_id, _edit_key(), number, _entry(body), _guard()), 200)


@bp.delete("/games/<game_id>/deals/<int:number>")
def undo_deal(game_id: str, number: int) -> tuple[Response, int]:
    return _answer(deals.undo_deal(game_id, _edit_key(), number, _guard()), 200)


@bp.get("/games/<game_id>/sheet.csv")
def sheet_csv(game_id: str) -> Response:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(
        export.sheet_csv_rows(games.get_game(game_id))
    )
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
