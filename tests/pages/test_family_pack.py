"""The family's own pack on the house rules form (docs/rules.md#R68, R71): decks and jokers
for each span of player counts the game names, said back as the rules change and on
the sheet, and played by: a deal's hands and My hand hold what the pack holds."""

import re

from referee.pages.new_game.rules_cards import RulesCard

from .conftest import text
from .test_checker_page import tap
from .test_house_rules_form import LIVERPOOL, fill, form_of, opened, said, slot
from .test_house_rules_games import deal_page, start_with, text_of

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def four_jokers(client):
    """Liverpool's pack for three or four players with all four jokers."""
    fields = opened(client)
    fields["house-pack-1-jokers"] = "4"
    return fields


def start_four_jokers(client) -> str:
    return start_with(client, four_jokers(client), FOUR)


def test_the_pack_is_on_the_form_a_row_for_each_span_of_players(client):
    page = client.get(LIVERPOOL).data.decode()
    house = text_of(page)
    assert "The pack: decks and jokers 3 to 4 players decks" in house
    assert "5 to 8 players decks" in house
    fields = form_of(page)
    assert fields["house-pack-1-players"] == "3-4"
    assert (fields["house-pack-1-decks"], fields["house-pack-1-jokers"]) == ("2", "1")
    assert (fields["house-pack-2-decks"], fields["house-pack-2-jokers"]) == ("3", "2")


def test_the_pack_changed_is_said_back(client):
    words = text_of(said(client, four_jokers(client)))
    assert "Pack: 3-4 players two decks and four jokers" in words
    assert "As the book has them" in text_of(said(client, opened(client)))


def test_a_pack_too_small_for_the_deals_is_refused_beside_the_pack(client):  # R71
    fields = opened(client)
    fill(fields, {"house-pack-2-decks": "1", "house-pack-2-jokers": "0"})
    assert "pack" in slot(said(client, fields), "pack").lower()


def test_a_tampered_pack_is_a_sentence_never_a_server_error(client):
    for decks in ("many", "9", ""):
        fields = opened(client)
        fields["house-pack-1-decks"] = decks
        assert slot(said(client, fields), "pack")


def test_a_family_with_four_jokers_taps_and_counts_a_hand_with_two(client):
    game = start_four_jokers(client)
    sheet = text(client.get(game))
    assert "Pack: 3-4 players two decks and four jokers" in sheet
    page = deal_page(client, game, went_out="0", active="1", hand_1="JK 7H", press="joker")
    assert "one more than the pack holds" not in page
    assert 'value="JK 7H JK"' in page
    assert 'id="pts-1">37 points' in page  # two jokers at 15, and the 7
    fields = {"went_out": "0", "hand_1": "JK 7H JK", "points_2": "10", "points_3": "5"}
    saved = client.post(f"{game}/deals/new", data={**form(fields), "save": "1"})
    assert saved.status_code == 303, text(saved)
    # The running total, with the deal's points under it (as on paper).
    assert re.search(r"<td[^>]*>37 <small[^>]*>\+37</small></td>", client.get(game).data.decode())


def test_my_hand_holds_two_jokers_where_the_pack_has_four(client):
    game = start_four_jokers(client)
    hand = {"mode": "hand", "cards": "JK JK 7H 8H 9H"}
    answer = text(tap(client, f"{game}/check", **hand))
    assert "holds only" not in answer and "one more than" not in answer
    book = text(tap(client, "/check", variant="contract-rummy", deal="1", **hand))
    assert "holds only" in book or "one more than" in book


def form(fields: dict[str, str]) -> dict[str, str]:
    return {re.sub(r"_(\d)$", r"-\1", name): value for name, value in fields.items()}


# --- 2s wild: one control, one meaning (docs/rules.md#R68) ------------------------------


def test_2s_wild_is_one_control_the_option_where_the_game_offers_it(client):
    page = client.get(LIVERPOOL).data.decode()
    assert 'name="option_twos_wild"' in page
    assert 'name="house-twos"' not in page
    # Where no option names it, the house rules have it.
    assert 'name="house-twos"' in client.get("/?variant=shanghai").data.decode()
    # Push's option names a group's suits; its house rules do not ask again.
    push = client.get("/?variant=push").data.decode()
    assert 'name="option_set_distinct_suits"' in push
    assert 'name="house-set_suits"' not in push


def ticked(page: str, option: str) -> bool:
    found = re.search(rf'<input type="checkbox" name="option_{option}"[^>]*>', page)
    assert found, option
    return "checked" in found.group(0)


def test_rules_saved_with_2s_wild_open_with_the_option_ticked(client):
    card = RulesCard("Wild twos", "contract-rummy", {}, {"twos": "wild", "run_min": 3}).token
    page = client.get(f"/rules/{card}").data.decode()
    assert ticked(page, "twos_wild")
    fields = form_of(page)
    words = text_of(said(client, fields))
    assert "Sequences of three or more" in words and "2s are wild" not in words
    fill(fields, {f"players-{i}": name for i, name in enumerate(FOUR)})
    sheet = client.post(LIVERPOOL, data=fields).headers["Location"]
    assert "Jokers and 2s are wild" in text(client.get(sheet))  # by the option


def test_rules_saved_with_the_option_reopen_with_it(client):
    fields = opened(client)
    fill(fields, {"option_twos_wild": "y", "house_action": "save", "rules_name": "Twos"})
    assert client.post(LIVERPOOL, data=fields).status_code == 200
    home = client.get("/").data.decode()
    card = re.search(r'href="(/rules/[^"]+)"', home).group(1)
    assert ticked(client.get(card).data.decode(), "twos_wild")
