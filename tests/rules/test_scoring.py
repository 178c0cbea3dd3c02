"""Penalty points: card values and a hand's points (R28, R29)."""

import pytest

from referee.rules import PackError, get_ruleset, parse_cards, score_hand

PUSH_VALUES = {  # R28
    "3S": 5, "4H": 5, "5D": 5, "6C": 5, "7S": 5, "8H": 5, "9D": 5,
    "10C": 10, "JS": 10, "QH": 10, "KD": 10, "AC": 15, "2S": 20, "JK": 20,
}  # fmt: skip
SHOVE_IT_VALUES = {  # R29: a joker is 50, the later, more specific line
    "3S": 5, "4H": 5, "5D": 5, "6C": 5, "7S": 5, "8H": 10, "9D": 10,
    "10C": 10, "JS": 10, "QH": 10, "KD": 10, "AC": 20, "2S": 20, "JK": 50,
}  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "values"),
    [
        ("push", PUSH_VALUES),
        ("push-solo", PUSH_VALUES),
        ("cap-it", PUSH_VALUES),
        ("shove-it", SHOVE_IT_VALUES),
    ],
)
def test_each_card_is_worth_its_variants_value(variant, values):
    score = score_hand(parse_cards(list(values)), get_ruleset(variant))
    assert {str(card): points for card, points in score.cards} == values
    assert score.points == sum(values.values())


@pytest.mark.parametrize(
    ("variant", "hand", "points"),
    [
        ("push", "AS KD 7C JK", 50),  # docs/api.md's example
        ("shove-it", "AS KD 7C JK", 85),
        ("push", "", 0),  # an empty hand scores 0
        ("push", "JK JK JK JK", 80),
        ("shove-it", "JK JK JK JK", 200),
    ],
)
def test_a_hands_points(variant, hand, points):
    assert score_hand(parse_cards(hand), get_ruleset(variant)).points == points


def test_a_hand_is_checked_against_the_pack():  # R3
    with pytest.raises(PackError):
        score_hand(parse_cards("7H 7H 7H"), get_ruleset("push"))
    assert score_hand(parse_cards("7H 7H 7H"), get_ruleset("push-solo"), players=5).points == 15


# --- Deals, the sheet and the pot (R30-R34), without a database -------------------------

from referee.rules import GameRuleError, RulesError  # noqa: E402
from referee.rules.scoring import Pot, Sheet, Table, score_deal  # noqa: E402

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def table(variant="push", players=FOUR, **options):
    return Table.seat(get_ruleset(variant, options), players)


@pytest.mark.parametrize(
    ("variant", "options", "went_out", "hands", "sides"),
    [
        ("push", {}, "Ann", {"Bob": 25, "Dan": 10}, {"We": 0, "They": 35}),  # R30
        ("push", {}, "Ann", {"Bob": 25, "Dan": 10, "Cat": 40}, {"We": 0, "They": 35}),  # R30: partner's cards do not count
        ("push", {}, None, {"Ann": 5, "Bob": 25, "Cat": 10, "Dan": 10}, {"We": 15, "They": 35}),  # R27, R30
        ("push", {"partnerships": False}, "Ann", {"Bob": 25, "Cat": 5, "Dan": 10}, {"Ann": 0, "Bob": 25, "Cat": 5, "Dan": 10}),  # R31
        ("push-solo", {}, "Bob", {"Ann": parse_cards("JK AS"), "Cat": 10, "Dan": 5}, {"Ann": 35, "Bob": 0, "Cat": 10, "Dan": 5}),  # R28, R31
        ("shove-it", {}, "Bob", {"Ann": parse_cards("JK AS"), "Cat": 5}, {"We": 75, "They": 0}),  # R29
    ],
)  # fmt: skip
def test_what_a_deal_adds_to_each_side(variant, options, went_out, hands, sides):
    assert score_deal(table(variant, **options), 1, went_out, hands).sides == sides


def test_a_deal_s_cards_dealt_follow_the_ruleset():
    assert score_deal(table("push"), 3, "Ann", {"Bob": 5, "Dan": 5}).cards_dealt == 8
    assert (
        score_deal(table("push", ten_cards=True), 3, "Ann", {"Bob": 5, "Dan": 5}).cards_dealt == 10
    )


@pytest.mark.parametrize(
    ("went_out", "hands", "error"),
    [
        ("Zed", {"Bob": 5, "Dan": 5}, 'there is no player "Zed" in this game'),
        ("Ann", {"Bob": 5}, "Dan scores in deal 1"),
        ("Ann", {"Ann": parse_cards("7H"), "Bob": 5, "Dan": 5}, "Ann went out, so Ann has no cards left"),
        ("Ann", {"Bob": parse_cards("7H 7H"), "Dan": parse_cards("7H")}, "there are three 7H here"),  # R3
        ("Ann", {"Bob": 12, "Dan": 5}, "cannot be a hand in Push: every card is worth a multiple of 5"),
        (None, {"Ann": 5, "Bob": 0, "Cat": 5, "Dan": 5}, "Bob cannot score 0 in deal 1: the stock ran out"),  # R27
        (None, {"Ann": 5, "Bob": 5, "Cat": parse_cards(""), "Dan": 5}, "Cat cannot score 0 in deal 1"),  # R27: no empty hand
    ],
)  # fmt: skip
def test_a_deal_the_rules_cannot_score(went_out, hands, error):
    with refused(GameRuleError, error):
        score_deal(table(), 1, went_out, hands)


@pytest.mark.parametrize(
    ("players", "teams", "error"),
    [
        (["Ann", "Bob", "Cat"], None, "Push is for 4 players, not 3"),
        (["Ann", "", "Cat", "Dan"], None, "a player needs a name"),
        (["A\x00nn", "Bob", "Cat", "Dan"], None, "a character that cannot be shown"),
        (["Ann", "Bo\nb", "Cat", "Dan"], None, "a character that cannot be shown"),
        (["Ann", "Bob\u202e", "Cat", "Dan"], None, "a character that cannot be shown"),
        (FOUR, ["We\x7f", "They"], "a character that cannot be shown"),
        (["Ann", "Bob", "ANN", "Dan"], None, 'two players are called "ANN"'),
        (FOUR, ["We"], "give two team names"),
    ],
)
def test_a_table_that_cannot_be_seated(players, teams, error):
    with refused(RulesError, error):
        Table.seat(get_ruleset("push"), players, teams)


def test_names_may_be_any_script_and_emoji_built_with_joiners():
    names = ["Zoë", "Ωμέγα", "王芳", "👨\u200d👩\u200d👧"]
    assert Table.seat(get_ruleset("push"), names).players == tuple(names)


def test_the_sheet_runs_totals_and_names_the_lowest_as_winner():  # R32, R34
    seated = table("shove-it")
    deals = [
        score_deal(seated, 1, "Ann", {"Bob": 35, "Dan": 5}),
        score_deal(seated, 2, "Bob", {"Ann": 60, "Cat": 60}),
        score_deal(seated, 3, "Cat", {"Bob": 55, "Dan": 5}),
        score_deal(seated, 4, "Dan", {"Ann": 175, "Cat": 5}),
        score_deal(seated, 5, "Ann", {"Bob": 175, "Dan": 5}),
    ]
    sheet = Sheet(seated, tuple(deals))
    assert [tuple(row.values()) for row in sheet.running] == [
        (0, 40), (120, 40), (120, 100), (300, 100), (300, 280),
    ]  # fmt: skip
    assert sheet.finished
    assert sheet.winners == ["They"]
    assert Sheet(seated, tuple(deals[:4])).winners == []


def test_the_pot_pays_whoever_goes_out_and_the_rest_to_the_winners():  # R33
    seated = table("cap-it")
    deals = tuple(
        score_deal(seated, n, out, {p: 5 * n for p in FOUR if p != out})
        for n, out in enumerate(["Ann", None, "Bob", "Ann", "Cat"], start=1)
    )
    assert Pot(stake=4, payout=3).account(Sheet(seated, deals)) == {
        "paid_in": 16,
        "paid_out": {"Ann": 6, "Bob": 3, "Cat": 3},
        "left": 4,
        "winner_share": {"Ann": 2, "Cat": 2},  # a tie on 50 shares it (R32)
    }


@pytest.mark.parametrize(
    ("stake", "payout", "error"),
    [
        (-1, 5, "the pot's stake is a whole number from 0 to 1,000,000, not -1"),
        (10, 1_000_001, "the pot's payout is a whole number from 0 to 1,000,000"),
        (2**63, 0, "not 9,223,372,036,854,775,808"),
    ],
)
def test_a_pot_is_from_nothing_to_a_million(stake, payout, error):  # R33
    with refused(RulesError, error):
        Pot(stake, payout)
    assert Pot(0, 1_000_000).payout == 1_000_000


# --- The table's bonuses and penalties of a deal (R75) -----------------------------------

from referee.rules.scoring import Adjustment, deal_so_far  # noqa: E402

from .notation import refused  # noqa: E402

EXACT_CUT = Adjustment(-10, "exact cut")


@pytest.mark.parametrize(
    ("variant", "went_out", "hands", "adjust", "sides"),
    [
        # The player who went out may get one too; the side's total takes it.
        ("push", "Ann", {"Bob": 25, "Dan": 10}, {"Ann": EXACT_CUT}, {"We": -10, "They": 35}),
        ("push", "Ann", {"Bob": 25, "Dan": 10}, {"Bob": Adjustment(20), "Dan": Adjustment(-5)}, {"We": 0, "They": 50}),
        ("push-solo", None, {"Ann": 5, "Bob": 10, "Cat": 15, "Dan": 20}, {"Cat": EXACT_CUT}, {"Ann": 5, "Bob": 10, "Cat": 5, "Dan": 20}),
        # R62: in Jo the one out takes the others' cards; a bonus is added as it is.
        ("jo", "Ann", {"Bob": 10, "Cat": 20}, {"Bob": Adjustment(5)}, {"Ann": 30, "Bob": 5, "Cat": 0}),
        ("push", "Ann", {"Bob": 25, "Dan": 10}, {"Bob": Adjustment(0, "nothing")}, {"We": 0, "They": 35}),
    ],
)  # fmt: skip
def test_a_bonus_or_penalty_counts_on_its_players_side(variant, went_out, hands, adjust, sides):
    seated = table(variant, FOUR[:3]) if variant == "jo" else table(variant)
    deal = score_deal(seated, 1, went_out, hands, adjust=adjust)
    assert dict(deal.sides) == sides
    assert dict(deal.adjust) == adjust
    assert deal_so_far(seated, 1, went_out, hands, adjust=adjust).sides == sides


def test_a_bonus_is_not_in_the_players_cards():  # R75
    deal = score_deal(table(), 1, "Ann", {"Bob": 25, "Dan": 10}, adjust={"Bob": EXACT_CUT})
    assert dict(deal.players) == {"Ann": None, "Bob": 25, "Cat": None, "Dan": 10}


def test_a_bent_table_doubles_the_cards_not_the_bonus():  # R63, R75
    seated = table("caribbean-kalooki", FOUR[:3])
    deal = score_deal(seated, 1, "Ann", {"Bob": 10, "Cat": 5}, True, adjust={"Bob": Adjustment(7)})
    assert dict(deal.sides) == {"Ann": 0, "Bob": 27, "Cat": 10}


def test_the_sheet_and_its_winner_follow_the_bonuses():  # R32, R75
    seated = table()
    deals = [score_deal(seated, n, "Bob", {"Ann": 10, "Cat": 5}) for n in range(1, 5)]
    deals.append(
        score_deal(seated, 5, "Bob", {"Ann": 10, "Cat": 5}, adjust={"Ann": Adjustment(-100)})
    )
    sheet = Sheet(seated, tuple(deals))
    assert sheet.running[-2:] == [{"We": 60, "They": 0}, {"We": -25, "They": 0}]
    assert sheet.winners == ["We"]


@pytest.mark.parametrize(
    ("adjust", "error"),
    [
        ({"Eve": Adjustment(5)}, 'there is no player "Eve" to give points to; the players are Ann, Bob, Cat, Dan'),
        ({"Bob": Adjustment(1001)}, "Bob's bonus or penalty must be a whole number from -1000 to 1000"),
        ({"Bob": Adjustment(True)}, "Bob's bonus or penalty must be a whole number"),
        ({"Bob": Adjustment(5, "x" * 41)}, "the reason for Bob's points is 40 characters at most"),
        ({"Bob": Adjustment(5, "a\nb")}, "the reason for Bob's points holds a character that cannot be shown"),
        ({"Bob": Adjustment(5), "Bob ": Adjustment(5)}, "Bob's bonus or penalty is given twice"),
    ],
)  # fmt: skip
def test_a_bonus_out_of_bounds_is_input_the_referee_cannot_take(adjust, error):  # R75
    with refused(RulesError, error) as raised:
        deal_so_far(table(), 1, "Ann", {"Bob": 5, "Dan": 5}, adjust=adjust)
    assert not isinstance(raised.value, GameRuleError)  # a 400, not a rule broken


def test_a_reason_is_trimmed_and_may_be_left_out():  # R75
    deal = score_deal(
        table(), 1, "Ann", {"Bob": 5, "Dan": 5}, adjust={" Bob ": Adjustment(5, " cut ")}
    )
    assert dict(deal.adjust) == {"Bob": Adjustment(5, "cut")}
