"""Every answer of the API asked in Spanish says its sentences in Spanish (docs/api.md,
"Languages"): each request recorded in ``recorded/answers.json`` asked again with
``Accept-Language: es``, its ``error`` and ``reasons`` read for English words, and
everything else held to the recording, byte for byte where no sentence is."""

import json
from dataclasses import replace

import pytest

from referee.rules.house import HOUSE_KEYS

from ..english import english_words
from .record_answers import FOUR, NAMES, RECORDED, RUNS, ask_all

RECORDINGS = json.loads(RECORDED.read_text(encoding="utf-8"))
CASES = [
    pytest.param(run, index, id=f"{run}: {recording['name']}")
    for run, recordings in RECORDINGS.items()
    for index, recording in enumerate(recordings)
]
#: What an answer names as the request sent it, the same in every language: the
#: players, the house rules' keys.
KEPT = (*NAMES, *FOUR, *HOUSE_KEYS)


@pytest.fixture(scope="module")
def in_spanish():
    """Every recorded request asked again in the same order, in Spanish."""
    return {
        run: ask_all(
            settings,
            [replace(ask, headers={**ask.headers, "Accept-Language": "es"}) for ask in asks],
        )
        for run, settings, asks in RUNS
    }


#: The fields of an answer that hold one sentence.
SAID = {"error", "says"}


def sentences(body):
    """The sentences of an answer (its ``error``, what a rescue ``says``, each of its
    ``reasons``, at any depth), and the answer without them."""
    said = []

    def strip(value):
        if isinstance(value, dict):
            kept = {}
            for key, item in value.items():
                if key in SAID and isinstance(item, str):
                    said.append(item)
                elif key == "reasons" and isinstance(item, list):
                    said.extend(item)
                else:
                    kept[key] = strip(item)
            return kept
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value

    return said, strip(body)


def json_or_none(text):
    try:
        return json.loads(text)
    except ValueError:  # the sheet as CSV
        return None


@pytest.mark.parametrize(("run", "index"), CASES)
def test_an_answer_asked_in_spanish_differs_only_in_the_language_of_its_sentences(
    in_spanish, run, index
):
    spanish, english = in_spanish[run][index], RECORDINGS[run][index]
    assert spanish["status"] == english["status"]
    assert spanish["headers"] == english["headers"]
    said, rest = sentences(json_or_none(spanish["body"]))
    _, english_rest = sentences(json_or_none(english["body"]))
    assert rest == english_rest
    if not said:
        assert spanish["body"] == english["body"]
    for sentence in said:
        assert not english_words(sentence, KEPT), sentence


#: Requests no recording asks, with the sentence each gets in Spanish.
NOT_RECORDED = {
    "a field named twice": ('{"variant": "push", "variant": "push", "cards": "7H"}', 'el cuerpo de la solicitud nombra "variant" dos veces en un mismo objeto'),
    "an option named twice": ('{"variant": "push", "cards": "7H", "options": {"ten_cards": true, "ten_cards": false}}', 'nombra "ten_cards" dos veces'),
}  # fmt: skip


@pytest.mark.parametrize("case", NOT_RECORDED)
def test_a_body_that_names_a_field_twice_is_refused_in_spanish(client, case):
    body, spanish = NOT_RECORDED[case]
    answered = client.post(
        "/api/v1/melds/check",
        data=body,
        content_type="application/json",
        headers={"Accept-Language": "es"},
    )
    assert answered.status_code == 400
    assert spanish in answered.get_json()["error"]
    assert not english_words(answered.get_json()["error"])
