"""The Contract Rummy family, game by game, as docs/rules.md reads its rule texts
(R41-R64, docs/rules.md#R41): deals and contracts, packs, meld rules and wild limits, values, and a
sheet over a whole game to the winner."""

import re

import pytest

from referee.rules import (
    VARIANTS,
    GameRuleError,
    PackError,
    RulesError,
    check_contract,
    extend_meld,
    get_ruleset,
    parse_cards,
    read_meld,
    score_hand,
)
from referee.rules.scoring import Sheet, Table, score_deal
from referee.rules.words import describe_contract

from .brute_family import brute_readings
from .notation import refused, said, short

FAMILY = [
    "contract-rummy", "jo", "progressive", "king-rummy", "shanghai", "loba", "carioca",
    "sa-kaluki", "caribbean-kalooki", "russian", "telefunken", "farmers",
]  # fmt: skip


def test_the_family_follows_the_push_family_in_r41s_order():  # R41
    assert list(VARIANTS) == ["push", "push-solo", "cap-it", "shove-it", *FAMILY]
    for variant in FAMILY:
        rules = get_ruleset(variant)
        assert rules.variant == variant
        assert not rules.partnerships  # R41: each for themself
        assert rules.seats_by_side(max(rules.players)) == [[s] for s in range(max(rules.players))]


def test_only_contract_rummy_offers_twos_wild():  # R41, R46
    assert dict(VARIANTS["contract-rummy"].defaults) == {"twos_wild": False}
    assert all(not VARIANTS[v].defaults for v in FAMILY[1:])
    with refused(RulesError, '"twos_wild" is not an option of Jo'):
        get_ruleset("jo", {"twos_wild": True})


# --- Deals and contracts (R47, R57, R58) ------------------------------------------------

DEALS = {
    "contract-rummy": ([10, 10, 10, 10, 12, 12, 12], 7, "three sequences of four or more"),
    "jo": ([10, 10, 10, 10, 12, 12, 12], 1, "two groups of exactly three"),
    "progressive": ([6, 7, 8, 9, 10, 11, 12], 2, "one group of exactly three and one sequence of exactly four"),
    "king-rummy": ([10] * 4, 4, "two groups of three and one sequence of four"),
    "shanghai": ([11] * 10, 8, "one group of exactly three and one sequence of exactly ten"),
    "loba": ([11] * 6, 6, "one trio of exactly three and two escaleras of exactly four"),
    "carioca": ([11] * 6 + [12], 7, "three escaleras of exactly four"),
    "sa-kaluki": ([13] * 7, 4, "one run of exactly three and one group of exactly three"),
    "caribbean-kalooki": ([9, 10, 11, 12, 12, 13, 14, 15, 16], 7, 'two "threes" and two "fours"'),
    "russian": ([13] * 5, 5, "one set of three and two sequences of four"),
    "telefunken": ([11] * 7, 7, "one set of exactly three and one sequidilla of seven or more"),
    "farmers": ([11] * 8, 1, "one set of exactly three with no wild card"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "dealt", "deal", "contract"), [(v, *d) for v, d in DEALS.items()]
)
def test_each_games_deals_and_one_contract_in_its_own_words(
    variant, dealt, deal, contract
):  # R42, R57
    rules = get_ruleset(variant)
    assert [d.cards for d in rules.deals] == dealt
    assert describe_contract(rules.deal(deal).contract, rules.words) == contract


@pytest.mark.parametrize(
    ("variant", "exact", "more_melds"),
    [
        ("contract-rummy", True, False), ("jo", True, False), ("progressive", True, False),
        ("shanghai", True, False), ("loba", True, False), ("carioca", True, False),
        ("sa-kaluki", True, False), ("king-rummy", False, False), ("russian", False, True),
        ("caribbean-kalooki", False, True), ("telefunken", True, True), ("farmers", True, True),
    ],
)  # fmt: skip
def test_contract_sizes_and_more_melds(variant, exact, more_melds):  # R47
    rules = get_ruleset(variant)
    assert rules.more_melds is more_melds
    first = rules.deals[1] if not rules.deals[0].contract else rules.deals[0]
    assert all(part.exact is exact for part in first.contract)
    # The game's sizes are its parts' own: every part but one said "or more" aloud.
    parts = [part for deal in rules.deals for part in deal.contract if not part.or_more]
    assert all(part.exact is exact for part in parts)


def test_the_parts_that_are_not_exact_in_an_exact_game():  # R47
    for variant in ("contract-rummy", "jo", "progressive"):
        assert [p.exact for p in get_ruleset(variant).deal(7).contract] == [False] * 3
    telefunken = get_ruleset("telefunken").deal(7).contract
    assert [(p.kind, p.min, p.exact) for p in telefunken] == [("set", 3, True), ("run", 7, False)]


@pytest.mark.parametrize(
    ("variant", "deal", "whole_hand"),
    [("sa-kaluki", 1, {"at_least": 13}), ("telefunken", 7, {"at_least": 11}),
     ("king-rummy", 4, {"exactly": 10}), ("contract-rummy", 7, None), ("loba", 1, None)],
)  # fmt: skip
def test_whole_hand_deals(variant, deal, whole_hand):  # R58
    rule = get_ruleset(variant).deal(deal)
    assert (rule.whole_hand and rule.whole_hand.as_dict()) == whole_hand


def test_a_deal_past_the_last_names_the_games_deals():
    with refused(RulesError, "Shanghai has ten deals: deal must be 1 to 10; 11 is not a deal"):
        get_ruleset("shanghai").deal(11)


# --- Packs and players (R49) ---------------------------------------------------------------

PACKS = [
    ("contract-rummy", 3, (2, 1)), ("contract-rummy", 5, (3, 2)), ("shanghai", 8, (3, 2)),
    ("jo", 3, (2, 2)), ("jo", 5, (3, 4)), ("jo", 8, (4, 7)), ("king-rummy", 4, (2, 4)),
    ("loba", 2, (2, 4)), ("russian", 2, (1, 2)), ("russian", 7, (4, 8)),
    ("farmers", 4, (2, 4)), ("farmers", 6, (3, 6)), ("caribbean-kalooki", 6, (2, 4)),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "players", "pack"), PACKS)
def test_the_pack_by_players(variant, players, pack):  # R49
    got = get_ruleset(variant).pack(players)
    assert (got.decks, got.jokers) == pack


@pytest.mark.parametrize(
    ("variant", "cards", "players", "error"),
    [
        ("contract-rummy", "JK JK", 4, "two jokers here, but the pack of two decks and one joker (105 cards)"),
        ("jo", "JK JK JK", 3, "three jokers here"),
        ("russian", "7H 7H", None, "two 7H here, but the pack of one deck (54 cards) holds only one"),
    ],
)  # fmt: skip
def test_more_copies_than_the_pack_holds(variant, cards, players, error):  # R49
    with refused(PackError, re.escape(error)):
        read_meld(parse_cards(cards), get_ruleset(variant), players=players)


def test_jokers_grow_with_the_players_in_jo():  # R49
    assert read_meld(parse_cards("JK JK JK 7H"), get_ruleset("jo"), players=4).legal


@pytest.mark.parametrize(
    ("variant", "players", "error"),
    [("jo", 2, "Jo is for 3 to 8 players, not 2"), ("king-rummy", 5, "King Rummy is for 4 players, not 5"),
     ("loba", 6, "Loba is for 2 to 5 players, not 6"), ("farmers", 3, "Farmer's Rummy is for 4 to 8 players, not 3")],
)  # fmt: skip
def test_players_each_game_allows(variant, players, error):  # R49
    with refused(GameRuleError, error):
        get_ruleset(variant).check_players(players)


@pytest.mark.parametrize(("variant", "players"), [("jo", 2), ("push", 5), ("shove-it", 5)])
def test_a_table_asked_at_that_the_game_is_not_for_is_input_out_of_range(variant, players):  # R49
    """A question's table (the rules paths' ``players``) is a field out of range, not a
    rule of the game broken: a plain RulesError, which the API answers 400."""
    with pytest.raises(RulesError) as raised:
        get_ruleset(variant, players=players)
    assert type(raised.value) is RulesError
    assert raised.value.reason.code == "players_not_allowed"
    assert get_ruleset(variant, players=max(get_ruleset(variant).players)).name


# --- Melds: R43-R56, without a deal ----------------------------------------------------------

MELDS = {
    "groups_repeat_suits": ("contract-rummy", "8C 8C 8H 8H 8S", ["set 8"]),  # R43
    "sa_kaluki_groups_are_of_different_suits": ("sa-kaluki", "8C 8C 8H", []),  # R43
    "sequences_are_four_or_more": ("contract-rummy", "5S 6S 7S", []),  # R44
    "sa_kaluki_runs_of_three": ("sa-kaluki", "5S 6S 7S", ["run S 5-7"]),  # R44
    "telefunken_sequidillas_of_three": ("telefunken", "5S 6S 7S", ["run S 5-7"]),  # R44
    "farmers_has_no_runs": ("farmers", "5S 6S 7S 8S", []),  # R44
    "ace_to_ace": ("contract-rummy", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", ["run S A-A"]),  # R45
    "ace_to_ace_in_caribbean": ("caribbean-kalooki", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", ["run S A-A"]),  # R45
    "no_ace_to_ace_in_loba": ("loba", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", []),  # R45
    "shanghai_ace_high": ("shanghai", "JS QS KS AS", ["run S J-A"]),  # R45
    "shanghai_no_ace_low": ("shanghai", "AS 3S 4S 5S", []),  # R45
    "a_2_is_natural_where_2s_are_not_wild": ("contract-rummy", "2S 2H 2D", ["set 2"]),  # R46, R50
    "a_2_of_its_suit_stands_for_itself": ("shanghai", "2S 3S 4S 5S", ["run S 2-5", "run S 3-6"]),  # R46
    "shanghai_one_wild_in_a_group": ("shanghai", "7S 7H JK 2C", []),  # R51
    "shanghai_two_wild_in_a_sequence_of_five": ("shanghai", "5S JK 7S 2C 9S", ["run S 5-9"]),  # R51
    "shanghai_a_natural_2_is_not_counted": ("shanghai", "AS 2S 3S 4S JK", []),  # R45, R51: ace high only
    "loba_any_jokers_later": ("loba", "7S JK JK 10S", ["run S 7-10"]),  # R52
    "caribbean_two_naturals_in_a_three": ("caribbean-kalooki", "7S JK JK", []),  # R54
    "caribbean_jokers_apart": ("caribbean-kalooki", "7S JK 9S JK", ["run S 6-9", "run S 7-10"]),  # R54
    "caribbean_no_neighbouring_jokers": ("caribbean-kalooki", "7S JK JK 10S", []),  # R54
    "telefunken_one_joker": ("telefunken", "7S JK JK", []),  # R55
    "farmers_more_naturals": ("farmers", "7S 7H 2S", ["set 7"]),  # R56
    "farmers_not_as_many_wild": ("farmers", "7S 7H 2S JK", []),  # R56
}  # fmt: skip


@pytest.mark.parametrize(("variant", "cards", "expected"), MELDS.values(), ids=MELDS.keys())
def test_melds_of_the_family(variant, cards, expected):
    rules = get_ruleset(variant)
    verdict = read_meld(parse_cards(cards), rules, players=max(rules.players))
    assert [short(r) for r in verdict.readings] == expected, said(verdict.reasons)
    assert {
        ("set", r.rank) if r.kind == "set" else ("run", r.suit, r.low, r.high)
        for r in verdict.readings
    } == set(brute_readings(parse_cards(cards), rules))
    assert verdict.legal or said(verdict.reasons)


@pytest.mark.parametrize(
    ("variant", "cards", "reason"),
    [
        ("farmers", "5S 6S 7S 8S", "Farmer's Rummy has no runs"),  # R44
        ("contract-rummy", "5S 6S 7S", "a sequence needs four or more cards in Contract Rummy; this has three"),
        ("shanghai", "AS 3S 4S 5S", "in Shanghai an ace is high only"),  # R45
        ("shanghai", "7S 7H JK 2C", "a group of four may hold at most one wild card, and this has two"),  # R51
        ("caribbean-kalooki", "7S JK JK", 'a "three" holds at least two natural cards'),  # R54
        ("caribbean-kalooki", "7S JK JK 10S", "two wild cards may not stand for neighbouring cards"),  # R54
        ("telefunken", "7S JK JK", "a meld may hold at most one wild card, and this has two"),  # R55
        ("farmers", "7S 2S JK 7H", "a meld needs more natural cards than wild cards"),  # R56
    ],
)  # fmt: skip
def test_reasons_name_the_rule_that_failed(variant, cards, reason):
    verdict = read_meld(parse_cards(cards), get_ruleset(variant))
    assert not verdict.legal
    assert any(reason in r for r in said(verdict.reasons)), said(verdict.reasons)


# --- One meld of an initial meld (read_meld with a deal) ---------------------------------

AS_PART = {
    "loba_exact_escalera": ("loba", 2, "7S 8S 9S 10S", ["run S 7-10"], None),  # R47
    "loba_five_is_not_four": ("loba", 2, "7S 8S 9S 10S JS", [], "deal 2 of Loba needs an escalera of exactly four; this one has five"),
    "loba_one_joker_a_meld": ("loba", 2, "7S JK 9S JK", [], "each meld of the initial meld holds at most one wild card; this one holds two"),  # R52
    "shanghai_group_of_four_in_deal_3": ("shanghai", 3, "7S 7H 7D JK", ["set 7"], None),  # R51
    "telefunken_pure_trio": ("telefunken", 1, "7S 7H 7D", ["set 7"], None),  # R55
    "telefunken_no_joker_in_the_pure_trio": ("telefunken", 1, "7S 7H JK", [], "this one holds one wild card"),  # R55
    "telefunken_pure_trio_three_suits": ("telefunken", 1, "7S 7H 7H", [], "this one repeats a suit"),  # R55
    "farmers_first_set_no_wild": ("farmers", 1, "7S 7H 2D", [], "needs a set of exactly three with no wild card"),  # R56
    "farmers_later_deal_a_wild": ("farmers", 2, "7S 7H 2D", ["set 7"], None),
    "blitz_any_legal_meld": ("sa-kaluki", 1, "7S 8S 9S 10S JS", ["run S 7-J"], None),  # R58
    "a_meld_of_no_part_kind": ("loba", 3, "7S 7H 7D", [], "deal 3 of Loba needs two escaleras of exactly four; this is a trio"),
    "russian_min_sizes": ("russian", 2, "7S 8S 9S 10S JS QS", ["run S 7-Q"], None),  # R47
    "caribbean_any_size": ("caribbean-kalooki", 1, "7S 7H 7D 7C JK", ["set 7"], None),  # R47
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "deal", "cards", "expected", "reason"), AS_PART.values(), ids=AS_PART.keys()
)
def test_one_meld_judged_as_part_of_a_deals_initial_meld(variant, deal, cards, expected, reason):
    verdict = read_meld(parse_cards(cards), get_ruleset(variant), deal=deal)
    assert [short(r) for r in verdict.readings] == expected
    if reason:
        assert any(reason in r for r in said(verdict.reasons)), said(verdict.reasons)


# --- One meld put down in a game's deal (read_meld with put_down_in, R59) -----------------

#: (variant, deal, cards, readings, a reason): where no new meld follows the initial meld,
#: a meld put down is one of it; elsewhere it may be a later one, any legal meld.
PUT_DOWN_IN = {
    "contract_rummy_group_of_four_in_deal_1": ("contract-rummy", 1, "8S 8H 8D 8C", [], "deal 1 of Contract Rummy needs a group of exactly three; this one has four"),
    "contract_rummy_group_of_three_in_deal_1": ("contract-rummy", 1, "8S 8H 8D", ["set 8"], None),
    "loba_trio_in_deal_3": ("loba", 3, "7S 7H 7D", [], "deal 3 of Loba needs two escaleras of exactly four; this is a trio"),
    "shanghai_run_in_deal_1": ("shanghai", 1, "4H 5H 6H 7H", [], "deal 1 of Shanghai needs two groups of exactly three; this is a sequence"),
    "russian_group_in_deal_2": ("russian", 2, "8S 8H 8D", ["set 8"], None),
    "telefunken_trio_with_a_joker_in_deal_1": ("telefunken", 1, "7S 7H JK", ["set 7"], None),
    "caribbean_run_in_deal_1": ("caribbean-kalooki", 1, "4H 5H 6H 7H", ["run H 4-7"], None),
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "deal", "cards", "expected", "reason"),
    PUT_DOWN_IN.values(),
    ids=PUT_DOWN_IN.keys(),
)
def test_one_meld_put_down_in_a_deal_as_the_game_lets_later_melds(
    variant, deal, cards, expected, reason
):  # R59
    rules = get_ruleset(variant)
    verdict = read_meld(parse_cards(cards), rules, put_down_in=deal)
    assert [short(r) for r in verdict.readings] == expected
    assert list(said(verdict.reasons)) == ([reason] if reason else [])
    # The same verdict as the initial meld's where no new meld follows it, else a
    # later meld's.
    as_of = None if rules.later_melds else deal
    assert verdict == read_meld(parse_cards(cards), rules, deal=as_of)


def test_put_down_in_names_a_deal_of_the_game_and_is_not_a_deal_too():  # R59
    russian = get_ruleset("russian")
    with refused(RulesError, "Russian Rummy has five deals"):
        read_meld(parse_cards("8S 8H 8D"), russian, put_down_in=6)
    with pytest.raises(TypeError, match="deal or put_down_in"):
        read_meld(parse_cards("8S 8H 8D"), russian, deal=1, put_down_in=1)


# --- The contract: several melds (R47, R48, R53, R54, R58) --------------------------------

CONTRACTS = {
    "gap_between_runs": ("contract-rummy", 3, ["3H 4H 5H 6H", "8H 9H 10H JH"], None),  # R48
    "one_run_cut_in_two": ("contract-rummy", 3, ["3H 4H 5H 6H", "7H 8H 9H 10H"], "need at least one card between them"),  # R48
    "overlapping_runs": ("contract-rummy", 3, ["3H 4H 5H 6H", "5H 6H 7H 8H"], "have none"),  # R48
    "a_joker_read_where_the_gap_holds": ("contract-rummy", 3, ["3H 4H 5H JK", "8H 9H 10H JH"], None),  # R48: 2-5
    "a_joker_that_can_only_close_the_gap": ("king-rummy", 3, ["JK 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AH 2H 3H JK"], "have none"),  # R48
    "shanghai_needs_no_gap": ("shanghai", 7, ["3H 4H 5H 6H", "7H 8H 9H 10H", "4S 5S 6S 7S"], None),  # R48
    "loba_back_to_back": ("loba", 3, ["3H 4H 5H 6H", "7H 8H 9H 10H"], None),  # R48: R14
    "exact_no_more_melds": ("contract-rummy", 1, ["3H 3D 3C", "8H 8S 8C", "9S 9H 9C"], "the initial meld is exactly the contract's melds"),  # R47
    "exact_a_group_of_four_is_not_three": ("loba", 1, ["3H 3D 3C 3S", "8H 8S 8C"], "this one has four"),  # R47
    "min_a_group_of_four_is_three": ("king-rummy", 2, ["3H 3D 3C 3S", "8H 8S 8C", "9H 9S 9C"], None),  # R47
    "caribbean_more_melds": ("caribbean-kalooki", 1, ["3H 3D 3C", "8H 8S 8C", "9S 9H JK", "4S 5S 6S 7S"], None),  # R47
    "caribbean_two_threes_of_a_rank": ("caribbean-kalooki", 1, ["3H 3D 3C", "8H 8S 8C", "3S 3H JK"], "never lays down two"),  # R54
    "caribbean_two_fours_of_a_suit": ("caribbean-kalooki", 4, ["3H 4H 5H 6H", "8H 9H 10H JH", "4S 5S 6S 7S"], "both hearts"),  # R54
    "sa_kaluki_one_joker_in_all": ("sa-kaluki", 4, ["3H 4H JK", "8H 8S JK"], "at most one wild card in the whole initial meld"),  # R53
    "sa_kaluki_blitz_whole_hand": ("sa-kaluki", 1, ["3H 4H 5H 6H 7H", "8H 8S 8C", "9S 9H 9C", "JD QD KD"], None),  # R58
    "sa_kaluki_blitz_short": ("sa-kaluki", 1, ["3H 4H 5H", "8H 8S 8C"], "met only by melding the whole hand, at least 13 cards"),  # R58
    "king_rummy_exactly_ten": ("king-rummy", 4, ["3H 3D 3C", "8H 8S 8C", "4S 5S 6S 7S 8S 9S"], "exactly 10 cards"),  # R58
    "king_rummy_ten": ("king-rummy", 4, ["3H 3D 3C", "8H 8S 8C", "4S 5S 6S 7S"], None),  # R58
    "telefunken_seven_or_more": ("telefunken", 7, ["3H 3D 3C", "4S 5S 6S 7S 8S 9S 10S JS"], None),  # R47, R58
    "telefunken_whole_hand": ("telefunken", 7, ["3H 3D 3C", "4S 5S 6S 7S 8S 9S 10S"], "at least 11 cards"),  # R58
    "contract_rummy_deal_7_longer_runs": ("contract-rummy", 7, ["3H 4H 5H 6H 7H", "9H 10H JH QH", "4S 5S 6S 7S"], None),  # R47
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "deal", "melds", "reason"), CONTRACTS.values(), ids=CONTRACTS.keys()
)
def test_initial_melds_of_the_family(variant, deal, melds, reason):
    rules = get_ruleset(variant)
    verdict = check_contract(
        [(parse_cards(m), None) for m in melds], rules, deal, max(rules.players)
    )
    if reason is None:
        assert verdict.met, said(verdict.reasons)
        assert len(verdict.matched) == len(verdict.deal.contract)
    else:
        assert not verdict.met
        assert any(reason in r for r in said(verdict.reasons)), said(verdict.reasons)


def test_the_readings_chosen_meet_the_gap():  # R48: some choice of readings
    verdict = check_contract(
        [(parse_cards(m), None) for m in ["3H 4H 5H JK", "8H 9H 10H JH"]],
        get_ruleset("contract-rummy"),
        3,
    )
    assert [short(r) for _, r in verdict.matched] == ["run H 2-5", "run H 8-J"]


def test_further_melds_are_named_apart_from_the_contract():  # R47
    melds = ["3H 3D 3C", "8H 8S 8C", "9S 9H JK", "4S 5S 6S 7S"]
    verdict = check_contract(
        [(parse_cards(m), None) for m in melds], get_ruleset("caribbean-kalooki"), 1
    )
    assert sorted(i for i, _ in verdict.further) == [3]


# --- Laying off (R51-R56) ---------------------------------------------------------------

LAY_OFFS = {
    "caribbean_upward": ("caribbean-kalooki", "7S 8S 9S 10S", "JS", ["run S 7-J"], None),  # R54
    "caribbean_not_below": ("caribbean-kalooki", "7S 8S 9S 10S", "6S", [], "only above its top card"),  # R54
    "caribbean_below_an_ace_top": ("caribbean-kalooki", "JS QS KS AS", "10S", ["run S 10-A"], None),  # R54
    "caribbean_an_ace_then_below": ("caribbean-kalooki", "10S JS QS KS", "AS 9S", ["run S 9-A"], None),  # R54
    "sa_kaluki_group_of_four_closed": ("sa-kaluki", "7S 7H 7D 7C", "JK", [], "closed"),  # R53
    "sa_kaluki_run_of_four_grows": ("sa-kaluki", "7S 8S 9S 10S", "JS", ["run S 7-J"], None),  # R53
    "farmers_no_wild_laid_off": ("farmers", "7S 7H 7D", "2C", [], "a wild card is never laid off"),  # R56
    "farmers_natural_laid_off": ("farmers", "7S 7H 7D", "7C", ["set 7"], None),
    "shanghai_lay_offs_not_limited": ("shanghai", "7S 8S 9S JK", "JK 2C", ["run S 4-9", "run S 5-10", "run S 6-J", "run S 7-Q"], None),  # R51
    "loba_jokers_by_lay_off": ("loba", "7S 8S 9S JK", "JK JK", ["run S 4-9", "run S 5-10", "run S 6-J", "run S 7-Q"], None),  # R52
    "telefunken_still_one_joker": ("telefunken", "7S 8S 9S JK", "JK", [], "at most one wild card"),  # R55
    "contract_rummy_to_the_ace_at_each_end": ("contract-rummy", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "AS", ["run S A-A"], None),  # R45
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "meld", "add", "expected", "reason"), LAY_OFFS.values(), ids=LAY_OFFS.keys()
)
def test_laying_off_in_the_family(variant, meld, add, expected, reason):
    rules = get_ruleset(variant)
    verdict = extend_meld(parse_cards(meld), parse_cards(add), rules, players=max(rules.players))
    assert [short(r) for r in verdict.readings] == expected, said(verdict.reasons)
    if reason:
        assert any(reason in r for r in said(verdict.reasons)), said(verdict.reasons)


# --- Card values (R60) -------------------------------------------------------------------

VALUES = {
    "contract-rummy": {"AS": 15, "JK": 15, "KD": 10, "2C": 2, "9H": 9},
    "jo": {"AS": 15, "JK": 15, "QD": 10, "7C": 7},
    "progressive": {"JK": 25, "AS": 15, "5C": 5},
    "king-rummy": {"JK": 25, "AS": 15, "JD": 10, "3C": 3},
    "shanghai": {"JK": 20, "2C": 20, "AS": 15, "KS": 10, "8H": 8},
    "loba": {"10S": 10, "JS": 11, "QS": 12, "KS": 13, "AS": 14, "JK": 25},
    "carioca": {"9S": 9, "JS": 10, "AS": 20, "JK": 50},
    "sa-kaluki": {"9S": 9, "KS": 10, "AS": 11, "JK": 25},
    "caribbean-kalooki": {"AH": 1, "AD": 1, "AS": 15, "AC": 15, "5C": 5, "QS": 10, "JK": 50},
    "russian": {"JK": 25, "AS": 15, "KS": 10, "2C": 5, "10H": 5},
    "telefunken": {"JK": 15, "AS": 11, "QS": 10, "4D": 4},
    "farmers": {"JK": 50, "2C": 20, "AS": 20, "8S": 10, "7S": 5},
}


@pytest.mark.parametrize(("variant", "values"), VALUES.items())
def test_card_values_card_by_card(variant, values):  # R60
    score = score_hand(
        parse_cards(list(values)), get_ruleset(variant), max(get_ruleset(variant).players)
    )
    assert {str(card): points for card, points in score.cards} == values


def test_twos_wild_makes_a_2_wild_in_contract_rummy():  # R46
    rules = get_ruleset("contract-rummy", {"twos_wild": True})
    assert [short(r) for r in read_meld(parse_cards("7S 7H 2D"), rules).readings] == ["set 7"]
    assert not read_meld(parse_cards("7S 7H 2D"), get_ruleset("contract-rummy")).legal


def test_twos_wild_scores_a_2_as_a_joker():  # R60
    assert (
        score_hand(parse_cards("2C 2D"), get_ruleset("contract-rummy", {"twos_wild": True})).points
        == 30
    )


# --- Deals and the sheet (R61-R64) ------------------------------------------------------------


def test_jo_the_one_who_went_out_takes_the_others_hands():  # R62
    table = Table.seat(get_ruleset("jo"), ["Ann", "Bob", "Cat"])
    deal = score_deal(table, 1, "Ann", {"Bob": parse_cards("AS KD"), "Cat": parse_cards("JK")})
    assert deal.sides == {"Ann": 40, "Bob": 0, "Cat": 0}


def test_a_bent_table_doubles_the_deal():  # R63
    table = Table.seat(get_ruleset("caribbean-kalooki"), ["Ann", "Bob", "Cat"])
    deal = score_deal(table, 1, "Ann", {"Bob": parse_cards("AS AH"), "Cat": 10}, bent_table=True)
    assert deal.sides == {"Ann": 0, "Bob": 32, "Cat": 20}
    assert deal.bent_table


def test_only_a_game_with_the_rule_bends_the_table():  # R63
    table = Table.seat(get_ruleset("russian"), ["Ann", "Bob"])
    with refused(RulesError, "Russian Rummy has no bent table"):
        score_deal(table, 1, "Ann", {"Bob": 10}, bent_table=True)


@pytest.mark.parametrize("variant", FAMILY)
def test_the_family_refuses_a_deal_nobody_went_out_of(variant):  # R64
    rules = get_ruleset(variant)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][: min(rules.players)]
    table = Table.seat(rules, names)
    with refused(GameRuleError, "a deal ends only when someone goes out"):
        score_deal(table, 1, None, dict.fromkeys(names, 0))


@pytest.mark.parametrize(
    ("variant", "out_order", "winners"),
    [
        ("shanghai", ["Ann", "Bob", "Cat"] * 3 + ["Ann"], ["Ann"]),  # R61: lowest wins
        ("jo", ["Ann", "Bob", "Cat", "Ann", "Bob", "Cat", "Ann"], ["Ann"]),  # R62: highest wins
        (
            "caribbean-kalooki",
            ["Bob", "Cat", "Ann"] * 3,
            ["Ann", "Bob", "Cat"],
        ),  # R32: a tie shares
    ],
)
def test_a_whole_game_to_the_winner(variant, out_order, winners):
    table = Table.seat(get_ruleset(variant), ["Ann", "Bob", "Cat"])
    deals = []
    sheet = Sheet(table, ())
    for out in out_order:
        number = sheet.next_deal()
        deals.append(score_deal(table, number, out, {p: 10 for p in table.players if p != out}))
        sheet = Sheet(table, tuple(deals))
    assert sheet.finished and len(sheet.deals) == len(table.rules.deals)
    assert sheet.winners == winners
    with refused(GameRuleError, "the game is over"):
        sheet.next_deal()
