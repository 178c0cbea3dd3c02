"""A rules card (docs/rules.md#R74): a table's rules in a link, to open the new-game form
with them filled in on any phone.

The card holds the game, its options, the house changes and the name the table
gave them, and nothing else: no game, no edit key. It is the link itself (JSON,
compressed, in base64url), so a card needs nothing kept on the server and never
runs out; a full table of deals still fits a QR code a phone reads.

>>> card = RulesCard("Grandma's Liverpool", "contract-rummy", {}, {"run_min": 3})
>>> read_card(card.token) == card
True
>>> try:
...     read_card("not-a-card")
... except UnreadableCard as error:
...     print(error)
this rules card cannot be read: ask for its link again
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from ...plumbing.json_text import read_json

#: The longest card read: more than any table of twenty deals needs, well within
#: what a browser sends in an address.
MOST_CHARACTERS = 4000
#: The most a card may hold once opened, so that a crafted one costs nothing to refuse.
MOST_BYTES = 32_000
NAME = 60


class UnreadableCard(ValueError):
    """A link that is no rules card (cut short, mistyped, or made up)."""

    def __init__(self) -> None:
        super().__init__(gettext("this rules card cannot be read: ask for its link again"))


@dataclass(frozen=True)
class RulesCard:
    """A table's rules under its name: the game, its options and its house changes."""

    name: str
    variant: str
    options: Mapping[str, bool] = field(default_factory=dict)
    house: Mapping[str, object] = field(default_factory=dict)

    @property
    def token(self) -> str:
        """The card as it travels in a link."""
        body: dict[str, object] = {"name": self.name, "variant": self.variant}
        body |= {"options": dict(self.options), "house": dict(self.house)}
        text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
        packed = zlib.compress(text.encode(), level=9)
        return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def read_card(token: str) -> RulesCard:
    """The card a link holds; UnreadableCard for anything else. What its rules are
    worth is the rules core's to say when the form is drawn."""
    if not 0 < len(token) <= MOST_CHARACTERS:
        raise UnreadableCard()
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        opener = zlib.decompressobj()
        text = opener.decompress(packed, MOST_BYTES)
        if opener.unconsumed_tail or not opener.eof:
            raise UnreadableCard()
        body: Any = read_json(text)
    except (binascii.Error, zlib.error, ValueError) as error:
        raise UnreadableCard() from error
    if not isinstance(body, dict):
        raise UnreadableCard()
    name, variant = body.get("name", ""), body.get("variant")
    options, house = body.get("options", {}), body.get("house", {})
    if not (isinstance(name, str) and isinstance(variant, str)):
        raise UnreadableCard()
    if not (isinstance(options, dict) and isinstance(house, dict)):
        raise UnreadableCard()
    return RulesCard(name.strip()[:NAME], variant, options, house)
