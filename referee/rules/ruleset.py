"""What a ruleset says, as frozen data: deals, contracts, packs, wild cards, words,
card values and scoring (R3, R17-R21, R28-R33, R38; docs/rules.md#R41-R64).

Every rule the referee checks is a field here; nothing asks which game it is
playing (R38). The presets, one :class:`Preset` a game, live in ``push.py`` (the
Push family) and ``family.py`` (the Contract Rummy family).

>>> part = ContractPart("run", 4, exact=True)
>>> part.fits(4), part.fits(5)
(True, False)
>>> Packs.of(((3, 4), 2, 1), ((5, 8), 3, 2)).pack(5)
Pack(decks=3, jokers=2)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal, NamedTuple

from .cards import RANK_TOKENS, SUITS, TWO, Card, check_pack
from .errors import GameRuleError, RulesError
from .reasons import Reason

Kind = Literal["set", "run"]
Scoring = Literal["penalty", "winner_takes"]
Winner = Literal["lowest", "highest"]
LayOff = Literal["both_ends", "upward"]
#: R79: what a player may do with the natural card a joker on the table stands for.
JokerExchange = Literal[
    "in_meld", "to_hand", "move", "move_anywhere", "move_to_top", "two_for_one", "none"
]
ContractSizes = Literal["exact", "at_least"]
DealDirection = Literal["left", "right"]

#: Ranks in a ring: a run that turns the corner (R69) has its places counted on
#: past the ace high, 15 for the 2, 16 for the 3 ...
RANKS = 13


class WildLimit(StrEnum):
    """How many wild cards one meld may hold, wherever it is (the API's ``wild_cards``).

    Limits of the initial meld only are other fields: ``initial_wilds_per_meld``,
    ``DealRule.contract_wilds`` and ``ContractPart.no_wild``.
    """

    ANY = "any"  # R6, R50: Push, Push solo, Cap-It, and most of the family
    FEWER_THAN_NATURAL = "fewer_than_natural"  # R7, R56: strictly more natural
    ONE = "one"  # R55: Telefunken, at most one joker in any meld
    BY_SIZE = "by_size"  # R51: Shanghai, ``wild_limit_by_size``
    NO_MORE_THAN_NATURAL = "no_more_than_natural"  # R70: wild cards half the meld at most
    TWO_NATURAL = "two_natural"  # R70: at least two natural cards


class Ace(StrEnum):
    """Where an ace may sit in a run (R12, R45, R69): one field, one value a game."""

    LOW_OR_HIGH = "low_or_high"  # R12: A 2 3 or Q K A, never both, never in the middle
    HIGH_ONLY = "high_only"  # R45: Shanghai, Q K A only
    BOTH_ENDS = "both_ends"  # R45: as R12, and the 14-card A 2 ... K A
    AROUND = "around"  # R69: the run may turn the corner, Q K A 2 3; the ace once


def rank_at(position: int) -> int:
    """The rank of a run's place: 1-13 as they are, 14 the ace high, and on round
    the corner where a run may turn it (R69): 15 the 2, 16 the 3 ...

    >>> rank_at(3), rank_at(14), rank_at(15)
    (3, 1, 2)
    """
    return (position - 1) % RANKS + 1


@dataclass(frozen=True, slots=True)
class MeldWords:
    """The game's own words for its melds (R42), singular and plural; the API says
    ``set`` and ``run`` whatever the game calls them.

    ``names_size``: the words name the smallest meld of their kind (Caribbean
    Kalooki's "three" and "four"), so a part of that size is not followed by
    "of three". ``by_size`` names a set by its size (Telefunken's trio, cuarteto,
    quinteto), for pages that want it.
    """

    set: str = "set"
    sets: str = "sets"
    run: str = "run"
    runs: str = "runs"
    names_size: bool = False
    by_size: tuple[tuple[int, str], ...] = ()

    def noun(self, kind: Kind, count: int = 1) -> str:
        if kind == "set":
            return self.set if count == 1 else self.sets
        return self.run if count == 1 else self.runs

    def as_dict(self) -> dict[str, object]:
        """``{"set": "trio", "sets": "trios", "run": "escalera", ...}`` for pages."""
        words: dict[str, object] = {
            "set": self.set,
            "sets": self.sets,
            "run": self.run,
            "runs": self.runs,
        }
        if self.by_size:
            words["set_by_size"] = {str(size): word for size, word in self.by_size}
        return words

    def plain(self) -> MeldWords:
        """These words, or plain ones where they name a size (Caribbean's "three" and
        "four", R42), which reads oddly in "a three of five"."""
        if self.names_size:
            return MeldWords("group", "groups", "sequence", "sequences")
        return self


PLAIN_WORDS = MeldWords()


@dataclass(frozen=True, slots=True)
class ContractPart:
    """One meld the contract asks for: a set or run of ``min`` cards.

    ``exact``: exactly ``min`` cards (R47), else at least (R20). ``or_more`` only
    says "or more" aloud, for a part that is not exact in a game whose other parts
    are. ``no_wild`` and ``distinct_suits`` are a part's own rules (R55's pure
    trio, R56's wild-free first set); ``name`` is the game's name for such a part.
    """

    kind: Kind
    min: int
    exact: bool = False
    or_more: bool = False
    no_wild: bool = False
    distinct_suits: bool = False
    name: str = ""

    def fits(self, size: int) -> bool:
        """Whether a meld of ``size`` cards is of this part's size (R20, R47)."""
        return size == self.min if self.exact else size >= self.min


@dataclass(frozen=True, slots=True)
class WholeHand:
    """R58: a deal met only by melds holding ``cards`` cards (at least, or exactly)."""

    cards: int
    exactly: bool = False

    def as_dict(self) -> dict[str, int]:
        return {"exactly" if self.exactly else "at_least": self.cards}

    def met_by(self, cards: int) -> bool:
        return cards == self.cards if self.exactly else cards >= self.cards


@dataclass(frozen=True, slots=True)
class DealRule:
    """A deal of the game: its number, the cards dealt and the initial-meld contract.

    ``whole_hand`` (R58) and ``contract_wilds``, the most wild cards the whole
    initial meld may hold (R53), are None where the deal has no such rule.
    """

    number: int
    cards: int
    contract: tuple[ContractPart, ...]
    whole_hand: WholeHand | None = None
    contract_wilds: int | None = None
    name: str = ""  # the deal's own name ("Blitz")
    meld_wilds: int | None = None  # R52: the most wild cards in each meld of the initial meld


@dataclass(frozen=True, slots=True)
class Buys:
    """R77: how many discards a player may buy out of turn: in each deal, in the
    last deal (None: as in every other deal) and in the whole game; None is no
    limit. The referee counts buys; they never change a score."""

    per_deal: int | None = None
    last_deal: int | None = None
    per_game: int | None = None

    def in_deal(self, number: int, deals: int) -> int | None:
        """The most buys a player has in deal ``number`` of ``deals`` (the game's
        limit aside); None is no limit."""
        if number == deals and self.last_deal is not None:
            return self.last_deal
        return self.per_deal


NO_BUYS = Buys()


#: R75: the longest name of a bonus, as a deal's reason for its points
#: (docs/api.md#house-rules), and the points one may add.
BONUS_NAME = 40
BONUS_POINTS = (-1000, 1000)


@dataclass(frozen=True, slots=True)
class Bonus:
    """R75: a bonus or penalty a table names in its house rules, so that a deal
    may carry it in one tap: a short reason (``BONUS_NAME`` characters at most) and
    the points it adds (negative for a bonus in a penalty game), within
    ``BONUS_POINTS``. ``went_out``: it belongs to whoever goes out, and a deal
    carries it by who went out alone, never by a tap (scoring's
    ``went_out_bonus``)."""

    name: str
    points: int
    went_out: bool = False


@dataclass(frozen=True, slots=True)
class CardValues:
    """Penalty points by rank: ``by_rank[0]`` is the joker, 1 the ace ... 13 the king;
    ``by_card`` gives cards worth other than their rank (R60: Caribbean red aces)."""

    by_rank: tuple[int, ...]
    by_card: tuple[tuple[Card, int], ...] = ()

    @classmethod
    def of(
        cls,
        joker: int,
        ace: int,
        two: int,
        by_card: Mapping[str, int] | None = None,
        **by_range: int,
    ) -> CardValues:
        """Build from ranges named like ``r3_9=5`` (ranks 3 to 9 are worth 5), and
        ``by_card`` for cards worth other than their rank (``{"AH": 1}``)."""
        values = [joker, ace, two] + [0] * 11
        for name, points in by_range.items():
            low, high = (int(part) for part in name[1:].split("_"))
            for rank in range(low, high + 1):
                values[rank] = points
        cards = tuple((Card.parse(token), points) for token, points in (by_card or {}).items())
        return cls(tuple(values), cards)

    def with_face_value(self, low: int, high: int) -> CardValues:
        """These ranks worth the number on the card (R60: "2-10 face value")."""
        values = list(self.by_rank)
        for rank in range(low, high + 1):
            values[rank] = rank
        return CardValues(tuple(values), self.by_card)

    def __call__(self, card: Card) -> int:
        for special, points in self.by_card:
            if card == special:
                return points
        return self.by_rank[card.rank]

    @property
    def step(self) -> int:
        """Every hand's points are a multiple of this (5 in every Push variant); 1
        where every card is worth nothing (a house rule may say so, R68)."""
        return math.gcd(*self.by_rank, *(points for _, points in self.by_card)) or 1

    def pack_total(self, packs: int, jokers: int | None = None) -> int:
        """The points of the whole pack of ``packs`` decks and ``jokers`` jokers (two a
        deck unless said): no hand can hold more."""
        jokers = 2 * packs if jokers is None else jokers
        naturals = sum(self(Card(rank, suit)) for rank in range(1, 14) for suit in SUITS)
        return packs * naturals + jokers * self.by_rank[0]

    def as_dict(self) -> dict[str, int]:
        """Points per printed rank, ``"JK"`` after the ranks, then any card worth other
        than its rank: ``{"A": 15, "2": 20, ..., "JK": 20}``, ``{..., "AH": 1}``."""
        values = {token: self.by_rank[rank] for rank, token in enumerate(RANK_TOKENS, 1)}
        return values | {"JK": self.by_rank[0]} | {str(card): p for card, p in self.by_card}


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards one table plays with: ``decks`` 52-card decks and ``jokers`` jokers."""

    decks: int
    jokers: int


@dataclass(frozen=True, slots=True)
class Packs:
    """R3, R49: the pack by number of players (``Ruleset.pack(players)``).

    Rows are (lowest players, highest players, decks, jokers), lowest first. A
    count no row names takes the last row's pack; house rules (R71) name a pack
    for every count they allow.
    """

    rows: tuple[tuple[int, int, int, int], ...]

    @classmethod
    def of(cls, *rows: tuple[tuple[int, int], int, int]) -> Packs:
        return cls(tuple((low, high, decks, jokers) for (low, high), decks, jokers in rows))

    def row_of(self, players: int) -> tuple[int, int, int, int] | None:
        """The row that names this many players; None if none does."""
        return next((row for row in self.rows if row[0] <= players <= row[1]), None)

    def pack(self, players: int) -> Pack:
        row = self.row_of(players) or self.rows[-1]
        return Pack(row[2], row[3])


#: R3: two packs up to four players, a third from five on, two jokers a deck.
PUSH_PACKS = Packs.of(((2, 4), 2, 4), ((5, 8), 3, 6))


@dataclass(frozen=True)
class Ruleset:
    """Everything the referee checks for one table: a variant with its options applied.

    The fields after ``pot`` came with the Contract Rummy family (docs/rules.md#R41); each
    defaults to what Push does, so a Push ruleset reads as it always has.
    """

    variant: str
    name: str
    players: tuple[int, ...]  # the player counts allowed (R35, R36, R49)
    partnerships: bool  # R30 teams, or R31 each for themself
    deals: tuple[DealRule, ...]  # R17-R19, R57
    card_values: CardValues  # R28, R29, R60
    wild_limit: WildLimit  # R6, R7, R50-R56: in every meld, wherever it is
    set_distinct_suits: bool  # R9, R10, R43
    exact_initial_meld: bool  # R21: no further melds in the contract's turn (R47 more_melds)
    rescue_to_hand: bool  # R25
    pot: bool  # R33
    options: Mapping[str, bool] = field(default_factory=dict)
    packs: Packs = PUSH_PACKS  # R3, R49
    words: MeldWords = PLAIN_WORDS  # R42
    set_min: int = 3  # R8, R44
    run_min: int = 3  # R11, R44
    runs_allowed: bool = True  # R44: Farmer's Rummy has none
    twos_wild: bool = True  # R4, R46: jokers always; 2s too where this is on
    ace: Ace = Ace.LOW_OR_HIGH  # R12, R45, R69
    contract_runs_gap: int = 0  # R48: ranks that must lie between two contract runs of a suit
    wild_limit_by_size: tuple[tuple[Kind, int, int], ...] = ()  # R51: (kind, size, most)
    lay_offs_wild_limited: bool = True  # R51: Shanghai's table is not for lay-offs
    set_min_natural: int = 0  # R54: Caribbean, a "three" holds two naturals
    run_wilds_apart: bool = False  # R54: Caribbean, no two wild cards side by side
    wild_lay_off: bool = True  # R56: Farmer's Rummy lays off no wild card
    closed_melds: bool = False  # R53: South African Kaluki's full group and A..A run
    lay_off_runs: LayOff = "both_ends"  # R23, R54: Caribbean lays off upward
    one_rank_one_suit: bool = False  # R54: never two groups of a rank, two runs of a suit
    later_melds: bool = True  # R59: new melds after the initial meld (read_meld's put_down_in)
    joker_exchange: JokerExchange = "in_meld"  # R79: R24-R25 in the Push family
    scoring: Scoring = "penalty"  # R61, R62
    winner: Winner = "lowest"  # R32, R62
    bent_table_doubles: bool = False  # R63
    stock_out: bool = True  # R27; R64: the family reshuffles, a deal needs a winner
    deal_direction: DealDirection = "left"  # R76: the deal passes clockwise, or not
    buys: Buys = NO_BUYS  # R77
    bonuses: tuple[Bonus, ...] = ()  # R75: the table's named bonuses and penalties

    @property
    def more_melds(self) -> bool:
        """R21, R47: whether further melds may go down in the contract's turn."""
        return not self.exact_initial_meld

    @property
    def contract_sizes(self) -> ContractSizes:
        """R47, as house rules say it (R68): ``exact`` where the contract's melds are
        of exactly their size (a part or two that is "or more" aside), else
        ``at_least``."""
        exact = any(part.exact for deal in self.deals for part in deal.contract)
        return "exact" if exact else "at_least"

    @property
    def initial_wilds_per_meld(self) -> int | None:
        """R52 for pages that say it once for the game: the most wild cards each meld
        of the initial meld may hold, where every deal with a contract has the same
        such limit (``DealRule.meld_wilds``); None otherwise."""
        limits = {deal.meld_wilds for deal in self.deals if deal.contract}
        return limits.pop() if len(limits) == 1 else None

    @property
    def max_run(self) -> int:
        """R12: 13 cards, one ace; 14 where a run may run from ace to ace (R45)."""
        return RANKS + 1 if self.ace is Ace.BOTH_ENDS else RANKS

    def runs_apart(self, one: tuple[int, int], other: tuple[int, int]) -> bool:
        """R48: whether two runs of one suit, each (low, high), have at least
        ``contract_runs_gap`` ranks between them that neither covers. Where a run
        may turn the corner (R69) the ranks are a ring, so the gap must hold on
        both sides: ``J Q K`` and ``2 3 4`` have the ace between them."""
        gap = self.contract_runs_gap
        if self.ace is not Ace.AROUND:
            return one[1] + gap < other[0] or other[1] + gap < one[0]
        if (one[1] - one[0] + 1) + (other[1] - other[0] + 1) + 2 * gap > RANKS:
            return False
        widened = _ring(one[0] - gap, one[1] + gap)
        return not widened & _ring(*other)

    def deal(self, number: int) -> DealRule:
        """The rule of deal ``number`` (1-based); RulesError if the game has no such deal."""
        count = len(self.deals)
        if not 1 <= number <= count:
            raise RulesError(Reason.of("not_a_deal", game=self.name, deals=count, number=number))
        return self.deals[number - 1]

    def pack(self, players: int | None = None) -> Pack:
        """The pack of a table of ``players`` (the smallest table when None), R3, R49."""
        return self.packs.pack(min(self.players) if players is None else players)

    def check_players(self, players: int, *, asked: bool = False) -> None:
        """GameRuleError unless the variant is played by this many players (R3, R35, R36,
        R49), naming the counts it allows: a table seated that the game is not played
        at. ``asked``: the count is a question's field instead (the table a meld or a
        hand is judged at, which picks the pack, R49), out of its range as any other
        field can be: a plain RulesError."""
        if players not in self.players:
            kind = RulesError if asked else GameRuleError
            raise kind(
                Reason.of(
                    "players_not_allowed", game=self.name, allowed=self.players, players=players
                )
            )

    def check_cards(self, cards: Sequence[Card], players: int | None = None) -> None:
        """PackError if the cards hold more of a card than this table's pack (R3, R49).

        ``players`` defaults to the variant's smallest table."""
        players = min(self.players) if players is None else players
        self.check_players(players)
        pack = self.packs.pack(players)
        check_pack(cards, pack.decks, pack.jokers)

    def seats_by_side(self, players: int) -> list[list[int]]:
        """Seat numbers (0-based, clockwise) of each side: two teams in alternate seats
        for a partnership game (R35), one side per player otherwise (R31)."""
        if not self.partnerships:
            return [[seat] for seat in range(players)]
        return [list(range(0, players, 2)), list(range(1, players, 2))]

    # --- Wild cards -------------------------------------------------------------

    def is_wild(self, card: Card) -> bool:
        """R4, R46: a joker always; a 2 where 2s are wild (it may still sit as itself in
        a run of its suit, R5)."""
        return card.rank == 0 or (card.rank == TWO and self.twos_wild)

    def most_wild(self, kind: Kind, size: int) -> int | None:
        """R51: the most wild cards a meld of this kind and size may hold by the
        ``wild_limit_by_size`` table (a size between two listed takes the smaller's
        limit); None when the table sets none."""
        most = None
        for listed_kind, listed_size, limit in self.wild_limit_by_size:
            if listed_kind == kind and listed_size <= size:
                most = limit
        return most

    def most_wild_in_part(self, deal: DealRule, part: ContractPart, size: int) -> int:
        """The most wild cards a meld of ``size`` cards may hold as this part of the
        deal's contract: the game's limit (R7, R50-R56, R70), a group's natural cards
        (R54), a sequence's wild cards apart (R54), and the initial meld's own (R52,
        R53, R55, R56)."""
        if part.no_wild:
            return 0
        cap = size
        limit = self.wild_limit
        if limit is WildLimit.FEWER_THAN_NATURAL:
            cap = (size - 1) // 2
        elif limit is WildLimit.ONE:
            cap = 1
        elif limit is WildLimit.NO_MORE_THAN_NATURAL:  # R70
            cap = size // 2
        elif limit is WildLimit.TWO_NATURAL:  # R70
            cap = size - 2
        elif limit is WildLimit.BY_SIZE:
            most = self.most_wild(part.kind, size)
            cap = size if most is None else most
        if part.kind == "set":
            cap = min(cap, size - self.set_min_natural)
        elif self.run_wilds_apart:
            cap = min(cap, (size + 1) // 2)
        for most in (deal.meld_wilds, deal.contract_wilds):
            if most is not None:
                cap = min(cap, most)
        return max(cap, 0)

    def most_of_a_rank(self, part: ContractPart, pack: Pack) -> int:
        """The most natural cards of one rank a group of this part can hold from the
        pack (R3, R49): one of each suit where a group's suits are distinct (R9, R43,
        R55)."""
        decks = 1 if self.set_distinct_suits or part.distinct_suits else pack.decks
        return len(SUITS) * decks

    def wild_cards_in(self, pack: Pack) -> int:
        """The pack's wild cards (R3, R4, R46, R49): its jokers, and its 2s where 2s
        are wild."""
        return pack.jokers + (len(SUITS) * pack.decks if self.twos_wild else 0)


def _ring(low: int, high: int) -> int:
    """The ranks of the places ``low`` to ``high`` as bits, round the corner (R69)."""
    mask = 0
    for position in range(low, high + 1):
        mask |= 1 << (rank_at(position) - 1)
    return mask


class Preset(NamedTuple):
    """A game as it comes: its ruleset, and the options it offers with their defaults,
    in the order they apply (``variants.OPTIONS``)."""

    rules: Ruleset
    defaults: Mapping[str, bool]
