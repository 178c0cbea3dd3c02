"""The API's ``error`` is the rules core's reason said in the request's language
(docs/api.md#languages): here a pseudo-language that marks what it says, so the test
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


#: (method, path, body, status, the English error, the Spanish one): the API's own
#: sentences, a body that does not fit and the storage's refusals (docs/api.md#languages).
IN_SPANISH = {
    "bad_json": ("post", "/api/v1/melds/check", "{bad", 400, "the request body is not valid JSON", "el cuerpo de la solicitud no es JSON válido"),
    "missing_field": ("post", "/api/v1/melds/check", {"variant": "push"}, 400, '"cards" is required', 'falta "cards"'),
    "extra_field": ("post", "/api/v1/melds/check", {"variant": "push", "cards": "7H", "x": 1}, 400, '"x" is not a field this request takes', '"x" no es un campo de esta solicitud'),
    "wrong_type": ("post", "/api/v1/contracts/check", {"variant": "push", "deal": "1", "melds": []}, 400, '"deal" must be a whole number', '"deal" tiene que ser un número entero'),
    "no_game": ("get", "/api/v1/games/nothing-here", None, 404, "there is no game", "no existe la partida"),
    "no_card": ("post", "/api/v1/melds/check", {"variant": "push", "cards": "ZZ"}, 400, '"ZZ" is not a card', '"ZZ" no es una carta'),
}  # fmt: skip


@pytest.mark.parametrize("case", IN_SPANISH)
def test_the_apis_own_sentences_are_said_in_spanish_when_asked(client, case):
    method, path, body, status, english, spanish = IN_SPANISH[case]

    def ask(language):
        send = (
            {"data": body, "content_type": "application/json"}
            if isinstance(body, str)
            else {"json": body}
        )
        return getattr(client, method)(
            path, headers={"Accept-Language": language}, **(send if body is not None else {})
        )

    in_english, in_spanish = ask("en"), ask("es-CL")
    assert in_english.status_code == in_spanish.status_code == status
    assert in_english.get_json()["error"].startswith(english)
    assert in_spanish.get_json()["error"].startswith(spanish), in_spanish.get_json()["error"]
    assert "Accept-Language" in in_spanish.headers["Vary"]
