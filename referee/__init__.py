"""The Push Referee: a Flask app for Push rummy played with real cards.

``create_app()`` builds the app; nothing runs at import time.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, url_for
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

from .models import configure_engine

MAX_BODY_BYTES = 64 * 1024  # API.md: a body over 64 KB is a 413

csrf = CSRFProtect()
compress = Compress()
# How many games one address may start a minute (pages and API alike): in memory,
# per worker process; a host that scales out would point RATELIMIT_STORAGE_URI at
# a shared store.
limiter = Limiter(key_func=get_remote_address, storage_uri="memory://")

#: Sent with every answer. No inline script or style anywhere (htmx is told not to
#: add its own style), so the policy needs no 'unsafe-inline'.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    # A page's address never holds the edit key (it travels after '#'), and no
    # address of a game goes to another site either.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. Config comes from ``test_config`` when given, else from
    ``instance/config.py`` and the environment (``SECRET_KEY``)."""
    root = Path(__file__).resolve().parent.parent
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=str(root / "instance"),
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    instance = Path(app.instance_path)
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        # A phone keeps its games (and their edit keys) in a signed cookie: no sign-up.
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        SESSION_COOKIE_SAMESITE="Lax",
        # A form may sit open through a whole deal; the token lives as long as the session.
        WTF_CSRF_TIME_LIMIT=None,
        COMPRESS_MIMETYPES=[
            "text/html",
            "text/css",
            "text/csv",
            "application/javascript",
            "text/javascript",
            "application/json",
            "image/svg+xml",
        ],
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_ALGORITHM_STREAMING=["br", "gzip"],  # static files go out as streams
        # Static files are named by their content (see asset()), so a phone keeps them.
        SEND_FILE_MAX_AGE_DEFAULT=timedelta(days=365),
        COMPRESS_MIN_SIZE=256,
        GAMES_PER_MINUTE=10,
        RATELIMIT_HEADERS_ENABLED=True,
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{instance / 'referee.db'}",
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True},
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        # Any setting may come from the environment too: REFEREE_GAMES_PER_MINUTE=30.
        app.config.from_prefixed_env("REFEREE")
        if os.environ.get("DATABASE_URL"):
            app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(os.environ["DATABASE_URL"])
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
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from . import api, views
    from .models import db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(root / "migrations"))
    with app.app_context():
        configure_engine(db.engine)
        if app.config.get("UPGRADE_DATABASE_ON_START", True):
            upgrade_database()

    csrf.init_app(app)
    csrf.exempt(api.bp)  # the API is for programs: JSON bodies and X-Edit-Key, no cookies
    compress.init_app(app)
    limiter.init_app(app)

    @app.after_request
    def security_headers(response: Any) -> Any:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    app.add_template_global(_asset_url(app), "asset")
    app.register_blueprint(api.bp)
    app.register_blueprint(views.bp)
    api.register_error_handlers(app)
    return app


def _asset_url(app: Flask) -> Any:
    """``asset("app.css")``: the static file's address with a digest of its content,
    so a phone may keep it for a year and still gets a new one the day it changes."""
    digests: dict[str, str] = {}

    def asset(filename: str) -> str:
        if filename not in digests:
            content = Path(app.static_folder or "", filename).read_bytes()
            digests[filename] = hashlib.sha256(content).hexdigest()[:10]
        return url_for("static", filename=filename, v=digests[filename])

    return asset


def database_uri(url: str) -> str:
    """Accept the usual ``postgres://`` and ``postgresql://`` addresses a host hands
    out, and drive them with psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def upgrade_database() -> None:
    """Bring the schema to the newest migration, if it is not there yet, so that an
    app built on a fresh database is ready to use (inside an app context)."""
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from flask_migrate import upgrade

    from .models import db, migrate, migration_lock

    heads = set(ScriptDirectory.from_config(migrate.get_config()).get_heads())

    def current() -> set[str]:
        with db.engine.connect() as connection:
            return set(MigrationContext.configure(connection).get_current_heads())

    if current() == heads:
        return
    with migration_lock(db.engine):
        if current() != heads:
            upgrade()


def _instance_secret(instance: Path) -> str:
    """A secret kept in the instance folder, made on first start, so sessions and
    CSRF tokens survive a restart without anyone having to set one."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
