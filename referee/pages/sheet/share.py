"""Sharing a game: the link to follow it, the link to keep it from another phone,
and joining by that link."""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from ...storage import games
from ...storage.allowance import TooManyWrites
from .. import phone_memory
from ..forms import JoinForm

bp = Blueprint("share", __name__)


def qr(url: str) -> Markup:
    """A QR code of the link, as inline SVG (segno)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff", omitsize=True)
    return Markup(svg)


@bp.get("/games/<game_id>/share")
def share(game_id: str) -> Any:
    game = phone_memory.load(game_id)
    follow = url_for("sheet.game", game_id=game.id, _external=True)
    key = phone_memory.edit_key(game.id)
    edit = url_for("share.join", game_id=game.id, _external=True) + f"#{key}" if key else None
    return render_template(
        "share.html",
        game=game,
        follow=follow,
        follow_qr=qr(follow),
        edit=edit,
        edit_qr=qr(edit) if edit else None,
    )


@bp.route("/games/<game_id>/join", methods=["GET", "POST"])
def join(game_id: str) -> Any:
    """The edit link ends in ``#<key>``: a fragment, which no browser sends to a
    server or in a Referer. A small script puts it into this form and sends it."""
    game = phone_memory.load(game_id)
    form = JoinForm()
    error, status, headers = "", 200, {}
    if form.validate_on_submit():
        try:
            games.check_edit_key(game, form.key.data or "")
            phone_memory.remember(game, form.key.data)
        except games.EditRefused:
            error, status = gettext("that is not this game's edit key"), 403
        except TooManyWrites as refused:  # the form comes back as sent, to send again
            error, status = str(refused), 429
            headers["Retry-After"] = str(refused.retry_after)
        else:
            return redirect(url_for("sheet.game", game_id=game.id), 303)
    elif request.method == "POST":
        error, status = gettext("that is not an edit key; copy the whole link"), 403
    return render_template("join.html", game=game, form=form, error=error), status, headers
