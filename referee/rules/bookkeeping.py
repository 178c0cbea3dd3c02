"""The table's bookkeeping during a deal and over an evening (docs/rules.md#R76-R78): who
deals each deal, how many discards each player has bought and may still buy, and
what a series of games played again adds up to. Buys never change a score.

>>> from referee.rules import get_ruleset
>>> players = ["Ann", "Bob", "Cat", "Dan"]
>>> [dealer_of(get_ruleset("shanghai"), players, n) for n in (1, 2, 3)]
['Ann', 'Bob', 'Cat']
>>> [dealer_of(get_ruleset("telefunken"), players, n) for n in (1, 2, 3)]
['Ann', 'Dan', 'Cat']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import GameRuleError
from .reasons import Reason
from .ruleset import Ruleset
from .scoring import Sheet, Table

#: Buys by deal number, then by player: what the table tapped (R77).
BuyCounts = Mapping[int, Mapping[str, int]]


def counts_by_deal(bought: Iterable[tuple[int, str, int]]) -> dict[int, dict[str, int]]:
    """Buys as kept, one (deal, player, count) each, by deal then player."""
    counts: dict[int, dict[str, int]] = {}
    for deal, player, count in bought:
        counts.setdefault(deal, {})[player] = count
    return counts


def dealer_of(rules: Ruleset, players: Sequence[str], number: int, first: int = 0) -> str:
    """R76: who deals deal ``number``. The player in seat ``first`` deals deal 1 (the
    first player typed, unless the game was played again: R78); the deal then
    passes to the left, the next player clockwise (R37), or to the right, the one
    before, where the game says so (Telefunken)."""
    step = number - 1 if rules.deal_direction == "left" else -(number - 1)
    return players[(first + step) % len(players)]


def next_first_dealer(table: Table) -> int:
    """R78: the seat of the first dealer of the game played again after this one:
    the seats are kept, as on a paper sheet, and the first deal passes on as any
    deal does, to whoever dealt this game's deal 2.

    >>> from referee.rules import get_ruleset
    >>> players = ["Ann", "Bob", "Cat", "Dan"]
    >>> next_first_dealer(Table.seat(get_ruleset("shanghai"), players, first_dealer=3))
    0
    >>> next_first_dealer(Table.seat(get_ruleset("telefunken"), players))
    3
    """
    dealer = dealer_of(table.rules, table.players, 2, table.first_dealer)
    return table.players.index(dealer)


@dataclass(frozen=True)
class BuyTally:
    """R77: each player's buys in the deal being played and in the whole game, and
    what the game's limits leave them. ``deal`` is the deal being played, None once
    the game is over; ``counts`` are the buys of every deal, by deal then player
    (those of a deal after ``deal``, kept from before an undo, count for nothing
    until that deal is played again)."""

    table: Table
    deal: int | None
    counts: BuyCounts = field(default_factory=dict)

    @classmethod
    def of(cls, sheet: Sheet, counts: BuyCounts) -> BuyTally:
        return cls(sheet.table, None if sheet.finished else len(sheet.deals) + 1, counts)

    @property
    def deal_limit(self) -> int | None:
        """The most buys a player has in the deal being played (None: no limit)."""
        if self.deal is None:
            return None
        return self.table.rules.buys.in_deal(self.deal, len(self.table.rules.deals))

    @property
    def game_limit(self) -> int | None:
        """The most buys a player has in the whole game (None: no limit)."""
        return self.table.rules.buys.per_game

    @property
    def limited(self) -> bool:
        """Whether any limit applies to the deal being played."""
        return self.deal is not None and (
            self.deal_limit is not None or self.game_limit is not None
        )

    def in_deal(self, player: str) -> int:
        if self.deal is None:
            return 0
        return self.counts.get(self.deal, {}).get(player, 0)

    def in_game(self, player: str) -> int:
        last = len(self.table.rules.deals) if self.deal is None else self.deal
        return sum(
            bought.get(player, 0) for number, bought in self.counts.items() if number <= last
        )

    def left(self, player: str) -> int | None:
        """How many more buys ``player`` has in the deal being played: the fewer of
        what each limit leaves; None where no limit applies."""
        lefts = []
        if self.deal_limit is not None:
            lefts.append(self.deal_limit - self.in_deal(player))
        if self.game_limit is not None:
            lefts.append(self.game_limit - self.in_game(player))
        return max(0, min(lefts)) if lefts and self.deal is not None else None

    def check_buy(self, player: str) -> str:
        """The player (named as seated) if they may buy once more in the deal being
        played; GameRuleError saying which limit they have reached otherwise."""
        player = self.table.player(player)
        if self.deal is None:
            raise GameRuleError(Reason.of("game_over_no_buy"))
        deal_limit, game_limit = self.deal_limit, self.game_limit
        if deal_limit is not None and self.in_deal(player) >= deal_limit:
            raise GameRuleError(
                Reason.of("buys_used_up", player=player, limit=deal_limit, per="deal")
            )
        if game_limit is not None and self.in_game(player) >= game_limit:
            raise GameRuleError(
                Reason.of("buys_used_up", player=player, limit=game_limit, per="game")
            )
        return player


# --- An evening: games played again (R78) -------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerEvening:
    """One player's evening: finished games played and won, the points they scored
    over every deal they played (cards and the table's bonuses, R75), and their
    evening total, their side's final totals of the finished games added up."""

    name: str
    played: int
    won: int
    deals: int
    points: int
    total: int = 0

    @property
    def average(self) -> float | None:
        """Points a deal, None before a deal is played."""
        return self.points / self.deals if self.deals else None


def player_won(sheet: Sheet, player: str) -> bool:
    """Whether ``player``'s side is among the game's winners (R32, R62)."""
    return sheet.table.side_of(player).name in sheet.winners


def evening(sheets: Sequence[Sheet]) -> list[PlayerEvening]:
    """R78: each player of a series of games (in the order they were played, names
    as seated) with their games played and won and their evening total, counting
    finished games only, and their points a deal over every deal recorded. Players
    in the order they first sat down.

    >>> from referee.rules import get_ruleset
    >>> from referee.rules.scoring import score_deal
    >>> table = Table.seat(get_ruleset("shanghai"), ["Ann", "Bob", "Cat"])
    >>> deal = score_deal(table, 1, "Ann", {"Bob": 10, "Cat": 30})
    >>> [(p.name, p.deals, p.average) for p in evening([Sheet(table, (deal,))])]
    [('Ann', 1, 0.0), ('Bob', 1, 10.0), ('Cat', 1, 30.0)]
    """
    names: dict[str, list[int]] = {}
    for sheet in sheets:
        totals = sheet.totals
        for player in sheet.table.players:
            tally = names.setdefault(player, [0, 0, 0, 0, 0])
            if sheet.finished:
                tally[0] += 1
                tally[1] += player_won(sheet, player)
                tally[4] += totals[sheet.table.side_of(player).name]
            for deal in sheet.deals:
                tally[2] += 1
                tally[3] += _scored(deal.players, player) + (
                    deal.adjust[player].points if player in deal.adjust else 0
                )
    return [PlayerEvening(name, *tally) for name, tally in names.items()]


def _scored(players: Mapping[str, int | None], player: str) -> int:
    return players.get(player) or 0


#: R78: how a table wins its evening: by its evening total, the finished games'
#: totals added up ("points", as a paper sheet carried from game to game: lowest
#: wins, or highest where the game's highest total wins), a tie broken by games won;
#: or by games won ("games"), a tie broken by the evening total. A tie still shares.
EVENING_WON_BY = ("points", "games")


@dataclass(frozen=True)
class Night:
    """R78: an evening's standing: each player's evening, how the night is won, who
    wins it (players, in the order they first sat down; none before a game is
    finished), and whether a game of it is still under way (the winners lead)."""

    players: tuple[PlayerEvening, ...]
    won_by: str
    winners: tuple[str, ...]
    under_way: bool
    highest: bool  # the higher evening total is the better (R62)


def night(sheets: Sequence[Sheet], won_by: str = "points") -> Night:
    """R78: the evening of ``sheets`` and who wins it, ``won_by`` one of
    :data:`EVENING_WON_BY`; only finished games count, and only players who played
    one can win.

    >>> from referee.rules import get_ruleset
    >>> from referee.rules.scoring import score_deal
    >>> table = Table.seat(get_ruleset("shanghai"), ["Ann", "Bob", "Cat"])
    >>> def game(points):  # ten deals of Shanghai, all Ann's: Bob and Cat score
    ...     deals = (score_deal(table, n, "Ann", points) for n in range(1, 11))
    ...     return Sheet(table, tuple(deals))
    >>> games = [game({"Bob": 5, "Cat": 30}), game({"Bob": 20, "Cat": 5})]
    >>> [(p.name, p.won, p.total) for p in night(games).players]
    [('Ann', 2, 0), ('Bob', 0, 250), ('Cat', 0, 350)]
    >>> night(games).winners, night(games[:1], "games").winners
    (('Ann',), ('Ann',))
    """
    if won_by not in EVENING_WON_BY:
        raise ValueError(won_by)
    players = tuple(evening(sheets))
    highest = bool(sheets) and sheets[0].table.rules.winner == "highest"
    sign = -1 if highest else 1

    def standing(player: PlayerEvening) -> tuple[int, int]:
        if won_by == "points":
            return (sign * player.total, -player.won)
        return (-player.won, sign * player.total)

    counted = [player for player in players if player.played]
    best = min(map(standing, counted), default=None)
    winners = tuple(player.name for player in counted if standing(player) == best)
    under_way = any(not sheet.finished for sheet in sheets)
    return Night(players, won_by, winners, under_way, highest)
