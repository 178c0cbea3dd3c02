"""A slow, obviously exhaustive hand solver for the tests (docs/rules.md#R67).

It knows nothing of ``referee.rules.solver``: it tries every sub-multiset of the
hand as a meld (``read_meld`` says which are legal), every collection of
disjoint legal melds as an initial meld (``check_contract`` says which meet the
deal's contract, trying every reading and every assignment to the contract's
parts itself), and keeps the one that leaves the fewest points. Exponential:
meant for hands of ten cards or fewer.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

from referee.rules import Card, check_contract, read_meld

SUITS = ("S", "H", "D", "C")
JOKER = Card(0, "")


def legal_melds(cards, rules, players=None) -> list[tuple[int, ...]]:
    """Every set of positions of ``cards`` that makes a legal meld (each multiset of
    cards is read once, but every choice of copies is kept, so that melds sharing
    a card of which the hand holds two can still go down together)."""
    legal: dict[tuple, bool] = {}
    found = []
    for size in range(3, len(cards) + 1):
        for positions in combinations(range(len(cards)), size):
            multiset = tuple(sorted(cards[p] for p in positions))
            if multiset not in legal:
                meld = [cards[p] for p in positions]
                legal[multiset] = read_meld(meld, rules, players=players).legal
            if legal[multiset]:
                found.append(positions)
    return found


def best_left(cards, rules, deal, players=None) -> int | None:
    """The fewest points any initial meld meeting the contract leaves in hand (R65),
    or None when no initial meld meets it."""
    cards = list(cards)
    melds = legal_melds(cards, rules, players)
    rule = rules.deal(deal)
    most_melds = len(rule.contract) if (rules.exact_initial_meld and rule.contract) else None
    total = sum(rules.card_values(card) for card in cards)
    best: int | None = None

    def walk(start: int, used: frozenset, chosen: list) -> None:
        nonlocal best
        if chosen:
            verdict = check_contract(
                [([cards[p] for p in meld], None) for meld in chosen], rules, deal, players
            )
            if verdict.met:
                left = total - sum(rules.card_values(cards[p]) for p in used)
                if best is None or left < best:
                    best = left
        if most_melds is not None and len(chosen) >= most_melds:
            return
        for index in range(start, len(melds)):
            meld = melds[index]
            if used.isdisjoint(meld):
                chosen.append(meld)
                walk(index + 1, used | frozenset(meld), chosen)
                chosen.pop()

    walk(0, frozenset(), [])
    return best


def addable(cards, rules, players=None) -> list[Card]:
    """Every distinct card the pack still holds beyond the hand (R3, R49)."""
    pack = rules.pack(players)
    held = Counter(cards)
    found = [
        Card(rank, suit)
        for suit in SUITS
        for rank in range(1, 14)
        if held[Card(rank, suit)] < pack.decks
    ]
    if held[JOKER] < pack.jokers:
        found.append(JOKER)
    return found


def completing(cards, rules, deal, players=None) -> dict[Card, int]:
    """Every card that, added, meets the contract, with the points left after (R66)."""
    found = {}
    for card in addable(cards, rules, players):
        left = best_left([*cards, card], rules, deal, players)
        if left is not None:
            found[card] = left
    return found


def met_with_some(cards, rules, deal, missing: int, players=None) -> bool:
    """Whether some ``missing`` cards the pack still holds, added to the hand, meet
    the contract (R66)."""
    pack = rules.pack(players)
    for added in combinations_with_replacement(addable(cards, rules, players), missing):
        hand = [*cards, *added]
        counts = Counter(hand)
        if any(n > (pack.jokers if c.rank == 0 else pack.decks) for c, n in counts.items()):
            continue
        if best_left(hand, rules, deal, players) is not None:
            return True
    return False
