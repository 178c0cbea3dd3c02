"""Bad input gets a 4xx and a JSON sentence under /api/, never a 500 or an HTML page."""

import io

import pytest

CHECK = "/api/v1/melds/check"


def assert_error(response, status, sentence):
    assert response.status_code == status
    assert response.is_json
    body = response.get_json()
    assert set(body) == {"error"}
    assert sentence in body["error"]


RAW = {
    "malformed_json": (b'{"variant": "push", "cards": ', 400, "not valid JSON"),
    "empty_body": (b"", 400, "not valid JSON"),
    "not_utf8": (b'{"variant": "\xff"}', 400, "not valid JSON"),
    "a_list_instead_of_an_object": (b"[]", 400, "must be a JSON object"),
    "a_string_instead_of_an_object": (b'"push"', 400, "must be a JSON object"),
    "null": (b"null", 400, "must be a JSON object"),
    "a_number_of_5000_digits": (
        b'{"variant": "push", "cards": "7H", "players": ' + b"4" * 5000 + b"}",
        400,
        "far too large",
    ),
}


@pytest.mark.parametrize(("raw", "status", "sentence"), RAW.values(), ids=RAW.keys())
def test_a_body_that_is_not_a_json_object(client, raw, status, sentence):
    response = client.post(CHECK, data=raw, content_type="application/json")
    assert_error(response, status, sentence)


FIELDS = {
    "cards_missing": (CHECK, {"variant": "push"}, 400, '"cards" is required'),
    "variant_missing": (CHECK, {"cards": "7H"}, 400, '"variant" is required'),
    "cards_a_number": (CHECK, {"variant": "push", "cards": 7}, 400, '"cards" must be a string or a list'),
    "a_card_token_a_number": (CHECK, {"variant": "push", "cards": ["7H", 8]}, 400, '"cards[1]" must be a string'),
    "variant_a_number": (CHECK, {"variant": 1, "cards": "7H"}, 400, '"variant" must be a string'),
    "an_option_value_not_a_boolean": (CHECK, {"variant": "push", "cards": "7H", "options": {"ten_cards": "yes"}}, 400, '"options.ten_cards" must be true or false'),
    "options_not_an_object": (CHECK, {"variant": "push", "cards": "7H", "options": ["ten_cards"]}, 400, '"options" must be an object'),
    "players_not_a_number": (CHECK, {"variant": "push", "cards": "7H", "players": "4"}, 400, '"players" must be a whole number'),
    "an_unknown_field": (CHECK, {"variant": "push", "cards": "7H", "declar": {}}, 400, '"declar" is not a field this request takes'),
    "a_declaration_of_no_kind": (CHECK, {"variant": "push", "cards": "7H 8H 9H", "declare": {"kind": "pair"}}, 400, '"declare.kind"'),
    "a_declared_rank_that_is_no_rank": (CHECK, {"variant": "push", "cards": "7H 8H 9H", "declare": {"kind": "set", "rank": "1"}}, 400, '"1" is not a rank'),
    "a_declared_suit_that_is_no_suit": (CHECK, {"variant": "push", "cards": "7H 8H 9H", "declare": {"kind": "run", "suit": "X"}}, 400, '"X" is not a suit'),
    "a_bad_card": (CHECK, {"variant": "push", "cards": "7H 1X"}, 400, '"1X" is not a card'),
    "an_unknown_option": (CHECK, {"variant": "push", "cards": "7H", "options": {"tencards": True}}, 400, '"tencards" is not an option of Push'),
    "an_unknown_variant": (CHECK, {"variant": "gin", "cards": "7H"}, 404, 'there is no variant "gin"'),
    "a_third_7h_with_four_players": (CHECK, {"variant": "push", "cards": "7H 7H 7H"}, 422, "there are three 7H here"),
    "five_jokers": (CHECK, {"variant": "push", "cards": "JK JK JK JK JK"}, 422, "five jokers"),
    "five_players_at_shove_it": (CHECK, {"variant": "shove-it", "cards": "7H", "players": 5}, 400, "Shove-It is for 4 or 6 players, not 5"),  # docs/api.md, the family: a count the variant does not allow is a 400
    "extend_meld_a_number": ("/api/v1/melds/extend", {"variant": "push", "meld": 5, "add": "7H"}, 400, '"meld" must be a string or a list or an object'),
    "extend_meld_object_with_bad_cards": ("/api/v1/melds/extend", {"variant": "push", "meld": {"cards": 5}, "add": "7H"}, 400, '"meld.cards" must be a string or a list'),
    "extend_add_missing": ("/api/v1/melds/extend", {"variant": "push", "meld": "7H 8H 9H"}, 400, '"add" is required'),
    "extend_past_the_pack": ("/api/v1/melds/extend", {"variant": "push", "meld": "7H 8H 9H", "add": "7H 7H"}, 422, "three 7H"),
    "contract_deal_6": ("/api/v1/contracts/check", {"variant": "push", "deal": 6, "melds": []}, 400, "deal must be 1 to 5; 6 is not a deal"),
    "contract_deal_0": ("/api/v1/contracts/check", {"variant": "push", "deal": 0, "melds": []}, 400, "deal must be 1 to 5"),
    "contract_deal_a_string": ("/api/v1/contracts/check", {"variant": "push", "deal": "3", "melds": []}, 400, '"deal" must be a whole number'),
    "contract_deal_a_float": ("/api/v1/contracts/check", {"variant": "push", "deal": 3.5, "melds": []}, 400, '"deal" must be a whole number'),
    "contract_deal_a_boolean": ("/api/v1/contracts/check", {"variant": "push", "deal": True, "melds": []}, 400, '"deal" must be a whole number'),
    "contract_melds_not_a_list": ("/api/v1/contracts/check", {"variant": "push", "deal": 1, "melds": "8C 8H 8S"}, 400, '"melds" must be a list'),
    "contract_a_meld_with_a_bad_declaration": ("/api/v1/contracts/check", {"variant": "push", "deal": 1, "melds": [{"cards": "8C 8H 8S", "declare": {"kind": "set", "suit": "H"}}]}, 400, 'a set is not declared with "suit"'),
    "contract_cards_over_the_pack": ("/api/v1/contracts/check", {"variant": "push", "deal": 1, "melds": ["8C 8H 8S", "8C 8D 8S", "8C JK JK"]}, 422, "three 8C"),
    "hand_a_bad_card": ("/api/v1/hands/score", {"variant": "push", "cards": "AS K"}, 400, '"K" is not a card'),
    "hand_over_the_pack": ("/api/v1/hands/score", {"variant": "push", "cards": "AS AS AS"}, 422, "three AS"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("path", "body", "status", "sentence"), FIELDS.values(), ids=FIELDS.keys()
)
def test_bad_fields_get_a_sentence_naming_them(client, path, body, status, sentence):
    assert_error(client.post(path, json=body), status, sentence)


def test_an_unknown_path_is_a_json_404(client):
    assert_error(
        client.get("/api/v1/nothing-here"), 404, "there is nothing at /api/v1/nothing-here"
    )
    assert_error(client.post("/api/v2/melds/check", json={}), 404, "there is nothing at")


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("get", CHECK, "use POST"),
        ("put", "/api/v1/hands/score", "use POST"),
        ("delete", "/api/v1/contracts/check", "use POST"),
        ("post", "/api/v1/variants", "use GET"),
    ],
)
def test_a_wrong_method_is_a_json_405(client, method, path, allowed):
    assert_error(getattr(client, method)(path), 405, allowed)


def test_a_body_over_64_kb_is_a_json_413(client):
    cards = " ".join(["7H"] * 30_000)
    response = client.post(CHECK, json={"variant": "push", "cards": cards})
    assert_error(response, 413, "larger than 64 KB")


def test_a_streamed_body_over_64_kb_is_a_json_413(client):
    body = b'{"variant": "push", "cards": "' + b"7H 8H 9H " * 10_000 + b'"}'
    response = client.post(
        CHECK,
        input_stream=io.BytesIO(body),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        # as a server sets it for a chunked body
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert_error(response, 413, "larger than 64 KB")


def test_a_body_just_under_the_limit_is_read(client):
    cards = " ".join(["7H", "8H", "9H"] + ["JK"] * 100)
    response = client.post(CHECK, json={"variant": "push", "cards": cards})
    assert response.status_code == 422  # read and judged: more jokers than the pack holds


def test_pages_outside_the_api_keep_html_errors(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert not response.is_json


def test_a_405_names_the_allowed_methods(client):
    response = client.delete("/api/v1/variants")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]


def test_a_pot_too_big_to_keep_is_a_400_not_a_500(client):
    body = {
        "variant": "cap-it",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "pot": {"stake": 2**63, "payout": 0},
    }
    assert_error(
        client.post("/api/v1/games", json=body), 400, '"pot.stake" must be 1000000 or less'
    )


def _nested(depth):
    return "[" * depth + "]" * depth


#: JSON nested past what any request needs, wherever the API reads JSON, and text no
#: table may type (a right-to-left override, a pop isolate, a zero-width space) in
#: every name a body gives: each a 400 with the sentence of the field, never a 500.
HOSTILE = {
    "a body nested just past the limit": ("POST", "/api/v1/variants/push/rules", '{"house": {"deals": ' + _nested(33) + "}}", 400, "nests deeper than 32 levels"),
    "a body nested past pydantic's limit": ("POST", "/api/v1/variants/push/rules", '{"house": ' + _nested(300) + "}", 400, "nests deeper than 32 levels"),
    "a body nested past Python's recursion": ("POST", CHECK, "[" * 5000, 400, "nests deeper than 32 levels"),
    "a new game's body nested too deep": ("POST", "/api/v1/games", '{"variant": "push", "players": ["Ann", "Bob", "Cat", "Dan"], "house": {"x": ' + _nested(40) + "}}", 400, "nests deeper than 32 levels"),
    "?house= nested just past the limit": ("GET", "/api/v1/variants/push?house=" + _nested(33), None, 400, '"house" must be JSON'),
    "a bonus named with an override": ("POST", "/api/v1/variants/contract-rummy/rules", {"house": {"bonuses": [{"name": "cut \u202e01+", "points": -10}]}}, 400, '"bonuses", bonus 1: "name" must hold printable characters only'),
    "a deal named with a pop isolate": ("POST", "/api/v1/variants/contract-rummy/rules", {"house": {"deals": [{"cards": 10, "name": "Blitz\u2069", "contract": [{"kind": "set", "min": 3}]}]}}, 400, '"deals", deal 1: "name" must hold printable characters only'),
    "a meld named with a zero-width space": ("POST", "/api/v1/variants/contract-rummy/rules", {"house": {"deals": [{"cards": 10, "contract": [{"kind": "set", "min": 3, "name": "tr\u200bio"}]}]}}, 400, '"deals", deal 1, part 1: "name" must hold printable characters only'),
    "a new game's bonus named with an override": ("POST", "/api/v1/games", {"variant": "contract-rummy", "players": ["Ann", "Bob", "Cat"], "house": {"bonuses": [{"name": "\u202e01+", "points": -10}]}}, 400, "must hold printable characters only"),
    "a player named with an override": ("POST", "/api/v1/games", {"variant": "push", "players": ["Ann", "Bob\u202e", "Cat", "Dan"]}, 400, "cannot be shown"),
    "a team named with an isolate": ("POST", "/api/v1/games", {"variant": "push", "players": ["Ann", "Bob", "Cat", "Dan"], "teams": ["\u2067We", "They"]}, 400, "cannot be shown"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "sentence"), HOSTILE.values(), ids=HOSTILE.keys()
)
def test_hostile_json_and_text_get_the_fields_sentence(client, method, path, body, status, sentence):  # fmt: skip
    if isinstance(body, dict):
        response = client.open(path, method=method, json=body)
    else:
        response = client.open(path, method=method, data=body, content_type="application/json")
    assert_error(response, status, sentence)


def test_a_bonus_reason_with_an_override_is_a_400_and_records_nothing(client):
    game = client.post("/api/v1/games", json={"variant": "push", "players": ["Ann", "Bob", "Cat", "Dan"]}).get_json()  # fmt: skip
    deal = {"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}, "adjust": {"Ann": -10}, "adjust_reasons": {"Ann": "cut\u202e01+"}}  # fmt: skip
    path = f"/api/v1/games/{game['id']}/deals"
    response = client.post(path, json=deal, headers={"X-Edit-Key": game["edit_key"]})
    assert_error(response, 400, "the reason for Ann's points holds a character that cannot be shown")  # fmt: skip
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["deals"] == []
