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


def test_play_again_seats_the_same_players_the_next_one_dealing_first(client):  # R78
    game = start_game(client, **{"teams-0": "Us", "teams-1": "Them"})
    finish(client, game)
    response = client.post(f"{game}/again")
    assert response.status_code == 303
    new = response.headers["Location"]
    assert new != game
    page = text(client.get(new))
    assert "Enter deal 1" in page  # this phone keeps the new sheet
    # Bob deals first now; the seats, the teams and their names are kept.
    assert "Deal 1 · Bob deals 6" in page
    assert "Us: Ann &amp; Cat · Them: Bob &amp; Dan" in page
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
    assert "Ann, Bob, Cat" in text(client.get("/history"))  # R78: in the same seats
    assert "Deal 1 · Bob deals 11" in page


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
        enter_deal(client, second, 1, points_0="10", points_2="5")
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


def posted_at_once(app, taps):
    """Each ``(cookie, address)`` posted by a phone with that cookie (None: a new
    phone), each in a thread of its own, all let go together: each answer's status
    and Location."""
    start = threading.Barrier(len(taps))
    went = []

    def tap(cookie, address):
        phone = app.test_client()
        if cookie:
            phone.set_cookie("session", cookie)
        start.wait()
        response = phone.post(address)
        went.append((response.status_code, response.headers.get("Location")))

    threads = [threading.Thread(target=tap, args=given) for given in taps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return went


@pytest.mark.parametrize("taps", [2, 10])
def test_play_again_tapped_many_times_at_once_starts_one_game(stored_pages, taps):
    phone = stored_pages.test_client()
    game = start_game(phone)
    finish(phone, game)
    cookie = phone.get_cookie("session").value
    went = posted_at_once(stored_pages, [(cookie, f"{game}/again")] * taps)
    assert len(set(went)) == 1, went
    status, new = went[0]
    assert status == 303 and new != game
    with stored_pages.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 2
    assert "Enter deal 1" in text(phone.get(new))  # the phone keeps the new game's key


def table_of_three(app):
    """A finished game and three phones at its table: the one that started it, one that
    joined it with the edit link, and one that keeps it to follow."""
    starter = app.test_client()
    game = start_game(starter)
    finish(starter, game)
    share = starter.get(f"{game}/share").data.decode()
    key = re.search(r'id="edit-link"><a href="[^"#]+/join#([^"]+)"', share).group(1)
    joiner, follower = app.test_client(), app.test_client()
    assert joiner.post(f"{game}/join", data={"key": key}).status_code == 303
    assert follower.post(f"{game}/keep").status_code == 303
    return game, starter, joiner, follower


def games_stored(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def test_phones_of_one_table_tapping_play_again_one_after_the_other_land_in_one_game(
    stored_pages,
):
    """The next game is the table's: the phone that joined lands where the one that
    started did, with the next game's edit key; a follower follows it."""
    game, starter, joiner, follower = table_of_three(stored_pages)
    new = starter.post(f"{game}/again").headers["Location"]
    assert new != game
    assert joiner.post(f"{game}/again").headers["Location"] == new
    assert follower.post(f"{game}/again").headers["Location"] == new
    assert starter.post(f"{game}/again").headers["Location"] == new
    assert games_stored(stored_pages) == 2
    assert "Enter deal 1" in text(starter.get(new))
    assert "Enter deal 1" in text(joiner.get(new))  # the joiner was handed the key
    assert "Enter deal 1" not in text(follower.get(new))
    assert "followed" in text(follower.get("/history"))
    assert "The evening: 2 games" in text(follower.get(f"{new}/evening"))


def test_a_follower_tapping_first_starts_nothing(stored_pages):
    """Only a phone that may change the game makes the next one; a follower's tap
    before it (a page left open) goes back to the sheet, and then finds it."""
    game, starter, _joiner, follower = table_of_three(stored_pages)
    assert follower.post(f"{game}/again").headers["Location"] == game
    assert games_stored(stored_pages) == 1
    new = starter.post(f"{game}/again").headers["Location"]
    assert follower.post(f"{game}/again").headers["Location"] == new


@pytest.mark.parametrize("taps", [1, 10])
def test_two_phones_tapping_play_again_at_once_start_one_game(stored_pages, taps):
    """Two phones of one table (the one that started the game and the one that joined
    it), each tapping ``taps`` times at once: one next game, both its editors."""
    game, starter, joiner, _follower = table_of_three(stored_pages)
    cookies = [phone.get_cookie("session").value for phone in (starter, joiner)]
    went = posted_at_once(stored_pages, [(cookie, f"{game}/again") for cookie in cookies * taps])
    assert len(set(went)) == 1, went
    status, new = went[0]
    assert status == 303 and new != game
    assert games_stored(stored_pages) == 2
    for phone in (starter, joiner):
        assert "Enter deal 1" in text(phone.get(new))


def test_a_follower_s_sheet_leads_to_the_next_game_once_the_table_plays_again(stored_pages):
    """Play again changes the game: a follower's poll is answered the sheet anew, with
    the way to the game the table went on to."""
    game, starter, _joiner, follower = table_of_three(stored_pages)
    poll = {"HX-Request": "true"}
    before = follower.get(game, headers=poll)
    assert "Next game" not in text(before)
    new = starter.post(f"{game}/again").headers["Location"]
    after = follower.get(game, headers=poll | {"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200
    assert f'href="{new}">Next game</a>' in after.data.decode()
    assert "Next game" not in text(starter.get(game))  # an editor's button plays again
