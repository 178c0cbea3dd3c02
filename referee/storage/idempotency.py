"""Kept answers for retried writes (docs/api.md#retries-and-several-writers).

A write sent with an Idempotency-Key (the API's header, or the deal form's attempt
key) has its first answer kept for a day. The same request sent again with the
same key gets that answer and records nothing; the same key with another request
is a conflict. Phones on poor Wi-Fi send a save twice; it counts once. An answer
past its day is no answer: a key sent again after it is a new request. The
answers past their day are removed by the housekeeping (``flask referee prune``,
referee.plumbing.housekeeping), never by a write.

A key belongs to the client that sent it, as a payment API's belongs to the
account: it is kept with a digest of who sent it (:attr:`Guard.client`), so another
client's same key is another request, and a first answer's edit key is never
replayed to anyone else.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import current_app
from flask_babel import gettext
from sqlalchemy import delete
from werkzeug.datastructures import ETags

from . import sealing
from .database import GameConflict
from .db import db
from .models import IdempotentRequest
from .tags import matches_tag, version_tag

#: The scope of the keys sent when creating a game (a write to a game is scoped by
#: its id).
NEW_GAME = "games"
KEPT_FOR = timedelta(days=1)
#: What an Idempotency-Key (or a deal form's attempt key) may be: 8 to 64 characters of
#: those a header carries (Latin-1), none of them a control character, so any
#: database keeps it as sent. Spaces inside are fine; a random UUID will do.
IDEMPOTENCY_KEY = re.compile(r"^[\x20-\x7e\xa0-\xff]{8,64}$")
#: What an edit key in a kept answer is sealed for (see migration 0007 for those
#: kept before).
SEALED_FOR = "kept-answer-edit-key"


@dataclass(frozen=True)
class Guard:
    """What a write is checked against before it is made: the game's ETags the
    writer last saw (If-Match, parsed), and the writer's Idempotency-Key with a
    fingerprint of the request, so that a retry is answered as the first time."""

    if_match: ETags | None = None
    key: str | None = None
    fingerprint: str = ""
    #: Who sent the write, as the caller names it (a keyed digest of a phone's cookie or
    #: of an address): the key is this client's alone.
    client: str = ""

    @classmethod
    def of(cls, if_match: ETags | None, key: str | None, *request: Any, client: str = "") -> Guard:
        """A guard for a write; ``request`` is what makes it the request it is (its
        method, path and body), fingerprinted alike for the API and the pages."""
        printed = fingerprint(*request) if key is not None else ""
        return cls(if_match or None, key, printed, client)

    @property
    def kept_as(self) -> str:
        """The key as it is kept: a digest of the client and the key it sent."""
        assert self.key is not None
        return hashlib.sha256(f"{self.client}\x00{self.key}".encode()).hexdigest()

    def allows(self, version: int) -> bool:
        """Whether a writer who sent this If-Match saw the game at ``version``."""
        return self.if_match is None or matches_tag(self.if_match, version_tag(version))

    def without_key(self) -> Guard:
        """Corrections and undo take If-Match only (docs/api.md: Idempotency-Key is for
        creating a game and recording a deal)."""
        return Guard(if_match=self.if_match)


#: A write sent with neither If-Match nor a key: last writer wins, a retry counts again.
UNGUARDED = Guard()


def fingerprint(*request: Any) -> str:
    """A digest of a request's parts (JSON-able), the same whoever computes it."""
    encoded = json.dumps(request, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(encoded.encode()).hexdigest()


@dataclass(frozen=True)
class Replay:
    """The first answer to a request sent again with the same Idempotency-Key."""

    status: int
    body: dict[str, Any]
    #: The game's version in that answer (None for an answer kept before versions were).
    version: int | None = None


def replay(scope: str, guard: Guard) -> Replay | None:
    """The first answer to this request, if it was made before with this key;
    a GameConflict if the key was used for another request."""
    if guard.key is None:
        return None
    first = db.session.get(IdempotentRequest, (scope, guard.kept_as))
    if first is None and scope != NEW_GAME:
        # Kept before keys were the client's (for a day, under the key as sent): a
        # deal's answer holds no secret, and its writer holds the edit key already.
        first = db.session.get(IdempotentRequest, (scope, guard.key))
    if first is None or _past_its_day(first):
        return None
    if not hmac.compare_digest(first.fingerprint, guard.fingerprint):
        raise GameConflict(
            gettext(
                "this Idempotency-Key was already used for a different request; "
                "send a new key with each new request"
            )
        )
    body = dict(first.body)
    if "edit_key" in body:
        body["edit_key"] = _unseal(body["edit_key"], scope, guard.kept_as)
    return Replay(first.status, body, first.version)


def _past_its_day(kept: IdempotentRequest) -> bool:
    made = kept.created_at
    if made is None:  # kept in this very session, not yet written
        return False
    made = made if made.tzinfo else made.replace(tzinfo=UTC)  # SQLite keeps no zone
    return made < datetime.now(UTC) - KEPT_FOR


def remember(scope: str, guard: Guard, status: int, body: dict[str, Any], version: int) -> None:
    """Keep the answer to a write sent with a key, in the write's own transaction."""
    remember_kept(kept(scope, guard, status, body, version))


def kept(
    scope: str, guard: Guard, status: int, body: dict[str, Any], version: int
) -> IdempotentRequest:
    """The answer to a write sent with a key, as it is kept: made before the write
    (:func:`remember_kept` keeps it in the write)."""
    assert guard.key is not None
    if "edit_key" in body:
        # The answer holds the edit key: kept sealed, so the database alone never
        # gives it away (see _seal).
        body = body | {"edit_key": _seal(body["edit_key"], scope, guard.kept_as)}
    return IdempotentRequest(
        scope=scope,
        key=guard.kept_as,
        fingerprint=guard.fingerprint,
        status=status,
        body=body,
        version=version,
    )


def remember_kept(answer: IdempotentRequest) -> None:
    """Keep ``answer`` in the write under way, in place of an answer to the same key
    past its day that the housekeeping has not removed yet (none, nearly always:
    one statement on the primary key)."""
    stale = (
        delete(IdempotentRequest)
        .where(
            IdempotentRequest.scope == answer.scope,
            IdempotentRequest.key == answer.key,
            IdempotentRequest.created_at < datetime.now(UTC) - KEPT_FOR,
        )
        .execution_options(synchronize_session=False)
    )
    with db.session.no_autoflush:  # what is pending goes with the commit, in one flush
        db.session.execute(stale)
    db.session.add(answer)


def _seal(edit_key: str, scope: str, key: str) -> str:
    """An edit key kept with a retry's answer, sealed for the answer's scope and key
    as kept (its client's): a copy of the database alone gives none away."""
    return sealing.seal(edit_key, _secret(), SEALED_FOR, scope, key)


def _unseal(sealed: str, scope: str, key: str) -> str:
    edit_key = sealing.unseal(sealed, _secret(), SEALED_FOR, scope, key)
    if edit_key is None:
        raise RuntimeError("a kept answer's edit key does not open: was SECRET_KEY changed?")
    return edit_key


def _secret() -> bytes:
    return str(current_app.config["SECRET_KEY"]).encode()
