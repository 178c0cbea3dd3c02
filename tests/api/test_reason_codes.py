"""docs/api.md#languages: every answer with ``reasons`` carries ``reason_codes``, one
stable snake_case code for each reason, in the same order; a verdict inside an
answer (a contract's melds, a rescue's meld after) carries its own."""

import json
import re
from pathlib import Path

import pytest

RECORDED = Path(__file__).resolve().parent / "recorded" / "answers.json"
CODE = re.compile(r"[a-z]+(_[a-z]+)*")

#: id: (path, body, the codes)
ASKED = {
    "a_set_of_two_clubs": (
        "/api/v1/melds/check", {"variant": "push", "cards": "8C 8C 8H"},
        ["set_repeats_suit", "run_suits_differ"],
    ),
    "a_legal_meld": ("/api/v1/melds/check", {"variant": "push", "cards": "6D 2S JK"}, []),
    "a_card_of_another_suit_laid_off": (
        "/api/v1/melds/extend", {"variant": "push", "meld": "7H 8H 9H", "add": "9S"},
        ["card_not_of_run_suit"],
    ),
    "a_card_no_wild_card_stands_for": (
        "/api/v1/melds/rescue", {"variant": "push", "meld": "6C 6H JK", "card": "7H"},
        ["card_stands_for_no_wild_card", "wild_place_takes_rank"],
    ),
    "one_run_of_two": (
        "/api/v1/contracts/check", {"variant": "push", "deal": 3, "melds": ["4H 5H 6H 7H"]},
        ["contract_part_missing"],
    ),
    "an_illegal_meld_of_the_contract": (
        "/api/v1/contracts/check", {"variant": "push", "deal": 1, "melds": ["8C 8C 8H"]},
        ["meld_not_legal"],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("path", "body", "codes"), ASKED.values(), ids=ASKED.keys())
def test_each_reason_has_its_code_in_order(client, path, body, codes):
    answer = client.post(path, json=body).get_json()
    assert answer["reason_codes"] == codes
    assert len(answer["reasons"]) == len(codes)


def test_a_contracts_melds_carry_their_own_codes(client):
    body = {"variant": "push", "deal": 1, "melds": ["8C 8C 8H"]}
    meld = client.post("/api/v1/contracts/check", json=body).get_json()["melds"][0]
    assert meld["reason_codes"][0] == "set_repeats_suit"
    assert len(meld["reason_codes"]) == len(meld["reasons"])


def with_reasons(value):
    """Every object in an answer that has ``reasons``, however deep."""
    if isinstance(value, dict):
        if "reasons" in value and isinstance(value["reasons"], list):
            yield value
        for inner in value.values():
            yield from with_reasons(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from with_reasons(inner)


def test_every_recorded_answer_with_reasons_has_as_many_codes():
    recorded = json.loads(RECORDED.read_text())
    seen = 0
    for run in recorded.values():
        for recording in run:
            if not recording["body"].startswith(("{", "[")):
                continue
            for verdict in with_reasons(json.loads(recording["body"])):
                seen += 1
                assert len(verdict["reason_codes"]) == len(verdict["reasons"]), recording["name"]
                assert all(CODE.fullmatch(code) for code in verdict["reason_codes"])
    assert seen
