"""The paper sheet's habits in the storage, on every database the tests run on: a
correction counted for the sheet's trace; an undone deal kept, as it was, until Redo
puts it back or a new deal is saved; a game played again in the same seats with the
next first dealer (docs/rules.md#R78). Each write one transaction."""

import pytest

from referee.storage import deals, evenings, games
from referee.storage.deals import DealEntry, NothingToRedo
from referee.storage.models import db

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def stored(stored_app):
    with stored_app.app_context():
        yield


def push_game():
    game, key = games.create_game("push", FOUR)
    return game.id, key


def read(game_id):
    db.session.expire_all()  # read back from the database, not the session's copy
    return games.get_game(game_id)


def kept(game):
    return [
        (d.number, d.went_out, d.hands, d.bent_table, d.adjust, d.corrected) for d in game.deals
    ]


def test_a_correction_is_counted_and_a_new_deal_is_none(stored):
    game_id, key = push_game()
    deals.record_deal(game_id, key, DealEntry("Ann", {}, {"Bob": 5, "Dan": 5}))
    deals.record_deal(game_id, key, DealEntry("Bob", {}, {"Ann": 5, "Cat": 5}))
    deals.replace_deal(game_id, key, 1, DealEntry("Ann", {}, {"Bob": 10, "Dan": 5}))
    deals.replace_deal(game_id, key, 1, DealEntry("Ann", {}, {"Bob": 15, "Dan": 5}))
    assert [deal.corrected for deal in read(game_id).deals] == [2, 0]


def test_undo_then_redo_puts_the_deal_back_as_it_was(stored):
    game_id, key = push_game()
    deals.record_deal(game_id, key, DealEntry("Ann", {}, {"Bob": 5, "Dan": 5}))
    entry = DealEntry("Bob", {"Ann": ["AS", "KD"]}, {"Cat": 5}, adjust={"Dan": -10})
    deals.record_deal(game_id, key, entry)
    deals.replace_deal(game_id, key, 2, entry)
    before = kept(read(game_id))
    deals.undo_deal(game_id, key, 2)
    deals.undo_deal(game_id, key, 1)
    game = read(game_id)
    assert game.deals == [] and [deal["number"] for deal in game.undone] == [2, 1]
    deals.redo_deal(game_id, key)
    deals.redo_deal(game_id, key)
    game = read(game_id)
    assert kept(game) == before and game.undone is None
    with pytest.raises(NothingToRedo):
        deals.redo_deal(game_id, key)
    assert read(game_id).version == game.version  # refused: nothing written


def test_a_new_deal_saved_ends_what_redo_could_put_back(stored):
    game_id, key = push_game()
    deals.record_deal(game_id, key, DealEntry("Ann", {}, {"Bob": 5, "Dan": 5}))
    deals.undo_deal(game_id, key, 1)
    deals.record_deal(game_id, key, DealEntry("Bob", {}, {"Ann": 5, "Cat": 5}))
    assert read(game_id).undone is None
    with pytest.raises(NothingToRedo):
        deals.redo_deal(game_id, key)
    assert [deal.went_out for deal in read(game_id).deals] == ["Bob"]


def test_play_again_keeps_the_seats_and_passes_the_first_deal_on(make_app, database_uri):
    app = make_app(database_uri, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    data = {f"players-{i}": name for i, name in enumerate(FOUR)} | {"option_partnerships": "y"}
    first = client.post("/?variant=push", data=data).headers["Location"]
    for _ in range(5):
        client.post(
            f"{first}/deals/new",
            data={"went_out": "0", "points-1": "5", "points-3": "5", "save": "1"},
        )
    second = client.post(f"{first}/again").headers["Location"]
    with app.app_context():
        game = games.get_game(second.rsplit("/", 1)[1])
        assert (game.players, game.teams, game.first_dealer) == (FOUR, ["We", "They"], 1)


def test_how_the_night_is_won_is_kept_on_the_evening_s_first_game(stored):  # R78
    game_id, key = push_game()
    first = read(game_id)
    assert evenings.won_by([first]) == "points"  # the referee's way
    evenings.count_the_night_by(game_id, key, "games")
    assert read(game_id).evening_won_by == "games"
    with pytest.raises(games.EditRefused):
        evenings.count_the_night_by(game_id, "not-the-key", "points")
    with pytest.raises(ValueError, match="deals"):
        evenings.count_the_night_by(game_id, key, "deals")
    assert evenings.won_by([read(game_id)]) == "games"
