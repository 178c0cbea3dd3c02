"""The pages say the rules in the request's language: a deal's contract, card values,
the winner and the families come from the rules core's words, here a pseudo-language
that marks what it says, put where every page takes its words
(``plumbing.sentences.request_words``)."""

from referee.plumbing import sentences

from ..rules.test_reason_words import PSEUDO
from .conftest import start_game


def test_the_sheet_says_the_deals_contract_and_card_values_in_the_language_asked(
    client, monkeypatch
):
    game = start_game(client, "shanghai", ["Ann", "Bob", "Cat"])
    english = client.get(game).data.decode()
    assert "two groups of exactly three" in english
    monkeypatch.setattr(sentences, "words_in", lambda language: PSEUDO)
    page = client.get(game).data.decode()
    assert "two groups of exactly three" not in page
    assert "⟦{count} {part}⟧" not in page  # every placeholder filled
    assert "⟦" in page


def test_the_checker_heads_the_families_in_the_language_asked(client, monkeypatch):
    assert "Contract Rummy family" in client.get("/check").data.decode()
    monkeypatch.setattr(sentences, "words_in", lambda language: PSEUDO)
    page = client.get("/check").data.decode()
    assert "⟦Contract Rummy family⟧" in page
