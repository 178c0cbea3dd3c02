"""The referee: pure rules of Push and the Contract Rummy family, with no Flask and no
database.

Everything a page or the API decides about cards, melds, contracts and scores is
decided here, once.
"""

from .cards import Card, format_cards, parse_cards
from .contracts import ContractVerdict, check_contract
from .errors import (
    CardError,
    GameRuleError,
    HouseRulesError,
    PackError,
    RulesError,
    UnknownVariantError,
    UnplayableRulesError,
)
from .house import MELD_MINIMUMS, LeftAlone, apply_house, contracts_left, house_changes
from .house_document import DECKS, HOUSE_KEYS, JOKERS, house_rules_of
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
from .rescue import RescueVerdict, Swap, rescue
from .ruleset import (
    Ace,
    Bonus,
    Buys,
    CardValues,
    ContractPart,
    DealRule,
    MeldWords,
    Pack,
    Packs,
    Preset,
    Ruleset,
    WholeHand,
    WildLimit,
)
from .scoring import HandScore, score_hand
from .solver import NearMeld, Solution, SolvedMeld, solve_hand
from .variants import OPTIONS, VARIANTS, Variant, get_ruleset, get_variant, played_rules

__all__ = [
    "DECKS",
    "HOUSE_KEYS",
    "JOKERS",
    "MELD_MINIMUMS",
    "OPTIONS",
    "VARIANTS",
    "Ace",
    "Bonus",
    "Buys",
    "Card",
    "CardError",
    "CardValues",
    "ContractPart",
    "ContractVerdict",
    "DealRule",
    "Declaration",
    "GameRuleError",
    "HandScore",
    "HouseRulesError",
    "LeftAlone",
    "MeldVerdict",
    "MeldWords",
    "NearMeld",
    "Pack",
    "PackError",
    "Packs",
    "Placed",
    "Preset",
    "Reading",
    "RescueVerdict",
    "RulesError",
    "Ruleset",
    "RunReading",
    "SetReading",
    "Solution",
    "SolvedMeld",
    "Swap",
    "UnknownVariantError",
    "UnplayableRulesError",
    "Variant",
    "WholeHand",
    "WildLimit",
    "apply_house",
    "check_contract",
    "contracts_left",
    "extend_meld",
    "format_cards",
    "get_ruleset",
    "get_variant",
    "house_changes",
    "house_rules_of",
    "parse_cards",
    "played_rules",
    "read_meld",
    "rescue",
    "score_hand",
    "solve_hand",
]
