"""Every path of the API answers as it did when its answers were recorded
(tests/api/record_answers.py): the same status, the same headers, the same body to
the byte. A change that means to change an answer records them again, and the
difference in tests/api/recorded/ shows what changed."""

import json

import pytest

from .record_answers import RECORDED, RUNS, answers

RECORDINGS = json.loads(RECORDED.read_text(encoding="utf-8"))
CASES = [
    (run, index, recording)
    for run, recordings in RECORDINGS.items()
    for index, recording in enumerate(recordings)
]


@pytest.fixture(scope="module")
def replayed():
    """The same requests asked again, in the same order, of fresh apps."""
    return answers()


def test_the_same_requests_are_asked_as_were_recorded(replayed):
    assert [run for run, _, _ in RUNS] == list(RECORDINGS)
    for run, recordings in RECORDINGS.items():
        asked = [(answer["name"], answer["request"]) for answer in replayed[run]]
        assert asked == [(answer["name"], answer["request"]) for answer in recordings], run


@pytest.mark.parametrize(
    ("run", "index", "recording"), CASES, ids=[f"{run}: {rec['name']}" for run, _, rec in CASES]
)
def test_the_answer_is_as_recorded(replayed, run, index, recording):
    answer = replayed[run][index]
    assert answer["request"] == recording["request"]
    assert answer["status"] == recording["status"]
    assert answer["headers"] == recording["headers"]
    assert answer["body"] == recording["body"]
