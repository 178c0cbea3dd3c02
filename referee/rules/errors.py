"""The referee's exceptions: each carries a :class:`~.reasons.Reason` and nothing else.

``RulesError`` is input the referee cannot read (a card, option, declaration or
deal that does not exist); ``GameRuleError`` is input it reads but that breaks a
rule of the game (more 7H than the pack holds, five players at Shove-It).

An error never speaks: its ``reason`` is said in the table's language by
:mod:`.words` (``words.reason(error.reason)``), for the API's ``error`` and the
pages; ``str(error)`` is the reason's code and facts, for a log.

>>> from .reasons import Reason
>>> error = CardError(Reason.of("not_a_card", token="ZZ"))
>>> str(error), error.reason.code
("not_a_card(token='ZZ')", 'not_a_card')
"""

from __future__ import annotations

from .reasons import Reason


class RulesError(ValueError):
    """Input the referee cannot accept: a bad option, declaration or deal number.

    ``player``: the player whose hand or points the reason is about, where there
    is one, so a page can show it beside that player without reading the sentence.
    """

    def __init__(self, why: Reason, *, player: str | None = None) -> None:
        super().__init__(why)
        self.reason = why
        self.player = player

    def __str__(self) -> str:
        facts = ", ".join(f"{name}={value!r}" for name, value in self.reason.facts)
        return f"{self.reason.code}({facts})"


class CardError(RulesError):
    """A token that is not a card (R2)."""


class UnknownVariantError(RulesError):
    """A variant id the referee does not know."""


class GameRuleError(RulesError):
    """Well-formed input that breaks a rule of the game."""


class PackError(GameRuleError):
    """More copies of a card than the pack holds (R3)."""


class HouseRulesError(RulesError):
    """A house rules document the referee cannot read (R71): an unknown key, a value
    of the wrong type or out of its range. The API answers it 400.

    ``key``: the top-level key at fault (``"run_min"``, ``"deals"``), for a form to
    show the sentence beside that field; ``path``: where inside it, the key first,
    then list positions (1-based) and keys: ``("deals", 2, "contract", 1, "min")``.
    """

    def __init__(self, why: Reason, *, key: str, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(why)
        self.key = key
        self.path = path or (key,)


class UnplayableRulesError(GameRuleError):
    """House rules the referee reads but no table could play (R71): a contract part
    shorter than the shortest meld of its kind, a sequence where there are none, a
    whole hand larger than a hand, no deals, a pack too small for the players. The
    API answers it 422.

    ``key``: the change at fault, the house key the sentence names first; ``deal``:
    the deal it is about (1-based), where there is one.
    """

    def __init__(self, why: Reason, *, key: str, deal: int | None = None) -> None:
        super().__init__(why)
        self.key = key
        self.deal = deal
