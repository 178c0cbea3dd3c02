"""A phone's games as one file, to take them to another phone or server
(docs/playing.md, *Your games on another phone*): the document's shape, written from
what the phone keeps and read back, refused as a whole when it is not one.

The file is a JSON document, gzip-compressed (a phone's whole history fits in a body
the server reads; a plain JSON text, such as a browser that unpacked the download
leaves, is read as well)::

    {"format": "rummy-referee-games", "version": 1, "exported_at": "...",
     "games": [{"id": ..., "origin": ..., "how": "started", "opened_at": ...,
                "created_at": ..., "variant": "push", "options": {...},
                "players": [...], "teams": null, "first_dealer": "Ann", "pot": null,
                "house": {...}, "rules": {...}, "series": null, "evening_won_by": null,
                "next_game": null,
                "deals": [{"number": 1, "went_out": "Ann",
                           "hands": {"Bob": {"cards": ["AS", "KD"]}, "Cat": {"points": 25}},
                           "bent_table": false, "adjust": null, "corrected": 0,
                           "recorded_at": ...}],
                "undone": null,
                "buys": [{"deal": 1, "player": "Bob", "count": 1}],
                "totals": {"We": 0, "They": 35}}],
     "saved_rules": [{"name": ..., "variant": ..., "options": {...}, "house": {...},
                      "saved_at": ...}]}

What a game is, a deal as the table gave it, is kept; what follows from it (its
scores, its totals) is the rules core's to work out again where it is read. The
``totals`` are written for whoever reads the file, and checked where it is brought
in (:mod:`referee.storage.brought_in`): a file whose deals do not add up to them
is damaged. Its shape is a pydantic model, read as the API reads a body: strict
types, no field it does not know, through :func:`referee.plumbing.json_text.read_json`
for its depth.

What the paper sheet keeps came later, still version 1, each optional and, left out,
meaning what a file written before meant: ``first_dealer``, deal 1's dealer, one of
the players (R76, R78: Play again passes the first deal on; else the first player);
a deal's ``corrected``, its corrections (the sheet's trace; else 0); ``undone``, the
deals Undo took back as kept for Redo, the last undone last, scored again like every
deal (else none); ``evening_won_by``, how the game's evening is won as its table chose
(the rules core's EVENING_WON_BY), on each game of the evening (else the referee's).
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from flask_babel import gettext
from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
)

from ..plumbing.json_text import MAX_BODY_BYTES, read_json
from ..rules.bookkeeping import EVENING_WON_BY
from .database import Refused
from .evenings import ways_chosen
from .games import sheet_of
from .models import Game, SavedRules
from .phones import Kept

__all__ = [
    "FORMAT",
    "MOST_TEXT_BYTES",
    "VERSION",
    "GamesFile",
    "GamesFileRefused",
    "GamesFileTooBig",
    "GamesHereAlready",
    "RulesShelfFull",
    "games_file",
    "read_games_file",
]

#: What the document says it is, and the version of its shape this release writes and reads.
FORMAT = "rummy-referee-games"
VERSION = 1
#: The most a file may hold once unpacked: a family's years of games are far less, and
#: an unpacked file is read whole (a small file that unpacks to gigabytes is refused
#: at this size, unread further).
MOST_TEXT_BYTES = 4 * 1024 * 1024
#: The most games in one file (a family's years: a game of Contract Rummy with every
#: hand's cards takes about 340 bytes of the file, so a body holds some 190 of them),
#: and deals and buys in a game. One file is one write of an address's allowance
#: (``GAMES_FILES_PER_MINUTE``), and its games count against the games an address may
#: bring in an hour (``GAMES_BROUGHT_IN_PER_HOUR``, this many by default).
MOST_GAMES = 500
MOST_DEALS = 64
MOST_BUYS = 1024
#: The most times a deal is counted corrected (far more than a table corrects one).
MOST_CORRECTIONS = 1_000_000
#: How a gzip file starts (RFC 1952).
GZIP_MAGIC = b"\x1f\x8b"

Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Name = Annotated[str, Field(min_length=1, max_length=64)]


def _moment(value: datetime) -> datetime:
    """A moment the file may hold: with its zone, in the years a game is played in
    (a date past 9999 in UTC could not be written again), kept in UTC."""
    if not 2000 <= value.year <= 9000:
        raise ValueError("a moment out of range")
    return value.astimezone(UTC)


When = Annotated[AwareDatetime, AfterValidator(_moment)]


def _way(value: str) -> str:
    """R78: a way the rules core wins an evening by."""
    if value not in EVENING_WON_BY:
        raise ValueError("no way of winning an evening")
    return value


WonBy = Annotated[str, AfterValidator(_way)]


class Shape(BaseModel):
    """A part of the document: strict types, and no field the format does not have."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FileHand(Shape):
    """A hand as the table gave it: its cards, or its points."""

    cards: Annotated[list[Annotated[str, Field(max_length=4)]], Field(max_length=64)] | None = None
    points: StrictInt | None = None


class FileAdjustment(Shape):
    """R75: a bonus or penalty of a deal, with its reason."""

    points: StrictInt
    reason: Annotated[str, Field(max_length=200)] = ""


class FileUndone(Shape):
    """A deal as the table gave it, and how many times it was corrected since it was
    saved; as an undone deal is kept for Redo."""

    number: Annotated[StrictInt, Field(ge=1, le=MOST_DEALS)]
    went_out: Name | None
    hands: Annotated[dict[Name, FileHand], Field(max_length=16)]
    bent_table: StrictBool = False
    adjust: Annotated[dict[Name, FileAdjustment], Field(max_length=16)] | None = None
    corrected: Annotated[StrictInt, Field(ge=0, le=MOST_CORRECTIONS)] = 0


class FileDeal(FileUndone):
    """A deal on the sheet: as the table gave it, and when."""

    recorded_at: When


class FileBuy(Shape):
    deal: Annotated[StrictInt, Field(ge=1, le=MOST_DEALS)]
    player: Name
    count: Annotated[StrictInt, Field(ge=1, le=1000)]


class FilePot(Shape):
    stake: StrictInt
    payout: StrictInt


class FileGame(Shape):
    """A game as the phone kept it: how the phone came to it, when, and the game."""

    id: Id
    origin: Id
    how: Literal["started", "joined", "followed"]
    opened_at: When
    created_at: When
    variant: Annotated[str, Field(max_length=32)]
    options: Annotated[
        dict[Annotated[str, Field(max_length=64)], StrictBool], Field(max_length=64)
    ]
    players: Annotated[list[Name], Field(min_length=1, max_length=16)]
    teams: Annotated[list[Name], Field(max_length=16)] | None
    first_dealer: Name | None = None
    pot: FilePot | None
    house: dict[str, Any]
    rules: dict[str, Any] | None
    series: Id | None
    evening_won_by: WonBy | None = None
    next_game: Id | None
    deals: Annotated[list[FileDeal], Field(max_length=MOST_DEALS)]
    undone: Annotated[list[FileUndone], Field(max_length=MOST_DEALS)] | None = None
    buys: Annotated[list[FileBuy], Field(max_length=MOST_BUYS)]
    totals: dict[str, StrictInt]


class FileRules(Shape):
    """A table's rules the phone saved under a name (docs/rules.md#R74)."""

    name: Annotated[str, Field(max_length=200)]
    variant: Annotated[str, Field(max_length=32)]
    options: Annotated[
        dict[Annotated[str, Field(max_length=64)], StrictBool], Field(max_length=64)
    ]
    house: dict[str, Any]
    saved_at: When


class GamesFile(Shape):
    """The whole document."""

    format: Literal["rummy-referee-games"]
    version: Literal[1]
    exported_at: When
    games: Annotated[list[FileGame], Field(max_length=MOST_GAMES)]
    saved_rules: Annotated[list[FileRules], Field(max_length=100)]


class GamesFileRefused(Refused):
    """A file that cannot be brought in, and why, as a sentence: one that is no file of
    games, or is damaged. Nothing was changed."""

    status = 400


class GamesFileTooBig(GamesFileRefused):
    """A file larger than the referee reads, as sent or unpacked."""

    status = 413


class GamesHereAlready(GamesFileRefused):
    """A file naming games the phone keeps already."""

    status = 409


class RulesShelfFull(GamesFileRefused):
    """A file whose saved rules the phone has no room for (or cannot keep by name)."""

    status = 422


def not_ours() -> GamesFileRefused:
    return GamesFileRefused(
        gettext(
            "This is not a file of games from the Rummy Referee: choose the file that "
            "“Download this phone's games” saved (its name starts with rummy-referee-games). "
            "Nothing was added."
        )
    )


def damaged() -> GamesFileRefused:
    return GamesFileRefused(
        gettext(
            "This file of games is damaged and cannot be read: download it again on the "
            "phone it came from. Nothing was added."
        )
    )


def too_big() -> GamesFileTooBig:
    return GamesFileTooBig(
        gettext(
            "This file is larger than the referee reads (%(most)s KB as downloaded, "
            "%(unpacked)s MB unpacked, %(games)s games): it is not a file of games it wrote. "
            "Nothing was added.",
            most=MAX_BODY_BYTES // 1024,
            unpacked=MOST_TEXT_BYTES // (1024 * 1024),
            games=MOST_GAMES,
        )
    )


# --- Written ----------------------------------------------------------------------------


def _when(moment: datetime) -> str:
    """A moment as the file keeps it: UTC, ISO 8601 (SQLite gives them back without
    their zone, always UTC here)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


def _as_written(shape: type[Shape], row: object) -> dict[str, Any]:
    """A row as the file writes it: each field its shape in the file has, read from the
    row's column of that name (a moment in UTC), so what is written is what is read."""
    found = {name: getattr(row, name) for name in shape.model_fields}
    return {name: _when(v) if isinstance(v, datetime) else v for name, v in found.items()}


def _undone(kept: dict[str, Any]) -> dict[str, Any]:
    """An undone deal as the file writes it: as the game keeps it for Redo."""
    return {name: kept[name] for name in FileUndone.model_fields}


def _game(kept: Kept, ways: dict[str, str | None]) -> dict[str, Any]:
    game: Game = kept.game
    pot = None
    if game.pot_stake is not None and game.pot_payout is not None:
        pot = {"stake": game.pot_stake, "payout": game.pot_payout}
    return {
        "id": game.id,
        "origin": game.origin or game.id,
        "how": kept.how,
        "opened_at": _when(kept.opened_at),
        "created_at": _when(game.created_at),
        "variant": game.variant,
        "options": game.options,
        "players": game.players,
        "teams": game.teams,
        "first_dealer": game.players[(game.first_dealer or 0) % len(game.players)],
        "pot": pot,
        "house": game.house or {},
        "rules": game.rules,
        "series": game.series,
        "evening_won_by": ways.get(game.id),
        "next_game": game.next_game,
        "deals": [_as_written(FileDeal, deal) for deal in game.deals],
        "undone": [_undone(deal) for deal in game.undone] if game.undone else None,
        "buys": [
            _as_written(FileBuy, buy)
            for buy in sorted(game.buys, key=lambda b: (b.deal, b.player))
        ],
        "totals": sheet_of(game).totals,
    }


def games_file(kept: list[Kept], saved: list[SavedRules]) -> bytes:
    """The phone's games (``kept``, as :func:`referee.storage.phones.games_of` lists
    them) and its saved rules as the file, gzip-compressed."""
    ways = ways_chosen([entry.game for entry in kept])
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _when(datetime.now(UTC)),
        "games": [_game(entry, ways) for entry in kept],
        "saved_rules": [_as_written(FileRules, rules) for rules in saved],
    }
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


# --- Read -------------------------------------------------------------------------------


def _unpacked(raw: bytes) -> bytes:
    """The file's text: unpacked when gzip, no more than :data:`MOST_TEXT_BYTES`."""
    if not raw.startswith(GZIP_MAGIC):
        if len(raw) > MOST_TEXT_BYTES:
            raise too_big()
        return raw
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as packed:
            text = packed.read(MOST_TEXT_BYTES + 1)
    except (OSError, EOFError, zlib.error):  # cut short, or not gzip after all
        raise damaged() from None
    if len(text) > MOST_TEXT_BYTES:
        raise too_big()
    return text


def read_games_file(raw: bytes) -> GamesFile:
    """The file as a document of the format, or GamesFileRefused saying why not: not a
    file of games (no JSON, or JSON of another kind), too big, or damaged (one of ours
    that does not fit its shape). What its games mean is judged where they are
    brought in."""
    text = _unpacked(raw)
    try:
        found = read_json(text)
    except (ValueError, UnicodeDecodeError):
        # A file of ours cut short still names its format near its start.
        raise (
            damaged() if f'"format":"{FORMAT}"'.encode() in text[:200] else not_ours()
        ) from None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        raise not_ours()
    if isinstance(found.get("games"), list) and len(found["games"]) > MOST_GAMES:
        raise too_big()
    if isinstance(found.get("version"), int) and found["version"] > VERSION:
        raise GamesFileRefused(
            gettext(
                "This file of games was written by a newer release of the referee (its "
                "version %(version)s): bring it in on a server as new as the one it came "
                "from. Nothing was added.",
                version=found["version"],
            )
        )
    try:
        return GamesFile.model_validate_json(text)
    except ValidationError:
        raise damaged() from None
