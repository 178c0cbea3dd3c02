"""Start a game (its sheet is :mod:`referee.pages.sheet.sheet`), with the table's
house rules (docs/rules.md#R68-R74): the form's working out is :mod:`.house_form`'s,
rules cards and the live words are :mod:`.table_rules`'."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, request, url_for
from flask_babel import gettext, ngettext

from ...plumbing.language import DEFAULT_LANGUAGE, current_language
from ...plumbing.limits import allowance
from ...plumbing.sentences import request_words, sentence_of
from ...rules import (
    MELD_MINIMUMS,
    VARIANTS,
    MeldWords,
    RulesError,
    Ruleset,
    Variant,
    contracts_left,
    get_ruleset,
)
from ...rules.reasons import Reason
from ...rules.text import skeleton
from ...rules.words import left_alone_words
from ...storage import games
from ...storage.allowance import TooManyWrites
from ...storage.idempotency import Replay
from ...storage.models import Game
from ...storage.saved_rules import SavedRulesRefused
from .. import phone_memory
from ..forms import NewGameForm
from ..htmx import fragment, redirect_after_write
from ..keypad import whole_number
from ..words import families, form_words
from .house_form import HouseVerdict, drawn, followed, judge
from .house_taps import act
from .house_typed import (
    COMMON,
    DECK_CHOICES,
    JOKER_CHOICES,
    MORE,
    SHOWN,
    HouseTyped,
    PackRow,
    read_typed,
)
from .house_values import shown_values
from .rules_cards import RulesCard

bp = Blueprint("games", __name__)

#: The rules core's refusals of a table's teams, said beside the team names.
TEAM_REASONS = frozenset({"teams_needed", "no_teams"})


def chosen_variant(variant_id: str | None) -> Variant:
    """The variant a page's address names (Push by default); the 404 page if none is."""
    variant = VARIANTS.get(variant_id or "push")
    if variant is None:
        abort(404)
    return variant


@dataclass
class HousePage:
    """The house rules part of the new-game form, as drawn: the fields as typed, the
    rules core's verdict, the book the fields were drawn for (its words name the
    melds), whether it is open, the name to save the rules under, what saving said,
    and the rules card of the rules as they stand."""

    variant: Variant
    typed: HouseTyped
    verdict: HouseVerdict
    open: bool = False
    name: str = ""
    #: What a save or a forget said, beside the button: done, or why not.
    notice: str = ""
    refused: str = ""

    @property
    def book(self) -> Ruleset:
        try:
            return self.variant.ruleset(self.typed.options)
        except RulesError:
            return self.variant.ruleset()

    @property
    def words(self) -> MeldWords:
        return form_words(self.book)

    @property
    def errors(self) -> Mapping[str, str]:
        return self.verdict.errors

    @property
    def slots(self) -> list[str]:
        """Every place a sentence may stand beside: a field, a deal, or the rules as a
        whole (``rules``)."""
        deals = [f"deal-{n}" for n in range(1, len(self.typed.deals) + 1)]
        return [*SHOWN, *deals, "rules"]

    def error(self, slot: str) -> str:
        return self.errors.get("" if slot == "rules" else slot, "")

    @property
    def pack_rows(self) -> list[tuple[PackRow, int, int]]:
        """Each row of the pack with the player counts it is shown for: those of its
        span the game is played at."""
        counts = self.book.players
        shown = []
        for row in self.typed.pack:
            low, high = whole_number(row.low) or 0, whole_number(row.high) or 0
            shown.append((row, max(low, min(counts)), min(high, max(counts))))
        return shown

    #: The fields beside which a change may leave contracts as they were.
    minimum_keys = tuple(key for key, _ in MELD_MINIMUMS)

    @property
    def left_alone(self) -> dict[str, tuple[str, str]]:
        """Beside a change of a shortest meld, the contracts it leaves as they were,
        and the tap that changes them with it (R68), by the field's key."""
        book = self.book
        return {
            left.key: left_alone_words(request_words(), book.words.plain(), left)
            for left in contracts_left(book, self.verdict.house)
        }

    @property
    def more_open(self) -> bool:
        return any(key in self.errors for key in MORE)

    @property
    def card(self) -> str | None:
        """The rules card of the rules as they stand (a link's token); None when the
        rules core refuses them."""
        if self.verdict.rules is None:
            return None
        options = dict(self.verdict.rules.options)
        return RulesCard(self.name, self.variant.id, options, self.verdict.house).token

    @property
    def values(self) -> dict[str, str]:
        """The values as the form shows them: the table's own as typed, the others as
        the rules now make them."""
        typed = self.typed
        return shown_values(typed.values, typed.implied, self.verdict.implied, self.book)

    @property
    def followed(self) -> dict[str, str]:
        """The values a change of another rule has just changed on the form."""
        return {t: v for t, v in self.values.items() if self.typed.values.get(t) != v}

    @property
    def implied(self) -> str:
        return json.dumps(dict(self.verdict.implied), separators=(",", ":"))

    @property
    def changes_text(self) -> str:
        count = len(self.verdict.said)
        said: str = (
            gettext("not playable as they stand")
            if self.errors
            else ngettext("%(num)d change", "%(num)d changes", count)
            if count
            else gettext("as the book has them")
        )
        return said


def house_page(
    variant: Variant, options: Mapping[str, bool], typed: HouseTyped, **shown: Any
) -> HousePage:
    """The house rules part, judged by the rules core."""
    verdict = judge(variant, options, typed)
    return HousePage(variant, typed, verdict, **shown)


def opened(variant: Variant, options: Mapping[str, bool]) -> HousePage:
    """The house rules part as the form opens: the book's rules, closed."""
    return house_page(variant, options, drawn(variant.ruleset(options), options))


def new_game_page(
    form: NewGameForm,
    variant: Variant,
    house: HousePage,
    errors: list[str],
    status: int,
    fields: Mapping[str, str] | None = None,
) -> Any:
    """The new-game form (or, for htmx, only the form), with the phone's saved rules
    first (R74). ``errors``: what is wrong, at the top of a form just opened; after
    *Start*, what stopped the game, beside *Start* (where the thumb is); ``fields``:
    what is wrong with one field (by its id), said beside it and beside *Start*."""
    rules = house.verdict.rules or variant.ruleset(form.chosen_options(dict(variant.defaults)))
    page = fragment(
        "home.html",
        "_new_game.html",
        form=form,
        variant=variant,
        rules=rules,
        house=house,
        # A house key one of the game's options names is that option's, shown once.
        common=[key for key in COMMON if key not in variant.named_keys],
        more=[key for key in MORE if key not in variant.named_keys],
        decks=DECK_CHOICES,
        jokers=JOKER_CHOICES,
        saved=[
            (kept.name, RulesCard(kept.name, kept.variant, kept.options, kept.house).token)
            for kept in phone_memory.saved_rules()
        ],
        families=families(request_words()),
        errors=errors,
        fields=fields or {},
        started=request.method == "POST",
        recent=phone_memory.recent(),
    )
    return page, status


@bp.route("/", methods=["GET", "POST"])
def home() -> Any:
    form = NewGameForm()
    variant = chosen_variant(request.values.get("variant"))
    if request.method == "GET":
        for name, default in variant.defaults.items():
            getattr(form, f"option_{name}").data = default
        return new_game_page(form, variant, opened(variant, variant.defaults), [], 200)
    options = form.chosen_options(dict(variant.defaults))
    typed = read_typed(request.form, options)
    action = request.form.get("house_action", "")
    if action:
        return _house_step(form, variant, options, typed, action)
    house = house_page(variant, options, typed, name=request.form.get("rules_name", ""))
    house.open = bool(house.verdict.said or house.errors)
    errors: list[str] = []
    fields: dict[str, str] = {}
    if form.validate() and house.verdict.rules is not None:
        try:
            game, edit_key = _start(form, variant, house.verdict.house)
        except RulesError as error:
            fields[field_of(error.reason, form)] = sentence_of(error)
        except TooManyWrites as refused:
            return limited(new_game_page(form, variant, house, [str(refused)], 429), refused)
        else:
            phone_memory.remember(game, edit_key, how="started")
            return redirect_after_write(url_for("sheet.game", game_id=game.id))
    elif "csrf_token" in form.errors:
        errors.append(gettext("the page was out of date; try again"))
    fields |= {field.id: error for field in (form.stake, form.payout) for error in field.errors}
    if house.verdict.rules is None:
        fields["house"] = gettext(
            "these rules cannot be played as they stand: see the field marked"
        )
    return new_game_page(form, variant, house, errors, 422, fields)


def field_of(reason: Reason, form: NewGameForm) -> str:
    """The id of the field a refusal of the table is about, to say it beside: the
    player's or team's name it names (the last of two alike), else the players or the
    teams as a whole."""
    about = "teams" if reason.get("who") == "team" or reason.code in TEAM_REASONS else "players"
    name = reason.get("name")
    if reason.code != "players_not_allowed" and isinstance(name, str):
        typed = [*form.players, *form.teams] if about == "players" else [*form.teams]
        alike: list[str] = [
            f.id for f in typed if f.data and skeleton(f.data.strip()) == skeleton(name)
        ]
        if alike:
            return alike[-1]
    return about


def _house_step(
    form: NewGameForm, variant: Variant, options: dict[str, bool], typed: HouseTyped, action: str
) -> Any:
    """A tap in the house rules that starts no game: add or remove a row, say the
    changes (the form without its script), save the rules on the phone or forget
    them. The form comes back as typed."""
    name = request.form.get("rules_name", "")
    if action.startswith("follow-"):  # the contracts changed with a shortest meld
        typed = followed(variant, options, typed, action.removeprefix("follow-"))
    house = house_page(variant, options, act(typed, action), open=True, name=name)
    if action == "save":
        refused = _save(form, variant, options, house)
        if refused is not None:
            return limited(new_game_page(form, variant, house, [], 429), refused)
    elif action == "forget" and form.validate() and name.strip():
        phone_memory.forget_rules(name)
        house.notice = gettext("“%(name)s” is no longer saved on this phone.", name=name.strip())
    return new_game_page(form, variant, house, [], 200)


def limited(answer: tuple[Any, int], refused: TooManyWrites) -> tuple[Any, int, dict[str, str]]:
    """A page answered past the address's allowance: its 429, and when to try again."""
    return (*answer, {"Retry-After": str(refused.retry_after)})


def _save(
    form: NewGameForm, variant: Variant, options: dict[str, bool], house: HousePage
) -> TooManyWrites | None:
    """Save the rules on this phone under the name typed (R74), and say so, or why not;
    the refusal when the address saved its allowance of rules this minute."""
    if not form.validate():
        house.refused = gettext("the page was out of date: tap Save again")
    elif house.verdict.rules is None:
        house.refused = gettext("these rules cannot be played as they stand: see the field marked")
    else:
        try:
            house.name = phone_memory.save_rules(
                house.name, variant.id, options, house.verdict.house
            )
        except (SavedRulesRefused, TooManyWrites) as refused:
            house.refused = str(refused)
            return refused if isinstance(refused, TooManyWrites) else None
        house.notice = gettext(
            "Saved on this phone as “%(name)s”: it is offered first next time.",
            name=house.name,
        )
    return None


def _start(form: NewGameForm, variant: Variant, house: dict[str, object]) -> tuple[Game, str]:
    """Start the game the form describes: the game and its edit key, or RulesError
    when the rules core refuses the table."""
    players = [name for name in form.players.data if name]
    options = form.chosen_options(dict(variant.defaults))
    teams = [name.strip() for name in form.teams.data if name.strip()] or _unnamed_teams(
        variant, options
    )
    created = games.create_game(
        variant.id,
        players,
        options,
        teams,
        _pot(form, variant),
        allowance=allowance(),
        house=house or None,
    )
    assert not isinstance(created, Replay)  # no Idempotency-Key was sent
    return created


def _unnamed_teams(variant: Variant, options: dict[str, bool]) -> list[str] | None:
    """Teams left unnamed are called what the table calls them, We and They, in the
    page's language; in English the rules core names them so itself (None)."""
    if current_language() == DEFAULT_LANGUAGE or not get_ruleset(variant.id, options).partnerships:
        return None
    return [gettext("We"), gettext("They")]


def _pot(form: NewGameForm, variant: Variant) -> tuple[int, int] | None:
    """The pot asked for (R33): where the game may play for one and a stake is given."""
    if variant.base.pot and form.stake.data is not None:
        return (form.stake.data, form.payout.data or 0)
    return None
