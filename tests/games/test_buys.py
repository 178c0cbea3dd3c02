"""Who deals and the buys of a game through the API (docs/rules.md#R76, R77; docs/api.md
"During a deal"): the dealer of each deal both ways round, buys counted and limited
by deal and by game, taken back, refused past a limit with nothing changed, and
two phones buying at once each counted once."""

import threading

import pytest

from .test_sheet import FOUR, Game

SHANGHAI_DEAL = {"went_out": "Ann", "points": {"Bob": 5, "Cat": 5, "Dan": 5}}


def buy(game, player, status=201, headers=None):
    response = game.client.post(
        f"/api/v1/games/{game.id}/buys",
        json={"player": player},
        headers=game.key | (headers or {}),
    )
    assert response.status_code == status, response.get_json()
    return response


def take_back(game, player, status=200, headers=None):
    response = game.client.delete(
        f"/api/v1/games/{game.id}/buys/{player}", headers=game.key | (headers or {})
    )
    assert response.status_code == status, response.get_json()
    return response


# --- Who deals (R76) ---------------------------------------------------------------------

#: game -> who deals deals 1 to 5, the players seated Ann, Bob, Cat, Dan.
DEALERS = {
    "Shanghai passes the deal to the left": ("shanghai", ["Ann", "Bob", "Cat", "Dan", "Ann"]),
    "Telefunken to the right": ("telefunken", ["Ann", "Dan", "Cat", "Bob", "Ann"]),
}


@pytest.mark.parametrize(("variant", "dealers"), DEALERS.values(), ids=DEALERS)
def test_the_game_says_who_deals_and_each_row_who_dealt(stored_client, variant, dealers):
    game = Game(stored_client, variant=variant)
    assert game.created["dealer"] == dealers[0]
    for number in range(1, 5):
        body = game.deal(**SHANGHAI_DEAL)
        assert body["dealer"] == dealers[number]
        assert [row["dealer"] for row in body["sheet"]] == dealers[:number]


def test_a_finished_game_has_no_dealer(stored_client):
    game = Game(stored_client, variant="king-rummy")
    for _ in range(4):
        body = game.deal(**SHANGHAI_DEAL)
    assert body["finished"] is True
    assert body["dealer"] is None
    assert [row["dealer"] for row in body["sheet"]] == FOUR


def test_a_table_may_pass_the_deal_the_other_way(stored_client):  # R76, a house rule
    game = Game(stored_client, variant="push", house={"deal_direction": "right"})
    assert game.deal(went_out="Ann", points={"Bob": 5, "Dan": 5})["dealer"] == "Dan"


# --- Buys (R77) --------------------------------------------------------------------------


def test_a_game_with_no_buys_yet_shows_none_and_what_is_left(stored_client):
    game = Game(stored_client, variant="shanghai")
    zero = dict.fromkeys(FOUR, 0)
    assert game.created["buys"] == {"deal": zero, "game": zero, "left": dict.fromkeys(FOUR, 3)}


def test_a_game_without_limits_counts_buys_and_shows_nothing_left(stored_client):
    game = Game(stored_client, variant="contract-rummy")
    for _ in range(5):
        buy(game, "Ann")
    assert game.get()["buys"] == {
        "deal": {"Ann": 5, "Bob": 0, "Cat": 0, "Dan": 0},
        "game": {"Ann": 5, "Bob": 0, "Cat": 0, "Dan": 0},
    }


def test_shanghai_three_buys_a_deal_the_fourth_refused_and_nothing_changed(stored_client):
    game = Game(stored_client, variant="shanghai")
    for left in (2, 1, 0):
        assert buy(game, "Ann").get_json()["buys"]["left"]["Ann"] == left
    before = game.client.get(f"/api/v1/games/{game.id}")
    refused = buy(game, "Ann", status=422)
    assert refused.get_json() == {"error": "Ann has used all 3 buys this deal"}
    after = game.client.get(f"/api/v1/games/{game.id}")
    assert after.get_json() == before.get_json()
    assert after.headers["ETag"] == before.headers["ETag"]
    buy(game, "Bob")  # the limit is each player's


def test_shanghai_buys_start_again_each_deal_and_the_last_deal_has_four(stored_client):
    game = Game(stored_client, variant="shanghai")
    for _ in range(3):
        buy(game, "Ann")
    body = game.deal(**SHANGHAI_DEAL)
    assert body["buys"]["deal"]["Ann"] == 0
    assert body["buys"]["game"]["Ann"] == 3
    assert body["buys"]["left"]["Ann"] == 3
    for _ in range(8):
        body = game.deal(**SHANGHAI_DEAL)
    assert body["buys"]["left"]["Ann"] == 4  # deal 10, the last (R77)
    for _ in range(4):
        buy(game, "Ann")
    buy(game, "Ann", status=422)


def test_telefunken_seven_chips_for_the_whole_game(stored_client):
    game = Game(stored_client, variant="telefunken")
    for _ in range(4):
        buy(game, "Cat")
    game.deal(went_out="Ann", points={"Bob": 5, "Cat": 5, "Dan": 5})
    for _ in range(3):
        buy(game, "Cat")
    refused = buy(game, "Cat", status=422)
    assert refused.get_json()["error"] == "Cat has used all 7 buys in this game"
    assert game.get()["buys"]["game"]["Cat"] == 7
    assert game.get()["buys"]["left"]["Cat"] == 0


def test_a_table_may_set_buys_for_any_game(stored_client):  # R77, a house rule
    game = Game(stored_client, variant="push", house={"buys": {"per_deal": 1}})
    buy(game, "Dan")
    assert buy(game, "Dan", status=422).get_json()["error"] == (
        "Dan has used the one buy allowed this deal"
    )


def test_a_buy_taken_back_and_none_left_to_take_back(stored_client):
    game = Game(stored_client, variant="shanghai")
    buy(game, "Ann")
    buy(game, "Ann")
    take_back(game, "Ann")
    assert game.get()["buys"]["deal"]["Ann"] == 1
    take_back(game, "Ann")
    assert game.get()["buys"]["deal"]["Ann"] == 0
    refused = take_back(game, "Ann", status=404)
    assert refused.get_json() == {"error": "Ann has no buy to take back in deal 1"}


def test_a_buy_changes_the_games_etag(stored_client):
    game = Game(stored_client, variant="shanghai")
    before = game.client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    after = buy(game, "Ann").headers["ETag"]
    assert after != before
    poll = game.client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": before})
    assert poll.status_code == 200


def test_buys_of_a_saved_deal_stay_with_it_and_come_back_when_it_is_undone(stored_client):
    game = Game(stored_client, variant="shanghai")
    buy(game, "Bob")
    buy(game, "Bob")
    game.deal(**SHANGHAI_DEAL)
    buy(game, "Bob")
    assert game.get()["buys"]["game"]["Bob"] == 3
    body = game.undo(1)
    assert body["buys"]["deal"]["Bob"] == 2  # deal 1 is being played again
    assert body["buys"]["game"]["Bob"] == 2
    assert game.deal(**SHANGHAI_DEAL)["buys"]["deal"]["Bob"] == 1


def test_a_buy_for_no_player_of_the_game_is_refused(stored_client):
    game = Game(stored_client, variant="shanghai")
    for response in (buy(game, "Zed", status=422), take_back(game, "Zed", status=422)):
        assert 'there is no player "Zed"' in response.get_json()["error"]


def test_a_finished_game_takes_no_buy(stored_client):
    game = Game(stored_client, variant="king-rummy")
    for _ in range(4):
        game.deal(**SHANGHAI_DEAL)
    for response in (buy(game, "Ann", status=409), take_back(game, "Ann", status=409)):
        assert "the game is over" in response.get_json()["error"]


def test_a_buy_needs_the_edit_key(stored_client):
    game = Game(stored_client, variant="shanghai")
    game.key = {"X-Edit-Key": "wrong"}
    buy(game, "Ann", status=403)
    take_back(game, "Ann", status=403)


def test_a_retried_buy_with_one_key_counts_once(stored_client):
    game = Game(stored_client, variant="shanghai")
    key = {"Idempotency-Key": "buy-ann-once-1"}
    first = buy(game, "Ann", headers=key)
    again = buy(game, "Ann", headers=key)
    assert again.get_json() == first.get_json()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert game.get()["buys"]["deal"]["Ann"] == 1
    other = buy(game, "Bob", status=409, headers=key)  # the same key, another request
    assert "Idempotency-Key" in other.get_json()["error"]


def test_a_retried_take_back_with_one_key_takes_back_one(stored_client):
    game = Game(stored_client, variant="shanghai")
    buy(game, "Ann")
    buy(game, "Ann")
    key = {"Idempotency-Key": "take-back-ann-1"}
    take_back(game, "Ann", headers=key)
    take_back(game, "Ann", headers=key)
    assert game.get()["buys"]["deal"]["Ann"] == 1


def test_a_buy_on_a_stale_game_is_refused_with_the_game_as_it_is(stored_client):
    game = Game(stored_client, variant="shanghai")
    seen = game.client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    buy(game, "Bob")
    stale = buy(game, "Ann", status=412, headers={"If-Match": seen})
    assert stale.get_json()["game"]["buys"]["deal"] == {"Ann": 0, "Bob": 1, "Cat": 0, "Dan": 0}
    take_back(game, "Bob", status=412, headers={"If-Match": seen})


@pytest.mark.parametrize("players", [["Ann", "Ann"], ["Ann", "Bob"]], ids=["one player", "two"])
def test_two_phones_buying_at_once_are_each_counted_once(stored_app, players):
    """Two threads, as two phones, buy at the same moment: each buy is counted, none
    lost and none twice, whoever writes first (the game's row is locked)."""
    client = stored_app.test_client()
    game = Game(client, variant="contract-rummy")
    start = threading.Barrier(len(players) * 4)
    statuses = []

    def tap(player):
        phone = stored_app.test_client()
        start.wait()
        response = phone.post(
            f"/api/v1/games/{game.id}/buys", json={"player": player}, headers=game.key
        )
        statuses.append(response.status_code)

    taps = [threading.Thread(target=tap, args=(p,)) for p in players * 4]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()
    assert statuses == [201] * len(taps)
    bought = game.get()["buys"]["deal"]
    assert sum(bought.values()) == len(taps)
    assert all(bought[p] == players.count(p) * 4 for p in set(players))


def test_a_player_whose_name_holds_a_slash_buys_and_takes_back(stored_client):
    game = Game(stored_client, variant="shanghai", players=["Ann/Bo", "Cat", "Dan"])
    buy(game, "Ann/Bo")
    assert take_back(game, "Ann%2FBo").get_json()["buys"]["deal"]["Ann/Bo"] == 0
