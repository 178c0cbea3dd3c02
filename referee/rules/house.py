"""A table's own rules (docs/rules.md#R68 to #R75) applied and compared: a game's preset and
options, then the table's house changes, each one ruleset field given another
value; and what a table changed from the book.

:func:`apply_house` reads a house document (:mod:`.house_document`, R71's 400),
applies it, checks that a table can play the result (:mod:`.playable`, R71's 422),
and gives the :class:`Ruleset` every other part of the referee reads (R72):
nothing decides a rule from the game's name. :func:`house_changes` gives the
shortest document that makes a table's rules from the book (what a rules card
carries); :func:`changes_of` what a table changed, for :mod:`.words` to say (R73).

>>> from referee.rules import get_ruleset
>>> book = get_ruleset("contract-rummy")
>>> table = apply_house(book, {"run_min": 3, "ace": "around", "values": {"JK": 25}})
>>> table.run_min, table.ace.value, table.card_values.as_dict()["JK"]
(3, 'around', 25)
>>> [change.key for change in changes_of(book, table)]
['run_min', 'ace', 'values']
>>> apply_house(book, house_rules_of(table)) == table
True
>>> apply_house(book, {"run_min": 9})
Traceback (most recent call last):
...
referee.rules.errors.HouseRulesError: value_not_whole_number(path=('run_min',), low=3, high=7)
>>> apply_house(book, {"run_min": 5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.rules.errors.UnplayableRulesError: deal_part_too_short(key='run_min', deal=2, ...)

The keys are applied in one order, whatever the order of the document
(:data:`HOUSE_KEYS`). A few of them change what depends on them, as R70 says:
``twos`` gives a 2 the joker's value when 2s become wild and its face value (or
its neighbours', where 3s are not at face value) when they become natural;
``wild_limit`` replaces the game's own limits on every meld (Shanghai's table by
size, unless it is ``by_size``; Caribbean's two natural cards in a group), which
``wild_limit_by_size`` and ``set_min_natural``, read after it, may set again;
``contract_sizes`` makes every part exact or not, where it differs from the
game's; ``deals`` replaces every deal, with the initial meld's own wild-card
limits (R52, R53) only where its deals say them. ``values`` and ``buys`` change
the entries they name and keep the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import cast

from .cards import TWO, Card
from .errors import UnplayableRulesError
from .house_document import (
    HOUSE_KEYS,
    DealDoc,
    ValueKey,
    check_texts,
    deal_of,
    house_rules_of,
    read_house,
)
from .playable import check_playable
from .ruleset import (
    Ace,
    Bonus,
    Buys,
    CardValues,
    ContractPart,
    DealDirection,
    DealRule,
    JokerExchange,
    Kind,
    Packs,
    Ruleset,
    Scoring,
    WildLimit,
    Winner,
)

__all__ = [
    "HOUSE_KEYS",  # read here too, as before the document had a module of its own
    "MELD_MINIMUMS",
    "Changed",
    "LeftAlone",
    "apply_house",
    "changes_of",
    "contracts_left",
    "house_changes",
    "house_rules_of",
]


# --- Applying a document ------------------------------------------------------------


def _twos(rules: Ruleset, wild: bool) -> Ruleset:
    """R46, R70: 2s wild or natural. A 2 that becomes wild is worth a joker (as the
    ``twos_wild`` option has it, R60); one that becomes natural is an ordinary card
    worth its face value, or its neighbours' where 3s are not at face value."""
    if wild == rules.twos_wild:
        return rules
    by_rank = list(rules.card_values.by_rank)
    by_rank[TWO] = by_rank[0] if wild else (TWO if by_rank[3] == 3 else by_rank[3])
    values = CardValues(tuple(by_rank), rules.card_values.by_card)
    return replace(rules, twos_wild=wild, card_values=values)


def _wild_limit(rules: Ruleset, limit: WildLimit) -> Ruleset:
    """R70: a house limit replaces the game's own on every meld, going down or laid
    off: its table by size (kept for ``by_size``, the one limit that is a table) and
    Caribbean's two natural cards in a group."""
    if limit is WildLimit.BY_SIZE:  # its table the game's or the document's (read_house)
        return replace(rules, wild_limit=limit, set_min_natural=0)
    return replace(
        rules,
        wild_limit=limit,
        wild_limit_by_size=(),
        lay_offs_wild_limited=True,
        set_min_natural=0,
    )


def _contract_sizes(rules: Ruleset, sizes: str) -> Ruleset:
    """R47: every contract meld exactly its size, or at least, where the table's
    word differs from the game's."""
    if sizes == rules.contract_sizes:
        return rules
    exact = sizes == "exact"
    deals = tuple(
        replace(
            deal,
            contract=tuple(replace(part, exact=exact, or_more=False) for part in deal.contract),
        )
        for deal in rules.deals
    )
    return replace(rules, deals=deals)


def _deals(rules: Ruleset, given: tuple[DealDoc, ...]) -> Ruleset:
    """Every deal replaced (R68): a part's ``exact`` defaults to the table's
    contract sizes; a part that is not exact where others are says "or more" aloud."""
    default = rules.contract_sizes == "exact"
    exact_anywhere = any(
        (default if part.exact is None else part.exact) for deal in given for part in deal.parts
    )
    deals = []
    for number, deal in enumerate(given, 1):
        parts = []
        for part in deal.parts:
            exact = default if part.exact is None else part.exact
            parts.append(
                ContractPart(
                    part.kind,
                    part.min,
                    exact=exact,
                    or_more=exact_anywhere and not exact,
                    no_wild=part.no_wild,
                    distinct_suits=part.distinct_suits,
                    name=part.name,
                )
            )
        deals.append(
            DealRule(
                number,
                deal.cards,
                tuple(parts),
                whole_hand=deal.whole_hand,
                contract_wilds=deal.contract_wilds,
                name=deal.name,
                meld_wilds=deal.meld_wilds,
            )
        )
    return replace(rules, deals=tuple(deals))


def _values(rules: Ruleset, given: tuple[tuple[ValueKey, int], ...]) -> Ruleset:
    """R60: the ranks, joker and cards named take their points; the rest keep theirs.
    A card worth what its rank is worth needs no entry of its own."""
    by_rank = list(rules.card_values.by_rank)
    by_card = dict(rules.card_values.by_card)
    for key, points in given:
        if isinstance(key, Card):
            by_card[key] = points
        else:
            by_rank[key] = points
    kept = tuple(
        (card, points) for card, points in by_card.items() if by_rank[card.rank] != points
    )
    return replace(rules, card_values=CardValues(tuple(by_rank), kept))


def _apply(rules: Ruleset, key: str, value: object) -> Ruleset:
    if key == "players":
        return replace(rules, players=cast(tuple[int, ...], value))
    if key == "pack":
        return replace(rules, packs=cast(Packs, value))
    if key == "set_suits":
        return replace(rules, set_distinct_suits=value == "distinct")
    if key == "set_min":
        return replace(rules, set_min=cast(int, value))
    if key == "run_min":
        return replace(rules, run_min=cast(int, value))
    if key == "set_min_natural":
        return replace(rules, set_min_natural=cast(int, value))
    if key == "contract_runs_gap":
        return replace(rules, contract_runs_gap=cast(int, value))
    if key == "runs":
        return replace(rules, runs_allowed=cast(bool, value))
    if key == "ace":
        return replace(rules, ace=Ace(cast(str, value)))
    if key == "twos":
        return _twos(rules, value == "wild")
    if key == "wild_limit":
        return _wild_limit(rules, WildLimit(cast(str, value)))
    if key == "wild_limit_by_size":
        table = cast(tuple[tuple[Kind, int, int], ...], value)
        return replace(rules, wild_limit=WildLimit.BY_SIZE, wild_limit_by_size=table)
    if key == "wilds_apart":
        return replace(rules, run_wilds_apart=cast(bool, value))
    if key == "contract_sizes":
        return _contract_sizes(rules, cast(str, value))
    if key == "deals":
        return _deals(rules, cast(tuple[DealDoc, ...], value))
    if key == "values":
        return _values(rules, cast(tuple[tuple[ValueKey, int], ...], value))
    if key == "buys":
        given, buys = cast(dict[str, int | None], value), rules.buys
        return replace(
            rules,
            buys=Buys(
                given.get("per_deal", buys.per_deal),
                given.get("last_deal", buys.last_deal),
                given.get("per_game", buys.per_game),
            ),
        )
    if key == "bonuses":
        return replace(rules, bonuses=cast(tuple[Bonus, ...], value))
    if key == "joker_exchange":
        return replace(rules, joker_exchange=cast(JokerExchange, value))
    if key == "winner":
        return replace(rules, winner=cast(Winner, value))
    if key == "scoring":
        return replace(rules, scoring=cast(Scoring, value))
    return replace(rules, deal_direction=cast(DealDirection, value))


def apply_house(rules: Ruleset, house: Mapping[str, object], *, check: bool = True) -> Ruleset:
    """The table's rules: ``rules`` (a preset with its options) with the house
    document's changes (R68), checked to be playable (R71).

    A document that cannot be read raises :class:`HouseRulesError` naming the key
    (an unknown key, a wrong type, a value out of range); rules no table could play
    raise :class:`UnplayableRulesError` naming the change at fault. An empty
    document gives ``rules`` back.

    ``check=False`` leaves R71 and the rule of text out (:func:`check_texts`), for
    the rules a game kept when it started (R73): they were checked then, and a game
    a table is playing stays playable whatever a later check would say of it.
    """
    return _applied(rules, house, texts=check, playable=check)


def _applied(
    rules: Ruleset, house: Mapping[str, object], *, texts: bool, playable: bool
) -> Ruleset:
    """:func:`apply_house`, its names judged (``texts``) and R71 (``playable``) as
    asked: what follows from a game's rules is worked out without judging its names
    again (:func:`house_changes`)."""
    read = read_house(rules, house)
    if not house:
        return rules
    changed = rules
    for key, value in read.items():
        changed = _apply(changed, key, value)
    if texts:
        check_texts(house)
    if playable:
        check_playable(rules, changed, house)
    return changed


# --- The changes a table made, and what they are (R73) -----------------------------


def house_changes(base: Ruleset, rules: Ruleset) -> dict[str, object]:
    """The keys whose value in ``rules`` differs from ``base``: the shortest house
    document that makes ``rules`` from ``base`` (what a rules card needs to carry)."""
    was, now = house_rules_of(base), house_rules_of(rules)
    changes = {k: v for k, v in now.items() if k != "values" and was.get(k) != v}
    for key in ("wild_limit_by_size", "set_min_natural"):
        if key in was and key not in now:
            changes.setdefault("wild_limit", now["wild_limit"])
    if "wild_limit" in changes:  # R70: it replaces these, so they are said again
        changes |= {
            key: now[key] for key in ("wild_limit_by_size", "set_min_natural") if key in now
        }
    # The values that differ from what the other changes make of them (a 2 that
    # became natural is worth its face value unless the table says otherwise).
    implied = _playable(base, changes) or base
    before = cast(dict[str, int], house_rules_of(implied)["values"])
    values = cast(dict[str, int], now["values"])
    differ = {k: v for k, v in values.items() if before.get(k) != v}
    differ |= {card: _rank_value(values, card) for card in before if card not in values}
    if differ:  # a card's own value dropped is said as its rank's
        changes["values"] = differ
    # What follows from the other changes needs no saying: the deals of a table that
    # only made contract melds "at least", the value of a 2 that became wild. Each is
    # left out only where the rest still makes the same rules.
    if "deals" in changes and _makes(base, _but(changes, "deals"), rules):
        del changes["deals"]
    if "values" in changes:
        for token in list(cast(dict[str, int], changes["values"])):
            kept = _but(cast(dict[str, object], changes["values"]), token)
            trial = changes | {"values": kept} if kept else _but(changes, "values")
            if _makes(base, trial, rules):
                changes = trial
    return changes


def _playable(base: Ruleset, changes: Mapping[str, object]) -> Ruleset | None:
    """``base`` with ``changes``; None where that is not playable."""
    try:
        return _applied(base, changes, texts=False, playable=True)
    except UnplayableRulesError:
        return None


def _but(document: Mapping[str, object], key: str) -> dict[str, object]:
    return {k: v for k, v in document.items() if k != key}


def _makes(base: Ruleset, changes: Mapping[str, object], rules: Ruleset) -> bool:
    """Whether ``changes`` make ``rules`` from ``base``."""
    try:
        return _applied(base, changes, texts=False, playable=True) == rules
    except UnplayableRulesError:
        return False


def _rank_value(values: Mapping[str, int], card: str) -> int:
    return values[card[:-1]]


@dataclass(frozen=True, slots=True)
class Changed:
    """One change of a table's rules from the book (R73): its ``key``, and its value
    in the book (``before``) and at the table (``after``), as :func:`house_rules_of`
    gives them. ``values``: only the card values the table changed, beside what the
    other changes made of them (``before`` empty). ``deals``: the deals played
    differently (``changed``), beside what the other changes made of them, and how
    many there are where that changed (``count``)."""

    key: str
    before: object
    after: object
    changed: tuple[DealRule, ...] = ()
    count: int | None = None


def changes_of(base: Ruleset, rules: Ruleset) -> tuple[Changed, ...]:
    """What ``rules`` play differently from ``base``, a change a key, in the order
    :func:`house_rules_of` gives the keys: what the sheet, the rules card and the
    house rules form say (:func:`~.words.described.describe_house`).

    >>> from referee.rules import get_ruleset
    >>> book = get_ruleset("shanghai")
    >>> changes_of(book, apply_house(book, {"ace": "low_or_high", "winner": "highest"}))
    (Changed(key='ace', before='high_only', after='low_or_high', changed=(), count=None), \
Changed(key='winner', before='lowest', after='highest', changed=(), count=None))
    """
    was, now = house_rules_of(base), house_rules_of(rules)
    changes = house_changes(base, rules)
    found: list[Changed] = []
    for key in (*now, *(key for key in was if key not in now)):
        before, after = was.get(key), now.get(key)
        if key == "deals" and key in changes:  # beside what the other changes made of them
            book = _playable(base, _but(changes, key)) or base
            changed = tuple(
                deal
                for deal in rules.deals
                if deal.number > len(book.deals)
                or deal_of(book.deals[deal.number - 1]) != deal_of(deal)
            )
            count = len(rules.deals) if len(rules.deals) != len(book.deals) else None
            found.append(Changed(key, before, after, changed, count))
        elif key == "values" and key in changes:
            found.append(Changed(key, {}, changes[key]))
        elif key not in ("deals", "values") and before != after:
            found.append(Changed(key, before, after))
    return tuple(found)


# --- What a change leaves as it was (R68) --------------------------------------------


#: The keys of the shortest meld of each kind, whose change leaves the contracts alone.
MELD_MINIMUMS: tuple[tuple[str, Kind], ...] = (("set_min", "set"), ("run_min", "run"))


@dataclass(frozen=True, slots=True)
class LeftAlone:
    """A change of the shortest meld of a kind (``set_min``, ``run_min``) that leaves
    the deals' contracts as they were (R68: a key changes only its field): ``deals``
    (their numbers) still ask for melds of that kind at the old shortest, or shorter
    than the new one, ``after``; ``before``, the shortest they ask for. ``followed``:
    every deal (the house document's ``deals``) with those melds made ``after``, which
    a table may take in one tap."""

    key: str
    kind: Kind
    before: int
    after: int
    deals: tuple[int, ...]
    followed: tuple[Mapping[str, object], ...]


def contracts_left(base: Ruleset, house: Mapping[str, object]) -> tuple[LeftAlone, ...]:
    """What a table's change of a shortest meld leaves as it was: the deals of
    ``house`` (or of ``base`` where it gives none) that still ask for a meld of the
    old shortest, ``base``'s. A document still being typed will do: a value that is
    no number is passed over.

    >>> from referee.rules import get_ruleset
    >>> left, = contracts_left(get_ruleset("contract-rummy"), {"run_min": 3})
    >>> left.key, left.before, left.after, left.deals
    ('run_min', 4, 3, (2, 3, 5, 6, 7))
    >>> [part["min"] for part in left.followed[1]["contract"]]
    [3, 3]
    >>> contracts_left(get_ruleset("contract-rummy"), {"set_min": 3})
    ()
    """
    given = house.get("deals")
    deals = given if isinstance(given, list) else house_rules_of(base)["deals"]
    found = []
    for key, kind in MELD_MINIMUMS:
        before, after = getattr(base, key), house.get(key)
        if not isinstance(after, int) or isinstance(after, bool) or after == before:
            continue
        followed, asked, sizes = _followed(cast(list[object], deals), kind, before, after)
        if asked:
            found.append(LeftAlone(key, kind, min(sizes), after, asked, followed))
    return tuple(found)


def _followed(
    deals: list[object], kind: Kind, before: int, after: int
) -> tuple[tuple[Mapping[str, object], ...], tuple[int, ...], set[int]]:
    """The deals with their melds of ``kind`` at ``before`` (or shorter than ``after``)
    made ``after``; the numbers of the deals that ask for one; and its sizes."""
    followed: list[Mapping[str, object]] = []
    asked: list[int] = []
    sizes: set[int] = set()
    for number, deal in enumerate(deals, 1):
        if not isinstance(deal, Mapping) or not isinstance(deal.get("contract"), list):
            followed.append(deal if isinstance(deal, Mapping) else {})
            continue
        contract = []
        for part in cast(list[object], deal["contract"]):
            size = part.get("min") if isinstance(part, Mapping) else None
            if (
                not isinstance(part, Mapping)
                or part.get("kind") != kind
                or not isinstance(size, int)
            ):
                contract.append(part)
                continue
            if size != before and size >= after:
                contract.append(part)
                continue
            if number not in asked:
                asked.append(number)
            sizes.add(size)
            contract.append(dict(part) | {"min": after})
        followed.append(dict(deal) | {"contract": contract})
    return tuple(followed), tuple(asked), sizes
