"""The Push Referee: a Flask app for Push rummy played with real cards.

``create_app()`` builds the app; nothing runs at import time.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

MAX_BODY_BYTES = 64 * 1024  # API.md: a body over 64 KB is a 413


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
    app.config.from_mapping(MAX_CONTENT_LENGTH=MAX_BODY_BYTES)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env(prefix="REFEREE")
        if os.environ.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    else:
        app.config.from_mapping(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from . import api, views

    app.register_blueprint(api.bp)
    app.register_blueprint(views.bp)
    api.register_error_handlers(app)
    return app


def _instance_secret(instance: Path) -> str:
    """A secret kept in the instance folder, made on first start, so sessions and
    CSRF tokens survive a restart without anyone having to set one."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
