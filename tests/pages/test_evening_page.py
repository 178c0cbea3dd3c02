"""The evening (docs/rules.md#R78): games played with Play again make one, whose page
shows each game's winner and totals and each player's games played and won and
points a deal, with a chart of each game's running totals; the sheet has the same
chart under it; anyone with a game's link reads it."""

import html
import re

from .conftest import enter_deal, start_game, text

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def king_rummy_won_by_ann(client):
    """A game of King Rummy (four deals) Ann goes out of every time."""
    game = start_game(client, "king-rummy", FOUR)
    for _ in range(4):
        enter_deal(client, game, 0, points_1="10", points_2="20", points_3="5")
    return game


def play_again(client, game):
    again = client.post(f"{game}/again")
    assert again.status_code == 303
    return again.headers["Location"]


def test_play_again_makes_an_evening_of_the_games(client):  # R78
    first = king_rummy_won_by_ann(client)
    second = play_again(client, first)
    enter_deal(client, second, 1, points_0="5", points_2="7", points_3="20")  # Bob out
    page = text(client.get(f"{second}/evening"))
    assert "The evening: 2 games" in page
    assert "Game 1: King Rummy ★ Ann wins with 0 Ann 0 · Bob 40 · Cat 80 · Dan 20" in page
    assert (
        "Game 2: King Rummy (this one) 1 of 4 deals played Ann 5 · Bob 0 · Cat 7 · Dan 20" in page
    )
    # Played, won and the evening total count finished games; points a deal, every
    # deal played.
    assert "★ Ann 1 1 --- 1.0 Bob 1 0 40 8.0 Cat 1 0 80 17.4 Dan 1 0 20 8.0" in page
    assert "★ Ann leads the night; a game is still under way." in page
    assert text(client.get(f"{first}/evening")) == page.replace(" (this one)", "", 1).replace(
        "Game 1: King Rummy ★", "Game 1: King Rummy (this one) ★", 1
    )


def test_each_game_of_the_evening_has_its_chart_said_in_words(client):
    first = king_rummy_won_by_ann(client)
    second = play_again(client, first)
    html = client.get(f"{second}/evening").data.decode()
    charts = re.findall(r'<svg [^>]*role="img" aria-labelledby="(chart-\d)-title \1-desc"', html)
    assert charts == ["chart-1"]  # the second game has no deal yet
    assert (
        '<desc id="chart-1-desc">Running totals after each deal. Ann: 0, 0, 0, 0. '
        "Bob: 10, 20, 30, 40. Cat: 20, 40, 60, 80. Dan: 5, 10, 15, 20.</desc>"
    ) in html


def test_the_sheet_has_the_chart_under_it(client):
    game = start_game(client, "shanghai", FOUR)
    assert "<svg" not in client.get(game).data.decode()  # no deal, no chart
    enter_deal(client, game, 1, points_0="15", points_2="30", points_3="45")
    html = client.get(game).data.decode()
    assert '<title id="sheet-chart-title">Running totals of this game</title>' in html
    assert "Running totals after each deal. Ann: 15. Bob: 0. Cat: 30. Dan: 45." in html
    assert html.count('class="series s') == 2 * 4  # a line and its key a side


def test_anyone_with_a_game_s_link_reads_its_evening(app, client):
    first = king_rummy_won_by_ann(client)
    second = play_again(client, first)
    stranger = app.test_client()
    page = stranger.get(f"{second}/evening")
    assert page.status_code == 200
    assert "The evening: 2 games" in text(page)
    assert "<form" not in page.data.decode()  # read only
    assert stranger.get("/games/no-such-game/evening").status_code == 404


def test_the_evening_is_linked_from_the_sheet_and_the_history(client):
    first = king_rummy_won_by_ann(client)
    assert f'href="{first}/evening"' in client.get(first).data.decode()  # a finished game
    second = play_again(client, first)
    assert f'href="{second}/evening"' in client.get(second).data.decode()
    assert f'href="{second}/evening"' in client.get("/history").data.decode()


def test_a_game_not_played_again_is_an_evening_of_one(client):
    game = king_rummy_won_by_ann(client)
    page = text(client.get(f"{game}/evening"))
    assert "The evening: 1 game" in page
    assert "★ Ann 1 1 --- 0.0" in page
    assert "★ Ann wins the night." in page
    assert "1 game so far: the next starts with Play again at its end." in page
    assert "each started" not in page  # one game is no series yet


# --- The night's winner, and each player's colour (R78) ----------------------------------

SPANISH = {"Accept-Language": "es-CL,es;q=0.9"}


def king_rummy(client, game, went_out, **points):
    """Four deals of King Rummy, ``went_out`` (a seat) going out of each."""
    for _ in range(4):
        enter_deal(client, game, went_out, **points)


def test_the_night_goes_to_the_lowest_evening_total(client):  # R78
    first = start_game(client, "king-rummy", FOUR)
    king_rummy(client, first, 0, points_1="5", points_2="5", points_3="5")  # Ann by 20
    second = play_again(client, first)
    heads = re.findall(r'<th scope="col" title="([^"]+)"', client.get(second).data.decode())
    seats = heads[1:]  # after the deals' own
    # Bob goes out of every deal of game 2, and Ann holds 50 each time.
    held = {f"points_{seats.index(name)}": "5" for name in ("Cat", "Dan")}
    king_rummy(
        client, second, seats.index("Bob"), **held, **{f"points_{seats.index('Ann')}": "50"}
    )
    page = html.unescape(text(client.get(f"{second}/evening")))
    # Ann 200, Bob 20, Cat 40, Dan 40: one game won each for Ann and Bob.
    assert "Ann 2 1 200" in page and "★ Bob 2 1 20" in page
    assert "★ Bob wins the night." in page
    assert (
        "The night goes to the lowest evening total, the finished games' totals added up; "
        "a tie, to the most games won."
    ) in page
    spanish = text(client.get(f"{second}/evening", headers=SPANISH))
    assert "★ Bob gana la noche." in spanish
    assert "La noche es para el total de la noche más bajo" in spanish


def test_a_tie_shares_the_night(client):  # R78
    game = start_game(client, "king-rummy", FOUR)
    enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    enter_deal(client, game, 1, points_0="5", points_2="5", points_3="5")
    enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    enter_deal(client, game, 1, points_0="5", points_2="5", points_3="5")
    page = text(client.get(f"{game}/evening"))
    assert "★ Ann and Bob win the night." in page
    assert "★ Ann y Bob ganan la noche." in text(client.get(f"{game}/evening", headers=SPANISH))


def test_no_winner_of_the_night_before_a_game_is_finished(client):
    game = start_game(client, "king-rummy", FOUR)
    enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    page = text(client.get(f"{game}/evening"))
    assert "The night goes to the lowest evening total" in page  # how it is won is said
    assert "wins the night." not in page and "leads the night" not in page


def test_each_player_keeps_one_colour_from_one_game_s_chart_to_the_next(client):  # R78
    first = king_rummy_won_by_ann(client)
    second = play_again(client, first)
    enter_deal(client, second, 1, points_0="5", points_2="7", points_3="20")
    html = client.get(f"{second}/evening").data.decode()
    charts = html.split('<figure class="chart">')[1:]
    assert len(charts) == 2
    styles = [
        {
            name: style
            for style, name in re.findall(
                r'<line class="series s(\d)"[^>]*/>\s*<text class="label"[^>]*>([^<]+)</text>',
                chart,
            )
        }
        for chart in charts
    ]
    assert styles[0] == styles[1] == {"Ann": "0", "Bob": "1", "Cat": "2", "Dan": "3"}


def test_a_table_may_count_the_night_by_games_won(app, client):  # R78
    first = start_game(client, "king-rummy", FOUR)
    king_rummy(client, first, 0, points_1="5", points_2="5", points_3="5")  # Ann's
    second = play_again(client, first)
    king_rummy(client, second, 0, points_1="5", points_2="5", points_3="5")  # Ann's
    third = play_again(client, second)
    # Bob goes out of every deal of game 3, and Ann holds 50 each time.
    king_rummy(client, third, 1, points_0="50", points_2="5", points_3="5")
    page = html.unescape(text(client.get(f"{third}/evening")))
    assert "★ Bob wins the night." in page  # Ann 200, Bob 40: the evening total
    chosen = client.get(f"{third}/evening").data.decode()
    assert re.search(r'<input checked[^>]*value="points"', chosen)
    answer = client.post(f"{second}/evening", data={"won_by": "games"})
    assert answer.status_code == 303 and answer.headers["Location"] == f"{second}/evening"
    # Kept for the whole evening: every game's page counts it so.
    for game in (first, third):
        page = html.unescape(text(client.get(f"{game}/evening")))
        assert "★ Ann wins the night." in page
        assert "The night goes to the most games won; a tie, to the lowest evening total." in page
    spanish = text(client.get(f"{third}/evening", headers=SPANISH))
    assert "Esta mesa gana la noche por el total de la noche las partidas ganadas" in spanish
    assert "★ Ann gana la noche." in spanish
    # A phone that only follows has no form, and its post changes nothing.
    stranger = app.test_client()
    followed = html.unescape(text(stranger.get(f"{third}/evening")))
    assert "<form" not in followed
    assert "only a phone that keeps the sheet may choose how the night is won." in followed
    assert stranger.post(f"{third}/evening", data={"won_by": "points"}).status_code == 303
    assert "★ Ann wins the night." in text(client.get(f"{third}/evening"))
    # A way the referee has not changes nothing either.
    client.post(f"{third}/evening", data={"won_by": "deals"})
    assert "★ Ann wins the night." in text(client.get(f"{third}/evening"))
