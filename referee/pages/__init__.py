"""The pages people use at the table, one blueprint for each thing a person does,
grouped by what it is: the meld checker (:mod:`.checker`), a deal entered and the
buys during it (:mod:`.deal`), a new game and its house rules (:mod:`.new_game`),
the sheet and what follows it: the evening, the phone's games, a share
(:mod:`.sheet`). What they all draw with lies here: the keypad, the words, the
filters, htmx, the phone's memory, the app's shell.

Every page works as plain forms and links; with htmx a tap swaps only the part
of the page it changes (the same partial template the full page includes). A
request from htmx carries ``HX-Request``, and gets the fragment.
"""

from __future__ import annotations

from flask import Flask

from ..plumbing.sentences import request_words
from . import app_shell, filters, numbers, speech
from .checker import checker, phone_referee
from .deal import buys, deals
from .new_game import games, table_rules
from .sheet import evening, history, live, share, sheet, undo


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
        live.bp,
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
