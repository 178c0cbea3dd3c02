"""The API's games (docs/api.md#games-and-their-sheets to "During a deal"):
start one, read it, record, correct and undo its deals, count and take back its buys
(docs/rules.md#R77), export its sheet. Thin as the rest of /api/v1 (:mod:`referee.api`):
a body read, the storage called, the game answered with its ETag.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import Blueprint, Response, current_app, request
from flask_babel import gettext

from ..plumbing import streams
from ..plumbing.conditional import not_modified, tagged
from ..plumbing.errors import ApiError
from ..plumbing.limits import allowance, client
from ..rules.scoring import Sheet
from ..storage import buys, deals, export, games, polls
from ..storage import database as storage
from ..storage.deals import DealEntry
from ..storage.idempotency import IDEMPOTENCY_KEY, Guard, Replay
from ..storage.models import Game
from ..storage.tags import version_tag
from .answers import answer, json_answer, read_body
from .schemas.game_answers import GameOut, NewGameOut
from .schemas.requests import Body, BuyIn, DealIn, GameIn, unsent_fields

bp = Blueprint("games", __name__)


def _entry(body: DealIn) -> DealEntry:
    return DealEntry(
        body.went_out,
        body.hands,
        body.points,
        body.bent_table,
        adjust=body.adjust,
        adjust_reasons=body.adjust_reasons,
    )


def _edit_key() -> str | None:
    return request.headers.get("X-Edit-Key")


def _guard(body: Body | None = None) -> Guard:
    """The write's If-Match and Idempotency-Key (docs/api.md#retries-and-several-writers)."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise ApiError(
            400,
            gettext(
                "an Idempotency-Key is 8 to 64 characters, none of them a control "
                "character; a random UUID will do"
            ),
        )
    # A deal without a bent table (R63) or bonuses (R75), and a game without house
    # rules (R68), are fingerprinted without those fields, as every one was before
    # there were any. Not a leftover: the answers kept for a day carry that digest, so
    # a digest with the fields would make a retry sent across the release a 409
    # (another request), where it should get its first answer.
    unset = unsent_fields(body)
    payload = body.model_dump(mode="json", exclude=unset) if body is not None else None
    return Guard.of(
        request.if_match,
        key,
        request.method,
        request.path,
        payload,
        client=client() if key is not None else "",
    )


def _tagged(response: Response, version: int | None) -> Response:
    """The answer with the ETag of the game's version it shows."""
    return tagged(response, None if version is None else version_tag(version))


def _replayed(replay: Replay) -> tuple[Response, int]:
    """A retry's answer: the first one, its ETag included."""
    return _tagged(json_answer(replay.body), replay.version), replay.status


def _answer(written: Game | Replay, status: int) -> tuple[Response, int]:
    """The game as it is after a write, with its ETag; or a retry's first answer."""
    if isinstance(written, Replay):
        return _replayed(written)
    return _tagged(answer(_game(written)), written.version), status


def _game(game: Game, sheet: Sheet | None = None, **more: Any) -> Any:
    """The game's answer; ``sheet``, its sheet when the caller has it worked out."""
    sheet = games.sheet_of(game) if sheet is None else sheet
    return (NewGameOut if more else GameOut).of(game, sheet, **more)


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    body = read_body(GameIn)
    created = games.create_game(
        body.variant,
        body.players,
        body.options,
        body.teams,
        (body.pot.stake, body.pot.payout) if body.pot else None,
        guard=_guard(body),
        house=body.house,
        allowance=allowance(),
        kept_answer=lambda game, edit_key: _game(game, edit_key=edit_key).dump(),
    )
    if isinstance(created, Replay):
        return _replayed(created)
    game, edit_key = created
    return _tagged(answer(_game(game, edit_key=edit_key)), game.version), 201


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> Response:
    if request.if_none_match:  # a poll: most often unchanged, told by the version alone
        version = polls.game_version(storage.reads(current_app), game_id)
        unchanged = None if version is None else not_modified(version_tag(version))
        if unchanged is not None:
            return unchanged
    game = games.get_game(game_id)
    return not_modified(version_tag(game.version)) or _tagged(answer(_game(game)), game.version)


@bp.get("/games/<game_id>/events")
def follow_game(game_id: str) -> Response:
    """The game's changes as they are saved, by server-sent events (docs/api.md,
    "Following a game"): refused as a read of the game would be."""
    version = polls.game_version(storage.reads(current_app), game_id)
    if version is None:
        version = games.get_game(game_id).version  # the read's own 404
    return streams.opened(game_id, version)


@bp.post("/games/<game_id>/deals")
def record_deal(game_id: str) -> tuple[Response, int]:
    body = read_body(DealIn)
    recorded = deals.record_deal(
        game_id,
        _edit_key(),
        _entry(body),
        _guard(body),
        kept_answer=lambda game, sheet: _game(game, sheet).dump(),
    )
    return _answer(recorded, 201)


@bp.put("/games/<game_id>/deals/<int:number>")
def replace_deal(game_id: str, number: int) -> tuple[Response, int]:
    body = read_body(DealIn)
    return _answer(deals.replace_deal(game_id, _edit_key(), number, _entry(body), _guard()), 200)


@bp.delete("/games/<game_id>/deals/<int:number>")
def undo_deal(game_id: str, number: int) -> tuple[Response, int]:
    return _answer(deals.undo_deal(game_id, _edit_key(), number, _guard()), 200)


@bp.get("/games/<game_id>/sheet.csv")
def sheet_csv(game_id: str) -> Response:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(
        export.sheet_csv_rows(games.get_game(game_id))
    )
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="sheet-{game_id}.csv"'},
    )


# --- Buys (docs/rules.md#R77) -----------------------------------------------------------------


@bp.post("/games/<game_id>/buys")
def record_buy(game_id: str) -> tuple[Response, int]:
    """One buy for the body's player in the deal being played: 201 with the game."""
    body = read_body(BuyIn)
    return _answer(_buys(game_id, body.player, False, _guard(body)), 201)


@bp.delete("/games/<game_id>/buys/<path:player>")  # a name may hold a slash
def undo_buy(game_id: str, player: str) -> tuple[Response, int]:
    """The player's last buy of the deal being played taken back: 200 with the game.
    An Idempotency-Key makes a retry take back one, as a buy's counts one."""
    return _answer(_buys(game_id, player, True, _guard()), 200)


def _buys(game_id: str, player: str, take_back: bool, guard: Guard) -> Game | Replay:
    return buys.change_buys(
        game_id,
        _edit_key(),
        player,
        take_back,
        guard,
        kept_answer=lambda game, sheet: _game(game, sheet).dump(),
    )
