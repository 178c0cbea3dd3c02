"""A game keeps its house rules for good, and a deal its bonuses and penalties
(docs/rules.md#R73, R75): the storage, without HTTP, on every database the tests run on."""

from dataclasses import replace
from types import MappingProxyType

import pytest
from sqlalchemy import func, select, update

from referee.rules import (
    Ace,
    GameRuleError,
    HouseRulesError,
    RulesError,
    UnplayableRulesError,
    get_ruleset,
    house_rules_of,
)
from referee.rules import variants as variants_module
from referee.rules.scoring import Adjustment
from referee.rules.words import ENGLISH
from referee.storage import deals, export, games
from referee.storage.deals import DealEntry
from referee.storage.models import Game, db

THREE = ["Ann", "Bob", "Cat"]
FOUR = ["Ann", "Bob", "Cat", "Dan"]
#: docs/rules.md#house-rules's Grandma's Liverpool: sequences of three, aces round the corner, jokers 25.
GRANDMAS = {"run_min": 3, "ace": "around", "values": {"JK": 25}}


@pytest.fixture
def stored(stored_app):
    """An app context on a fresh database of each kind."""
    with stored_app.app_context():
        yield


def start(variant="contract-rummy", players=THREE, **more):
    game, key = games.create_game(variant, players, **more)
    db.session.expire_all()  # read back from the database, not the session's copy
    return games.get_game(game.id), key


def games_stored():
    return db.session.scalar(select(func.count()).select_from(Game))


# --- House rules (R68, R71, R73) -----------------------------------------------------------


def test_a_game_keeps_its_house_rules_as_given_and_every_rule_they_make(stored):
    game, _ = start(house=GRANDMAS)
    table = get_ruleset("contract-rummy", house=GRANDMAS)
    assert game.house == GRANDMAS
    assert game.rules == house_rules_of(table)
    rules = games.rules_of(game)
    assert rules == table
    assert (rules.run_min, rules.ace, rules.card_values.as_dict()["JK"]) == (3, Ace.AROUND, 25)


def test_a_game_without_house_rules_keeps_the_books(stored):
    game, _ = start(options={"twos_wild": True})
    book = get_ruleset("contract-rummy", {"twos_wild": True})
    assert game.house == {}
    assert game.rules == house_rules_of(book)
    assert games.rules_of(game) == book


def test_a_game_started_before_house_rules_reads_its_preset_as_always(stored):
    game, _ = start("push", FOUR, options={"ten_cards": True})
    db.session.execute(update(Game).values(house=None, rules=None))
    db.session.commit()
    db.session.expire_all()
    old = games.get_game(game.id)
    assert games.rules_of(old) == get_ruleset("push", {"ten_cards": True})
    assert games.house_again(old) == {}


@pytest.mark.parametrize(
    ("house", "refusal", "key"),
    [
        ({"run_mins": 3}, HouseRulesError, "run_mins"),  # R71: an unknown key
        ({"run_min": "3"}, HouseRulesError, "run_min"),  # R71: a wrong type
        ({"run_min": 9}, HouseRulesError, "run_min"),  # R71: out of range
        ({"run_min": 5}, UnplayableRulesError, "run_min"),  # R71: deal 2's run of four
        ({"players": [2]}, UnplayableRulesError, "players"),  # R71: three play here
    ],
)
def test_house_rules_refused_store_nothing(stored, house, refusal, key):
    with pytest.raises(refusal) as refused:
        games.create_game("contract-rummy", THREE, house=house)
    assert refused.value.key == key
    assert key in ENGLISH.reason(refused.value.reason)
    assert games_stored() == 0


def test_a_games_rules_do_not_change_when_its_preset_does(stored, monkeypatch):  # R73
    game, _ = start(house={"values": {"JK": 25}})
    kept = games.rules_of(game)
    variant = variants_module.VARIANTS["contract-rummy"]
    changed = replace(
        variant, base=replace(variant.base, run_min=5, contract_runs_gap=2, winner="highest")
    )
    monkeypatch.setattr(
        variants_module,
        "VARIANTS",
        MappingProxyType({**variants_module.VARIANTS, variant.id: changed}),
    )
    games.kept_rules.cache_clear()  # built afresh from the preset as it is now
    assert get_ruleset("contract-rummy").run_min == 5  # the preset did change
    db.session.expire_all()
    again = games.get_game(game.id)
    assert games.rules_of(again) == kept
    assert games.sheet_of(again).table.rules == kept
    # Play again keeps the rules the game plays, not the preset's new ones.
    house = games.house_again(again)
    assert get_ruleset("contract-rummy", house=house) == kept
    games.kept_rules.cache_clear()


def test_a_game_keeps_its_joker_exchange(stored):  # R73, R79
    game, _ = start("loba", ["Ann", "Bob", "Cat"], house={"joker_exchange": "to_hand"})
    assert game.rules["joker_exchange"] == "to_hand"
    assert games.rules_of(game).joker_exchange == "to_hand"


def test_a_game_is_read_with_the_rules_it_kept_whatever_a_later_check_says(stored):  # R73
    # Rules a game was started with stay its rules: a check of R71 added later, which
    # would refuse them for a new game, never stops a game being played.
    game, _ = start("push", FOUR)
    kept = dict(game.rules)
    kept["deals"] = [{"cards": 7, "contract": []}]  # what R71 refuses today
    db.session.execute(update(Game).values(rules=kept))
    db.session.commit()
    db.session.expire_all()
    with pytest.raises(UnplayableRulesError):
        get_ruleset("push", house={"deals": kept["deals"]})
    old = games.get_game(game.id)
    assert [deal.contract for deal in games.rules_of(old).deals] == [()]


def test_play_again_keeps_the_house_rules_as_given(stored):
    game, _ = start(house=GRANDMAS)
    assert games.house_again(game) == GRANDMAS


# --- Bonuses and penalties of a deal (R75) ---------------------------------------------------


def push_game():
    game, key = start("push", FOUR)
    return game.id, key


def test_a_deal_keeps_its_bonuses_and_they_count_on_its_side(stored):
    game_id, key = push_game()
    entry = DealEntry(
        "Ann",
        {},
        {"Bob": 25, "Dan": 10},
        adjust={"Ann": -10, " Bob": 20},
        adjust_reasons={"Ann": "exact cut"},
    )
    deals.record_deal(game_id, key, entry)
    db.session.expire_all()
    game = games.get_game(game_id)
    assert game.deals[0].adjust == {
        "Ann": {"points": -10, "reason": "exact cut"},
        "Bob": {"points": 20},
    }
    sheet = games.sheet_of(game)
    (deal,) = sheet.deals
    assert deal.adjust == {"Ann": Adjustment(-10, "exact cut"), "Bob": Adjustment(20)}
    assert dict(deal.players) == {"Ann": None, "Bob": 25, "Cat": None, "Dan": 10}  # the cards
    assert dict(deal.sides) == {"We": -10, "They": 55}
    assert sheet.totals == {"We": -10, "They": 55}
    assert export.sheet_csv_rows(game)[1] == [1, 6, -10, 55]


def test_a_deal_without_bonuses_keeps_none(stored):
    game_id, key = push_game()
    deals.record_deal(game_id, key, DealEntry("Ann", {}, {"Bob": 25, "Dan": 10}))
    db.session.expire_all()
    assert games.get_game(game_id).deals[0].adjust is None


def test_bonuses_are_corrected_and_undone_with_their_deal(stored):
    game_id, key = push_game()
    deals.record_deal(game_id, key, DealEntry("Ann", {}, {"Bob": 5, "Dan": 5}, adjust={"Bob": 50}))
    deals.record_deal(game_id, key, DealEntry("Bob", {}, {"Ann": 5, "Cat": 5}, adjust={"Ann": -5}))
    corrected = DealEntry(
        "Ann", {}, {"Bob": 5, "Dan": 5}, adjust={"Dan": 15}, adjust_reasons={"Dan": "late"}
    )
    deals.replace_deal(game_id, key, 1, corrected)
    db.session.expire_all()
    game = games.get_game(game_id)
    assert game.deals[0].adjust == {"Dan": {"points": 15, "reason": "late"}}
    assert games.sheet_of(game).running == [{"We": 0, "They": 25}, {"We": 5, "They": 25}]
    deals.undo_deal(game_id, key, 2)
    deals.replace_deal(game_id, key, 1, DealEntry("Ann", {}, {"Bob": 5, "Dan": 5}))
    db.session.expire_all()
    game = games.get_game(game_id)
    assert [deal.adjust for deal in game.deals] == [None]
    assert games.sheet_of(game).totals == {"We": 0, "They": 10}


def test_the_winner_follows_the_bonuses(stored):  # R32, R75
    game_id, key = push_game()
    for number in range(1, 6):
        bonus = {"Ann": -100} if number == 5 else {}
        deals.record_deal(game_id, key, DealEntry("Bob", {}, {"Ann": 10, "Cat": 5}, adjust=bonus))
    sheet = games.sheet_of(games.get_game(game_id))
    assert sheet.totals == {"We": -25, "They": 0}
    assert sheet.winners == ["We"]


def test_a_bent_table_doubles_the_cards_not_the_bonuses(stored):  # R63, R75
    game, key = start("caribbean-kalooki", THREE)
    entry = DealEntry("Ann", {}, {"Bob": 10, "Cat": 5}, bent_table=True, adjust={"Bob": 7})
    deals.record_deal(game.id, key, entry)
    (deal,) = games.sheet_of(games.get_game(game.id)).deals
    assert dict(deal.sides) == {"Ann": 0, "Bob": 27, "Cat": 10}


@pytest.mark.parametrize(
    ("adjust", "reasons", "refusal", "sentence"),
    [
        ({"Eve": 5}, {}, RulesError, 'there is no player "Eve" to give points to'),
        ({"Bob": 1001}, {}, RulesError, "a whole number from -1000 to 1000"),
        ({"Bob": -1001}, {}, RulesError, "a whole number from -1000 to 1000"),
        ({"Bob": 5}, {"Bob": "x" * 41}, RulesError, "40 characters at most"),
        ({"Bob": 5}, {"Bob": "cut\x00"}, RulesError, "cannot be shown"),
        (
            {"Bob": 5},
            {"Dan": "cut"},
            RulesError,
            "a reason is given for Dan's points, but no points",
        ),
        ({"Bob": 5, " Bob": 5}, {}, RulesError, "given twice"),
    ],
)
def test_bonuses_out_of_bounds_record_nothing(stored, adjust, reasons, refusal, sentence):
    game_id, key = push_game()
    entry = DealEntry("Ann", {}, {"Bob": 5, "Dan": 5}, adjust=adjust, adjust_reasons=reasons)
    with pytest.raises(refusal) as refused:
        deals.record_deal(game_id, key, entry)
    assert not isinstance(refused.value, GameRuleError)  # malformed input: a 400 in the API
    assert sentence in ENGLISH.reason(refused.value.reason)
    db.session.expire_all()
    assert games.get_game(game_id).deals == []
