"""What makes the referee an app on the phone: static files under content-named
addresses, the web app manifest, and the service worker that keeps the shell."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, jsonify, make_response, render_template, url_for
from flask_babel import gettext

from ..plumbing.language import current_language
from .checker.phone_referee import PYODIDE_VERSION, bundle

bp = Blueprint("app_shell", __name__)

SHELL_ASSETS = (
    "app.css",
    "app.js",
    "htmx-2.0.11.min.js",
    "htmx-ext-sse-2.2.4.min.js",
    "icon.svg",
    "referee-worker.js",
)


@bp.app_template_global()
def asset(filename: str) -> str:
    """``asset("app.css")``: the static file's address with a digest of its content,
    so a phone may keep it for a year and still gets a new one the day it changes."""
    digests: dict[str, str] = current_app.extensions.setdefault("asset_digests", {})
    if filename not in digests:
        content = Path(current_app.static_folder or "", filename).read_bytes()
        digests[filename] = hashlib.sha256(content).hexdigest()[:10]
    return url_for("static", filename=filename, v=digests[filename])


@bp.get("/manifest.webmanifest")
def manifest() -> Any:
    response = jsonify(
        {
            "name": gettext("Rummy Referee"),
            "short_name": gettext("Rummy Referee"),
            "description": gettext(
                "Referees the melds and keeps the score sheet of contract rummy games."
            ),
            "lang": current_language(),
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#f6f4ee",
            "theme_color": "#0f5132",
            "icons": [{"src": asset("icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
        }
    )
    response.mimetype = "application/manifest+json"
    response.vary.add("Cookie")  # in the phone's language
    response.vary.add("Accept-Language")
    return response


@bp.get("/sw.js")
def service_worker() -> Any:
    """The service worker, at the root so it may look after every page. It lists the
    static files by their content-named addresses; a new file makes a new worker."""
    assets = [asset(name) for name in SHELL_ASSETS]
    version = hashlib.sha256("".join(assets).encode()).hexdigest()[:12]
    referee = f"{PYODIDE_VERSION}-{bundle().digest}"
    response = make_response(
        render_template("sw.js", assets=assets, version=version, referee=referee)
    )
    response.mimetype = "text/javascript"
    response.headers["Cache-Control"] = "no-cache"
    return response
