"""The words a page speaks in, wherever it is drawn: on the server in the request's
language, on the phone (the referee's worker, offline) in the page's.

The parts of a page that also run on the phone (the meld checker: ``keypad``,
``meld_checker``, ``checker_views``, ``verdict_views``) say everything through this module, never
through Flask: :func:`words` is the rules core's words of the language being
spoken, and :func:`gettext` and its kin look a message up in the same catalogs and
fill it in as Flask-Babel does (``"%(name)s"`` from the keywords), so a sentence
reads the same whichever drew it. Who is speaking: the app says
:func:`speak_with` its request's words once (``referee.pages.register``); the
phone draws a page :func:`speaking` its page's words, for that page alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ..rules.words import ENGLISH, Words

_speaker: Callable[[], Words] = lambda: ENGLISH  # noqa: E731 (until one is set)
#: The words of a page being drawn apart from any request (on the phone).
_drawing: ContextVar[Words | None] = ContextVar("drawing", default=None)


def speak_with(speaker: Callable[[], Words]) -> None:
    """From now on, speak the words ``speaker`` gives (asked each time)."""
    global _speaker
    _speaker = speaker


@contextmanager
def speaking(said: Words) -> Iterator[None]:
    """Speak ``said`` within the block, whatever else is spoken around it."""
    token = _drawing.set(said)
    try:
        yield
    finally:
        _drawing.reset(token)


def words() -> Words:
    """The rules core's words in the language being spoken."""
    said = _drawing.get()
    return said if said is not None else _speaker()


def _filled(said: str, variables: dict[str, Any]) -> str:
    return said % variables if variables else said


def gettext(message: str, **variables: Any) -> str:
    return _filled(words().gettext(message), variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    return _filled(words().ngettext(singular, plural, num), variables)


def pgettext(context: str, message: str, **variables: Any) -> str:
    return _filled(words().pgettext(context, message), variables)


def sentence_of(error: Exception) -> str:
    """``error``'s sentence: the rules core's in the language being spoken, any other
    as raised."""
    return words().error(error)
