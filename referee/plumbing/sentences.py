"""An error's sentence in the language of the request: the one place the API and the
pages turn what the rules core refused into the words a person reads.

The rules core's errors carry a reason (:class:`~referee.rules.reasons.Reason`), said
by the rules core's words in the request's language (docs/api.md#languages); any other
error, the storage's refusals among them, is said as it was raised.
"""

from __future__ import annotations

from ..rules.words import Words, words_in
from .language import current_language


def request_words() -> Words:
    """The rules core's words in the request's language: what every page and the API
    say a reason, a contract or a reading with."""
    return words_in(current_language())


def sentence_of(error: Exception) -> str:
    """``error``'s sentence in the request's language."""
    return request_words().error(error)
