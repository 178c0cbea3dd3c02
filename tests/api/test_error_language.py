"""The API's ``error`` is the rules core's reason said in the request's language
(API.md, "Languages"): here a pseudo-language that marks what it says, so the test
holds whatever languages the catalogs carry. The status and the fields stay."""

import pytest

from referee.plumbing import sentences

from ..rules.test_reason_words import PSEUDO

#: (path, body, status, the English error)
REFUSED = {
    "not_a_card": ("/api/v1/melds/check", {"variant": "push", "cards": "ZZ"}, 400, '"ZZ" is not a card'),
    "more_than_the_pack": ("/api/v1/melds/extend", {"variant": "push", "meld": "7H 8H 9H", "add": "7H 7H"}, 422, "there are three 7H here"),
    "not_a_deal": ("/api/v1/contracts/check", {"variant": "push", "deal": 6, "melds": []}, 400, "Push has five deals"),
    "house_rule_unread": ("/api/v1/contracts/check", {"variant": "push", "deal": 1, "melds": [], "house": {"run_min": 9}}, 400, '"run_min" must be a whole number from 3 to 7'),
}  # fmt: skip


@pytest.mark.parametrize("case", REFUSED)
def test_the_error_is_said_in_the_language_asked(client, monkeypatch, case):
    path, body, status, english = REFUSED[case]
    answered = client.post(path, json=body)
    assert answered.status_code == status
    assert answered.get_json()["error"].startswith(english)
    monkeypatch.setattr(sentences, "words_in", lambda language: PSEUDO)
    again = client.post(path, json=body)
    assert again.status_code == status
    assert set(again.get_json()) == set(answered.get_json())
    assert again.get_json()["error"].startswith("⟦"), again.get_json()["error"]
