"""Flask-WTF forms of the pages: they check the shape of what was typed (and the
CSRF token); what it means under the rules is the rules core's to say."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, HiddenField, IntegerField, StringField
from wtforms.validators import NumberRange, Optional, Regexp

from .rules.variants import OPTIONS


class NewGameForm(FlaskForm):
    """Start a game: the variant, players in seat order, teams, options, the pot."""

    players = FieldList(
        StringField("Player", filters=[lambda s: s.strip() if s else s]),
        min_entries=6,
        max_entries=6,
    )
    teams = FieldList(StringField("Team", default=""), min_entries=2, max_entries=2)
    stake = IntegerField(
        "Each pays in", validators=[Optional(), NumberRange(min=0, message="0 or more")]
    )
    payout = IntegerField(
        "Going out takes", validators=[Optional(), NumberRange(min=0, message="0 or more")]
    )

    def chosen_options(self, offered: dict[str, bool]) -> dict[str, bool]:
        return {name: getattr(self, f"option_{name}").data for name in offered}


for _name, _option in OPTIONS.items():
    setattr(NewGameForm, f"option_{_name}", BooleanField(_option.description))


class JoinForm(FlaskForm):
    """Join a game as an editor on this phone, with the edit key from the link."""

    key = StringField("Edit key", validators=[Regexp(r"^[\w-]{8,64}$", message="not a key")])


class UndoForm(FlaskForm):
    """Undo the last deal, as the sheet showed it (its version)."""

    version = HiddenField(default="")


class DealForm(FlaskForm):
    """The end of a deal: who went out (a seat number, or STOCK_RAN_OUT).

    Each player's cards (``hand-<seat>``, a card string the keypad builds) and
    points (``points-<seat>``, typed) are read by seat; ``active`` is the seat the
    keypad types for, ``rank`` a rank tapped and waiting for its suit.
    """

    went_out = StringField("Who went out?")
    active = HiddenField(default="")
    rank = HiddenField(default="")
    version = HiddenField(default="")
    #: Made when the form opens; every save of this entry carries it (Idempotency-Key).
    attempt = HiddenField(default="")

    STOCK_RAN_OUT = "stock"


#: The most digits a number typed or sent in a form field is read with: more than any
#: seat, version or hand's points, far fewer than Python refuses to read.
DIGITS = 18


def whole_number(text: str | None) -> int | None:
    """The whole number in a form field (decimal digits, of any script, as ``int``
    reads them; spaces round them allowed), or None. Never raises, whatever a
    tampered form sends: "²" is a digit but no number, and 5,000 digits are refused."""
    text = (text or "").strip()
    if text.isdecimal() and len(text) <= DIGITS:
        return int(text)
    return None


def points_error(typed: str) -> str:
    """The sentence for typed points that are not a whole number, or ""."""
    text = typed.strip()
    if not text or whole_number(text) is not None:
        return ""
    if text.isdecimal():
        return "no hand holds that many points"
    return "points are a whole number, like 25"
