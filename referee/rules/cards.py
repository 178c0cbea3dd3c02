"""Cards, their notation and the pack (R1-R3).

>>> parse_cards("7h-8h, 10♥ jk")
[Card.parse('7H'), Card.parse('8H'), Card.parse('10H'), Card.parse('JK')]
>>> format_cards(parse_cards(["t♠", "joker", "ac"]))
'10S JK AC'
>>> format_cards(parse_cards("Rp Dd 7t comodín"))  # a Spanish-speaking table's letters
'KS QD 7C JK'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .errors import CardError, PackError
from .reasons import Reason

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: Ranks in order, ace low. A rank is an int 1..13; an ace high sits at 14 in a run.
RANK_TOKENS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE, TWO, ACE_HIGH = 1, 2, 14
JOKER_TOKEN = "JK"

_RANK_OF_TOKEN = {token: rank for rank, token in enumerate(RANK_TOKENS, start=1)}
_RANK_OF_TOKEN["T"] = 10  # R1: T is accepted for 10
# A Spanish-speaking table's letters, in every language, as none of them means
# anything else: R (rey) for K, D (dama) for Q before the suit; P (picas) for spades
# and T (tréboles) for clubs as the suit. C stays clubs (corazones would make it mean
# two suits), so hearts are H or ♥; D as a suit is diamantes in both languages.
_RANK_OF_TOKEN |= {"R": 13, "D": 12}
_SUIT_OF_TOKEN = {suit: suit for suit in SUITS} | {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
    "P": "S", "T": "C",
}  # fmt: skip
_JOKER_TOKENS = {"JK", "JOKER", "*", "COMODIN", "COMODÍN"}
# R1: white space, commas or hyphens separate tokens (dashes a phone may substitute too).
_SEPARATORS = re.compile(r"[\s,\-‐‑‒–—]+")
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


def rank_token(position: int) -> str:
    """The printed rank of a rank or run position (14 is the ace high)."""
    return RANK_TOKENS[(position - 1) % 13]


def parse_rank(token: str) -> int:
    """Read a rank token (``"10"``, ``"t"``, ``"A"``) as 1..13; CardError otherwise."""
    rank = _RANK_OF_TOKEN.get(token.strip().upper())
    if rank is None:
        raise CardError(Reason.of("not_a_rank", token=token))
    return rank


def parse_suit(token: str) -> str:
    """Read a suit token (``"h"``, ``"♥"``) as S, H, D or C; CardError otherwise."""
    suit = _SUIT_OF_TOKEN.get(token.strip().translate(_VARIATION_SELECTORS).upper())
    if suit is None:
        raise CardError(Reason.of("not_a_suit", token=token))
    return suit


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: a rank 1..13 (ace low) and a suit, or the joker (rank 0, no suit).

    A card knows nothing of wild: which cards are wild is the table's rule
    (:meth:`~referee.rules.ruleset.Ruleset.is_wild`, R4, R46), and a 2 is wild in
    Push but natural in Contract Rummy.
    """

    rank: int
    suit: str

    @staticmethod
    def parse(token: str) -> Card:
        """Read one token of R1; raise CardError naming it otherwise (R2)."""
        return _parse_token(token)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def __str__(self) -> str:
        return JOKER_TOKEN if self.rank == 0 else RANK_TOKENS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(0, "")
_DECK = {(rank, suit): Card(rank, suit) for rank in range(1, 14) for suit in SUITS}


def card_of(rank: int, suit: str) -> Card:
    """The card of this rank (1..13) and suit, made once and shared."""
    return _DECK[rank, suit]


@lru_cache(maxsize=512)
def _parse_token(token: str) -> Card:
    text = token.strip().translate(_VARIATION_SELECTORS).upper()
    if text in _JOKER_TOKENS:
        return JOKER
    rank = _RANK_OF_TOKEN.get(text[:-1])
    suit = _SUIT_OF_TOKEN.get(text[-1:])
    if rank is None or suit is None:
        raise CardError(Reason.of("not_a_card", token=str(token)))
    return _DECK[rank, suit]


def parse_cards(cards: str | Iterable[str]) -> list[Card]:
    """Read cards written as one string or as a list of tokens (R1).

    A string is split at white space, commas and hyphens; each list item is one
    token. The first token that is not a card raises CardError naming it (R2).
    """
    tokens = _SEPARATORS.split(cards.strip()) if isinstance(cards, str) else list(cards)
    if isinstance(cards, str) and tokens == [""]:
        return []
    parsed = []
    for token in tokens:
        if not isinstance(token, str):
            raise CardError(Reason.of("not_a_card", token=str(token)))
        parsed.append(_parse_token(token))
    return parsed


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical printing of R1, one space between cards."""
    return " ".join(str(card) for card in cards)


def check_pack(cards: Sequence[Card], packs: int, jokers: int | None = None) -> None:
    """Raise PackError if the cards hold more copies of a card than the pack (R3, R49).

    The pack is ``packs`` 52-card decks and ``jokers`` jokers, two a deck unless
    said: two packs hold two of each card and four jokers, three packs three of
    each and six jokers.
    """
    joker_limit = 2 * packs if jokers is None else jokers
    for card, count in Counter(cards).items():
        limit = joker_limit if card.is_joker else packs
        if count > limit:
            raise PackError(
                Reason.of(
                    "more_than_the_pack",
                    card=None if card.is_joker else card,
                    count=count,
                    limit=limit,
                    decks=packs,
                    jokers=joker_limit,
                )
            )
