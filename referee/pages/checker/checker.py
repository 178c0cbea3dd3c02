"""The meld checker: tap a meld, a lay-off, or (in a game) the initial meld, and
see the verdict at once. The state lives in the address (see
:mod:`referee.pages.checker.meld_checker`), so a reload shows the same cards."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, make_response, redirect, request, url_for

from ...plumbing import solves
from ...storage import games
from ...storage.database import Refused
from .. import phone_memory
from ..htmx import fragment, from_htmx
from ..keypad import KEY_SUITS, RANKS
from ..new_game.games import chosen_variant
from .check_page import GameFacts, check_page, game_check_page
from .checker_views import Checker

bp = Blueprint("checker", __name__)


def _page(checker: Checker, endpoint: str, url_args: dict[str, Any], **context: Any) -> Any:
    """Render, and keep the address bar on the state (never on the tap) so a reload
    shows the same cards and does not tap again."""
    state_url = url_for(endpoint, **url_args)  # its query holds the variant, if any
    state_url += ("&" if "?" in state_url else "?") + urlencode(checker.state(), doseq=True)
    tapped = "press" in request.args and not from_htmx()
    if tapped and not checker.typed_error:
        return redirect(state_url, 303)
    html = fragment(
        "check.html",
        "_checker.html",
        checker=checker,
        ranks=RANKS,
        suits=KEY_SUITS,
        action=url_for(endpoint, **url_args),
        **context,
    )
    response = make_response(html)
    if isinstance(checker.refusal, Refused):  # too many solves at once: the page says so, when
        response.status_code = checker.refusal.status
        response.headers["Retry-After"] = str(checker.refusal.retry_after)
    if from_htmx():
        response.headers["HX-Replace-Url"] = state_url
    return response


@bp.get("/check")
def check() -> Any:
    """The checker without a game: one meld, a lay-off or a rescue under the rules
    chosen; with a deal chosen too, the initial meld against its contract and My
    hand (the hand solver), as in a game. Worked out with no request in sight
    (:mod:`.check_page`), as the phone works it out offline."""
    variant = chosen_variant(request.args.get("variant"))
    page = check_page(
        variant,
        request.args,
        request.args.getlist("melds"),
        solving=solves.solving,
        refusals=(Refused,),
    )
    return _page(page.checker, "checker.check", page.url_args, **page.context)


@bp.get("/games/<game_id>/check")
def game_check(game_id: str) -> Any:
    """The checker of a game: the initial meld against the deal's contract, My hand,
    one meld as put down in the deal; worked out from what it reads of the game
    (:class:`.check_page.GameFacts`), which the page also hands to the phone."""
    game = phone_memory.load(game_id)
    sheet = games.sheet_of(game)
    rules = sheet.table.rules
    facts = GameFacts(
        id=game.id,
        variant=game.variant,
        options=dict(game.options),
        kept=game.rules,
        players=len(game.players),
        deal=sheet.next_deal() if not sheet.finished else len(rules.deals),
        finished=sheet.finished,
    )
    page = game_check_page(
        facts,
        request.args,
        request.args.getlist("melds"),
        rules,
        solving=solves.solving,
        refusals=(Refused,),
    )
    return _page(
        page.checker, "checker.game_check", page.url_args, facts=asdict(facts), **page.context
    )
