"""Game and Deal, what the app keeps of a game; PhoneGame and SavedRules, what a phone
keeps, and Phone, when it was last seen; RecentWrite, the writes counted against an
address's allowance a minute (SQLAlchemy 2 typed models).

A game keeps who plays and how; a deal keeps what the table entered for it: who
went out, what each player had left, and whether the table was bent (R63).
Scores, totals and the sheet are always worked out from the deals by the rules
core, never stored twice.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, CheckConstraint, DateTime, ForeignKey, Index, String, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .db import db


def _now() -> datetime:
    return datetime.now(UTC)


class Game(db.Model):  # type: ignore[name-defined,misc]
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[str]] = mapped_column(JSON)
    teams: Mapped[list[str] | None] = mapped_column(JSON)
    pot_stake: Mapped[int | None]
    pot_payout: Mapped[int | None]
    #: The table's house rules as given (docs/rules.md#R68), and every house key's value
    #: when the game started (R73): the game plays those rules for good. None on a
    #: game started before house rules: the preset's rules, as always.
    house: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rules: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: R76, R78: the seat of deal 1's dealer: 0, the first player typed, but in a game
    #: played again, which keeps the seats in their order and passes the first deal on.
    first_dealer: Mapped[int] = mapped_column(default=0, server_default="0")
    #: The deals taken back with Undo, as they were kept, the last undone last: Redo
    #: puts the last back, until a new deal is saved (None: nothing to redo).
    undone: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    #: One more with every change, so two writers can tell they saw the same game.
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    #: R78: the first game of the evening this one belongs to, where it was started with
    #: Play again (from that game or one played again from it); None on a first game.
    series: Mapped[str | None] = mapped_column(String(32), index=True)
    #: R78: how the table wins its evening ("points" or "games", the rules core's
    #: EVENING_WON_BY), kept on the evening's first game; None: the referee's default.
    evening_won_by: Mapped[str | None] = mapped_column(String(8))
    #: The game this one was played again as (R78): one for the whole table, set once,
    #: under this game's lock (:mod:`referee.storage.again`); None until then.
    next_game: Mapped[str | None] = mapped_column(String(32))
    #: The next game's edit key, sealed for this game's own edit key, so a phone that
    #: may change this game is handed the next one's (and a copy of the database,
    #: which keeps this game's key only hashed, opens nothing).
    next_key: Mapped[str | None] = mapped_column(String(256))
    #: The id the game was first given, on a game brought in from a file of a phone's
    #: games with a fresh id (:mod:`referee.storage.games_file`); None on any other
    #: game, whose own id is its origin.
    origin: Mapped[str | None] = mapped_column(String(32))
    deals: Mapped[list[Deal]] = relationship(
        back_populates="game",
        order_by="Deal.number",
        cascade="all, delete-orphan",
        lazy="selectin",
    )
    #: R77: the buys of each deal, counted as the table taps them.
    buys: Mapped[list[Buy]] = relationship(
        back_populates="game",
        cascade="all, delete-orphan",
        lazy="selectin",
    )


class Deal(db.Model):  # type: ignore[name-defined,misc]
    __table_args__ = (CheckConstraint("number >= 1", name="deal_number_positive"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    #: The key (game, number) makes a doubled deal impossible, whoever writes it.
    number: Mapped[int] = mapped_column(primary_key=True)
    went_out: Mapped[str | None] = mapped_column(String(64))
    #: Per player, as entered: {"Bob": {"cards": ["AS", "KD"]}, "Dan": {"points": 25}}.
    hands: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: R63: the player who went out bent the table, so the deal's penalties are doubled.
    bent_table: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: R75: points added to a player's hand this deal, with their reason:
    #: {"Ann": {"points": -10, "reason": "exact cut"}}; None when none.
    adjust: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: How many times the deal was corrected since it was saved: the sheet keeps a
    #: trace of it, as a paper sheet keeps a crossed-out figure.
    corrected: Mapped[int] = mapped_column(default=0, server_default="0")
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    game: Mapped[Game] = relationship(back_populates="deals")


class Buy(db.Model):  # type: ignore[name-defined,misc]
    """R77: how many discards a player bought in a deal of a game. Kept by the deal's
    number, so a deal's buys stay with it once it is saved (and come back with it
    when a later deal is undone and played again); they never change a score."""

    __table_args__ = (CheckConstraint("count >= 1", name="buy_count_positive"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(primary_key=True)
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    count: Mapped[int]

    game: Mapped[Game] = relationship(back_populates="buys")


class IdempotentRequest(db.Model):  # type: ignore[name-defined,misc]
    """The first answer to a write sent with an Idempotency-Key, kept for a day so a
    retry of the same request is answered the same and records nothing new."""

    __tablename__ = "idempotent_request"

    #: The game the write was to, or "games" for creating one.
    scope: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: SHA-256 of who sent the write and its Idempotency-Key (``Guard.kept_as``): a key
    #: is its client's alone. Kept before that, for a day: the key as sent.
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: A digest of the request (path and body), to tell a retry from another request.
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The game's version the first answer showed, so a retry gets its ETag too.
    version: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


class PhoneGame(db.Model):  # type: ignore[name-defined,misc]
    """A game a phone keeps: one it started, joined by the edit link, or followed.

    What a phone remembers lives here, not in its cookie, which holds only a random
    token of the phone's (a cookie past 4 KB is dropped by the browser without a
    word, and it travels with every poll of the sheet). The row is found by the
    token's digest, so the database alone names no phone; the edit key is kept
    sealed with the app's secret and the token (see :mod:`referee.storage.phones`).
    """

    __tablename__ = "phone_game"

    #: SHA-256 of the phone's token (the token itself is only in its signed cookie).
    phone: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    #: "started", "joined" (with the edit link) or "followed".
    how: Mapped[str] = mapped_column(String(16))
    #: The game's edit key, sealed; None on a phone that only follows the game.
    sealed_key: Mapped[str | None] = mapped_column(String(256))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SavedRules(db.Model):  # type: ignore[name-defined,misc]
    """A table's rules a phone keeps under a name (docs/rules.md#R74): the game, its options
    and its house changes, offered first on that phone's new-game form.

    Kept with the phone's games (found by its token's digest, as :class:`PhoneGame`):
    it works without a script, follows the phone's cookie and nothing else, and a
    phone's browser storage would hold it only where scripts run."""

    __tablename__ = "saved_rules"

    #: SHA-256 of the phone's token, as in :class:`PhoneGame`.
    phone: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: The name folded (``casefold``): saving under "grandma's liverpool" replaces
    #: "Grandma's Liverpool".
    key: Mapped[str] = mapped_column(String(256), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    house: Mapped[dict[str, Any]] = mapped_column(JSON)
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Phone(db.Model):  # type: ignore[name-defined,misc]
    """When a phone was last seen, so ``flask referee prune`` can forget what phones
    gone for its period kept (their saved rules, the games they only followed).

    A row is written by a phone's first write that keeps something (its games, its
    rules), in that write, so a phone that keeps nothing has none; then moved on at
    most once a day as the phone comes back (:func:`referee.storage.phones.seen`)."""

    __tablename__ = "phone"

    #: SHA-256 of the phone's token, as in :class:`PhoneGame`.
    phone: Mapped[str] = mapped_column(String(64), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)


class RecentWrite(db.Model):  # type: ignore[name-defined,misc]
    """Writes of a kind counted against an address's allowance
    (:mod:`referee.storage.allowance`): kept for the kind's window (a minute; the games
    files bring in, an hour), then forgotten by the same address's next write, or by
    ``prune``."""

    __tablename__ = "recent_write"
    __table_args__ = (Index("ix_recent_write_who_kind_at", "who", "kind", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    #: A keyed digest of the address (never the address itself).
    who: Mapped[str] = mapped_column(String(32))
    #: What was written: "game", "rules", "keep", "import" or "brought"
    #: (:data:`referee.storage.allowance.KINDS`).
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)
    #: How many it counts for: 1, but for the games a file brought in.
    count: Mapped[int] = mapped_column(default=1, server_default="1")
