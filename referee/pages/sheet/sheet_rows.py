"""The rows of the running sheet (R34): a row per deal of the game, played or not,
with its running totals and each side's points in that deal (a paper sheet has
both: "how much did I get that round?" is read, not worked out), who dealt it
(R76), who went out and whether the table was bent (R63), and the bonuses and
penalties that changed a cell (R75); and a deal corrected since it was saved,
which a paper sheet shows crossed out and written again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.bookkeeping import dealer_of
from ...rules.names import short_names
from ...rules.scoring import Sheet
from ..words import head_room

#: The most columns the dealer's name takes under a deal's label (static/app.css).
DEALER_ROOM = 10


def rows(sheet: Sheet, corrected: Mapping[int, int] | None = None) -> list[dict[str, Any]]:
    """A row per deal of the game, played or not, labelled by its number and the
    cards dealt (R34): in the family many deals deal as many cards as another.
    ``corrected``: how many times each deal was corrected, by its number."""
    running = sheet.running
    table = []
    rules, players = sheet.table.rules, sheet.table.players
    # The dealer named as the column heads name players: one short name a player.
    room = min(DEALER_ROOM, head_room(len(sheet.table.sides)))
    shown = dict(zip(players, short_names(players, room), strict=True))
    for index, rule in enumerate(rules.deals):
        played = index < len(sheet.deals)
        current = index == len(sheet.deals)
        table.append(
            {
                "number": rule.number,
                "cards": rule.cards,
                "played": played,
                "totals": running[index] if played else None,
                "points": sheet.deals[index].sides if played else None,
                **_went_out(sheet, index),
                "current": current,
                # R76: who dealt each deal played, and who deals the one being played
                "dealer": (
                    dealer_of(rules, players, rule.number, sheet.table.first_dealer)
                    if played or current
                    else None
                ),
                "dealer_shown": shown[
                    dealer_of(rules, players, rule.number, sheet.table.first_dealer)
                ],
                "adjusted": _adjusted(sheet, index) if played else [],
                "corrected": (corrected or {}).get(rule.number, 0) if played else 0,
            }
        )
    return table


def _went_out(sheet: Sheet, index: int) -> dict[str, Any]:
    """Who went out in a played deal, and the side whose cell is marked for it; and
    whether the table was bent (R63): none of them for a deal to come or one that
    ended on an empty stock (R27)."""
    deal = sheet.deals[index] if index < len(sheet.deals) else None
    if deal is None or deal.went_out is None:
        return {"went_out": None, "out_side": None, "bent": False}
    side = sheet.table.side_of(deal.went_out).name
    return {"went_out": deal.went_out, "out_side": side, "bent": deal.bent_table}


def _adjusted(sheet: Sheet, index: int) -> list[tuple[str, str]]:
    """The sides whose cell a bonus or penalty changes in the deal (R75), each with
    what it was: ``("They", "Bob -10, exact cut")``."""
    adjust = sheet.deals[index].bonuses  # those entered, and whoever went out's
    marks = []
    for side in sheet.table.sides:
        for player in side.players:
            if player in adjust:
                given = adjust[player]
                reason = f", {given.reason}" if given.reason else ""
                marks.append((side.name, f"{player} {given.points:+d}{reason}"))
    return marks
