"""The meld checker and the deal form drawn on the phone, when the server cannot be
reached.

The referee's worker (``static/referee-worker.js``) runs this module on Pyodide,
with the rules core, the pages' own modules and the templates of their part of the
page, all from the rules bundle (:mod:`.phone_referee`). A tap the server cannot
answer is drawn here from the same fields the server would have read
(:meth:`PhonePages.draw`, :meth:`PhonePages.draw_deal`), by the same code
(:mod:`.check_page`, :mod:`.deal_page`) and the same templates, with the same
words: the part of the page htmx swaps in, as the server sends it. Nothing here
decides anything the server does not.

The phone has no Flask: the templates' few helpers are given here as the app gives
them (``url_for`` of the checker's own addresses, the catalogs' look-ups as
Flask-Babel installs them, the filters of :mod:`.filters`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ...rules import VARIANTS, Variant
from ...rules.words import words_in
from .. import filters, speech
from ..deal.deal_page import DealFacts, phone_deal_context
from ..keypad import KEY_SUITS, RANKS
from .check_page import GameFacts, check_page, game_check_page

#: The templates, beside the package as in the repository and in the bundle.
TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
#: The addresses the phone's pages name, by the app's endpoint names (``<name>``: an
#: argument).
ROUTES = {
    "checker.check": "/check",
    "checker.game_check": "/games/<game_id>/check",
    "deals.new_deal": "/games/<game_id>/deals/new",
    "sheet.game": "/games/<game_id>",
}


class PhonePages:
    """The templates' environment, as the app sets its own up, for a server mounted
    at ``root`` (its script root: "" at a host's top)."""

    def __init__(self, root: str = "", templates: Path = TEMPLATES) -> None:
        self.root = root
        self.env = Environment(
            loader=FileSystemLoader(templates),
            autoescape=select_autoescape(["html"]),  # as Flask: every .html escaped
            extensions=["jinja2.ext.i18n"],
        )
        self.env.policies["ext.i18n.trimmed"] = True
        self.env.install_gettext_callables(  # type: ignore[attr-defined]
            gettext=lambda message: speech.words().gettext(message),
            ngettext=lambda singular, plural, n: speech.words().ngettext(singular, plural, n),
            pgettext=lambda context, message: speech.words().pgettext(context, message),
            newstyle=True,
        )
        self.env.filters.update(filters.FILTERS)
        self.env.globals.update(filters.GLOBALS, url_for=self.url_for)

    def url_for(self, endpoint: str, **arguments: Any) -> str:
        """The address of one of the phone's pages, as Flask's ``url_for`` builds
        it: the route's own arguments in its path, the others in the order given, in
        the query."""
        address = self.root + ROUTES[endpoint]
        given = {name: value for name, value in arguments.items() if value is not None}
        for name in list(given):
            if f"<{name}>" in address:
                address = address.replace(f"<{name}>", quote(str(given.pop(name)), safe=""))
        return address + ("?" + urlencode(given) if given else "")

    def draw(self, query: str, language: str, game: str | None = None) -> dict[str, str]:
        """The checker's address ``?<query>`` drawn in ``language``: ``/check``, or
        with ``game`` (what the game's page hands over, as JSON) the game's checker.
        The part of the page htmx swaps (``html``), and the address the page's bar
        shows for it (``state``)."""
        fields = parse_qsl(query, keep_blank_values=True)
        single = dict(fields)
        melds = [value for name, value in fields if name == "melds"]
        with speech.speaking(words_in(language)):
            if game is None:
                endpoint, page = "checker.check", check_page(_variant(single), single, melds)
            else:
                facts = GameFacts(**json.loads(game))
                endpoint, page = "checker.game_check", game_check_page(facts, single, melds)
            action = self.url_for(endpoint, **page.url_args)
            state = f"{action}{'&' if '?' in action else '?'}"
            state += urlencode(page.checker.state(), doseq=True)
            html = self.env.get_template("_checker.html").render(
                checker=page.checker, ranks=RANKS, suits=KEY_SUITS, action=action, **page.context
            )
        return {"html": html, "state": state}

    def draw_deal(self, query: str, language: str, game: str) -> dict[str, str]:
        """A new deal's form of ``game`` (what the deal's page hands over, as JSON)
        after the tap its fields (``query``, as a form sends them) hold, in
        ``language``: the part of the page htmx swaps (``html``) and the form's
        address (``state``)."""
        facts = DealFacts(**json.loads(game))
        action = self.url_for("deals.new_deal", game_id=facts.id)
        with speech.speaking(words_in(language)):
            context = phone_deal_context(
                facts, dict(parse_qsl(query, keep_blank_values=True)), action
            )
            html = self.env.get_template("_deal_form.html").render(**context)
        return {"html": html, "state": action}


def _variant(fields: dict[str, str]) -> Variant:
    """The game ``/check``'s address names (Push by default)."""
    variant = VARIANTS.get(fields.get("variant") or "push")
    if variant is None:  # the server's 404; the page never asks for one
        raise LookupError(f"no game {fields.get('variant')!r}")
    return variant
