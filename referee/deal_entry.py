"""The end-of-deal form worked out, with no request in sight: who scores, each
player's cards and points so far, what the deal adds to each side, and who is
still to be entered; then, on Save, the entry the storage records.

The form keeps nothing on the server: each seat's cards (``hand-<seat>``, a card
string the keypad builds) and typed points (``points-<seat>``) travel with every
tap, with the seat the keypad types for and a rank waiting for its suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .games import DealEntry
from .keypad import Tray, whole_number
from .rules import Card, PackError, RulesError, Ruleset, score_hand
from .rules.cards import check_pack
from .rules.scoring import Hand, Sheet, score_deal

#: The choice of "who went out" that says nobody did.
STOCK_RAN_OUT = "stock"


def points_error(typed: str) -> str:
    """The sentence for typed points that are not a whole number, or "".

    >>> points_error("25"), points_error("2.5")
    ('', 'points are a whole number, like 25')
    """
    text = typed.strip()
    if not text or whole_number(text) is not None:
        return ""
    if text.isdecimal():
        return "no hand holds that many points"
    return "points are a whole number, like 25"


def seat(text: str | None, players: Sequence[str]) -> int | None:
    """The seat a form field names (0 to players - 1), or None."""
    number = whole_number(text)
    return number if number is not None and number < len(players) else None


@dataclass
class DealPage:
    """The end-of-deal form, worked out."""

    sheet: Sheet
    number: int
    went_out: str | None
    chosen: bool  # whether the form says who went out (or that the stock ran out)
    active: int  # the seat the keypad types for
    trays: list[Tray]
    typed: list[str]
    typed_errors: list[str]
    points: list[int | None]
    scoring: list[bool]
    adds: dict[str, int] | None
    adds_error: str
    missing: list[str]
    errors: list[str] = field(default_factory=list)
    #: Each seat's error, shown beside its cards and points: points no hand can be
    #: worth, a hand the pack cannot hold, a 0 where the stock ran out (R27).
    seat_errors: list[str] = field(default_factory=list)
    #: Each seat's chips (by position) that are more than the pack holds (R3).
    over: list[set[int]] = field(default_factory=list)
    #: R63: the one who went out melded the whole hand at once; the deal's penalties
    #: are doubled (only ever True where the game says so, ``bent_table_doubles``).
    bent_table: bool = False

    @property
    def first_error(self) -> str:
        """The first thing wrong with the entry, for the line above the keypad: the
        deal's own, else the first player's, with the name."""
        if self.adds_error:
            return self.adds_error
        players = self.sheet.table.players
        for player, typed, other in zip(players, self.typed_errors, self.seat_errors, strict=True):
            if typed or other:
                return f"{player}: {typed or other}"
        return ""

    @property
    def rank(self) -> str:
        """The rank tapped for the active seat, waiting for its suit."""
        return self.trays[self.active].rank

    def entry(self) -> DealEntry:
        """What to record: for each player who scores, typed points or tapped cards."""
        hands: dict[str, str] = {}
        points: dict[str, int] = {}
        for index, player in enumerate(self.sheet.table.players):
            if not self.scoring[index]:
                continue
            number = whole_number(self.typed[index])
            if number is not None:
                points[player] = number
            elif self.trays[index].cards:
                hands[player] = self.trays[index].text
        return DealEntry(self.went_out, hands, points, bent_table=self.bent_table)


def work_out(
    sheet: Sheet,
    number: int,
    *,
    went_out: str,
    active: str,
    rank: str,
    press: str,
    hands: Sequence[str],
    typed: Sequence[str],
    bent_table: bool = False,
) -> DealPage:
    """The form after the tap ``press``: ``went_out`` is the form's choice (a seat or
    :data:`STOCK_RAN_OUT`), ``active`` and ``rank`` the keypad's seat and waiting
    rank, ``hands`` and ``typed`` each seat's cards and typed points, ``bent_table``
    the box ticked where the game doubles a bent table (R63)."""
    table = sheet.table
    players = list(table.players)
    chosen_seat = seat(went_out, players)
    # R64: in a game with no stock-out the choice is not offered; a sent one is no choice.
    stock_out = went_out == STOCK_RAN_OUT and table.rules.stock_out
    chosen = stock_out or chosen_seat is not None
    # R63: only where the game doubles a bent table, and only with someone out.
    bent_table = bent_table and table.rules.bent_table_doubles and chosen_seat is not None
    out = players[chosen_seat] if chosen_seat is not None else None
    scoring_players = table.scoring_players(out) if chosen else players
    scoring = [player in scoring_players for player in players]
    active_seat = seat(active, players)
    trays = [Tray.read(hand, "") for hand in hands]
    pressed_seat = seat(press.removeprefix("player:"), players)
    if press.startswith("player:") and pressed_seat is not None:
        active_seat = pressed_seat
    elif active_seat is not None:
        trays[active_seat] = trays[active_seat].waiting(rank).press(press)
    if active_seat is None or not scoring[active_seat]:
        active_seat = next((i for i, s in enumerate(scoring) if s), 0)
    points: list[int | None] = []
    seat_errors = [""] * len(players)
    for index in range(len(players)):
        text = typed[index].strip()
        if (typed_points := whole_number(text)) is not None:
            points.append(typed_points)
        elif trays[index].cards and not text:
            try:
                points.append(score_hand(trays[index].cards, table.rules, len(players)).points)
            except RulesError as error:
                seat_errors[index] = str(error)
                points.append(None)
        else:
            points.append(None)
    missing = [p for p, s, pts in zip(players, scoring, points, strict=True) if s and pts is None]
    adds, adds_error, pack_error = None, "", ""
    if chosen:
        # What the deal adds so far, by the rules core: the cards tapped (so the pack is
        # checked across all hands), the points typed, players not yet entered at 0.
        # R27: with the stock run out no hand is empty, so one not yet entered stands
        # at the least a hand can hold while the rules core scores, then is taken off.
        entered: dict[str, Hand] = {}
        stand_in = table.rules.card_values.step if stock_out else 0
        for index, player in enumerate(players):
            if not scoring[index]:
                continue
            typed_points = whole_number(typed[index])
            if typed_points is None and not trays[index].cards and player in missing:
                entered[player] = stand_in
            else:
                entered[player] = typed_points if typed_points is not None else trays[index].cards
        try:
            score = score_deal(table, number, out, entered, bent_table=bent_table)
        except PackError as error:
            adds_error = str(error)
            pack_error = adds_error
        except RulesError as error:
            adds_error = str(error)
            named = _seat_named(adds_error, players)
            if named is not None and not seat_errors[named]:
                seat_errors[named] = adds_error
        else:
            adds = dict(score.sides)
            for player in missing if stock_out else ():
                adds[table.side_of(player).name] -= stand_in
    over: list[set[int]] = [set() for _ in players]
    if pack_error or any(seat_errors):
        over = over_the_pack([tray.cards for tray in trays], table.rules, len(players))
        for index, marked in enumerate(over):
            if marked and not seat_errors[index]:
                seat_errors[index] = pack_error or "one card more than the pack holds"
    return DealPage(
        sheet=sheet,
        number=number,
        went_out=out,
        chosen=chosen,
        active=active_seat,
        trays=trays,
        typed=list(typed),
        typed_errors=[points_error(text) for text in typed],
        points=points,
        scoring=scoring,
        adds=adds,
        adds_error=adds_error,
        missing=missing,
        seat_errors=seat_errors,
        over=over,
        bent_table=bent_table,
    )


def _seat_named(error: str, players: Sequence[str]) -> int | None:
    """The seat of the player a sentence of the rules core's is about: its sentences
    on one player's points begin with the name ("Bob's 7 points cannot be...")."""
    for index in sorted(range(len(players)), key=lambda i: -len(players[i])):
        name = players[index]
        if error.startswith((f"{name}'s ", f"{name} ")):
            return index
    return None


def over_the_pack(hands: Sequence[Sequence[Card]], rules: Ruleset, players: int) -> list[set[int]]:
    """Each hand's cards (by position) that are more than the pack holds, counted in
    seat order: the third A♠ of a two-deck pack, wherever it was tapped (R3, R49).
    The rules core says what the pack holds; this only finds the chip to mark.

    >>> from referee.rules import get_ruleset, parse_cards
    >>> over_the_pack([parse_cards("AS AS"), parse_cards("7H AS")], get_ruleset("push"), 4)
    [set(), {1}]
    """
    pack = rules.pack(players)
    kept: list[Card] = []
    over: list[set[int]] = []
    for cards in hands:
        marked = set()
        for position, card in enumerate(cards):
            try:
                check_pack([*kept, card], pack.decks, pack.jokers)
            except PackError:
                marked.add(position)
            else:
                kept.append(card)
        over.append(marked)
    return over
