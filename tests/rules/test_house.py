"""House rules (docs/rules.md#R68-R75): every key of R68 with a case where the book and
the table's rule give different answers, every refusal of R71, every document
the referee cannot read, and the rules given back in the shape they are taken."""

import itertools
import json

import pytest

from referee.rules import (
    HOUSE_KEYS,
    VARIANTS,
    Ace,
    Bonus,
    Buys,
    GameRuleError,
    HouseRulesError,
    PackError,
    RulesError,
    UnplayableRulesError,
    WildLimit,
    apply_house,
    check_contract,
    extend_meld,
    get_ruleset,
    house_changes,
    house_rules_of,
    parse_cards,
    read_meld,
    rescue,
    score_hand,
    solve_hand,
)
from referee.rules.cards import Card
from referee.rules.scoring import Sheet, Table, score_deal
from referee.rules.words import ENGLISH, describe_house, wild_limit_lines

from .notation import refusal, refused, said, short

#: The keys of docs/rules.md#R68's table; each has a case below where book and house differ.
R68_KEYS = {
    "deals", "players", "pack", "set_min", "run_min", "set_suits", "runs", "ace", "twos",
    "wild_limit", "wilds_apart", "contract_sizes", "contract_runs_gap", "values", "winner",
    "scoring",
}  # fmt: skip

#: The keys beyond R68's table: the limits it names, the bookkeeping (R75-R77) and
#: the joker exchange, "a house key too" (R79).
OTHER_KEYS = {
    "wild_limit_by_size", "set_min_natural", "deal_direction", "buys", "bonuses", "joker_exchange",
}  # fmt: skip


DEAL_OF_7 = {"cards": 7, "contract": [{"kind": "set", "min": 3}]}


def readings(cards: str, rules, **where) -> list[str]:
    players = max(rules.players)
    return [
        short(r) for r in read_meld(parse_cards(cards), rules, players=players, **where).readings
    ]


# --- Melds under every key that changes them (R68-R70) --------------------------------

#: (variant, house, cards, the book's readings, the table's readings)
MELDS = {
    "set_min: groups of four": ("contract-rummy", {"set_min": 4, "deals": [{"cards": 10, "contract": [{"kind": "set", "min": 4}]}]}, "8C 8H 8S", ["set 8"], []),  # R44, R68
    "run_min: sequences of three": ("contract-rummy", {"run_min": 3}, "5H 6H 7H", [], ["run H 5-7"]),  # R44, R68
    "set_suits distinct": ("contract-rummy", {"set_suits": "distinct"}, "8C 8C 8H", ["set 8"], []),  # R43
    "set_suits any": ("push", {"set_suits": "any"}, "8C 8C 8H", [], ["set 8"]),  # R9
    "runs false": ("push", {"runs": False, "deals": [DEAL_OF_7]}, "4H 5H 6H", ["run H 4-6"], []),  # R44
    "runs true": ("farmers", {"runs": True}, "4H 5H 6H 7H", [], ["run H 4-7"]),  # R44
    "ace around": ("contract-rummy", {"ace": "around"}, "QS KS AS 2S 3S", [], ["run S Q-3"]),  # R69
    "ace around, a wild 2 as itself past the king": ("push", {"ace": "around"}, "KH AH 2H", ["run H Q-A"], ["run H Q-A", "run H K-2"]),  # R5, R69
    "ace around, the ace read once": ("contract-rummy", {"ace": "around", "run_min": 3}, "KS AS 2S AS", [], []),  # R69
    "ace high_only": ("contract-rummy", {"ace": "high_only"}, "AD 2D 3D 4D", ["run D A-4"], []),  # R45
    "ace low_or_high": ("shanghai", {"ace": "low_or_high"}, "AH 2H 3H 4H", [], ["run H A-4"]),  # R12, R45
    "ace both_ends": ("push", {"ace": "both_ends"}, "AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK", [], ["run S A-A"]),  # R45
    "twos natural: a set of twos": ("shanghai", {"twos": "natural"}, "2C 2D 2S", [], ["set 2"]),  # R70
    "twos natural: a 2 is its own card in a run": ("shanghai", {"twos": "natural"}, "2S 3S 4S 5S", ["run S 2-5", "run S 3-6"], ["run S 2-5"]),  # R70
    "twos wild": ("contract-rummy", {"twos": "wild"}, "8H 8C 2D", [], ["set 8"]),  # R46
    "wild_limit any, over Shove-It's": ("shove-it", {"wild_limit": "any"}, "8C JK JK", [], ["set 8", "run C 6-8", "run C 7-9", "run C 8-10"]),  # R7, R70
    "wild_limit one": ("push", {"wild_limit": "one"}, "8C JK 2D", ["set 8", "run C 6-8", "run C 7-9", "run C 8-10"], []),  # R70
    "wild_limit no_more_than_natural": ("shove-it", {"wild_limit": "no_more_than_natural"}, "8C 8H JK JK", [], ["set 8"]),  # R70
    "wild_limit fewer_than_natural": ("push", {"wild_limit": "fewer_than_natural"}, "8C 8H JK JK", ["set 8"], []),  # R7, R70
    "wild_limit two_natural": ("push", {"wild_limit": "two_natural"}, "8C JK JK", ["set 8", "run C 6-8", "run C 7-9", "run C 8-10"], []),  # R70
    "wild_limit two_natural counts a 2 as itself": ("push", {"wild_limit": "two_natural"}, "2C 3C JK", ["set 3", "run C A-3", "run C 2-4", "run C 3-5"], ["run C A-3", "run C 2-4"]),  # R5, R70
    "wild_limit replaces Shanghai's table": ("shanghai", {"wild_limit": "any"}, "8C JK JK", [], ["set 8"]),  # R51, R70
    "wild_limit replaces Caribbean's two naturals": ("caribbean-kalooki", {"wild_limit": "any"}, "8C JK JK", [], ["set 8"]),  # R54, R70
    "wild_limit_by_size, a table of the table's own": ("push", {"wild_limit_by_size": [{"kind": "set", "size": 3, "most": 1}]}, "8C JK JK", ["set 8", "run C 6-8", "run C 7-9", "run C 8-10"], ["run C 6-8", "run C 7-9", "run C 8-10"]),  # R51, R68
    "set_min_natural": ("push", {"set_min_natural": 2}, "8C JK JK", ["set 8", "run C 6-8", "run C 7-9", "run C 8-10"], ["run C 6-8", "run C 7-9", "run C 8-10"]),  # R54, R68
    "wilds_apart true": ("push", {"wilds_apart": True}, "4H JK JK 7H", ["run H 4-7"], []),  # R54
    "wilds_apart false": ("caribbean-kalooki", {"wilds_apart": False}, "4H JK JK 7H", [], ["run H 4-7"]),  # R54
}  # fmt: skip


@pytest.mark.parametrize(("variant", "house", "cards", "book", "table"), MELDS.values(), ids=MELDS)
def test_a_meld_is_read_by_the_tables_rules(variant, house, cards, book, table):  # R68-R70, R72
    assert readings(cards, get_ruleset(variant)) == book
    assert readings(cards, get_ruleset(variant, house=house)) == table


def test_a_run_round_the_corner_says_why_not_in_the_tables_words():  # R69
    rules = get_ruleset("contract-rummy", house={"ace": "around", "run_min": 3})
    assert said(read_meld(parse_cards("5S 6S JK 9S"), rules).reasons)[0] == (
        "5S and 9S are too far apart for one run, even round the corner: from one to the "
        "other takes 5 cards, and this meld has 4"
    )
    assert said(read_meld(parse_cards("KS AS 2S AS"), rules).reasons)[0] == (
        "a run holds at most one ace, even round the corner"
    )
    assert (
        len(read_meld(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), rules).readings) == 1
    )


#: (variant, house, meld on the table, cards laid off, the book's, the table's)
LAY_OFFS = {
    "round the corner": ("contract-rummy", {"ace": "around"}, "JS QS KS AS", "2S", [], ["run S J-2"]),  # R23, R69
    "round the corner, below the ace": ("contract-rummy", {"ace": "around"}, "2S 3S 4S 5S", "KS AS", [], ["run S K-5"]),  # R23, R69
    "a house limit holds for lay-offs too": ("shanghai", {"wild_limit": "one"}, "4H 5H 6H 7H", "JK JK", ["run H 2-7", "run H 3-8", "run H 4-9"], []),  # R51, R70
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "house", "meld", "add", "book", "table"), LAY_OFFS.values(), ids=LAY_OFFS
)
def test_a_lay_off_is_judged_by_the_tables_rules(
    variant, house, meld, add, book, table
):  # R23, R72
    def laid(rules):
        verdict = extend_meld(
            parse_cards(meld), parse_cards(add), rules, players=max(rules.players)
        )
        return [short(r) for r in verdict.readings]

    assert laid(get_ruleset(variant)) == book
    assert laid(get_ruleset(variant, house=house)) == table


def test_the_initial_meld_s_own_limits_stay_unless_the_deals_are_replaced():  # R52, R70
    book = get_ruleset("loba")
    assert readings("8C JK JK", book, deal=1) == []
    assert readings("8C JK JK", get_ruleset("loba", house={"wild_limit": "any"}), deal=1) == []
    own = {"deals": [{"cards": 11, "contract": [{"kind": "set", "min": 3}] * 2}]}
    assert readings("8C JK JK", get_ruleset("loba", house=own), deal=1) == ["set 8"]
    kept = house_rules_of(book)["deals"]
    assert kept[0]["meld_wilds"] == 1  # the table's form shows it, and sends it back
    assert readings("8C JK JK", get_ruleset("loba", house={"deals": kept}), deal=1) == []


def test_a_rescue_follows_a_run_round_the_corner():  # R24, R69
    rules = get_ruleset("shanghai", house={"ace": "around"})
    verdict = rescue(parse_cards("QS KS JK 2S"), Card.parse("AS"), rules, players=8)
    assert verdict.legal, said(verdict.reasons)
    assert [str(p.stands_for) for p in verdict.after.readings[0].cards] == ["QS", "KS", "AS", "2S"]
    assert not rescue(parse_cards("QS KS JK 2S"), Card.parse("AS"), get_ruleset("shanghai")).legal


# --- The contract check (R47, R48, R68) ---------------------------------------------------

#: (variant, house, deal, melds, the book's met, the table's met)
CONTRACTS = {
    "deals of the table's own": ("contract-rummy", {"deals": [{"cards": 10, "contract": [{"kind": "run", "min": 4}]}]}, 1, ["8C 8H 8S", "KD KS KH"], True, False),  # R68
    "contract_sizes at_least": ("loba", {"contract_sizes": "at_least"}, 1, ["8C 8H 8S 8D", "KS KH KD"], False, True),  # R47
    "contract_sizes exact": ("push", {"contract_sizes": "exact"}, 1, ["8C 8H 8S 8D", "KS KH KD"], True, False),  # R47
    "contract_runs_gap 2": ("contract-rummy", {"contract_runs_gap": 2}, 3, ["3H 4H 5H 6H", "8H 9H 10H JH"], True, False),  # R48
    "contract_runs_gap 0": ("contract-rummy", {"contract_runs_gap": 0}, 3, ["3H 4H 5H 6H", "7H 8H 9H 10H"], False, True),  # R14, R48
    "contract_runs_gap 1 in a game with none": ("loba", {"contract_runs_gap": 1}, 3, ["3H 4H 5H 6H", "7H 8H 9H 10H"], True, False),  # R48
    "the gap round the corner": ("contract-rummy", {"ace": "around"}, 3, ["10H JH QH KH", "AH 2H 3H 4H"], True, False),  # R48, R69
    "the gap round the corner, the ace between": ("contract-rummy", {"ace": "around"}, 3, ["10H JH QH KH", "2H 3H 4H 5H"], True, True),  # R48, R69
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "house", "deal", "melds", "book", "table"), CONTRACTS.values(), ids=CONTRACTS
)
def test_the_contract_is_checked_by_the_tables_rules(
    variant, house, deal, melds, book, table
):  # R47, R48, R72
    given = [(parse_cards(meld), None) for meld in melds]
    assert check_contract(given, get_ruleset(variant), deal).met is book
    assert check_contract(given, get_ruleset(variant, house=house), deal).met is table


def test_a_gap_of_two_says_so():  # R48
    rules = get_ruleset("contract-rummy", house={"contract_runs_gap": 2})
    verdict = check_contract(
        [(parse_cards(m), None) for m in ("3H 4H 5H 6H", "8H 9H 10H JH")], rules, 3
    )
    assert "need at least two cards between them" in said(verdict.reasons)[0]


def test_a_pack_of_the_tables_own_holds_more_copies():  # R3, R49, R68
    melds = [(parse_cards("8C 8C 8C"), None), (parse_cards("KS KH KD"), None)]
    with pytest.raises(PackError):
        check_contract(melds, get_ruleset("loba"), 1)
    rules = get_ruleset("loba", house={"pack": {"decks": 3, "jokers": 4}})
    assert check_contract(melds, rules, 1).met


def test_the_players_allowed_are_the_tables():  # R68
    names = ["Ann", "Bob", "Cat"]
    with refused(GameRuleError, "Push solo is for 4 to 6 players, not 3"):
        Table.seat(get_ruleset("push-solo"), names)
    table = Table.seat(get_ruleset("push-solo", house={"players": [3, 4]}), names)
    assert table.players == tuple(names)


# --- Hands, deals and the sheet (R60-R62, R68) ---------------------------------------------

#: (variant, house, hand, the book's points, the table's)
HANDS = {
    "values: jokers 25": ("push", {"values": {"JK": 25}}, "JK AH", 35, 40),  # R60
    "values: one card": ("push", {"values": {"AH": 1}}, "AH AS", 30, 16),  # R60
    "values: a rank over a card of its own": ("caribbean-kalooki", {"values": {"A": 11}}, "AH AS", 16, 12),  # R60
    "twos natural: its face value": ("shanghai", {"twos": "natural"}, "2H", 20, 2),  # R70
    "twos natural where 3s are worth 5": ("push", {"twos": "natural"}, "2H", 20, 5),  # R28, R70
    "twos wild: a joker's value": ("contract-rummy", {"twos": "wild"}, "2H", 2, 15),  # R60
}  # fmt: skip


@pytest.mark.parametrize(("variant", "house", "hand", "book", "table"), HANDS.values(), ids=HANDS)
def test_a_hand_is_counted_by_the_tables_values(variant, house, hand, book, table):  # R60, R72
    assert score_hand(parse_cards(hand), get_ruleset(variant)).points == book
    assert score_hand(parse_cards(hand), get_ruleset(variant, house=house)).points == table


def test_winner_takes_scoring_gives_the_one_who_went_out_every_hand():  # R62
    hands = {"Bob": 10, "Cat": 20, "Dan": 5}
    names = ["Ann", "Bob", "Cat", "Dan"]
    book = score_deal(Table.seat(get_ruleset("push-solo"), names), 1, "Ann", hands)
    table = Table.seat(get_ruleset("push-solo", house={"scoring": "winner_takes"}), names)
    assert book.sides == {"Ann": 0, "Bob": 10, "Cat": 20, "Dan": 5}
    assert score_deal(table, 1, "Ann", hands).sides == {"Ann": 35, "Bob": 0, "Cat": 0, "Dan": 0}


def test_the_highest_total_wins_where_the_table_says_so():  # R32, R62
    def winners(rules):
        table = Table.seat(rules, ["Ann", "Bob", "Cat"])
        deals = tuple(score_deal(table, n, "Ann", {"Bob": 5 * n, "Cat": 10}) for n in range(1, 6))
        return Sheet(table, deals).winners

    assert winners(get_ruleset("push-solo", house={"players": [3]})) == ["Ann"]
    assert winners(get_ruleset("push-solo", house={"players": [3], "winner": "highest"})) == [
        "Bob"
    ]


# --- The hand solver (R65-R67) ---------------------------------------------------------

#: (variant, house, deal, hand, the book's met, the table's met)
SOLVED = {
    "round the corner": ("contract-rummy", {"ace": "around"}, 2, "QS KS AS 2S 8C 8D 8H 5D 9C 10H JD", False, True),  # R69
    "two natural cards": ("push", {"wild_limit": "two_natural"}, 1, "8C JK JK KD KS JK 5H", True, False),  # R70
    # 5H JK JK JK 9H holds two natural cards, but no four of its cards side by side
    # do: where wild cards may sit side by side, a longer sequence may be all a
    # hand can make (R70); where they may not (R54), a run part needs no longer one.
    "two natural cards, wild cards side by side": ("push", {"wild_limit": "two_natural", "wilds_apart": False, "deals": [{"cards": 6, "contract": [{"kind": "run", "min": 4}]}]}, 1, "5H JK JK JK 9H KD", False, True),  # R70
    "twos natural": ("shanghai", {"twos": "natural"}, 1, "2C 2D 2S 5H 5D 5C 9S", False, True),  # R70
    "sequences of three": ("contract-rummy", {"run_min": 3, "deals": [{"cards": 10, "contract": [{"kind": "run", "min": 3}] * 2}]}, 1, "4H 5H 6H 9C 10C JC KD", False, True),  # R44
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "house", "deal", "hand", "book", "table"), SOLVED.values(), ids=SOLVED
)
def test_the_solver_plays_by_the_tables_rules(variant, house, deal, hand, book, table):  # R65, R72
    cards = parse_cards(hand)
    assert solve_hand(cards, get_ruleset(variant), deal, 8 if variant != "push" else 4).met is book
    rules = get_ruleset(variant, house=house)
    solution = solve_hand(cards, rules, deal, max(rules.players))
    assert solution.met is table
    for meld in solution.melds:  # each meld reads as the table's rules read it
        assert read_meld(meld.cards, rules, meld.declaration, max(rules.players)).legal


#: A sequence of at least three under a limit of no more wild cards than natural ones.
AT_LEAST_THREE = {"run_min": 3, "deals": [{"cards": 6, "contract": [{"kind": "run", "min": 3, "exact": False}]}]}  # fmt: skip

#: (variant, house, hand, the cards any one of which completes it, most useful first)
COMPLETING = {
    # 5H JK JK 8H keeps the limit, two and two, though no three of its cards in a row
    # do: a sequence longer than its part may be all a hand can make (R70).
    "a sequence that keeps the limit only whole": ("contract-rummy", {**AT_LEAST_THREE, "wild_limit": "no_more_than_natural"}, "5H JK JK", "2H 3H 4H 6H 7H 8H"),
    # Fewer wild cards than natural ones: 5H JK JK 8H holds too many, so a card
    # completes the hand only with a sequence of more natural cards than wild ones
    # (R56).
    "fewer wild cards than natural ones": ("contract-rummy", {**AT_LEAST_THREE, "wild_limit": "fewer_than_natural"}, "5H 8H JK JK", "4H 6H 7H 9H 10H 3H"),
    # Every card down (R58): 3H-10H with the joker as 8H and a 5H, 6H or 7H more
    # goes down as two sequences; a search for a way needs no longer ones.
    "the whole hand down": ("sa-kaluki", {"deals": [{"cards": 8, "contract": [], "whole_hand": {"at_least": 9}}]}, "3H 4H 5H 6H 7H 9H 10H JK", "2H 5H 6H 7H 8H JH QH JK"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "house", "hand", "cards"), COMPLETING.values(), ids=COMPLETING
)
def test_one_card_short_the_completing_cards_follow_the_tables_rules(
    variant, house, hand, cards
):  # R58, R66, R70
    rules = get_ruleset(variant, house=house)
    solution = solve_hand(parse_cards(hand), rules, 1, max(rules.players))
    assert (solution.met, solution.short) == (False, 1)
    assert " ".join(solution.completing_tokens) == cards


# --- Keys that are data for the pages (R75-R77) -----------------------------------------

#: (variant, house, field, the book's value, the table's)
DATA = {
    "deal_direction": ("push", {"deal_direction": "right"}, "deal_direction", "left", "right"),  # R76
    "buys: one limit changed, the others kept": ("shanghai", {"buys": {"per_deal": 5}}, "buys", Buys(3, 4), Buys(5, 4)),  # R77
    "buys: no limit": ("telefunken", {"buys": {"per_game": None}}, "buys", Buys(per_game=7), Buys()),  # R77
    "bonuses": ("push", {"bonuses": [{"name": "exact cut", "points": -10}]}, "bonuses", (), (Bonus("exact cut", -10),)),  # R75
    "joker exchange": ("loba", {"joker_exchange": "to_hand"}, "joker_exchange", "move", "to_hand"),  # R79
}  # fmt: skip


@pytest.mark.parametrize(("variant", "house", "field", "book", "table"), DATA.values(), ids=DATA)
def test_the_tables_bookkeeping_is_kept_on_the_ruleset(
    variant, house, field, book, table
):  # R75-R77
    assert getattr(get_ruleset(variant), field) == book
    assert getattr(get_ruleset(variant, house=house), field) == table


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_game_s_dealer_and_buys_are_the_rulings(variant):  # R76, R77
    rules = get_ruleset(variant)
    assert rules.deal_direction == ("right" if variant == "telefunken" else "left")
    expected = {
        "shanghai": Buys(per_deal=3, last_deal=4),
        "sa-kaluki": Buys(per_deal=4),
        "telefunken": Buys(per_game=7),
        "farmers": Buys(per_game=10),
    }
    assert rules.buys == expected.get(variant, Buys())
    assert rules.buys.in_deal(len(rules.deals), len(rules.deals)) == (
        4 if variant == "shanghai" else expected.get(variant, Buys()).per_deal
    )


def test_every_key_of_r68_has_a_case_where_the_book_and_the_table_differ():
    covered = set()
    for table in (MELDS, LAY_OFFS, CONTRACTS, HANDS, SOLVED, DATA):
        for case in table.values():
            covered |= set(case[1])
    covered |= {"winner", "scoring", "players", "pack"}  # the tests above of their own
    assert covered >= R68_KEYS | OTHER_KEYS
    assert set(HOUSE_KEYS) == R68_KEYS | OTHER_KEYS


# --- R71: rules no table could play ---------------------------------------------------

#: (variant, house, the key at fault, the sentence)
UNPLAYABLE = {
    "no deals": ("push", {"deals": []}, "deals", '"deals": a game needs at least one deal'),
    "a sequence shorter than run_min": ("contract-rummy", {"run_min": 5}, "run_min", '"run_min": deal 2 asks for a sequence of exactly four, and a sequence must be five or more cards'),
    "a group shorter than set_min": ("contract-rummy", {"set_min": 4}, "set_min", '"set_min": deal 1 asks for a group of exactly three, and a group must be four or more cards'),
    "a part shorter than any meld": ("push", {"deals": [{"cards": 7, "contract": [{"kind": "run", "min": 2}]}]}, "deals", '"deals": deal 1 asks for a run of two, and a run must be three or more cards'),
    "the deals name a part the run_min of the same document refuses": ("push", {"run_min": 4, "deals": [{"cards": 7, "contract": [{"kind": "run", "min": 3}]}]}, "run_min", '"run_min": deal 1 asks for a run of three, and a run must be four or more cards'),
    "a sequence where runs is false": ("push", {"runs": False}, "runs", '"runs": deal 2 asks for a run of four, and runs are not melds here'),
    "a sequence in the deals of a game without": ("farmers", {"deals": [{"cards": 11, "contract": [{"kind": "run", "min": 4}]}]}, "deals", '"deals": deal 1 asks for a sequence of exactly four, and sequences are not melds here'),
    "a whole hand larger than a hand": ("push", {"deals": [{"cards": 7, "contract": [], "whole_hand": {"at_least": 9}}]}, "deals", '"deals": deal 1 must meld 9 cards, and a hand holds at most 8: the 7 dealt and the one drawn'),
    "a whole hand smaller than its contract": ("push", {"deals": [{"cards": 10, "contract": [{"kind": "run", "min": 4}] * 2, "whole_hand": {"exactly": 7}}]}, "deals", '"deals": deal 1 must meld exactly 7 cards, and its contract needs 8'),
    "a whole hand larger than an exact contract with no further melds": ("shanghai", {"deals": [{"cards": 13, "contract": [{"kind": "set", "min": 4}] * 2 + [{"kind": "run", "min": 4}], "whole_hand": {"at_least": 13}}]}, "deals", '"deals": deal 1 must meld at least 13 cards, and its contract melds at most 12, with no further melds'),  # R58
    "a whole hand larger than groups of distinct suits can hold": ("jo", {"set_suits": "distinct", "contract_sizes": "at_least", "deals": [{"cards": 9, "contract": [{"kind": "set", "min": 3}] * 2, "whole_hand": {"at_least": 9}}]}, "deals", '"deals": deal 1 must meld at least 9 cards, and its contract melds at most 8, with no further melds'),  # R9, R58
    "a deal with no melds": ("push", {"deals": [{"cards": 7, "contract": []}]}, "deals", '"deals": deal 1 asks for no meld: give it a contract or a whole hand'),
    "a group of five of distinct suits": ("push", {"deals": [{"cards": 7, "contract": [{"kind": "set", "min": 5}]}]}, "deals", '"deals": deal 1 asks for a set of five, and a set of distinct suits holds at most four cards'),
    "groups of five of distinct suits": ("push", {"set_min": 5}, "set_min", '"set_min": a set must be five or more cards, and a set of distinct suits holds at most four'),
    "a sequence longer than any": ("push", {"deals": [{"cards": 14, "contract": [{"kind": "run", "min": 14}]}]}, "deals", '"deals": deal 1 asks for a run of 14, and a run holds at most thirteen cards'),
    "a pack too small for the deal": ("contract-rummy", {"pack": {"decks": 1, "jokers": 0}}, "pack", '"pack": the pack for 5 players, one deck and no jokers (52 cards), cannot deal 12 cards to each of 5 players and one to start the discard pile: that takes 61'),
    "more players than the game's pack names": ("caribbean-kalooki", {"players": [3, 4, 5, 6, 7]}, "players", '"players": no pack is given for 7 players'),
    "more cards than the pack deals": ("loba", {"deals": [{"cards": 25, "contract": [{"kind": "set", "min": 3}]}]}, "deals", '"deals": the pack for 5 players, two decks and four jokers (108 cards), cannot deal 25 cards to each of 5 players and one to start the discard pile: that takes 126'),
    "no pack for some players": ("loba", {"pack": [{"players": [2, 3], "decks": 2, "jokers": 4}]}, "pack", '"pack": no pack is given for 4 players'),
    "teams of uneven size": ("push", {"players": [4, 5]}, "players", '"players": 5 players cannot play in two teams'),
    # R3, R49: a group needs more cards of a rank, or wild cards, than the pack holds
    "a group longer than the pack's cards of a rank and wild cards": ("russian", {"pack": {"decks": 1, "jokers": 2}, "wild_limit": "fewer_than_natural", "deals": [{"cards": 10, "contract": [{"kind": "set", "min": 7}]}]}, "deals", '"deals": deal 1 asks for a set of seven, and with the pack for 2 players, one deck and two jokers, a set can be at most six cards under these rules'),
    "the pack of fewer players too small for a group": ("russian", {"deals": [{"cards": 10, "contract": [{"kind": "set", "min": 7}]}]}, "deals", '"deals": deal 1 asks for a set of seven, and with the pack for 2 players, one deck and two jokers, a set can be at most six cards under these rules'),
    "a smaller pack too small for a deal's group": ("contract-rummy", {"pack": {"decks": 1, "jokers": 0}, "players": [3, 4], "deals": [{"cards": 10, "contract": [{"kind": "set", "min": 5}]}]}, "deals", '"deals": deal 1 asks for a group of exactly five, and with the pack for 3 players, one deck and no jokers, a group can be at most four cards under these rules'),
    "a wild-card limit no group of the deal can keep": ("contract-rummy", {"pack": {"decks": 1, "jokers": 2}, "players": [3, 4], "wild_limit": "one", "contract_sizes": "at_least", "deals": [{"cards": 10, "contract": [{"kind": "set", "min": 6}]}]}, "deals", '"deals": deal 1 asks for a group of six, and with the pack for 3 players, one deck and two jokers, a group can be at most five cards under these rules'),
    "a group the pack cannot make, whatever the others take": ("russian", {"deals": [{"cards": 13, "contract": [{"kind": "set", "min": 6}, {"kind": "set", "min": 7}]}]}, "deals", '"deals": deal 1 asks for a set of seven, and with the pack for 2 players, one deck and two jokers, a set can be at most six cards under these rules'),
    "groups that share the pack's wild cards": ("russian", {"deals": [{"cards": 13, "contract": [{"kind": "set", "min": 6}] * 2}]}, "deals", '"deals": deal 1 asks for a set of six, and with the pack for 2 players, one deck and two jokers, a set beside the rest of the contract can be at most four cards under these rules'),
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "house", "key", "sentence"), UNPLAYABLE.values(), ids=UNPLAYABLE
)
def test_rules_no_table_could_play_are_refused_naming_the_change(
    variant, house, key, sentence
):  # R71
    with pytest.raises(UnplayableRulesError) as raised:
        get_ruleset(variant, house=house)
    assert refusal(raised.value) == sentence
    assert raised.value.key == key
    assert isinstance(raised.value, GameRuleError)  # the API answers it 422


def test_an_unplayable_refusal_names_its_deal():  # R71
    with pytest.raises(UnplayableRulesError) as raised:
        get_ruleset("contract-rummy", house={"run_min": 5})
    assert raised.value.deal == 2


#: (house, the key at fault, its path, the sentence)
MALFORMED = {
    "an unknown key": ({"jokers": 2}, "jokers", ("jokers",), '"jokers" is not a house rule; the keys are ' + ", ".join(HOUSE_KEYS)),
    "run_min out of range": ({"run_min": 9}, "run_min", ("run_min",), '"run_min" must be a whole number from 3 to 7'),
    "run_min true": ({"run_min": True}, "run_min", ("run_min",), '"run_min" must be a whole number from 3 to 7'),
    "set_min as text": ({"set_min": "3"}, "set_min", ("set_min",), '"set_min" must be a whole number from 3 to 7'),
    "set_min_natural out of range": ({"set_min_natural": 8}, "set_min_natural", ("set_min_natural",), '"set_min_natural" must be a whole number from 0 to 7'),
    "contract_runs_gap 3": ({"contract_runs_gap": 3}, "contract_runs_gap", ("contract_runs_gap",), '"contract_runs_gap" must be a whole number from 0 to 2'),
    "set_suits": ({"set_suits": "some"}, "set_suits", ("set_suits",), '"set_suits" must be "any" or "distinct"'),
    "runs": ({"runs": "yes"}, "runs", ("runs",), '"runs" must be true or false'),
    "wilds_apart": ({"wilds_apart": 1}, "wilds_apart", ("wilds_apart",), '"wilds_apart" must be true or false'),
    "ace": ({"ace": "wrap"}, "ace", ("ace",), '"ace" must be "low_or_high", "high_only", "both_ends" or "around"'),
    "twos": ({"twos": 2}, "twos", ("twos",), '"twos" must be "wild" or "natural"'),
    "wild_limit": ({"wild_limit": "two"}, "wild_limit", ("wild_limit",), '"wild_limit" must be "any", "fewer_than_natural", "one", "by_size", "no_more_than_natural" or "two_natural"'),
    "wild_limit by_size without a table": ({"wild_limit": "by_size"}, "wild_limit", ("wild_limit",), '"wild_limit" may be "by_size" only with a table ("wild_limit_by_size")'),
    "a table by size with another limit": ({"wild_limit": "one", "wild_limit_by_size": [{"kind": "set", "size": 3, "most": 1}]}, "wild_limit_by_size", ("wild_limit_by_size",), '"wild_limit_by_size" is read only with "wild_limit": "by_size"'),
    "a table by size out of order": ({"wild_limit_by_size": [{"kind": "run", "size": 5, "most": 1}, {"kind": "run", "size": 4, "most": 1}]}, "wild_limit_by_size", ("wild_limit_by_size", 2, "size"), '"wild_limit_by_size", row 2: "size" must be larger than the sizes above it for a run'),
    "contract_sizes": ({"contract_sizes": "min"}, "contract_sizes", ("contract_sizes",), '"contract_sizes" must be "exact" or "at_least"'),
    "winner": ({"winner": "first"}, "winner", ("winner",), '"winner" must be "lowest" or "highest"'),
    "scoring": ({"scoring": "all"}, "scoring", ("scoring",), '"scoring" must be "penalty" or "winner_takes"'),
    "deal_direction": ({"deal_direction": "up"}, "deal_direction", ("deal_direction",), '"deal_direction" must be "left" or "right"'),
    "values not by rank": ({"values": {"1X": 3}}, "values", ("values", "1X"), '"values": "1X" is not a rank ("A", "2" ... "K"), "JK" or a card ("AH")'),
    "values out of range": ({"values": {"JK": 501}}, "values", ("values", "JK"), '"values": "JK" must be a whole number from 0 to 500'),
    "values not an object": ({"values": [25]}, "values", ("values",), '"values" must be an object of points by rank ("A", "2" ... "K"), "JK" or card'),
    "players empty": ({"players": []}, "players", ("players",), '"players" must be a list of 1 to 7 player counts'),
    "players out of range": ({"players": [1]}, "players", ("players", 1), '"players" must list whole numbers from 2 to 8'),
    "players twice": ({"players": [4, 4]}, "players", ("players",), '"players" must name each player count once'),
    "pack decks": ({"pack": {"decks": 5, "jokers": 0}}, "pack", ("pack", "decks"), '"pack": "decks" must be a whole number from 1 to 4'),
    "pack jokers missing": ({"pack": {"decks": 2}}, "pack", ("pack", "jokers"), '"pack": "jokers" is missing'),
    "pack rows overlap": ({"pack": [{"players": [2, 5], "decks": 2, "jokers": 4}, {"players": [5, 8], "decks": 3, "jokers": 6}]}, "pack", ("pack",), '"pack" names 5 players in two rows; give each count one pack'),
    "pack a number": ({"pack": 2}, "pack", ("pack",), '"pack" must be {"decks": N, "jokers": N} or a list of rows by players'),
    "deals not a list": ({"deals": "7"}, "deals", ("deals",), '"deals" must be a list of at most 20 deals'),
    "too many deals": ({"deals": [DEAL_OF_7] * 21}, "deals", ("deals",), '"deals" must be a list of at most 20 deals'),
    "a deal without its cards": ({"deals": [{"contract": []}]}, "deals", ("deals", 1, "cards"), '"deals", deal 1: "cards" is missing'),
    "a deal of too many cards": ({"deals": [{"cards": 26, "contract": []}]}, "deals", ("deals", 1, "cards"), '"deals", deal 1: "cards" must be a whole number from 3 to 25'),
    "a part of no kind": ({"deals": [{"cards": 7, "contract": [{"kind": "sett", "min": 3}]}]}, "deals", ("deals", 1, "contract", 1, "kind"), '"deals", deal 1, part 1: "kind" must be "set" or "run"'),
    "a part of 3.0 cards": ({"deals": [{"cards": 7, "contract": [{"kind": "set", "min": 3.0}]}]}, "deals", ("deals", 1, "contract", 1, "min"), '"deals", deal 1, part 1: "min" must be a whole number from 1 to 14'),
    "a part's unknown key": ({"deals": [{"cards": 7, "contract": [{"kind": "set", "min": 3, "wild": 0}]}]}, "deals", ("deals", 1, "contract", 1, "wild"), '"deals", deal 1, part 1: "wild" is not read here; the keys are "kind", "min", "exact", "no_wild", "distinct_suits" and "name"'),
    "a whole hand of two kinds": ({"deals": [{"cards": 7, "contract": [], "whole_hand": {"at_least": 7, "exactly": 7}}]}, "deals", ("deals", 1, "whole_hand"), '"deals", deal 1: "whole_hand" must be null, {"at_least": N} or {"exactly": N}'),
    "a deal's wild limit below nothing": ({"deals": [{"cards": 7, "contract": [], "contract_wilds": -1}]}, "deals", ("deals", 1, "contract_wilds"), '"deals", deal 1: "contract_wilds" must be null or a whole number from 0 to 14'),
    "buys below nothing": ({"buys": {"per_deal": -1}}, "buys", ("buys", "per_deal"), '"buys": "per_deal" must be null or a whole number from 0 to 99'),
    "buys of another kind": ({"buys": {"each": 3}}, "buys", ("buys", "each"), '"buys": "each" is not read here; the keys are "per_deal", "last_deal" and "per_game"'),
    "a bonus without a name": ({"bonuses": [{"name": " ", "points": 5}]}, "bonuses", ("bonuses", 1, "name"), '"bonuses", bonus 1: "name" must not be empty'),
    "a bonus named twice": ({"bonuses": [{"name": "cut", "points": 5}, {"name": "Cut", "points": 9}]}, "bonuses", ("bonuses", 2, "name"), '"bonuses", bonus 2: "name" names "Cut" twice; give each bonus its own name'),
    "a bonus too large": ({"bonuses": [{"name": "cut", "points": 2000}]}, "bonuses", ("bonuses", 1, "points"), '"bonuses", bonus 1: "points" must be a whole number from -1000 to 1000'),
    "not an object": (["run_min", 3], "", ("",), "house rules must be an object of changes"),
}  # fmt: skip


@pytest.mark.parametrize(("house", "key", "path", "sentence"), MALFORMED.values(), ids=MALFORMED)
def test_a_document_the_referee_cannot_read_is_refused_naming_the_key(
    house, key, path, sentence
):  # R71
    with pytest.raises(HouseRulesError) as raised:
        get_ruleset("push", house=house)
    assert refusal(raised.value) == sentence
    assert (raised.value.key, raised.value.path) == (key, path)
    assert not isinstance(raised.value, GameRuleError)  # the API answers it 400
    assert isinstance(raised.value, RulesError)


def test_a_document_is_read_whole_before_anything_is_played():  # R71: the 400 comes first
    with pytest.raises(HouseRulesError):
        get_ruleset("push", house={"deals": [], "run_min": 9})


# --- The rules given back (R68, docs/api.md) ---------------------------------------------------


def every_table():
    """Every preset with every combination of its options."""
    for variant in VARIANTS.values():
        names = list(variant.defaults)
        for chosen in itertools.product([False, True], repeat=len(names)):
            yield variant.id, dict(zip(names, chosen, strict=True))


@pytest.mark.parametrize(("variant", "options"), list(every_table()))
def test_a_games_rules_given_back_whole_or_in_part_are_the_same_rules(variant, options):  # R68
    rules = get_ruleset(variant, options)
    house = json.loads(json.dumps(house_rules_of(rules)))  # as a client sends it back
    assert set(house) >= R68_KEYS
    assert apply_house(rules, house) == rules
    assert house_changes(rules, rules) == {}
    assert describe_house(rules, rules) == ()
    for key, value in house.items():
        changed = apply_house(rules, {key: value})  # any part may be sent back
        if key == "wild_limit" and rules.set_min_natural:
            assert changed.set_min_natural == 0  # R70: a house limit replaces the game's
        else:
            assert changed == rules, key


def test_the_rules_of_a_game_in_the_shape_the_api_takes():  # R68, docs/api.md
    house = house_rules_of(get_ruleset("caribbean-kalooki"))
    assert house["deals"][1] == {
        "cards": 10,
        "contract": [
            {"kind": "set", "min": 3, "exact": False, "no_wild": False, "distinct_suits": False},
            {"kind": "set", "min": 3, "exact": False, "no_wild": False, "distinct_suits": False},
            {"kind": "run", "min": 4, "exact": False, "no_wild": False, "distinct_suits": False},
        ],
        "whole_hand": None,
    }
    assert house["pack"] == [{"players": [3, 6], "decks": 2, "jokers": 4}]
    assert house["values"]["AH"] == 1
    assert (house["ace"], house["wild_limit"], house["set_min_natural"]) == ("both_ends", "any", 2)
    assert house["buys"] == {"per_deal": None, "last_deal": None, "per_game": None}
    assert house_rules_of(get_ruleset("shanghai"))["wild_limit_by_size"][0] == {
        "kind": "set", "size": 3, "most": 1
    }  # fmt: skip


def test_a_pack_for_every_table_is_one_row():  # R68
    rules = get_ruleset("jo", house={"pack": {"decks": 2, "jokers": 2}})
    assert [rules.pack(n) for n in (3, 8)] == [rules.pack(3)] * 2
    assert rules.pack(8).decks == 2 and rules.pack(8).jokers == 2


def test_an_empty_document_is_the_book():
    assert get_ruleset("loba", house={}) == get_ruleset("loba")


# --- In words (R73) ---------------------------------------------------------------------

#: (variant, house, what the sheet and the form say)
DESCRIBED = {
    "grandma's liverpool": ("contract-rummy", {"run_min": 3, "ace": "around", "values": {"JK": 25}}, ("Sequences of three or more", "An ace may turn the corner: Q K A 2", "Jokers are worth 25")),
    "a limit in place of the game's": ("caribbean-kalooki", {"wild_limit": "one"}, ("A meld holds at most one wild card", 'A group may hold fewer than two natural cards')),
    "2s natural, their value said with them": ("shanghai", {"twos": "natural"}, ("2s are natural cards",)),
    "contract melds at least, not every deal again": ("contract-rummy", {"contract_sizes": "at_least", "contract_runs_gap": 2}, ("Contract melds may be longer than their size", "Two contract sequences of one suit need two cards between them")),
    "deals of the table's own": ("push", {"deals": [{"cards": 7, "contract": [{"kind": "run", "min": 3}]}], "players": [4, 6]}, ("One deal", "Deal 1: 7 cards, one run of three", "For 4 or 6 players")),
    "bookkeeping": ("push", {"deal_direction": "right", "buys": {"per_deal": 3}, "bonuses": [{"name": "exact cut", "points": -10}]}, ("The deal passes to the right", "Buys: 3 a deal", "Bonuses: exact cut -10")),
    "a card's own value": ("caribbean-kalooki", {"values": {"AH": 15}}, ("AH is worth 15",)),
    "the pack": ("loba", {"pack": [{"players": [2, 3], "decks": 1, "jokers": 2}, {"players": [4, 5], "decks": 2, "jokers": 4}]}, ("Pack: 2-3 players one deck and two jokers; 4-5 players two decks and four jokers",)),
    "the joker exchange": ("jo", {"joker_exchange": "none"}, ("Jokers stay where they are",)),  # R79
    "jokers into the hand, in Loba": ("loba", {"joker_exchange": "to_hand"}, ("A joker's own card takes its place, and the joker goes into the player's hand",)),  # R79
}  # fmt: skip


@pytest.mark.parametrize(("variant", "house", "said"), DESCRIBED.values(), ids=DESCRIBED)
def test_each_change_is_said_in_words(variant, house, said):  # R73
    book = get_ruleset(variant)
    table = get_ruleset(variant, house=house)
    assert describe_house(book, table) == said
    assert apply_house(book, house_changes(book, table)) == table


def test_the_rules_card_lists_the_new_limits():  # R70
    rules = get_ruleset("push", house={"wild_limit": "no_more_than_natural"})
    assert "A meld holds no more wild cards than natural cards." in wild_limit_lines(
        ENGLISH, rules
    )
    assert rules.wild_limit is WildLimit.NO_MORE_THAN_NATURAL
    assert get_ruleset("push", house={"ace": "around"}).ace is Ace.AROUND
