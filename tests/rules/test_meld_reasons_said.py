"""Every reason a meld, a lay-off, a rescue, a contract or a hand can be refused for
has words: each code the rules core gives renders, in English word for word as the
referee said it before reasons were data, and in every language the package has.
A new reason without words, or without an example here, fails."""

import re
from pathlib import Path

import pytest

from referee.rules import (
    Card,
    Declaration,
    RunReading,
    SetReading,
    get_ruleset,
    parse_cards,
    read_meld,
)
from referee.rules.contracts import check_contract
from referee.rules.melds import extend_meld
from referee.rules.reasons import Reason
from referee.rules.rescue import rescue
from referee.rules.ruleset import ContractPart, MeldWords
from referee.rules.words import CATALOGS, ENGLISH, reason_codes, words_in

from .notation import said

C = Card.parse
LOBA = MeldWords("trio", "trios", "escalera", "escaleras")
PLAIN = MeldWords()
SIXES = SetReading(6)
HEARTS = RunReading("H", 6, 8, (C("6H"), C("JK"), C("8H")))
RUN4 = ContractPart("run", 4)
ESCALERA4 = ContractPart("run", 4, exact=True)
TWO_RUNS = (RUN4, RUN4)
NEEDS = {"deal": 3, "contract": TWO_RUNS, "words": PLAIN}
PART = {"deal": 2, "game": "Loba", "part": ESCALERA4, "words": LOBA}
TOO_MANY = Reason.of("too_many_wild_cards", game="Push", kind="set", natural=1, wild=2)

#: id: the reason, as the core gives it
EXAMPLES = {
    "meld_too_short": Reason.of("meld_too_short", size=2),
    "too_many_wild_cards": TOO_MANY,
    "more_wild_than_natural": Reason.of("more_wild_than_natural", kind="run", natural=1, wild=2),
    "too_few_natural_cards": Reason.of("too_few_natural_cards", least=2, kind="set", natural=1),
    "wild_cards_over_limit": Reason.of(
        "wild_cards_over_limit", game="Contract Rummy", most=1, wild=2
    ),
    "wild_cards_over_limit_none": Reason.of("wild_cards_over_limit", game="Jo", most=0, wild=1),
    "wild_cards_over_limit_by_size": Reason.of(
        "wild_cards_over_limit",
        game="Shanghai",
        most=1,
        wild=2,
        words=MeldWords("group", "groups", "sequence", "sequences"),
        kind="set",
        size=3,
    ),
    "wild_cards_over_limit_by_size_none": Reason.of(
        "wild_cards_over_limit", game="Loba", most=0, wild=1, words=LOBA, kind="run", size=3
    ),
    "set_too_few_natural_cards": Reason.of(
        "set_too_few_natural_cards", words=LOBA, least=2, game="Telefunken", natural=1
    ),
    "wild_cards_side_by_side": Reason.of("wild_cards_side_by_side", game="Telefunken", words=LOBA),
    "card_not_of_set_rank": Reason.of("card_not_of_set_rank", card=C("7H"), rank=6),
    "set_ranks_differ": Reason.of("set_ranks_differ", first=C("8C"), other=C("9S")),
    "set_repeats_suit": Reason.of("set_repeats_suit", suit="C"),
    "set_too_long": Reason.of("set_too_long", size=5),
    "no_runs": Reason.of("no_runs", game="Farmer's Rummy"),
    "card_not_of_run_suit": Reason.of("card_not_of_run_suit", card=C("9D"), suit="H"),
    "run_suits_differ": Reason.of("run_suits_differ", first=C("4H"), other=C("5S")),
    "run_too_short": Reason.of(
        "run_too_short", words=LOBA, least=4, game="Carioca", size=3, laid_off=False
    ),
    "run_too_short_laid_off": Reason.of(
        "run_too_short", words=PLAIN, least=4, game="Shanghai", size=3, laid_off=True
    ),
    "run_too_long": Reason.of("run_too_long", most=13, size=14, laid_off=False),
    "run_too_long_ace_to_ace": Reason.of("run_too_long", most=14, size=15, laid_off=True),
    "ace_high_only": Reason.of("ace_high_only", game="Shanghai"),
    "run_repeats_ace": Reason.of("run_repeats_ace", ace="low_or_high"),
    "run_repeats_ace_both_ends": Reason.of("run_repeats_ace", ace="both_ends"),
    "run_repeats_ace_around": Reason.of("run_repeats_ace", ace="around"),
    "run_has_its_ace": Reason.of(
        "run_has_its_ace", reading=RunReading("S", 1, 3, (C("AS"), C("2S"), C("3S")))
    ),
    "run_repeats_card": Reason.of("run_repeats_card", card=C("7H")),
    "run_place_filled": Reason.of("run_place_filled", card=C("7H"), reading=HEARTS),
    "run_wraps_round_ace": Reason.of("run_wraps_round_ace", ranks=(13, 1, 2, 3)),
    "run_wraps_round_ace_long": Reason.of(
        "run_wraps_round_ace", ranks=(10, 11, 12, 13, 1, 2, 3, 4)
    ),
    "card_too_far_from_run": Reason.of(
        "card_too_far_from_run", card="KH", reading=HEARTS, need=8, size=4, around=False
    ),
    "card_too_far_from_run_around": Reason.of(
        "card_too_far_from_run", card="KH", reading=HEARTS, need=8, size=4, around=True
    ),
    "cards_too_far_apart": Reason.of(
        "cards_too_far_apart", low="4H", high="9H", need=6, size=3, around=False
    ),
    "cards_too_far_apart_around": Reason.of(
        "cards_too_far_apart", low="4H", high="9H", need=6, size=3, around=True
    ),
    "card_too_far_from_run_missing": Reason.of(
        "card_too_far_from_run",
        card="10H",
        reading=HEARTS,
        need=5,
        size=4,
        around=False,
        missing=("9H",),
    ),
    "cards_too_far_apart_missing": Reason.of(
        "cards_too_far_apart",
        low="4H",
        high="7H",
        need=4,
        size=2,
        around=False,
        missing=("5H", "6H"),
    ),
    "not_as_declared": Reason.of(
        "not_as_declared",
        cards=(C("6D"), C("2S"), C("JK")),
        declared=Declaration("run", suit="D", low=5),
        readings=(SIXES, RunReading("D", 4, 6, (C("2S"), C("JK"), C("6D")))),
        more=0,
    ),
    "not_as_declared_more": Reason.of(
        "not_as_declared",
        cards=(C("JK"), C("JK"), C("JK")),
        declared=Declaration("set"),
        readings=(HEARTS,),
        more=3,
    ),
    "part_other_kind": Reason.of("part_other_kind", **PART, kind="set"),
    "part_other_size": Reason.of("part_other_size", **PART, size=5),
    "part_holds_wild_card": Reason.of("part_holds_wild_card", **PART, wild=1),
    "part_repeats_suit": Reason.of("part_repeats_suit", **PART),
    "initial_meld_wild_cards_per_meld": Reason.of(
        "initial_meld_wild_cards_per_meld", game="Jo", most=1, wild=2
    ),
    "initial_meld_wild_cards": Reason.of(
        "initial_meld_wild_cards", deal=1, game="Jo", most=1, wild=2, alone=True
    ),
    "initial_meld_wild_cards_together": Reason.of(
        "initial_meld_wild_cards", deal=1, game="Jo", most=2, wild=3, alone=False
    ),
    "contract_other_kind": Reason.of(
        "contract_other_kind", deal=2, game="Loba", contract=(ESCALERA4,), words=LOBA, kind="set"
    ),
    "meld_on_table_not_legal": Reason.of("meld_on_table_not_legal", why=TOO_MANY),
    "nothing_laid_off": Reason.of("nothing_laid_off"),
    "wild_card_never_laid_off": Reason.of(
        "wild_card_never_laid_off", game="Carioca", card=C("JK")
    ),
    "meld_closed": Reason.of("meld_closed", words=LOBA, kind="set", game="Jo", then="lay_off"),
    "meld_closed_run_joker": Reason.of(
        "meld_closed", words=LOBA, kind="run", game="Jo", then="joker"
    ),
    "lay_off_upward_only": Reason.of("lay_off_upward_only", game="Telefunken", words=LOBA),
    "lay_off_fits_no_run": Reason.of(
        "lay_off_fits_no_run", cards=(C("4H"), C("10H")), meld=(C("JK"), C("JK"), C("2C"))
    ),
    "exchange_rule": Reason.of(
        "exchange_rule",
        game="Loba",
        exchange="move",
        words=LOBA,
        to_hand=False,
        twos_wild=False,
        runs_allowed=True,
    ),
    "wild_card_comes_out": Reason.of("wild_card_comes_out", cards=(C("2S"), C("JK")), goes="meld"),
    "joker_moves": Reason.of(
        "joker_moves",
        cards=(C("JK"),),
        ends=("bottom", "top"),
        words=LOBA,
        to=(C("8C"), C("KC")),
        once=False,
    ),
    "rescue_with_joker": Reason.of("rescue_with_joker"),
    "meld_has_no_wild_card": Reason.of("meld_has_no_wild_card", two=C("2H")),
    "meld_has_no_wild_card_read": Reason.of("meld_has_no_wild_card", reading=HEARTS, two=None),
    "more_ways_to_read": Reason.of("more_ways_to_read", count=3),
    "card_stands_for_no_wild_card": Reason.of("card_stands_for_no_wild_card", card=C("7H")),
    "only_jokers_taken": Reason.of("only_jokers_taken", game="Contract Rummy", cards=(C("2C"),)),
    "set_joker_stays": Reason.of("set_joker_stays", game="Loba", words=LOBA),
    "given_cards_share_suit": Reason.of(
        "given_cards_share_suit", reading=SetReading(8), cards=(C("8H"), C("8H"))
    ),
    "meld_would_not_be_legal": Reason.of(
        "meld_would_not_be_legal", why=TOO_MANY, cards=(C("8H"), C("8S")), card=None
    ),
    "meld_would_not_be_legal_in_place": Reason.of(
        "meld_would_not_be_legal", why=None, cards=None, card=C("8H")
    ),
    "two_cards_take_set_joker": Reason.of(
        "two_cards_take_set_joker", game="Telefunken", reading=SIXES, card=C("6H")
    ),
    "one_card_takes_wild_place": Reason.of("one_card_takes_wild_place", reading=SIXES, count=2),
    "one_card_takes_run_joker": Reason.of(
        "one_card_takes_run_joker", words=LOBA, cards=(C("QC"), C("KC"))
    ),
    "middle_joker_stays": Reason.of("middle_joker_stays", game="Loba", words=LOBA),
    "joker_cannot_move": Reason.of("joker_cannot_move", joker=C("JK"), top=True, words=LOBA),
    "joker_cannot_move_beside": Reason.of(
        "joker_cannot_move",
        joker=C("JK"),
        top=False,
        words=LOBA,
        beside=C("2C"),
        game="Telefunken",
    ),
    "joker_cannot_move_not_legal": Reason.of(
        "joker_cannot_move",
        joker=C("JK"),
        top=True,
        words=LOBA,
        why=Reason.of("meld_would_not_be_legal", why=None, cards=None, card=None),
    ),
    "wild_cards_stand_for": Reason.of(
        "wild_cards_stand_for", reading=HEARTS, pairs=((C("JK"), C("7H")), (C("2C"), C("9H")))
    ),
    "wild_place_takes_rank": Reason.of("wild_place_takes_rank", wild="joker", reading=SIXES),
    "set_holds_card": Reason.of(
        "set_holds_card", reading=SIXES, card=C("6C"), wild="two", free=(C("6D"), C("6S"))
    ),
    "each_refused": Reason.of(
        "each_refused", reasons=(Reason.of("rescue_with_joker"), Reason.of("nothing_laid_off"))
    ),
    "meld_not_legal": Reason.of(
        "meld_not_legal",
        number=1,
        cards=(C("8C"), C("8C"), C("8H")),
        why=Reason.of("set_repeats_suit", suit="C"),
    ),
    "meld_not_part": Reason.of(
        "meld_not_part",
        number=2,
        cards=(C("4D"), C("5D")),
        why=Reason.of("part_other_size", **PART, size=5),
    ),
    "meld_too_short_for_part": Reason.of(
        "meld_too_short_for_part",
        number=1,
        cards=(C("4H"), C("5H"), C("6H")),
        kind="run",
        size=3,
        part=RUN4,
        words=PLAIN,
    ),
    "no_melds_given": Reason.of("no_melds_given", **NEEDS),
    "initial_meld_exactly_contract": Reason.of(
        "initial_meld_exactly_contract", game="Jo", **NEEDS, given=1
    ),
    "initial_meld_exactly_contract_more": Reason.of(
        "initial_meld_exactly_contract", game="Jo", **NEEDS, given=3
    ),
    "whole_hand_needed": Reason.of(
        "whole_hand_needed", deal=7, game="Carioca", exactly=True, cards=12, held=9
    ),
    "whole_hand_needed_at_least": Reason.of(
        "whole_hand_needed", deal=7, game="Carioca", exactly=False, cards=12, held=9
    ),
    "contract_parts_share_melds": Reason.of("contract_parts_share_melds", **NEEDS, count=1),
    "contract_part_missing": Reason.of(
        "contract_part_missing", **NEEDS, short=((RUN4, 1),), one_kind=True
    ),
    "contract_part_missing_none": Reason.of(
        "contract_part_missing", **NEEDS, short=((RUN4, 0),), one_kind=True
    ),
    "contract_parts_missing": Reason.of(
        "contract_part_missing",
        deal=1,
        contract=(ContractPart("set", 3), RUN4),
        words=PLAIN,
        short=((ContractPart("set", 3), 0), (RUN4, 2)),
        one_kind=False,
    ),
    "runs_too_close": Reason.of(
        "runs_too_close",
        game="Jo",
        words=PLAIN,
        gap=1,
        first=1,
        second=2,
        one=HEARTS,
        other=RunReading("H", 9, 11, (C("9H"), C("10H"), C("JH"))),
    ),
    "runs_too_close_two": Reason.of(
        "runs_too_close",
        game="Jo",
        words=PLAIN,
        gap=2,
        first=1,
        second=2,
        one=HEARTS,
        other=RunReading("H", 10, 12, (C("10H"), C("JH"), C("QH"))),
    ),
    "sets_of_one_rank": Reason.of(
        "sets_of_one_rank", game="Telefunken", words=LOBA, first=1, second=2, rank=6
    ),
    "runs_of_one_suit": Reason.of(
        "runs_of_one_suit", game="Telefunken", words=LOBA, first=1, second=3, suit="H"
    ),
    "initial_meld_rules_clash": Reason.of("initial_meld_rules_clash", game="Telefunken"),
    "hand_too_large": Reason.of("hand_too_large", most=30, size=31),
    "search_too_long": Reason.of("search_too_long"),
    "declaration_kind_unknown": Reason.of("declaration_kind_unknown"),
    "declaration_field_not_allowed": Reason.of(
        "declaration_field_not_allowed", kind="set", field="suit"
    ),
    "declaration_field_not_allowed_run": Reason.of(
        "declaration_field_not_allowed", kind="run", field="rank"
    ),
    "no_natural_card": Reason.of("no_natural_card"),
    "too_many_natural_cards": Reason.of(
        "too_many_natural_cards", written='"8H 9H"', count=2, most=1, words=PLAIN
    ),
    "too_many_natural_cards_for_a_set": Reason.of(
        "too_many_natural_cards", written='"8H 8S 8D"', count=3, most=2, words=PLAIN
    ),
}


#: id: the reason in English, as the referee says it
SAID = {
    'meld_too_short': 'a meld needs three or more cards; this has two',
    'too_many_wild_cards': 'too many wild cards for Push: a meld needs more natural cards than wild cards, and as a set this has one natural and two wild',
    'more_wild_than_natural': 'too many wild cards: a meld holds no more wild cards than natural cards, and as a run this has one natural and two wild',
    'too_few_natural_cards': 'a meld holds at least two natural cards; as a set this has one',
    'wild_cards_over_limit': 'too many wild cards for Contract Rummy: a meld may hold at most one wild card, and this has two',
    'wild_cards_over_limit_none': 'too many wild cards for Jo: a meld may hold no wild card, and this has one',
    'wild_cards_over_limit_by_size': 'too many wild cards for Shanghai: a group of three may hold at most one wild card, and this has two',
    'wild_cards_over_limit_by_size_none': 'too many wild cards for Loba: an escalera of three may hold no wild card, and this has one',
    'set_too_few_natural_cards': 'a trio holds at least two natural cards in Telefunken; this has one',
    'wild_cards_side_by_side': 'in Telefunken two wild cards may not stand for neighbouring cards of an escalera',
    'card_not_of_set_rank': '7H does not belong in a set of sixes',
    'set_ranks_differ': 'a set needs cards of one rank: 8C and 9S differ',
    'set_repeats_suit': 'a set may not hold two clubs',
    'set_too_long': 'a set holds at most four cards, one of each suit, wild cards included; this has five',
    'no_runs': "Farmer's Rummy has no runs: its melds are sets only",
    'card_not_of_run_suit': '9D does not belong in a run of hearts',
    'run_suits_differ': 'a run needs cards of one suit: 4H and 5S differ',
    'run_too_short': 'an escalera needs four or more cards in Carioca; this has three',
    'run_too_short_laid_off': 'a run needs four or more cards in Shanghai; this would have three',
    'run_too_long': 'a run holds at most 13 cards, one of each rank; this has 14',
    'run_too_long_ace_to_ace': 'a run holds at most 14 cards, from ace to ace; this would hold 15',
    'ace_high_only': 'in Shanghai an ace is high only: it follows the king (Q-K-A) and never comes before the 2',
    'run_repeats_ace': 'a run holds at most one ace',
    'run_repeats_ace_both_ends': 'a run holds two aces only when it runs from ace to ace, 14 cards',
    'run_repeats_ace_around': 'a run holds at most one ace, even round the corner',
    'run_has_its_ace': 'a run of spades A-3 already has its ace; a run holds at most one ace',
    'run_repeats_card': 'a run may not hold two 7H',
    'run_place_filled': "the place of 7H in a run of hearts 6-8 is already filled; cards are laid off only at a run's ends",
    'run_wraps_round_ace': 'K-A-2-3 wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), never in the middle',
    'run_wraps_round_ace_long': '10-…-A-…-4 wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), never in the middle',
    'card_too_far_from_run': 'KH is too far from the ends of a run of hearts 6-8: reaching it takes a run of 8 cards, and these make 4',
    'card_too_far_from_run_around': 'KH is too far from the ends of a run of hearts 6-8, even round the corner: reaching it takes a run of 8 cards, and these make 4',
    'cards_too_far_apart': '4H and 9H are too far apart for one run: from one to the other takes 6 cards, and this meld has 3',
    'cards_too_far_apart_around': '4H and 9H are too far apart for one run, even round the corner: from one to the other takes 6 cards, and this meld has 3',
    'card_too_far_from_run_missing': '10H does not reach a run of hearts 6-8: 9H is missing',
    'cards_too_far_apart_missing': '5H and 6H are missing between 4H and 7H',
    'not_as_declared': '6D 2S JK cannot be declared a run of diamonds from 5; it reads as a set of sixes or a run of diamonds 4-6',
    'not_as_declared_more': 'JK JK JK cannot be declared a set; it reads as a run of hearts 6-8 or 3 more',
    'part_other_kind': 'deal 2 of Loba needs an escalera of exactly four; this is a trio',
    'part_other_size': 'deal 2 of Loba needs an escalera of exactly four; this one has five',
    'part_holds_wild_card': 'deal 2 of Loba needs an escalera of exactly four; this one holds one wild card',
    'part_repeats_suit': 'deal 2 of Loba needs an escalera of exactly four; this one repeats a suit',
    'initial_meld_wild_cards_per_meld': 'in Jo each meld of the initial meld holds at most one wild card; this one holds two',
    'initial_meld_wild_cards': 'deal 1 of Jo allows at most one wild card in the whole initial meld; this meld alone holds two',
    'initial_meld_wild_cards_together': 'deal 1 of Jo allows at most two wild cards in the whole initial meld; these melds hold three',
    'contract_other_kind': 'deal 2 of Loba needs one escalera of exactly four; this is a trio',
    'meld_on_table_not_legal': 'the meld on the table is not legal: too many wild cards for Push: a meld needs more natural cards than wild cards, and as a set this has one natural and two wild',
    'nothing_laid_off': 'lay off one or more cards',
    'wild_card_never_laid_off': 'in Carioca a wild card is never laid off on a meld (JK)',
    'meld_closed': 'a trio of four is closed in Jo: nothing may be laid off on it',
    'meld_closed_run_joker': 'an escalera from ace to ace is closed in Jo: its joker stays',
    'lay_off_upward_only': 'in Telefunken cards are laid off on an escalera only above its top card, and below its bottom only once its top is an ace',
    'lay_off_fits_no_run': '4H 10H cannot be laid off at the ends of any run JK JK 2C can be read as; declare the meld to see why',
    'exchange_rule': 'in Loba only a joker at an end of an escalera moves: the natural card takes its place and the joker moves past it, to stand for the next card; it never goes into your hand',
    'wild_card_comes_out': '2S or JK comes out: it must be used at once in a meld you make this turn; it never goes into your hand',
    'joker_moves': 'JK moves to the bottom or the top of the escalera, as 8C or KC; it never goes into your hand',
    'rescue_with_joker': "a joker is wild: only a natural card takes a wild card's place",
    'meld_has_no_wild_card': 'the meld has no wild card: 2H stands for itself in it, and a 2 that stands for itself cannot be rescued',
    'meld_has_no_wild_card_read': 'a run of hearts 6-8 has no wild card',
    'more_ways_to_read': 'and 3 more ways to read it: declare the meld',
    'card_stands_for_no_wild_card': '7H is not a card any wild card of this meld stands for',
    'only_jokers_taken': 'in Contract Rummy only a joker is taken from a meld: 2C stays',
    'set_joker_stays': 'in Loba the joker of a trio stays where it is',
    'given_cards_share_suit': 'no two cards of a set of eights share a suit: 8H and 8H do',
    'meld_would_not_be_legal': 'with 8H 8S, the meld would not be legal: too many wild cards for Push: a meld needs more natural cards than wild cards, and as a set this has one natural and two wild',
    'meld_would_not_be_legal_in_place': 'with 8H in its place, the meld would not be legal',
    'two_cards_take_set_joker': "in Telefunken two cards of its rank take the joker's place in a set of sixes: 6H and another six",
    'one_card_takes_wild_place': "one card takes a wild card's place in a set of sixes, not two",
    'one_card_takes_run_joker': "one card takes a joker's place in an escalera: QC, not QC KC",
    'middle_joker_stays': 'in Loba a joker in the middle of an escalera never moves',
    'joker_cannot_move': 'JK cannot move to the top of the escalera: there is no card past the ace',
    'joker_cannot_move_beside': 'JK cannot move to the bottom of the escalera: it would stand beside 2C, and in Telefunken two wild cards never stand for neighbouring cards',
    'joker_cannot_move_not_legal': 'JK cannot move to the top of the escalera: the meld would not be legal',
    'wild_cards_stand_for': 'in a run of hearts 6-8, JK stands for 7H and 2C for 9H',
    'wild_place_takes_rank': "a joker's place in a set of sixes takes a six",
    'set_holds_card': "a set of sixes already holds 6C; a 2's place in it takes a six of another suit: 6D or 6S",
    'each_refused': "a joker is wild: only a natural card takes a wild card's place; lay off one or more cards",
    'meld_not_legal': 'meld 1 (8C 8C 8H) is not legal: a set may not hold two clubs',
    'meld_not_part': 'meld 2 (4D 5D): deal 2 of Loba needs an escalera of exactly four; this one has five',
    'meld_too_short_for_part': 'meld 1 (4H 5H 6H) is a run of three, too short for a run of four',
    'no_melds_given': 'deal 3 needs two runs of four; no melds were given',
    'initial_meld_exactly_contract': "in Jo the initial meld is exactly the contract's melds: deal 3 needs two runs of four, and one meld was given; further melds wait for the next turn",
    'initial_meld_exactly_contract_more': "in Jo the initial meld is exactly the contract's melds: deal 3 needs two runs of four, and three melds were given; further melds wait for the next turn",
    'whole_hand_needed': 'deal 7 of Carioca is met only by melding the whole hand, exactly 12 cards; these melds hold 9',
    'whole_hand_needed_at_least': 'deal 7 of Carioca is met only by melding the whole hand, at least 12 cards; these melds hold 9',
    'contract_parts_share_melds': 'deal 3 needs two runs of four, each its own meld; these 1 melds cannot cover every part',
    'contract_part_missing': 'deal 3 needs two runs of four; found one',
    'contract_part_missing_none': 'deal 3 needs two runs of four; found none',
    'contract_parts_missing': 'deal 1 needs one set of three and one run of four; found no set of three and two runs of four',
    'runs_too_close': 'in Jo two runs of one suit need at least one card between them that neither holds: melds 1 and 2 (run of hearts 6-8 and run of hearts 9-J) have none',
    'runs_too_close_two': 'in Jo two runs of one suit need at least two cards between them that neither holds: melds 1 and 2 (run of hearts 6-8 and run of hearts 10-Q) have fewer',
    'sets_of_one_rank': 'in Telefunken a player never lays down two trios of one rank: melds 1 and 2 are both sixes',
    'runs_of_one_suit': 'in Telefunken a player never lays down two escaleras of one suit: melds 1 and 3 are both hearts',
    'initial_meld_rules_clash': "these melds cannot meet every rule of Telefunken's initial meld at once",
    'hand_too_large': 'a hand holds at most 30 cards for the solver; this one has 31',
    'search_too_long': 'too many cards to search at once; take out the cards that go into no meld, or tap the cards of one meld and check it',
    'declaration_kind_unknown': 'a declaration\'s "kind" must be "set" or "run"',
    'declaration_field_not_allowed': 'a set is not declared with "suit"',
    'declaration_field_not_allowed_run': 'a run is not declared with "rank"',
    'no_natural_card': 'give the card to put in a wild card\'s place, such as "8H"',
    'too_many_natural_cards': '"8H 9H" is two cards; give the one card to put in a wild card\'s place',
    'too_many_natural_cards_for_a_set': '"8H 8S 8D" is three cards; give one card, or two of a set\'s rank for its joker',
}  # fmt: skip

#: The modules of melds, rescues, contracts and hands, whose reasons this table covers.
MODULES = ("melds", "rescue", "contracts", "solver")
RULES = Path(__file__).resolve().parents[2] / "referee" / "rules"
GIVEN = re.compile(r'Reason\.of\(\s*"([a-z_]+)"')


def codes_given(*modules: str) -> set[str]:
    """The codes the rules core's modules build (every ``Reason.of("code", ...)``)."""
    paths = [RULES / f"{m}.py" for m in modules] if modules else sorted(RULES.glob("*.py"))
    return {code for path in paths for code in GIVEN.findall(path.read_text())}


def test_every_code_the_rules_core_gives_has_words():
    assert codes_given() - reason_codes() == set()


def test_every_reason_of_melds_rescues_contracts_and_hands_has_an_example():
    assert {why.code for why in EXAMPLES.values()} == codes_given(*MODULES)
    assert set(SAID) == set(EXAMPLES)


@pytest.mark.parametrize("code", sorted(codes_given()))
def test_a_code_is_snake_case(code):
    assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code)


@pytest.mark.parametrize(("name", "why"), EXAMPLES.items(), ids=EXAMPLES.keys())
def test_each_reason_is_said_in_english_as_before(name, why):
    assert ENGLISH.reason(why) == SAID[name]


LANGUAGES = sorted({"en", "es", *(path.name for path in CATALOGS.glob("*") if path.is_dir())})


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "why"), EXAMPLES.items(), ids=EXAMPLES.keys())
def test_each_reason_is_said_in_every_language(language, name, why):
    sentence = words_in(language).reason(why)
    assert sentence.strip()
    assert not re.search(r"\{[a-z_]*\}", sentence), sentence  # every placeholder filled


# --- Through the rules core: reasons few other tests reach, and the article --------


#: id: (what is asked, the reason's code, the sentence)
ASKED = {
    # R70: wild cards at most half the meld, a house rule.
    "more_wild_than_natural": (
        lambda: read_meld(
            parse_cards("5H JK JK"), get_ruleset("push", None, {"wild_limit": "no_more_than_natural"})
        ),
        "more_wild_than_natural",
        "too many wild cards: a meld holds no more wild cards than natural cards, and as a run "
        "this has one natural and two wild",
    ),
    "lay_off_fits_no_run": (
        lambda: extend_meld(parse_cards("JK JK 2C"), parse_cards("4H 10H"), get_ruleset("push")),
        "lay_off_fits_no_run",
        "4H 10H cannot be laid off at the ends of any run JK JK 2C can be read as; declare the "
        "meld to see why",
    ),
    # R79: two cards of a set's rank for its joker, where the table takes two.
    "given_cards_share_suit": (
        lambda: rescue(
            parse_cards("8C 8D JK"),
            parse_cards("8H 8H"),
            get_ruleset("push", None, {"joker_exchange": "two_for_one"}),
        ),
        "given_cards_share_suit",
        "no two cards of a set of eights share a suit: 8H and 8H do",
    ),
    # The article agrees with the game's own word (R42): "an escalera".
    "an_escalera": (
        lambda: read_meld(parse_cards("4H 5H 6H"), get_ruleset("carioca")),
        "run_too_short",
        "an escalera needs four or more cards in Carioca; this has three",
    ),
}  # fmt: skip


@pytest.mark.parametrize(("ask", "code", "sentence"), ASKED.values(), ids=ASKED.keys())
def test_the_core_gives_the_reason_and_its_words(ask, code, sentence):
    reasons = ask().reasons
    codes = [why.code for why in reasons]
    assert code in codes, codes
    assert said(reasons)[codes.index(code)] == sentence


def test_a_contract_check_nests_the_melds_reason():
    verdict = check_contract([(parse_cards("8C 8C 8H"), None)], get_ruleset("push"), 1)
    assert verdict.reasons[0].code == "meld_not_legal"
    assert verdict.reasons[0]["why"] == Reason.of("set_repeats_suit", suit="C")


def test_docs_api_lists_every_code_of_these_reasons():
    """docs/api.md, "Reason codes": a row for each code, none for a code not given."""
    docs = (RULES.parents[1] / "docs" / "api.md").read_text()
    section = docs.partition("### Reason codes")[2].partition("\n## ")[0]
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))
    after_the_table = section.strip().split("\n\n")[-1]  # what says and errors carry
    listed |= set(re.findall(r"`([a-z]+_[a-z_]+)`", after_the_table))
    assert listed == codes_given(*MODULES)


@pytest.mark.parametrize(("name", "why"), EXAMPLES.items(), ids=EXAMPLES.keys())
def test_each_reason_is_said_in_spanish_not_left_in_english(name, why):
    said = words_in("es").reason(why)
    assert said != SAID[name], said
