"""An error's sentence in the language of the request: the one place the API and the
pages turn what the rules core refused into the words a person reads.

The rules core's errors carry a reason (:class:`~referee.rules.reasons.Reason`), said
by the rules core's words in the request's language (API.md, "Languages"); any other
error, the storage's refusals among them, is said as it was raised.
"""

from __future__ import annotations

from ..rules import RulesError
from ..rules.words import words_in
from .language import current_language


def sentence_of(error: Exception) -> str:
    """``error``'s sentence in the request's language."""
    if isinstance(error, RulesError):
        return error.said(words_in(current_language()))
    return str(error)
