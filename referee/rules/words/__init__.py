"""Every sentence of the referee, in the table's language: the one door through which
the rules core speaks. Nothing else in the core builds a sentence: its errors and
verdicts carry :class:`~referee.rules.reasons.Reason` values, and its value types
(cards, readings, contracts, rulesets, sheets) are data these modules read.

The modules mirror the core's: the sentence for a reason given in ``rules/X.py``
lives in ``words/X.py`` (``melds``, ``rescue``, ``contracts``, ``solver``, ``cards``,
``bookkeeping``, ``variants``, ``ruleset``, ``scoring``, ``house_document``,
``playable``); ``described`` says games, contracts and house rules for the pages;
``phrases`` holds the few words every sentence is built from (a count, a suit, a
rank, a reading, a contract part); ``language`` the :class:`Words` of one language,
read from the package's catalogs with the standard library's ``gettext``.

This face keeps every public name, so ``from referee.rules.words import X`` is the
way in, for the API, the pages and the phone alike; only ``rules/words`` itself
imports its modules.

>>> ENGLISH.listed(["Ann", "Bob", "Cat"]), ENGLISH.listed(["6C", "6D", "JK"], "or")
('Ann, Bob and Cat', '6C, 6D or JK')
>>> listed(["Ann", "Bob", "Cat"]), listed(["6C", "6D", "JK"], "or")
('Ann, Bob and Cat', '6C, 6D or JK')
>>> wild_cards(1), wild_cards(2), wild_cards(2, digits=True)
('one wild card', 'two wild cards', '2 wild cards')
>>> counted(1, "meld"), counted(3, "meld"), counted(0, "deal"), counted(1, "point", digits=True)
('one meld', 'three melds', 'no deals', '1 point')
"""

# Each module of reasons registers what it says as it is imported: all of them here.
from . import (  # noqa: F401
    bookkeeping,
    cards,
    contracts,
    house_document,
    melds,
    playable,
    rescue,
    ruleset,
    scoring,
    solver,
    variants,
)
from .described import (
    card_values_words,
    deal_limit_lines,
    deal_words,
    describe_contract,
    describe_house,
    exchange_rule_words,
    exchange_tab_words,
    family_names,
    house_change_lines,
    house_deal_lines,
    house_line,
    house_value_lines,
    left_alone_words,
    option_words,
    packs_words,
    player_counts_words,
    wild_limit_lines,
    wild_table_words,
    winner_words,
)
from .language import (
    CATALOGS,
    DOMAIN,
    ENGLISH,
    Words,
    meld_word_messages,
    reason_codes,
    renders,
    words_in,
)
from .melds import readings_words
from .phrases import (
    capitalized,
    contract_words,
    count_word,
    counted,
    decks_words,
    jokers_words,
    listed,
    pack_words,
    part_words,
    player_counts,
    points_words,
    rank_plural,
    reading_title,
    said_a_rank,
    said_another_rank,
    said_declaration,
    said_kind,
    said_parts,
    said_reading,
    said_suit,
    size_words,
    wild_cards,
    wild_cards_words,
)
from .solver import near_meld_words, near_title, short_words

__all__ = [
    "CATALOGS",
    "DOMAIN",
    "ENGLISH",
    "Words",
    "capitalized",
    "card_values_words",
    "contract_words",
    "count_word",
    "counted",
    "deal_limit_lines",
    "deal_words",
    "decks_words",
    "describe_contract",
    "describe_house",
    "exchange_rule_words",
    "exchange_tab_words",
    "family_names",
    "house_change_lines",
    "house_deal_lines",
    "house_line",
    "house_value_lines",
    "jokers_words",
    "left_alone_words",
    "listed",
    "meld_word_messages",
    "near_meld_words",
    "near_title",
    "option_words",
    "pack_words",
    "packs_words",
    "part_words",
    "player_counts",
    "player_counts_words",
    "points_words",
    "rank_plural",
    "reading_title",
    "readings_words",
    "reason_codes",
    "renders",
    "said_a_rank",
    "said_another_rank",
    "said_declaration",
    "said_kind",
    "said_parts",
    "said_reading",
    "said_suit",
    "short_words",
    "size_words",
    "wild_cards",
    "wild_cards_words",
    "wild_limit_lines",
    "wild_table_words",
    "winner_words",
    "words_in",
]
