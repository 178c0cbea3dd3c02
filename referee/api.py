"""The JSON API, /api/v1 (docs/api.md): JSON in, the rules core, JSON out.

Nothing here decides a rule; it reads a body, calls ``referee.rules`` and writes
what it answered. Every answer under /api/ is JSON, errors included.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from flask import Blueprint, Response, current_app, jsonify, request
from flask_babel import gettext
from pydantic import ValidationError

from .openapi import openapi_document
from .plumbing import solves
from .plumbing.cross_site import refuse_other_sites
from .plumbing.errors import ApiError, http_sentence
from .plumbing.json_text import TooDeep, read_json
from .plumbing.sentences import request_words
from .rules import (
    VARIANTS,
    Card,
    Declaration,
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
from .schemas.game_answers import VariantOut, VariantRulesOut
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
    DeclareIn,
    HandScoreIn,
    HandSolveIn,
    MeldCheckIn,
    MeldExtendIn,
    MeldIn,
    RescueIn,
    RulesIn,
    VariantRulesIn,
    describe_errors,
    nested_too_deep,
)

bp = Blueprint("api", __name__, url_prefix="/api/v1")

#: The API's POSTs that only ask a question (of a table's rules, a meld, a contract, a
#: hand) and write nothing: a server runs them beside the reads, never queued behind
#: the writes (``ASKING_PATHS``, referee.plumbing.serving).
ASKING_PATHS = ("/api/v1/variants/", "/api/v1/melds/", "/api/v1/contracts/", "/api/v1/hands/")

bp.before_request(refuse_other_sites)  # another site's page, a write not sent as JSON

B = TypeVar("B", bound=Body)


def read_body(model: type[B]) -> B:
    raw = request.get_data()
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # A streamed (chunked) body is cut at the limit rather than refused up front.
        raise ApiError(413, http_sentence(413))
    try:
        body = model.model_validate_json(raw or b"")
    except ValidationError as error:
        raise ApiError(400, describe_errors(error)) from None
    try:
        read_json(raw, object_pairs_hook=_each_name_once)
    except TooDeep:
        raise ApiError(400, nested_too_deep()) from None
    return body


def _each_name_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the body, refused if it names a field or a player twice: JSON
    keeps the last, and a deal would lose the first hand without a word."""
    seen: set[str] = set()
    for name, _ in pairs:
        if name in seen:
            raise ApiError(
                400,
                gettext(
                    'the request body names "%(name)s" twice in one object; name each once',
                    name=name,
                ),
            )
        seen.add(name)
    return dict(pairs)


def _ruleset(body: RulesIn) -> Ruleset:
    """The body's ruleset, its house rules applied (R68: a 400 naming the key, a 422
    for rules no table could play), at the table its ``players`` says (R49: a count
    the variant is not played at is a 400, as for any other field out of range)."""
    return get_ruleset(body.variant, body.options, body.house, players=body.players)


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
        return json_answer([item.dump() for item in model])
    return current_app.response_class(
        model.model_dump_json(by_alias=True, exclude_unset=True), mimetype="application/json"
    )


def json_answer(body: Any) -> Response:
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
    body = read_body(VariantRulesIn)
    return answer(VariantRulesOut.of_table(found, found.ruleset(body.options, body.house)))


def _house_asked() -> Any:
    """The ``house`` of the query, read as JSON (the rules core judges what it says)."""
    text = request.args.get("house")
    if text is None:
        return None
    try:
        return read_json(text)
    except ValueError:  # not JSON, or nested deeper than any house document
        raise ApiError(
            400,
            gettext(
                '"house" must be JSON: an object of house rules such as %(example)s',
                example='{"run_min": 3}',
            ),
        ) from None


@bp.post("/melds/check")
def check_meld() -> Response:
    body = read_body(MeldCheckIn)
    rules = _ruleset(body)
    verdict = read_meld(
        parse_cards(body.cards), rules, _declaration(body.declare), body.players, body.deal
    )
    return answer(MeldVerdictOut.of(verdict, request_words()))


@bp.post("/melds/extend")
def extend() -> Response:
    body = read_body(MeldExtendIn)
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
    return answer(MeldVerdictOut.of(verdict, request_words()))


@bp.post("/melds/rescue")
def rescue_wild() -> Response:
    body = read_body(RescueIn)
    rules = _ruleset(body)
    meld, meld_declare = _meld(body.meld)
    verdict = rescue(meld, natural_cards(body.card, rules), rules, meld_declare, body.players)
    return answer(RescueOut.of(verdict, request_words()))


@bp.post("/contracts/check")
def check_contract_() -> Response:
    body = read_body(ContractCheckIn)
    rules = _ruleset(body)
    melds = [_meld(meld) for meld in body.melds]
    verdict = check_contract(melds, rules, body.deal, body.players)
    return answer(ContractVerdictOut.of(verdict, request_words()))


@bp.post("/hands/score")
def score() -> Response:
    body = read_body(HandScoreIn)
    rules = _ruleset(body)
    return answer(HandScoreOut.of(score_hand(parse_cards(body.cards), rules, body.players)))


@bp.post("/hands/solve")
def solve() -> Response:
    body = read_body(HandSolveIn)
    rules = _ruleset(body)
    cards = parse_cards(body.cards)
    with solves.solving():
        solution = solve_hand(cards, rules, body.deal, body.players)
    return answer(HandSolutionOut.of(solution))


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
