"""Every game's meld words (R42) are messages of the catalog, alone and with their
articles, so a language can give each its gender: "un trío", "una escalera"."""

import pytest

from referee.rules import VARIANTS, get_ruleset
from referee.rules.words import ENGLISH, meld_word_messages, words_in

WORDS = {get_ruleset(variant).words for variant in VARIANTS}


@pytest.mark.parametrize("words", sorted(WORDS, key=repr), ids=lambda w: f"{w.set}-{w.run}")
def test_every_games_words_are_messages_with_their_articles(words):
    messages = meld_word_messages(ENGLISH)
    for singular, plural in ((words.set, words.sets), (words.run, words.runs)):
        assert {("", singular), ("a", singular), ("the", singular)} <= messages.keys()
        assert {("", plural), ("the", plural)} <= messages.keys()


@pytest.mark.parametrize(
    ("variant", "kind", "count", "article", "english"),
    [
        ("carioca", "run", 1, "a", "an escalera"),  # the article agrees with the word
        ("carioca", "set", 1, "a", "a trio"),
        ("shanghai", "run", 2, "the", "the sequences"),
        ("caribbean-kalooki", "set", 1, "a", 'a "three"'),
        ("push", "set", 3, "", "sets"),
    ],
)
def test_english_says_the_games_own_word_with_its_article(variant, kind, count, article, english):
    words = get_ruleset(variant).words
    assert ENGLISH.meld(words, kind, count=count, article=article) == english


def test_a_language_says_each_word_through_its_own_message():
    """In a language with a catalog the phrase is the catalog's (here the English
    message itself where it has none): never an English article glued on."""
    spanish = words_in("es")
    carioca = get_ruleset("carioca").words
    assert (
        spanish.meld(carioca, "run", article="a") == meld_word_messages(spanish)[("a", "escalera")]
    )
