"""A table's own rules on the phone (docs/rules.md#R73, R74): each change said back as it
is typed in the house rules form, and rules cards, the link and QR code that open
the new-game form with a table's rules filled in on any phone. A rules card holds
no game and no edit key (:mod:`referee.pages.new_game.rules_cards`)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext

from ...plumbing.sentences import request_words, sentence_of
from ...rules import VARIANTS, RulesError, Variant
from ...rules.words import describe_house
from ..forms import NewGameForm
from ..sheet.share import qr
from .games import HousePage, chosen_variant, house_page, new_game_page, opened
from .house_form import drawn
from .house_typed import SHOWN, read_typed
from .rules_cards import RulesCard, UnreadableCard, read_card

bp = Blueprint("table_rules", __name__)

#: The house rules said back as they are typed: a POST that writes nothing
#: (``ASKING_PATHS``, referee.plumbing.serving).
ASKING_PATHS = ("/rules/said",)


@bp.post("/rules/said")
def said() -> Any:
    """What the house rules form changes, in words, as it is typed (htmx): the words,
    and each field's sentence swapped beside it (out of band); nothing else of the
    form is touched, so nothing typed meanwhile is lost."""
    form = NewGameForm()
    variant = chosen_variant(request.form.get("variant"))
    options = form.chosen_options(dict(variant.defaults))
    typed = read_typed(request.form, options)
    house = house_page(variant, options, typed, name=request.form.get("rules_name", ""))
    return render_template("_house_said.html", house=house, oob=True)


@bp.get("/rules/<card>")
def card(card: str) -> Any:
    """The new-game form with the card's rules filled in, its house rules open, and
    the card's name ready to save them under on this phone."""
    form = NewGameForm()
    try:
        found = read_card(card)
    except UnreadableCard as error:
        return _unreadable(form, str(error))
    variant = VARIANTS.get(found.variant)
    if variant is None:
        unknown = gettext(
            "this rules card is for a game this referee does not know: %(game)s",
            game=found.variant,
        )
        return _unreadable(form, unknown)
    house, problems = _house_of(found, variant)
    for name, value in house.typed.options.items():
        getattr(form, f"option_{name}").data = value
    return new_game_page(form, variant, house, problems, 200)


def _house_of(found: RulesCard, variant: Variant) -> tuple[HousePage, list[str]]:
    """The house rules part drawn from a card: its rules; or the book, and why not."""
    try:
        options = dict(variant.ruleset(found.options).options)
    except RulesError:
        options = dict(variant.defaults)
    # A change one of the game's options names is shown as that option (2s wild).
    options, given = variant.as_options(options, found.house)
    named = variant.named_keys
    kept = json.dumps({k: v for k, v in given.items() if k not in SHOWN or k in named})
    try:
        rules = variant.ruleset(options, given)
    except RulesError as error:
        house = opened(variant, options)
        house.open, house.name = True, found.name
        return house, [
            gettext(
                "this rules card's house rules cannot be played: %(why)s",
                why=sentence_of(error),
            )
        ]
    house = house_page(variant, options, drawn(rules, options, kept), open=True, name=found.name)
    return house, []


def _unreadable(form: NewGameForm, sentence: str) -> Any:
    variant = chosen_variant(None)
    for name, default in variant.defaults.items():
        getattr(form, f"option_{name}").data = default
    house = opened(variant, variant.defaults)
    return new_game_page(form, variant, house, [sentence], 400)


@bp.get("/rules/<card>/share")
def share(card: str) -> Any:
    """The rules card to show another phone: its link and QR code, and its rules in
    words."""
    try:
        found = read_card(card)
        variant = VARIANTS[found.variant]
        book = variant.ruleset(found.options)
        said = describe_house(book, variant.ruleset(found.options, found.house), request_words())
    except (UnreadableCard, KeyError, RulesError):
        message = gettext("this rules card cannot be read: ask for its link again")
        title = gettext("Not a rules card")
        return render_template("error.html", title=title, message=message), 400
    link = url_for("table_rules.card", card=card, _external=True)
    return render_template(
        "rules_card.html", card=found, rules=book, said=said, link=link, link_qr=qr(link)
    )
