"""edit keys in kept answers are sealed as a phone's are (referee.storage.sealing)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 10:00:00.000000

A kept answer to creating a game (scope "games") holds the game's edit key, sealed.
Until now it was XORed with SHA-256(secret, "edit-key", Idempotency-Key), cut to the
key's length; a phone's keys were sealed another way, with a pad as long as the text
(SHAKE-256). One way now seals both: this re-seals each kept answer's key in it,
for its scope and Idempotency-Key, and the downgrade seals it back the old way.
Both ways are written out here as they were at this revision, so what this does
never changes with the app's code.

Sealing needs the app's SECRET_KEY: migrations run inside the app (``make run``,
``flask --app referee db upgrade``, or the app bringing its schema up to date at
start), with the secret it serves with. A key that does not open to text is left as
it was: it could not be replayed before either. Kept answers live a day, so there
are few.
"""

import hashlib

import sqlalchemy as sa
from alembic import op
from flask import current_app

# revision identifiers, used by Alembic.
revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

PREFIX = "sealed:"
NEW_GAME = "games"  # the only scope whose answers hold an edit key
kept = sa.table(
    "idempotent_request", sa.column("scope"), sa.column("key"), sa.column("body", sa.JSON)
)


def _xor(raw, pad):
    return bytes(a ^ b for a, b in zip(raw, pad, strict=False))


def _pad_0006(secret, scope, key, length):
    return hashlib.sha256(secret + b"\x00edit-key\x00" + key.encode()).digest()


def _pad_0007(secret, scope, key, length):
    seed = b"\x00".join([secret, b"kept-answer-edit-key", scope.encode(), key.encode()])
    return hashlib.shake_256(seed).digest(length)


def _reseal(opened_with, sealed_with):
    secret = str(current_app.config["SECRET_KEY"]).encode()
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(kept.c.scope, kept.c.key, kept.c.body).where(kept.c.scope == NEW_GAME)
    ).all()
    for scope, key, body in rows:
        sealed = (body or {}).get("edit_key")
        if not isinstance(sealed, str) or not sealed.startswith(PREFIX):
            continue
        try:
            raw = bytes.fromhex(sealed.removeprefix(PREFIX))
            edit_key = _xor(raw, opened_with(secret, scope, key, len(raw))).decode()
        except (ValueError, UnicodeDecodeError):
            continue
        plain = edit_key.encode()
        resealed = PREFIX + _xor(plain, sealed_with(secret, scope, key, len(plain))).hex()
        connection.execute(
            sa.update(kept)
            .where(kept.c.scope == scope, kept.c.key == key)
            .values(body={**body, "edit_key": resealed})
        )


def upgrade():
    _reseal(_pad_0006, _pad_0007)


def downgrade():
    _reseal(_pad_0007, _pad_0006)
