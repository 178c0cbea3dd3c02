"""House rules no table could play (the reasons of ``rules/playable.py``; R71: a 422
naming the change at fault, ``key``).
"""

from __future__ import annotations

from typing import cast

from ..reasons import Reason
from ..ruleset import ContractPart, MeldWords
from .language import Words, renders
from .phrases import count_word, fact_int, fact_strs, facts, pack_words, part_words


def _unplayable(words: Words, why: Reason, said: str, **more: str) -> str:
    sentence = said.format(**(facts(why) | more))
    return words._('"{key}": {sentence}').format(key=why["key"], sentence=sentence)


def _meld_words(why: Reason) -> MeldWords:
    return cast("MeldWords", why["words"])


@renders("no_deals")
def _no_deals(words: Words, why: Reason) -> str:
    return _unplayable(words, why, words._("a game needs at least one deal"))


@renders("distinct_suits_set_min")
def _distinct_suits_set_min(words: Words, why: Reason) -> str:
    said = words._(
        "{a_set} must be {count} or more cards, and {a_set} of distinct suits holds at most four"
    )
    a_set = words.meld(_meld_words(why), "set", article="a")
    return _unplayable(
        words, why, said, a_set=a_set, count=count_word(words, fact_int(why, "set_min"))
    )


@renders("odd_players_in_teams")
def _odd_players_in_teams(words: Words, why: Reason) -> str:
    players = words.listed(fact_strs(why, "players"), "or")
    return _unplayable(
        words, why, words._("{counts} players cannot play in two teams"), counts=players
    )


@renders("no_pack_for_players")
def _no_pack_for_players(words: Words, why: Reason) -> str:
    return _unplayable(words, why, words._("no pack is given for {players} players"))


@renders("deal_asks_no_meld")
def _deal_asks_no_meld(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for no meld: give it a contract or a whole hand")
    return _unplayable(words, why, said)


def _asks(words: Words, why: Reason) -> str:
    part = cast("ContractPart", why["part"])
    return part_words(words, _meld_words(why), part, article="a")


@renders("deal_part_no_runs")
def _deal_part_no_runs(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for {a_part}, and {runs} are not melds here")
    runs = words.meld(_meld_words(why), "run", count=2)
    return _unplayable(words, why, said, a_part=_asks(words, why), runs=runs)


@renders("deal_part_too_short")
def _deal_part_too_short(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for {a_part}, and {a_meld} must be {count} or more cards")
    kind = cast("ContractPart", why["part"]).kind
    return _unplayable(
        words,
        why,
        said,
        a_part=_asks(words, why),
        a_meld=words.meld(_meld_words(why), kind, article="a"),
        count=count_word(words, fact_int(why, "shortest")),
    )


@renders("deal_part_distinct_suits")
def _deal_part_distinct_suits(words: Words, why: Reason) -> str:
    said = words._(
        "deal {deal} asks for {a_part}, and {a_set} of distinct suits holds at most four cards"
    )
    a_set = words.meld(_meld_words(why), "set", article="a")
    return _unplayable(words, why, said, a_part=_asks(words, why), a_set=a_set)


@renders("deal_part_run_too_long")
def _deal_part_run_too_long(words: Words, why: Reason) -> str:
    said = words._("deal {deal} asks for {a_part}, and {a_run} holds at most {count} cards")
    return _unplayable(
        words,
        why,
        said,
        a_part=_asks(words, why),
        a_run=words.meld(_meld_words(why), "run", article="a"),
        count=count_word(words, fact_int(why, "longest")),
    )


@renders("whole_hand_over_a_hand")
def _whole_hand_over_a_hand(words: Words, why: Reason) -> str:
    said = words._(
        "deal {deal} must meld {cards} cards, and a hand holds at most {most}: "
        "the {dealt} dealt and the one drawn"
    )
    return _unplayable(words, why, said, most=str(fact_int(why, "dealt") + 1))


@renders("whole_hand_over_contract")
def _whole_hand_over_contract(words: Words, why: Reason) -> str:
    said = words._(
        "deal {deal} must meld at least {cards} cards, and its contract melds at most "
        "{most}, with no further melds"
    )
    return _unplayable(words, why, said)


@renders("whole_hand_under_contract")
def _whole_hand_under_contract(words: Words, why: Reason) -> str:
    said = words._("deal {deal} must meld exactly {cards} cards, and its contract needs {needs}")
    return _unplayable(words, why, said)


@renders("whole_hand_not_exact")
def _whole_hand_not_exact(words: Words, why: Reason) -> str:
    """R58: ``further`` is the fewest cards with further melds (None: none allowed)."""
    if why["further"] is None:
        said = words._(
            "deal {deal} must meld exactly {cards} cards, and its contract melds exactly {needs}"
        )
    else:
        said = words._(
            "deal {deal} must meld exactly {cards} cards, and its contract melds exactly "
            "{needs}, or {further} or more with further melds"
        )
    return _unplayable(words, why, said)


@renders("pack_too_small")
def _pack_too_small(words: Words, why: Reason) -> str:
    said = words._(
        "the pack for {players} players, {pack} ({size} cards), cannot deal {cards} cards "
        "to each of {players} players and one to start the discard pile: that takes {needs}"
    )
    pack = pack_words(words, fact_int(why, "decks"), fact_int(why, "jokers"))
    return _unplayable(words, why, said, pack=pack)


@renders("pack_cannot_make_set")
def _pack_cannot_make_set(words: Words, why: Reason) -> str:
    """R71: ``beside`` says the deal's other groups take some of the wild cards."""
    if why["beside"]:
        said = words._(
            "deal {deal} asks for {a_part}, and with the pack for {players} players, "
            "{pack}, {a_set} beside the rest of the contract can be at most {count} cards "
            "under these rules"
        )
    else:
        said = words._(
            "deal {deal} asks for {a_part}, and with the pack for {players} players, "
            "{pack}, {a_set} can be at most {count} cards under these rules"
        )
    return _unplayable(
        words,
        why,
        said,
        a_part=_asks(words, why),
        pack=pack_words(words, fact_int(why, "decks"), fact_int(why, "jokers")),
        a_set=words.meld(_meld_words(why), "set", article="a"),
        count=count_word(words, fact_int(why, "largest")),
    )
