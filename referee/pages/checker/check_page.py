"""The meld checker worked out from its address alone (and, in a game, from what it
reads of the game: :class:`GameFacts`): the checker after the tap, and everything
its part of the page (``_checker.html``) draws.

No request, no database and no Flask: the server's views (:mod:`.checker`) and the
referee on the phone (:mod:`.on_the_phone`) both draw the page from this, so the
phone's answer offline is the server's, word for word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from ...rules import DealRule, Ruleset, Variant, played_rules
from ...rules.words import deal_words
from ..speech import words
from ..words import families
from .checker_views import Checker
from .meld_checker import Refusals, Solving, run_checker


@dataclass(frozen=True)
class CheckPage:
    """The checker, the address's own arguments beside its state (the variant, the
    deal), and what the template draws besides."""

    checker: Checker
    url_args: dict[str, Any]
    context: dict[str, Any]


def chosen_deal(rules: Ruleset, number: str | None) -> DealRule | None:
    """The deal the address names, if the game has it (an address that names no
    deal of the game checks melds alone, as before a deal is chosen).

    >>> from referee.rules import get_ruleset
    >>> [chosen_deal(get_ruleset("push"), n) for n in ("0", "²", "1000", None)]
    [None, None, None, None]
    """
    # Decimal digits only ("²" is a digit int() refuses), and few of them.
    if not (number and number.isdecimal() and len(number) <= 3):
        return None
    if not 1 <= int(number) <= len(rules.deals):
        return None
    return rules.deal(int(number))


def check_page(
    variant: Variant,
    fields: Mapping[str, str],
    melds: Sequence[str],
    solving: Solving = nullcontext,
    refusals: Refusals = (),
) -> CheckPage:
    """``/check`` under ``variant``'s rules, after the tap its ``fields`` hold: one
    meld, a lay-off or a rescue; with a deal chosen, the initial meld against its
    contract and My hand, as in a game."""
    rules = variant.ruleset()
    deal = chosen_deal(rules, fields.get("deal"))
    checker = run_checker(
        fields,
        melds,
        rules,
        deal=deal.number if deal else None,
        solving=solving,
        refusals=refusals,
    )
    url_args: dict[str, Any] = {"variant": variant.id} if variant.id != "push" else {}
    if deal is not None:
        url_args["deal"] = deal.number
    said = words()
    context = {
        "variant": variant,
        "families": families(said),
        "rules": rules,
        "game": None,
        "deal": deal,
        "contract_text": deal_words(said, rules, deal) if deal else "",
        "deals": [(each, deal_words(said, rules, each)) for each in rules.deals],
    }
    return CheckPage(checker, url_args, context)


@dataclass(frozen=True)
class GameFacts:
    """What a game's checker reads of the game: its rules as it kept them (R73), how
    many play, the deal being played (once the game is over, its last) and whether
    it is over. The game's page hands them to the phone as they are."""

    id: str
    variant: str
    options: dict[str, bool]
    kept: dict[str, Any] | None
    players: int
    deal: int
    finished: bool

    def rules(self) -> Ruleset:
        return played_rules(self.variant, self.options, self.kept)


def game_check_page(
    game: GameFacts,
    fields: Mapping[str, str],
    melds: Sequence[str],
    rules: Ruleset | None = None,
    solving: Solving = nullcontext,
    refusals: Refusals = (),
) -> CheckPage:
    """A game's checker after the tap its ``fields`` hold, under the game's rules
    (``rules``, where the caller has them already): the initial meld against the
    contract of the deal being played first; once the game is over, of any deal
    the address names."""
    rules = rules or game.rules()
    deal = rules.deal(game.deal)
    if game.finished:
        deal = chosen_deal(rules, fields.get("deal")) or deal
    asked = dict(fields)
    asked.setdefault("mode", "contract")
    checker = run_checker(
        asked, melds, rules, game.players, deal.number, solving=solving, refusals=refusals
    )
    said = words()
    context = {
        "game": game,
        "deal": deal,
        "rules": rules,
        "contract_text": deal_words(said, rules, deal),
        "deals": [(each, deal_words(said, rules, each)) for each in rules.deals]
        if game.finished
        else [],
    }
    return CheckPage(checker, {"game_id": game.id}, context)
