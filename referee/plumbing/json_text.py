"""Every JSON text the app reads from a request, read through one door: the API's
bodies (after pydantic, for names given twice) and its ``?house=``, the house rules
form's hidden fields, a rules card's link, a file of games brought in; and the most a
request's body holds (:data:`MAX_BODY_BYTES`). It imports nothing but the standard
library, so the storage reads a file of games through it as the web does.

Python's ``json`` reads nesting by recursion: a few thousand brackets in a form
field or a link would end in a ``RecursionError``, which is no ``ValueError`` and so
slips past every reader's refusal as a 500. :func:`read_json` counts the nesting
first and refuses anything deeper than :data:`MOST_DEPTH` as it refuses any other
text that is no JSON (:class:`TooDeep` is a ``ValueError``), so each reader says
what it already says of a value it cannot read.

>>> read_json('{"deals": [{"cards": 10, "contract": []}]}')
{'deals': [{'cards': 10, 'contract': []}]}
>>> read_json("[" * 100_000)
Traceback (most recent call last):
...
referee.plumbing.json_text.TooDeep: the JSON nests deeper than 32 levels
>>> depth('{"a": "[[[[", "b": [[1]]}')
3
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

MAX_BODY_BYTES = 64 * 1024  # docs/api.md: a body over 64 KB is a 413

#: The deepest nesting read. A house document, the deepest anything sends, nests five
#: deep (rules, deals, a deal, its contract, a part); a card six.
MOST_DEPTH = 32

#: A JSON string, escapes included: its brackets are text, not nesting.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """JSON nested deeper than :data:`MOST_DEPTH`."""

    def __init__(self) -> None:
        super().__init__(f"the JSON nests deeper than {MOST_DEPTH} levels")


def depth(text: str, most: int = MOST_DEPTH) -> int:
    """How deep ``text`` nests, counting no further than one past ``most``."""
    now = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        now += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, now)
        if deepest > most:
            break
    return deepest


def read_json(
    text: str | bytes,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """``text`` read as JSON (UTF-8 when bytes); ValueError for anything else, and
    :class:`TooDeep` for nesting deeper than :data:`MOST_DEPTH`."""
    if isinstance(text, bytes):
        text = text.decode()
    if depth(text) > MOST_DEPTH:
        raise TooDeep()
    return json.loads(text, object_pairs_hook=object_pairs_hook)
