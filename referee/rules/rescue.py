"""A natural card in place of a joker on the table, and what happens to the joker
then: each game's own rule (R24, R25, R79).

A player who has met the contract (R22) and holds the natural card a wild card of
a meld on the table stands for may put that card in the wild card's place. In a
run the wild card stands for one exact card, as the meld was declared (R15); in
a set for any card of the set's rank, of a suit the set does not hold yet where
sets have distinct suits (R9), of any suit otherwise (R10).

What happens to the wild card is the game's (field ``joker_exchange``, R79): in
the Push family it must go straight into a meld made that turn, or, with the
option ``rescue_to_hand``, may go into the hand (R25); in Contract Rummy the
joker goes into the hand; in Loba a joker at an end of an escalera moves to the
other end; and so on, one :class:`Exchange` a value.

>>> from referee.rules import format_cards, get_ruleset, parse_cards
>>> from referee.rules.words import ENGLISH
>>> push = get_ruleset("push")
>>> verdict = rescue(parse_cards("7H JK 9H"), Card.parse("8H"), push)
>>> verdict.legal, format_cards(verdict.freed), format_cards(verdict.after.cards)
(True, 'JK', '7H 8H 9H')
>>> ENGLISH.reason(verdict.says)
'JK comes out: it must be used at once in a meld you make this turn; it never goes into your hand'
>>> for reason in rescue(parse_cards("6C 6H JK"), Card.parse("7H"), push).reasons:
...     print(ENGLISH.reason(reason))
7H is not a card any wild card of this meld stands for
a joker's place in a set of sixes takes a six
>>> to_hand = get_ruleset("push", {"rescue_to_hand": True})
>>> ENGLISH.reason(rescue(parse_cards("6C 6H JK"), Card.parse("6D"), to_hand).says)
'JK comes out: it may go into your hand'

In Loba the joker at the end of an escalera moves to the other end (R79):

>>> moved = rescue(parse_cards("9C 10C JC JK"), Card.parse("QC"), get_ruleset("loba"))
>>> format_cards(moved.after.cards), ENGLISH.reason(moved.says)
('9C 10C JC QC JK', 'JK moves to the top of the escalera, as KC; it never goes into your hand')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, NamedTuple

from .cards import (
    ACE,
    ACE_HIGH,
    SUITS,
    TWO,
    Card,
    card_of,
    format_cards,
    parse_cards,
)
from .errors import CardError
from .melds import (
    MAX_RUN,
    Declaration,
    MeldVerdict,
    Reading,
    RunReading,
    SetReading,
    closed_meld,
    read_meld,
)
from .reasons import Reason
from .ruleset import JokerExchange, Ruleset

MOST_DETAILS = 4  # reasons about single readings of an undeclared meld, at most

Goes = Literal["meld", "hand"]


# --- Each game's rule, as data (R79) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exchange:
    """What a game lets a natural card do to a joker on the table (R79), as the
    check reads it.

    ``set_cards``: how many natural cards of a set's rank take its joker's place
    (0: a set's joker stays). ``run_jokers``: which joker of a run may be taken or
    moved, ``"any"``, only one at an ``"end"`` of it, or ``"none"``. ``run_goes``:
    where a run's joker goes, ``"out"`` of the meld (to a meld or the hand, as
    ``goes`` says), ``"past"`` the natural card that took its place (R79's
    ``9C 10C JC JK`` with ``QC``: ``9C 10C JC QC JK``, the joker now the king; the
    other end where nothing lies past an ace), to ``"either_end"``, or to the
    ``"top"`` (the bottom when the top is an ace). ``goes``: where a joker taken out goes,
    None where the table's option ``rescue_to_hand`` says (R25). ``jokers_only``:
    a wild 2 never comes out (R79's Twos Wild). ``moves_once``: a run's joker,
    once moved, stays (Telefunken). The rule in a sentence, in the game's words, is
    :func:`exchange_rule`'s reason.
    """

    set_cards: int
    run_jokers: Literal["any", "end", "none"]
    run_goes: Literal["out", "past", "either_end", "top"]
    goes: Goes | None = "meld"
    jokers_only: bool = True
    moves_once: bool = False

    @property
    def most_cards(self) -> int:
        """How many natural cards one exchange takes at most."""
        return max(1, self.set_cards)


EXCHANGES: Mapping[JokerExchange, Exchange] = MappingProxyType(
    {
        "in_meld": Exchange(  # R24, R25: any wild card, out to a meld or (option) the hand
            set_cards=1,
            run_jokers="any",
            run_goes="out",
            goes=None,
            jokers_only=False,
        ),
        "to_hand": Exchange(
            set_cards=1,
            run_jokers="any",
            run_goes="out",
            goes="hand",
        ),
        "move": Exchange(
            set_cards=0,
            run_jokers="end",
            run_goes="past",
        ),
        "move_anywhere": Exchange(
            set_cards=0,
            run_jokers="end",  # R79: "as move", so a joker in the middle stays
            run_goes="either_end",
        ),
        "move_to_top": Exchange(
            set_cards=0,
            run_jokers="any",
            run_goes="top",
        ),
        "two_for_one": Exchange(
            set_cards=2,
            run_jokers="end",
            run_goes="past",
            goes="hand",
            moves_once=True,
        ),
        "none": Exchange(
            set_cards=0,
            run_jokers="none",
            run_goes="out",
        ),
    }
)


def exchange_of(rules: Ruleset) -> Exchange:
    """The table's joker exchange (R79)."""
    return EXCHANGES[rules.joker_exchange]


def exchange_rule(rules: Ruleset) -> Reason:
    """The table's rule for a joker a natural card replaces (R25, R79), said by
    :mod:`.words`.

    >>> from referee.rules import get_ruleset
    >>> from referee.rules.words import ENGLISH
    >>> ENGLISH.reason(exchange_rule(get_ruleset("caribbean-kalooki")))
    ... # doctest: +NORMALIZE_WHITESPACE
    'in Caribbean Kalooki the natural card takes the place of a joker of a "four" and the
    joker moves to the top, or to the bottom when the top is an ace; the joker of a
    "three" never moves'
    """
    return Reason.of(
        "exchange_rule",
        game=rules.name,
        exchange=rules.joker_exchange,
        words=rules.words,
        to_hand=rules.rescue_to_hand,
        twos_wild=rules.twos_wild,
        runs_allowed=rules.runs_allowed,
    )


# --- The answer -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Swap:
    """One way to make the exchange: with the meld on the table read as ``reading``,
    ``freed`` leaves its place and the natural card (or cards) take it; ``after`` is
    the meld then, kept to the same reading, or to the same run grown by the card
    where the joker moves (R79)."""

    reading: Reading
    freed: Card
    #: In a run, the exact card the freed wild card stood for; None in a set.
    stood_for: Card | None
    after: MeldVerdict
    #: Where the wild card goes: out to a meld made this turn, or to the hand (R25,
    #: R79); "meld" too where it moves within this one.
    goes: Goes = "meld"
    #: Where the joker moves within the run, the card it stands for there (R79).
    moved_to: Card | None = None


@dataclass(frozen=True, slots=True)
class RescueVerdict:
    """The referee's answer to "may I put this card in place of a joker there, and
    what becomes of the joker?"."""

    meld: tuple[Card, ...]
    #: The natural card, or the two a set's joker takes in some games (R79).
    naturals: tuple[Card, ...]
    #: The meld on the table as read (kept to its declaration): each swap names one.
    readings: tuple[Reading, ...]
    swaps: tuple[Swap, ...]
    reasons: tuple[Reason, ...]
    #: What happens to the joker (said by :mod:`.words`); where there is no swap, the
    #: game's rule.
    says: Reason
    #: Where the freed wild card goes (R25, R79): "meld", it stays on the table (in a
    #: meld made this turn, or moved within this one), or "hand".
    wild_goes: Goes

    @property
    def natural(self) -> Card:
        """The natural card (the first, where two are given)."""
        return self.naturals[0]

    @property
    def legal(self) -> bool:
        return bool(self.swaps)

    @property
    def needs_declaration(self) -> bool:
        """R15: the meld on the table reads more than one way, and the answer may
        depend on which it was declared as; each swap names its reading."""
        return len(self.readings) > 1

    @property
    def freed(self) -> tuple[Card, ...]:
        """The wild cards that may come out (the player picks one when there are several)."""
        return tuple(dict.fromkeys(swap.freed for swap in self.swaps))

    @property
    def after(self) -> MeldVerdict | None:
        """The meld after the first swap; None when there is none."""
        return self.swaps[0].after if self.swaps else None


def rescue(
    meld: Sequence[Card],
    natural: Card | Sequence[Card],
    rules: Ruleset,
    meld_declare: Declaration | None = None,
    players: int | None = None,
) -> RescueVerdict:
    """May ``natural`` take the place of a joker of ``meld``, on the table, and what
    happens to the joker (R24, R25, R79)?

    ``natural`` is one card, or two where the game takes a set's joker with two
    (R79). Each reading of the meld (kept to ``meld_declare``, as :func:`extend_meld`
    does) gives the wild cards it may replace, by the game's rule; the meld after is
    read again under the same reading (the run grown by one where the joker moves).
    A meld and cards holding more of a card than the pack raise PackError (R3);
    ``players`` picks the pack.
    """
    meld = tuple(meld)
    naturals = (natural,) if isinstance(natural, Card) else tuple(natural)
    _check_count(naturals, rules, format_cards(naturals))  # R79: one, or two for a set's
    rules.check_cards((*meld, *naturals), players)
    table = read_meld(meld, rules, meld_declare, players)
    exchange = exchange_of(rules)

    def verdict(swaps: Sequence[Swap], *reasons: Reason) -> RescueVerdict:
        says = _says(swaps, rules, exchange) if swaps else exchange_rule(rules)
        goes = swaps[0].goes if swaps else _goes(exchange, rules)
        return RescueVerdict(meld, naturals, table.readings, tuple(swaps), reasons, says, goes)

    if not table.legal:
        return verdict((), *(Reason.of("meld_on_table_not_legal", why=r) for r in table.reasons))
    if any(card.is_joker for card in naturals):
        return verdict((), Reason.of("rescue_with_joker"))
    places = {reading: _wild_places(meld, reading, rules) for reading in table.readings}
    if not any(places.values()):
        return verdict((), _no_wild_card(meld, rules))
    if exchange.set_cards == 0 and exchange.run_jokers == "none":
        return verdict((), exchange_rule(rules))  # R79
    job = _Asked(meld, naturals, rules, exchange, players)
    outcomes = [job.outcome(reading, wild) for reading, wild in places.items()]
    swaps = [swap for outcome in outcomes for swap in outcome.swaps]
    if swaps:
        return verdict(swaps)
    ruled = [outcome.why for outcome in outcomes if outcome.stands_for and outcome.why]
    details = list(dict.fromkeys([*ruled, *(o.why for o in outcomes if o.why)]))
    if len(details) > MOST_DETAILS:
        more = len(details) - MOST_DETAILS + 1
        details[MOST_DETAILS - 1 :] = [Reason.of("more_ways_to_read", count=more)]
    if ruled:  # a wild card stands for the card, but the game's rule refuses it (R53, R79)
        return verdict((), *(why for why in details if why))
    first = naturals[0]
    return verdict(
        (),
        Reason.of("card_stands_for_no_wild_card", card=first),
        *(why for why in details if why),
    )


def natural_cards(text: str, rules: Ruleset) -> tuple[Card, ...]:
    """The natural card written in ``text`` (R1), or the two a set's joker takes
    where the game says so (R79); CardError naming the trouble otherwise.

    >>> from referee.rules import get_ruleset
    >>> natural_cards(" 8h ", get_ruleset("push"))
    (Card.parse('8H'),)
    >>> natural_cards("8H 9H", get_ruleset("push"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.rules.errors.CardError: too_many_natural_cards(written='"8H 9H"', count=2, ...)
    >>> natural_cards("8H 8S", get_ruleset("telefunken"))
    (Card.parse('8H'), Card.parse('8S'))
    """
    cards = tuple(parse_cards(text))
    _check_count(cards, rules, f'"{text}"')
    return cards


def _check_count(naturals: Sequence[Card], rules: Ruleset, written: str) -> None:
    """CardError unless ``naturals`` are one card, or as many as the game takes for a
    set's joker (R79); ``written`` is how the player gave them."""
    most = exchange_of(rules).most_cards
    if not naturals:
        raise CardError(Reason.of("no_natural_card"))
    if len(naturals) <= most:
        return
    why = Reason.of(
        "too_many_natural_cards",
        written=written,
        count=len(naturals),
        most=most,
        words=rules.words,
    )
    raise CardError(why)


# --- Where the wild cards are ----------------------------------------------------


class Wild(NamedTuple):
    """A wild card of a meld as read: its index ``at`` in the meld and, in a run,
    the card it stands for and its place in run order (None in a set, R24)."""

    at: int
    stands_for: Card | None
    offset: int | None


def _wild_places(meld: tuple[Card, ...], reading: Reading, rules: Ruleset) -> list[Wild]:
    """The wild cards of the meld under ``reading``. Only the table's rules say which
    cards are wild (R4, R46): a 2 is one in Push, not in Contract Rummy."""
    flexible = [index for index, card in enumerate(meld) if rules.is_wild(card)]
    if isinstance(reading, SetReading):
        return [Wild(index, None, None) for index in flexible]  # a wild 2 is wild in a set (R5)
    if reading.holds(TWO):
        # R5, R15: the first 2 of the run's suit sits at rank 2 as itself (past the
        # king too, where runs turn the corner: R69).
        two = next((i for i in flexible if meld[i] == card_of(TWO, reading.suit)), None)
        flexible = [index for index in flexible if index != two]
    # R15: the wild cards fill the open places in the order they were entered, so
    # the n-th wild card of the meld is the n-th card of the run standing for another.
    open_places = [
        (offset, placed.stands_for)
        for offset, placed in enumerate(reading.cards)
        if not placed.natural
    ]
    return [
        Wild(index, stands_for, offset)
        for index, (offset, stands_for) in zip(flexible, open_places, strict=True)
    ]


def _declared(reading: Reading) -> Declaration:
    if isinstance(reading, SetReading):
        return Declaration("set", rank=reading.rank)
    return Declaration("run", suit=reading.suit, low=reading.low, high=reading.high)


def _closed(reading: Reading, size: int, rules: Ruleset) -> Reason | None:
    """R53: a full group, or a run from ace to ace, is closed where the game says so
    (as :func:`~referee.rules.melds.extend_meld` holds it): nothing is taken from it
    or moved in it, its jokers included."""
    if not rules.closed_melds:
        return None
    if isinstance(reading, SetReading) and size == 4:
        return closed_meld(rules, "set", "joker")
    if isinstance(reading, RunReading) and size == MAX_RUN + 1:
        return closed_meld(rules, "run", "joker")
    return None


class _Outcome(NamedTuple):
    """One reading's answer: its swaps, or why none. ``stands_for``: a wild card
    of it stands for the card, so what refuses it is the game's rule, not the card."""

    swaps: list[Swap]
    why: Reason | None
    stands_for: bool


@dataclass(frozen=True, slots=True)
class _Asked:
    """One exchange asked of the referee: the meld on the table, the natural cards,
    and the table's rules; each reading of the meld gives its own answer."""

    meld: tuple[Card, ...]
    naturals: tuple[Card, ...]
    rules: Ruleset
    exchange: Exchange
    players: int | None

    def outcome(self, reading: Reading, wild: Sequence[Wild]) -> _Outcome:
        if isinstance(reading, SetReading):
            return self._from_set(reading, wild)
        return self._from_run(reading, wild)

    def _refused(self, why: Reason) -> _Outcome:
        return _Outcome([], why, True)

    def _wild_cards(self, wild: Sequence[Wild]) -> tuple[list[Wild], Reason | None]:
        """The wild cards the game lets come out; why not, when a wild 2 alone could
        (R79: only a joker, never a wild 2, outside the Push family)."""
        if not self.exchange.jokers_only:
            return list(wild), None
        jokers = [place for place in wild if self.meld[place.at].is_joker]
        if jokers:
            return jokers, None
        twos = tuple(self.meld[place.at] for place in wild)
        return [], Reason.of("only_jokers_taken", game=self.rules.name, cards=twos)  # R79

    # --- Sets ----------------------------------------------------------------------

    def _from_set(self, reading: SetReading, wild: Sequence[Wild]) -> _Outcome:
        rules, meld, exchange = self.rules, self.meld, self.exchange
        strays = [
            (n, card)
            for n, card in enumerate(self.naturals)
            if not _fits_set(meld, card, reading, rules)
        ]
        if strays:
            n, stray = strays[0]  # where the first card fits, the second is the trouble
            return _Outcome([], _why_not(meld, stray, reading, wild, rules), n > 0)
        if exchange.set_cards == 0:  # R79: a set's joker never moves
            return self._refused(
                Reason.of("set_joker_stays", game=rules.name, words=rules.words)  # R79
            )
        given = self.naturals
        if len(given) != exchange.set_cards:
            return self._refused(self._how_many(reading))
        if len({card.suit for card in given}) < len(given) and rules.set_distinct_suits:
            return self._refused(
                Reason.of("given_cards_share_suit", reading=reading, cards=given)
            )  # R9, R43
        closed = _closed(reading, len(meld), rules)
        if closed:
            return self._refused(closed)  # R53
        jokers, why = self._wild_cards(wild)
        if why:
            return self._refused(why)
        # Any wild card of a set may come out; the same card twice is one choice.
        chosen = {meld[place.at]: place.at for place in reversed(jokers)}
        swaps = []
        after = None
        for index in sorted(chosen.values()):
            cards = (*meld[:index], given[0], *meld[index + 1 :], *given[1:])
            after = read_meld(cards, rules, _declared(reading), self.players)
            if _kept(after, reading, [(meld[index], given[0])]):
                swaps.append(Swap(reading, meld[index], None, after, self._goes()))
        if swaps or after is None:
            return _Outcome(swaps, None, True)
        return self._refused(_not_legal(after, cards=given))

    def _how_many(self, reading: SetReading) -> Reason:
        """Why this many natural cards cannot take the joker's place (R24, R79)."""
        if self.exchange.set_cards == 2 and len(self.naturals) == 1:
            return Reason.of(
                "two_cards_take_set_joker",
                game=self.rules.name,
                reading=reading,
                card=self.naturals[0],
            )  # R79
        return Reason.of("one_card_takes_wild_place", reading=reading, count=len(self.naturals))

    # --- Runs ------------------------------------------------------------------------

    def _from_run(self, reading: RunReading, wild: Sequence[Wild]) -> _Outcome:
        rules, meld, exchange, first = self.rules, self.meld, self.exchange, self.naturals[0]
        targets = [place for place in wild if place.stands_for == first]
        if not targets:
            return _Outcome([], _why_not(meld, first, reading, wild, rules), False)
        if len(self.naturals) > 1:
            return self._refused(
                Reason.of("one_card_takes_run_joker", words=rules.words, cards=self.naturals)
            )
        closed = _closed(reading, len(meld), rules)
        if closed:
            return self._refused(closed)  # R53
        targets, why = self._wild_cards(targets)
        if why:
            return self._refused(why)
        if exchange.run_jokers == "end":
            last = len(reading.in_order) - 1
            targets = [place for place in targets if place.offset in (0, last)]
            if not targets:
                return self._refused(
                    Reason.of("middle_joker_stays", game=rules.name, words=rules.words)  # R79
                )
        if exchange.run_goes == "out":
            return self._taken_out(reading, targets)
        swaps: list[Swap] = []
        whys: list[Reason] = []
        for place in targets:
            for to in _destinations(reading, place, exchange):
                swap, why = self._moved(reading, place, to)
                if swap is not None:
                    swaps.append(swap)
                elif why is not None:
                    whys.append(why)
        return _Outcome(swaps, _together(whys), True)

    def _taken_out(self, reading: RunReading, targets: Sequence[Wild]) -> _Outcome:
        """R24: the natural card in the wild card's place; the wild card leaves the meld."""
        meld, natural = self.meld, self.naturals[0]
        swaps = []
        whys: list[Reason] = []
        for place in targets:
            cards = (*meld[: place.at], natural, *meld[place.at + 1 :])
            after = read_meld(cards, self.rules, _declared(reading), self.players)
            if _kept(after, reading, [(meld[place.at], natural)]):
                swaps.append(Swap(reading, meld[place.at], natural, after, self._goes()))
            else:
                whys.append(_not_legal(after, card=natural))
        return _Outcome(swaps, None if swaps else _together(whys), True)

    def _moved(
        self, reading: RunReading, place: Wild, to: int
    ) -> tuple[Swap | None, Reason | None]:
        """R79: the natural card in the joker's place, the joker at run position
        ``to`` (just below or above the run); or why it cannot go there."""
        rules, natural = self.rules, self.naturals[0]
        assert place.offset is not None  # a run's wild card has its place
        joker = self.meld[place.at]
        cannot = {"joker": joker, "top": to > reading.high, "words": rules.words}
        if not 1 <= to <= ACE_HIGH:
            return None, Reason.of("joker_cannot_move", **cannot)
        cards = list(reading.in_order)
        cards[place.offset] = natural
        cards = [*cards, joker] if to > reading.high else [joker, *cards]
        neighbour = cards[-2] if to > reading.high else cards[1]
        beside = reading.high if to > reading.high else reading.low
        if rules.run_wilds_apart and neighbour != _position_card(beside, reading.suit):  # R54
            return None, Reason.of(
                "joker_cannot_move", **cannot, beside=neighbour, game=rules.name
            )  # R54
        low, high = min(reading.low, to), max(reading.high, to)
        declared = Declaration("run", suit=reading.suit, low=low, high=high)
        after = read_meld(cards, rules, declared, self.players)
        kept = after.readings[0] if len(after.readings) == 1 else None
        if not isinstance(kept, RunReading) or kept.in_order != tuple(cards):
            return None, Reason.of("joker_cannot_move", **cannot, why=_not_legal(after))
        moved_to = _position_card(to, reading.suit)
        return Swap(reading, joker, natural, after, "meld", moved_to), None

    def _goes(self) -> Goes:
        return _goes(self.exchange, self.rules)


def _goes(exchange: Exchange, rules: Ruleset) -> Goes:
    """Where a wild card taken out of a meld goes: the game's, or R25's option."""
    if exchange.goes is not None:
        return exchange.goes
    return "hand" if rules.rescue_to_hand else "meld"


def _destinations(reading: RunReading, place: Wild, exchange: Exchange) -> list[int]:
    """The run positions a joker moving out of ``place`` may go to (R79): past the
    natural card at its end (the other end where nothing lies past an ace), past
    either end, or past the top (the bottom when the top is an ace)."""
    below, above = reading.low - 1, reading.high + 1
    if exchange.run_goes == "top":
        return [below] if reading.high == ACE_HIGH else [above]
    if exchange.run_goes == "either_end":
        return [below, above]
    at_top = place.offset == len(reading.in_order) - 1
    if at_top:
        return [above] if reading.high < ACE_HIGH else [below]
    return [below] if reading.low > ACE else [above]


def _position_card(position: int, suit: str) -> Card:
    return card_of(ACE if position == ACE_HIGH else position, suit)


def _fits_set(meld: tuple[Card, ...], natural: Card, reading: SetReading, rules: Ruleset) -> bool:
    if rules.is_wild(natural) or natural.rank != reading.rank:
        return False
    return not rules.set_distinct_suits or natural.suit not in _held_suits(meld, rules)  # R9, R10


def _held_suits(meld: tuple[Card, ...], rules: Ruleset) -> set[str]:
    """The suits of a set's natural cards (R9)."""
    return {card.suit for card in meld if not rules.is_wild(card)}


def _kept(after: MeldVerdict, reading: Reading, changed: Sequence[tuple[Card, Card]]) -> bool:
    """The meld after the swap is legal as the same reading, and in a run every
    other card stands for what it stood for (R15): only the one place changed."""
    if len(after.readings) != 1 or after.readings[0].key != reading.key:
        return False
    kept = after.readings[0]
    if not isinstance(reading, RunReading) or not isinstance(kept, RunReading):
        return True
    moved = zip(reading.in_order, kept.in_order, strict=True)
    return [(old, new) for old, new in moved if old != new] == list(changed)


def _not_legal(
    after: MeldVerdict, *, cards: tuple[Card, ...] | None = None, card: Card | None = None
) -> Reason:
    """Why the meld after an exchange (with ``cards`` given, or ``card`` in the wild
    card's place) is not legal as the one on the table was read."""
    reason = next((r for r in after.reasons if r.code != "not_as_declared"), None)
    return Reason.of("meld_would_not_be_legal", why=reason, cards=cards, card=card)


def _together(whys: Sequence[Reason]) -> Reason | None:
    """One reason for several, one after the other; None for none."""
    unique = tuple(dict.fromkeys(whys))
    if len(unique) <= 1:
        return unique[0] if unique else None
    return Reason.of("each_refused", reasons=unique)


# --- Why not ---------------------------------------------------------------------


def _no_wild_card(meld: tuple[Card, ...], rules: Ruleset) -> Reason:
    twos = [card for card in meld if card.rank == TWO and rules.is_wild(card)]
    return Reason.of("meld_has_no_wild_card", two=twos[0] if twos else None)  # R5


def _why_not(
    meld: tuple[Card, ...],
    natural: Card,
    reading: Reading,
    wild: Sequence[Wild],
    rules: Ruleset,
) -> Reason:
    """Why ``natural`` takes no wild card's place in the meld read as ``reading``."""
    if not wild:
        twos = [card for card in meld if card.rank == TWO and rules.is_wild(card)]
        return Reason.of("meld_has_no_wild_card", reading=reading, two=twos[0] if twos else None)
    if isinstance(reading, RunReading):
        pairs = tuple((meld[place.at], place.stands_for) for place in wild)
        return Reason.of("wild_cards_stand_for", reading=reading, pairs=pairs)
    whose = _whose([meld[place.at] for place in wild])
    if not _fits_set(meld, natural, reading, rules) and natural.rank == reading.rank:
        held = _held_suits(meld, rules)
        free = tuple(card_of(reading.rank, suit) for suit in SUITS if suit not in held)
        return Reason.of(
            "set_holds_card", reading=reading, card=natural, wild=whose, free=free
        )  # R9
    return Reason.of("wild_place_takes_rank", wild=whose, reading=reading)


def _whose(wild: Sequence[Card]) -> str:
    """Whose place it is: a ``"joker"``'s, a ``"two"``'s or, when they differ, a
    ``"wild"`` card's."""
    if all(card.is_joker for card in wild):
        return "joker"
    if all(card.rank == TWO for card in wild):
        return "two"
    return "wild"


# --- What happens to the joker -----------------------------------------------------


def _says(swaps: Sequence[Swap], rules: Ruleset, exchange: Exchange) -> Reason:
    """What becomes of the wild card (R25, R79)."""
    taken = [swap for swap in swaps if swap.moved_to is None]
    if taken:
        freed = tuple(dict.fromkeys(swap.freed for swap in taken))
        if exchange.goes == "hand":  # R79: the game sends it there
            return Reason.of("wild_card_comes_out", cards=freed, goes="game_hand")
        return Reason.of("wild_card_comes_out", cards=freed, goes=taken[0].goes)  # R25
    return Reason.of(
        "joker_moves",
        cards=tuple(dict.fromkeys(swap.freed for swap in swaps)),
        ends=tuple(sorted({"top" if _above(swap) else "bottom" for swap in swaps})),
        words=rules.words,
        to=tuple(swap.moved_to for swap in swaps if swap.moved_to is not None),
        once=exchange.moves_once,  # R79: Telefunken's joker of a sequidilla
    )


def _above(swap: Swap) -> bool:
    """The joker moved above the run (not below it)."""
    before, after = swap.reading, swap.after.readings[0]
    assert isinstance(before, RunReading)
    assert isinstance(after, RunReading)
    return after.high > before.high
