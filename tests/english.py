"""English words left in a text meant to be in another language: the test of the
pages and the API asked in Spanish (``pages/test_spanish_pages.py``,
``api/test_spanish_answers.py``)."""

import re

#: Words of English that no Spanish sentence holds: articles, verbs, pronouns and the
#: nouns of the game. A hit is a sentence, or part of one, left untranslated.
_WORDS = """
    the an is are was were be been must not and with this that these those there
    has have had each once twice your you it its for from at on in of to or by
    than then when which who what where why how only every any all some none
    deal deals card cards player players game games meld melds set sets run runs
    joker jokers wild hand hands points point score scores team teams
    rules rule house request body field name names key edit again send try wait
    minute minutes seconds out went bent table turn buy buys round
    start started new check checker sheet share keep play played won win wins
"""
ENGLISH = frozenset(_WORDS.split())

#: What is the same in every language and would be read as English: quoted text
#: (a field, a name, a card the request sent), addresses, headers, JSON and codes.
_KEPT = re.compile(
    r"""
    "[^"]*"            # "house", "Ann": what the request named
    | “[^”]*”          # a name the table typed, quoted
    | '[^']*'
    | \{[^{}]*\}       # a JSON example
    | (?:GET|POST|PUT|DELETE)\s+\S+
    | /\S*             # a path
    | %\(\w+\)[sd]      # a placeholder
    | \b\w+(?:[-_]\w+)+\b  # a code: push-solo, ten_cards, no-such-game
    | \b[A-Z]\b        # a rank: A, J, Q, K
    | \b[A-Z][\w-]*-[A-Z][\w-]*\b   # Idempotency-Key, X-Edit-Key, If-Match
    """,
    re.VERBOSE,
)


def english_words(text: str, also_kept: tuple[str, ...] = ()) -> list[str]:
    """The English words of ``text``, once what every language keeps as it is (and
    ``also_kept``: player names, a game's own name) is taken out."""
    for kept in also_kept:
        text = text.replace(kept, " ")
    text = _KEPT.sub(" ", text)
    return [word for word in re.findall(r"[A-Za-z']+", text) if word.lower() in ENGLISH]
