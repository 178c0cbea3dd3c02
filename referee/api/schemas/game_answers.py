"""The answers about games: the variants with their deals and options, and a game
with its sheet, its pot, and the game as it is now when a write came too late."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from ... import rules
from ...rules import Ruleset, Variant, house_rules_of
from ...rules.bookkeeping import BuyTally, counts_by_deal, dealer_of
from ...rules.scoring import DealScore, Pot, Sheet
from .answer import Answer
from .house import HouseRules
from .meld_answers import ContractPartOut, contract_of


class AtLeastOut(Answer):
    """R58: the deal's melds hold at least this many cards (the whole hand)."""

    model_config = ConfigDict(extra="forbid")

    at_least: int


class ExactlyOut(Answer):
    """R58: the deal's melds hold exactly this many cards."""

    model_config = ConfigDict(extra="forbid")

    exactly: int


def whole_hand_of(whole: rules.WholeHand | None) -> AtLeastOut | ExactlyOut | None:
    if whole is None:
        return None
    if whole.exactly:
        return ExactlyOut(exactly=whole.cards)
    return AtLeastOut(at_least=whole.cards)


class DealOfVariantOut(Answer):
    deal: int
    cards: int
    contract: list[ContractPartOut] = Field(description="No parts: the whole hand (R58).")
    whole_hand: AtLeastOut | ExactlyOut | None = Field(
        description="Null, or how many cards the melds must hold to meet the deal (R58)."
    )


class OptionOfVariantOut(Answer):
    default: bool
    description: str


class VariantOut(Answer):
    id: str
    name: str
    players: list[int]
    partnerships: bool
    deals: list[DealOfVariantOut]
    card_values: dict[str, int] = Field(
        description='Points by rank, "JK" for the joker, then any card worth other than '
        'its rank ("AH": 1 in Caribbean Kalooki, R60).'
    )
    scoring: Literal["penalty", "winner_takes"] = Field(
        description="penalty: each player scores the cards left in hand (R61); "
        "winner_takes: the player who went out scores them all (R62)."
    )
    winner: Literal["lowest", "highest"] = Field(
        description="Which total wins after the last deal (R32, R61, R62)."
    )
    options: dict[str, OptionOfVariantOut]
    wild_cards: rules.WildLimit
    pot: bool = Field(description="Whether the variant may play for a pot.")

    @classmethod
    def of(cls, variant: rules.Variant, ruleset: rules.Ruleset | None = None, **more: Any) -> Any:
        """The variant's entry; ``ruleset``: a table's rules for it (options and house
        rules, R68), the book's when None."""
        ruleset = ruleset or variant.ruleset()
        return cls(
            id=variant.id,
            name=variant.name,
            players=list(ruleset.players),
            partnerships=ruleset.partnerships,
            deals=[
                DealOfVariantOut(
                    deal=deal.number,
                    cards=deal.cards,
                    contract=contract_of(deal.contract),
                    whole_hand=whole_hand_of(deal.whole_hand),
                )
                for deal in ruleset.deals
            ],
            card_values=ruleset.card_values.as_dict(),
            scoring=ruleset.scoring,
            winner=ruleset.winner,
            options={
                name: OptionOfVariantOut(
                    default=default, description=rules.OPTIONS[name].description
                )
                for name, default in variant.defaults.items()
            },
            wild_cards=ruleset.wild_limit,
            pot=ruleset.pot,
            **more,
        )


class VariantRulesOut(VariantOut):
    """A variant's entry with its rules, the book's or a table's (R68)."""

    rules: HouseRules = Field(
        description="Every house key's value, in the shape house takes: send back any part "
        "as house."
    )

    @classmethod
    def of_table(cls, variant: Variant, ruleset: Ruleset) -> VariantRulesOut:
        entry: VariantRulesOut = cls.of(variant, ruleset, rules=house_rules_of(ruleset))
        return entry


class PotOut(Answer):
    """Cap-It's pot (R33); winner_share once the game is finished."""

    paid_in: int
    paid_out: dict[str, int]
    left: int
    winner_share: dict[str, int] = Field(default_factory=dict)
    unsplit: int = 0


class SideOut(Answer):
    name: str
    players: list[str]


class DealOfGameOut(Answer):
    deal: int
    cards_dealt: int
    went_out: str | None
    scores: dict[str, int] = Field(description="By side.")
    points: dict[str, int | None] = Field(
        description="By player; null for a player who scores nothing (the side that went "
        "out; in a winner_takes game, everyone but the player who went out, R62)."
    )
    bent_table: bool = Field(
        default=False,
        description="Present in games that have a bent table (R63): whether this deal's "
        "penalties were doubled.",
    )
    adjust: dict[str, int] = Field(
        default_factory=dict,
        description="Present when the deal has any (R75): by player, the points the table "
        "added to their side for this deal; in scores, not in points.",
    )
    adjust_reasons: dict[str, str] = Field(
        default_factory=dict,
        description="Present when any adjust has one (R75): by player, its reason.",
    )


def _deal_of_game(deal: DealScore, ruleset: rules.Ruleset) -> DealOfGameOut:
    """A deal of the sheet; ``bent_table`` only in a game that has one (R63) and
    ``adjust`` only on a deal that has one (R75), so the other deals read as they
    always have."""
    more: dict[str, Any] = {"bent_table": deal.bent_table} if ruleset.bent_table_doubles else {}
    if deal.adjust:
        more["adjust"] = {name: given.points for name, given in deal.adjust.items()}
    reasons = {name: given.reason for name, given in deal.adjust.items() if given.reason}
    if reasons:
        more["adjust_reasons"] = reasons
    return DealOfGameOut(
        deal=deal.number,
        cards_dealt=deal.cards_dealt,
        went_out=deal.went_out,
        scores=dict(deal.sides),
        points=dict(deal.players),
        **more,
    )


class SheetRowOut(Answer):
    deal: int
    cards_dealt: int
    totals: dict[str, int]
    dealer: str = Field(description="The player who dealt this deal (R76).")


class BuysOut(Answer):
    """R77: each player's buys in the deal being played and in the whole game, and,
    where a limit applies, how many more they may make in this deal."""

    deal: dict[str, int] = Field(description="By player, the buys of the deal being played.")
    game: dict[str, int] = Field(description="By player, the buys of the whole game so far.")
    left: dict[str, int] = Field(
        default_factory=dict,
        description="Present where a limit applies (R77): by player, the buys left in "
        "the deal being played, by the fewer of the deal's and the game's limits.",
    )

    @classmethod
    def of(cls, tally: BuyTally) -> BuysOut:
        players = tally.table.players
        more: dict[str, Any] = {}
        if tally.limited:
            more["left"] = {p: tally.left(p) for p in players}
        return cls(
            deal={p: tally.in_deal(p) for p in players},
            game={p: tally.in_game(p) for p in players},
            **more,
        )


class GameOut(Answer):
    """A game and its running sheet; scores, totals and winners by side."""

    id: str
    url: str = Field(description="The game's page.")
    variant: str
    options: dict[str, bool]
    house: HouseRules = Field(
        description="The house rules the game was started with, as given; {} when none (R73)."
    )
    rules: HouseRules = Field(
        description="Every house key's value for this game: the rules it plays for good (R73)."
    )
    players: list[str] = Field(description="In clockwise seat order.")
    sides: list[SideOut]
    deals: list[DealOfGameOut]
    sheet: list[SheetRowOut]
    totals: dict[str, int]
    finished: bool
    winners: list[str]
    dealer: str | None = Field(
        description="The player dealing the deal being played (R76); null once finished."
    )
    buys: BuysOut
    pot: PotOut | None = None

    @classmethod
    def of(cls, game: Any, sheet: Sheet, **more: Any) -> Any:
        """The answer for a stored game (its row) and its sheet, worked out."""
        rules, players, first = sheet.table.rules, sheet.table.players, sheet.table.first_dealer
        fields: dict[str, Any] = {
            "id": game.id,
            "url": f"/games/{game.id}",
            "variant": game.variant,
            "options": game.options,
            "house": game.house or {},
            "rules": house_rules_of(sheet.table.rules),
            "players": list(sheet.table.players),
            "sides": [
                SideOut(name=side.name, players=list(side.players)) for side in sheet.table.sides
            ],
            "deals": [_deal_of_game(deal, sheet.table.rules) for deal in sheet.deals],
            "sheet": [
                SheetRowOut(
                    deal=deal.number,
                    cards_dealt=deal.cards_dealt,
                    totals=totals,
                    dealer=dealer_of(rules, players, deal.number, first),
                )
                for deal, totals in zip(sheet.deals, sheet.running, strict=True)
            ],
            "totals": sheet.totals,
            "finished": sheet.finished,
            "winners": sheet.winners,
            "dealer": (
                None if sheet.finished else dealer_of(rules, players, len(sheet.deals) + 1, first)
            ),
            "buys": BuysOut.of(
                BuyTally.of(sheet, counts_by_deal((b.deal, b.player, b.count) for b in game.buys))
            ),
        }
        if game.pot_stake is not None and game.pot_payout is not None:
            fields["pot"] = PotOut.model_validate(
                Pot(game.pot_stake, game.pot_payout).account(sheet)
            )
        return cls(**fields, **more)


class NewGameOut(GameOut):
    """A game just started, with its edit key."""

    edit_key: str = Field(
        description="Send as X-Edit-Key to change the game; shown only this once."
    )


class StaleGameOut(Answer):
    """A write whose If-Match is stale: the game as it is now."""

    error: str
    game: GameOut
