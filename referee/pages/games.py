"""Start a game (its sheet is :mod:`referee.pages.sheet`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for

from ..plumbing.limits import games_per_minute, starter
from ..rules import VARIANTS, RulesError, Variant
from ..storage import games
from ..storage.idempotency import Replay
from ..storage.models import Game
from . import phone_memory
from .forms import NewGameForm
from .htmx import fragment, redirect_after_write
from .words import families

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
        try:
            game, edit_key = _start(form, variant)
        except RulesError as error:
            errors.append(str(error))
        else:
            phone_memory.remember(game, edit_key, how="started")
            return redirect_after_write(url_for("sheet.game", game_id=game.id))
    status = 422 if request.method == "POST" else 200
    page = fragment(
        "home.html",
        "_new_game.html",
        form=form,
        variant=variant,
        families=families(),
        errors=errors,
        recent=phone_memory.recent(),
    )
    return page, status


def _start(form: NewGameForm, variant: Variant) -> tuple[Game, str]:
    """Start the game the form describes: the game and its edit key, or RulesError
    when the rules core refuses the table."""
    players = [name for name in form.players.data if name]
    teams = [name.strip() for name in form.teams.data if name.strip()] or None
    created = games.create_game(
        variant.id,
        players,
        form.chosen_options(dict(variant.defaults)),
        teams,
        _pot(form, variant),
        started_by=starter(),
        per_minute=games_per_minute(),
    )
    assert not isinstance(created, Replay)  # no Idempotency-Key was sent
    return created


def _pot(form: NewGameForm, variant: Variant) -> tuple[int, int] | None:
    """The pot asked for (R33): where the game may play for one and a stake is given."""
    if variant.base.pot and form.stake.data is not None:
        return (form.stake.data, form.payout.data or 0)
    return None
