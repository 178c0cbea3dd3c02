"""The deal form drawn on the phone (referee/pages/checker/on_the_phone.py) as the server
draws it: for seeded random taps on the forms of games of every kind, half under
random house rules, in English and Spanish, the part of the page the phone draws
from what the deal's page handed over is the server's answer to the same tap, byte
for byte (but the CSRF token, signed anew each time). Run here in CPython; the
browser's Pyodide runs the same module (tests/browser/test_phone_referee.py)."""

import html
import json
import random
import re
from urllib.parse import urlencode

import pytest

from benchmarks.house_rules import random_house
from referee.pages.checker.on_the_phone import PhonePages
from referee.rules import VARIANTS, get_ruleset

from .conftest import FOUR

#: The taps of the deal form, ``{seat}`` and ``{card}`` filled in.
PRESSES = [
    "rank:7", "rank:Q", "suit:H", "suit:S", "joker", "back", "clear", "remove:{card}",
    "player:{seat}", "typed:{seat}", "bonus:{seat}:0", "unbonus:{seat}", "refresh", "",
]  # fmt: skip
CARDS = ["", "AS", "7H 8H", "JK 2C KD", "AS AS AS", "10D QS"]
TYPED = ["", "", "25", "0", "-5", "2.5", "abc", "1" * 30]
TOKEN = re.compile(r'(name="csrf_token" type="hidden" value=")[^"]*"')


def random_fields(rng: random.Random, players: int, deal: int) -> dict[str, str]:
    seat = lambda: str(rng.randrange(players))  # noqa: E731
    fields = {
        "csrf_token": "kept-as-sent",
        "went_out": rng.choice(["", "stock", seat(), seat()]),
        "active": rng.choice(["", seat(), seat(), "9"]),
        "rank": rng.choice(["", "", "7", "10", "Z"]),
        "version": "1",
        "attempt": "a" * 32,
        "deal": str(deal),
        "press": rng.choice(PRESSES).format(seat=seat(), card=rng.randrange(3)),
    }
    if rng.random() < 0.3:
        fields["bent_table"] = "y"
    for i in range(players):
        fields[f"hand-{i}"] = rng.choice(CARDS)
        fields[f"points-{i}"] = rng.choice(TYPED)
        fields[f"adjust-{i}"] = rng.choice(["", "", "10", "-20", "x", "5000"])
        fields[f"reason-{i}"] = rng.choice(["", "", "late", "<b>cut</b>"])
    return fields


def started(client, api, rng: random.Random, number: int) -> tuple[str, str]:
    """A game of the ``number``-th variant: started on this phone's pages (so it may
    enter deals), or through the API under random house rules (followed only)."""
    variant = sorted(VARIANTS)[number % len(VARIANTS)]
    rules = get_ruleset(variant)
    players = [*FOUR, "Eve", "Fay"][: max(min(rules.players), min(4, max(rules.players)))]
    if number % 2 == 0:
        data = {f"players-{i}": name for i, name in enumerate(players)}
        response = client.post(f"/?variant={variant}", data=data)
        assert response.status_code == 303, response.data.decode()
        return response.headers["Location"], "en"
    house, _ = random_house(rng, rules)
    body = {"variant": variant, "players": players, "house": house}
    made = api.post("/api/v1/games", json=body)
    assert made.status_code == 201, made.get_json()
    return f"/games/{made.get_json()['id']}", "es"


@pytest.fixture
def api(app):
    return app.test_client()


def test_the_phone_draws_every_tap_of_the_deal_form_as_the_server_does(client, api):
    rng = random.Random(37)
    phone = PhonePages()
    cases = 0
    for number in range(len(VARIANTS)):
        game, first_language = started(client, api, rng, number)
        page = client.get(f"{game}/deals/new").data.decode()
        facts = html.unescape(re.search(r"data-game='([^']*)'", page)[1])
        seats, deal = len(json.loads(facts)["players"]), json.loads(facts)["deal"]
        for tap in range(8):
            fields = random_fields(rng, seats, deal)
            language = first_language if tap % 2 else ("es" if first_language == "en" else "en")
            server = client.post(
                f"{game}/deals/new",
                data=fields,
                headers={"HX-Request": "true", "Accept-Language": language},
            )
            assert server.status_code == 200
            drawn = phone.draw_deal(urlencode(fields), language, facts)
            assert drawn["state"] == f"{game}/deals/new"
            expected = TOKEN.sub(r'\1kept-as-sent"', server.data.decode())
            assert drawn["html"] == expected, (game, fields, language)
            cases += 1
    assert cases == 8 * len(VARIANTS)


def test_an_entry_made_for_another_deal_is_the_server_s_to_show(client):
    """The phone draws only the deal the page said is next: an entry kept for another
    (saved on another phone since) is shown by the server, beside the sheet."""
    game = client.post("/", data={f"players-{i}": n for i, n in enumerate(FOUR)}).location
    page = client.get(f"{game}/deals/new").data.decode()
    facts = html.unescape(re.search(r"data-game='([^']*)'", page)[1])
    with pytest.raises(LookupError):
        PhonePages().draw_deal(urlencode({"deal": "2", "press": "joker"}), "en", facts)
