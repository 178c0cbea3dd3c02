"""The paper sheet's habits, kept by the phone's sheet: each deal's points beside the
running total; a correction leaves a trace; an undone deal comes back with one tap;
Play again keeps the columns in the seats' order; buys counted over the whole game.
Each in English and in Spanish."""

import re

from referee.rules import get_ruleset

from .conftest import FOUR, enter_deal, start_game, text

SPANISH = {"Accept-Language": "es-CL,es;q=0.9"}


def cells(client, game, **headers):
    """The sheet's played rows as (label, [(total, the deal's points), ...])."""
    page = client.get(game, headers=headers).data.decode()
    found = []
    for row in re.findall(r'<tr class="[^"]*played">(.*?)</tr>', page, re.S):
        label = re.search(r"(\d+ · \d+)", row)[1]
        found.append(
            (
                label,
                re.findall(r'<td[^>]*>([^<]*) <small class="deal-points">([^<]*)</small>', row),
            )
        )
    return found


# --- Each deal's points beside the running total ----------------------------------------


def test_each_cell_has_the_deal_s_points_under_the_running_total(client):
    game = start_game(client)  # Push: We (Ann, Cat) and They (Bob, Dan)
    enter_deal(client, game, 0, points_1="35", points_3="5")
    enter_deal(client, game, 1, points_0="60", points_2="60")
    enter_deal(client, game, 2, points_1="55", points_3="5")
    assert cells(client, game) == [
        ("1 · 6", [("---", "0"), ("40", "+40")]),
        ("2 · 7", [("120", "+120"), ("40", "0")]),
        ("3 · 8", [("120", "0"), ("100", "+60")]),
    ]
    assert "Under each total, small: the points of that deal." in text(client.get(game))


def test_a_bonus_reads_as_what_the_deal_took_away(client):  # R75
    game = start_game(client, "shanghai", FOUR)
    fields = {"went_out": "0", "points-1": "25", "points-2": "10", "points-3": "5"}
    fields |= {"adjust-1": "-30", "reason-1": "Exact cut", "save": "1"}
    assert client.post(f"{game}/deals/new", data=fields).status_code == 303
    assert cells(client, game)[0][1][1] == ("-5", "-5")


def test_the_deal_s_points_are_said_in_spanish(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="35", points_3="5")
    page = text(client.get(game, headers=SPANISH))
    assert "Bajo cada total, en pequeño: los puntos de ese reparto." in page
    assert cells(client, game, **SPANISH)[0][1] == [("---", "0"), ("40", "+40")]


# --- Buys counted over the whole game (R77) ----------------------------------------------


def buy(client, game, player):
    assert client.post(f"{game}/buys", data={"player": player, "action": "buy"}).status_code == 303


def test_buys_are_counted_over_the_whole_game_beside_the_deal_s(client):  # R77
    game = start_game(client, "shanghai", FOUR)
    for _ in range(3):
        buy(client, game, "Ann")
    page = text(client.get(game))
    assert "Ann 3 of 3" in page and "in the game" not in page  # deal 1's are the game's
    enter_deal(client, game, 1, points_0="15", points_2="30", points_3="45")
    buy(client, game, "Ann")
    buy(client, game, "Cat")
    page = text(client.get(game))
    assert "Ann 1 of 3 · 4 in the game" in page
    assert "Bob 0 of 3 · 0 in the game" in page and "Cat 1 of 3 · 1 in the game" in page
    assert "Ann 1 de 3 · 4 en la partida" in text(client.get(game, headers=SPANISH))


# --- Play again keeps the columns in the seats' order (R78) -------------------------------


def columns(client, game):
    return re.findall(r'<th scope="col" title="([^"]+)">', client.get(game).data.decode())[1:]


def finish_king_rummy(client, game):
    for _ in range(4):
        enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")


def play_again(client, game):
    again = client.post(f"{game}/again")
    assert again.status_code == 303
    return again.headers["Location"]


def test_play_again_keeps_the_columns_and_passes_the_first_deal_on(client):  # R76, R78
    first = start_game(client, "king-rummy", FOUR)
    finish_king_rummy(client, first)
    assert "Play again: the same players and rules, Bob deals first." in text(client.get(first))
    second = play_again(client, first)
    assert columns(client, second) == columns(client, first) == FOUR
    assert "Deal 1 · Bob deals 10" in text(client.get(second))
    assert "Reparto 1 · reparte Bob" in text(client.get(second, headers=SPANISH))
    enter_deal(client, second, 0, points_1="5", points_2="5", points_3="5")
    assert "1 · 10 dealer Bob" in text(client.get(second))
    assert "Deal 2 · Cat deals" in text(client.get(second))
    for _ in range(3):
        enter_deal(client, second, 0, points_1="5", points_2="5", points_3="5")
    third = play_again(client, second)
    assert columns(client, third) == FOUR
    assert "Deal 1 · Cat deals 10" in text(client.get(third))


def test_where_the_deal_passes_right_so_does_the_first_deal(client):  # R76, R78
    game = start_game(client, "telefunken", FOUR)
    for _ in range(len(get_ruleset("telefunken").deals)):
        enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    second = play_again(client, game)
    assert columns(client, second) == FOUR
    assert "Deal 1 · Dan deals" in text(client.get(second))


# --- A correction leaves a trace ----------------------------------------------------------


def correct(client, game, number, went_out, **points):
    data = {"went_out": str(went_out), "save": "1"} | {
        k.replace("_", "-"): v for k, v in points.items()
    }
    assert client.post(f"{game}/deals/{number}/edit", data=data).status_code == 303


def test_a_corrected_deal_is_marked_on_the_sheet(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    enter_deal(client, game, 0, points_1="10", points_3="10")
    assert "corrected" not in text(client.get(game))
    correct(client, game, 2, 1, points_0="15", points_2="5")
    page = client.get(game).data.decode()
    assert '<th scope="row" class="corrected" aria-describedby="corrected-2">' in page
    assert page.count('class="corrected"') == 1  # deal 1 carries none
    assert (
        '<li id="corrected-2"><span class="mark" aria-hidden="true"></span>Deal 2 corrected</li>'
        in page
    )
    assert "Reparto 2 corregido" in text(client.get(game, headers=SPANISH))
    correct(client, game, 2, 1, points_0="20", points_2="5")
    assert "Deal 2 corrected 2 times" in text(client.get(game))
    assert "Reparto 2 corregido 2 veces" in text(client.get(game, headers=SPANISH))
    # The figures are the corrected ones; the label reads as before.
    assert cells(client, game)[1] == ("2 · 7", [("25", "+25"), ("20", "0")])


def test_an_undone_deal_entered_again_is_no_correction(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    correct(client, game, 1, 0, points_1="15", points_3="10")
    assert client.post(f"{game}/undo").status_code == 303
    enter_deal(client, game, 0, points_1="10", points_3="10")
    assert "corrected" not in text(client.get(game))


# --- Undo can be redone ----------------------------------------------------------------------


def test_an_undone_deal_comes_back_with_one_tap(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    enter_deal(client, game, 1, points_0="5", points_2="25")
    correct(client, game, 2, 1, points_0="5", points_2="30")
    before = cells(client, game)
    assert "Redo deal" not in text(client.get(game))
    assert client.post(f"{game}/undo").status_code == 303
    page = text(client.get(game))
    assert "Redo deal 2" in page and "Undo deal 1" in page
    assert "Rehacer el reparto 2" in text(client.get(game, headers=SPANISH))
    assert client.post(f"{game}/redo").status_code == 303
    assert cells(client, game) == before  # as it was, its correction's trace too
    assert "Deal 2 corrected" in text(client.get(game))
    assert "Redo deal" not in text(client.get(game))


def test_undone_deals_come_back_last_undone_first(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    enter_deal(client, game, 1, points_0="5", points_2="25")
    before = cells(client, game)
    client.post(f"{game}/undo")
    client.post(f"{game}/undo")
    assert "Redo deal 1" in text(client.get(game))
    client.post(f"{game}/redo")
    assert "Redo deal 2" in text(client.get(game))
    client.post(f"{game}/redo")
    assert cells(client, game) == before


def test_a_new_deal_saved_ends_the_redo(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    client.post(f"{game}/undo")
    enter_deal(client, game, 1, points_0="5", points_2="25")
    assert "Redo deal" not in text(client.get(game))
    refused = client.post(f"{game}/redo", headers={"HX-Request": "true"})
    assert refused.status_code == 409
    assert "there is no undone deal to put back" in text(refused)
    assert cells(client, game)[0][1] == [("30", "+30"), ("---", "0")]


def test_a_redo_from_a_sheet_another_phone_changed_is_refused(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    client.post(f"{game}/undo")
    version = re.search(r'name="version" value="(\d+)"', client.get(game).data.decode())[1]
    enter_deal(client, game, 1, points_0="5", points_2="25")  # another phone, meanwhile
    stale = client.post(f"{game}/redo", data={"version": version})
    assert stale.status_code == 409
    assert "redo again if you still mean to" in text(stale)


def test_a_phone_that_follows_has_no_redo(app, client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    client.post(f"{game}/undo")
    follower = app.test_client()
    assert "Redo" not in text(follower.get(game))
    assert follower.post(f"{game}/redo").status_code == 409
    assert "Redo deal 1" in text(client.get(game))  # nothing changed
