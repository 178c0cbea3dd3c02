"""The answers of the rules paths: a meld's verdict and its readings, a rescue, an
initial meld against its contract, a hand's points and its best play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from ... import rules
from ...rules import format_cards
from ...rules.cards import rank_token
from ...rules.reasons import Reason
from ...rules.words import Words
from .answer import Answer, CardToken, RankToken

#: ``reason_codes``, beside every answer's ``reasons`` (docs/api.md#languages).
REASON_CODES = (
    "One stable snake_case code for each reason, in the same order, the same in every "
    'language ("too_many_wild_cards"); docs/api.md lists them.'
)


def codes_of(reasons: Sequence[Reason]) -> list[str]:
    """The codes of ``reasons``, in order."""
    return [why.code for why in reasons]


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
    reason_codes: list[str] = Field(description=REASON_CODES)
    cards: list[CardToken]

    @classmethod
    def of(cls, verdict: rules.MeldVerdict, words: Words) -> MeldVerdictOut:
        """The verdict, its reasons said in ``words``' language."""
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            readings=[reading_of(reading) for reading in verdict.readings],
            reasons=[words.reason(why) for why in verdict.reasons],
            reason_codes=codes_of(verdict.reasons),
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
    reason_codes: list[str] = Field(description=REASON_CODES)
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
    def of(cls, verdict: rules.RescueVerdict, words: Words) -> RescueOut:
        """The verdict, its sentences said in ``words``' language."""
        return cls(
            legal=verdict.legal,
            needs_declaration=verdict.needs_declaration,
            reasons=[words.reason(why) for why in verdict.reasons],
            reason_codes=codes_of(verdict.reasons),
            freed=[str(card) for card in verdict.freed],
            meld=None if verdict.after is None else MeldVerdictOut.of(verdict.after, words),
            swaps=[
                RescueSwapOut(
                    reading=reading_of(swap.reading),
                    freed=str(swap.freed),
                    meld=MeldVerdictOut.of(swap.after, words),
                    **{"as": None if swap.stood_for is None else str(swap.stood_for)},
                )
                for swap in verdict.swaps
            ],
            wild_goes=verdict.wild_goes,
            says=words.reason(verdict.says),
            card=str(verdict.natural),
            cards=[str(card) for card in verdict.meld],
        )


class ContractPartOut(Answer):
    kind: Literal["set", "run"]
    min: int = Field(description="Its size: at least this many cards, or exactly (R20, R47).")
    exact: bool = Field(description="True when the meld must be exactly ``min`` cards (R47).")


def contract_of(contract: Sequence[rules.ContractPart]) -> list[ContractPartOut]:
    return [ContractPartOut(kind=part.kind, min=part.min, exact=part.exact) for part in contract]


class ContractVerdictOut(Answer):
    met: bool
    contract: list[ContractPartOut]
    melds: list[MeldVerdictOut]
    reasons: list[str]
    reason_codes: list[str] = Field(description=REASON_CODES)

    @classmethod
    def of(cls, verdict: rules.ContractVerdict, words: Words) -> ContractVerdictOut:
        """The verdict, its reasons said in ``words``' language."""
        return cls(
            met=verdict.met,
            contract=contract_of(verdict.deal.contract),
            melds=[MeldVerdictOut.of(meld, words) for meld in verdict.melds],
            reasons=[words.reason(why) for why in verdict.reasons],
            reason_codes=codes_of(verdict.reasons),
        )


class SolvedMeldOut(Answer):
    """A meld of the best way to meet the contract: its cards (a run's in run order,
    so that entered in this order its wild cards stand where ``reading`` says, R15),
    the reading to declare, and whether it is one of the contract's melds (R65)."""

    cards: list[CardToken]
    reading: ReadingOut
    contract: bool = Field(description="True: one of the contract's melds; false: a further meld.")


class NearMeldOut(Answer):
    """A meld of the way a hand short of the contract is nearest to (R66): its cards,
    those the hand holds and those it lacks, and its reading; a meld of no natural
    card yet says its kind and size alone."""

    kind: Literal["set", "run"]
    size: int = Field(description="Its cards in all, those not named in `cards` too.")
    cards: list[CardToken] = Field(
        description="Its cards (a run's in run order), the hand's and those it lacks "
        '(named in `missing`); "JK" there stands for any wild card. Fewer than `size` '
        "in a meld of no natural card yet: the others are any cards of one rank (a set) "
        "or of one run."
    )
    missing: list[CardToken] = Field(description="The cards of `cards` the hand lacks.")
    reading: ReadingOut | None = Field(
        description="The reading it would be declared as; null for a meld of no natural "
        "card yet, of any rank or suit."
    )
    contract: bool = Field(description="True: one of the contract's melds; false: a further meld.")

    @classmethod
    def of(cls, meld: rules.NearMeld) -> NearMeldOut:
        return cls(
            kind=meld.kind,
            size=meld.size,
            cards=[str(card) for card in meld.cards],
            missing=list(meld.missing_tokens),
            reading=None if meld.reading is None else reading_of(meld.reading),
            contract=meld.contract,
        )


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
    nearest: list[NearMeldOut] = Field(
        description="When the contract cannot be met: one way to meet it with `short` "
        "cards more (R66), the contract's melds, each with the cards it lacks; empty when met."
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
            nearest=[NearMeldOut.of(meld) for meld in solution.nearest],
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
