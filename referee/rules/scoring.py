"""Penalty points: card values, a hand, a deal, the running sheet and Cap-It's pot
(R28-R34, R60-R64), and the points a table adds to a deal for what the referee does
not see (R75).

>>> from referee.rules import get_ruleset, parse_cards
>>> score_hand(parse_cards("AS KD 7C JK"), get_ruleset("push")).points
50
>>> score_hand(parse_cards("AS KD 7C JK"), get_ruleset("shove-it")).points
85
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from .cards import SUITS, Card, check_pack, parse_cards
from .errors import GameRuleError, PackError, RulesError
from .reasons import Reason
from .ruleset import BONUS_NAME, BONUS_POINTS, CardValues, Ruleset
from .text import BLANKS, shown, skeleton, trimmed

NAME_LIMIT = 30
#: What an entry gives a player: cards (a string or tokens) or points.
_Given = TypeVar("_Given")
#: The most a pot's stake or payout may be: more than any kitchen table plays for, and
#: within what every database keeps as an integer.
POT_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class HandScore:
    """The cards left in a hand, each with its points, and their sum."""

    cards: tuple[tuple[Card, int], ...]

    @property
    def points(self) -> int:
        return sum(points for _, points in self.cards)


def score_hand(cards: Sequence[Card], rules: Ruleset, players: int | None = None) -> HandScore:
    """Count a hand by the variant's card values, card by card (R28, R29, R60: a
    value may depend on the suit); an empty hand scores 0.

    A hand holding more of a card than the pack does raises PackError (R3, R49).
    """
    rules.check_cards(cards, players)
    return HandScore(tuple((card, rules.card_values(card)) for card in cards))


# --- The table: sides and players (R30, R31, R35) --------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """A column of the sheet: a team of partners, or one player on their own."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """Who plays, in clockwise seat order, under which ruleset, on which sides; and
    the seat of the first dealer (R76: the first player typed, unless the game was
    played again, R78, which keeps the seats and passes the first deal on).

    >>> from referee.rules import get_ruleset
    >>> table = Table.seat(get_ruleset("push"), ["Ann", "Bob", "Cat", "Dan"])
    >>> [(side.name, side.players) for side in table.sides]
    [('We', ('Ann', 'Cat')), ('They', ('Bob', 'Dan'))]
    """

    rules: Ruleset
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    first_dealer: int = 0

    @classmethod
    def seat(
        cls,
        rules: Ruleset,
        players: Sequence[str],
        teams: Sequence[str] | None = None,
        *,
        kept: bool = False,
        first_dealer: int = 0,
    ) -> Table:
        """Seat the players: names trimmed, non-empty, at most 30 characters and
        different; a player count the variant allows (R35, R36); team names for a
        partnership game (default We and They), none otherwise. ``kept``: a game's
        table as it started (R73), its names not judged again by what a later rule of
        text (:mod:`.text`) would refuse."""
        names = tuple(_name(name, "player", kept) for name in players)
        _distinct(names, "player")
        rules.check_players(len(names))
        seats = rules.seats_by_side(len(names))
        if rules.partnerships:
            team_names = tuple(_name(n, "team", kept) for n in teams) if teams else ("We", "They")
            if len(team_names) != len(seats):
                raise RulesError(Reason.of("teams_needed", game=rules.name))
            _distinct(team_names, "team")
        elif teams:
            raise RulesError(Reason.of("no_teams", game=rules.name))
        else:
            team_names = names
        sides = tuple(
            Side(name, tuple(names[seat] for seat in side))
            for name, side in zip(team_names, seats, strict=True)
        )
        return cls(rules, names, sides, first_dealer % len(names))

    def side_of(self, player: str) -> Side:
        return next(side for side in self.sides if player in side.players)

    def scoring_players(self, went_out: str | None) -> list[str]:
        """The players whose hands are counted: R30/R31, everyone but the side of the
        player who went out; everyone when the stock ran out (R27). In a
        ``winner_takes`` game (R62) these are the hands the one who went out
        is credited with."""
        if went_out is None:
            return list(self.players)
        out_side = self.side_of(self.player(went_out))
        return [player for player in self.players if player not in out_side.players]

    def player(self, name: str) -> str:
        """The player of this name (trimmed); GameRuleError naming it otherwise."""
        for player in self.players:
            if player == name.strip():
                return player
        raise GameRuleError(Reason.of("no_such_player", name=name, players=self.players))


def _name(name: str, who: str, kept: bool = False) -> str:
    # A joiner only joins: at either end of a name it shows nothing, so it goes.
    name = trimmed(name)
    if not name:
        raise RulesError(Reason.of("name_missing", who=who))
    if any(char in BLANKS for char in name):
        raise RulesError(Reason.of("name_prints_as_nothing", who=who, name=name))
    if len(name) > NAME_LIMIT:
        raise RulesError(Reason.of("name_too_long", name=name, most=NAME_LIMIT))
    if not kept and not shown(name):  # one rule for every text a table types (text.py)
        raise RulesError(Reason.of("name_not_shown", who=who, name=name))
    return name


def _distinct(names: Sequence[str], who: str) -> None:
    seen: set[str] = set()
    for name in names:
        if skeleton(name) in seen:
            raise RulesError(Reason.of("name_twice", who=who, name=name))
        seen.add(skeleton(name))


# --- One deal (R26, R27, R30, R31) -----------------------------------------------

#: What the table says a player has left: the cards, or the points already counted.
Hand = Sequence[Card] | int


@dataclass(frozen=True, slots=True)
class Adjustment:
    """R75: points a deal adds to a player's side beyond what their cards count, for
    an event the referee does not see (negative for a bonus in a penalty game), with
    a short reason ("exact cut"; may be empty)."""

    points: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class DealScore:
    """What one deal adds: each player's points (None for a player who scores
    nothing: out, the partner of the one who went out, or, where the one who went
    out takes all (R62), everyone else) and each side's. ``bent_table``: the
    deal's penalties were doubled (R63). ``adjust``: the table's own bonuses and
    penalties by player as entered (R75), in ``sides`` but not in ``players``, which
    are the cards' points; ``went_out_bonus``, the house bonus that follows who went
    out (:func:`went_out_bonus`), in ``sides`` too; ``bonuses``, the two together."""

    number: int
    cards_dealt: int
    went_out: str | None
    players: Mapping[str, int | None]
    sides: Mapping[str, int]
    bent_table: bool = False
    adjust: Mapping[str, Adjustment] = field(default_factory=dict)
    went_out_bonus: Mapping[str, Adjustment] = field(default_factory=dict)

    @property
    def bonuses(self) -> dict[str, Adjustment]:
        """Every bonus and penalty of the deal by player, in seat order of entry:
        those entered, and the one that follows who went out, added together."""
        return _together(self.adjust, self.went_out_bonus)


@dataclass(frozen=True)
class DealSoFar:
    """A deal as far as the table has entered it: whose hands count, each given
    hand's points, what is wrong and with whom, and who is still to be entered.

    A page shows it as the table taps; :meth:`score` is the deal once it is whole.
    """

    table: Table
    number: int
    went_out: str | None
    bent_table: bool
    #: The players whose hands are counted (R30, R31, R62), in seat order.
    scoring: tuple[str, ...]
    #: Each given hand's points, before a bent table doubles them (None where wrong).
    points: Mapping[str, int | None]
    #: What is wrong with one player's hand or points, by player (``error.player``).
    errors: Mapping[str, RulesError]
    #: Positions, in each hand given as cards, of the cards the pack cannot hold (R3).
    over_the_pack: Mapping[str, frozenset[int]]
    #: What is wrong with the deal as a whole (who went out, a bent table), if anything.
    problem: RulesError | None
    #: The players who count and are still to be entered, in seat order.
    missing: tuple[str, ...]
    #: The table's bonuses and penalties by player (R75), added to their sides.
    adjust: Mapping[str, Adjustment] = field(default_factory=dict)
    #: Each hand given that could be read, by player, in the order given.
    hands: Mapping[str, Hand] = field(default_factory=dict)
    #: What is wrong with one player's bonus or penalty, by player (R75); a bonus
    #: that cannot be taken adds nothing.
    bonus_errors: Mapping[str, RulesError] = field(default_factory=dict)
    #: The house bonus of whoever went out, by who went out (:func:`went_out_bonus`).
    went_out_bonus: Mapping[str, Adjustment] = field(default_factory=dict)

    @property
    def problems(self) -> dict[str, tuple[RulesError, ...]]:
        """Every problem of the entry by player, in seat order: with their cards or
        points, then with their bonus or penalty; a player with none is not named."""
        found = {
            player: tuple(
                error
                for error in (self.errors.get(player), self.bonus_errors.get(player))
                if error is not None
            )
            for player in self.table.players
        }
        return {player: errors for player, errors in found.items() if errors}

    @property
    def sides(self) -> dict[str, int] | None:
        """What the deal adds to each side so far (players still missing add
        nothing yet); None while anything entered is wrong."""
        if self.problem is not None or self.errors:
            return None
        return _sides(self.table, self._players(), self._bonuses())

    def _bonuses(self) -> dict[str, Adjustment]:
        return _together(self.adjust, self.went_out_bonus)

    def _players(self) -> dict[str, int | None]:
        factor = 2 if self.bent_table else 1  # R63
        given = {player: self.points.get(player) or 0 for player in self.scoring}
        if self.table.rules.scoring == "winner_takes" and self.went_out is not None:  # R62
            taken = factor * sum(given.values())
            return {p: taken if p == self.went_out else None for p in self.table.players}
        return {p: factor * given[p] if p in self.scoring else None for p in self.table.players}

    def score(self) -> DealScore:
        """The deal's score; the first thing wrong, else who is missing, raised as a
        RulesError (carrying the player it is about, where there is one)."""
        if self.problem is not None:
            raise self.problem
        for errors in self.problems.values():
            raise errors[0]
        if self.missing:
            raise GameRuleError(
                Reason.of("scores_missing", players=self.missing, deal=self.number),
                player=self.missing[0],
            )
        cards_dealt = self.table.rules.deal(self.number).cards
        players = self._players()
        return DealScore(
            self.number,
            cards_dealt,
            self.went_out,
            players,
            _sides(self.table, players, self._bonuses()),
            self.bent_table,
            self.adjust,
            self.went_out_bonus,
        )


def _sides(
    table: Table, players: Mapping[str, int | None], adjust: Mapping[str, Adjustment]
) -> dict[str, int]:
    """Each side's points: its players' cards, and the bonuses and penalties the
    table gave them (R75), which a bent table does not double (R63: its penalties
    are the cards')."""
    return {
        side.name: sum((players[p] or 0) + _adjusted(adjust, p) for p in side.players)
        for side in table.sides
    }


def _together(
    entered: Mapping[str, Adjustment], following: Mapping[str, Adjustment]
) -> dict[str, Adjustment]:
    """The bonuses entered and those that follow who went out, one a player: points
    added, reasons joined."""
    together = dict(entered)
    for player, given in following.items():
        if player in together:
            was = together[player]
            reason = ", ".join(r for r in (was.reason, given.reason) if r)
            given = Adjustment(was.points + given.points, reason)
        together[player] = given
    return together


def went_out_bonus(rules: Ruleset, went_out: str | None) -> dict[str, Adjustment]:
    """R75: the table's named bonuses that belong to whoever goes out
    (``Bonus.went_out``), given to the player who went out by that alone, each deal,
    never tapped; none where the stock ran out (R27). Several add up, their names
    joined. A bent table does not double them (R63: its penalties are the cards').

    >>> from referee.rules import get_ruleset
    >>> rules = get_ruleset("contract-rummy", house={"bonuses": [
    ...     {"name": "Out first", "points": -10, "went_out": True},
    ...     {"name": "Exact cut", "points": -5}]})
    >>> went_out_bonus(rules, "Ann"), went_out_bonus(rules, None)
    ({'Ann': Adjustment(points=-10, reason='Out first')}, {})
    """
    named = [bonus for bonus in rules.bonuses if bonus.went_out]
    if went_out is None or not named:
        return {}
    reason = ", ".join(bonus.name for bonus in named)
    return {went_out: Adjustment(sum(bonus.points for bonus in named), reason)}


def _adjusted(adjust: Mapping[str, Adjustment], player: str) -> int:
    given = adjust.get(player)
    return 0 if given is None else given.points


def adjustments(
    table: Table, adjust: Mapping[str, Adjustment], *, kept: bool = False
) -> dict[str, Adjustment]:
    """R75: the table's bonuses and penalties of a deal, by player as seated (names
    trimmed): any player may have one, the one who went out too. A name that is no
    player, one given twice, points past BONUS_POINTS or a reason longer than
    BONUS_NAME or holding what cannot be shown are a RulesError (input the referee
    cannot take, not a rule of the game broken); ``kept``, a deal saved before, has
    its reasons read as saved, whatever a later rule of text would say (R73).

    >>> from referee.rules import get_ruleset
    >>> table = Table.seat(get_ruleset("push"), ["Ann", "Bob", "Cat", "Dan"])
    >>> adjustments(table, {" Ann": Adjustment(-10, " exact cut ")})
    {'Ann': Adjustment(points=-10, reason='exact cut')}
    """
    read: dict[str, Adjustment] = {}
    for name, given in adjust.items():
        player = _bonus_player(table, name, read)
        read[player] = _checked(player, given, kept)
    return read


def _bonus_player(table: Table, name: str, seen: Mapping[str, object]) -> str:
    """The player a bonus or penalty is given to (the name trimmed), given none yet
    (in ``seen``); a RulesError otherwise."""
    player = next((p for p in table.players if p == name.strip()), None)
    if player is None:
        raise RulesError(Reason.of("points_to_no_player", name=name, players=table.players))
    if player in seen:
        raise RulesError(Reason.of("bonus_twice", player=player))
    return player


def _checked(player: str, given: Adjustment, kept: bool = False) -> Adjustment:
    """The adjustment with its reason trimmed; a RulesError if it is out of bounds."""
    low, high = BONUS_POINTS
    points, reason = given.points, given.reason.strip()
    if isinstance(points, bool) or not isinstance(points, int) or not low <= points <= high:
        raise RulesError(Reason.of("bonus_out_of_range", player=player, low=low, high=high))
    if len(reason) > BONUS_NAME:
        raise RulesError(Reason.of("bonus_reason_too_long", player=player, most=BONUS_NAME))
    if not kept and not shown(reason):
        raise RulesError(Reason.of("bonus_reason_not_shown", player=player))
    return Adjustment(points, reason)


def deal_so_far(
    table: Table,
    number: int,
    went_out: str | None,
    hands: Mapping[str, Hand],
    bent_table: bool = False,
    *,
    recorded: bool = False,
    said: bool = True,
    adjust: Mapping[str, Adjustment] | None = None,
) -> DealSoFar:
    """Deal ``number`` as entered so far: who went out (None if the stock ran out,
    R27) and, for some or all players, the cards left in hand or their points.

    R30/R31, R61: the side of the player who went out scores nothing; every other
    side scores the cards in all its players' hands; with the stock run out every
    side scores. R62 (``scoring == "winner_takes"``): the player who went out scores
    the sum of every other hand. R63: a bent table doubles every penalty of the deal
    (only where the game has the rule, and only with someone out). R64: where the
    game never ends a deal on an empty stock, ``went_out`` None is refused. All the
    cards of the deal together must fit in the pack (R3).

    Every hand that counts is a hand some player could hold: only the player who
    went out holds no card (R26, R27), and typed points must be a sum the game's
    cards can make (:func:`possible_points`). ``adjust``: the table's bonuses and
    penalties (R75, :func:`adjustments`), added to their players' sides as they are,
    whatever the cards (a bent table doubles the cards only), and the house bonus of
    whoever went out (:func:`went_out_bonus`), by who went out alone. ``recorded``: a
    deal saved before these checks came in is scored as it was saved, never refused now. ``said``
    False: the table has not said yet who went out (nor whether the stock ran out),
    so every hand is checked on its own and nothing is said of the deal as a whole.

    A deal-wide problem is a RulesError (a name that is no player is raised at
    once); a player's is kept in ``errors`` and raised by :meth:`DealSoFar.score`.
    """
    rules = table.rules
    rules.deal(number)  # a deal the game has, or a RulesError
    problem: RulesError | None = None
    if not said:
        went_out, bent_table = None, False
    elif bent_table and not rules.bent_table_doubles:  # R63
        problem = RulesError(Reason.of("no_bent_table", game=rules.name))
    elif went_out is None and not rules.stock_out:  # R64
        problem = GameRuleError(Reason.of("someone_goes_out", game=rules.name, deal=number))
    elif bent_table and went_out is None and not recorded:  # R63
        problem = GameRuleError(Reason.of("bent_table_without_going_out"))
    out = table.player(went_out) if went_out is not None else None
    adjusted = adjustments(table, adjust or {}, kept=recorded)
    named: dict[str, Hand] = {}
    for name, hand in hands.items():
        player = table.player(name)
        if player in named:
            raise GameRuleError(Reason.of("hand_given_twice", player=player))
        named[player] = hand
    entries = {player: named[player] for player in table.players if player in named}
    scoring = tuple(table.scoring_players(out))
    count = len(table.players)
    errors: dict[str, RulesError] = {}
    points: dict[str, int | None] = {}
    over, pack_errors = _over_the_pack(rules, count, entries)
    for player, hand in entries.items():
        try:
            if player in pack_errors:
                raise pack_errors[player]
            points[player] = _points(rules, count, player, hand, strict=not recorded)
            if player == out and points[player]:
                raise GameRuleError(Reason.of("went_out_with_cards", player=out))
            if player in scoring and points[player] == 0 and not (recorded and out is not None):
                _no_empty_hand(rules, count, player, number, out, said)
        except RulesError as error:
            error.player = player
            errors[player] = error
            points[player] = None
    missing = tuple(player for player in scoring if player not in entries)
    return DealSoFar(
        table,
        number,
        out,
        bent_table,
        scoring,
        points,
        errors,
        over,
        problem,
        missing,
        adjusted,
        hands=named,
        went_out_bonus=went_out_bonus(rules, out),
    )


def score_deal(
    table: Table,
    number: int,
    went_out: str | None,
    hands: Mapping[str, Hand],
    bent_table: bool = False,
    *,
    recorded: bool = False,
    adjust: Mapping[str, Adjustment] | None = None,
) -> DealScore:
    """Score a whole deal (see :func:`deal_so_far`): every player who scores must be
    given; the first thing wrong is raised as a RulesError."""
    return deal_so_far(
        table, number, went_out, hands, bent_table, recorded=recorded, adjust=adjust
    ).score()


# --- A deal as the table enters it (R2, R26-R31, R60-R64, R75) -----------------------


@dataclass(frozen=True)
class DealEntry:
    """What the table says of a deal, as a page's form or the API's body sends it: who
    went out (None: the stock ran out) and, per player, the cards left in hand (a
    string or tokens) or the points; whether the player who went out bent the table
    (R63, only where the game doubles it); and, for any player, points the table adds
    to their side for this deal with their reason (R75: ``adjust`` and
    ``adjust_reasons``, by player). Nothing in it is judged: :func:`judge_entry` is."""

    went_out: str | None
    hands: Mapping[str, str | Sequence[str]]
    points: Mapping[str, int]
    bent_table: bool = False
    adjust: Mapping[str, int] = field(default_factory=dict)
    adjust_reasons: Mapping[str, str] = field(default_factory=dict)


def judge_entry(
    table: Table, number: int, entry: DealEntry, *, said: bool = True, recorded: bool = False
) -> DealSoFar:
    """Deal ``number`` as the table entered it (see :func:`deal_so_far`), with every
    problem of the entry by player (:attr:`DealSoFar.problems`): beside what no hand
    can be (points no cards make, a 0 where a card is left, R26-R29, R60), cards and
    points both given for one player (``cards_and_points``), a card that is no card
    (R2), a reason given for a bonus without its points (``reason_without_points``)
    and a bonus out of its bounds (R75). A player whose cards or points are wrong is
    left out of the deal so far, as one still to be entered; a bonus that is wrong
    adds nothing. A name that is no player, or one player given twice, is raised at
    once. Every page and the storage ask this, so an entry one refuses the other does,
    for the same reason.

    >>> from referee.rules import get_ruleset
    >>> table = Table.seat(get_ruleset("push"), ["Ann", "Bob", "Cat", "Dan"])
    >>> entry = DealEntry("Ann", {"Bob": "7H"}, {"Bob": 5}, adjust_reasons={"Cat": "cut"})
    >>> {p: [e.reason.code for e in found] for p, found in judge_entry(
    ...     table, 1, entry).problems.items()}
    {'Bob': ['cards_and_points'], 'Cat': ['reason_without_points']}
    """
    hands, errors = _hands_entered(table, entry)
    adjust, bonus_errors = _bonuses_entered(table, entry, recorded)
    so_far = deal_so_far(
        table,
        number,
        entry.went_out,
        hands,
        entry.bent_table,
        recorded=recorded,
        said=said,
        adjust=adjust,
    )
    errors |= so_far.errors
    return replace(
        so_far,
        errors={player: errors[player] for player in table.players if player in errors},
        bonus_errors=bonus_errors,
    )


def _hands_entered(
    table: Table, entry: DealEntry
) -> tuple[dict[str, Hand], dict[str, RulesError]]:
    """Each player's cards or points as entered, read (cards given first, then
    points, each in the order given); and, by player, why one cannot be read. One
    player under two names (``Bob`` and `` Bob``) is a GameRuleError."""
    cards, points = _by_player(table, entry.hands), _by_player(table, entry.points)
    hands: dict[str, Hand] = {}
    errors: dict[str, RulesError] = {}
    for player in [*cards, *(player for player in points if player not in cards)]:
        both = player in cards and player in points
        if both and cards[player][0] != points[player][0]:
            raise GameRuleError(Reason.of("hand_given_twice", player=player))
        try:
            if both:
                raise RulesError(Reason.of("cards_and_points", player=player))
            hands[player] = parse_cards(cards[player][1]) if player in cards else points[player][1]
        except RulesError as error:
            error.player = player
            errors[player] = error
    return hands, errors


def _by_player(table: Table, given: Mapping[str, _Given]) -> dict[str, tuple[str, _Given]]:
    """``given`` by the player each name is (trimmed), with the name as given; one
    player named twice is a GameRuleError."""
    named: dict[str, tuple[str, _Given]] = {}
    for name, value in given.items():
        player = table.player(name)
        if player in named:
            raise GameRuleError(Reason.of("hand_given_twice", player=player))
        named[player] = (name, value)
    return named


def _bonuses_entered(
    table: Table, entry: DealEntry, kept: bool
) -> tuple[dict[str, Adjustment], dict[str, RulesError]]:
    """R75: the bonuses and penalties that can be taken, by player, and why each other
    cannot; ``kept``, a deal saved before, its reasons read as saved."""
    taken: dict[str, Adjustment] = {}
    errors: dict[str, RulesError] = {}
    names = [*entry.adjust, *(name for name in entry.adjust_reasons if name not in entry.adjust)]
    for name in names:
        player = _bonus_player(table, name, {**taken, **errors})
        try:
            if name not in entry.adjust:
                raise RulesError(Reason.of("reason_without_points", player=player))
            given = Adjustment(entry.adjust[name], entry.adjust_reasons.get(name, ""))
            taken[player] = _checked(player, given, kept)
        except RulesError as error:
            error.player = player
            errors[player] = error
    return taken, errors


def _over_the_pack(
    rules: Ruleset, players: int, entries: Mapping[str, Hand]
) -> tuple[dict[str, frozenset[int]], dict[str, PackError]]:
    """Each hand's cards (by position) that are more than the pack holds, counted in
    seat order: the third A♠ of a two-deck pack, wherever it was tapped (R3, R49);
    and for each such hand, the pack's sentence on its first card too many."""
    pack = rules.pack(players)
    kept: list[Card] = []
    over: dict[str, frozenset[int]] = {}
    errors: dict[str, PackError] = {}
    for player, hand in entries.items():
        if isinstance(hand, int):
            continue
        marked = set()
        for position, card in enumerate(hand):
            try:
                check_pack([*kept, card], pack.decks, pack.jokers)
            except PackError as error:
                marked.add(position)
                errors.setdefault(player, error)
            else:
                kept.append(card)
        if marked:
            over[player] = frozenset(marked)
    return over, errors


def _no_empty_hand(
    rules: Ruleset, players: int, player: str, number: int, out: str | None, said: bool
) -> None:
    """R26, R27: a player who did not go out holds at least one card, so a 0 can be
    only where some card is worth nothing."""
    if 0 in possible_points(rules, players):
        return
    raise GameRuleError(
        Reason.of("empty_hand_not_out", player=player, deal=number, out=out, said=said)
    )


def _points(rules: Ruleset, players: int, player: str, hand: Hand, *, strict: bool) -> int:
    if not isinstance(hand, int):
        return sum(rules.card_values(card) for card in hand)
    step = rules.card_values.step
    pack = rules.pack(players)
    most = rules.card_values.pack_total(pack.decks, pack.jokers)
    if hand < 0:
        raise GameRuleError(Reason.of("points_below_zero", player=player, points=hand))
    if hand % step:
        raise GameRuleError(
            Reason.of(
                "points_not_a_multiple", player=player, points=hand, game=rules.name, step=step
            )
        )
    if hand > most:
        raise GameRuleError(
            Reason.of("points_over_the_pack", player=player, points=hand, most=most)
        )
    if strict and hand and hand not in possible_points(rules, players):
        smallest = min(rules.card_values(card) for card in _one_of_each(pack.jokers > 0))
        raise GameRuleError(
            Reason.of(
                "points_no_hand",
                player=player,
                points=hand,
                game=rules.name,
                smallest=smallest if hand < smallest else None,
            )
        )
    return hand


def _one_of_each(jokers: bool) -> list[Card]:
    cards = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS]
    return [*cards, Card.parse("JK")] if jokers else cards


def possible_points(rules: Ruleset, players: int) -> frozenset[int]:
    """Every number of points a hand of at least one card can be worth in this game
    at a table of ``players``: the sums the pack's cards can make (R3, R28, R29, R60).

    >>> from referee.rules import get_ruleset
    >>> sorted(possible_points(get_ruleset("push"), 4))[:3]
    [5, 10, 15]
    """
    pack = rules.pack(players)
    return _possible_points(rules.card_values, pack.decks, pack.jokers)


@functools.lru_cache(maxsize=64)
def _possible_points(values: CardValues, decks: int, jokers: int) -> frozenset[int]:
    counts = Counter(values(card) for card in _one_of_each(False))
    counts = Counter({value: decks * n for value, n in counts.items()})
    if jokers:
        counts[values(Card.parse("JK"))] += jokers
    reach = 1  # bit n set: n points can be made (the empty hand makes 0)
    for value, count in counts.items():
        for _ in range(count):
            reach |= reach << value
    sums = {n for n in range(reach.bit_length()) if reach >> n & 1}
    if 0 not in counts:  # a hand of at least one card: 0 only from a card worth 0
        sums.discard(0)
    return frozenset(sums)


# --- The running sheet (R32, R34) --------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """The game so far: each deal's scores and the running totals, like the paper one."""

    table: Table
    deals: tuple[DealScore, ...]

    @property
    def running(self) -> list[dict[str, int]]:
        """The totals of each side after each deal (R34)."""
        totals = dict.fromkeys((side.name for side in self.table.sides), 0)
        rows = []
        for deal in self.deals:
            totals = {name: total + deal.sides[name] for name, total in totals.items()}
            rows.append(totals)
        return rows

    @property
    def totals(self) -> dict[str, int]:
        running = self.running
        return running[-1] if running else {side.name: 0 for side in self.table.sides}

    @property
    def finished(self) -> bool:
        return len(self.deals) == len(self.table.rules.deals)

    @property
    def winners(self) -> list[str]:
        """R32, R61, R62: after the last deal, the side(s) with the lowest total (the
        highest where the game says so); a tie shares."""
        if not self.finished:
            return []
        totals = self.totals
        best = (
            max(totals.values()) if self.table.rules.winner == "highest" else min(totals.values())
        )
        return [name for name, total in totals.items() if total == best]

    def next_deal(self) -> int:
        """The number of the deal to record next; GameRuleError after the last."""
        if self.finished:
            raise GameRuleError(Reason.of("game_over", deals=len(self.deals)))
        return len(self.deals) + 1


# --- Cap-It's pot (R33) -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pot:
    """Each player pays ``stake`` in; whoever goes out takes ``payout`` (what is
    left, if less); what remains goes to the winner(s) at the end, split evenly.
    Each is a whole number from 0 to POT_LIMIT."""

    stake: int
    payout: int

    def __post_init__(self) -> None:
        for what, amount in (("stake", self.stake), ("payout", self.payout)):
            if not 0 <= amount <= POT_LIMIT:
                raise RulesError(
                    Reason.of("pot_out_of_range", what=what, most=POT_LIMIT, amount=amount)
                )

    def account(self, sheet: Sheet) -> dict[str, object]:
        paid_in = self.stake * len(sheet.table.players)
        left = paid_in
        paid_out: dict[str, int] = {}
        for deal in sheet.deals:
            if deal.went_out is None:
                continue  # the stock ran out: nobody is paid (R33)
            take = min(self.payout, left)
            if take:
                paid_out[deal.went_out] = paid_out.get(deal.went_out, 0) + take
                left -= take
        account: dict[str, object] = {"paid_in": paid_in, "paid_out": paid_out, "left": left}
        if sheet.finished:
            winners = sheet.winners
            share, unsplit = divmod(left, len(winners))
            account["winner_share"] = dict.fromkeys(winners, share)
            if unsplit:
                account["unsplit"] = unsplit
        return account
