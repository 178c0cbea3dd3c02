"""A finished game leads to the next one, and the phone keeps a history (issue "At the
table", items 5 and 6): the winners by name, Play again, New game, wins per player."""

import re
import threading

import pytest
from sqlalchemy import func, select

from referee.rules import get_ruleset
from referee.rules.words import listed
from referee.storage.models import Game, db

from ..conftest import build_app, dispose
from .conftest import enter_deal, start_game, text


def finish(client, game, deals=5):
    """Five deals of Push where Ann's side (Ann and Cat) always goes out."""
    for _ in range(deals):
        enter_deal(client, game, 0, points_1="10", points_3="5")


def test_the_winners_are_named_not_their_side(client):
    game = start_game(client)
    finish(client, game)
    page = text(client.get(game))
    assert "★ Ann and Cat win with ---" in page or "★ Ann and Cat win with 0" in page


def test_a_player_on_their_own_wins_by_name(client):
    game = start_game(client, "push-solo")
    for _ in range(5):
        enter_deal(client, game, 0, points_1="10", points_2="5", points_3="5")
    assert "★ Ann wins with 0" in text(client.get(game))


def test_a_finished_game_offers_play_again_and_a_new_game(client):
    game = start_game(client)
    finish(client, game)
    page = client.get(game).data.decode()
    assert "Play again" in page
    assert 'href="/?variant=push"' in page and "New game" in page


def test_play_again_seats_the_same_players_the_next_one_dealing_first(client):
    game = start_game(client, **{"teams-0": "Us", "teams-1": "Them"})
    finish(client, game)
    response = client.post(f"{game}/again")
    assert response.status_code == 303
    new = response.headers["Location"]
    assert new != game
    page = text(client.get(new))
    assert "Enter deal 1" in page  # this phone keeps the new sheet
    # Bob deals first now; the teams keep their players and their names.
    assert "Them: Bob &amp; Dan · Us: Cat &amp; Ann" in page
    # The same options: partnerships and distinct suits in sets.
    assert re.search(r"Push</h1>", client.get(new).data.decode())


def test_play_again_tapped_twice_starts_one_game(client):
    game = start_game(client)
    finish(client, game)
    first = client.post(f"{game}/again").headers["Location"]
    again = client.post(f"{game}/again").headers["Location"]
    assert first == again


def test_play_again_keeps_the_variant_and_its_options(client):
    game = start_game(client, "shanghai", players=["Ann", "Bob", "Cat"])
    for _ in range(len(get_ruleset("shanghai").deals)):
        enter_deal(client, game, 0, points_1="10", points_2="5")
    new = client.post(f"{game}/again").headers["Location"]
    page = text(client.get(new))
    assert "Shanghai" in page and "Enter deal 1" in page
    assert "Bob, Cat, Ann" in text(client.get("/history"))


def test_a_game_still_playing_has_no_play_again(client):
    game = start_game(client)
    finish(client, game, deals=4)
    assert "Play again" not in text(client.get(game))
    assert client.post(f"{game}/again").headers["Location"] == game


def test_a_phone_that_follows_gets_new_game_not_play_again(app, client):
    game = start_game(client)
    finish(client, game)
    follower = app.test_client()
    page = text(follower.get(game))
    assert "New game" in page and "Play again" not in page


def test_the_history_lists_finished_games_with_winners_and_wins_per_player(client):
    first = start_game(client)
    finish(client, first)
    second = client.post(f"{first}/again").headers["Location"]
    for _ in range(5):  # Bob and Dan's side goes out each time now
        enter_deal(client, second, 0, points_1="10", points_3="5")
    start_game(client, players=["Eve", "Fay", "Gus", "Hal"])  # still being played
    history = client.get("/history").data.decode()
    page = text(client.get("/history"))
    assert "★ Ann and Cat win with" in page
    assert "★ Bob and Dan win with" in page
    assert "0 of 5 deals played" in page
    wins = {
        name: (int(played), int(won))
        for name, played, won in re.findall(
            r'<th scope="row"><bdi>([^<]+)</bdi></th><td>(\d+)</td><td>(\d+)</td>', history
        )
    }
    assert wins == {"Ann": (2, 1), "Bob": (2, 1), "Cat": (2, 1), "Dan": (2, 1)}


def test_the_history_of_a_new_phone_says_what_it_will_hold(client):
    assert "No games yet" in text(client.get("/history"))


def test_the_new_game_form_lists_seats_without_and_and(client):
    page = text(client.get("/?variant=push"))
    assert "Seats 1 and 3 play against the others" in page
    assert listed(["1", "3", "5"]) == "1, 3 and 5"
    assert "Seats 1, 3 and 5 play against the others" in text(client.get("/?variant=shove-it"))


@pytest.fixture
def stored_pages(database_uri):
    """The pages on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL."""
    app = build_app(database_uri, WTF_CSRF_ENABLED=False)
    yield app
    dispose(app)


@pytest.mark.parametrize("taps", [2, 10])
def test_play_again_tapped_many_times_at_once_starts_one_game(stored_pages, taps):
    phone = stored_pages.test_client()
    game = start_game(phone)
    finish(phone, game)
    cookie = phone.get_cookie("session").value
    start = threading.Barrier(taps)
    went = []

    def tap():
        same_phone = stored_pages.test_client()
        same_phone.set_cookie("session", cookie)
        start.wait()
        response = same_phone.post(f"{game}/again")
        went.append((response.status_code, response.headers.get("Location")))

    threads = [threading.Thread(target=tap) for _ in range(taps)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(went)) == 1, went
    status, new = went[0]
    assert status == 303 and new != game
    with stored_pages.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 2
    assert "Enter deal 1" in text(phone.get(new))  # the phone keeps the new game's key
