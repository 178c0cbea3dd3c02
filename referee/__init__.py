"""The Rummy Referee: a Flask app for contract rummy played with real cards.

``create_app()`` builds the app; nothing runs at import time. The rooms of the
package and what each may import are drawn in ``docs/architecture.md``.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from . import api, pages
from .pages.new_game import table_rules
from .pages.phone_memory import PhoneCookie
from .pages.sheet.sheet import UnchangedSheet
from .plumbing import commands, errors, health, language, logs, solves
from .plumbing.extensions import compress, csrf
from .plumbing.headers import SECURITY_HEADERS
from .plumbing.json_text import MAX_BODY_BYTES
from .storage import changes
from .storage import database as storage
from .storage.games_file import MOST_GAMES

__all__ = ["create_app"]

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app, its database schema up to date. Config comes from
    ``test_config`` when given, else from ``instance/config.py`` and the environment
    (``DATABASE_URL``, ``SECRET_KEY``, ``REFEREE_*``)."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=str(ROOT / "instance"),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    _configure(app, test_config)
    app.session_interface = PhoneCookie()  # a misshapen cookie is read as none
    # In front of Flask, the first to see a request outermost. An unchanged sheet's
    # poll is answered 304 before Flask (pages.sheet.sheet); anything else goes on to it.
    app.wsgi_app = UnchangedSheet(app, app.wsgi_app)  # type: ignore[method-assign]
    if hops := int(app.config.get("PROXY_HOPS", 0)):
        # Behind proxies: the phone's address, scheme and host from X-Forwarded-*,
        # trusting exactly that many proxies (docs/deploying.md#behind-a-proxy), for all that
        # answers behind it, the sheet's poll as much as the app.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )
    logs.configure(app, serving=test_config is None)
    app.json.sort_keys = False  # type: ignore[attr-defined]

    storage.prepare(app, migrations=str(ROOT / "migrations"))
    changes.init_app(app)  # every change to a game told on (the live sheets)
    csrf.init_app(app)
    compress.init_app(app)
    solves.init_app(app)
    language.register(app)  # Flask-Babel, the language switch, Vary on every page

    @app.after_request
    def security_headers(response: Any) -> Any:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    api.register(app)
    app.register_blueprint(health.bp)
    pages.register(app)
    errors.register(app)
    commands.register(app)
    return app


def _configure(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    instance = Path(app.instance_path)
    app.config.from_mapping(_defaults(instance))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        # Any setting may come from the environment too: REFEREE_GAMES_PER_MINUTE=30.
        app.config.from_prefixed_env("REFEREE")
        if os.environ.get("DATABASE_URL"):
            app.config["SQLALCHEMY_DATABASE_URI"] = storage.database_uri(
                os.environ["DATABASE_URL"]
            )
        if os.environ.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    else:
        # An app built for tests or a program starts games as fast as it likes,
        # unless the limit is asked for.
        app.config["RATELIMIT_ENABLED"] = False
        app.config.from_mapping(test_config)
    instance.mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance)


def _defaults(instance: Path) -> dict[str, Any]:
    """The app's settings where nothing else says (docs/deploying.md says each)."""
    return {
        "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
        # A phone is a random token in a signed cookie (its games are kept on the server,
        # referee.storage.phones): no sign-up.
        "PERMANENT_SESSION_LIFETIME": timedelta(days=365),
        # ...renewed when the phone's memory changes (a page opened, a game started),
        # not re-signed and sent again with every answer: a poll sets no cookie.
        "SESSION_REFRESH_EACH_REQUEST": False,
        "SESSION_COOKIE_SAMESITE": "Lax",
        # A form may sit open through a whole deal; the token lives as long as the session.
        "WTF_CSRF_TIME_LIMIT": None,
        "COMPRESS_MIMETYPES": [
            "text/html",
            "text/css",
            "text/csv",
            "application/javascript",
            "text/javascript",
            "application/json",
            "image/svg+xml",
        ],
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "COMPRESS_ALGORITHM_STREAMING": ["br", "gzip"],  # static files go out as streams
        # Static files are named by their content (see pages.app_shell), so a phone keeps them.
        "SEND_FILE_MAX_AGE_DEFAULT": timedelta(days=365),
        "COMPRESS_MIN_SIZE": 256,
        # Writes one address may make a minute without an edit key (plumbing.limits).
        "GAMES_PER_MINUTE": 10,
        "RULES_SAVED_PER_MINUTE": 10,
        "GAMES_KEPT_PER_MINUTE": 30,
        "GAMES_FILES_PER_MINUTE": 2,
        # ... and games those files may bring in an hour: one file of the most a file
        # holds, about as many a day as new games.
        "GAMES_BROUGHT_IN_PER_HOUR": MOST_GAMES,
        # Hand solves at once, in a worker process and for one client (plumbing.solves).
        "SOLVES_AT_ONCE": 1,
        "SOLVES_PER_CLIENT": 1,
        # The threads a server's worker runs writes on, besides gunicorn's ``threads``
        # for reads, and the POSTs that only ask, run as reads (plumbing.serving).
        "WRITE_THREADS": 4,
        "ASKING_PATHS": (*api.ASKING_PATHS, *table_rules.ASKING_PATHS),
        "PROXY_HOPS": 0,
        # Seconds between a followed sheet's asks when its stream is lost (the stream
        # tells each change at once: referee.plumbing.streams).
        "SHEET_POLL_SECONDS": 30,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'referee.db'}",
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
    }


def _instance_secret(instance: Path) -> str:
    """A secret kept in the instance folder, made on first start, so sessions and
    CSRF tokens survive a restart without anyone having to set one."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
