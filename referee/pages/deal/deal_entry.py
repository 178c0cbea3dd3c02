"""The end-of-deal form worked out, with no request in sight: who scores, each
player's cards and points so far, what the deal adds to each side, and who is
still to be entered; then, on Save, the entry the storage records.

The form keeps nothing on the server: each seat's cards (``hand-<seat>``, a card
string the keypad builds) and typed points (``points-<seat>``) travel with every
tap, with the seat the keypad types for and a rank waiting for its suit. Every
rule is the rules core's (:func:`referee.rules.scoring.judge_entry`, which the
storage asks too): this module reads the form and asks. It speaks through
:mod:`.speech`, so the phone works a tap out with it too (:mod:`.deal_page`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...rules import RulesError
from ...rules.scoring import Adjustment, DealEntry, Sheet, Table, judge_entry, went_out_bonus
from ...rules.words import points_words
from ..keypad import Tray, whole_number
from ..speech import gettext, sentence_of, words
from .deal_points import points_error, read_adjust, tap_bonus, typed_points

#: The choice of "who went out" that says nobody did.
STOCK_RAN_OUT = "stock"


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
    #: worth, a hand the pack cannot hold, a 0 for a player who did not go out, cards
    #: and points both (a page without its script sends the whole form).
    seat_errors: list[str] = field(default_factory=list)
    #: Each seat's chips (by position) that are more than the pack holds (R3).
    over: list[set[int]] = field(default_factory=list)
    #: R63: the one who went out melded the whole hand at once; the deal's penalties
    #: are doubled (only ever True where the game says so, ``bent_table_doubles``).
    bent_table: bool = False
    #: R75: each seat's bonus or penalty as typed (points and reason), and why it
    #: cannot be taken, if it cannot.
    adjust: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    adjust_errors: list[str] = field(default_factory=list)
    #: The rules core's problems of the entry, by player (what the storage would refuse).
    problems: Mapping[str, tuple[RulesError, ...]] = field(default_factory=dict)

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
        return first_of(self.adjust_errors)

    @property
    def went_out_bonus(self) -> dict[str, Adjustment]:
        """R75: the house bonus that follows who went out, by that player (the rules
        core's :func:`~referee.rules.scoring.went_out_bonus`)."""
        return went_out_bonus(self.sheet.table.rules, self.went_out)

    @property
    def rank(self) -> str:
        """The rank tapped for the active seat, waiting for its suit."""
        return self.trays[self.active].rank


def first_of(errors: Sequence[str]) -> str:
    return next((error for error in errors if error), "")


def entry_of(
    players: Sequence[str],
    went_out: str | None,
    scoring: Sequence[bool],
    trays: Sequence[Tray],
    typed: Sequence[str],
    bent_table: bool,
    bonuses: tuple[Mapping[str, int], Mapping[str, str]] = ({}, {}),
) -> DealEntry:
    """The entry of the players who score, as the form gives it, for the rules core
    to judge: each one's typed points and tapped cards (where a page's script ran,
    one of the two: a tap replaces typed points and typing replaces the cards), but
    no points that are no number; ``bonuses``, the points and reasons of the bonuses
    and penalties typed (R75)."""
    hands: dict[str, str] = {}
    points: dict[str, int] = {}
    for index, player in enumerate(players):
        if not scoring[index] or points_error(typed[index]):
            continue
        number = typed_points(typed[index])
        if number is not None:
            points[player] = number
        if trays[index].cards:
            hands[player] = trays[index].text
    adjust, reasons = bonuses
    return DealEntry(
        went_out, hands, points, bent_table=bent_table, adjust=adjust, adjust_reasons=reasons
    )


def read_entry(
    table: Table,
    went_out: str,
    hands: Sequence[str],
    typed: Sequence[str],
    bent_table: bool,
    bonuses: tuple[Sequence[str], Sequence[str]] = ((), ()),
) -> tuple[DealEntry, str]:
    """The entry a Save sends, read from the form without working anything out (the
    storage judges and scores it as it records, by the rules core's
    :func:`~referee.rules.scoring.judge_entry`, as the page does), and what stops it
    being sent, if anything: points that are no number, nobody said to have gone out.
    ``bonuses``: each seat's bonus or penalty and its reason, as typed (R75)."""
    players = list(table.players)
    chosen_seat = seat(went_out, players)
    out = players[chosen_seat] if chosen_seat is not None else None
    trays = [Tray.read(hand, "") for hand in hands]
    scoring = [player in table.scoring_players(out) for player in players]
    complaint = ""
    if any(points_error(text) for text, counts in zip(typed, scoring, strict=True) if counts):
        complaint = gettext("some points are not whole numbers; see below")
    bonuses_read, adjust_errors = read_adjust(table, *_per_seat(players, *bonuses))
    complaint = complaint or first_of(adjust_errors)
    if chosen_seat is None and went_out != STOCK_RAN_OUT:
        complaint = (
            gettext("say who went out, or that the stock ran out")
            if table.rules.stock_out
            else gettext("say who went out")
        )
    entry = entry_of(players, out, scoring, trays, typed, bent_table, bonuses_read)
    return entry, complaint


def _per_seat(players: Sequence[str], *fields: Sequence[str]) -> list[list[str]]:
    """Each field a text a seat, "" where the form sent none."""
    return [[*given[: len(players)], *[""] * (len(players) - len(given))] for given in fields]


def entry_lines(page: DealPage) -> list[str]:
    """The entry as a few lines to read: who went out, then each player's cards or
    points (``Bob: 7H 8H, 10 points``)."""
    lines = [
        gettext("%(player)s went out", player=page.went_out)
        if page.went_out
        else gettext("The stock ran out")
    ]
    if not page.chosen:
        lines = [gettext("Nobody said to have gone out")]
    for index, player in enumerate(page.sheet.table.players):
        cards, points = page.trays[index].text, page.points[index]
        if not page.scoring[index] or (not cards and points is None and not page.typed[index]):
            continue
        shown = page.typed[index].strip() or "?"
        said = "" if points is None else points_words(words(), points)
        if cards:
            shown = cards if points is None else f"{cards}, {said}"
        elif points is not None:
            shown = said
        lines.append(f"{player}: {shown}")
    return lines


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
    bonuses: tuple[Sequence[str], Sequence[str]] = ((), ()),
) -> DealPage:
    """The form after the tap ``press``: ``went_out`` is the form's choice (a seat or
    :data:`STOCK_RAN_OUT`), ``active`` and ``rank`` the keypad's seat and waiting
    rank, ``hands`` and ``typed`` each seat's cards and typed points, ``bent_table``
    the box ticked where the game doubles a bent table (R63), ``bonuses`` each seat's
    bonus or penalty and its reason (R75), which a tap on a named one adds to.

    One player has one entry: a tap on the keypad replaces the points typed for the
    seat it types for, and points typed (``press`` ``typed:<seat>``) replace the
    cards tapped for that seat.
    """
    table = sheet.table
    players = list(table.players)
    chosen_seat = seat(went_out, players)
    chosen = went_out == STOCK_RAN_OUT or chosen_seat is not None
    out = players[chosen_seat] if chosen_seat is not None else None
    trays = [Tray.read(hand, "") for hand in hands]
    typed = list(typed)
    adjust, reasons = _per_seat(players, *bonuses)
    tapped_seat = seat(active, players)
    if not tap_bonus(press, table.rules, adjust, reasons):
        tapped_seat = _tap(players, trays, typed, tapped_seat, rank, press)
    scoring = [player in table.scoring_players(out) for player in players]
    typed_errors = [points_error(text) for text in typed]
    bonuses_read, adjust_errors = read_adjust(table, adjust, reasons)
    entry = entry_of(players, out, scoring, trays, typed, bent_table, bonuses_read)
    so_far = judge_entry(table, number, entry, said=chosen)
    return DealPage(
        sheet=sheet,
        number=number,
        went_out=out,
        chosen=chosen,
        active=_typing_seat(tapped_seat, scoring),
        trays=trays,
        typed=typed,
        typed_errors=typed_errors,
        points=[so_far.points.get(player) for player in players],
        scoring=scoring,
        adds=so_far.sides if chosen else None,
        adds_error=sentence_of(so_far.problem) if chosen and so_far.problem else "",
        missing=list(so_far.missing),
        seat_errors=_seat_sentences(so_far.errors, players),
        over=[set(so_far.over_the_pack.get(player, ())) for player in players],
        bent_table=so_far.bent_table and chosen,
        adjust=adjust,
        reasons=reasons,
        adjust_errors=_bonus_sentences(adjust_errors, so_far.bonus_errors, players),
        problems=so_far.problems,
    )


def _typing_seat(tapped: int | None, scoring: Sequence[bool]) -> int:
    """The seat the keypad types for: the one tapped if that player scores, else the
    first player who does."""
    if tapped is None or not scoring[tapped]:
        return next((i for i, s in enumerate(scoring) if s), 0)
    return tapped


def _tap(
    players: Sequence[str],
    trays: list[Tray],
    typed: list[str],
    active: int | None,
    rank: str,
    press: str,
) -> int | None:
    """Apply one tap to the trays and typed points; the seat the keypad types for."""
    action, _, value = press.partition(":")
    pressed = seat(value, players)
    if action == "player" and pressed is not None:
        return pressed
    if action == "typed" and pressed is not None:
        if typed[pressed].strip():
            trays[pressed] = Tray()  # the typed points replace the cards
        return active
    if active is not None:
        before = trays[active].cards
        trays[active] = trays[active].waiting(rank).press(press)
        if trays[active].cards != before:
            typed[active] = ""  # the cards tapped replace the typed points
    return active


def _bonus_sentences(
    typed: Sequence[str], judged: Mapping[str, RulesError], players: Sequence[str]
) -> list[str]:
    """Each seat's sentence beside its bonus or penalty: points typed that are no
    number, else the rules core's refusal of it; "" where it is fine."""
    said = _seat_sentences(judged, players)
    return [error or refused for error, refused in zip(typed, said, strict=True)]


def _seat_sentences(errors: Mapping[str, RulesError], players: Sequence[str]) -> list[str]:
    """Each seat's refusal in the request's language; "" where its hand is fine."""
    return [sentence_of(errors[player]) if player in errors else "" for player in players]
