"""A buy the table cannot make (the reasons of ``rules/bookkeeping.py``; R76, R77)."""

from __future__ import annotations

from ..reasons import Reason
from .language import Words, renders
from .phrases import fact_int


@renders("game_over_no_buy")
def _game_over_no_buy(words: Words, why: Reason) -> str:
    return words._("the game is over: there is no deal to buy in")


@renders("buys_used_up")
def _buys_used_up(words: Words, why: Reason) -> str:
    """R77: facts ``player``, ``limit`` and ``per`` ("deal" or "game")."""
    player, limit = why["player"], fact_int(why, "limit")
    if why["per"] == "deal":
        if limit == 0:
            return words._("no one may buy a discard this deal")
        said = words.ngettext(
            "{player} has used the one buy allowed this deal",
            "{player} has used all {limit} buys this deal",
            limit,
        )
    else:
        if limit == 0:
            return words._("no one may buy a discard in this game")
        said = words.ngettext(
            "{player} has used the one buy allowed in this game",
            "{player} has used all {limit} buys in this game",
            limit,
        )
    return said.format(player=player, limit=limit)
