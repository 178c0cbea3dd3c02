"""A game played by its table's rules (docs/rules.md#R72-R75): the sheet says what it plays
differently from the book, *Rules of …* lists it and shares it as a rules card, Play
again keeps it, the game's checker and My hand follow it; a deal takes a bonus or
penalty for any player, the table's named ones one tap, and the sheet marks it."""

import re

from .conftest import enter_deal, start_game, text
from .test_checker_page import tap
from .test_house_rules_form import LIVERPOOL, fill, grandmas

THREE = ["Ann", "Bob", "Cat"]
HOUSE_LINE = (
    "House rules: sequences of three or more; an ace may turn the corner: Q K A 2; "
    "jokers are worth 25; bonuses: Exact cut -10"
)


def start_grandmas(client) -> str:
    """Grandma's Liverpool, with the table's "Exact cut" bonus, for Ann, Bob and Cat."""
    fields = grandmas(client)
    fill(fields, {"house-bonus-1-name": "Exact cut", "house-bonus-1-points": "-10"})
    return start_with(client, fields, THREE)


def start_with(client, fields, players) -> str:
    """Start Liverpool from the new-game form as typed, with these players."""
    fill(fields, {f"players-{i}": name for i, name in enumerate(players)})
    started = client.post(LIVERPOOL, data=fields)
    assert started.status_code == 303, text(started)
    return started.headers["Location"]


def deal_page(client, game, **fields):
    """The deal form after a tap or a change (no save), as a plain form sends it."""
    response = client.post(f"{game}/deals/new", data=form_data(fields))
    assert response.status_code == 200, text(response)
    return response.data.decode()


def form_data(fields: dict[str, str]) -> dict[str, str]:
    """``points_1`` as the form names it, ``points-1``."""
    return {re.sub(r"_(\d)$", r"-\1", name): value for name, value in fields.items()}


def field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, name
    return found.group(1)


def test_the_sheet_says_what_the_game_plays_differently_from_the_book(client):
    sheet = text(client.get(start_grandmas(client)))
    assert HOUSE_LINE in sheet
    for line in ("Sequences of three or more", "An ace may turn the corner: Q K A 2"):
        assert f"House rule: {line}." in sheet  # under Rules of Contract Rummy
    assert "JK 25" in sheet  # the cards left in hand, by the table's values


def test_a_game_of_the_book_says_no_house_rules(client):
    sheet = text(client.get(start_game(client, "contract-rummy", THREE)))
    assert "House rule" not in sheet
    assert "Share these rules" not in sheet


def test_the_rules_card_of_a_game_holds_its_rules_and_not_the_game(client):
    game = start_grandmas(client)
    page = client.get(game).data.decode()
    card = re.search(r'href="(/rules/[^"]+)/share"', page).group(1)
    assert game.split("/")[-1] not in card
    shared = text(client.get(card + "/share"))
    assert "Jokers are worth 25" in shared and "Ann" not in shared
    other = client.application.test_client()
    form = other.get(card).data.decode()
    assert field(form, "house-value-JK") == "25"
    assert field(form, "house-bonus-1-name") == "Exact cut"


def play(client, game, deals=7):
    for number in range(1, deals + 1):
        out = number % 3
        enter_deal(
            client, game, out, **{f"points_{seat}": "10" for seat in range(3) if seat != out}
        )


def test_play_again_keeps_the_house_rules(client):
    game = start_grandmas(client)
    play(client, game)
    new = client.post(f"{game}/again").headers["Location"]
    assert new != game
    assert HOUSE_LINE in text(client.get(new))


def test_the_checker_and_my_hand_of_the_game_follow_its_house_rules(client):
    game = start_grandmas(client)
    book = start_game(client, "contract-rummy", THREE)
    around = {"mode": "layoff", "table": "JH QH KH AH", "cards": "2H"}  # R69: around the corner
    refused = "These cannot be laid off there"
    assert refused not in text(tap(client, f"{game}/check", **around))
    assert refused in text(tap(client, f"{book}/check", **around))
    hand = {"mode": "hand", "cards": "JK QS 3H"}  # short of the contract: all in hand
    assert "In hand now: 38 points" in text(tap(client, f"{game}/check", **hand))  # JK 25
    assert "In hand now: 28 points" in text(tap(client, f"{book}/check", **hand))


# --- Bonuses and penalties of a deal (R75) ---------------------------------------------


def test_a_named_bonus_is_one_tap_and_counts_in_the_deal(client):
    game = start_grandmas(client)
    page = deal_page(client, game, went_out="0", points_1="25", points_2="10", press="bonus:1:0")
    assert field(page, "adjust-1") == "-10"
    assert field(page, "reason-1") == "Exact cut"
    assert "This deal adds: Ann 0 · Bob 15 · Cat 10" in text_of(page)
    assert 'aria-label="Cat: Exact cut -10"' in page  # one for every player
    fields = {"went_out": "0", "points_1": "25", "points_2": "10", "save": "1"}
    fields |= {"adjust_1": "-10", "reason_1": "Exact cut"}
    client.post(f"{game}/deals/new", data=form_data(fields))
    sheet = client.get(game).data.decode()
    assert re.search(r'<td class="adjusted" aria-describedby="adjusted-1">15 <small', sheet)
    assert "Deal 1: Bob -10, Exact cut" in text(client.get(game))
    assert re.search(r"<td>10 <small", sheet)  # Cat's cell carries none


def text_of(page: str) -> str:
    return text(type("Page", (), {"data": page.encode()})())


def test_a_named_bonus_tapped_twice_adds_twice_and_clear_takes_it_away(client):
    game = start_grandmas(client)
    page = deal_page(client, game, went_out="0", adjust_2="-10", reason_2="Exact cut",
                     press="bonus:2:0")  # fmt: skip
    assert (field(page, "adjust-2"), field(page, "reason-2")) == ("-20", "Exact cut, Exact cut")
    page = deal_page(client, game, went_out="0", adjust_2="-20", reason_2="x", press="unbonus:2")
    assert (field(page, "adjust-2"), field(page, "reason-2")) == ("", "")


def test_any_player_may_carry_points_with_a_reason_the_one_who_went_out_too(client):
    game = start_grandmas(client)
    enter_deal(client, game, 0, points_1="25", points_2="10", adjust_0="15", reason_0="talked")
    assert "Deal 1: Ann +15, talked" in text(client.get(game))
    edit = client.get(f"{game}/deals/1/edit").data.decode()
    assert (field(edit, "adjust-0"), field(edit, "reason-0")) == ("15", "talked")


def test_a_bonus_that_cannot_be_taken_is_a_sentence_and_the_entry_is_kept(client):
    game = start_grandmas(client)
    cases = [
        ({"adjust_1": "ten"}, "Bob&#39;s bonus or penalty: points are a whole number, like 25"),
        ({"adjust_1": "5000"}, "Bob&#39;s bonus or penalty must be a whole number from -1000"),
        # The rules core's sentence, as the API's (one rule, one sentence).
        ({"reason_1": "exact cut"}, "a reason is given for Bob&#39;s points, but no points"),
        ({"adjust_1": "5", "reason_1": "x" * 41}, "is 40 characters at most"),
    ]
    for given, sentence in cases:
        response = enter_deal(client, game, 0, status=422, points_1="25", points_2="10", **given)
        page = response.data.decode()
        assert sentence in text(response)
        assert field(page, "points-1") == "25"
        for name, value in given.items():
            assert field(page, name.replace("_", "-")) == value
    assert "Deal 1 · Ann deals 10" in text(client.get(game)) and "Enter deal 1" in text(
        client.get(game)
    )
