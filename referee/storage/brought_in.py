"""A file of a phone's games brought in on this phone (:mod:`referee.storage.games_file`):
every game judged by the rules core first, then all written in one transaction, or
nothing.

The games become this phone's own: each a new game with an id and an edit key of
its own (the file's ids name games on the server it came from, perhaps this one),
kept on this phone as the other phone kept it (started, joined or followed), an
evening's games still one evening, a game's next game still its next. Nothing
another phone keeps is read or changed. Each game remembers the game it is a copy
of (``Game.origin``), so a file is brought in once: one naming a game this phone
keeps already, as itself or as a copy, is refused whole.

A game's scores are never read from the file: its deals are scored by the rules
core as its sheet will be (:func:`referee.storage.games.sheet_of`), and a file whose
deals do not add up to the totals it states is damaged. So are its undone deals,
which Redo puts back: each the next deal of the game, the last undone first. What the
paper sheet keeps comes along in the same write: the first deal's dealer, each deal's
corrections, and how the evening is won (on the evening's first game, or on each of
its games where the file does not hold its first).
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask_babel import gettext, ngettext
from sqlalchemy import select

from ..rules import RulesError, get_ruleset, parse_cards
from ..rules.scoring import Adjustment, DealScore, Hand, Pot, Sheet, Table, score_deal
from . import again, phones, sealing
from .allowance import UNLIMITED, Allowance
from .database import begin_write, one_transaction
from .db import db
from .games import TOKEN_BYTES, kept_rules, key_hash
from .games_file import (
    FileGame,
    FileUndone,
    GamesFile,
    GamesHereAlready,
    RulesShelfFull,
    damaged,
)
from .models import Buy, Deal, Game, PhoneGame, SavedRules
from .saved_rules import SavedRulesRefused, add_brought_in

__all__ = ["Brought", "bring_in"]

#: How many of the games already here a refusal names.
NAMED = 3


@dataclass(frozen=True)
class Brought:
    """What a file brought: its games, the rules saved with them, and the rules left
    out because the phone keeps rules of the same name."""

    games: int
    rules: int
    rules_left: int


def bring_in(
    token: str, secret: bytes, document: GamesFile, allowance: Allowance = UNLIMITED
) -> Brought:
    """Bring the file's games and saved rules in on the phone of ``token``, as its own.
    The rules core judges every game first (GamesFileRefused, damaged, at the first
    that is not a game it can score, or does not add up); then one transaction: the
    file and its games counted against the address's ``allowance`` (TooManyWrites),
    refused whole if the phone keeps one of the games already (409), every game, deal
    and buy written with fresh ids, committed once."""
    _check_unique(document)
    for game in document.games:
        _judge(game)
    with one_transaction():
        begin_write()
        allowance.spend("import")
        if document.games:  # a file of saved rules alone brings no game
            allowance.spend("brought", len(document.games))
        _check_none_here(token, document)
        ids = {game.id: secrets.token_urlsafe(TOKEN_BYTES) for game in document.games}
        keys = {game.id: secrets.token_urlsafe(TOKEN_BYTES) for game in document.games}
        evenings: dict[str, str] = {}
        for game in document.games:
            db.session.add(_written(game, ids, keys, evenings, secret))
            db.session.add_all(_deals_and_buys(ids[game.id], game))
        db.session.flush()  # the games before the rows that name them
        for game in document.games:
            key = keys[game.id] if game.how != "followed" else None
            db.session.add(
                phones.new_row(token, ids[game.id], game.how, secret, key, game.opened_at)
            )
        kept = _rules_kept(token, document)
        phones.mark_seen(token, datetime.now(UTC))
        db.session.commit()
    rules = len(document.saved_rules)
    return Brought(len(document.games), kept, rules - kept)


# --- Judged first: the rules core's reading of every game -------------------------------


def _check_unique(document: GamesFile) -> None:
    """Each game once in the file, each deal once in a game, each buy once in a deal;
    no game played again as itself."""
    if len({game.id for game in document.games}) != len(document.games):
        raise damaged()
    for game in document.games:
        if game.next_game == game.id:  # a game is never its own next game
            raise damaged()
        if [deal.number for deal in game.deals] != list(range(1, len(game.deals) + 1)):
            raise damaged()
        if len({(buy.deal, buy.player) for buy in game.buys}) != len(game.buys):
            raise damaged()
        # Redo puts back the deal undone last as the next deal, then the one before.
        redone = [deal.number for deal in reversed(game.undone or [])]
        if redone != list(range(len(game.deals) + 1, len(game.deals) + 1 + len(redone))):
            raise damaged()


def _judge(game: FileGame) -> None:
    """The game as the rules core reads it: its rules, its table and first dealer, its
    pot, every deal scored (and every undone deal, as Redo would put it back), every
    buy a player's in a deal the game has, and its totals what the deals add up to;
    damaged otherwise."""
    if game.first_dealer is not None and game.first_dealer not in game.players:
        raise damaged()
    try:
        options = _json(game.options)
        _house_read(game.variant, options, _json(game.house))  # the house rules as given
        rules = kept_rules(game.variant, options, _json(game.rules))  # R73: as kept
        table = Table.seat(
            rules, game.players, game.teams, kept=True, first_dealer=_first_dealer(game)
        )
        if game.pot is not None:
            if not rules.pot:
                raise damaged()
            Pot(game.pot.stake, game.pot.payout)
        sheet = Sheet(table, tuple(_scored(table, deal) for deal in game.deals))
        for deal in reversed(game.undone or []):
            _scored(table, deal)
        for buy in game.buys:
            rules.deal(buy.deal)
            if table.player(buy.player) != buy.player:
                raise damaged()
    except (RulesError, ValueError):
        raise damaged() from None
    if sheet.totals != game.totals:
        raise damaged()


def _first_dealer(game: FileGame) -> int:
    """R76, R78: the seat of deal 1's dealer; the first player's where the file does
    not say (one written before it did)."""
    return game.players.index(game.first_dealer) if game.first_dealer is not None else 0


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@functools.lru_cache(maxsize=64)
def _house_read(variant: str, options: str, house: str) -> None:
    """A game's house rules as the rules core reads them, once a file (a family's
    games share a few): RulesError for rules it cannot read or play."""
    get_ruleset(variant, json.loads(options), json.loads(house))


def _scored(table: Table, deal: FileUndone) -> DealScore:
    hands: dict[str, Hand] = {}
    for name, hand in deal.hands.items():
        if (hand.cards is None) == (hand.points is None):
            raise damaged()  # a hand is its cards or its points
        hands[name] = parse_cards(" ".join(hand.cards)) if hand.cards is not None else hand.points  # type: ignore[assignment]
    adjust = {name: Adjustment(a.points, a.reason) for name, a in (deal.adjust or {}).items()}
    return score_deal(
        table, deal.number, deal.went_out, hands, deal.bent_table, recorded=True, adjust=adjust
    )


# --- Then written, in one transaction ---------------------------------------------------


def _check_none_here(token: str, document: GamesFile) -> None:
    """GamesFileRefused (409) if the phone keeps a game of the file already: the game
    itself, or a copy of it brought in before."""
    here = db.session.execute(
        select(Game.id, Game.origin)
        .join(PhoneGame, PhoneGame.game_id == Game.id)
        .where(PhoneGame.phone == phones.digest(token))
    ).all()
    known = {game_id for game_id, _ in here} | {origin for _, origin in here if origin}
    twice = [game for game in document.games if {game.id, game.origin} & known]
    if not twice:
        return
    named = "; ".join(_named(game) for game in twice[:NAMED])
    raise GamesHereAlready(
        ngettext(
            "This phone keeps a game of this file already (%(games)s): a file's games are "
            "brought in once, on a phone that does not keep them. Nothing was added.",
            "This phone keeps %(num)s games of this file already (%(games)s): a file's "
            "games are brought in once, on a phone that does not keep them. Nothing was added.",
            len(twice),
            games=named + ("; …" if len(twice) > NAMED else ""),
        )
    )


def _named(game: FileGame) -> str:
    return ", ".join(game.players)


def _written(
    game: FileGame,
    ids: dict[str, str],
    keys: dict[str, str],
    evenings: dict[str, str],
    secret: bytes,
) -> Game:
    """The game's new row, with its deals and buys: its own id and edit key, its evening
    and next game those of the file, by their new ids."""
    new_id = ids[game.id]
    row = Game(
        id=new_id,
        edit_key_hash=key_hash(keys[game.id]),
        variant=game.variant,
        options=dict(game.options),
        players=list(game.players),
        teams=list(game.teams) if game.teams is not None else None,
        pot_stake=game.pot.stake if game.pot else None,
        pot_payout=game.pot.payout if game.pot else None,
        house=dict(game.house),
        rules=dict(game.rules) if game.rules is not None else None,
        first_dealer=_first_dealer(game),
        undone=[_entered(deal) for deal in game.undone] if game.undone else None,
        version=1,
        created_at=game.created_at,
        updated_at=datetime.now(UTC),
        origin=game.origin,
    )
    if game.series is None or game.series not in ids:
        # How the evening is won, kept on its first game; on each of its games where
        # the phone did not keep that one (what the evening page reads is its earliest).
        row.evening_won_by = game.evening_won_by
    if game.series is not None:
        # The evening's first game, by its new id; an evening whose first game the phone
        # did not keep is still one evening, under an id of its own.
        row.series = ids.get(game.series) or evenings.setdefault(
            game.series, secrets.token_urlsafe(TOKEN_BYTES)
        )
    if game.next_game is not None and game.next_game in ids:
        row.next_game = ids[game.next_game]
        row.next_key = sealing.seal(
            keys[game.next_game], secret, again.SEALED_FOR, new_id, keys[game.id]
        )
    return row


def _deals_and_buys(game_id: str, game: FileGame) -> Iterable[Deal | Buy]:
    """The game's deals and buys as rows of the game of ``game_id`` (added to the write
    on their own: through the game's collections, each costs a millisecond more)."""
    for buy in game.buys:
        yield Buy(game_id=game_id, deal=buy.deal, player=buy.player, count=buy.count)
    for deal in game.deals:
        yield Deal(game_id=game_id, **_entered(deal), recorded_at=deal.recorded_at)


def _entered(deal: FileUndone) -> dict[str, Any]:
    """A deal's columns as the game keeps them (a deal's row, or an undone deal kept
    for Redo): what the table entered, and its corrections."""
    return {
        "number": deal.number,
        "went_out": deal.went_out,
        "hands": {name: hand.model_dump(exclude_none=True) for name, hand in deal.hands.items()},
        "bent_table": deal.bent_table,
        "adjust": (
            {name: a.model_dump() for name, a in deal.adjust.items()} if deal.adjust else None
        ),
        "corrected": deal.corrected,
    }


def _rules_kept(token: str, document: GamesFile) -> int:
    """The file's saved rules kept on the phone, each judged by the rules core first;
    those of a name the phone keeps already left as the phone has them."""
    kept = 0
    for saved in document.saved_rules:
        try:
            get_ruleset(saved.variant, saved.options, saved.house)
            row = SavedRules(
                variant=saved.variant,
                name=saved.name,
                options=dict(saved.options),
                house=dict(saved.house),
                saved_at=saved.saved_at,
            )
            kept += add_brought_in(token, row)
        except RulesError:
            raise damaged() from None
        except SavedRulesRefused as refused:
            raise RulesShelfFull(
                gettext("Nothing was added: %(why)s.", why=str(refused).rstrip("."))
            ) from None
    return kept
