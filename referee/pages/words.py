"""The game's own words on the pages: the games grouped by family, the contract of a
deal with its wild-card limits, a reading's word, and names short enough for a
sheet of eight players on a phone. Nothing here decides a rule: it puts into words
what the ruleset says (FAMILY.md R42, R47, R51-R53, R57, R58).

>>> from referee.rules import get_ruleset
>>> shanghai = get_ruleset("shanghai")
>>> deal_text(shanghai, shanghai.deal(2))
'one group of exactly three and one sequence of exactly four, at most 1 wild card in each meld'
>>> deal_limits(shanghai, shanghai.deal(8))
['at most 1 wild card in the group and 4 in the sequence']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ..rules import VARIANTS, DealRule, Ruleset, Variant
from ..rules.cards import RANK_TOKENS, SUIT_SYMBOLS
from ..rules.contracts import describe_contract
from ..rules.push import PUSH_FAMILY
from ..rules.ruleset import ContractPart, JokerExchange, Kind, MeldWords, WildLimit
from ..rules.scoring import Sheet
from ..rules.words import listed, wild_cards

#: R41: how the new-game form and the checker group the games.
FAMILIES = ("Push family", "Contract Rummy family")


def families() -> list[tuple[str, list[Variant]]]:
    """Every game, grouped as R41 lists them: the Push family, then the rest.

    >>> [(name, len(games)) for name, games in families()]
    [('Push family', 4), ('Contract Rummy family', 12)]
    """
    push = {rules.variant for rules, _ in PUSH_FAMILY}
    return [
        (FAMILIES[0], [v for v in VARIANTS.values() if v.id in push]),
        (FAMILIES[1], [v for v in VARIANTS.values() if v.id not in push]),
    ]


def _by_size(rules: Ruleset, contract: Sequence[ContractPart]) -> str:
    """R51: each contract meld's most wild cards, by its kind and size."""
    counts = Counter(contract)
    sizes: dict[Kind, set[int]] = {}
    for part in counts:
        sizes.setdefault(part.kind, set()).add(part.min)
    phrases = []
    for part, count in counts.items():
        most = rules.most_wild(part.kind, part.min)
        if most is None:
            continue
        noun = rules.words.noun(part.kind)
        if len(sizes[part.kind]) > 1:
            noun += f" of {part.min}"
        where = f"{'each' if count > 1 else 'the'} {noun}"
        phrases.append((most, where))
    if not phrases:
        return ""
    if len(phrases) > 1 and len({most for most, _ in phrases}) == 1:
        return f"at most {wild_cards(phrases[0][0], digits=True)} in each meld"
    first, *rest = phrases
    texts = [f"at most {wild_cards(first[0], digits=True)} in {first[1]}"]
    texts += [f"{most} in {where}" for most, where in rest]
    return listed(texts)


def deal_limits(rules: Ruleset, deal: DealRule) -> list[str]:
    """What this deal's initial meld is held to besides its melds' sizes (R51-R53,
    R58), in words; nothing for a deal with no such rule.

    >>> from referee.rules import get_ruleset
    >>> deal_limits(get_ruleset("loba"), get_ruleset("loba").deal(1))
    ['at most 1 wild card in each meld']
    >>> deal_limits(get_ruleset("king-rummy"), get_ruleset("king-rummy").deal(4))
    ['melds holding exactly 10 cards']
    """
    limits = []
    by_size = _by_size(rules, deal.contract) if rules.wild_limit is WildLimit.BY_SIZE else ""
    if by_size:
        limits.append(by_size)
    if rules.initial_wilds_per_meld is not None and deal.contract:
        limits.append(
            f"at most {wild_cards(rules.initial_wilds_per_meld, digits=True)} in each meld"
        )
    if deal.contract_wilds is not None:
        limits.append(
            f"at most {wild_cards(deal.contract_wilds, digits=True)} in the whole initial meld"
        )
    if deal.whole_hand is not None:
        how = "exactly" if deal.whole_hand.exactly else "at least"
        limits.append(f"melds holding {how} {deal.whole_hand.cards} cards")
    return limits


def deal_text(rules: Ruleset, deal: DealRule) -> str:
    """The deal's contract in the game's words, then its limits (see the module)."""
    text = describe_contract(deal.contract, rules.words)
    if deal.name:
        text = f"{deal.name}: {text}"
    return ", ".join([text, *deal_limits(rules, deal)])


def own_word(rules: Ruleset, kind: Kind, size: int) -> str:
    """The game's own word for a meld, where it has one other than "set" or "run"
    (R42): ``escalera``, ``"three"``, ``cuarteto``; else "".

    >>> from referee.rules import get_ruleset
    >>> own_word(get_ruleset("loba"), "run", 5), own_word(get_ruleset("telefunken"), "set", 4)
    ('escalera', 'cuarteto')
    >>> own_word(get_ruleset("push"), "set", 3)
    ''
    """
    by_size = dict(rules.words.by_size)
    if kind == "set" and size in by_size:
        return by_size[size]
    word = rules.words.noun(kind)
    return "" if word == kind else word


#: R79: the checker's tab for a natural card and a joker on the table, named for what
#: the game does with the joker, and the title of a refusal there.
EXCHANGE_WORDS: Mapping[JokerExchange, tuple[str, str]] = MappingProxyType(
    {
        "in_meld": ("Rescue", "Not a rescue"),  # R24, R25: Push's own word
        "to_hand": ("Take a joker", "The joker stays"),
        "move": ("Move a joker", "The joker stays"),
        "move_anywhere": ("Move a joker", "The joker stays"),
        "move_to_top": ("Move a joker", "The joker stays"),
        "two_for_one": ("Take a joker", "The joker stays"),
        "none": ("Jokers", "The joker stays"),
    }
)


def exchange_words(rules: Ruleset) -> tuple[str, str]:
    """The tab's name and a refusal's title for this table's joker exchange (R79).

    >>> from referee.rules import get_ruleset
    >>> exchange_words(get_ruleset("push")), exchange_words(get_ruleset("loba"))[0]
    (('Rescue', 'Not a rescue'), 'Move a joker')
    """
    return EXCHANGE_WORDS[rules.joker_exchange]


def short_names(names: Sequence[str], most: int) -> list[str]:
    """Each name in at most ``most`` characters, cut so that it cannot read as another
    name: a longer name ends in a full stop ("Leon." for Leonardo, never "Leona");
    two that would still read the same end in their seat number instead.

    >>> short_names(["Leonardo", "Bo", "Annabelle", "Annette"], 5)
    ['Leon.', 'Bo', 'Anna.', 'Anne.']
    >>> short_names(["Annabelle", "Annette", "Bo"], 4), short_names(["Leon", "Leonie"], 5)
    (['Ann1', 'Ann2', 'Bo'], ['Leon', 'Leon2'])
    """
    cut = [name if len(name) <= most else name[: most - 1] + "." for name in names]
    seen = Counter(short.rstrip(".").casefold() for short in cut)
    return [
        short
        if seen[short.rstrip(".").casefold()] == 1 or short == name
        else name[: most - 1] + str(seat)
        for seat, (name, short) in enumerate(zip(names, cut, strict=True), start=1)
    ]


def sheet_heads(names: Sequence[str]) -> list[tuple[str, str]]:
    """The sheet's column heads as (shown, full name): full names up to four sides;
    from five on, short enough for a 360 px phone (the full name in a key below).

    >>> sheet_heads(["We", "They"])
    [('We', 'We'), ('They', 'They')]
    >>> sheet_heads(["Annabelle", "Bo", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])[0]
    ('Ann.', 'Annabelle')
    """
    if len(names) <= 4:
        return [(name, name) for name in names]
    most = 5 if len(names) <= 6 else 4
    return list(zip(short_names(names, most), names, strict=True))


#: Characters of the deal's sums that fit one line of a 360 px phone.
LINE = 38


def adds_lines(heads: Sequence[str]) -> int:
    """How many lines the sums pinned above the keypad take on a 360 px phone, so
    that every side's points are read whole before Save: "This deal adds:", each
    side as its column head with points of three figures, wrapped; and a line for
    what is still to enter.

    >>> adds_lines(["We", "They"]), adds_lines(["Ann.", "Bar.", "Cat", "Dan", "Eve", "Fay"])
    (2, 4)
    """
    said = len("This deal adds: ") + sum(len(head) + len(" 125 · ") for head in heads)
    return max(2, -(-said // LINE) + 1)


def card_values_text(rules: Ruleset) -> str:
    """What a card left in hand is worth, in few words (R28, R29, R60).

    >>> from referee.rules import get_ruleset
    >>> card_values_text(get_ruleset("caribbean-kalooki"))
    'JK 50 · A 15 · 2-10 face value · J Q K 10 · A♥ A♦ 1'
    >>> card_values_text(get_ruleset("farmers"))
    'JK 50 · A 2 20 · 3-7 5 · 8-K 10'
    """
    values = rules.card_values.as_dict()
    ranks = list(RANK_TOKENS)
    face = [_face(i, ranks, values) for i in range(len(ranks))]
    stretches: list[list[int]] = []
    for i, rank in enumerate(ranks):
        last = stretches[-1] if stretches else None
        # A stretch is of cards at face value, or of cards worth the same.
        same = face[i] or values[rank] == values[ranks[i - 1]]
        if last and face[i] == face[last[-1]] and same:
            last.append(i)
        else:
            stretches.append([i])
    parts = [f"JK {values['JK']}"]
    for stretch in stretches:
        low, high, worth = ranks[stretch[0]], ranks[stretch[-1]], values[ranks[stretch[0]]]
        if face[stretch[0]]:
            parts.append(f"{low}-{high} face value")
        elif len(stretch) > 3:
            parts.append(f"{low}-{high} {worth}")
        else:
            parts.append(f"{' '.join(ranks[i] for i in stretch)} {worth}")
    by_card: dict[int, list[str]] = {}
    for card, points in rules.card_values.by_card:
        token = str(card)
        by_card.setdefault(points, []).append(token[:-1] + SUIT_SYMBOLS[token[-1]])
    parts += [f"{' '.join(cards)} {points}" for points, cards in by_card.items()]
    return " · ".join(parts)


def _face(index: int, ranks: Sequence[str], values: dict[str, int]) -> bool:
    """Whether the rank is worth its number, as one of its neighbours is."""

    def at_face(i: int) -> bool:
        return 0 <= i < len(ranks) and ranks[i].isdigit() and values[ranks[i]] == int(ranks[i])

    return at_face(index) and (at_face(index - 1) or at_face(index + 1))


def winners_by_name(sheet: Sheet) -> list[str]:
    """The people who won (R32, R61, R62): every player of each winning side."""
    sides = {side.name: side for side in sheet.table.sides}
    return [player for name in sheet.winners for player in sides[name].players]


def winner_text(sheet: Sheet) -> str:
    """The end of the game in words, naming the people, not the side: "Ann and Cat
    win with 110" (a team is its players at the table, R30); "" before the end."""
    winners = sheet.winners
    if not winners:
        return ""
    total = sheet.totals[winners[0]]
    sides = {side.name: side for side in sheet.table.sides}
    people = [listed(sides[name].players) for name in winners]
    # R62: where the highest total wins, say so, as it is not what a rummy player expects.
    highest = ", the highest total" if sheet.table.rules.winner == "highest" else ""
    if len(winners) > 1:
        if sheet.table.rules.partnerships:
            return f"{' tie with '.join(people)} for the win with {total} each{highest}"
        return f"{listed(winners)} tie for the win with {total} each{highest}"
    verb = "win" if len(sides[winners[0]].players) > 1 else "wins"
    return f"{people[0]} {verb} with {total}{highest}"


def form_words(rules: Ruleset) -> MeldWords:
    """The game's words for its melds on a form, or plain ones where the words name a
    size (Caribbean's "three" and "four", R42): a field reads "sequences of at least",
    never '"fours" of at least'."""
    if rules.words.names_size:
        return MeldWords("group", "groups", "sequence", "sequences")
    return rules.words


def house_line(said: Sequence[str]) -> str:
    """What a game plays differently from the book, in one line for the sheet (R73):
    the rules core's sentences, joined.

    >>> house_line(["Sequences of three or more", "Jokers are worth 25"])
    'sequences of three or more; jokers are worth 25'
    """
    return "; ".join(line if line[1:2].isupper() else line[:1].lower() + line[1:] for line in said)
