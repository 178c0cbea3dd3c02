"""What stops a game from starting is said where the thumb is: beside Start (focused
as the page is drawn, with or without a script), and beside the field at fault."""

import re

import pytest

from .conftest import text
from .test_house_rules_form import LIVERPOOL, fill, opened


def _start(client, variant, players, **fields):
    data = {f"players-{i}": name for i, name in enumerate(players)} | fields
    return client.post(f"/?variant={variant}", data=data)


def _beside_start(page: str) -> str:
    """The words of the block just before Start, which is focused once drawn."""
    found = re.search(
        r'<div class="form-error start-errors" id="start-errors"([^>]*)>(.*?)</div>\s*<button type="submit"',
        page,
        re.S,
    )
    assert found, "nothing beside Start"
    assert "autofocus" in found[1] and 'tabindex="-1"' in found[1] and 'role="alert"' in found[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[2])).strip()


@pytest.mark.parametrize(
    ("variant", "players", "field", "says"),
    [
        # The later of two names alike is the one at fault.
        ("push", ["Ann", "Bob", "ann", "Dan"], "players-2", 'two players are called "ann"'),
        (
            "contract-rummy",
            ["Ann", "Bob", "Cat", "Elizabeth", "ELIZABETH"],
            "players-4",
            "ELIZABETH",
        ),
        # A count the game is not played by: the players as a whole.
        ("push", ["Ann", "Bob", "Cat"], "players", "Push is for 4 players, not 3"),
        ("loba", ["A", "B", "C", "D", "E", "F"], "players", "Loba is for 2 to 5 players, not 6"),
    ],
)
def test_a_table_refused_is_said_beside_start_and_beside_its_field(
    client, variant, players, field, says
):
    response = _start(client, variant, players, option_partnerships="y")
    assert response.status_code == 422
    page = response.data.decode()
    assert says in _beside_start(page.replace("&#34;", '"'))
    assert f'<a href="#{field}">' in page
    said = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', page)
    assert said and says in said[1].replace("&#34;", '"')
    if field != "players":
        assert re.search(
            rf'<input id="{field}"[^>]* aria-invalid="true" aria-describedby="{field}-error"', page
        )
    for name in players[:5]:  # the form kept as typed (Loba's has five places)
        assert f'value="{name}"' in page


def test_a_pot_refused_is_said_beside_start_and_beside_its_field(client):
    response = _start(client, "cap-it", ["Ann", "Bob", "Cat", "Dan"], stake="-5")
    assert response.status_code == 422
    page = response.data.decode()
    assert "0 or more" in _beside_start(page)
    assert re.search(
        r'<input id="stake"[^>]* aria-invalid="true" aria-describedby="stake-error"', page
    )


def test_house_rules_refused_are_said_beside_start_with_a_way_to_them(client):
    fields = opened(client)
    fill(fields, {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cat"])})
    fields["house-run_min"] = "5"  # R71: deal 2 asks for a sequence of four
    response = client.post(LIVERPOOL, data=fields)
    assert response.status_code == 422
    page = response.data.decode()
    assert "these rules cannot be played as they stand" in _beside_start(page)
    assert '<a href="#house">' in page


def test_the_form_opens_with_nothing_beside_start(client):
    page = client.get("/?variant=contract-rummy").data.decode()
    assert 'id="start-errors"' not in page and "autofocus" not in page
    # A rules card that cannot be read says so at the top of the form it opens, as before.
    page = client.get("/rules/not-a-card").data.decode()
    assert 'id="start-errors"' not in page
    assert "this rules card cannot be read" in text(client.get("/rules/not-a-card"))
