"""The rules' paths of the JSON API (docs/api.md): variants, melds, contracts and
hands. JSON in, the rules core, JSON out.

Nothing here decides a rule; it reads a body, calls ``referee.rules`` and writes
what it answered.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request
from flask_babel import gettext

from ..plumbing import solves
from ..plumbing.errors import ApiError
from ..plumbing.json_text import read_json
from ..plumbing.sentences import request_words
from ..rules import (
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
from ..rules.rescue import natural_cards
from .answers import answer, read_body
from .schemas.game_answers import VariantOut, VariantRulesOut
from .schemas.meld_answers import (
    ContractVerdictOut,
    HandScoreOut,
    HandSolutionOut,
    MeldVerdictOut,
    RescueOut,
)
from .schemas.requests import (
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
)

bp = Blueprint("melds", __name__)

#: The API's POSTs that only ask a question (of a table's rules, a meld, a contract, a
#: hand) and write nothing: a server runs them beside the reads, never queued behind
#: the writes (``ASKING_PATHS``, referee.plumbing.serving).
ASKING_PATHS = ("/api/v1/variants/", "/api/v1/melds/", "/api/v1/contracts/", "/api/v1/hands/")


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
