"""What the pages say to players: the app's name and the page's game, no ruling
numbers, counts that agree with their nouns, the telling reason first; and a sheet
that shows who went out, a bent table and names no one could misread."""

import re

import pytest

from .conftest import enter_deal, start_game, text

RULING = re.compile(r"\(R\d")
SIX = ["Leonardo", "Leona", "Cat", "Dan", "Eve", "Fay"]


def test_every_page_is_headed_by_the_app_and_a_games_pages_by_its_game(client):
    game = start_game(client, "shanghai", ["Ann", "Bob", "Cat"])
    pages = {
        "/": None,
        "/check": None,
        "/history": None,
        game: "Shanghai",
        f"{game}/deals/new": "Shanghai",
        f"{game}/check": "Shanghai",
        f"{game}/share": "Shanghai",
        f"{game}/evening": "Shanghai",
    }
    for path, name in pages.items():
        page = client.get(path).data.decode()
        assert "Push Referee" not in page, path
        bar = page.split('<p class="brand-line">')[1].split("</p>")[0]
        assert ">Rummy Referee</a>" in bar, path
        title = page.split("<title>")[1].split("</title>")[0]
        assert title.endswith("Rummy Referee"), path
        if name:
            assert f'<span class="game-name">{name}</span>' in bar, path
            assert f" · {name} · " in title or title.startswith(f"{name}:"), (path, title)
        else:
            assert "game-name" not in bar, path
    manifest = client.get("/manifest.webmanifest").get_json()
    assert manifest["name"] == manifest["short_name"] == "Rummy Referee"


@pytest.mark.parametrize(
    "path",
    [
        "/?variant=push",  # the options' descriptions
        "/?variant=contract-rummy",
        "/check?variant=king-rummy&mode=contract&deal=3&melds=JK+4H+5H+6H+7H+8H+9H+10H+JH+QH+KH"
        "&cards=AH+2H+3H+JK",  # R48's gap, as the verdict says it
        "/check?variant=loba&mode=rescue&table=9C+JK+JC+QC&cards=10C",  # R79
    ],
)
def test_no_page_shows_a_player_a_ruling_number(client, path):
    page = text(client.get(path))
    assert not RULING.search(page), RULING.search(page)


def test_a_hand_of_one_point_is_one_point(client):
    game = start_game(client, "caribbean-kalooki", ["Ann", "Bob", "Cat"])
    page = client.post(
        f"{game}/deals/new",
        data={"went_out": "0", "active": "1", "hand-1": "AH", "points-2": "5", "press": "refresh"},
    )
    assert '<span class="points" id="pts-1">1 point</span>' in page.data.decode()  # R60: A♥ 1


def test_the_verdict_line_gives_the_reason_for_the_meld_the_player_meant(client):
    """9♥ 2♣ JK in Shanghai: three cards can only be a group there, so the group's
    reason comes first; the sequence's follows in the full verdict."""
    page = text(client.get("/check?variant=shanghai&cards=9H+2C+JK"))
    said = "a group of three may hold at most one wild card, and this has two"
    assert f"✘ Not a meld: too many wild cards for Shanghai: {said}" in page
    assert "a sequence needs four or more cards in Shanghai; this has three" in page


# --- The sheet ---------------------------------------------------------------------


def test_the_sheet_marks_who_went_out_and_a_bent_table(client):  # R63
    game = start_game(client, "caribbean-kalooki", ["Ann", "Bob", "Cat"])
    enter_deal(client, game, 1, points_0="10", points_2="5")
    bent = {"went_out": "2", "points-0": "10", "points-1": "5", "bent_table": "y", "save": "1"}
    assert client.post(f"{game}/deals/new", data=bent).status_code == 303
    page = client.get(game).data.decode()
    cells = re.findall(r"<td([^>]*)>", page)
    out = [cell for cell in cells if "went-out" in cell]
    assert len(out) == 2
    assert 'title="Bob went out"' in out[0] and "bent" not in out[0]
    assert 'title="Cat went out, bending the table"' in out[1] and " bent" in out[1]
    assert 'aria-describedby="out-key"' in out[0] and 'aria-describedby="bent-key"' in out[1]
    words = text(client.get(game))
    assert "went out · went out bending the table: the deal's penalties doubled" in words


def test_a_sheet_with_no_deal_played_has_no_mark_and_no_key(client):
    game = start_game(client, "caribbean-kalooki", ["Ann", "Bob", "Cat"])
    page = client.get(game).data.decode()
    assert "went-out" not in page and 'id="out-key"' not in page


def test_short_names_never_read_as_another_name(client):
    """Leonardo and Leona at a table of six: Leonardo's column reads neither "Leona"
    nor "Leon." (the start of Leona's name too); the key gives the full names."""
    game = start_game(client, "caribbean-kalooki", SIX)
    page = client.get(game).data.decode()
    heads = re.findall(r'<th scope="col"[^>]*>(?:<abbr title="([^"]+)">)?(?:<bdi>)?([^<]+)', page)[
        1:
    ]
    shown = {full or name: name for full, name in heads}
    assert shown["Leonardo"] == "Leo…o"
    assert shown["Leona"] == "Leona"
    assert "Leo…o: Leonardo" in text(client.get(game))
