"""Games, contracts and house rules described: the lines of the sheet, the checker,
the forms and the rules card (a deal's contract and limits, a game's wild-card
rules, card values and players, the changes of a table's rules, the winner).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import cast

from ..cards import JOKER_TOKEN, RANK_TOKENS, SUIT_SYMBOLS
from ..house import LeftAlone, changes_of
from ..ruleset import ContractPart, DealRule, Kind, MeldWords, Ruleset
from ..scoring import Sheet
from ..text import isolated
from .language import ENGLISH, Words
from .phrases import (
    capitalized,
    contract_words,
    count_word,
    pack_words,
    player_counts,
    rank_plural,
    wild_cards_words,
)

# --- A contract, and the changes of a table's rules (R68, R73) ----------------------


def describe_contract(contract: Sequence[ContractPart], words: MeldWords | None = None) -> str:
    """The contract in English words, in the game's own words when given (R42, R47).

    >>> describe_contract([ContractPart("set", 3), ContractPart("run", 4)])
    'one set of three and one run of four'
    >>> describe_contract([ContractPart("set", 3, exact=True)] * 2)
    'two sets of exactly three'
    """
    return contract_words(ENGLISH, words or MeldWords(), tuple(contract))


def describe_house(base: Ruleset, rules: Ruleset, words: Words = ENGLISH) -> tuple[str, ...]:
    """What ``rules`` play differently from ``base``, a sentence a change (R73), in
    ``words``' language: for the sheet ("House rules: ..."),
    the rules card and the house rules form. :func:`~.house.changes_of` decides what
    changed; this says it.

    >>> from referee.rules import apply_house, get_ruleset
    >>> book = get_ruleset("shanghai")
    >>> describe_house(book, apply_house(book, {"ace": "low_or_high", "winner": "highest"}))
    ('An ace is low or high, never both: A 2 3 or Q K A', 'The highest total wins')
    """
    meld_words = rules.words.plain()
    lines: list[str] = []
    for change in changes_of(base, rules):
        if change.key == "deals":
            lines += house_deal_lines(words, meld_words, change.count, change.changed)
        elif change.key == "values":
            lines += house_value_lines(words, {}, cast(dict[str, int], change.after))
        else:
            lines += house_change_lines(
                words, change.key, rules, meld_words, change.before, change.after
            )
    return tuple(capitalized(line) for line in lines)


def player_counts_words(words: Words, rules: Ruleset) -> str:
    """ "for 3 to 8 players"-style counts of a game: "3 to 8", "4 or 6"."""
    return player_counts(words, rules.players)


def packs_words(words: Words, rows: Sequence[tuple[int, int, int, int]]) -> str:
    """A table's packs by players (R3, R49): "pack: two decks and four jokers", or
    "pack: 2-4 players one deck and two jokers; 5-8 players ..."."""
    if len(rows) == 1:
        return words._("pack: {pack}").format(pack=pack_words(words, rows[0][2], rows[0][3]))
    said = [
        words._("{players} players {pack}").format(
            players=str(low) if low == high else f"{low}-{high}",
            pack=pack_words(words, decks, jokers),
        )
        for low, high, decks, jokers in rows
    ]
    return words._("pack: {packs}").format(packs="; ".join(said))


def house_deal_lines(
    words: Words, meld_words: MeldWords, count: int | None, deals: Sequence[DealRule]
) -> list[str]:
    """R68, R73: how many deals there are now (``count``, None where unchanged), then
    each deal that changed, in words."""
    lines = []
    if count is not None:
        lines.append(
            words.ngettext("{count} deal", "{count} deals", count).format(
                count=count_word(words, count)
            )
        )
    for deal in deals:
        clauses = [
            words._("deal {number}: {cards} cards, {contract}").format(
                number=deal.number,
                cards=deal.cards,
                contract=contract_words(words, meld_words, deal.contract),
            )
        ]
        if deal.whole_hand is not None:
            if deal.whole_hand.exactly:
                said = words._("melds holding exactly {cards} cards")
            else:
                said = words._("melds holding at least {cards} cards")
            clauses.append(said.format(cards=deal.whole_hand.cards))
        if deal.meld_wilds is not None:
            clauses.append(
                words._("at most {count} wild in each meld").format(
                    count=count_word(words, deal.meld_wilds)
                )
            )
        if deal.contract_wilds is not None:
            clauses.append(
                words._("at most {count} wild in all").format(
                    count=count_word(words, deal.contract_wilds)
                )
            )
        lines.append(", ".join(clauses))
    return lines


def house_value_lines(
    words: Words, before: Mapping[str, int], after: Mapping[str, int]
) -> list[str]:
    """R60, R73: each card value that changed: "jokers are worth 25", "aces are worth
    15", "AH is worth 1"."""
    lines = []
    for token in (*after, *(token for token in before if token not in after)):
        points = after[token] if token in after else after[token[:-1]]
        if before.get(token) == points:
            continue
        if token == JOKER_TOKEN:
            said = words._("jokers are worth {points}").format(points=points)
        elif token in RANK_TOKENS:
            said = words._("{ranks} are worth {points}").format(
                ranks=rank_plural(words, RANK_TOKENS.index(token) + 1), points=points
            )
        else:
            said = words._("{card} is worth {points}").format(card=token, points=points)
        lines.append(said)
    return lines


def _ace_words(words: Words, ace: str) -> str:
    if ace == "low_or_high":
        return words._("an ace is low or high, never both: A 2 3 or Q K A")
    if ace == "high_only":
        return words._("aces are high only: Q K A, never A 2 3")
    if ace == "both_ends":
        return words._("an ace may end a sequence at both ends: A 2 … K A")
    return words._("an ace may turn the corner: Q K A 2")


def _limit_words(words: Words, limit: str) -> str:
    if limit == "any":
        return words._("a meld may hold any number of wild cards")
    if limit == "one":
        return words._("a meld holds at most one wild card")
    if limit == "no_more_than_natural":
        return words._("a meld holds no more wild cards than natural cards")
    if limit == "fewer_than_natural":
        return words._("a meld holds more natural cards than wild cards")
    if limit == "two_natural":
        return words._("a meld holds at least two natural cards")
    return words._("wild cards by the size of the meld")


def exchange_rule_words(words: Words, exchange: str) -> str:
    """R79: what happens to a joker when a player holds the card it stands for."""
    if exchange == "in_meld":
        return words._(
            "a wild card's own card takes its place, and the wild card is used at once in "
            "a new meld"
        )
    if exchange == "to_hand":
        return words._(
            "a joker's own card takes its place, and the joker goes into the player's hand"
        )
    if exchange == "move":
        return words._(
            "a joker at an end of a sequence moves to the other end when its own card is laid"
        )
    if exchange == "move_anywhere":
        return words._("a joker in a sequence moves to any place in it when its own card is laid")
    if exchange == "move_to_top":
        return words._("a joker in a sequence moves to the top when its own card is laid")
    if exchange == "two_for_one":
        return words._(
            "two cards of a group's rank take its joker into the hand; a joker at an "
            "end of a sequence moves to the other end"
        )
    return words._("jokers stay where they are")


def _naturals(words: Words, n: int) -> str:
    return words.ngettext("{count} natural card", "{count} natural cards", n).format(
        count=count_word(words, n)
    )


def _buys_words(words: Words, rules: Ruleset) -> str:
    buys, said = rules.buys, []
    if buys.per_deal is not None:
        said.append(words._("{count} a deal").format(count=buys.per_deal))
    if buys.last_deal is not None:
        said.append(words._("{count} in the last deal").format(count=buys.last_deal))
    if buys.per_game is not None:
        said.append(words._("{count} in the game").format(count=buys.per_game))
    if not said:
        return words._("no limit on buys")
    return words._("buys: {buys}").format(buys=words.listed(said))


def _bonuses_words(words: Words, rules: Ruleset) -> str:
    if not rules.bonuses:
        return words._("no named bonuses")
    said = ", ".join(
        words._("{bonus} to whoever goes out").format(
            bonus=f"{isolated(bonus.name)} {bonus.points:+d}"
        )
        if bonus.went_out
        else f"{isolated(bonus.name)} {bonus.points:+d}"
        for bonus in rules.bonuses
    )
    return words._("bonuses: {bonuses}").format(bonuses=said)


def _by_size_words(words: Words, meld_words: MeldWords, rules: Ruleset) -> str:
    table = ", ".join(
        words._("{a_meld} of {size}: {most}").format(
            a_meld=words.meld(meld_words, kind, article="a"), size=size, most=most
        )
        for kind, size, most in rules.wild_limit_by_size
    )
    return words._("most wild cards by size: {table}").format(table=table)


def _gap_words(words: Words, meld_words: MeldWords, gap: int) -> str:
    runs = words.meld(meld_words, "run", count=2)
    if not gap:
        return words._("two contract {runs} of one suit need no gap").format(runs=runs)
    cards = words.ngettext("{count} card", "{count} cards", gap).format(
        count=count_word(words, gap)
    )
    return words._("two contract {runs} of one suit need {cards} between them").format(
        runs=runs, cards=cards
    )


def house_change_lines(
    words: Words, key: str, rules: Ruleset, meld_words: MeldWords, before: object, after: object
) -> list[str]:
    """R73: the change of one house key (not ``deals`` nor ``values``: see above), from
    ``before`` to ``after``, in words; ``rules`` are the table's rules."""
    a_set = words.meld(meld_words, "set", article="a")
    a_run = words.meld(meld_words, "run", article="a")
    sets, runs = words.meld(meld_words, "set", count=2), words.meld(meld_words, "run", count=2)
    if key == "players":
        return [words._("for {counts} players").format(counts=player_counts_words(words, rules))]
    if key == "pack":
        return [packs_words(words, rules.packs.rows)]
    if key == "set_min":
        said = words._("{melds} of {count} or more")
        return [said.format(melds=sets, count=count_word(words, cast(int, after)))]
    if key == "run_min":
        said = words._("{melds} of {count} or more")
        return [said.format(melds=runs, count=count_word(words, cast(int, after)))]
    if key == "set_suits":
        if after == "distinct":
            return [words._("{a_set} may not repeat a suit").format(a_set=a_set)]
        return [words._("{a_set} may repeat suits").format(a_set=a_set)]
    if key == "runs":
        if after:
            return [words._("{runs} are melds too").format(runs=runs)]
        return [words._("no {runs}: {sets} only").format(runs=runs, sets=sets)]
    if key == "ace":
        return [_ace_words(words, cast(str, after))]
    if key == "twos":
        return [words._("2s are wild") if after == "wild" else words._("2s are natural cards")]
    if key == "wild_limit":
        return [_limit_words(words, cast(str, after))]
    if key == "wild_limit_by_size":  # gone with the game's limits: wild_limit says what holds
        return [] if after is None else [_by_size_words(words, meld_words, rules)]
    if key == "set_min_natural":
        if after:
            said = words._("{a_set} holds at least {naturals}")
            return [said.format(a_set=a_set, naturals=_naturals(words, cast(int, after)))]
        said = words._("{a_set} may hold fewer than {naturals}")
        return [said.format(a_set=a_set, naturals=_naturals(words, cast(int, before)))]
    if key == "wilds_apart":
        if after:
            return [
                words._("two wild cards never sit side by side in {a_run}").format(a_run=a_run)
            ]
        return [words._("wild cards may sit side by side in {a_run}").format(a_run=a_run)]
    if key == "contract_sizes":
        if after == "exact":
            return [words._("contract melds are exactly their size")]
        return [words._("contract melds may be longer than their size")]
    if key == "contract_runs_gap":
        return [_gap_words(words, meld_words, cast(int, after))]
    if key == "winner":
        if after == "highest":
            return [words._("the highest total wins")]
        return [words._("the lowest total wins")]
    if key == "scoring":
        if after == "winner_takes":
            return [words._("the player who goes out scores the cards left in every other hand")]
        return [words._("each player scores the cards left in their own hand")]
    if key == "deal_direction":
        if after == "right":
            return [words._("the deal passes to the right")]
        return [words._("the deal passes to the left")]
    if key == "buys":
        return [_buys_words(words, rules)]
    if key == "bonuses":
        return [_bonuses_words(words, rules)]
    if key == "joker_exchange":
        return [exchange_rule_words(words, cast(str, after))]
    raise LookupError(f"no words for the house rule {key!r}")


# --- A game's wild-card limits (R6, R7, R46, R50-R56) --------------------------------


def wild_table_words(words: Words, rules: Ruleset) -> str:
    """R51's table in words, for every size it names and every size of a contract
    meld (a group of 4 takes the group of 3's limit, and says so): sizes of one
    kind and limit together: "a group of 3 or 4: 1, a sequence of 4: 1, of 5: 2"."""
    sizes = {(kind, size) for kind, size, _ in rules.wild_limit_by_size}
    sizes |= {(part.kind, part.min) for deal in rules.deals for part in deal.contract}
    rows: list[tuple[Kind, list[int], int]] = []
    for kind, size in sorted(sizes, key=lambda pair: (pair[0] != "set", pair[1])):
        most = rules.most_wild(kind, size)
        if most is None:
            continue
        if rows and rows[-1][0] == kind and rows[-1][2] == most:
            rows[-1][1].append(size)
        else:
            rows.append((kind, [size], most))
    said = []
    for index, (kind, kind_sizes, most) in enumerate(rows):
        listed_sizes = words.listed([str(s) for s in kind_sizes], "or")
        if index and rows[index - 1][0] == kind:
            said.append(words._("of {sizes}: {most}").format(sizes=listed_sizes, most=most))
        else:
            said.append(
                words._("{a_meld} of {sizes}: {most}").format(
                    a_meld=words.meld(rules.words, kind, article="a"),
                    sizes=listed_sizes,
                    most=most,
                )
            )
    return ", ".join(said)


def _limit_sentence(words: Words, rules: Ruleset) -> list[str]:
    limit, lines = rules.wild_limit, []
    if limit == "any" and not (rules.set_min_natural or rules.run_wilds_apart):
        lines.append(words._("A meld may hold any number of wild cards."))
    if limit == "fewer_than_natural":
        lines.append(words._("A meld holds more natural cards than wild cards."))
    if limit == "one":
        lines.append(words._("A meld holds at most one wild card."))
    if limit == "no_more_than_natural":  # R70
        lines.append(words._("A meld holds no more wild cards than natural cards."))
    if limit == "two_natural":  # R70
        lines.append(words._("A meld holds at least two natural cards."))
    if limit == "by_size":
        lines.append(
            words._("Most wild cards in a meld, by its size: {table}.").format(
                table=wild_table_words(words, rules)
            )
        )
        if not rules.lay_offs_wild_limited:
            lines.append(words._("Wild cards laid off are not limited."))
    return lines


def _initial_meld_limits(words: Words, rules: Ruleset) -> list[str]:
    lines = []
    if rules.initial_wilds_per_meld is not None:
        lines.append(
            words._(
                "In the initial meld each meld holds at most {count} wild card; later, any "
                "number may be laid off."
            ).format(count=count_word(words, rules.initial_wilds_per_meld))
        )
    else:  # R52 in some deals only (house rules, R68)
        for most in sorted({d.meld_wilds for d in rules.deals if d.meld_wilds is not None}):
            named = [str(d.number) for d in rules.deals if d.meld_wilds == most]
            said = words.ngettext(
                "Deal {deals}: each meld of the initial meld holds at most {wild}.",
                "Deals {deals}: each meld of the initial meld holds at most {wild}.",
                len(named),
            )
            lines.append(
                said.format(deals=words.listed(named), wild=wild_cards_words(words, most))
            )
    limited = sorted({d.contract_wilds for d in rules.deals if d.contract_wilds is not None})
    for most in limited:
        deals = [d.number for d in rules.deals if d.contract_wilds == most]
        lines.append(
            words._(
                "Deals {first}-{last}: at most {count} wild card in the whole initial meld."
            ).format(first=deals[0], last=deals[-1], count=count_word(words, most))
        )
    return lines


def wild_limit_lines(words: Words, rules: Ruleset) -> tuple[str, ...]:
    """The game's wild-card rules in sentences, for pages (R6, R7, R46, R50-R56)."""
    if rules.twos_wild and rules.runs_allowed:
        first = words._("Jokers and 2s are wild; a 2 may stand for itself in a run of its suit.")
    elif rules.twos_wild:
        first = words._("Jokers and 2s are wild.")
    else:
        first = words._("Jokers are wild.")
    lines = [first, *_limit_sentence(words, rules)]
    if rules.set_min_natural:
        lines.append(
            words._("{a_set} holds at least {count} natural cards.").format(
                a_set=capitalized(words.meld(rules.words, "set", article="a")),
                count=count_word(words, rules.set_min_natural),
            )
        )
    if rules.run_wilds_apart:
        lines.append(
            words._("Two wild cards never sit side by side in {a_run}.").format(
                a_run=words.meld(rules.words, "run", article="a")
            )
        )
    lines += _initial_meld_limits(words, rules)
    if any(part.no_wild for deal in rules.deals for part in deal.contract):
        lines.append(words._("Some contract melds hold no wild card (see the deal)."))
    if not rules.wild_lay_off:
        lines.append(words._("A wild card is never laid off onto a meld on the table."))
    return tuple(lines)


# --- The pages' lines: a deal's contract and limits, card values, the winner, the
# families, the checker's joker tab ----------------------------------------------


def family_names(words: Words) -> tuple[str, str]:
    """R41: the headings the new-game form and the checker group the games under."""
    return (words._("Push family"), words._("Contract Rummy family"))


def _by_size(words: Words, rules: Ruleset, contract: Sequence[ContractPart]) -> str:
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
        if len(sizes[part.kind]) > 1:
            noun = words._("{meld} of {size}").format(
                meld=words.meld(rules.words, part.kind), size=part.min
            )
        else:
            noun = words.meld(rules.words, part.kind)
        if count > 1:
            where = words.pgettext("wild cards in", "each {meld}").format(meld=noun)
        else:
            where = words.pgettext("wild cards in", "the {meld}").format(meld=noun)
        phrases.append((most, where))
    if not phrases:
        return ""
    if len(phrases) > 1 and len({most for most, _ in phrases}) == 1:
        return words._("at most {wild} in each meld").format(
            wild=wild_cards_words(words, phrases[0][0], digits=True)
        )
    (first, where), *rest = phrases
    texts = [
        words._("at most {wild} in {where}").format(
            wild=wild_cards_words(words, first, digits=True), where=where
        )
    ]
    texts += [words._("{count} in {where}").format(count=most, where=at) for most, at in rest]
    return words.listed(texts)


def deal_limit_lines(words: Words, rules: Ruleset, deal: DealRule) -> list[str]:
    """What this deal's initial meld is held to besides its melds' sizes (R51-R53,
    R58), in words; nothing for a deal with no such rule.

    >>> from referee.rules import get_ruleset
    >>> deal_limit_lines(ENGLISH, get_ruleset("loba"), get_ruleset("loba").deal(1))
    ['at most 1 wild card in each meld']
    >>> deal_limit_lines(ENGLISH, get_ruleset("king-rummy"), get_ruleset("king-rummy").deal(4))
    ['melds holding exactly 10 cards']
    >>> shanghai = get_ruleset("shanghai")
    >>> deal_limit_lines(ENGLISH, shanghai, shanghai.deal(8))
    ['at most 1 wild card in the group and 4 in the sequence']
    """
    limits = []
    by_size = _by_size(words, rules, deal.contract) if rules.wild_limit == "by_size" else ""
    if by_size:
        limits.append(by_size)
    if rules.initial_wilds_per_meld is not None and deal.contract:
        limits.append(
            words._("at most {wild} in each meld").format(
                wild=wild_cards_words(words, rules.initial_wilds_per_meld, digits=True)
            )
        )
    if deal.contract_wilds is not None:
        limits.append(
            words._("at most {wild} in the whole initial meld").format(
                wild=wild_cards_words(words, deal.contract_wilds, digits=True)
            )
        )
    if deal.whole_hand is not None:
        if deal.whole_hand.exactly:
            said = words._("melds holding exactly {cards} cards")
        else:
            said = words._("melds holding at least {cards} cards")
        limits.append(said.format(cards=deal.whole_hand.cards))
    return limits


def deal_words(words: Words, rules: Ruleset, deal: DealRule) -> str:
    """The deal's contract in the game's words, then its limits: the contract line
    of the sheet and the checker.

    >>> from referee.rules import get_ruleset
    >>> shanghai = get_ruleset("shanghai")
    >>> deal_words(ENGLISH, shanghai, shanghai.deal(2))
    'one group of exactly three and one sequence of exactly four, at most 1 wild card in each meld'
    """
    text = contract_words(words, rules.words, deal.contract)
    if deal.name:
        text = words._("{name}: {contract}").format(name=isolated(deal.name), contract=text)
    return ", ".join([text, *deal_limit_lines(words, rules, deal)])


def exchange_tab_words(words: Words, exchange: str) -> tuple[str, str]:
    """R79: the checker's tab for a natural card and a joker on the table, named for
    what the game does with the joker, and the title of a refusal there.

    >>> exchange_tab_words(ENGLISH, "in_meld"), exchange_tab_words(ENGLISH, "move")[0]
    (('Rescue', 'Not a rescue'), 'Move a joker')
    """
    stays = words._("The joker stays")
    if exchange == "in_meld":  # R24, R25: Push's own word
        return (words._("Rescue"), words._("Not a rescue"))
    if exchange in ("to_hand", "two_for_one"):
        return (words._("Take a joker"), stays)
    if exchange in ("move", "move_anywhere", "move_to_top"):
        return (words._("Move a joker"), stays)
    return (words.pgettext("the checker's tab", "Jokers"), stays)


def card_values_words(words: Words, rules: Ruleset) -> str:
    """What a card left in hand is worth, in few words (R28, R29, R60).

    >>> from referee.rules import get_ruleset
    >>> card_values_words(ENGLISH, get_ruleset("caribbean-kalooki"))
    'JK 50 · A 15 · 2-10 face value · J Q K 10 · A♥ A♦ 1'
    >>> card_values_words(ENGLISH, get_ruleset("farmers"))
    'JK 50 · A 2 20 · 3-7 5 · 8-K 10'
    """
    values = rules.card_values.as_dict()
    ranks = list(RANK_TOKENS)
    face = [_at_face(i, ranks, values) for i in range(len(ranks))]
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
            parts.append(words._("{low}-{high} face value").format(low=low, high=high))
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


def _at_face(index: int, ranks: Sequence[str], values: dict[str, int]) -> bool:
    """Whether the rank is worth its number, as one of its neighbours is."""

    def at_face(i: int) -> bool:
        return 0 <= i < len(ranks) and ranks[i].isdigit() and values[ranks[i]] == int(ranks[i])

    return at_face(index) and (at_face(index - 1) or at_face(index + 1))


def winner_words(words: Words, sheet: Sheet) -> str:
    """The end of the game in words, naming the people, not the side: "Ann and Cat
    win with 110" (a team is its players at the table, R30); "" before the end."""
    winners = sheet.winners
    if not winners:
        return ""
    total = sheet.totals[winners[0]]
    sides = {side.name: side for side in sheet.table.sides}
    people = [words.listed(sides[name].players) for name in winners]
    highest = sheet.table.rules.winner == "highest"  # R62: not what a rummy player expects
    if len(winners) > 1 and sheet.table.rules.partnerships:
        who = people[0]
        for other in people[1:]:
            who = words._("{side} tie with {other}").format(side=who, other=other)
        if highest:
            said = words._("{who} for the win with {total} each, the highest total")
        else:
            said = words._("{who} for the win with {total} each")
        return said.format(who=who, total=total)
    if len(winners) > 1:
        if highest:
            said = words._("{who} tie for the win with {total} each, the highest total")
        else:
            said = words._("{who} tie for the win with {total} each")
        return said.format(who=words.listed(winners), total=total)
    many = len(sides[winners[0]].players)
    if highest:
        said = words.ngettext(
            "{who} wins with {total}, the highest total",
            "{who} win with {total}, the highest total",
            many,
        )
    else:
        said = words.ngettext("{who} wins with {total}", "{who} win with {total}", many)
    return said.format(who=people[0], total=total)


def house_line(words: Words, said: Sequence[str]) -> str:
    """What a game plays differently from the book, in one line for the sheet (R73):
    the rules core's sentences, joined.

    >>> house_line(ENGLISH, ["Sequences of three or more", "Jokers are worth 25"])
    'House rules: sequences of three or more; jokers are worth 25'
    """
    if not said:
        return ""
    joined = "; ".join(
        line if line[1:2].isupper() else line[:1].lower() + line[1:] for line in said
    )
    return words._("House rules: {changes}").format(changes=joined)


def option_words(words: Words, name: str, english: str) -> str:
    """What a game's option does (``variants.OPTIONS``), in ``words``; ``english``,
    its description, for an option this module does not know.

    >>> from referee.rules.variants import OPTIONS
    >>> option_words(ENGLISH, "ten_cards", "") == OPTIONS["ten_cards"].description
    True
    """
    said = {
        "ten_cards": words._("10 cards are dealt in every deal; the contracts stay the same."),
        "three_and_seven": words._("Deal 5's contract is one run of three and one run of seven."),
        "set_distinct_suits": words._(
            "No two natural cards of a set may share a suit, so a set holds at most four cards."
        ),
        "rescue_to_hand": words._(
            "A rescued wild card may go into the hand instead of straight into a meld."
        ),
        "twos_wild": words._(
            "2s are wild too, and a 2 left in hand scores as a joker; a 2 may still stand for "
            "itself in a run of its suit."
        ),
        "partnerships": words._(
            "Play in two teams, partners in alternate seats; off, everyone scores for themself."
        ),
    }
    return said.get(name, english)


def left_alone_words(words: Words, meld_words: MeldWords, left: LeftAlone) -> tuple[str, str]:
    """R68: what a change of a shortest meld leaves as it was, beside the change
    ("The contracts stay as they were: deal 2 still asks for a sequence of four."),
    and the tap that changes them with it ("Change them too: sequences of three")."""
    before, after = count_word(words, left.before), count_word(words, left.after)
    deals = words.listed([str(number) for number in left.deals])
    if len(left.deals) == 1:
        note = words._(
            "The contracts stay as they were: deal {deal} still asks for {a_meld} of {count}."
        ).format(deal=deals, a_meld=words.meld(meld_words, left.kind, article="a"), count=before)
    else:
        note = words._(
            "The contracts stay as they were: deals {deals} still ask for {melds} of {count}."
        ).format(deals=deals, melds=words.meld(meld_words, left.kind, count=2), count=before)
    melds = words.meld(meld_words, left.kind, count=2)
    tap = words._("Change them too: {melds} of {count}").format(melds=melds, count=after)
    return note, tap
