"""A deliberately simple meld reader for any ruleset: try everything.

Like ``brute.py`` it knows nothing of ``referee.rules.melds``: it reads docs/rules.md
(R43-R56, R69, R70, and the Push family's rulings) directly, tries every set rank and
every run span of every suit, and keeps what the ruleset's fields allow; so it
reads the Contract Rummy family, and any game under house rules. Slow, and meant
to be obviously right. Keys as in ``brute.py``: ``("set", rank)``, ``("run", suit,
low, high)``; round the corner (R69) a run's places go on past the ace high: 15
is the 2, 16 the 3 ...
"""

from itertools import pairwise

from referee.rules import Card, WildLimit
from referee.rules.ruleset import Ace

SUITS = ("S", "H", "D", "C")


def is_wild(card: Card, rules) -> bool:
    """R46: jokers always; 2s where the ruleset says."""
    return card.rank == 0 or (card.rank == 2 and rules.twos_wild)


def position_card(position: int, suit: str) -> Card:
    return Card((position - 1) % 13 + 1, suit)


def is_span(rules, low: int, high: int) -> bool:
    """R12, R45, R69: where a run of the game may lie."""
    size = high - low + 1
    if rules.ace is Ace.AROUND:  # any rank to start, 13 cards at most, read once
        if size == 13:  # a run of every rank is one reading, from the ace (R15)
            return low == 1
        return low <= 13 and size < 13
    if high > 14:
        return False
    if low == 1 and high == 14:  # R12: never ace low and high at once, but R45's A..A
        return rules.ace is Ace.BOTH_ENDS
    return not (low == 1 and rules.ace is Ace.HIGH_ONLY)  # R45: Shanghai


def wild_cap(rules, kind: str, size: int):
    """R51, R55: the most wild cards a meld may hold, or None."""
    if rules.wild_limit == WildLimit.ONE:
        return 1
    if rules.wild_limit == WildLimit.BY_SIZE:
        listed = [most for k, n, most in rules.wild_limit_by_size if k == kind and n <= size]
        return listed[-1] if listed else None
    return None


def keeps_limits(rules, kind: str, size: int, natural: int) -> bool:
    wild = size - natural
    if rules.wild_limit == WildLimit.FEWER_THAN_NATURAL and natural <= wild:  # R7, R56
        return False
    if rules.wild_limit == WildLimit.NO_MORE_THAN_NATURAL and wild > natural:  # R70
        return False
    if rules.wild_limit == WildLimit.TWO_NATURAL and natural < 2:  # R70
        return False
    cap = wild_cap(rules, kind, size)
    return cap is None or wild <= cap


def set_wilds(cards, rules, rank):
    """The wild count of ``cards`` as a set of ``rank``, or None if it is not one."""
    if len(cards) < rules.set_min:  # R44
        return None
    if rank == 2 and rules.twos_wild:  # R16: never a set of twos where 2s are wild
        return None
    naturals = [card for card in cards if not is_wild(card, rules)]
    if any(card.rank != rank for card in naturals):
        return None
    if rules.set_distinct_suits:  # R43
        suits = [card.suit for card in naturals]
        if len(set(suits)) != len(suits) or len(cards) > 4:
            return None
    if len(naturals) < rules.set_min_natural:  # R54
        return None
    if not keeps_limits(rules, "set", len(cards), len(naturals)):
        return None
    return len(cards) - len(naturals)


def run_wilds(cards, rules, suit, low, high):
    """The wild count of ``cards`` as this run, or None if it is not one."""
    if not rules.runs_allowed or len(cards) < max(3, rules.run_min):  # R44
        return None
    if high - low + 1 != len(cards) or not is_span(rules, low, high):
        return None
    left = list(cards)
    natural_places = []
    for position in range(low, high + 1):
        wanted = position_card(position, suit)  # a wild 2 of the suit sits at 2 (R5, R46)
        if wanted in left:
            left.remove(wanted)
            natural_places.append(position)
    if any(not is_wild(card, rules) for card in left):
        return None
    natural = len(natural_places)
    if not keeps_limits(rules, "run", len(cards), natural):
        return None
    if rules.run_wilds_apart:  # R54: no two wild cards side by side
        open_places = [p for p in range(low, high + 1) if p not in natural_places]
        if any(b - a == 1 for a, b in pairwise(open_places)):
            return None
    return len(left)


def brute_readings(cards, rules) -> dict[tuple, int]:
    """Every legal reading of ``cards`` as any meld of the game, with its wild count."""
    found = {}
    for rank in (1, *range(2, 14)):
        wild = set_wilds(cards, rules, rank)
        if wild is not None:
            found["set", rank] = wild
    for suit in SUITS:
        for low in range(1, 15):
            for high in range(low, 27):
                wild = run_wilds(cards, rules, suit, low, high)
                if wild is not None:
                    found["run", suit, low, high] = wild
    return found


def fits_part(cards, rules, deal, part, key, wild) -> bool:
    """R47, R52, R53, R55, R56: one reading as one part of the deal's initial meld."""
    if key[0] != part.kind:
        return False
    if (part.exact and len(cards) != part.min) or len(cards) < part.min:
        return False
    if part.no_wild and wild:
        return False
    if part.distinct_suits and len({card.suit for card in cards}) < len(cards):
        return False
    if deal.meld_wilds is not None and wild > deal.meld_wilds:
        return False
    return deal.contract_wilds is None or wild <= deal.contract_wilds


def brute_deal_readings(cards, rules, number) -> set[tuple]:
    """Readings of ``cards`` as one meld of deal ``number``'s initial meld."""
    deal = rules.deals[number - 1]
    readings = brute_readings(cards, rules)
    if not deal.contract:
        return set(readings)
    return {
        key
        for key, wild in readings.items()
        if any(fits_part(cards, rules, deal, part, key, wild) for part in deal.contract)
    }
