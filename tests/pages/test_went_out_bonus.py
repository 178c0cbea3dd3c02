"""The going-out bonus follows "who went out" (docs/rules.md#R75): a named house bonus
that belongs to whoever goes out is given by that choice on the deal form, never
tapped, said on the form, counted in the deal and marked on the sheet, and moves with
a correction of who went out."""

import re

from .conftest import text
from .test_house_rules_form import LIVERPOOL, fill, form_of, opened, said
from .test_house_rules_games import deal_page, form_data, start_with, text_of

THREE = ["Ann", "Bob", "Cat"]


def with_bonuses(client, going_out=True):
    """Liverpool with "Out first" -10 for whoever goes out, and "Exact cut" -5."""
    fields = opened(client)
    fields["house_action"] = "add-bonus"
    fields = form_of(client.post(LIVERPOOL, data=fields).data.decode())
    fields["house_action"] = "add-bonus"
    fields = form_of(client.post(LIVERPOOL, data=fields).data.decode())
    fill(fields, {"house-bonus-1-name": "Out first", "house-bonus-1-points": "-10"})
    fill(fields, {"house-bonus-2-name": "Exact cut", "house-bonus-2-points": "-5"})
    if going_out:
        fields["house-bonus-1-went_out"] = "y"
    return fields


def start(client) -> str:
    return start_with(client, with_bonuses(client), THREE)


def test_a_bonus_for_whoever_goes_out_is_ticked_and_said_on_the_house_form(client):
    words = text_of(said(client, with_bonuses(client)))
    assert "Bonuses: Out first -10 to whoever goes out, Exact cut -5" in words
    assert "to whoever goes out" not in text_of(said(client, with_bonuses(client, False)))


def test_the_tick_stays_when_the_form_comes_back(client):
    fields = with_bonuses(client)
    fields["house_action"] = "add-deal"
    page = client.post(LIVERPOOL, data=fields).data.decode()
    assert re.search(r'name="house-bonus-1-went_out" value="y" checked', page)
    assert not re.search(r'name="house-bonus-2-went_out" value="y" checked', page)


def test_choosing_who_went_out_gives_the_bonus_without_a_tap(client):
    game = start(client)
    page = deal_page(client, game, went_out="1", points_0="20", points_2="5")
    assert "Out first -10: for going out, added by that alone" in text_of(page)
    assert 'id="went-out-bonus-1"' in page and 'id="went-out-bonus-0"' not in page
    assert "This deal adds: Ann 20 · Bob -10 · Cat 5" in text_of(page)
    # Only the other named bonus is a tap.
    assert 'aria-label="Ann: Exact cut -5"' in page
    assert "Ann: Out first" not in page
    # Before anyone is said to have gone out, nobody has it.
    assert "for going out" not in text_of(deal_page(client, game, points_0="20"))


def test_a_tap_on_the_going_out_bonus_adds_nothing(client):  # a stale or tampered form
    game = start(client)
    page = deal_page(client, game, went_out="1", points_0="20", points_2="5", press="bonus:0:0")
    assert re.search(r'name="adjust-0" value=""', page)


def test_the_sheet_marks_it_and_a_correction_of_who_went_out_moves_it(client):
    game = start(client)
    fields = {"went_out": "1", "points_0": "20", "points_2": "5", "save": "1"}
    fields |= {"adjust_2": "-5", "reason_2": "Exact cut"}
    assert client.post(f"{game}/deals/new", data=form_data(fields)).status_code == 303
    sheet = text(client.get(game))
    assert "Deal 1: Bob -10, Out first; Cat -5, Exact cut" in sheet
    # Ann went out after all: the bonus is hers, Bob's cards count.
    fields = {"went_out": "0", "points_1": "20", "points_2": "5", "save": "1"}
    fields |= {"adjust_2": "-5", "reason_2": "Exact cut"}
    page = client.get(f"{game}/deals/1/edit").data.decode()
    assert 'name="adjust-1" value=""' in page  # nothing of it was typed for Bob
    corrected = client.post(f"{game}/deals/1/edit", data=form_data(fields))
    assert corrected.status_code == 303, text(corrected)
    sheet = text(client.get(game))
    assert "Deal 1: Ann -10, Out first; Cat -5, Exact cut" in sheet


def test_the_going_out_bonus_adds_to_one_typed_for_the_same_player(client):
    game = start(client)
    page = deal_page(
        client, game, went_out="1", points_0="20", points_2="5", adjust_1="-5", reason_1="cut"
    )
    assert "This deal adds: Ann 20 · Bob -15 · Cat 5" in text_of(page)
