"""What the sheet shows of the buys (docs/rules.md#R77), with no request in sight: a
line a player, their count against the limit that applies ("Ann 1 of 3"), counted
over the whole game too once a deal is played ("Ann 1 of 3 · 4 in the game"), and
whether they have one to take back. The counting is the rules core's
(:class:`referee.rules.bookkeeping.BuyTally`).

>>> from referee.rules import get_ruleset
>>> from referee.rules.bookkeeping import BuyTally
>>> from referee.rules.scoring import Table
>>> table = Table.seat(get_ruleset("shanghai"), ["Ann", "Bob", "Cat"])
>>> shown = buys_shown(BuyTally(table, 1, {1: {"Ann": 1}}))
>>> shown.title, [line.text for line in shown.lines]
('Buys this deal, 3 each', ['Ann 1 of 3', 'Bob 0 of 3', 'Cat 0 of 3'])
>>> [line.text for line in buys_shown(BuyTally(table, 2, {1: {"Ann": 3}, 2: {"Ann": 1}})).lines]
['Ann 1 of 3 · 4 in the game', 'Bob 0 of 3 · 0 in the game', 'Cat 0 of 3 · 0 in the game']
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext

from ...rules.bookkeeping import BuyTally


@dataclass(frozen=True)
class BuyLine:
    """A player's buys as the sheet shows them beside their name."""

    player: str
    text: str
    bought: int  # in the deal being played: an Undo is offered when there is one

    @property
    def counts(self) -> str:
        """The counts alone ("1 of 3"), drawn beside the name, which is isolated."""
        return self.text.removeprefix(self.player).lstrip()


@dataclass(frozen=True)
class BuysShown:
    title: str
    lines: list[BuyLine]


def buys_shown(tally: BuyTally) -> BuysShown | None:
    """The buys of the deal being played, where a limit applies (R77); None in a game
    without limits, or once it is over."""
    if not tally.limited:
        return None
    deal_limit, game_limit = tally.deal_limit, tally.game_limit
    lines = []
    for player in tally.table.players:
        counts = []
        if deal_limit is not None:
            counts.append(
                gettext("%(bought)s of %(limit)s", bought=tally.in_deal(player), limit=deal_limit)
            )
        if game_limit is not None:
            bought, limit = tally.in_game(player), game_limit
            counts.append(
                gettext("%(bought)s of %(limit)s", bought=bought, limit=limit)
                if deal_limit is None
                else gettext("%(bought)s of %(limit)s in the game", bought=bought, limit=limit)
            )
        elif tally.deal is not None and tally.deal > 1:
            # A deal's limit alone: the game's buys still add up, as on paper.
            counts.append(gettext("%(bought)s in the game", bought=tally.in_game(player)))
        text = f"{player} {' · '.join(counts)}"
        lines.append(BuyLine(player, text, tally.in_deal(player)))
    if deal_limit is not None:
        title = gettext("Buys this deal, %(limit)s each", limit=deal_limit)
    else:
        title = gettext("Buys in the game, %(limit)s each", limit=game_limit)
    return BuysShown(title, lines)
