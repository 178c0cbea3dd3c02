"""Hostile input to every page that reads JSON, an address or a table's text: deep
nesting, control characters, bidirectional controls. Each is answered as the field's
other bad values are (a 400, or the form drawn again with the field's sentence, or a
fall-back to the site's own home), never a 500; and a name kept with such characters
from before (R73) is drawn isolated, reaching no further than itself."""

import base64
import json
import re
import zlib

import pytest
from sqlalchemy import select

from referee.plumbing.json_text import MOST_DEPTH
from referee.storage.models import Game, db

from .conftest import start_game, text
from .test_house_rules_form import LIVERPOOL, fill, opened

#: JSON no house rules need: nested past the reader's limit, and far past Python's own.
DEEP = {
    "just past the limit": "[" * (MOST_DEPTH + 1) + "]" * (MOST_DEPTH + 1),
    "an object past the limit": '{"a":' * (MOST_DEPTH + 1) + "1" + "}" * (MOST_DEPTH + 1),
    "past Python's recursion": "[" * 5000,
    "inside a kept key": '{"deals":' + "[" * 3000 + "]" * 3000 + "}",
}
#: The house rules form's fields that carry JSON the phone never sees.
HIDDEN = [
    "house-options",
    "house-kept",
    "house-implied",
    "house-deal-1-own",
    "house-deal-1-part-1-own",
]
#: Each page that reads the house rules form: (path, what the form asks it).
READERS = {
    "the new-game form, a tap": (LIVERPOOL, {"house_action": "add-bonus"}),
    "the new-game form, starting": (LIVERPOOL, {}),
    "the new-game form, saving": (LIVERPOOL, {"house_action": "save", "rules_name": "Ours"}),
    "the rules said as typed": ("/rules/said", {}),
}


def _answer(client, path, fields):
    response = client.post(path, data=fields)
    assert response.status_code < 500, response.data.decode()[-2000:]
    return response.status_code, text(response)


@pytest.mark.parametrize("deep", DEEP.values(), ids=DEEP.keys())
@pytest.mark.parametrize("field", HIDDEN)
@pytest.mark.parametrize(("path", "asked"), READERS.values(), ids=READERS.keys())
def test_deep_json_in_a_hidden_field_is_read_as_any_tampered_value(
    client, path, asked, field, deep
):
    """A hidden field that is no JSON object is the book's (house_typed.json_object): so is
    one nested too deep, with the same page and the same sentences."""
    fields = opened(client)
    fill(fields, asked)
    tampered = fields.copy()
    tampered[field] = "not JSON"
    fields[field] = deep
    assert _answer(client, path, fields) == _answer(client, path, tampered)


def _card(body) -> str:
    packed = zlib.compress(json.dumps(body).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _deep_card(depth: int) -> str:
    house = json.loads("[" * depth + "]" * depth) if depth < 900 else None
    if house is None:  # too deep for json.dumps: written by hand
        text_ = '{"name":"x","variant":"push","house":' + "[" * depth + "]" * depth + "}"
        return base64.urlsafe_b64encode(zlib.compress(text_.encode(), 9)).decode().rstrip("=")
    return _card({"name": "x", "variant": "push", "house": {"deals": house}})


CARDS = {
    "nested just past the limit": _deep_card(MOST_DEPTH + 1),
    "nested past Python's recursion (146 characters)": _deep_card(5000),
}


@pytest.mark.parametrize("card", CARDS.values(), ids=CARDS.keys())
@pytest.mark.parametrize("page", ["/rules/{card}", "/rules/{card}/share"])
def test_a_rules_card_nested_too_deep_cannot_be_read(client, card, page):
    response = client.get(page.format(card=card))
    assert response.status_code == 400
    assert "this rules card cannot be read: ask for its link again" in text(response)


BIDI = {
    "a right-to-left override": "cut \u202e01+",
    "a pop directional isolate": "cut\u2069",
    "a zero-width space": "cu\u200bt",
    "a line separator": "cu\u2028t",
}


@pytest.mark.parametrize("name", BIDI.values(), ids=BIDI.keys())
def test_a_bonus_name_that_does_not_show_as_typed_is_refused_beside_its_field(client, name):
    fields = opened(client)
    fill(fields, {"house-bonus-1-name": name, "house-bonus-1-points": "-10"})
    response = client.post("/rules/said", data=fields)
    assert response.status_code == 200
    assert "must hold printable characters only" in text(response)
    fill(fields, {f"players-{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cat"])})
    started = client.post(LIVERPOOL, data=fields)
    assert started.status_code == 422  # no game with it
    assert "must hold printable characters only" in text(started)


@pytest.mark.parametrize("where", ["deal", "part"])
@pytest.mark.parametrize("name", BIDI.values(), ids=BIDI.keys())
def test_a_deal_or_meld_name_that_does_not_show_is_refused_from_a_card(client, where, name):
    """A rules card carries a deal's and a meld's name: a shared card with an override
    in one opens with the rules core's sentence, and the book's rules."""
    part = {"kind": "set", "min": 3} | ({"name": name} if where == "part" else {})
    deal = {"cards": 10, "contract": [part]} | ({"name": name} if where == "deal" else {})
    card = _card({"name": "Ours", "variant": "contract-rummy", "house": {"deals": [deal]}})
    response = client.get(f"/rules/{card}")
    assert response.status_code == 200
    said = text(response)
    assert "house rules cannot be played" in said
    assert "must hold printable characters only" in said


def _save(client, name):
    fields = opened(client)
    fill(fields, {"house_action": "save", "rules_name": name})
    response = client.post(LIVERPOOL, data=fields)
    assert response.status_code == 200
    return text(response)


@pytest.mark.parametrize("name", ["cut \u202e01+", "cut\u2069", "cu\u200bt", "cu\x00t", "\u3164"])
def test_saved_rules_under_a_name_that_does_not_show_are_refused(client, name):
    said = _save(client, f"Grandma {name}")
    assert "the name holds a character that cannot be shown" in said
    assert "Saved on this phone" not in said


def test_a_saved_name_broken_over_lines_is_kept_on_one(client):
    """A saved name's white space is one space, as ever: a line separator too."""
    assert "Saved on this phone as “Grandma cu t”" in _save(client, "Grandma cu\u2028t")


def test_a_rules_card_named_with_an_override_is_drawn_isolated(client):
    card = _card({"name": "Ours \u202e01+", "variant": "contract-rummy", "house": {}})
    page = client.get(f"/rules/{card}/share").data.decode()
    assert "<h1><bdi>Ours \u202e01+</bdi></h1>" in page


#: Where the language switch may be sent back to, and where it goes.
NEXT = {
    "a line break": ("/check\r\nSet-Cookie: x=1", "/"),
    "a line feed alone": ("/check\nX: 1", "/"),
    "a tab before another host": ("/\t/evil.example", "/"),
    "a NUL": ("/check\x00", "/"),
    "a line separator": ("/check\u2028", "/"),
    "a right-to-left override": ("/check\u202e", "/"),
    "another host": ("//evil.example/", "/"),
    "another host with a backslash": ("/\\evil.example", "/"),
    "another site": ("https://evil.example/", "/"),
    "a script": ("javascript:alert(1)", "/"),
    "a broken IPv6 host": ("//[", "/"),
    "nothing": ("", "/"),
    "a path of this site": ("/check?variant=carioca", "/check?variant=carioca"),
}  # fmt: skip


@pytest.mark.parametrize(("given", "goes"), NEXT.values(), ids=NEXT.keys())
def test_the_language_switch_goes_back_only_to_this_site(client, given, goes):
    response = client.get("/language/es", query_string={"next": given})
    assert response.status_code == 303
    assert response.headers["Location"] == goes
    assert "language=es" in response.headers["Set-Cookie"]


def _keep_with_override(app, game_id):
    """The game as one kept before the rule of text (R73): its bonus and its first
    deal named with a right-to-left override."""
    with app.app_context():
        game = db.session.scalars(select(Game).where(Game.id == game_id)).one()
        rules, house = dict(game.rules), dict(game.house)
        for doc in (rules, house):
            doc["bonuses"] = [{"name": "cut\u202e01+", "points": -10}]
        deals = [dict(deal) for deal in rules["deals"]]
        deals[0]["name"] = "Bl\u202eitz"
        rules["deals"] = deals
        game.rules, game.house = rules, house
        db.session.commit()


def test_a_name_kept_from_before_is_drawn_isolated(app, client):
    """A game whose bonus and deal were named with an override before the rule reads
    as kept (R73); each name is isolated where it is drawn: the bonus's button, the
    sheet's house-rules line, the contract line."""
    fields = opened(client)
    fill(fields, {"house-bonus-1-name": "Exact cut", "house-bonus-1-points": "-10"})
    fill(fields, {f"players-{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cat"])})
    game = client.post(LIVERPOOL, data=fields).headers["Location"]
    _keep_with_override(app, game.rsplit("/", 1)[1])
    sheet = client.get(game)
    assert sheet.status_code == 200
    page = sheet.data.decode()
    line = re.search(r'<p class="house-line">(.*?)</p>', page, re.S).group(1)
    assert "\u2068cut\u202e01+\u2069 -10" in line  # the rest of the line is its own
    assert "\u2068Bl\u202eitz\u2069: " in page
    deal = client.get(f"{game}/deals/new").data.decode()
    assert re.search(r'class="pill bonus"[^>]*><bdi>cut\u202e01\+</bdi> -10</button>', deal)
    assert re.search(r'class="who"[^>]*><bdi>Ann</bdi></button>', deal)


def test_a_sheets_names_are_isolated(client):
    """Names of either direction, each in its own isolate: the sheet's heads, the
    dealer in the contract line, the deal form's players, the history's wins."""
    game = start_game(client, "push-solo", ["דנה", "Bob", "Cat", "Dan"])
    page = client.get(game).data.decode()
    assert '<th scope="col" title="דנה"><bdi>דנה</bdi></th>' in page
    assert re.search(r"Deal 1 · <bdi>\w+</bdi> deals", page)
    deal = client.get(f"{game}/deals/new").data.decode()
    assert '<span class="who"><bdi>דנה</bdi></span>' in deal or "<bdi>דנה</bdi></button>" in deal
