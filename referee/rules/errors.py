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
