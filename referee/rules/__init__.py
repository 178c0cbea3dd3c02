"""The referee: pure rules of Push and its relatives, with no Flask and no database.

Everything a page or the API decides about cards, melds, contracts and scores is
decided here, once.
"""

from .cards import Card, format_cards, parse_cards
from .contracts import ContractVerdict, check_contract, describe_contract
from .errors import CardError, GameRuleError, PackError, RulesError, UnknownVariantError
from .melds import (
    Declaration,
    MeldVerdict,
    Placed,
    Reading,
    RunReading,
    SetReading,
    extend_meld,
    read_meld,
)
from .scoring import HandScore, score_hand
from .variants import (
    OPTIONS,
    VARIANTS,
    ContractPart,
    DealRule,
    Ruleset,
    Variant,
    WildLimit,
    get_ruleset,
    get_variant,
)

__all__ = [
    "OPTIONS",
    "VARIANTS",
    "Card",
    "CardError",
    "ContractPart",
    "ContractVerdict",
    "DealRule",
    "Declaration",
    "GameRuleError",
    "HandScore",
    "MeldVerdict",
    "PackError",
    "Placed",
    "Reading",
    "RulesError",
    "Ruleset",
    "RunReading",
    "SetReading",
    "UnknownVariantError",
    "Variant",
    "WildLimit",
    "check_contract",
    "describe_contract",
    "extend_meld",
    "format_cards",
    "get_ruleset",
    "get_variant",
    "parse_cards",
    "read_meld",
    "score_hand",
]
