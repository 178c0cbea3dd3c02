"""The table's bookkeeping (docs/rules.md#R76-R78): who deals each deal, the buys each
player has and may still make, and an evening of games played again."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import GameRuleError, get_ruleset
from referee.rules.bookkeeping import BuyTally, dealer_of, evening, night
from referee.rules.scoring import Sheet, Table, score_deal

from .notation import refused

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]

#: (game, house rules, deal) -> who deals it, among FIVE (four in Telefunken).
DEALERS = {
    "the first player typed deals first": ("shanghai", {}, 1, "Ann"),
    "then the deal passes to the left": ("shanghai", {}, 2, "Bob"),  # R76, R37
    "and on round the table": ("shanghai", {}, 7, "Bob"),
    "Telefunken passes it to the right": ("telefunken", {}, 2, "Dan"),  # R76
    "and on round the other way": ("telefunken", {}, 6, "Dan"),
    "a table may pass it to the right": ("push-solo", {"deal_direction": "right"}, 2, "Eve"),
    "or Telefunken's to the left": ("telefunken", {"deal_direction": "left"}, 2, "Bob"),
}


@pytest.mark.parametrize(("variant", "house", "number", "dealer"), DEALERS.values(), ids=DEALERS)
def test_who_deals_each_deal(variant, house, number, dealer):  # R76
    rules = get_ruleset(variant, house=house)
    players = FIVE[: max(p for p in rules.players if p <= 5)]
    assert dealer_of(rules, players, number) == dealer


@given(st.integers(2, 8), st.integers(1, 40), st.sampled_from(["left", "right"]))
def test_each_player_deals_once_in_as_many_deals_as_there_are_players(players, start, way):
    rules = get_ruleset("contract-rummy", house={"deal_direction": way})
    names = [f"P{n}" for n in range(players)]
    dealt = [dealer_of(rules, names, number) for number in range(start, start + players)]
    assert sorted(dealt) == sorted(names)


def _tally(variant, counts, played=0, house=None, players=("Ann", "Bob", "Cat", "Dan")):
    table = Table.seat(get_ruleset(variant, house=house), list(players))
    deals = tuple(
        score_deal(table, n, "Ann", {"Bob": 5, "Cat": 5, "Dan": 5}) for n in range(1, played + 1)
    )
    return BuyTally.of(Sheet(table, deals), counts)


#: (game, buys so far by deal then player, deals played, house) -> Ann's buys left.
LEFT = {
    "Shanghai: 3 a deal": ("shanghai", {}, 0, None, 3),  # R77
    "Shanghai: one bought": ("shanghai", {1: {"Ann": 1}}, 0, None, 2),
    "Shanghai: a new deal, three again": ("shanghai", {1: {"Ann": 3}}, 1, None, 3),
    "Shanghai: 4 in the last deal": ("shanghai", {}, 9, None, 4),
    "Kaluki: 4 a deal": ("sa-kaluki", {1: {"Ann": 1}}, 0, None, 3),
    "Telefunken: 7 in the game": ("telefunken", {1: {"Ann": 2}, 2: {"Ann": 3}}, 1, None, 2),
    "Farmer's: 10 in the game": ("farmers", {1: {"Ann": 4}}, 1, None, 6),
    "Liverpool: no limit": ("contract-rummy", {1: {"Ann": 9}}, 0, None, None),
    "a house limit on any game": ("push", {1: {"Ann": 1}}, 0, {"buys": {"per_deal": 2}}, 1),
    "the fewer of a deal's and the game's": (
        "shanghai", {1: {"Ann": 3}, 2: {"Ann": 1}}, 1, {"buys": {"per_game": 5}}, 1,
    ),
    "a later deal's buys, kept from before an undo, count for nothing yet": (
        "telefunken", {1: {"Ann": 2}, 2: {"Ann": 5}}, 0, None, 5,
    ),
}  # fmt: skip


@pytest.mark.parametrize(("variant", "counts", "played", "house", "left"), LEFT.values(), ids=LEFT)
def test_buys_left_to_a_player(variant, counts, played, house, left):  # R77
    assert _tally(variant, counts, played, house).left("Ann") == left


#: (game, buys so far, deals played, house) -> the refusal of one more buy by Ann.
REFUSED = {
    "Shanghai: a fourth in a deal": ("shanghai", {1: {"Ann": 3}}, 0, None,
                                      "Ann has used all 3 buys this deal"),
    "Shanghai: a fifth in the last deal": ("shanghai", {10: {"Ann": 4}}, 9, None,
                                           "Ann has used all 4 buys this deal"),
    "Telefunken: an eighth chip": ("telefunken", {1: {"Ann": 4}, 3: {"Ann": 3}}, 2, None,
                                   "Ann has used all 7 buys in this game"),
    "a house limit of one": ("push", {1: {"Ann": 1}}, 0, {"buys": {"per_deal": 1}},
                             "Ann has used the one buy allowed this deal"),
    "a house limit of none": ("push", {}, 0, {"buys": {"per_deal": 0}},
                              "no one may buy a discard this deal"),
    "a player not at the table": ("shanghai", {}, 0, None, 'there is no player "Zed"'),
    "a finished game": ("king-rummy", {}, 4, None, "the game is over"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "counts", "played", "house", "sentence"), REFUSED.values(), ids=REFUSED
)
def test_a_buy_past_a_limit_is_refused_with_a_sentence(variant, counts, played, house, sentence):
    tally = _tally(variant, counts, played, house)
    who = "Zed" if "Zed" in sentence else "Ann"
    with refused(GameRuleError, sentence):  # R77
        tally.check_buy(who)


def test_a_buy_within_the_limits_names_the_player_as_seated():
    assert _tally("shanghai", {1: {"Ann": 2}}).check_buy(" Ann ") == "Ann"


def test_buys_count_by_deal_and_by_game():
    tally = _tally("farmers", {1: {"Ann": 2, "Bob": 1}, 2: {"Ann": 1}}, played=1)
    assert (tally.in_deal("Ann"), tally.in_game("Ann"), tally.in_deal("Bob")) == (1, 3, 0)
    assert (tally.deal_limit, tally.game_limit, tally.limited) == (None, 10, True)


def test_an_evening_counts_finished_games_played_and_won_and_points_a_deal():  # R78
    rules = get_ruleset("king-rummy")
    first = Table.seat(rules, ["Ann", "Bob", "Cat", "Dan"])
    again = Table.seat(rules, ["Bob", "Cat", "Dan", "Ann"])
    won_by_ann = Sheet(
        first,
        tuple(
            score_deal(first, n, "Ann", {"Bob": 10, "Cat": 20, "Dan": 30}) for n in (1, 2, 3, 4)
        ),
    )
    under_way = Sheet(again, (score_deal(again, 1, "Bob", {"Ann": 40, "Cat": 4, "Dan": 4}),))
    by_name = {p.name: p for p in evening([won_by_ann, under_way])}
    assert [(p.played, p.won, p.deals) for p in by_name.values()] == [
        (1, 1, 5),
        (1, 0, 5),
        (1, 0, 5),
        (1, 0, 5),
    ]
    assert by_name["Ann"].average == 8.0
    assert by_name["Bob"].average == 8.0
    assert by_name["Dan"].average == pytest.approx(124 / 5)


@given(
    st.sampled_from(["shanghai", "sa-kaluki", "telefunken", "farmers", "contract-rummy"]),
    st.integers(0, 6),
    st.dictionaries(st.integers(1, 7), st.integers(0, 9), max_size=7),
)
def test_a_buy_is_taken_exactly_while_some_are_left(variant, played, bought):  # R77
    tally = _tally(variant, {deal: {"Ann": n} for deal, n in bought.items()}, played)
    left = tally.left("Ann")
    assert left is None or left >= 0
    if left == 0:
        with pytest.raises(GameRuleError):
            tally.check_buy("Ann")
    else:
        assert tally.check_buy("Ann") == "Ann"


# --- The night's winner (R78) ---------------------------------------------------------------

THREE = ["Ann", "Bob", "Cat"]


def shanghai(went_out, points, deals=10):
    """A game of Shanghai for THREE, ``went_out`` going out of each of ``deals`` deals
    and the others holding ``points``."""
    table = Table.seat(get_ruleset("shanghai"), THREE)
    return Sheet(table, tuple(score_deal(table, n, went_out, points) for n in range(1, deals + 1)))


#: Ann wins game 1 narrowly and game 3, Bob game 2 by far.
ANN_NARROWLY = shanghai("Ann", {"Bob": 5, "Cat": 10})  # Ann 0, Bob 50, Cat 100
BOB_BY_FAR = shanghai("Bob", {"Ann": 50, "Cat": 5})  # Ann 500, Bob 0, Cat 50
ANN_AGAIN = shanghai("Ann", {"Bob": 5, "Cat": 5})  # Ann 0, Bob 50, Cat 50
CAT_UNDER_WAY = shanghai("Cat", {"Ann": 5, "Bob": 5}, deals=2)

#: (games, how the night is won) -> its winners, and whether a game is under way.
NIGHTS = {
    "the lowest evening total wins": ([ANN_NARROWLY, BOB_BY_FAR, ANN_AGAIN], "points", ["Bob"]),
    "or the most games won": ([ANN_NARROWLY, BOB_BY_FAR, ANN_AGAIN], "games", ["Ann"]),
    "games won alike: the evening total decides": ([ANN_NARROWLY, BOB_BY_FAR], "games", ["Bob"]),
    "totals alike: games won decide": (
        [ANN_NARROWLY, shanghai("Bob", {"Ann": 10, "Cat": 5}), ANN_AGAIN],
        "points",
        ["Ann"],  # Ann 100 and Bob 100; Ann won two games, Bob one
    ),
    "a game under way counts for nothing yet": (
        [ANN_NARROWLY, CAT_UNDER_WAY],
        "points",
        ["Ann"],
    ),
    "no finished game, no winner": ([CAT_UNDER_WAY], "points", []),
    "a tie shares the night": (
        [ANN_AGAIN, shanghai("Bob", {"Ann": 5, "Cat": 5})],
        "points",
        ["Ann", "Bob"],
    ),
}


@pytest.mark.parametrize(("games", "won_by", "winners"), NIGHTS.values(), ids=NIGHTS)
def test_who_wins_the_night(games, won_by, winners):  # R78
    assert list(night(games, won_by).winners) == winners


def test_the_night_counts_each_player_s_evening_total_of_finished_games():  # R78
    standing = night([ANN_NARROWLY, BOB_BY_FAR, CAT_UNDER_WAY])
    assert [(p.name, p.played, p.won, p.total) for p in standing.players] == [
        ("Ann", 2, 1, 500),
        ("Bob", 2, 1, 50),
        ("Cat", 2, 0, 150),
    ]
    assert standing.under_way and not night([ANN_NARROWLY]).under_way


def test_where_the_highest_total_wins_a_game_it_wins_the_night():  # R62, R78
    table = Table.seat(get_ruleset("jo"), THREE)
    deals = len(table.rules.deals)
    game = Sheet(
        table,
        tuple(score_deal(table, n, "Ann", {"Bob": 5, "Cat": 10}) for n in range(1, deals + 1)),
    )
    standing = night([game])
    assert standing.highest and standing.winners == ("Ann",)


def test_a_night_is_won_by_points_or_games_only():
    with pytest.raises(ValueError, match="deals"):
        night([ANN_NARROWLY], "deals")
