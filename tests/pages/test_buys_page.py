"""Who deals and the buys on the sheet (docs/rules.md#R76, R77): the deal line says who
deals, a tap beside a name counts a buy and shows what is left, a buy past the
limit is refused with a sentence and changes nothing, Undo takes one back, and a
phone that follows sees the counts and no buttons."""

from .conftest import enter_deal, start_game, text
from .test_house_rules_form import fill, opened

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def tap(client, game, player, action="buy", status=303, htmx=False, version=None):
    headers = {"HX-Request": "true"} if htmx else {}
    data = {"player": player, "action": action}
    if version is not None:
        data["version"] = version
    response = client.post(f"{game}/buys", data=data, headers=headers)
    assert response.status_code == status, text(response)
    return response


def test_the_sheet_says_who_deals_and_how_many_cards(client):  # R76
    game = start_game(client, "telefunken", FOUR)
    assert "Deal 1 · Ann deals 11 ·" in text(client.get(game))
    enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    assert "Deal 2 · Dan deals 11 ·" in text(client.get(game))  # to the right


def test_a_game_without_limits_shows_no_buys(client):
    game = start_game(client, "contract-rummy", FOUR)
    assert "Buys" not in text(client.get(game))


def test_a_tap_counts_a_buy_and_shows_what_is_left(client):  # R77
    game = start_game(client, "shanghai", FOUR)
    page = text(client.get(game))
    assert "Buys this deal, 3 each" in page and "Ann 0 of 3" in page
    tap(client, game, "Ann")
    page = text(client.get(game))
    assert "Ann 1 of 3" in page and "Bob 0 of 3" in page
    assert "Take back Ann's last buy" in client.get(game).data.decode()
    assert "Take back Bob's last buy" not in client.get(game).data.decode()


def test_a_buy_past_the_limit_is_refused_with_a_sentence_and_nothing_changes(client):
    game = start_game(client, "shanghai", FOUR)
    for _ in range(3):
        tap(client, game, "Ann")
    before = client.get(game).headers["ETag"]
    refused = tap(client, game, "Ann", status=422, htmx=True)
    assert "Ann has used all 3 buys this deal" in text(refused)
    assert "Ann 3 of 3" in text(refused)
    assert client.get(game).headers["ETag"] == before


def test_undo_takes_the_last_buy_back(client):
    game = start_game(client, "shanghai", FOUR)
    tap(client, game, "Bob")
    tap(client, game, "Bob")
    answered = tap(client, game, "Bob", action="undo", status=200, htmx=True)
    assert "Bob 1 of 3" in text(answered)
    tap(client, game, "Bob", action="undo")
    refused = tap(client, game, "Bob", action="undo", status=409, htmx=True)
    assert "Bob has no buy to take back in deal 1" in text(refused)


def test_telefunken_counts_seven_chips_for_the_game(client):  # R77
    game = start_game(client, "telefunken", FOUR)
    assert "Buys in the game, 7 each" in text(client.get(game))
    tap(client, game, "Ann")
    assert "Ann 1 of 7" in text(client.get(game))


def test_a_table_sets_buys_and_the_deal_s_direction_in_its_house_rules(client):  # R76, R77
    fields = opened(client, "/?variant=push-solo")
    fill(fields, {f"players-{i}": name for i, name in enumerate(FOUR)})
    fill(fields, {"house-buys-per_deal": "2", "house-deal_direction": "right"})
    said = text(client.post("/rules/said", data=fields))
    assert "Buys: 2 a deal" in said and "The deal passes to the right" in said
    started = client.post("/?variant=push-solo", data=fields)
    assert started.status_code == 303, text(started)
    game = started.headers["Location"]
    tap(client, game, "Ann")
    page = text(client.get(game))
    assert "Ann 1 of 2" in page and "Buys: 2 a deal" in page


def test_a_limit_on_buys_that_is_no_number_is_said_beside_its_field(client):
    fields = opened(client, "/?variant=shanghai")
    fill(fields, {f"players-{i}": name for i, name in enumerate(FOUR)})
    fill(fields, {"house-buys-per_game": "lots"})
    refused = client.post("/?variant=shanghai", data=fields)
    assert refused.status_code in (400, 422)
    assert "type a whole number, like 10, or nothing for no limit" in text(refused)
    assert 'value="lots"' in refused.data.decode()


def test_a_buy_changes_the_sheet_for_every_phone(app, client):
    game = start_game(client, "shanghai", FOUR)
    follower = app.test_client()
    seen = follower.get(game, headers={"HX-Request": "true"})
    assert "Ann 0 of 3" in text(seen)
    assert 'value="buy"' not in seen.data.decode()  # a follower only reads
    tap(client, game, "Ann")
    poll = follower.get(
        game, headers={"HX-Request": "true", "If-None-Match": seen.headers["ETag"]}
    )
    assert poll.status_code == 200
    assert "Ann 1 of 3" in text(poll)


def test_a_follower_cannot_buy(app, client):
    game = start_game(client, "shanghai", FOUR)
    refused = tap(app.test_client(), game, "Ann", status=403, htmx=True)
    assert "this phone can only follow the game" in text(refused)
    assert "Ann 0 of 3" in text(client.get(game))


def test_a_finished_game_shows_no_buys(client):
    game = start_game(client, "king-rummy", FOUR)
    for _ in range(4):
        enter_deal(client, game, 0, points_1="5", points_2="5", points_3="5")
    assert "Buys" not in text(client.get(game))
    assert "the game is over" in text(tap(client, game, "Ann", status=409, htmx=True))


def test_a_form_sent_without_the_buys_fields_keeps_the_game_s_buys(client):
    fields = opened(client, "/?variant=shanghai")
    fill(fields, {f"players-{i}": name for i, name in enumerate(FOUR)})
    for key in ("per_deal", "last_deal", "per_game"):
        del fields[f"house-buys-{key}"]  # a page drawn before there were any
    started = client.post("/?variant=shanghai", data=fields)
    assert started.status_code == 303, text(started)
    assert "Ann 0 of 3" in text(client.get(started.headers["Location"]))


def version_on(page: str) -> str:
    return page.split('name="version" value="')[1].split('"')[0]


def test_a_double_tap_on_buy_counts_one_buy(client):  # R77
    """Both taps carry the sheet they were made on: the second, sent before the first
    came back, finds the sheet changed and is refused with a sentence; the table sees
    one buy, and taps again if it meant two."""
    game = start_game(client, "shanghai", FOUR)
    drawn = version_on(client.get(game).data.decode())
    tap(client, game, "Ann", version=drawn)
    again = tap(client, game, "Ann", status=409, htmx=True, version=drawn)
    assert "the sheet changed just now" in text(again)
    assert "Ann 1 of 3" in text(again)
    tap(client, game, "Ann", version=version_on(again.data.decode()))
    assert "Ann 2 of 3" in text(client.get(game))
