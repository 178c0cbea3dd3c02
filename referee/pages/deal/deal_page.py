"""The deal form's part of the page (``_deal_form.html``) worked out from what the
form sends alone (and, of the game, what :class:`DealFacts` says): the entry after
the tap, and everything the template draws with it.

No request, no database and no Flask: the server's view (:mod:`.deals`) and the
referee on the phone (:mod:`.on_the_phone`) both draw the form from this, so a tap
made with no network is drawn on the phone as the server would have drawn it, and
what the phone shows above *Save* is the server's, word for word.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...rules import played_rules
from ...rules.scoring import Sheet, Table
from ...rules.words import card_values_words
from ..keypad import KEY_SUITS, RANKS
from ..speech import gettext, words
from ..words import adds_lines, sheet_heads
from .deal_entry import STOCK_RAN_OUT, DealPage, work_out


@dataclass(frozen=True)
class DealFacts:
    """What the deal form reads of the game: its rules as it kept them (R73, its house
    rules with them), its players and teams, the deal to enter next and whether this
    phone may enter it. The deal's page hands them to the phone as they are."""

    id: str
    variant: str
    options: dict[str, bool]
    kept: dict[str, Any] | None
    players: list[str]
    teams: list[str] | None
    deal: int
    editable: bool

    def table(self) -> Table:
        rules = played_rules(self.variant, self.options, self.kept)
        return Table.seat(rules, self.players, self.teams, kept=True)


@dataclass
class DealFields:
    """The deal form's own fields, as sent and as drawn again: who went out, the bent
    table (R63), the seat the keypad types for and a rank waiting for its suit, the
    sheet's version and the attempt key the form opened with (a Save counts once),
    the deal the entry is for, the CSRF token; each seat's cards, typed points, bonus
    or penalty and its reason; and the tap (``press``)."""

    went_out: str = ""
    bent_table: bool = False
    active: str = ""
    rank: str = ""
    version: str = ""
    attempt: str = ""
    deal: str = ""
    csrf_token: str = ""
    hands: list[str] = field(default_factory=list)
    typed: list[str] = field(default_factory=list)
    adjust: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    press: str = ""

    @classmethod
    def read(cls, form: Mapping[str, str], seats: int) -> DealFields:
        """The fields a tap sends, ``seats`` of each (a field not sent is empty, a box
        not ticked is not sent, as a browser sends a form)."""

        def each(name: str) -> list[str]:
            return [form.get(f"{name}-{seat}", "") for seat in range(seats)]

        return cls(
            went_out=form.get("went_out", ""),
            bent_table=form.get("bent_table", "") not in ("", "false"),
            active=form.get("active", ""),
            rank=form.get("rank", ""),
            version=form.get("version", ""),
            attempt=form.get("attempt", ""),
            deal=form.get("deal", ""),
            csrf_token=form.get("csrf_token", ""),
            hands=each("hand"),
            typed=each("points"),
            adjust=each("adjust"),
            reasons=each("reason"),
            press=form.get("press", ""),
        )


def worked_out(sheet: Sheet, number: int, fields: DealFields, saving: bool = False) -> DealPage:
    """The entry for deal ``number`` after the tap the fields hold (none on Save); the
    fields then say the keypad's seat and waiting rank as worked out."""
    page = work_out(
        sheet,
        number,
        went_out=fields.went_out,
        active=fields.active,
        rank=fields.rank,
        press="" if saving else fields.press,
        hands=fields.hands,
        typed=fields.typed,
        bent_table=fields.bent_table,
        bonuses=(fields.adjust, fields.reasons),
    )
    fields.active, fields.rank = str(page.active), page.rank
    return page


def form_context(
    page: DealPage, fields: DealFields, *, action: str, editable: bool, correcting: bool
) -> dict[str, Any]:
    """What ``_deal_form.html`` draws besides the game and what another phone changed
    (the server's alone): the entry, the form's fields, the choices of who went out,
    the card values and the sums' column heads, in the language spoken; ``action``,
    the address a tap is sent to."""
    rules = page.sheet.table.rules
    # The sums name each side by its column head on the sheet (short from five on).
    heads = sheet_heads([side.name for side in page.sheet.table.sides])
    choices = [(str(seat), name) for seat, name in enumerate(page.sheet.table.players)]
    if rules.stock_out:  # R64: where the discards are reshuffled, someone always goes out
        choices.append((STOCK_RAN_OUT, gettext("Nobody: the stock ran out")))
    return {
        "page": page,
        "fields": fields,
        "action": action,
        "correcting": correcting,
        "editable": editable,
        "went_out_choices": choices,
        "rules": rules,
        "card_values": card_values_words(words(), rules),
        "heads": {full: shown for shown, full in heads},
        "adds_lines": adds_lines([shown for shown, _ in heads]),
        "ranks": RANKS,
        "suits": KEY_SUITS,
        "deal_rule": rules.deal(page.number),
    }


def phone_deal_context(facts: DealFacts, form: Mapping[str, str], action: str) -> dict[str, Any]:
    """The deal form after a tap, drawn where the server cannot be asked: a new deal's
    entry, made for the deal the game's page says is next. An entry made for another
    deal is the server's to show, beside the sheet as it is now (a ``LookupError``)."""
    table = facts.table()
    fields = DealFields.read(form, len(table.players))
    if fields.deal and fields.deal != str(facts.deal):
        raise LookupError(f"an entry for deal {fields.deal}, not deal {facts.deal}")
    # The entry is judged against the table alone: no deal saved before it counts.
    page = worked_out(Sheet(table, ()), facts.deal, fields)
    context = form_context(page, fields, action=action, editable=facts.editable, correcting=False)
    return context | {"game": facts, "stale": None, "leftover": None, "next_deal": facts.deal}
