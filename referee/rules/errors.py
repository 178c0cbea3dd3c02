"""The referee's exceptions: each carries a sentence a player can act on.

``RulesError`` is input the referee cannot read (a card, option, declaration or
deal that does not exist); ``GameRuleError`` is input it reads but that breaks a
rule of the game (more 7H than the pack holds, five players at Shove-It).
"""


class RulesError(ValueError):
    """Input the referee cannot accept: a bad option, declaration or deal number.

    ``player``: the player whose hand or points the sentence is about, where there
    is one, so a page can show it beside that player without reading the sentence.
    """

    def __init__(self, message: str = "", *, player: str | None = None) -> None:
        super().__init__(message)
        self.player = player


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

    def __init__(self, message: str, *, key: str, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
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

    def __init__(self, message: str, *, key: str, deal: int | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.deal = deal
