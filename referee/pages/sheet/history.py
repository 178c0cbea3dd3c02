"""After a game: play again with the same players, and the history of the games on
this phone with the wins of each player across them (no sign-up: the phone is its
cookie's token, see :mod:`referee.pages.phone_memory`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext, ngettext

from ...plumbing.extensions import csrf
from ...plumbing.json_text import MAX_BODY_BYTES
from ...plumbing.limits import allowance
from ...rules import RulesError, get_ruleset
from ...rules.bookkeeping import next_first_dealer
from ...rules.scoring import Table
from ...storage import games
from ...storage.allowance import TooManyWrites
from ...storage.games_file import GamesFileRefused, read_games_file, too_big
from ...storage.models import Game
from ...storage.phones import Kept
from .. import phone_memory
from ..forms import GamesFileForm, KeepForm, PlayAgainForm
from ..words import progress_words, winners_by_name

#: How the phone came to a game, as its history says it.
HOW = {
    "started": lazy_gettext("started"),
    "joined": lazy_gettext("joined"),
    "followed": lazy_gettext("followed"),
}

bp = Blueprint("history", __name__)


def next_seating(game: Game) -> tuple[list[str], list[str] | None, int]:
    """The players of the next game in the same seats, as a paper sheet keeps its
    columns, with their teams, and the seat of its first dealer: the first deal
    passes on as any deal does (R78), to whoever dealt this game's deal 2.

    >>> from referee.storage.models import Game
    >>> next_seating(Game(players=["Ann", "Bob", "Cat", "Dan"], teams=["We", "They"],
    ...                   variant="push", options={"partnerships": True}, first_dealer=0))
    (['Ann', 'Bob', 'Cat', 'Dan'], ['We', 'They'], 1)
    """
    table = games.table_of(game)
    teams = [side.name for side in table.sides] if game.teams else None
    return list(table.players), teams, next_first_dealer(table)


@bp.post("/games/<game_id>/again")
def play_again(game_id: str) -> Any:
    """A new game of the same variant, options, house rules (R73) and pot, the same
    players in the same seats, the next one dealing first (R78); this phone keeps its
    sheet. One next game
    for the table, however many phones tap, at once or one after the other: made by
    the first phone that may change this game, and then found by all."""
    game = phone_memory.load(game_id)
    sheet_url = url_for("sheet.game", game_id=game.id)
    if not PlayAgainForm().validate() or not games.sheet_of(game).finished:
        return redirect(sheet_url, 303)
    players, teams, first_dealer = next_seating(game)
    pot = (
        (game.pot_stake, game.pot_payout)
        if game.pot_stake is not None and game.pot_payout is not None
        else None
    )

    def start() -> tuple[Game, str]:
        house = games.house_again(game)  # R73: the same rules
        rules = get_ruleset(game.variant, dict(game.options), house)
        table = Table.seat(rules, players, teams, first_dealer=first_dealer)
        return games.add_game(rules, table, pot, allowance(), house=house, again=game)

    try:
        started = phone_memory.play_again(game.id, start)
    except RulesError:
        started = None
    return redirect(url_for("sheet.game", game_id=started) if started else sheet_url, 303)


@bp.post("/games/<game_id>/keep")
def keep(game_id: str) -> Any:
    """Keep a game this phone reads: listed on its home page and in its history. Only
    this tap keeps it; opening the sheet keeps nothing."""
    game = phone_memory.load(game_id)
    if KeepForm().validate():
        phone_memory.remember(game)
    return redirect(url_for("sheet.game", game_id=game.id), 303)


@dataclass(frozen=True)
class Line:
    """A game in the history: its link, its title, how far it is, who won."""

    game: Game
    title: str
    how: str
    finished: bool
    progress: str
    winners: list[str]


def lines(kept: list[Kept]) -> list[Line]:
    found = []
    for entry in kept:
        sheet = games.sheet_of(entry.game)
        found.append(
            Line(
                game=entry.game,
                title=phone_memory.title(entry.game),
                how=str(HOW.get(entry.how, entry.how)),
                finished=sheet.finished,
                progress=progress_words(sheet),
                winners=winners_by_name(sheet),
            )
        )
    return found


def wins(history: list[Line]) -> list[tuple[str, int, int]]:
    """Each player's name with the finished games played and won, the most wins first
    (a name is a person: the same name at two tables counts once)."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for line in history:
        if not line.finished:
            continue
        played.update(set(line.game.players))
        won.update(set(line.winners))
    return sorted(
        ((name, played[name], won[name]) for name in played),
        key=lambda row: (-row[2], -row[1], row[0].casefold()),
    )


def brought_words(games_brought: int, rules: int, left: int) -> str:
    """What a file brought, as the history page says it once it is in."""
    said = [
        ngettext(
            "%(num)s game brought in: it is this phone's now.",
            "%(num)s games brought in: they are this phone's now.",
            games_brought,
        )
    ]
    if rules:
        said.append(
            ngettext("%(num)s set of saved rules too.", "%(num)s sets of saved rules too.", rules)
        )
    if left:
        said.append(
            ngettext(
                "%(num)s set of saved rules left out: this phone keeps rules of that name "
                "already.",
                "%(num)s sets of saved rules left out: this phone keeps rules of those names "
                "already.",
                left,
            )
        )
    return " ".join(said)


def _count(name: str) -> int:
    value = request.args.get(name, "")
    return int(value) if value.isdigit() and len(value) < 6 else 0


@bp.get("/history")
def history() -> Any:
    notice = ""
    if "brought" in request.args:
        notice = brought_words(_count("brought"), _count("rules"), _count("left"))
    return _history_page(GamesFileForm(), notice=notice)


def _history_page(
    form: GamesFileForm,
    refused: str = "",
    notice: str = "",
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> Any:
    found = lines(phone_memory.kept_games())
    page = render_template(
        "history.html",
        lines=found,
        wins=wins(found),
        form=form,
        refused=refused,
        notice=notice,
        keeps_rules=bool(phone_memory.saved_rules()),
    )
    return page, status, headers or {}


@bp.get("/history/rummy-referee-games.json.gz")
def games_file() -> Response:
    """This phone's games as one file, downloaded (docs/playing.md)."""
    day = datetime.now(UTC).date().isoformat()
    return Response(
        phone_memory.games_file_of_this_phone(),
        mimetype="application/gzip",
        headers={
            "Content-Disposition": f'attachment; filename="rummy-referee-games-{day}.json.gz"',
            "Cache-Control": "no-store",
        },
    )


@bp.post("/history/bring-in")
def bring_in() -> Any:
    """Bring a file of games in on this phone: refused whole with a sentence (the page
    drawn again), or every game this phone's, and the history with them."""
    if (request.content_length or 0) > MAX_BODY_BYTES:  # before a byte of the form is read
        form = GamesFileForm(formdata=None)
        return _history_page(form, str(too_big()), status=413, headers={"Connection": "close"})
    form = GamesFileForm()
    if not form.validate_on_submit():
        errors = form.games_file.errors or [
            gettext("This page was out of date: reload it and try again.")
        ]
        return _history_page(form, str(errors[0]), status=400)
    try:
        document = read_games_file(form.games_file.data.read(MAX_BODY_BYTES + 1))
        brought = phone_memory.bring_in(document)
    except GamesFileRefused as refused:
        return _history_page(form, str(refused), status=refused.status)
    except TooManyWrites as refused:
        headers = {"Retry-After": str(refused.retry_after)}
        return _history_page(form, str(refused), status=429, headers=headers)
    done = url_for(
        "history.history", brought=brought.games, rules=brought.rules, left=brought.rules_left
    )
    return redirect(done, 303)


# The form's own token is checked (validate_on_submit), once the file's size is: the app's
# check would read the whole form first, and answer a file too big with no word of files.
csrf.exempt(bring_in)
