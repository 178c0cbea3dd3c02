"""A deliberately simple meld reader for the property tests: try everything.

It knows nothing of ``referee.rules.melds``; it reads docs/rules.md directly and tries
every set rank and every run span of every suit. Slow, and meant to be obviously
right, so the core can be checked against it.

Reading keys: ``("set", rank)`` with rank 1 for the ace and 3..13 otherwise, and
``("run", suit, low, high)`` with positions 1 (ace low) to 14 (ace high).
"""

from referee.rules import Card, WildLimit

SUITS = ("S", "H", "D", "C")
SET_RANKS = (1, *range(3, 14))  # R16: a set of any rank from 3 to A, never of twos


def is_wild(card: Card) -> bool:
    """R4: jokers and all 2s are wild."""
    return card.rank == 0 or card.rank == 2


def position_card(position: int, suit: str) -> Card:
    """The card that sits naturally at a run position (14 is the ace high)."""
    if position == 14:
        return Card(1, suit)
    return Card(position, suit)


def is_set(cards, rules, rank) -> bool:
    if len(cards) < 3:  # R8
        return False
    naturals = [card for card in cards if not is_wild(card)]  # a 2 is wild in a set (R5)
    wilds = [card for card in cards if is_wild(card)]
    for card in naturals:
        if card.rank != rank:
            return False
    if rules.set_distinct_suits:  # R9
        suits = [card.suit for card in naturals]
        if len(set(suits)) != len(suits):
            return False
        if len(cards) > 4:
            return False
    shove_it = rules.wild_limit == WildLimit.FEWER_THAN_NATURAL
    return not shove_it or len(naturals) > len(wilds)  # R7


def is_run(cards, rules, suit, low, high) -> bool:
    if len(cards) < 3:  # R11
        return False
    if high - low + 1 != len(cards):
        return False
    if low == 1 and high == 14:  # R12: never ace low and high at once
        return False
    left = list(cards)
    natural = 0
    for position in range(low, high + 1):
        wanted = position_card(position, suit)  # at position 2: the 2 of the suit (R15)
        if wanted in left:
            left.remove(wanted)
            natural += 1
    for card in left:
        if not is_wild(card):
            return False
    open_places = (high - low + 1) - natural
    if len(left) != open_places:
        return False
    shove_it = rules.wild_limit == WildLimit.FEWER_THAN_NATURAL
    return not shove_it or natural > len(left)  # R7: a 2 as itself counts as natural


def brute_readings(cards, rules) -> set[tuple]:
    """Every legal reading of the meld ``cards`` under ``rules``, as keys."""
    found = set()
    for rank in SET_RANKS:
        if is_set(cards, rules, rank):
            found.add(("set", rank))
    for suit in SUITS:
        for low in range(1, 15):
            for high in range(low, 15):
                if is_run(cards, rules, suit, low, high):
                    found.add(("run", suit, low, high))
    return found
