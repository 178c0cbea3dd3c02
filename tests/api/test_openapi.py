"""GET /api/v1/openapi.json: valid OpenAPI 3.1, true to the routes and to the models.

The request bodies in the document are the pydantic models' own JSON Schemas, so
they cannot drift from what the API validates; the paths and methods are exactly
the app's /api/v1 routes. (That every answer is what the document says is
tests/api/test_fuzz.py's business.)
"""

import inspect
import json
import re

import jsonschema_rs  # comes with schemathesis
import pytest
import schemathesis

from referee.api import games as api_games
from referee.api.openapi import REQUEST_MODELS, AnswerSchema, component_name, openapi_document
from referee.api.openapi_paths import IDEMPOTENCY_KEY_PATTERN, REF_TEMPLATE
from referee.api.schemas import ANSWER_MODELS
from referee.rules import HOUSE_KEYS, VARIANTS, house_rules_of

METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


@pytest.fixture
def document(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def test_the_document_is_served_as_built(document):
    assert document == openapi_document()
    assert document["openapi"].startswith("3.1.")


def test_the_document_is_valid_openapi_3_1(document):
    schema = schemathesis.openapi.from_dict(document)
    schema.validate()  # against the OpenAPI 3.1 meta-schema
    # That meta-schema takes any object as a schema: check each against JSON Schema 2020-12.
    for name, component in document["components"]["schemas"].items():
        assert jsonschema_rs.meta.is_valid(component), name
    # ... and that every reference resolves.
    for name in document["components"]["schemas"]:
        jsonschema_rs.validator_for({**document, "$ref": REF_TEMPLATE.format(model=name)})


def served_api_routes(app) -> set[tuple[str, str]]:
    """(path, method) of every /api/v1 rule, the path written as OpenAPI writes it."""
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1"):
            path = re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule)
            routes |= {(path, method.lower()) for method in rule.methods - {"HEAD", "OPTIONS"}}
    return routes


def described_routes(document) -> set[tuple[str, str]]:
    return {
        (path, method)
        for path, item in document["paths"].items()
        for method in item
        if method in METHODS
    }


def test_every_api_route_is_described_and_every_described_one_is_served(app, document):
    served, described = served_api_routes(app), described_routes(document)
    assert served - described == set(), "served but not described"
    assert described - served == set(), "described but not served"
    assert {path for path, _ in served} >= {
        "/api/v1/variants",
        "/api/v1/variants/{variant_id}",
        "/api/v1/variants/{variant_id}/rules",
        "/api/v1/melds/check",
        "/api/v1/melds/extend",
        "/api/v1/melds/rescue",
        "/api/v1/contracts/check",
        "/api/v1/hands/score",
        "/api/v1/hands/solve",
        "/api/v1/games",
        "/api/v1/games/{game_id}",
        "/api/v1/games/{game_id}/deals",
        "/api/v1/games/{game_id}/deals/{number}",
        "/api/v1/games/{game_id}/sheet.csv",
        "/api/v1/games/{game_id}/events",
        "/api/v1/openapi.json",
    }


def test_path_parameters_are_the_rules_variables(app, document):
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1") or not rule.arguments:
            continue
        path = re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule)
        declared = {
            resolve(document, parameter)["name"]
            for parameter in document["paths"][path].get("parameters", [])
            if resolve(document, parameter)["in"] == "path"
        }
        assert declared == set(rule.arguments), path


def resolve(document, node):
    """Follow a local $ref."""
    while "$ref" in node:
        target = document
        for step in node["$ref"].removeprefix("#/").split("/"):
            target = target[step]
        node = target
    return node


def test_request_schemas_are_the_models_json_schemas(document):
    """Each model's own JSON Schema, and those of the models it uses, word for word."""
    components = document["components"]["schemas"]
    for model in REQUEST_MODELS:
        own = model.model_json_schema(ref_template=REF_TEMPLATE)
        used = own.pop("$defs", {})
        assert components[model.__name__] == own, model.__name__
        for name, schema in used.items():
            assert components[name] == schema, f"{name}, used by {model.__name__}"


def test_answer_schemas_are_the_answer_models_json_schemas(document):
    """The answers are described by the very models the API answers with, as it
    serializes them, and by nothing written by hand."""
    components = document["components"]["schemas"]
    described = set()
    for model in ANSWER_MODELS:
        own = model.model_json_schema(
            ref_template=REF_TEMPLATE, mode="serialization", schema_generator=AnswerSchema
        )
        used = own.pop("$defs", {})
        name = component_name(model)
        assert components[name] == own, name
        described |= {name, *used}
        for used_name, schema in used.items():
            assert components[used_name] == schema, f"{used_name}, used by {name}"
    requests = {model.__name__ for model in REQUEST_MODELS}
    for model in REQUEST_MODELS:
        requests |= set(model.model_json_schema(ref_template=REF_TEMPLATE).get("$defs", {}))
    assert set(components) == described | requests


def test_each_answer_is_one_of_the_answer_models(app):
    """A JSON answer is sent by ``answer(<model>)``, ``_answer`` (a game) or
    ``_replayed`` (a retry's first answer, kept as it was sent); a CSV, the document
    and a game's stream of events are no JSON answer."""
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1") or rule.rule.endswith((".csv", ".json", "/events")):
            continue
        source = inspect.getsource(app.view_functions[rule.endpoint])
        assert "jsonify" not in source, rule.rule
        assert re.search(r"\b(answer|_answer|_replayed)\(", source), rule.rule


def test_each_body_is_the_model_its_route_validates_with(app, document):
    """A route reads its body with ``read_body(Model)``; the document names that model."""
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1"):
            continue
        path = re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule)
        source = inspect.getsource(app.view_functions[rule.endpoint])
        models = re.findall(r"\bread_body\((\w+)\)", source)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            operation = document["paths"][path][method.lower()]
            if not models:
                assert "requestBody" not in operation, (path, method)
                continue
            body = operation["requestBody"]
            assert body["required"] is True
            assert body["content"] == {
                "application/json": {"schema": {"$ref": REF_TEMPLATE.format(model=models[0])}}
            }, (path, method)


def test_the_idempotency_key_pattern_is_the_one_the_api_checks():
    assert api_games.IDEMPOTENCY_KEY.pattern == IDEMPOTENCY_KEY_PATTERN


def test_the_error_schema_is_one_sentence(document):
    assert document["components"]["schemas"]["Error"] | {"description": ""} == {
        "type": "object",
        "properties": {
            "error": {"type": "string", "description": "A sentence a person can act on."}
        },
        "required": ["error"],
        "additionalProperties": False,
        "description": "",
    }


#: (path, method): the statuses it answers (docs/api.md), and the headers it takes.
OPERATIONS = {
    ("/api/v1/variants", "get"): ({200}, set()),
    ("/api/v1/variants/{variant_id}", "get"): ({200, 400, 404, 422}, set()),
    ("/api/v1/variants/{variant_id}/rules", "post"): ({200, 400, 404, 413, 415, 422}, set()),
    ("/api/v1/melds/check", "post"): ({200, 400, 404, 413, 415, 422}, set()),
    ("/api/v1/melds/extend", "post"): ({200, 400, 404, 413, 415, 422}, set()),
    ("/api/v1/melds/rescue", "post"): ({200, 400, 404, 413, 415, 422}, set()),
    ("/api/v1/contracts/check", "post"): ({200, 400, 404, 413, 415, 422}, set()),
    ("/api/v1/hands/score", "post"): ({200, 400, 404, 413, 415, 422}, set()),
    ("/api/v1/hands/solve", "post"): ({200, 400, 404, 413, 415, 422, 429, 503}, set()),
    ("/api/v1/games", "post"): ({201, 400, 404, 409, 413, 415, 422, 429}, {"Idempotency-Key"}),
    ("/api/v1/games/{game_id}", "get"): ({200, 304, 404}, {"If-None-Match"}),
    ("/api/v1/games/{game_id}/deals", "post"): ({201, 400, 403, 404, 409, 412, 413, 415, 422}, {"X-Edit-Key", "If-Match", "Idempotency-Key"}),
    ("/api/v1/games/{game_id}/deals/{number}", "put"): ({200, 400, 403, 404, 409, 412, 413, 415, 422}, {"X-Edit-Key", "If-Match"}),
    ("/api/v1/games/{game_id}/deals/{number}", "delete"): ({200, 403, 404, 409, 412}, {"X-Edit-Key", "If-Match"}),
    ("/api/v1/games/{game_id}/sheet.csv", "get"): ({200, 404}, set()),
    ("/api/v1/games/{game_id}/events", "get"): ({200, 404}, {"Last-Event-ID"}),
    ("/api/v1/openapi.json", "get"): ({200}, set()),
}  # fmt: skip


@pytest.mark.parametrize(
    ("route", "expected"), OPERATIONS.items(), ids=[f"{m} {p}" for p, m in OPERATIONS]
)
def test_statuses_and_headers_are_documented(document, route, expected):
    path, method = route
    statuses, headers = expected
    operation = document["paths"][path][method]
    assert {int(status) for status in operation["responses"]} == statuses
    parameters = [
        resolve(document, parameter)
        for parameter in document["paths"][path].get("parameters", [])
        + operation.get("parameters", [])
    ]
    assert {p["name"] for p in parameters if p["in"] == "header"} == headers
    for status, answer in operation["responses"].items():
        answer = resolve(document, answer)
        content = answer.get("content", {})
        if status == "304":
            assert content == {}
            assert "ETag" in answer["headers"]
        elif int(status) >= 400:
            schema = content["application/json"]["schema"]
            assert schema["$ref"].rsplit("/", 1)[1] == (
                "StaleGame" if status == "412" else "Error"
            )
        elif path.endswith("sheet.csv"):
            assert set(content) == {"text/csv"}
        elif path.endswith("/events"):
            assert set(content) == {"text/event-stream"}
        else:
            assert set(content) == {"application/json"}
        if (
            path.startswith("/api/v1/games")
            and status in ("200", "201")
            and not path.endswith((".csv", "/events"))
        ):
            assert "ETag" in answer["headers"], (route, status)


# --- The answers are what the document says ---------------------------------------------------


def answer_validator(document, path, method, status, content_type="application/json"):
    answer = resolve(document, document["paths"][path][method]["responses"][str(status)])
    schema = answer["content"][content_type]["schema"]
    return jsonschema_rs.validator_for({"components": document["components"], **schema})


def assert_fits(document, path, method, response):
    validator = answer_validator(document, path, method, response.status_code)
    errors = [str(error) for error in validator.iter_errors(response.get_json())]
    assert errors == [], f"{method} {path} {response.status_code}"


def test_the_answers_of_a_whole_game_fit_their_schemas(client, document):
    """A Cap-It game for a pot from start to finish, and the rules paths as docs/api.md shows
    them: every answer fits the schema of its path and status."""
    fits = lambda path, method, response: assert_fits(document, path, method, response)  # noqa: E731
    fits("/api/v1/variants", "get", client.get("/api/v1/variants"))
    for path, body in [
        ("/api/v1/melds/check", {"variant": "push", "cards": "6D 2S JK"}),
        ("/api/v1/melds/check", {"variant": "push", "cards": "KH AH 2H 3H"}),
        ("/api/v1/melds/extend", {"variant": "push", "meld": "7H 8H 9H", "add": "10H JK"}),
        ("/api/v1/melds/rescue", {"variant": "push", "meld": "7H JK 9H", "card": "8H"}),
        ("/api/v1/melds/rescue", {"variant": "push", "meld": "6C 6H JK", "card": "7H"}),
        ("/api/v1/contracts/check", {"variant": "push", "deal": 3, "melds": ["4H 5H 6H 7H", "8H 9H 10H JH"]}),
        ("/api/v1/contracts/check", {"variant": "push", "deal": 1, "melds": [{"cards": "8C 8H JK", "declare": {"kind": "set"}}]}),
        ("/api/v1/hands/score", {"variant": "push", "cards": "AS KD 7C JK"}),
        ("/api/v1/hands/solve", {"variant": "push", "deal": 2, "cards": "8C 8H JK 4H 5H 6H 7H 9S KD"}),
        ("/api/v1/hands/solve", {"variant": "push", "deal": 2, "cards": "8C 8H 4H 5H 6H 7H 9S KD"}),
        ("/api/v1/hands/solve", {"variant": "push", "deal": 2, "cards": "7H " * 31}),
        ("/api/v1/melds/check", {"variant": "push", "cards": "7H 1X"}),
        ("/api/v1/melds/check", {"variant": "gin", "cards": "7H"}),
        ("/api/v1/melds/check", {"variant": "push", "cards": "7H 7H 7H"}),
    ]:  # fmt: skip
        fits(path, "post", client.post(path, json=body))

    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    created = client.post(
        "/api/v1/games",
        json={"variant": "cap-it", "players": players, "pot": {"stake": 10, "payout": 15}},
    )
    assert created.status_code == 201
    fits("/api/v1/games", "post", created)
    game_id, key = created.get_json()["id"], {"X-Edit-Key": created.get_json()["edit_key"]}
    game = f"/api/v1/games/{game_id}"
    for went_out in players:
        deal = {"went_out": went_out, "points": {p: 5 for p in players if p != went_out}}
        recorded = client.post(f"{game}/deals", json=deal, headers=key)
        assert recorded.status_code == 201
        fits("/api/v1/games/{game_id}/deals", "post", recorded)
    read = client.get(game)
    assert read.get_json()["finished"] is True
    assert "winner_share" in read.get_json()["pot"]
    fits("/api/v1/games/{game_id}", "get", read)

    stale = client.put(
        f"{game}/deals/5",
        json={"went_out": None, "points": {}},
        headers={**key, "If-Match": '"v1"'},
    )
    assert stale.status_code == 412
    fits("/api/v1/games/{game_id}/deals/{number}", "put", stale)
    corrected = client.put(
        f"{game}/deals/2",
        json={
            "went_out": None,
            "hands": dict(zip(players, ["AS", "KD", "7C 9H", "JK", "5S"], strict=True)),
        },
        headers=key,
    )
    assert corrected.status_code == 200
    fits("/api/v1/games/{game_id}/deals/{number}", "put", corrected)
    undone = client.delete(f"{game}/deals/5", headers=key)
    assert undone.status_code == 200
    fits("/api/v1/games/{game_id}/deals/{number}", "delete", undone)
    for status, response in [
        (403, client.delete(f"{game}/deals/4")),
        (409, client.delete(f"{game}/deals/1", headers=key)),
        (404, client.delete(f"{game}/deals/9", headers=key)),
    ]:
        assert response.status_code == status
        fits("/api/v1/games/{game_id}/deals/{number}", "delete", response)
    assert client.get(game, headers={"If-None-Match": read.headers["ETag"]}).status_code == 200
    assert client.get(game, headers={"If-None-Match": undone.headers["ETag"]}).status_code == 304
    sheet = client.get(f"{game}/sheet.csv")
    assert sheet.mimetype == "text/csv"
    assert sheet.data.decode().splitlines()[0] == "deal,cards_dealt," + ",".join(players)


# --- House rules: one shape, sent and answered (docs/rules.md#R68, docs/api.md#house-rules) ------------


def house_validator(document):
    return jsonschema_rs.validator_for(
        {"components": document["components"], "$ref": REF_TEMPLATE.format(model="HouseRules")}
    )


def test_house_rules_are_described_key_by_key(document):
    """Every key the rules core reads, each with its shape, and no other key."""
    schema = document["components"]["schemas"]["HouseRules"]
    assert list(schema["properties"]) == list(HOUSE_KEYS)
    assert all(schema["properties"].values()), "a key without its shape"
    assert schema["additionalProperties"] is False


def test_every_body_that_takes_a_variant_takes_house_rules(document):
    components = document["components"]["schemas"]
    for model in ("MeldCheckIn", "MeldExtendIn", "RescueIn", "ContractCheckIn", "HandScoreIn",
                  "HandSolveIn", "GameIn", "VariantRulesIn"):  # fmt: skip
        house = components[model]["properties"]["house"]
        assert {"$ref": REF_TEMPLATE.format(model="HouseRules")} in house["anyOf"], model


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_games_rules_fit_the_house_rules_schema(document, variant_id):
    """The rules of every game as it comes, with each of its options, are a house
    document the schema describes (and the core reads them back the same)."""
    validator = house_validator(document)
    variant = VARIANTS[variant_id]
    for options in [{}, *({name: not on} for name, on in variant.defaults.items())]:
        rules = house_rules_of(variant.ruleset(options))
        assert [str(error) for error in validator.iter_errors(rules)] == [], options


def test_the_answers_with_house_rules_fit_their_schemas(client, document):
    fits = lambda path, method, response: assert_fits(document, path, method, response)  # noqa: E731
    house = {"run_min": 3, "ace": "around", "values": {"JK": 25}, "bonuses": [{"name": "exact cut", "points": -10}]}  # fmt: skip
    fits(
        "/api/v1/variants/{variant_id}",
        "get",
        client.get("/api/v1/variants/contract-rummy", query_string={"house": json.dumps(house)}),
    )
    for status, body in [(200, {"house": house}), (400, {"house": {"ace": 1}}), (422, {"house": {"runs": False}})]:  # fmt: skip
        response = client.post("/api/v1/variants/contract-rummy/rules", json=body)
        assert response.status_code == status
        fits("/api/v1/variants/{variant_id}/rules", "post", response)
    created = client.post(
        "/api/v1/games",
        json={"variant": "contract-rummy", "players": ["A", "B", "C"], "house": house},
    )
    fits("/api/v1/games", "post", created)
    assert [
        str(e) for e in house_validator(document).iter_errors(created.get_json()["house"])
    ] == []
    game, key = (
        f"/api/v1/games/{created.get_json()['id']}",
        {"X-Edit-Key": created.get_json()["edit_key"]},
    )
    deal = {
        "went_out": "A",
        "points": {"B": 5, "C": 5},
        "adjust": {"A": -10},
        "adjust_reasons": {"A": "exact cut"},
    }
    fits(
        "/api/v1/games/{game_id}/deals",
        "post",
        client.post(f"{game}/deals", json=deal, headers=key),
    )
    fits("/api/v1/games/{game_id}", "get", client.get(game))
