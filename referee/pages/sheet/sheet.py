"""The sheet: a game's scores as every phone at the table follows them (the undo and
redo of its last deal are :mod:`.undo`'s).

A phone opens the sheet's page; htmx then asks for its fragment when the game's
stream says it changed (:mod:`.live`), and every 30 s in any case, sending the
ETag it has. Every answer is made from the same definitions, the sheet's tag
(:func:`sheet_tag`: the game's version, page or fragment, editor or follower) and
its headers (:data:`SHEET_HEADERS`), in one of three ways:

- **an unchanged sheet**, nearly every poll: :class:`UnchangedSheet`, a WSGI layer
  ``create_app`` puts in front of Flask, answers 304 from one query on the polls'
  engine (:func:`referee.storage.polls.sheet_state`), with no app or request context,
  hooks or response object of Flask's;
- **a follower's changed sheet**: after a deal every follower asks for the same
  new sheet, drawn once a version and kept (:class:`DrawnSheets`);
- **anything else**, drawn by the view (:func:`game`).
"""

from __future__ import annotations

import json
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from functools import lru_cache
from threading import Lock
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    make_response,
    request,
    session,
)
from itsdangerous import BadSignature
from werkzeug.http import parse_etags, quote_etag

from ...plumbing import logs
from ...plumbing.conditional import still_current, tagged
from ...plumbing.cookies import read_cookies
from ...plumbing.headers import SECURITY_HEADERS
from ...plumbing.language import COOKIE as LANGUAGE_COOKIE
from ...plumbing.language import DEFAULT_LANGUAGE, current_language, language_of
from ...plumbing.sentences import request_words
from ...rules import get_ruleset, house_changes
from ...rules.bookkeeping import BuyTally, counts_by_deal, dealer_of, next_first_dealer
from ...rules.scoring import Pot
from ...rules.words import (
    card_values_words,
    deal_words,
    describe_house,
    house_line,
    winner_words,
    words_in,
)
from ...storage import buys, games, polls
from ...storage import database as storage
from ...storage.models import Game
from .. import phone_memory
from ..deal.buy_lines import buys_shown
from ..forms import BuyForm, KeepForm, PlayAgainForm, UndoForm
from ..htmx import fragment, from_htmx
from ..new_game.rules_cards import RulesCard
from ..words import sheet_heads
from .chart import running_chart
from .sheet_rows import rows

bp = Blueprint("sheet", __name__)


# --- What every answer of the sheet says ---------------------------------------------


def sheet_tag(
    version: int, htmx: bool, editor: bool, kept: bool = False, language: str = DEFAULT_LANGUAGE
) -> str:
    """The sheet's ETag: the game's version, the fragment htmx asks for or the whole
    page, and whether this phone may change the game (its sheet has buttons a
    follower's has not); on the whole page, whether a follower keeps the game (the
    page offers to keep it until it does); and the language it is drawn in, named
    when not English, so a phone that switches is never told its sheet is current.

    >>> sheet_tag(3, True, False), sheet_tag(3, True, False, language="es")
    ('sheet-v3-fragment-follower', 'sheet-v3-fragment-follower-es')
    """
    standing = "editor" if editor else "keeper" if kept and not htmx else "follower"
    tag = f"sheet-v{version}-{'fragment' if htmx else 'page'}-{standing}"
    return tag if language == DEFAULT_LANGUAGE else f"{tag}-{language}"


#: A sheet is kept, but asked for again every time; page and fragment differ, and so
#: do an editor's and a follower's, and each language's (the switch's cookie, or
#: Accept-Language); and it is sent compressed as the phone accepts (Flask-Compress,
#: finding Accept-Encoding named here, names it no second time).
SHEET_HEADERS = {
    "Cache-Control": "no-cache",
    "Vary": "HX-Request, Cookie, Accept-Language, Accept-Encoding",
}


def _sheet_response(html: str, tag: str) -> Response:
    response = tagged(make_response(html), tag)
    response.headers.update(SHEET_HEADERS)
    return response


# --- The view ------------------------------------------------------------------------


@bp.get("/games/<game_id>")
def game(game_id: str) -> Any:
    """The sheet, drawn in full; but an unchanged one is answered before this view
    (:class:`UnchangedSheet`), and a follower's changed one is drawn once a version
    (:func:`followers_sheet`). Only a whole page puts the game first among the
    phone's games, and only if the phone keeps it: reading keeps nothing."""
    htmx = from_htmx()
    if htmx:
        drawn = followers_sheet(game_id)
        if drawn is not None:
            return drawn
    game = phone_memory.load(game_id)
    if not htmx:
        phone_memory.opened(game)
        # The cookie is not sent again with every answer (SESSION_REFRESH_EACH_REQUEST
        # is off, so a poll sets none): a page opened in full renews its year.
        session.modified = True
    context = sheet_context(game)
    editor, kept = context["editable"], context["kept"]
    html = fragment("game.html", "_sheet.html", **context)
    if htmx and not editor:
        drawn_sheets(current_app).put(_drawn_key(game.id, game.version), html)
    return _sheet_response(html, sheet_tag(game.version, htmx, editor, kept, current_language()))


def _drawn_key(game_id: str, version: int) -> tuple[str, str, int, str]:
    """A follower's drawn sheet: where the app is mounted, the game, its version, and
    the language it is drawn in."""
    return (request.script_root, game_id, version, current_language())


def followers_sheet(game_id: str) -> Response | None:
    """A follower's sheet as already drawn for the game's current version, found with
    one query (the poll's, :func:`referee.storage.polls.sheet_state`) and no Game loaded; None
    when it must be drawn: no such game, an editor's phone (its sheet has buttons and
    its own CSRF token), a cookie from before that a page has still to move, a
    version not drawn yet here, or the read failing (the view then tries in full)."""
    if phone_memory.from_before(session):
        return None
    reads = storage.reads(current_app)
    try:
        state = polls.sheet_state(reads, game_id, phone_memory.digest_of(session))
    except storage.read_errors(reads):
        return None
    if state is None or state[1]:
        return None
    version = state[0]
    html = drawn_sheets(current_app).get(_drawn_key(game_id, version))
    if html is None:
        return None
    return _sheet_response(html, sheet_tag(version, True, False, language=current_language()))


def sheet_context(game: Game) -> dict[str, Any]:
    """What the sheet's template draws."""
    sheet = games.sheet_of(game)
    rules = sheet.table.rules
    current = None if sheet.finished else rules.deal(sheet.next_deal())
    words = request_words()
    return {
        "game": game,
        "sheet": sheet,
        "rules": rules,
        "rows": rows(sheet, {deal.number: deal.corrected or 0 for deal in game.deals}),
        "current": current,
        "dealer": (
            dealer_of(rules, sheet.table.players, current.number, sheet.table.first_dealer)
            if current
            else None
        ),
        # R78: Play again keeps the seats, and the first deal passes on
        "next_dealer": sheet.table.players[next_first_dealer(sheet.table)],
        "contract_text": deal_words(words, rules, current) if current else "",
        "heads": sheet_heads([side.name for side in sheet.table.sides]),
        "card_values": card_values_words(words, rules),
        "editable": phone_memory.edit_key(game.id) is not None,
        "kept": phone_memory.keeps(game.id),
        "undo_form": UndoForm(),
        # Redo puts back the deal undone last, until a new deal is saved
        "redo": game.undone[-1]["number"] if game.undone else None,
        # R77: the buys of the deal being played, where the game limits them
        "buys": buys_shown(BuyTally.of(sheet, counts_by_deal(buys.bought(game)))),
        "buy_form": BuyForm(),
        "chart": running_chart(sheet),  # R78
        "again_form": PlayAgainForm(),
        "keep_form": KeepForm(),
        "winner_text": winner_words(words, sheet),
        "pot": (
            Pot(game.pot_stake, game.pot_payout).account(sheet)
            if game.pot_stake is not None and game.pot_payout is not None
            else None
        ),
        **house_context(game),
    }


def house_context(game: Game) -> dict[str, Any]:
    """What the game plays differently from the book (R73): each change in words, the
    line above the sheet, and the rules card of its rules (R74: no game in it)."""
    if game.rules is None:  # a game from before house rules plays the book
        return {"house_said": (), "house_line": "", "house_card": None}
    language = current_language()
    said, changes = _house_of(game.variant, _json(game.options), _json(game.rules), language)
    card = RulesCard("", game.variant, game.options, changes).token if said else None
    line = house_line(words_in(language), said)
    return {"house_said": said, "house_line": line, "house_card": card}


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=256)
def _house_of(
    variant: str, options: str, rules: str, language: str
) -> tuple[tuple[str, ...], dict[str, Any]]:
    """A game's changes from the book, in the words of ``language`` and as a house
    document: worked out once a process for each game's rules and language, as a sheet
    is drawn every few seconds."""
    book = get_ruleset(variant, json.loads(options))
    kept = games.kept_rules(variant, options, rules)  # R73: the rules as the game kept them
    return describe_house(book, kept, words_in(language)), house_changes(book, kept)


# --- A follower's changed sheet, drawn once a version ---------------------------------

#: Follower sheets kept by each server process: the latest version of as many games
#: as are followed at once on a busy night; an older version is never asked for again.
DRAWN_SHEETS = 1024

DrawnKey = tuple[str, str, int, str]


class DrawnSheets:
    """A follower's sheet fragment by (where the app is mounted, game, version,
    language): the same for every phone that follows the game in that language,
    which may only read it. The least
    recently asked for goes first when full. Shared by a process's threads."""

    def __init__(self, size: int = DRAWN_SHEETS) -> None:
        self.size = size
        self._sheets: OrderedDict[DrawnKey, str] = OrderedDict()
        self._lock = Lock()

    def get(self, key: DrawnKey) -> str | None:
        with self._lock:
            html = self._sheets.get(key)
            if html is not None:
                self._sheets.move_to_end(key)
            return html

    def put(self, key: DrawnKey, html: str) -> None:
        with self._lock:
            self._sheets[key] = html
            self._sheets.move_to_end(key)
            while len(self._sheets) > self.size:
                self._sheets.popitem(last=False)


def drawn_sheets(app: Flask) -> DrawnSheets:
    """The app's drawn follower sheets (each app its own, as each has its database)."""
    sheets: DrawnSheets = app.extensions.setdefault("referee.drawn_sheets", DrawnSheets())
    return sheets


# --- An unchanged sheet, answered in front of Flask -----------------------------------

GAME_PATH = re.compile(r"/games/([^/]+)")

#: The headers of an unchanged sheet's 304, but its ETag: the sheet's own, and those
#: every answer carries (the app adds them to its views' answers in an after-request
#: hook, ``create_app``).
UNCHANGED_HEADERS = [*SHEET_HEADERS.items(), *SECURITY_HEADERS.items()]

#: How many phones' cookies a worker remembers as checked (a few hundred bytes each).
REMEMBERED_COOKIES = 4096

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class UnchangedSheet:
    """WSGI middleware: the 304 of an unchanged sheet, else the app behind it.

    Every phone following a game asks "has the sheet changed?" every 30 s, and
    whenever it comes back to the page or its network. Nearly always nothing
    has, and the answer is a bodiless 304 that depends on four
    things: the game's version, whether this phone keeps the game's edit key,
    whether htmx asked, and the language the phone reads it in. This answers it
    with one query and the view's tag and headers, and writes the log line any
    request gets; a phone's cookie has its signature checked once per worker.
    Anything else (a changed sheet, an unknown game, another method or path, a
    database that does not answer) goes on to ``inner``, whose view answers it in
    full."""

    def __init__(self, app: Flask, inner: WsgiApp) -> None:
        self.app = app
        self.inner = inner
        self.serializer: Any = None  # the session cookie's, made once the app is configured
        self.checked = lru_cache(maxsize=REMEMBERED_COOKIES)(self._check)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET" and environ.get("HTTP_IF_NONE_MATCH"):
            path = environ.get("PATH_INFO", "")
            found = GAME_PATH.fullmatch(path)
            if found is not None:
                started = time.perf_counter()
                try:
                    etag = self.unchanged(found[1], environ)
                except Exception:  # a database gone away: the app answers as it always does
                    etag = None
                if etag is not None:
                    start_response("304 NOT MODIFIED", [("ETag", etag), *UNCHANGED_HEADERS])
                    took = (time.perf_counter() - started) * 1000
                    logs.write(self.app, "GET", path, 304, took)
                    return []
        return self.inner(environ, start_response)

    def unchanged(self, game_id: str, environ: dict[str, Any]) -> str | None:
        """The ETag, quoted, when the request's If-None-Match names the sheet as it
        is for this phone; None when the app must answer."""
        state = polls.sheet_state(storage.reads(self.app), game_id, self.phone(environ))
        if state is None:
            return None
        version, editor, kept = state
        # The language as current_language() says it for a page (never /api/ here).
        (cookie,) = read_cookies(environ.get("HTTP_COOKIE", ""), LANGUAGE_COOKIE)
        language = language_of(cookie, environ.get("HTTP_ACCEPT_LANGUAGE"), api=False)
        tag = sheet_tag(version, from_htmx(environ), editor, kept, language)
        if not still_current(parse_etags(environ["HTTP_IF_NONE_MATCH"]), tag):
            return None
        return quote_etag(tag)

    def phone(self, environ: dict[str, Any]) -> str | None:
        """The digest of the phone whose session cookie came with the request, read as
        Flask's session reads it (the app's serializer; no older than the app's
        session lifetime), without a request; None if there is none or it does not
        pass. A phone polls with the same cookie for hours, so its signature is
        checked once per worker and remembered; its age is judged on every poll."""
        name = self.app.config["SESSION_COOKIE_NAME"]
        (cookie,) = read_cookies(environ.get("HTTP_COOKIE", ""), name)
        if not cookie:
            return None
        checked = self.checked(cookie)
        if checked is None:
            return None
        digest, signed = checked
        # Flask's session hands itsdangerous this max_age, which refuses a cookie
        # older than it or signed in the future (a test holds the two alike).
        max_age = int(self.app.permanent_session_lifetime.total_seconds())
        age = int(time.time()) - signed
        return digest if 0 <= age <= max_age else None

    def _check(self, cookie: str) -> tuple[str | None, int] | None:
        """The cookie's phone digest and when it was signed; None if it is forged."""
        if self.serializer is None:
            app = self.app
            self.serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
            if self.serializer is None:  # no secret key: no session, as Flask has it
                return None
        try:
            memory, signed = self.serializer.loads(cookie, return_timestamp=True)
        except BadSignature:
            return None
        memory = memory if phone_memory.well_formed(memory) else {}
        return phone_memory.digest_of(memory), int(signed.timestamp())
