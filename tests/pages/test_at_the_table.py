"""Issue "At the table": errors beside what they are about, lay-off's first box, rows
that can be told apart, sharing the edit link, the join without JavaScript, the README."""

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from referee.pages.checker.meld_checker import run_checker
from referee.pages.deal.deal_entry import work_out
from referee.rules import VARIANTS, get_ruleset
from referee.rules.scoring import Sheet, Table

from .conftest import FOUR, enter_deal, start_game, text

ROOT = Path(__file__).resolve().parents[2]


def deal_page(client, game, **fields):
    data = {re.sub(r"^(hand|points)_", r"\1-", k): v for k, v in fields.items()}
    return client.post(f"{game}/deals/new", data=data, headers={"HX-Request": "true"})


# --- Errors beside the field or card they are about -------------------------------------


def test_impossible_points_are_marked_beside_the_field(client):
    game = start_game(client)
    html = deal_page(client, game, went_out="0", points_1="7").data.decode()
    field = re.search(r'<input name="points-1"[^>]*>', html, re.S).group(0)
    assert 'aria-invalid="true"' in field and 'aria-describedby="points-1-error"' in field
    error = re.search(r'id="points-1-error">([^<]*)<', html).group(1)
    assert "Bob&#39;s 7 points cannot be a hand in Push" in error
    # The line above the keypad says it too, for screen readers (a live region).
    assert re.search(r'id="adds"[^>]*aria-live="polite"', html)
    assert "Bob: " in text(deal_page(client, game, went_out="0", points_1="x"))


def test_a_third_ace_of_spades_is_marked_on_its_chip(client):
    game = start_game(client)
    html = deal_page(
        client, game, went_out="0", active="3", hand_1="AS AS", hand_3="AS 7H"
    ).data.decode()
    chips = re.findall(r'<button [^>]*class="chip( over)?"[^>]*aria-label="Remove ([^"]*)"', html)
    assert chips == [("", "AS"), ("", "7H")] or ("over" in html and "AS, one more" in html)
    assert re.search(r'class="chip over"[^>]*aria-label="Remove AS, one more than the pack', html)
    assert "there are three A♠ here" in re.search(r'id="points-3-error">([^<]*)<', html).group(1)


def test_the_third_ace_is_found_wherever_it_was_tapped():
    sheet = Sheet(Table.seat(get_ruleset("push"), FOUR), ())
    page = work_out(
        sheet, 1, went_out="stock", active="0", rank="", press="",
        hands=["AS", "AS 5D", "", "AS"], typed=["", "", "", ""],
    )  # fmt: skip
    assert page.over == [set(), set(), set(), {0}]
    assert "three A♠" not in page.seat_errors[0]
    assert "three AS here" in page.seat_errors[3]


def test_a_stock_out_deal_refuses_a_0_for_a_player(client):  # R27
    game = start_game(client)
    response = enter_deal(
        client, game, "stock", status=422, points_0="5", points_1="0", points_2="5", points_3="5"
    )
    html = response.data.decode()
    assert "Bob cannot score 0 in deal 1: the stock ran out" in text(response)
    assert re.search(r'<input name="points-1"[^>]*aria-invalid="true"', html, re.S)
    assert "Enter deal 1" in text(client.get(game))  # nothing was saved


def test_a_stock_out_deal_half_entered_shows_its_sums_so_far(client):
    game = start_game(client)
    page = text(deal_page(client, game, went_out="stock", points_0="5", points_1="10"))
    assert "This deal adds: We 5 · They 10" in page
    assert "Still to enter: Cat, Dan" in page
    assert "cannot score 0" not in page


# --- Lay-off's first box, and what an empty table meld says ---------------------------


def test_lay_off_taps_go_first_to_the_meld_on_the_table(client):
    response = client.get("/check", query_string={"mode": "meld", "press": "mode:layoff"})
    state = parse_qs(urlparse(response.headers["Location"]).query)
    assert state["into"] == ["table"]
    checker = run_checker(
        {"mode": "layoff", "table_rank": "7", "press": "suit:H"}, [], get_ruleset("push")
    )
    assert checker.table.text == "7H" and not checker.tray.cards


def test_cards_to_lay_off_with_no_meld_on_the_table_say_what_to_do(client):
    page = text(
        client.get("/check", query_string={"mode": "layoff", "into": "tray", "cards": "10H"})
    )
    assert "Tap the meld on the table first: tap its box above, then its cards" in page


# --- Sheet rows that can be told apart ----------------------------------------------------


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_games_sheet_rows_can_be_told_apart(client, variant):
    rules = get_ruleset(variant)
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][: min(rules.players)]
    game = start_game(client, variant, players=players)
    html = client.get(game).data.decode()
    labels = re.findall(r'<th scope="row">\s*([^<]*?)\s*(?:<span class="dealer"|</th>)', html)
    assert len(labels) == len(rules.deals)
    assert len(set(labels)) == len(labels)
    assert labels[0].startswith("1 · ")


# --- Sharing, joining, the README -----------------------------------------------------------


def test_the_share_page_shows_the_edit_link_with_copy_and_share(client):
    game = start_game(client)
    html = client.get(f"{game}/share").data.decode()
    link = re.search(r'<p class="link-text" id="edit-link"><a href="([^"]+)">([^<]+)</a>', html)
    assert link and link.group(1) == link.group(2) and "/join#" in link.group(1)
    assert "<details>" not in html
    assert "data-copy hidden>Copy</button>" in html and "data-share hidden>Share…</button>" in html


def test_joining_without_javascript_is_explained(client, app):
    game = start_game(client)
    page = text(app.test_client().get(f"{game}/join"))
    assert "The edit key is the end of the edit link, after its # ." in page or (
        "after its #" in page and "copy that end of the link into the box" in page
    )


def test_the_readme_links_to_nothing_outside_the_repository():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 150  # read in five minutes; the manual is docs/playing.md
    assert "../" not in readme
    for target in re.findall(r"\]\(([^)#]+)", readme):
        if not target.startswith(("http://", "https://")):
            assert (ROOT / target).exists(), target
    assert "sqlite:///" in readme and "postgresql://" in readme


def test_a_game_on_a_phone_that_follows_cannot_be_undone_there(client, app):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="5")
    assert "Undo deal 1" not in text(app.test_client().get(game))
    assert FOUR
