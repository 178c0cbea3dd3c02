"""A game's buys (docs/rules.md#R77): count one for a player in the deal being played, or
take their last one back. Each is one transaction, as every write to a game is
(:mod:`referee.storage.deals`): the game locked, the edit key checked, a retry
answered as the first time, the rules core's verdict, then one commit that makes
the game's version, and so every phone's sheet, move on.

The game's row is locked before the counts are read, so two phones buying at once
are counted one after the other, each once.
"""

from __future__ import annotations

from flask_babel import gettext

from ..rules.bookkeeping import BuyTally, counts_by_deal
from .database import GameConflict, Refused, one_transaction
from .deals import KeptAnswer, commit, editable
from .games import sheet_of
from .idempotency import UNGUARDED, Guard, Replay
from .models import Buy, Game

__all__ = ["NoBuyToUndo", "bought", "change_buys", "tally_of"]


class NoBuyToUndo(Refused):
    """The player has no buy in the deal being played to take back."""

    status = 404


def tally_of(game: Game) -> BuyTally:
    """Each player's buys in the deal being played and in the game, as the rules core
    counts them against the game's limits (R77)."""
    return BuyTally.of(sheet_of(game), counts_by_deal(bought(game)))


def bought(game: Game) -> list[tuple[int, str, int]]:
    """The game's buys as kept: (deal, player, count) each."""
    return [(row.deal, row.player, row.count) for row in game.buys]


def change_buys(
    game_id: str,
    edit_key: str | None,
    player: str,
    take_back: bool = False,
    guard: Guard = UNGUARDED,
    *,
    kept_answer: KeptAnswer | None = None,
) -> Game | Replay:
    """Count one buy for ``player`` in the deal being played (a GameRuleError naming
    the limit when it is past one); or, with ``take_back``, take their last one
    back (NoBuyToUndo when they have none). A GameConflict once the game is over."""
    with one_transaction():
        game = editable(game_id, edit_key, guard)
        if isinstance(game, Replay):
            return game
        tally = _tally_in_play(game)
        deal = tally.deal
        assert deal is not None
        if take_back:
            _take_back(game, deal, tally.table.player(player))
            return commit(game, deal, guard, 200, kept_answer)
        player = tally.check_buy(player)
        row = _row(game, deal, player)
        if row is None:
            game.buys.append(Buy(deal=deal, player=player, count=1))
        else:
            row.count += 1
        return commit(game, deal, guard, 201, kept_answer)


def _take_back(game: Game, deal: int, player: str) -> None:
    row = _row(game, deal, player)
    if row is None:
        raise NoBuyToUndo(
            gettext(
                "%(player)s has no buy to take back in deal %(deal)s", player=player, deal=deal
            )
        )
    if row.count > 1:
        row.count -= 1
    else:
        game.buys.remove(row)


def _tally_in_play(game: Game) -> BuyTally:
    tally = tally_of(game)
    if tally.deal is None:
        raise GameConflict(
            gettext(
                "the game is over: all %(deals)s deals are recorded, and there is no deal "
                "to buy in",
                deals=len(tally.table.rules.deals),
            )
        )
    return tally


def _row(game: Game, deal: int, player: str) -> Buy | None:
    return next((row for row in game.buys if row.deal == deal and row.player == player), None)
