"""Starting a game, entering deals, the sheet, corrections, undo, sharing (R30-R34)."""

import re

import pytest

from .conftest import FOUR, enter_deal, start_game, text


def test_the_home_page_offers_every_variant_and_the_checker(client):
    page = text(client.get("/"))
    for name in ["Push", "Push solo", "Cap-It", "Shove-It"]:
        assert name in page
    assert "Check a meld" in page
    assert "Start Push" in page


@pytest.mark.parametrize(
    ("variant", "checked", "unchecked", "pot"),
    [
        ("push", ["set_distinct_suits", "partnerships"], ["ten_cards", "three_and_seven"], False),
        (
            "cap-it",
            ["ten_cards", "three_and_seven", "set_distinct_suits"],
            ["rescue_to_hand"],
            True,
        ),
        ("shove-it", ["partnerships"], ["set_distinct_suits", "ten_cards"], False),
    ],
)
def test_each_variant_offers_its_options_with_their_defaults(
    client, variant, checked, unchecked, pot
):
    page = client.get(f"/?variant={variant}").data.decode()
    for name in checked:
        assert re.search(rf'name="option_{name}" value="y" checked', page)
    for name in unchecked:
        assert re.search(rf'name="option_{name}" value="y">', page)
    assert ('name="stake"' in page) is pot
    assert "three_and_seven" not in page or variant != "shove-it"


def test_starting_a_game_opens_its_sheet_and_the_phone_remembers_it(client):
    game = start_game(client)
    page = text(client.get(game))
    assert "Deal 1 · Ann deals 6 · two sets of three" in page  # R76
    assert "Enter deal 1" in page
    assert "Push: Ann, Bob, Cat, Dan" in text(client.get("/"))


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann", "Bob", "Cat"], "Push is for 4 players, not 3"),
        (["Ann", "Bob", "ann", "Dan"], "two players are called &#34;ann&#34;"),
    ],
)
def test_a_game_that_cannot_start_says_why_and_keeps_the_names(client, players, message):
    data = {f"players-{i}": name for i, name in enumerate(players)} | {"option_partnerships": "y"}
    response = client.post("/?variant=push", data=data)
    assert response.status_code == 422
    page = response.data.decode()
    assert message in page
    for name in players:
        assert f'value="{name}"' in page


def test_cap_it_with_a_pot(client):
    game = start_game(client, "cap-it", stake="10", payout="5")
    enter_deal(client, game, 0, points_1="10", points_2="20", points_3="30")
    assert "Pot: 40 paid in · Ann took 5 · 35 left for the winner" in text(client.get(game))


def test_a_deal_entered_by_tapping_and_typing(client):
    game = start_game(client)
    form = client.post(
        f"{game}/deals/new",
        data={"went_out": "0", "active": "1", "rank": "A", "press": "suit:S", "hand-1": "KD"},
    )
    assert form.status_code == 200
    page = text(form)
    assert "Bob 25 points" in page  # counted live by the rules core
    assert "Ann scores nothing" in page and "Cat scores nothing" in page  # R30
    assert "This deal adds: We 0 · They 25" in page
    assert "Still to enter: Dan" in page
    enter_deal(client, game, 0, hand_1="KD AS", points_3="10")
    page = text(client.get(game))
    assert "Deal 2 · Bob deals 7 · one set of three and one run of four" in page  # R76


def test_the_sheet_reads_like_the_paper_one(client):  # R34
    game = start_game(client, "shove-it")
    for went_out, fields in [
        # A player who did not go out holds a card, so no hand counts 0 (R26).
        (0, {"points_1": "35", "points_3": "5"}),
        (1, {"points_0": "60", "points_2": "60"}),
        (2, {"points_1": "55", "points_3": "5"}),
        (3, {"points_0": "175", "points_2": "5"}),
    ]:
        enter_deal(client, game, went_out, **fields)
    page = client.get(game).data.decode()
    rows = re.findall(r"<tr class=\"([^\"]*)\">(.*?)</tr>", page, re.S)
    cells = [
        re.findall(
            r"<t[hd][^>]*>\s*(?:<a[^>]*>)?([^<]*?)\s*(?:</a>)?\s*(?:<span class=\"dealer\".*?</span>[^<]*</span>)?\s*(?:<small class=\"deal-points\">([^<]*)</small>)?</t[hd]>",
            row,
        )
        for _, row in rows
    ]
    # Each running total with the deal's points under it, as on a paper sheet.
    assert cells == [
        [("1 · 6", ""), ("---", "0"), ("40", "+40")],
        [("2 · 7", ""), ("120", "+120"), ("40", "0")],
        [("3 · 8", ""), ("120", "0"), ("100", "+60")],
        [("4 · 9", ""), ("300", "+180"), ("100", "0")],
        [("5 · 10", ""), ("", ""), ("", "")],
    ]
    assert rows[4][0].startswith("current")  # the deal being played is highlighted
    enter_deal(client, game, 0, points_1="175", points_3="5")
    assert "Bob and Dan win with 280" in text(client.get(game))  # the people, not "They"


def test_a_tie_is_shown_as_a_tie(client):  # R32
    game = start_game(client)
    for _ in range(5):
        enter_deal(client, game, "stock", points_0="5", points_1="5", points_2="5", points_3="5")
    assert "Ann and Cat tie with Bob and Dan for the win with 50 each" in text(client.get(game))


def test_after_the_fifth_deal_there_is_no_sixth(client):
    game = start_game(client)
    for _ in range(5):
        enter_deal(client, game, 0, points_1="5", points_3="5")
    assert "Enter deal" not in text(client.get(game))
    assert client.get(f"{game}/deals/new").status_code == 303


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"points_1": "2x", "points_3": "5"}, "points are a whole number, like 25"),
        ({"hand_1": "7H 7H", "hand_3": "7H"}, "there are three 7♥ here"),
        ({"points_1": "7", "points_3": "5"}, "Bob&#39;s 7 points cannot be a hand in Push"),
        ({"points_1": "5"}, "Dan scores in deal 1: give the cards left in hand, or the points"),
    ],
)
def test_bad_input_is_named_and_kept_as_typed_and_nothing_is_saved(client, fields, message):
    game = start_game(client)
    response = enter_deal(client, game, 0, status=422, **fields)
    page = response.data.decode()
    assert message in page
    for key, value in fields.items():
        if key.startswith("points"):
            assert f'value="{value}"' in page
    assert "Enter deal 1" in text(client.get(game))


def test_saying_who_went_out_is_needed(client):
    game = start_game(client)
    response = client.post(
        f"{game}/deals/new", data={"save": "1", "points-1": "5", "points-3": "5"}
    )
    assert response.status_code == 422
    assert "say who went out, or that the stock ran out" in text(response)


def test_correcting_deal_2_changes_every_later_total(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    enter_deal(client, game, 0, points_1="10", points_3="10")
    enter_deal(client, game, 1, points_0="5", points_2="5")
    form = client.get(f"{game}/deals/2/edit")
    assert 'value="10"' in form.data.decode()  # the deal as it was entered
    response = client.post(
        f"{game}/deals/2/edit",
        data={"went_out": "1", "points-0": "15", "points-2": "5", "save": "1"},
    )
    assert response.status_code == 303
    page = text(client.get(game))
    assert (
        "1 · 6 dealer Ann --- 0 20 +20 2 · 7 dealer Bob 20 +20 20 0 3 · 8 dealer Cat 30 +10 20 0"
    ) in page


def test_undo_the_last_deal(client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="10")
    assert client.post(f"{game}/undo").status_code == 303
    assert "Enter deal 1" in text(client.get(game))


def test_a_phone_without_the_key_follows_but_cannot_enter(app, client):
    game = start_game(client)
    other = app.test_client()
    page = text(other.get(game))
    assert "This phone follows the game" in page
    assert "Enter deal" not in page
    response = other.post(
        f"{game}/deals/new", data={"went_out": "0", "points-1": "5", "points-3": "5", "save": "1"}
    )
    assert response.status_code == 422
    assert "this phone can only follow the game" in text(response)
    assert other.post(f"{game}/undo").status_code == 409


def test_sharing_shows_both_links_with_qr_codes_and_the_edit_link_joins(app, client):
    game = start_game(client)
    page = client.get(f"{game}/share").data.decode()
    assert page.count("<svg") == 2
    edit = re.search(
        r'<p class="link-text" id="edit-link"><a href="(http[^"]+#[^"]+)">', page
    ).group(1)
    path, key = edit.split("localhost", 1)[1].split("#")
    other = app.test_client()
    assert "Keep the sheet on another phone" not in other.get(f"{game}/share").data.decode()
    assert other.post(path, data={"key": "wrong-key-123"}).status_code == 403
    assert other.post(path, data={"key": key}).status_code == 303
    assert "Enter deal 1" in text(other.get(game))


def test_the_read_only_link_never_holds_the_key(client):
    game = start_game(client)
    page = client.get(f"{game}/share").data.decode()
    follow = re.search(r'<a class="link-text" href="([^"]+)"', page).group(1)
    assert "#" not in follow and "key" not in follow


def test_an_unknown_game_is_a_friendly_404(client):
    response = client.get("/games/nope")
    assert response.status_code == 404
    assert "There is no such page or game" in text(response)


def test_forms_need_their_csrf_token(tmp_path, make_app):
    app = make_app(f"sqlite:///{tmp_path / 'r.db'}", SECRET_KEY="t")
    client = app.test_client()
    data = {f"players-{i}": name for i, name in enumerate(FOUR)}
    response = client.post("/", data=data)
    assert response.status_code == 400
    assert "Reload the page and try again" in text(response)
    token = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/").data.decode()
    ).group(1)
    assert client.post("/", data=data | {"csrf_token": token}).status_code == 303


def test_pages_are_compressed_for_the_phone(client):
    response = client.get("/check", headers={"Accept-Encoding": "br, gzip"})
    assert response.headers["Content-Encoding"] in ("br", "gzip")


def test_the_app_is_installable(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    assert manifest.get_json()["start_url"] == "/"
    assert 'rel="manifest"' in client.get("/").data.decode()
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript"
    assert "htmx-2.0.11.min.js?v=" in worker.data.decode()


@pytest.mark.parametrize("path", ["/?variant=pinochle", "/check?variant=pinochle"])
def test_an_unknown_variant_is_the_404_page_not_push(client, path):
    page = client.get(path)
    assert page.status_code == 404
    assert "Nothing here" in page.get_data(as_text=True)
