"""What a phone remembers: the games it started, joined or opened, and the edit keys
of those it may change (no sign-up).

The signed session cookie holds only the phone's random token (and the CSRF
secret): a few hundred bytes, however many games the phone keeps. The games and
their keys are kept on the server by :mod:`referee.storage.phones`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, Request, abort, current_app, g, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

from ..plumbing.limits import allowance
from ..plumbing.sentences import request_words
from ..storage import again, brought_in, games, phones
from ..storage import saved_rules as saved
from ..storage.allowance import UNLIMITED
from ..storage.games_file import GamesFile, games_file
from ..storage.models import Game, SavedRules
from ..storage.phones import Kept

RECENT = 12  # games listed on the home page; the history lists them all
TOKEN_BYTES = 16


#: What the app keeps in a phone's cookie, each with its type: the phone's token, the
#: CSRF secret, whether it lasts a year, and (in a cookie from before, see
#: :func:`from_before`) the games and keys it kept itself.
COOKIE_SHAPE: dict[str, type] = {
    "phone": str,
    "csrf_token": str,
    "_permanent": bool,
    "keys": dict,
    "recent": list,
}


def well_formed(memory: object) -> bool:
    """Whether a cookie's memory holds what the app writes there, each of its type; any
    other is read as no cookie (one signed with the app's secret by another release or
    another program), never as a server error.

    >>> well_formed({"phone": "tok", "csrf_token": "abc"}), well_formed({"phone": 5})
    (True, False)
    """
    if not isinstance(memory, Mapping):
        return False
    if any(not isinstance(memory[k], t) for k, t in COOKIE_SHAPE.items() if k in memory):
        return False
    keys, recent = memory.get("keys", {}), memory.get("recent", [])
    return all(isinstance(k, str) and isinstance(v, str) for k, v in keys.items()) and all(
        isinstance(entry, Mapping) and isinstance(entry.get("id", ""), str) for entry in recent
    )


class PhoneCookie(SecureCookieSessionInterface):
    """Flask's signed cookie, a misshapen one read as none (:func:`well_formed`)."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        try:
            memory = super().open_session(app, request)
        except (TypeError, ValueError):  # a memory that is not a mapping at all
            return self.session_class()
        if memory is not None and not well_formed(memory):
            return self.session_class()
        return memory


def _secret() -> bytes:
    return str(current_app.config["SECRET_KEY"]).encode()


def _token(make: bool = False) -> str | None:
    """This phone's token, made (and the cookie set) only when something is kept."""
    token: str | None = session.get("phone")
    before = from_before(session)
    if token is None and (make or before):
        session.permanent = True
        token = session["phone"] = secrets.token_urlsafe(TOKEN_BYTES)
    if token is not None and before:
        _move_out_of_cookie(token)
    if token is not None and "phone_seen" not in g:
        g.phone_seen = True
        phones.seen(token)
    return token


def _move_out_of_cookie(token: str) -> None:
    """A cookie from before the games were kept on the server: keep its games here,
    each edit key once checked against its game, and empty the cookie."""
    keys: dict[str, str] = dict(session.pop("keys", {}) or {})
    recent: list[dict[str, Any]] = list(session.pop("recent", []) or [])
    for entry in reversed(recent):
        game_id = str(entry.get("id", ""))
        try:
            game = games.get_game(game_id)
        except games.GameNotFound:
            continue
        key = keys.get(game_id)
        try:
            games.check_edit_key(game, key)
        except games.EditRefused:
            key = None
        phones.keep(token, game.id, "joined" if key else "followed", _secret(), key)


def from_before(memory: Mapping[str, Any]) -> bool:
    """Whether the session is a cookie from before the games were kept on the server:
    its games and keys are still in it until a page moves them (:func:`_token`)."""
    return "keys" in memory or "recent" in memory


def digest_of(memory: Mapping[str, Any]) -> str | None:
    """The name in the store of the phone whose session is ``memory``, for a poll:
    no token is made and no cookie from before is moved (a whole page does that)."""
    token = memory.get("phone")
    return phones.digest(token) if isinstance(token, str) else None


def _cache() -> dict[str, str | None]:
    if "phone_keys" not in g:
        g.phone_keys = {}
    cache: dict[str, str | None] = g.phone_keys
    return cache


def remember(game: Game, edit_key: str | None = None, how: str | None = None) -> None:
    """Keep the game on this phone (first among its games), with its edit key if given:
    ``how`` is "started", "joined" or (the default without a key) "followed". A game
    the phone did not keep yet counts against the address's allowance of games kept
    a minute (TooManyWrites), unless it started it (the new game counted already)."""
    token = _token(make=True)
    assert token is not None
    how = how or ("joined" if edit_key else "followed")
    limit = UNLIMITED if how == "started" else allowance()
    phones.keep(token, game.id, how, _secret(), edit_key, allowance=limit)
    if edit_key is not None:
        _cache()[game.id] = edit_key


def opened(game: Game) -> None:
    """A whole sheet opened: a game this phone keeps moves first among its games. A
    phone that only reads keeps nothing, on the server or in a cookie, until it
    keeps the game (one tap, the sheet's *Keep this game on this phone*)."""
    token = _token()
    if token is not None:
        phones.opened(token, game.id)


def keeps(game_id: str) -> bool:
    """Whether this phone keeps the game (started, joined or kept to follow)."""
    token = _token()
    return token is not None and phones.phone_game(token, game_id) is not None


def recent(limit: int | None = RECENT) -> list[dict[str, str]]:
    """This phone's games, the latest first, as links: their id and a title."""
    return [{"id": kept.game.id, "title": title(kept.game)} for kept in kept_games(limit)]


def kept_games(limit: int | None = None) -> list[Kept]:
    """This phone's games with how it came to each, the latest first."""
    token = _token()
    return [] if token is None else phones.games_of(token, _secret(), limit)


def games_file_of_this_phone() -> bytes:
    """This phone's games and saved rules as one file, to bring in on another phone or
    server (:mod:`referee.storage.games_file`)."""
    token = _token()
    if token is None:
        return games_file([], [])
    return games_file(phones.games_of(token, _secret()), saved.saved_of(token))


def bring_in(document: GamesFile) -> brought_in.Brought:
    """Bring a file's games in on this phone, as its own (GamesFileRefused,
    TooManyWrites: nothing changed)."""
    token = _token(make=True)
    assert token is not None
    return brought_in.bring_in(token, _secret(), document, allowance())


def title(game: Game) -> str:
    """The game's name in the request's language, then its players."""
    return f"{request_words().game(games.rules_of(game).name)}: {', '.join(game.players)}"


def edit_key(game_id: str) -> str | None:
    """The game's edit key, if this phone may change the game (asked once a request)."""
    cache = _cache()
    if game_id not in cache:
        token = _token()
        cache[game_id] = None if token is None else phones.edit_key(token, game_id, _secret())
    return cache[game_id]


def play_again(game_id: str, start: Callable[[], tuple[Game, str]]) -> str | None:
    """The game's next game, the whole table's, made now with ``start`` if there is
    none yet and this phone may change the game (:func:`referee.storage.again.play_again`):
    kept on this phone with its edit key, or followed, as this one is. None: no next
    game yet, and this phone only follows."""
    tap = again.Tap(_token(), edit_key(game_id), _secret(), allowance())
    return again.play_again(game_id, tap, start)


def load(game_id: str) -> Game:
    """The game, or the 404 page."""
    try:
        return games.get_game(game_id)
    except games.GameNotFound:
        abort(404)


# --- A table's rules, saved on this phone (docs/rules.md#R74) ------------------------------


def saved_rules() -> list[SavedRules]:
    """The rules this phone saved, the latest first."""
    token = _token()
    return [] if token is None else saved.saved_of(token)


def save_rules(
    name: str, variant: str, options: Mapping[str, bool], house: Mapping[str, object]
) -> str:
    """Save the rules on this phone under ``name``; the name as saved (SavedRulesRefused
    for no name, too long a one, or a full shelf)."""
    token = _token(make=True)
    assert token is not None
    return saved.save(token, name, variant, options, house, allowance())


def forget_rules(name: str) -> None:
    token = _token()
    if token is not None:
        saved.forget(token, name)
