"""A deal or a table a game is not played with (the reasons of ``rules/ruleset.py``;
R3, R35, R36, R49).
"""

from __future__ import annotations

from typing import cast

from ..reasons import Reason
from .language import Words, renders
from .phrases import count_word, fact_int, facts, player_counts


@renders("not_a_deal")
def _not_a_deal(words: Words, why: Reason) -> str:
    deals = fact_int(why, "deals")
    return words.ngettext(
        "{game} has {count} deal: deal must be 1 to {deals}; {number} is not a deal",
        "{game} has {count} deals: deal must be 1 to {deals}; {number} is not a deal",
        deals,
    ).format(count=count_word(words, deals), **facts(why))


@renders("players_not_allowed")
def _players_not_allowed(words: Words, why: Reason) -> str:
    allowed = cast(tuple[int, ...], why["allowed"])
    return words._("{game} is for {allowed} players, not {players}").format(
        game=why["game"], allowed=player_counts(words, allowed), players=why["players"]
    )
