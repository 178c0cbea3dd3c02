"""A deal as the table enters it (R26, R27, R30, R31, R62-R64): what a hand's points
can be in each game, errors that name their player, and the sums before every
hand is in.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import VARIANTS, Card, GameRuleError, get_ruleset, parse_cards
from referee.rules.scoring import Table, deal_so_far, possible_points, score_deal

from .notation import refusal, refused

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def seat(variant, count=None):
    rules = get_ruleset(variant)
    count = count or min(rules.players)
    return Table.seat(rules, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:count])


# --- Points no hand can be worth (R28, R29, R60) --------------------------------------


@pytest.mark.parametrize(
    ("variant", "points", "reason"),
    [
        ("shanghai", 2, "Bob cannot have 2 points left; no hand in Shanghai is worth 2 points: its smallest card is worth 3"),
        ("shanghai", 1, "Bob cannot have 1 point left; no hand in Shanghai is worth 1 point"),
        ("loba", 1, "no hand in Loba is worth 1 point: its smallest card is worth 2"),
        ("push", 7, "Bob's 7 points cannot be a hand in Push: every card is worth a multiple of 5"),
        ("push", -5, "Bob's points cannot be below 0; -5 was given"),
        ("push", 0, "Bob cannot score 0 in deal 1: only Ann, who went out, has no cards left"),
        ("shanghai", 0, "Bob cannot score 0 in deal 1"),
        ("jo", 0, "Bob cannot score 0 in deal 1"),  # R62: the hands Ann takes hold cards too
        ("push", 5000, "more than the whole pack is worth"),
    ],
)  # fmt: skip
def test_points_no_hand_can_be_worth_are_refused_naming_the_player(variant, points, reason):
    table = seat(variant)
    others = {p: 10 for p in table.scoring_players("Ann") if p != "Bob"}
    so_far = deal_so_far(table, 1, "Ann", {"Bob": points, **others})
    assert reason in refusal(so_far.errors["Bob"])
    assert so_far.errors["Bob"].player == "Bob"
    with refused(GameRuleError, reason[:20]) as raised:
        so_far.score()
    assert raised.value.player == "Bob"


@pytest.mark.parametrize(
    ("variant", "smallest"),
    [("push", 5), ("shove-it", 5), ("shanghai", 3), ("loba", 2), ("carioca", 2),
     ("caribbean-kalooki", 1), ("telefunken", 2), ("farmers", 5)],
)  # fmt: skip
def test_the_smallest_hand_is_the_smallest_card(variant, smallest):
    rules = get_ruleset(variant)
    assert min(possible_points(rules, min(rules.players))) == smallest


def test_an_empty_hand_is_only_the_one_who_went_out():  # R26
    table = seat("push")
    so_far = deal_so_far(table, 1, "Ann", {"Bob": parse_cards(""), "Dan": parse_cards("7H")})
    assert "Bob cannot score 0" in refusal(so_far.errors["Bob"])


def pack_cards(rules, players):
    pack = rules.pack(players)
    naturals = [Card(rank, suit) for rank in range(1, 14) for suit in "SHDC"] * pack.decks
    return naturals + [Card.parse("JK")] * pack.jokers


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_hand_a_player_can_hold_is_accepted_as_points(variant, data):
    rules = get_ruleset(variant)
    table = seat(variant)
    pack = pack_cards(rules, len(table.players))
    # A hand of cards the pack holds: each drawn from its own place in the pack.
    places = data.draw(st.lists(st.integers(0, len(pack) - 1), unique=True, min_size=1,
                                max_size=20))  # fmt: skip
    cards = [pack[place] for place in places]
    points = sum(rules.card_values(card) for card in cards)
    out, player = table.players[0], table.players[1]
    assert player not in deal_so_far(table, 1, out, {player: cards}).errors
    typed = deal_so_far(table, 1, out, {player: points})
    assert player not in typed.errors
    assert typed.points[player] == points


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_score_between_two_possible_ones_is_accepted_unless_a_hand_makes_it(variant):
    rules = get_ruleset(variant)
    table = seat(variant)
    players = len(table.players)
    possible = possible_points(rules, players)
    # Worked out again another way: the sums of up to the whole pack, card by card.
    made = {0}
    for card in pack_cards(rules, players):
        made |= {total + rules.card_values(card) for total in made}
    made.discard(0)
    assert possible == made
    player = table.players[1]
    for points in range(0, max(possible) + 2):
        so_far = deal_so_far(table, 1, table.players[0], {player: points})
        assert (player not in so_far.errors) == (points in possible), points


# --- Errors carry their player; the deal's own problem is the deal's --------------------


def test_a_card_more_than_the_pack_holds_is_the_error_of_the_hand_it_was_tapped_in():  # R3
    table = seat("push")
    hands = {"Bob": parse_cards("AS AS"), "Dan": parse_cards("7H AS")}
    so_far = deal_so_far(table, 1, "Ann", hands)
    assert set(so_far.errors) == {"Dan"}
    assert so_far.over_the_pack == {"Dan": frozenset({1})}
    assert "three AS here" in refusal(so_far.errors["Dan"])


def test_the_sums_so_far_leave_out_the_hands_still_to_enter():  # R27
    so_far = deal_so_far(seat("push"), 1, None, {"Ann": 5, "Bob": 10})
    assert so_far.sides == {"We": 5, "They": 10}
    assert so_far.missing == ("Cat", "Dan")
    with refused(GameRuleError, "Cat and Dan score in deal 1") as raised:
        so_far.score()
    assert raised.value.player == "Cat"


def test_before_anyone_is_said_to_have_gone_out_each_hand_is_checked_alone():
    so_far = deal_so_far(seat("shanghai"), 1, None, {"Bob": 2}, said=False)
    assert so_far.problem is None  # R64 is not asked yet
    assert "no hand in Shanghai is worth 2 points" in refusal(so_far.errors["Bob"])
    assert so_far.sides is None or "Bob" not in so_far.errors


@pytest.mark.parametrize(
    ("variant", "went_out", "bent_table", "problem"),
    [
        ("shanghai", None, False, "a deal ends only when someone goes out"),  # R64
        ("shanghai", "Ann", True, "Shanghai has no bent table"),  # R63
        ("push", None, False, None),  # R27: Push's stock may run out
    ],
)
def test_what_is_wrong_with_the_deal_as_a_whole(variant, went_out, bent_table, problem):
    table = seat(variant)
    so_far = deal_so_far(table, 1, went_out, {}, bent_table)
    assert (problem is None) == (so_far.problem is None)
    if problem:
        assert problem in refusal(so_far.problem)


def test_a_player_given_twice_is_refused():
    with refused(GameRuleError, "Bob is given twice"):
        deal_so_far(seat("push"), 1, "Ann", {"Bob": 5, " Bob": 10, "Dan": 5})


def test_a_deal_saved_before_the_checks_is_scored_as_it_was_saved():
    table = seat("push")
    assert score_deal(table, 1, "Ann", {"Bob": 0, "Dan": 5}, recorded=True).sides == {
        "We": 0,
        "They": 5,
    }
