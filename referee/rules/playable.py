"""House rules no table could play (docs/rules.md#R71's 422): rules the referee reads
but under which a deal asks for no meld, a contract part is shorter than the
shortest meld of its kind, a sequence is asked where there are none, a whole hand
is larger than a hand, or the pack cannot deal the table or make its groups.
:func:`check_playable` refuses them with an :class:`UnplayableRulesError` naming
the change at fault, the key a table would change back.

>>> from referee.rules import get_ruleset
>>> from referee.rules.house import apply_house
>>> book = get_ruleset("contract-rummy")
>>> check_playable(book, apply_house(book, {"run_min": 5}, check=False), {"run_min": 5})
Traceback (most recent call last):
...
referee.rules.errors.UnplayableRulesError: deal_part_too_short(key='run_min', deal=2, ...)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import NoReturn

from .errors import UnplayableRulesError
from .house_document import house_rules_of
from .reasons import Reason
from .ruleset import (
    ContractPart,
    DealRule,
    MeldWords,
    Ruleset,
)

__all__ = ["check_playable"]


def check_playable(base: Ruleset, rules: Ruleset, house: Mapping[str, object]) -> None:
    """UnplayableRulesError, naming the change at fault, unless a table can play
    ``rules``: every deal has melds to meet, each part a meld the rules allow, a
    whole hand a hand can hold, and the pack deals every table allowed."""

    def refuse(why: Reason, *keys: str, deal: int | None = None) -> NoReturn:
        key = _at_fault(base, rules, house, keys)
        said = Reason(why.code, (("key", key), *why.facts))
        raise UnplayableRulesError(said, key=key, deal=deal)

    if not rules.deals:
        refuse(Reason.of("no_deals"), "deals")
    words = rules.words.plain()
    if rules.set_distinct_suits and rules.set_min > 4:  # R9, R43
        refuse(
            Reason.of("distinct_suits_set_min", words=words, set_min=rules.set_min),
            "set_min",
            "set_suits",
        )
    for deal in rules.deals:
        _check_deal(rules, deal, words, refuse)
    if rules.partnerships:
        odd = [n for n in rules.players if n % 2]
        if odd:
            refuse(Reason.of("odd_players_in_teams", players=tuple(odd)), "players")
    for players in rules.players:
        if rules.packs.row_of(players) is None:
            refuse(Reason.of("no_pack_for_players", players=players), "pack", "players")
        _check_pack(rules, players, refuse)
        _check_sets(rules, players, words, refuse)


def _check_deal(
    rules: Ruleset, deal: DealRule, words: MeldWords, refuse: Callable[..., NoReturn]
) -> None:
    number = deal.number
    if not deal.contract and deal.whole_hand is None:
        refuse(Reason.of("deal_asks_no_meld", deal=number), "deals", deal=number)
    for part in deal.contract:
        asks: dict[str, Hashable] = {"deal": number, "part": part, "words": words}
        if part.kind == "run" and not rules.runs_allowed:  # R44
            refuse(Reason.of("deal_part_no_runs", **asks), "runs", "deals", deal=number)
        shortest = rules.set_min if part.kind == "set" else max(3, rules.run_min)
        if part.min < shortest:
            key = "set_min" if part.kind == "set" else "run_min"
            refuse(
                Reason.of("deal_part_too_short", **asks, shortest=shortest),
                key,
                "deals",
                deal=number,
            )
        if (
            part.kind == "set"
            and part.min > 4
            and (rules.set_distinct_suits or part.distinct_suits)
        ):
            refuse(
                Reason.of("deal_part_distinct_suits", **asks),
                "set_suits",
                "deals",
                deal=number,
            )
        if part.kind == "run" and part.min > rules.max_run:  # R12, R45
            refuse(
                Reason.of("deal_part_run_too_long", **asks, longest=rules.max_run),
                "ace",
                "deals",
                deal=number,
            )
    whole = deal.whole_hand
    if whole is not None and whole.cards > deal.cards + 1:  # R58
        refuse(
            Reason.of("whole_hand_over_a_hand", deal=number, cards=whole.cards, dealt=deal.cards),
            "deals",
            deal=number,
        )
    if whole is not None and not whole.exactly:  # R58: can melds hold that many?
        most = sum(_most_cards(rules, part) for part in deal.contract)
        if most < whole.cards and deal.contract and not rules.more_melds:
            refuse(
                Reason.of("whole_hand_over_contract", deal=number, cards=whole.cards, most=most),
                "deals",
                deal=number,
            )
    if whole is not None and whole.exactly:  # R58: can melds hold exactly that many?
        needs = sum(part.min for part in deal.contract)
        if needs > whole.cards:
            refuse(
                Reason.of(
                    "whole_hand_under_contract", deal=number, cards=whole.cards, needs=needs
                ),
                "deals",
                deal=number,
            )
        smallest = min(rules.set_min, max(3, rules.run_min) if rules.runs_allowed else 99)
        grows = any(not part.exact for part in deal.contract)
        further = rules.more_melds or not deal.contract
        if not (needs == whole.cards or grows or (further and whole.cards - needs >= smallest)):
            refuse(
                Reason.of(
                    "whole_hand_not_exact",
                    deal=number,
                    cards=whole.cards,
                    needs=needs,
                    further=needs + smallest if further else None,
                ),
                "deals",
                deal=number,
            )


def _most_cards(rules: Ruleset, part: ContractPart) -> int:
    """The most cards a meld of this contract part can hold: its size where exact, a
    group of distinct suits four (R9, R43), a sequence the longest there is (R12,
    R45); a group that may repeat suits, as many as a pack could give."""
    if part.exact:
        return part.min
    if part.kind == "run":
        return rules.max_run
    return 4 if rules.set_distinct_suits or part.distinct_suits else 99


def _check_pack(rules: Ruleset, players: int, refuse: Callable[..., NoReturn]) -> None:
    """R3, R49, R71: players x cards dealt, and one card to start the discard pile,
    must fit in the pack of that table."""
    pack = rules.pack(players)
    size = 52 * pack.decks + pack.jokers
    deal = max(rules.deals, key=lambda deal: deal.cards)
    needs = players * deal.cards + 1
    if needs > size:
        refuse(
            Reason.of(
                "pack_too_small",
                players=players,
                decks=pack.decks,
                jokers=pack.jokers,
                size=size,
                cards=deal.cards,
                needs=needs,
            ),
            "pack",
            "players",
            "deals",
            deal=deal.number,
        )


#: The changes that could leave a group the pack cannot make, the first at fault first.
_SET_KEYS = (
    "deals",
    "pack",
    "wild_limit",
    "wild_limit_by_size",
    "set_min_natural",
    "twos",
    "players",
)


def _check_sets(
    rules: Ruleset, players: int, words: MeldWords, refuse: Callable[..., NoReturn]
) -> None:
    """R3, R49, R71: the pack of that table makes every group a deal's contract asks:
    a group holds no more natural cards of its rank than the pack has, and no more
    wild cards than its limits let it hold and the pack has left beside the deal's
    other groups (each takes the fewest it can)."""
    pack = rules.pack(players)
    for deal in rules.deals:
        every = rules.wild_cards_in(pack)
        if deal.contract_wilds is not None:  # R53
            every = min(every, deal.contract_wilds)
        left = every
        for part in (part for part in deal.contract if part.kind == "set"):
            taken = _fewest_wilds(rules, deal, part, rules.most_of_a_rank(part, pack), left)
            if taken is None:
                why = _unmade_set(rules, deal, part, players, words, left, every)
                refuse(why, *_SET_KEYS, deal=deal.number)
            left -= taken


def _unmade_set(
    rules: Ruleset,
    deal: DealRule,
    part: ContractPart,
    players: int,
    words: MeldWords,
    left: int,
    every: int,
) -> Reason:
    """Why the pack cannot make a group of this part with the ``left`` wild cards the
    deal's other groups leave it: the largest group it can make, beside them where
    all ``every`` of the deal's would make this one. Some size below the part's is
    always made: as many cards as the pack has of a rank, with no wild card."""
    pack = rules.pack(players)
    of_rank = rules.most_of_a_rank(part, pack)
    beside = _fewest_wilds(rules, deal, part, of_rank, every) is not None
    wilds = left if beside else every
    largest = max(
        size for size in range(1, part.min) if _set_made(rules, deal, part, size, of_rank, wilds)
    )
    return Reason.of(
        "pack_cannot_make_set",
        deal=deal.number,
        part=part,
        words=words,
        players=players,
        decks=pack.decks,
        jokers=pack.jokers,
        largest=largest,
        beside=beside,
    )


def _fewest_wilds(
    rules: Ruleset, deal: DealRule, part: ContractPart, of_rank: int, wilds: int
) -> int | None:
    """The fewest wild cards a group of this part holds, made of at most ``of_rank``
    natural cards of its rank and ``wilds`` wild cards; None if none can be made."""
    for size in range(part.min, of_rank + wilds + 1):
        if part.fits(size) and _set_made(rules, deal, part, size, of_rank, wilds):
            return max(0, size - of_rank)
    return None


def _set_made(
    rules: Ruleset, deal: DealRule, part: ContractPart, size: int, of_rank: int, wilds: int
) -> bool:
    """Whether a group of ``size`` cards of this part can be made of ``of_rank`` natural
    cards of a rank at most and ``wilds`` wild cards at most, within its limits."""
    return size - min(rules.most_wild_in_part(deal, part, size), wilds) <= of_rank


def _at_fault(
    base: Ruleset, rules: Ruleset, house: Mapping[str, object], keys: Sequence[str]
) -> str:
    """The change a refusal names: of the keys that could be at fault, the first the
    table changed from the game's value, else the first it gave, else the first."""
    given = [key for key in keys if key in house]
    if not given:
        return keys[0]
    was, now = house_rules_of(base), house_rules_of(rules)
    return next((key for key in given if was.get(key) != now.get(key)), given[0])
