"""What the referee finds wrong, as data: a stable code and the facts of the case.

The rules core never writes a sentence a player reads; it says *what* is wrong (which
suit repeats, how many wild cards against what limit, which contract part is
missing) as a :class:`Reason`, and :mod:`.words` says it in the table's language.
The code is the API's ``reason_codes`` entry (docs/api.md#languages): snake_case, the
same in every language, never renamed once given.

>>> why = Reason.of("too_many_wild_cards", natural=1, wild=2)
>>> why.code, why["wild"]
('too_many_wild_cards', 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reason:
    """One thing wrong: ``code`` and its facts, by name, in the order given.

    Facts are hashable values (numbers, strings, cards, the game's words, other
    reasons), so reasons compare, hash and repeat-check as values."""

    code: str
    facts: tuple[tuple[str, Hashable], ...] = ()

    @classmethod
    def of(cls, code: str, /, **facts: Hashable) -> Reason:
        return cls(code, tuple(facts.items()))

    def __getitem__(self, name: str) -> Hashable:
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Hashable = None) -> Hashable:
        try:
            return self[name]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self.facts)
