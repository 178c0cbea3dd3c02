"""The JSON of /api/v1, as pydantic models: the request bodies, and the answers.

The request models say only what shape a body has (types, required fields); what
the cards, options and declarations mean is the rules core's business. A body that
does not fit is answered 400 with a sentence naming the field (see
:func:`describe_errors`). The answer models present what the rules core and the
storage return, one presenter for each thing the API shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError
from pydantic_core import ErrorDetails

from . import rules
from .rules import format_cards
from .rules.cards import rank_token
from .rules.scoring import POT_LIMIT, DealScore, Pot, Sheet

#: A card list: one string in the notation of R1 or a list of card tokens.
Cards = Annotated[
    str | list[str],
    Field(
        description='Cards as one string ("7H 8H 2C") or a list of tokens (["7H", "8H", "2C"]).',
        examples=["6D 2S JK"],
    ),
]


class Body(BaseModel):
    """A request body: strict types, and no field the path does not know."""

    model_config = ConfigDict(extra="forbid", strict=True)


class DeclareIn(Body):
    """A declared reading (R15): ``{"kind": "set", "rank": "6"}`` or
    ``{"kind": "run", "suit": "D", "low": "5"}``."""

    kind: Literal["set", "run"]
    rank: str | None = None
    suit: str | None = None
    low: str | None = None
    high: str | None = None


class MeldIn(Body):
    """A meld with its own declaration."""

    cards: Cards
    declare: DeclareIn | None = None


class RulesIn(Body):
    """The ruleset a request is judged by."""

    variant: str
    options: dict[str, StrictBool] | None = None
    players: StrictInt | None = Field(
        default=None,
        description="Players at the table; picks the pack (R3). Default: the variant's "
        "smallest table.",
    )


class MeldCheckIn(RulesIn):
    cards: Cards
    declare: DeclareIn | None = None
    deal: StrictInt | None = Field(
        default=None,
        description="Judge the meld as one meld of this deal's initial meld (R47, R51-R56); "
        "without it, as a meld put down or grown later.",
    )


class MeldExtendIn(RulesIn):
    meld: Cards | MeldIn
    add: Cards
    declare: DeclareIn | None = None


class ContractCheckIn(RulesIn):
    deal: StrictInt = Field(description="The deal, 1 to the variant's number of deals (R17, R57).")
    melds: list[Cards | MeldIn]


class HandScoreIn(RulesIn):
    cards: Cards


class HandSolveIn(RulesIn):
    """A hand to solve against a deal's contract (R65-R67)."""

    deal: StrictInt = Field(description="The deal, 1 to the variant's number of deals (R17, R57).")
    cards: Cards = Field(
        description="The whole hand, at most 30 cards: one string or a list of tokens.",
        examples=["8C 8H JK 4H 5H 6H 7H 9S KD"],
    )


class RescueIn(RulesIn):
    """A natural card to put in a wild card's place in a meld on the table (R24, R79)."""

    meld: Cards | MeldIn = Field(description="The meld on the table, with its declaration.")
    card: str = Field(
        description='The natural card the player holds: one card token; two ("8H 8S") '
        "where the game takes a set's joker with two cards of its rank (R79: Telefunken, "
        "Farmer's Rummy).",
        examples=["8H"],
    )


class PotIn(Body):
    """Cap-It's pot (R33): what each player pays in, and what going out takes."""

    stake: StrictInt = Field(ge=0, le=POT_LIMIT)
    payout: StrictInt = Field(ge=0, le=POT_LIMIT)


class GameIn(Body):
    variant: str
    players: list[str] = Field(description="Names in clockwise seat order (R35).")
    options: dict[str, StrictBool] | None = None
    teams: list[str] | None = Field(
        default=None, description='Team names, seat 1\'s team first; default "We", "They".'
    )
    pot: PotIn | None = None


class DealIn(Body):
    """One deal: who went out (null: the stock ran out, R27; never in the Contract
    Rummy family, R64) and, for each player who scores, the cards left in hand or
    the points already counted."""

    went_out: str | None
    hands: dict[str, Cards] = Field(default_factory=dict)
    points: dict[str, StrictInt] = Field(default_factory=dict)
    bent_table: StrictBool = Field(
        default=False,
        description="The player who went out melded their whole hand in one turn: every "
        "penalty of the deal is doubled (R63; Caribbean Kalooki only).",
    )


_EXPECTED = {
    "string_type": "a string",
    "int_type": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "none_required": "null",
}


def _path(loc: tuple[int | str, ...], members: set[str]) -> str:
    """A field's path as a person reads it: ``melds[1].declare.kind``.

    Steps pydantic adds for the members of a union (``str``, ``list[str]``,
    ``MeldIn``) are left out: they name a type, not a field.
    """
    text = ""
    for step in loc:
        if isinstance(step, int):
            text += f"[{step}]"
        elif step in members or "[" in step:
            continue
        else:
            text += f".{step}" if text else step
    return text


def describe_errors(error: ValidationError) -> str:
    """One sentence for the first field that does not fit."""
    members = {"str", "int", "bool", "list", "dict", "none", *_MODEL_NAMES}
    details: list[ErrorDetails] = error.errors(include_url=False)
    # The deepest error got furthest: for a union, the member the input was meant as.
    first = max(details, key=lambda detail: len(detail["loc"]))
    if first["type"] == "json_invalid":
        if "number out of range" in first["msg"]:
            # Valid JSON, but a number longer than any count, deal or points can be.
            return "a number in the request body is far too large to be a deal, a count or points"
        return "the request body is not valid JSON; send an object such as " + _EXAMPLE
    path = _path(first["loc"], members)
    if not path:
        return "the request body must be a JSON object such as " + _EXAMPLE
    same = [d for d in details if _path(d["loc"], members) == path]
    if first["type"] == "missing":
        return f'"{path}" is required'
    if first["type"] == "greater_than_equal":
        return f'"{path}" must be {first.get("ctx", {}).get("ge")} or more'
    if first["type"] == "less_than_equal":
        return f'"{path}" must be {first.get("ctx", {}).get("le")} or less'
    if first["type"] == "extra_forbidden":
        return f'"{path}" is not a field this request takes'
    expected = [_EXPECTED[d["type"]] for d in same if d["type"] in _EXPECTED]
    if expected and len(expected) == len(same):
        unique = list(dict.fromkeys(expected))
        return f'"{path}" must be ' + " or ".join(unique)
    return f'"{path}": {first["msg"][0].lower()}{first["msg"][1:]}'


_EXAMPLE = '{"variant": "push", "cards": "7H 8H 9H"}'
_MODEL_NAMES = {"MeldIn"}  # models that are members of a union


# --- Answers ----------------------------------------------------------------------------
#
# Each answer of the API is one of these models, built from what the rules core
# and the storage return (``of``), and sent as JSON by ``dump``; the OpenAPI
# document describes the answers with these very models (referee.openapi).
#
# An answer model's name ends in ``Out``, as a request body's ends in ``In``: it is
# named for what it presents, and the suffix keeps a name to one thing in the whole
# package (``MeldVerdictOut`` presents the rules core's ``MeldVerdict``, ``GameOut``
# the storage's ``Game``). The document names the answers without it, as before.


class Answer(BaseModel):
    """An answer: its fields in the order the API shows them. A field left unset
    (an optional one the answer does not have) is left out of the JSON."""

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


CardToken = Annotated[str, Field(description='A canonical card token: "10H", "AS", "JK".')]
RankToken = Annotated[str, Field(description='A rank token: "A", "2" … "10", "J", "Q", "K".')]


class ErrorOut(Answer):
    """Every refusal under /api/: a 4xx status and one sentence."""

    model_config = ConfigDict(extra="forbid")

    error: str = Field(description="A sentence a person can act on.")


class SetReadingOut(Answer):
    kind: Literal["set"]
    rank: RankToken


class PlacedOut(Answer):
    card: CardToken
    as_: CardToken = Field(alias="as", description="The card it stands for.")


class RunReadingOut(Answer):
    """A run's cards in run order, each with what it stands as."""

    kind: Literal["run"]
    suit: Literal["S", "H", "D", "C"]
    low: RankToken
    high: RankToken
    cards: list[PlacedOut]


ReadingOut = Annotated[SetReadingOut | RunReadingOut, Field(discriminator="kind")]


def reading_of(reading: rules.Reading) -> SetReadingOut | RunReadingOut:
    if isinstance(reading, rules.RunReading):
        return RunReadingOut(
            kind="run",
            suit=reading.suit,  # type: ignore[arg-type]
            low=rank_token(reading.low),
            high=rank_token(reading.high),
            cards=[
                PlacedOut(card=str(placed.card), **{"as": str(placed.stands_for)})
                for placed in reading.cards
            ],
        )
    return SetReadingOut(kind="set", rank=rank_token(reading.rank))


class MeldVerdictOut(Answer):
    legal: bool
    needs_declaration: bool = Field(
        description="True exactly when there is more than one reading."
    )
    readings: list[ReadingOut]
    reasons: list[str] = Field(description="Why the meld is not legal, one sentence each.")
    cards: list[CardToken]

    @classmethod
    def of(cls, verdict: rules.MeldVerdict) -> MeldVerdictOut:
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            readings=[reading_of(reading) for reading in verdict.readings],
            reasons=list(verdict.reasons),
            cards=format_cards(verdict.cards).split(),
        )


class RescueSwapOut(Answer):
    """One way to rescue: the meld on the table read as ``reading``, ``freed`` leaves
    its place and the natural card takes it."""

    reading: ReadingOut = Field(description="The meld on the table, read this way.")
    freed: CardToken = Field(
        description="The wild card whose place the natural card takes: out of the meld, or "
        "moved within it where the game moves it (R79)."
    )
    as_: CardToken | None = Field(
        alias="as",
        description="In a run, the card the freed wild card stood for; null in a set, where "
        "it stood for any card of the rank (R24).",
    )
    meld: MeldVerdictOut = Field(
        description="The meld after the swap, read the same way; where the game moves the "
        "joker, the run one card longer, the joker at its new place (R79)."
    )


class RescueOut(Answer):
    """May the card take a wild card's place in the meld (R24), and what happens to
    the wild card then, by the game's rule (R25, R79)?"""

    legal: bool
    needs_declaration: bool = Field(
        description="The meld on the table reads more than one way: each swap names its "
        "reading; send the meld's declare for one answer (R15)."
    )
    reasons: list[str] = Field(description="Why not, one sentence each.")
    freed: list[CardToken] = Field(
        description="The wild cards that may come out; the player picks one when there are "
        "several."
    )
    meld: MeldVerdictOut | None = Field(
        description="The meld after the (first) swap; null when there is none."
    )
    swaps: list[RescueSwapOut] = Field(description="Every way to make the swap.")
    wild_goes: Literal["meld", "hand"] = Field(
        description='R25, R79: "meld", the wild card stays on the table: used at once in a '
        "meld made this turn (the Push family), or moved within this meld where the game "
        'moves its jokers; "hand", it goes into the hand (the option rescue_to_hand, or '
        "the game's rule)."
    )
    says: str = Field(
        description="What happens to the wild card, in a sentence; when there is no swap, "
        "the game's rule (R25, R79)."
    )
    card: CardToken = Field(description="The natural card (the first, where two are given).")
    cards: list[CardToken] = Field(description="The meld on the table.")

    @classmethod
    def of(cls, verdict: rules.RescueVerdict) -> RescueOut:
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            reasons=list(verdict.reasons),
            freed=[str(card) for card in verdict.freed],
            meld=None if verdict.after is None else MeldVerdictOut.of(verdict.after),
            swaps=[
                RescueSwapOut(
                    reading=reading_of(swap.reading),
                    freed=str(swap.freed),
                    meld=MeldVerdictOut.of(swap.after),
                    **{"as": None if swap.stood_for is None else str(swap.stood_for)},
                )
                for swap in verdict.swaps
            ],
            wild_goes=verdict.wild_goes,
            says=verdict.says,
            card=str(verdict.natural),
            cards=[str(card) for card in verdict.meld],
        )


class ContractPartOut(Answer):
    kind: Literal["set", "run"]
    min: int = Field(description="Its size: at least this many cards, or exactly (R20, R47).")
    exact: bool = Field(description="True when the meld must be exactly ``min`` cards (R47).")


def contract_of(contract: Sequence[rules.ContractPart]) -> list[ContractPartOut]:
    return [ContractPartOut(kind=part.kind, min=part.min, exact=part.exact) for part in contract]


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


class ContractVerdictOut(Answer):
    met: bool
    contract: list[ContractPartOut]
    melds: list[MeldVerdictOut]
    reasons: list[str]

    @classmethod
    def of(cls, verdict: rules.ContractVerdict) -> ContractVerdictOut:
        return cls(
            met=verdict.met,
            contract=contract_of(verdict.deal.contract),
            melds=[MeldVerdictOut.of(meld) for meld in verdict.melds],
            reasons=list(verdict.reasons),
        )


class SolvedMeldOut(Answer):
    """A meld of the best way to meet the contract: its cards (a run's in run order,
    so that entered in this order its wild cards stand where ``reading`` says, R15),
    the reading to declare, and whether it is one of the contract's melds (R65)."""

    cards: list[CardToken]
    reading: ReadingOut
    contract: bool = Field(description="True: one of the contract's melds; false: a further meld.")


class HandSolutionOut(Answer):
    """What a hand can do in a deal (R65, R66): one best way to meet the contract, or
    how many cards it lacks and which would do."""

    met: bool = Field(description="Whether the contract can be met from these cards alone.")
    melds: list[SolvedMeldOut] = Field(
        description="One best way (R65): the contract's melds, then any further melds; "
        "empty when the contract cannot be met."
    )
    left: list[CardToken] = Field(description="The cards that would stay in hand.")
    left_points: int = Field(description="Their points (R60).")
    short: int = Field(description="The fewest cards missing (R66); 0 when met.")
    completing: list[CardToken] = Field(
        description="When one card short: the cards any one of which would meet the "
        'contract, most useful first, at most 12; "JK" stands for any wild card.'
    )

    @classmethod
    def of(cls, solution: rules.Solution) -> HandSolutionOut:
        return cls(
            met=solution.met,
            melds=[
                SolvedMeldOut(
                    cards=[str(card) for card in meld.cards],
                    reading=reading_of(meld.reading),
                    contract=meld.contract,
                )
                for meld in solution.melds
            ],
            left=[str(card) for card in solution.left],
            left_points=solution.left_points,
            short=solution.short,
            completing=list(solution.completing_tokens),
        )


class CardPointsOut(Answer):
    card: CardToken
    points: int


class HandScoreOut(Answer):
    points: int
    cards: list[CardPointsOut]

    @classmethod
    def of(cls, score: rules.HandScore) -> HandScoreOut:
        return cls(
            points=score.points,
            cards=[CardPointsOut(card=str(card), points=points) for card, points in score.cards],
        )


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
    def of(cls, variant: rules.Variant) -> VariantOut:
        ruleset = variant.ruleset()
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
        )


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


def _deal_of_game(deal: DealScore, ruleset: rules.Ruleset) -> DealOfGameOut:
    """A deal of the sheet; ``bent_table`` only in a game that has one (R63), so the
    other games' deals read as they always have."""
    bent = {"bent_table": deal.bent_table} if ruleset.bent_table_doubles else {}
    return DealOfGameOut(
        deal=deal.number,
        cards_dealt=deal.cards_dealt,
        went_out=deal.went_out,
        scores=dict(deal.sides),
        points=dict(deal.players),
        **bent,
    )


class SheetRowOut(Answer):
    deal: int
    cards_dealt: int
    totals: dict[str, int]


class GameOut(Answer):
    """A game and its running sheet; scores, totals and winners by side."""

    id: str
    url: str = Field(description="The game's page.")
    variant: str
    options: dict[str, bool]
    players: list[str] = Field(description="In clockwise seat order.")
    sides: list[SideOut]
    deals: list[DealOfGameOut]
    sheet: list[SheetRowOut]
    totals: dict[str, int]
    finished: bool
    winners: list[str]
    pot: PotOut | None = None

    @classmethod
    def of(cls, game: Any, sheet: Sheet, **more: Any) -> Any:
        """The answer for a stored game (its row) and its sheet, worked out."""
        fields: dict[str, Any] = {
            "id": game.id,
            "url": f"/games/{game.id}",
            "variant": game.variant,
            "options": game.options,
            "players": list(sheet.table.players),
            "sides": [
                SideOut(name=side.name, players=list(side.players)) for side in sheet.table.sides
            ],
            "deals": [_deal_of_game(deal, sheet.table.rules) for deal in sheet.deals],
            "sheet": [
                SheetRowOut(deal=deal.number, cards_dealt=deal.cards_dealt, totals=totals)
                for deal, totals in zip(sheet.deals, sheet.running, strict=True)
            ],
            "totals": sheet.totals,
            "finished": sheet.finished,
            "winners": sheet.winners,
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


#: Every answer model; their JSON Schemas are the OpenAPI document's answers.
ANSWER_MODELS: tuple[type[Answer], ...] = (
    ErrorOut,
    StaleGameOut,
    MeldVerdictOut,
    RescueOut,
    ContractVerdictOut,
    HandScoreOut,
    HandSolutionOut,
    VariantOut,
    GameOut,
    NewGameOut,
)
