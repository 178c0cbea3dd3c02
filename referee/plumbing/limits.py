"""The limit on games started a minute from one address, one for the pages and the
API. It is counted in the database (``referee.storage.games.create_game``), so every worker
and every server share it, and only games actually made count: a refused form or a
retried request uses none of the allowance.

Behind a proxy, set ``PROXY_HOPS`` (``REFEREE_PROXY_HOPS=1``) so the address is the
phone's, from X-Forwarded-For, and not the proxy's (README, "Behind a proxy").
"""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, request, session


def starter() -> str:
    """Who is starting a game, as the database keeps it: a keyed digest of the
    address (the address itself is never stored)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    address = (request.remote_addr or "").encode()
    return hmac.new(secret, b"new-game\x00" + address, hashlib.sha256).hexdigest()[:32]


def client() -> str:
    """Who sent a write, for its Idempotency-Key (API.md: a key belongs to the client
    that sent it): the phone its cookie names, else its address, as a keyed digest."""
    phone = session.get("phone")
    who = f"phone\x00{phone}" if isinstance(phone, str) else f"address\x00{request.remote_addr}"
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, b"client\x00" + who.encode(), hashlib.sha256).hexdigest()[:32]


def games_per_minute() -> int | None:
    """How many games one address may start a minute; None when there is no limit."""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return None
    return int(current_app.config["GAMES_PER_MINUTE"])
