"""The writes one address may make a minute without an edit key, one allowance for the
pages and the API: new games, rules saved on a phone, games kept on a phone, files
of a phone's games brought in; and the games such files bring, an hour. It is
counted in the database (:mod:`referee.storage.allowance`), so every worker and every
server share it, and only writes actually made count: a refused form or a retried
request uses none of it.

Behind a proxy, set ``PROXY_HOPS`` (``REFEREE_PROXY_HOPS=1``) so the address is the
phone's, from X-Forwarded-For, and not the proxy's (docs/deploying.md#behind-a-proxy).
"""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, request, session

from ..storage.allowance import UNLIMITED, Allowance

#: Each kind of write counted, and the setting that says how many a minute (the games
#: files bring in: an hour, ``storage.allowance.WINDOWS``).
SETTINGS = {
    "game": "GAMES_PER_MINUTE",
    "rules": "RULES_SAVED_PER_MINUTE",
    "keep": "GAMES_KEPT_PER_MINUTE",
    "import": "GAMES_FILES_PER_MINUTE",
    "brought": "GAMES_BROUGHT_IN_PER_HOUR",
}


def writer() -> str:
    """Who is writing, as the database keeps it: a keyed digest of the address (the
    address itself is never stored)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    address = (request.remote_addr or "").encode()
    return hmac.new(secret, b"writer\x00" + address, hashlib.sha256).hexdigest()[:32]


def client() -> str:
    """Who sent a write, for its Idempotency-Key (docs/api.md: a key belongs to the client
    that sent it): the phone its cookie names, else its address, as a keyed digest."""
    phone = session.get("phone")
    who = f"phone\x00{phone}" if isinstance(phone, str) else f"address\x00{request.remote_addr}"
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, b"client\x00" + who.encode(), hashlib.sha256).hexdigest()[:32]


def allowance() -> Allowance:
    """This address's allowance of writes; unlimited, and nothing counted,
    when ``RATELIMIT_ENABLED`` is false."""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return UNLIMITED
    config = current_app.config
    return Allowance(writer(), {kind: int(config[name]) for kind, name in SETTINGS.items()})
