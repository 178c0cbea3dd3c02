"""A secret kept in the database, sealed: an edit key a phone keeps
(:mod:`referee.storage.phones`) or one in an answer kept for a retry
(:mod:`referee.storage.idempotency`).

The text is XORed with a pad as long as it, drawn (SHAKE-256) from the app's
secret, what the seal is for and what it belongs to (a phone's token and a game;
an Idempotency-Key), so a copy of the database alone opens none, and a seal moved
to another row opens to nothing useful. Sealed, not hashed: the writes in
:mod:`referee.storage.deals` check the key itself, each time, as they check one sent to
the API, so a seal opened with the wrong secret gives a key no write accepts.

>>> seal("k3y", b"secret", "phone-edit-key", "token", "game") != "k3y"
True
>>> unseal(seal("k3y", b"secret", "phone-edit-key", "token", "game"), b"secret",
...        "phone-edit-key", "token", "game")
'k3y'
"""

from __future__ import annotations

import hashlib

#: What a sealed text starts with, as stored.
PREFIX = "sealed:"


def _pad(secret: bytes, purpose: str, context: tuple[str, ...], length: int) -> bytes:
    # A NUL never occurs in a purpose, a token, a game's id or an Idempotency-Key,
    # so no two (purpose, context) run together into the same seed.
    seed = b"\x00".join([secret, purpose.encode(), *(part.encode() for part in context)])
    return hashlib.shake_256(seed).digest(length)


def seal(text: str, secret: bytes, purpose: str, *context: str) -> str:
    """``text`` sealed for ``purpose`` and ``context``: unreadable without ``secret``."""
    raw = text.encode()
    pad = _pad(secret, purpose, context, len(raw))
    return PREFIX + bytes(a ^ b for a, b in zip(raw, pad, strict=True)).hex()


def unseal(sealed: str, secret: bytes, purpose: str, *context: str) -> str | None:
    """The text :func:`seal` sealed with the same secret, purpose and context; None
    if it is not a seal or does not open to text."""
    try:
        raw = bytes.fromhex(sealed.removeprefix(PREFIX))
        pad = _pad(secret, purpose, context, len(raw))
        return bytes(a ^ b for a, b in zip(raw, pad, strict=True)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
