"""Joker exchange by game (docs/rules.md#R79): what a natural card may do to a joker on
the table, and what happens to the joker, value by value of ``joker_exchange``."""

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from referee.rules import (
    VARIANTS,
    Card,
    CardError,
    PackError,
    RunReading,
    SetReading,
    format_cards,
    get_ruleset,
    parse_cards,
    read_meld,
    rescue,
)
from referee.rules.rescue import EXCHANGES, exchange_rule, natural_cards
from referee.rules.words import ENGLISH

from .brute_family import position_card
from .notation import declaration, refusal, refused, said, short
from .test_family_properties import JOKER, near_melds

#: Where the freed wild card goes, as the referee says it (R25, R79).
INTO_HAND = "it goes into your hand"
TO_MELD = "it must be used at once in a meld you make this turn; it never goes into your hand"


def check(meld, card, variant, meld_declare=None, **options):
    rules = get_ruleset(variant, options)
    naturals = parse_cards(card)
    return rescue(
        parse_cards(meld),
        naturals,
        rules,
        meld_declare and declaration(meld_declare),
        max(rules.players),
    )


def exchanges(verdict):
    """Each swap as ``reading: freed>card -> the meld after``, and ``, JK=KC`` where
    the joker moved, or ``, JK to hand`` where it went into the hand."""
    said = []
    for swap in verdict.swaps:
        text = f"{short(swap.reading)}: {swap.freed}>{swap.stood_for or '?'}"
        text += f" -> {format_cards(swap.after.cards)}"
        if swap.moved_to is not None:
            text += f", {swap.freed}={swap.moved_to}"
        elif swap.goes == "hand":
            text += f", {swap.freed} to hand"
        said.append(text)
    return said


# --- Each game's value (R79's table) ---------------------------------------------------

R79_TABLE = {
    "in_meld": ["push", "push-solo", "cap-it", "shove-it"],
    "to_hand": ["contract-rummy", "jo", "progressive", "king-rummy", "shanghai", "russian",
                "sa-kaluki"],
    "move": ["loba"],
    "move_anywhere": ["carioca"],
    "move_to_top": ["caribbean-kalooki"],
    "two_for_one": ["telefunken", "farmers"],
}  # fmt: skip


def test_every_game_exchanges_jokers_as_r79_says():  # R79
    by_value = {value: [] for value in R79_TABLE}
    for variant in VARIANTS.values():
        by_value[variant.base.joker_exchange].append(variant.id)
    assert {value: sorted(ids) for value, ids in by_value.items()} == {
        value: sorted(ids) for value, ids in R79_TABLE.items()
    }
    assert set(EXCHANGES) == {*R79_TABLE, "none"}


def test_an_option_keeps_the_games_exchange():  # R79: twos_wild changes what is wild only
    assert get_ruleset("contract-rummy", {"twos_wild": True}).joker_exchange == "to_hand"


# --- Legal exchanges, value by value -------------------------------------------------

# meld, natural card(s), variant, the meld's declaration, the exchanges, says
LEGAL = {
    # in_meld (R24, R25): any wild card, out of the meld, straight into a meld made this turn
    "in_meld_a_joker": ("7H JK 9H", "8H", "push", None,
        ["run H 7-9: JK>8H -> 7H 8H 9H"], f"JK comes out: {TO_MELD}"),
    "in_meld_a_wild_2": ("5H 2C 7H", "6H", "push", None,
        ["run H 5-7: 2C>6H -> 5H 6H 7H"], f"2C comes out: {TO_MELD}"),
    # to_hand: the natural card takes the joker's place; the joker goes into the hand
    "to_hand_jo": ("4H JK 6H 7H", "5H", "jo", None,
        ["run H 4-7: JK>5H -> 4H 5H 6H 7H, JK to hand"], f"JK comes out: {INTO_HAND}"),
    "to_hand_a_group": ("8C 8C JK", "8H", "contract-rummy", None,
        ["set 8: JK>? -> 8C 8C 8H, JK to hand"], f"JK comes out: {INTO_HAND}"),
    "to_hand_natural_2s": ("2C 2D JK 2S", "2H", "contract-rummy", None,  # R46
        ["set 2: JK>? -> 2C 2D 2H 2S, JK to hand"], f"JK comes out: {INTO_HAND}"),
    "to_hand_shanghai_the_joker_beside_a_wild_2": ("5H 2C 7H 8H JK", "9H", "shanghai", None,
        ["run H 5-9: JK>9H -> 5H 2C 7H 8H 9H, JK to hand"], f"JK comes out: {INTO_HAND}"),
    "to_hand_sa_kaluki_a_group_of_three": ("9C 9D JK", "9H", "sa-kaluki", None,
        ["set 9: JK>? -> 9C 9D 9H, JK to hand"], f"JK comes out: {INTO_HAND}"),
    # move (Loba): only a joker at an end; it moves past the natural card, never to the hand
    "move_the_top_joker": ("9C 10C JC JK", "QC", "loba", None,  # R79's own example
        ["run C 9-Q: JK>QC -> 9C 10C JC QC JK, JK=KC"],
        "JK moves to the top of the escalera, as KC; it never goes into your hand"),
    "move_the_bottom_joker": ("JK 10C JC QC", "9C", "loba", None,
        ["run C 9-Q: JK>9C -> JK 9C 10C JC QC, JK=8C"],
        "JK moves to the bottom of the escalera, as 8C; it never goes into your hand"),
    "move_nothing_past_the_ace": ("JC QC KC JK", "AC", "loba", "run C J-A",
        ["run C J-A: JK>AC -> JK JC QC KC AC, JK=10C"],
        "JK moves to the bottom of the escalera, as 10C; it never goes into your hand"),
    # move_anywhere (Carioca): as move, and to either end
    "move_anywhere_either_end": ("9C 10C JC JK", "QC", "carioca", None,
        ["run C 9-Q: JK>QC -> JK 9C 10C JC QC, JK=8C", "run C 9-Q: JK>QC -> 9C 10C JC QC JK, JK=KC"],
        "JK moves to the bottom or the top of the escalera, as 8C or KC; it never goes into your hand"),
    # move_to_top (Caribbean Kalooki): any joker of a four, to the top (bottom under an ace)
    "move_to_top_from_the_middle": ("9C JK JC QC", "10C", "caribbean-kalooki", None,
        ["run C 9-Q: JK>10C -> 9C 10C JC QC JK, JK=KC"],
        'JK moves to the top of the "four", as KC; it never goes into your hand'),
    "move_to_top_from_the_top": ("9C 10C JC JK", "QC", "caribbean-kalooki", None,
        ["run C 9-Q: JK>QC -> 9C 10C JC QC JK, JK=KC"],
        'JK moves to the top of the "four", as KC; it never goes into your hand'),
    "move_to_the_bottom_under_an_ace": ("JK 10C JC QC KC AC", "9C", "caribbean-kalooki", None,
        ["run C 9-A: JK>9C -> JK 9C 10C JC QC KC AC, JK=8C"],
        'JK moves to the bottom of the "four", as 8C; it never goes into your hand'),
    "move_to_top_jokers_kept_apart": ("9C 10C JK QC JK", "JC", "caribbean-kalooki", "run C 8-Q",
        ["run C 8-Q: JK>JC -> JK 9C 10C JC QC JK, JK=KC"],
        'JK moves to the top of the "four", as KC; it never goes into your hand'),
    # two_for_one (Telefunken, Farmer's): a set's joker for two cards of its rank, to the hand
    "two_for_one_a_set": ("8C 8D JK", "8H 8S", "telefunken", None,
        ["set 8: JK>? -> 8C 8D 8H 8S, JK to hand"], f"JK comes out: {INTO_HAND}"),
    "two_for_one_a_set_of_farmers": ("8C 8D 8S JK", "8H 8S", "farmers", None,
        ["set 8: JK>? -> 8C 8D 8S 8H 8S, JK to hand"], f"JK comes out: {INTO_HAND}"),
    "two_for_one_a_sequidillas_end_joker_moves_once": ("9C 10C JK", "JC", "telefunken", None,
        ["run C 9-J: JK>JC -> 9C 10C JC JK, JK=QC"],
        "JK moves to the top of the sequidilla, as QC, and stays there: a joker moves only once"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "card", "variant", "meld_declare", "expected", "says"),
    LEGAL.values(),
    ids=LEGAL.keys(),
)
def test_each_game_exchanges_its_jokers_its_own_way(
    meld, card, variant, meld_declare, expected, says
):  # R24, R25, R79
    verdict = check(meld, card, variant, meld_declare)
    assert said(verdict.reasons) == ()
    assert exchanges(verdict) == expected
    assert ENGLISH.reason(verdict.says) == says


# --- Refused exchanges, value by value -------------------------------------------------

# meld, natural card(s), variant, the meld's declaration, the reasons
REFUSED = {
    # to_hand: only a joker, never a wild 2; never from a closed meld (R53)
    "to_hand_never_a_wild_2": ("5H 2C 7H 8H", "6H", "shanghai", None,
        ["in Shanghai only a joker is taken from a meld: 2C stays"]),
    "to_hand_never_a_wild_2_in_twos_wild": ("8C 8D 2S", "8H", ("contract-rummy", {"twos_wild": True}), None,
        ["in Contract Rummy only a joker is taken from a meld: 2S stays"]),
    "to_hand_never_from_a_closed_group": ("2C 2D JK 2S", "2H", "sa-kaluki", None,
        ["a group of four is closed in South African Kaluki: its joker stays"]),
    "to_hand_never_from_a_run_ace_to_ace": ("AC 2C 3C JK 5C 6C 7C 8C 9C 10C JC QC KC AC", "4C", "sa-kaluki", None,
        ["a run from ace to ace is closed in South African Kaluki: its joker stays"]),
    "to_hand_a_card_no_joker_stands_for": ("4H JK 6H 7H", "8H", "jo", None,
        ["8H is not a card any wild card of this meld stands for",
         "in a run of hearts 4-7, JK stands for 5H"]),
    # move: a joker in the middle, or in a group, never moves
    "move_never_from_the_middle": ("9C JK JC QC", "10C", "loba", None,
        ["in Loba a joker in the middle of an escalera never moves"]),
    "move_never_from_a_trio": ("9C 9D JK", "9H", "loba", None,
        ["in Loba the joker of a trio stays where it is"]),
    "move_anywhere_never_from_the_middle": ("9C JK JC QC", "10C", "carioca", None,
        ["in Carioca a joker in the middle of an escalera never moves"]),
    "move_anywhere_never_past_13_cards": ("JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "AC", "carioca", "run C A-K",
        ["JK cannot move to the bottom of the escalera: there is no card past the ace; "
         "JK cannot move to the top of the escalera: the meld would not be legal: a run "
         "holds at most 13 cards, one of each rank; this has 14"]),
    # move_to_top: never two jokers side by side (R54); a three's joker never moves
    "move_to_top_never_beside_a_joker": ("9C 10C JK QC JK", "JC", "caribbean-kalooki", "run C 9-K",
        ['JK cannot move to the top of the "four": it would stand beside JK, and in '
         "Caribbean Kalooki two wild cards never stand for neighbouring cards"]),
    "move_to_top_never_from_a_three": ("9C 9D JK", "9H", "caribbean-kalooki", None,
        ['in Caribbean Kalooki the joker of a "three" stays where it is']),
    # two_for_one: two cards for a set's joker; a joker in the middle of a run never moves
    "two_for_one_one_card_is_not_enough": ("8C 8D JK", "8H", "telefunken", None,
        ["in Telefunken two cards of its rank take the joker's place in a set of eights: "
         "8H and another eight"]),
    "two_for_one_the_second_card_of_another_rank": ("8C 8D JK", "8H 9S", "telefunken", None,
        ["a joker's place in a set of eights takes an eight"]),
    "two_for_one_one_card_in_a_run": ("9C 10C JK", "JC QC", "telefunken", "run C 9-J",
        ["one card takes a joker's place in a sequidilla: JC, not JC QC"]),
    "two_for_one_never_from_the_middle": ("9C JK JC", "10C", "telefunken", None,
        ["in Telefunken a joker in the middle of a sequidilla never moves"]),
    "two_for_one_never_a_wild_2": ("8C 8D 8S 2H", "8H 8C", "farmers", None,
        ["in Farmer's Rummy only a joker is taken from a meld: 2H stays"]),
}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "card", "variant", "meld_declare", "reasons"), REFUSED.values(), ids=REFUSED.keys()
)
def test_an_exchange_the_game_does_not_allow_says_why(
    meld, card, variant, meld_declare, reasons
):  # R53, R54, R79
    variant, options = variant if isinstance(variant, tuple) else (variant, {})
    verdict = check(meld, card, variant, meld_declare, **options)
    assert not verdict.legal
    assert verdict.swaps == () and verdict.freed == () and verdict.after is None
    assert list(said(verdict.reasons)) == reasons
    assert ENGLISH.reason(verdict.says) == ENGLISH.reason(
        exchange_rule(get_ruleset(variant, options))
    )


@pytest.mark.parametrize(
    ("variant", "rule"),
    [
        ("jo", "in Jo the natural card takes a joker's place and the joker goes into your hand"),
        ("shanghai", "in Shanghai the natural card takes a joker's place and the joker goes "
         "into your hand; a wild 2 is never taken"),
        ("loba", "in Loba only a joker at an end of an escalera moves: the natural card takes "
         "its place and the joker moves past it, to stand for the next card; it never goes "
         "into your hand"),
        ("telefunken", "in Telefunken two cards of a set's rank take its joker's place and the "
         "joker goes into your hand; a joker at an end of a sequidilla moves once, past the "
         "card that takes its place"),
        ("farmers", "in Farmer's Rummy two cards of a set's rank take its joker's place and "
         "the joker goes into your hand"),
    ],
)  # fmt: skip
def test_a_refusal_says_the_games_rule(variant, rule):  # R79
    assert ENGLISH.reason(exchange_rule(get_ruleset(variant))) == rule


def test_where_jokers_stay_no_card_takes_their_place():  # R79: none, a table's choice
    rules = replace(get_ruleset("jo"), joker_exchange="none")
    verdict = rescue(parse_cards("4H JK 6H 7H"), Card.parse("5H"), rules)
    assert not verdict.legal
    assert said(verdict.reasons) == (
        "in Jo jokers stay where they are: no card takes a joker's place",
    )
    assert verdict.wild_goes == "meld"


@pytest.mark.parametrize(
    ("variant", "house", "goes"),
    [
        ("loba", {}, "meld"),  # the book: a joker at an end moves to the other end
        ("loba", {"joker_exchange": "to_hand"}, "hand"),  # the table's own rule
        ("jo", {"joker_exchange": "in_meld"}, "meld"),
    ],
)
def test_a_tables_own_joker_exchange_is_the_one_checked(variant, house, goes):  # R79, R72
    rules = get_ruleset(variant, house=house)
    verdict = rescue(parse_cards("9C 10C JC JK"), Card.parse("QC"), rules)
    assert verdict.legal
    assert verdict.wild_goes == goes


def test_jokers_kept_where_they_are_as_a_house_rule():  # R79: none, a table's choice
    rules = get_ruleset("jo", house={"joker_exchange": "none"})
    assert not rescue(parse_cards("4H JK 6H 7H"), Card.parse("5H"), rules).legal


@pytest.mark.parametrize(
    ("variant", "goes"),
    [("push", "meld"), ("jo", "hand"), ("loba", "meld"), ("caribbean-kalooki", "meld"),
     ("telefunken", "hand")],
)  # fmt: skip
def test_a_refusal_still_says_where_a_joker_would_go(variant, goes):  # R25, R79
    assert check("7H 8H 9H 10H", "8H", variant).wild_goes == goes


# --- One card, or two where the game takes a set's joker with two ------------------------


@pytest.mark.parametrize(
    ("variant", "text", "message"),
    [
        ("jo", "8H 8S", '"8H 8S" is two cards; give the one card to put in a wild card\'s place'),
        ("telefunken", "8H 8S 8D",
         "\"8H 8S 8D\" is three cards; give one card, or two of a set's rank for its joker"),
        ("telefunken", " ", 'give the card to put in a wild card\'s place, such as "8H"'),
    ],
)  # fmt: skip
def test_the_natural_cards_one_or_two_as_the_game_takes(variant, text, message):  # R79
    with refused(CardError, message):
        natural_cards(text, get_ruleset(variant))


# --- Properties --------------------------------------------------------------------------

GAMES = [variant for variant in VARIANTS if variant not in ("push-solo", "cap-it")]


def wild_count(reading, cards, rules) -> int:
    if isinstance(reading, SetReading):
        return sum(rules.is_wild(card) for card in cards)
    return sum(not placed.natural for placed in reading.cards)


def stood_for(reading, cards, rules) -> list[Card]:
    """The cards a wild card of the meld stands for, read this way (R24)."""
    if isinstance(reading, RunReading):
        return [placed.stands_for for placed in reading.cards if not placed.natural]
    if not any(rules.is_wild(card) for card in cards):
        return []
    return [Card(reading.rank, suit) for suit in "SHDC"]


@st.composite
def melds_with_jokers(draw, runs=True):
    """A run of one suit or a set of one rank with a joker or two (a wild 2 now and
    then) at any place, ends included; or a meld of ``near_melds``."""
    shape = draw(st.sampled_from(["run", "run", "set", "near"] if runs else ["set", "near"]))
    if shape == "near":
        return draw(near_melds())
    wild = [JOKER, JOKER, JOKER, Card(2, "S")]
    if shape == "set":
        rank = draw(st.sampled_from([1, *range(3, 14)]))
        suits = draw(st.permutations("SHDC"))[: draw(st.integers(2, 4))]
        cards = [Card(rank, suit) for suit in suits]
        cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(wild)))
        return cards
    suit = draw(st.sampled_from("SHDC"))
    size = draw(st.integers(3, 8))
    low = draw(st.integers(1, 15 - size))
    cards = [position_card(position, suit) for position in range(low, low + size)]
    places = draw(st.permutations(range(size)))[: draw(st.integers(1, 2))]
    if draw(st.booleans()):  # a joker at an end: the one that moves in some games (R79)
        places[0] = draw(st.sampled_from([0, size - 1]))
    for place in places:
        cards[place] = draw(st.sampled_from(wild))
    return cards


@st.composite
def exchanges_asked(draw, rules):
    """A meld, and natural cards that a wild card of it mostly stands for: one, or
    two of a set's rank where the game takes a set's joker with two."""
    cards = draw(melds_with_jokers(rules.runs_allowed))
    try:
        readings = read_meld(cards, rules, players=max(rules.players)).readings
    except PackError:
        readings = ()
    wanted = [card for r in readings for card in stood_for(r, cards, rules)]
    pool = wanted or [Card(rank, suit) for rank in range(1, 14) for suit in "SHDC"]
    first = draw(st.sampled_from(pool))
    naturals = [first]
    if EXCHANGES[rules.joker_exchange].set_cards == 2 and draw(st.integers(0, 3)):
        naturals.append(Card(first.rank, draw(st.sampled_from("SHDC"))))
    return cards, naturals


@pytest.mark.parametrize("variant", GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_an_accepted_exchange_leaves_a_legal_meld_and_counts_every_card(variant, data):
    """After an accepted exchange the meld is legal, read the same way (a run grown by
    the joker's new place where it moves); it holds the natural cards, and the joker
    either left it (one wild card fewer) or moved in it (as many wild cards, one card
    more). Outside the Push family only a joker ever leaves its place (R79)."""
    rules = get_ruleset(variant)
    cards, naturals = data.draw(exchanges_asked(rules))
    try:
        verdict = rescue(cards, naturals, rules, players=max(rules.players))
    except PackError:
        assume(False)
    event("accepted" if verdict.legal else "refused")
    if not verdict.legal:
        assert said(verdict.reasons) and verdict.after is None
        return
    exchange = EXCHANGES[rules.joker_exchange]
    for swap in verdict.swaps:
        (after,) = swap.after.readings
        assert swap.after.legal and after.kind == swap.reading.kind
        assert rules.is_wild(swap.freed)
        if exchange.jokers_only:
            assert swap.freed.is_joker  # R79: a wild 2 never comes back
        put_in = Counter(naturals)
        before_wild = wild_count(swap.reading, cards, rules)
        if swap.moved_to is None:  # out of the meld: to a meld made this turn, or the hand
            assert Counter(swap.after.cards) == Counter(cards) - Counter([swap.freed]) + put_in
            assert wild_count(after, swap.after.cards, rules) == before_wild - 1
            assert after.key == swap.reading.key
        else:  # moved within the run, one card longer, past an end (R79)
            assert Counter(swap.after.cards) == Counter(cards) + put_in
            assert wild_count(after, swap.after.cards, rules) == before_wild
            assert isinstance(after, RunReading)
            assert after.suit == swap.reading.suit
            assert (after.low, after.high) in (
                (swap.reading.low - 1, swap.reading.high),
                (swap.reading.low, swap.reading.high + 1),
            )
            end = after.cards[0] if after.low < swap.reading.low else after.cards[-1]
            assert end == (swap.freed, swap.moved_to)
            # Every other place keeps its card; the joker's old place holds the natural.
            kept = after.cards[1:] if after.low < swap.reading.low else after.cards[:-1]
            changed = [(old, new) for old, new in zip(swap.reading.cards, kept, strict=True)
                       if old != new]  # fmt: skip
            assert changed == [((swap.freed, naturals[0]), (naturals[0], naturals[0]))]
            assert swap.goes == "meld"
        assert swap.stood_for in (None, naturals[0])
        assert swap.goes == verdict.wild_goes or len({s.goes for s in verdict.swaps}) > 1


@pytest.mark.parametrize("variant", GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_no_exchange_without_a_wild_card_that_stands_for_the_card(variant, data):  # R24
    """Whatever the game does with the joker, the natural card takes the place of a
    wild card that stands for it, or there is no exchange."""
    rules = get_ruleset(variant)
    cards, naturals = data.draw(exchanges_asked(rules))
    try:
        verdict = rescue(cards, naturals, rules, players=max(rules.players))
    except PackError:
        assume(False)
    wanted = {c for r in verdict.readings for c in stood_for(r, cards, rules)}
    if verdict.legal:
        assert naturals[0] in wanted
    else:
        assert said(verdict.reasons)


@pytest.mark.parametrize(
    ("variant", "naturals", "said"),
    [
        ("jo", "8H 8S", "8H 8S is two cards; give the one card"),
        ("telefunken", "8H 8S 8D", "8H 8S 8D is three cards; give one card, or two"),
    ],
)
def test_the_rescue_itself_refuses_more_natural_cards_than_the_game_takes(
    variant, naturals, said
):  # R79: one card, two only for a set's joker where the game takes two
    with pytest.raises(CardError) as raised:
        rescue(parse_cards("8C 8D JK"), parse_cards(naturals), get_ruleset(variant))
    assert refusal(raised.value).startswith(said)
