"""The pages people use at the table, one blueprint for each thing a person does.

Every page works as plain forms and links; with htmx a tap swaps only the part
of the page it changes (the same partial template the full page includes). A
request from htmx carries ``HX-Request``, and gets the fragment.
"""

from __future__ import annotations

from flask import Flask

from ..plumbing.sentences import request_words
from . import (
    app_shell,
    buys,
    checker,
    deals,
    evening,
    filters,
    games,
    history,
    numbers,
    phone_referee,
    share,
    sheet,
    speech,
    table_rules,
    undo,
)


def register(app: Flask) -> None:
    """Register every page's blueprint and the templates' filters on the app (the
    sheet's unchanged poll is answered in front of the app: ``create_app``). What
    runs on the phone too speaks the request's language (:mod:`.speech`)."""
    speech.speak_with(request_words)
    app.context_processor(filters.template_words)
    app.jinja_env.filters.update(filters.FILTERS, number=numbers.number)
    app.jinja_env.globals.update(filters.GLOBALS)
    for blueprint in (
        games.bp,
        table_rules.bp,
        sheet.bp,
        undo.bp,
        buys.bp,
        checker.bp,
        deals.bp,
        share.bp,
        history.bp,
        evening.bp,
        app_shell.bp,
        phone_referee.bp,
    ):
        app.register_blueprint(blueprint)
