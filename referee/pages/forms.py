"""Flask-WTF forms of the pages: they check the shape of what was typed (and the
CSRF token); what it means under the rules is the rules core's to say."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    StringField,
)
from wtforms.validators import NumberRange, Optional, Regexp

from ..rules import VARIANTS
from ..rules.bookkeeping import EVENING_WON_BY
from ..rules.variants import OPTIONS

#: The most players any game seats (R49: up to eight), the form's name fields.
MOST_PLAYERS = max(max(variant.base.players) for variant in VARIANTS.values())


class NewGameForm(FlaskForm):
    """Start a game: the variant, players in seat order, teams, options, the pot."""

    players = FieldList(
        StringField(lazy_gettext("Player"), filters=[lambda s: s.strip() if s else s]),
        min_entries=MOST_PLAYERS,
        max_entries=MOST_PLAYERS,
    )
    teams = FieldList(StringField(lazy_gettext("Team"), default=""), min_entries=2, max_entries=2)
    stake = IntegerField(
        lazy_gettext("Each pays in"),
        validators=[Optional(), NumberRange(min=0, message=lazy_gettext("0 or more"))],
    )
    payout = IntegerField(
        lazy_gettext("Going out takes"),
        validators=[Optional(), NumberRange(min=0, message=lazy_gettext("0 or more"))],
    )

    def chosen_options(self, offered: dict[str, bool]) -> dict[str, bool]:
        return {name: getattr(self, f"option_{name}").data for name in offered}


for _name, _option in OPTIONS.items():
    setattr(NewGameForm, f"option_{_name}", BooleanField(_option.description))


class JoinForm(FlaskForm):
    """Join a game as an editor on this phone, with the edit key from the link."""

    key = StringField(
        lazy_gettext("Edit key"),
        validators=[Regexp(r"^[\w-]{8,64}$", message=lazy_gettext("not a key"))],
    )


class UndoForm(FlaskForm):
    """Undo the last deal, as the sheet showed it (its version)."""

    version = HiddenField(default="")


class DealForm(FlaskForm):
    """The end of a deal: who went out (a seat number, or deal_entry.STOCK_RAN_OUT).

    Each player's cards (``hand-<seat>``, a card string the keypad builds) and
    points (``points-<seat>``, typed) are read by seat; ``active`` is the seat the
    keypad types for, ``rank`` a rank tapped and waiting for its suit.
    """

    went_out = StringField(lazy_gettext("Who went out?"))
    #: R63, shown only where the game doubles a bent table.
    bent_table = BooleanField(lazy_gettext("Bent table"))
    active = HiddenField(default="")
    rank = HiddenField(default="")
    version = HiddenField(default="")
    #: Made when the form opens; every save of this entry carries it (Idempotency-Key).
    attempt = HiddenField(default="")
    #: The deal the entry is for: an entry kept on the phone belongs to that deal only.
    deal = HiddenField(default="")


class PlayAgainForm(FlaskForm):
    """Play again with the same players (only its CSRF token)."""


class NightForm(FlaskForm):
    """How the table wins its evening (R78): one of the rules core's ways."""

    won_by = RadioField(
        choices=[
            SelectChoice(way, label)
            for way, label in zip(
                EVENING_WON_BY,
                [lazy_gettext("the evening total"), lazy_gettext("games won")],
                strict=True,
            )
        ],
        default=EVENING_WON_BY[0],
    )


class KeepForm(FlaskForm):
    """Keep a game this phone reads among its games (only its CSRF token)."""


class GamesFileForm(FlaskForm):
    """A file of a phone's games to bring in on this one (the history page's)."""

    games_file = FileField(
        lazy_gettext("File of games"),
        validators=[FileRequired(lazy_gettext("Choose the file of games to bring in."))],
    )


class BuyForm(FlaskForm):
    """A buy, or its take-back (R77), for one player of the sheet; which of the two
    is the button tapped (``action``: ``buy`` or ``undo``)."""

    player = HiddenField(default="")
    action = HiddenField(default="buy")
    #: The game's version the sheet was drawn at: a second tap sent before the sheet
    #: came back (a double tap, a retry) is refused, never a second buy unseen.
    version = HiddenField(default="")
