"""A house change says what it does not change (docs/rules.md#R68): sequences of three
leave Liverpool's contracts asking for sequences of four, and the form says so beside
the change, with one tap that changes the contracts with it."""

import html
import re

from .conftest import text
from .test_house_rules_form import LIVERPOOL, form_of, opened, said, slot
from .test_house_rules_games import start_with, text_of

NOTE = "The contracts stay as they were: deals 2, 3, 5, 6 and 7 still ask for sequences of four."
TAP = "Change them too: sequences of three"


def note(page: str, key: str) -> str:
    found = re.search(rf'id="house-note-{key}"[^>]*>(.*?)</div>', page, re.S)
    assert found, key
    return text_of(html.unescape(found.group(1)))


def test_the_book_has_no_note(client):
    page = client.get(LIVERPOOL).data.decode()
    assert note(page, "run_min") == "" and note(page, "set_min") == ""


def test_sequences_of_three_say_the_contracts_still_ask_for_four(client):
    fields = opened(client)
    fields["house-run_min"] = "3"
    answer = said(client, fields)
    assert note(answer, "run_min") == f"{NOTE} {TAP}"
    assert 'value="follow-run_min"' in answer
    assert note(answer, "set_min") == ""  # said out of band beside each shortest meld


def test_one_tap_changes_the_contracts_with_it(client):
    fields = opened(client)
    fields["house-run_min"] = "3"
    fields["house_action"] = "follow-run_min"
    page = client.post(LIVERPOOL, data=fields).data.decode()
    typed = form_of(page)
    assert [typed[f"house-deal-{n}-part-2-min"] for n in (2, 3)] == ["3", "3"]
    assert typed["house-deal-1-part-1-min"] == "3"  # a group of three, as it was
    assert note(page, "run_min") == ""
    words = text_of(said(client, typed))
    assert "Sequences of three or more" in words
    game = start_with(client, typed, ["Ann", "Bob", "Cat"])
    sheet = text(client.get(game))
    assert (
        "deal 2: 10 cards, one group of exactly three and one sequence of exactly three" in sheet
    )


def test_a_longer_shortest_meld_is_refused_and_offers_to_follow(client):  # R71
    fields = opened(client)
    fields["house-set_min"] = "4"
    answer = said(client, fields)
    assert slot(answer, "set_min")  # groups of three in the contracts: not playable
    assert "deals 1, 2, 4, 5 and 6 still ask for groups of three" in note(answer, "set_min")
    fields["house_action"] = "follow-set_min"
    typed = form_of(client.post(LIVERPOOL, data=fields).data.decode())
    assert typed["house-deal-1-part-1-min"] == "4"
    assert slot(said(client, typed), "set_min") == ""


def test_a_tampered_follow_changes_nothing(client):
    fields = opened(client)
    for action in ("follow-ace", "follow-", "follow-run_min"):
        fields["house_action"] = action
        page = client.post(LIVERPOOL, data=fields)
        assert page.status_code == 200
        assert form_of(page.data.decode())["house-deal-2-part-2-min"] == "4"


def test_the_note_and_the_pack_are_said_in_spanish(client):
    spanish = {"Accept-Language": "es-CL,es;q=0.9"}
    fields = opened(client)
    fields["house-run_min"] = "3"
    fields["house-pack-1-jokers"] = "4"
    answer = client.post("/rules/said", data=fields, headers={"HX-Request": "true", **spanish})
    page = answer.data.decode()
    assert note(page, "run_min") == (
        "Los contratos quedan como estaban: los repartos 2, 3, 5, 6 y 7 siguen pidiendo "
        "escaleras de 4. Cámbienlos también: escaleras de 3"
    )
    form = text(client.get(LIVERPOOL, headers=spanish))
    assert "Las cartas: barajas y comodines de 3 a 4 jugadores barajas" in form
