"""What is wrong with an initial meld against the deal's contract (the reasons of
``rules/contracts.py``; R17-R22, R47, R48, R53, R54, R58).
"""

from __future__ import annotations

from ..reasons import Reason
from ..ruleset import ContractPart, MeldWords
from .language import Words, renders
from .phrases import (
    contract_words,
    count_word,
    part_words,
    rank_plural,
    said_kind,
    said_parts,
    said_reading,
    said_suit,
)


def _needs(words: Words, why: Reason) -> str:
    """ "deal 3 needs two runs of four": the deal's contract."""
    return words.gettext("deal {deal} needs {contract}").format(
        deal=why["deal"],
        contract=contract_words(words, why["words"], why["contract"]),  # type: ignore[arg-type]
    )


def _meld_named(words: Words, why: Reason) -> str:
    """ "meld 2 (4D 5D 6D)": a meld of those given, by its place and cards."""
    return words.gettext("meld {number} ({cards})").format(
        number=why["number"],
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
    )


@renders("meld_not_legal")
def _meld_not_legal(words: Words, why: Reason) -> str:
    return words.gettext("{meld} is not legal: {why}").format(
        meld=_meld_named(words, why),
        why=words.reason(why["why"]),  # type: ignore[arg-type]
    )


@renders("meld_not_part")
def _meld_not_part(words: Words, why: Reason) -> str:  # R20, R47, R51-R56
    return words.gettext("{meld}: {why}").format(
        meld=_meld_named(words, why),
        why=words.reason(why["why"]),  # type: ignore[arg-type]
    )


@renders("meld_too_short_for_part")
def _meld_too_short_for_part(words: Words, why: Reason) -> str:  # R20
    return words.gettext("{meld} is a {kind} of {size}, too short for a {part}").format(
        meld=_meld_named(words, why),
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        size=count_word(words, why["size"]),  # type: ignore[arg-type]
        part=part_words(words, why["words"], why["part"]),  # type: ignore[arg-type]
    )


@renders("no_melds_given")
def _no_melds_given(words: Words, why: Reason) -> str:
    return words.gettext("{needs}; no melds were given").format(needs=_needs(words, why))


@renders("initial_meld_exactly_contract")
def _initial_meld_exactly_contract(words: Words, why: Reason) -> str:  # R21
    given: int = why["given"]  # type: ignore[assignment]
    return words.ngettext(
        "in {game} the initial meld is exactly the contract's melds: {needs}, and {count} "
        "meld was given; further melds wait for the next turn",
        "in {game} the initial meld is exactly the contract's melds: {needs}, and {count} "
        "melds were given; further melds wait for the next turn",
        given,
    ).format(game=why["game"], needs=_needs(words, why), count=count_word(words, given))


@renders("whole_hand_needed")
def _whole_hand_needed(words: Words, why: Reason) -> str:  # R58
    if why["exactly"]:
        message = words.gettext(
            "deal {deal} of {game} is met only by melding the whole hand, exactly {cards} "
            "cards; these melds hold {held}"
        )
    else:
        message = words.gettext(
            "deal {deal} of {game} is met only by melding the whole hand, at least {cards} "
            "cards; these melds hold {held}"
        )
    return message.format(deal=why["deal"], game=why["game"], cards=why["cards"], held=why["held"])


@renders("contract_parts_share_melds")
def _contract_parts_share_melds(words: Words, why: Reason) -> str:  # R20
    return words.gettext(
        "{needs}, each its own meld; these {count} melds cannot cover every part"
    ).format(needs=_needs(words, why), count=why["count"])


@renders("contract_part_missing")
def _contract_part_missing(words: Words, why: Reason) -> str:  # R20
    short: tuple[tuple[ContractPart, int], ...] = why["short"]  # type: ignore[assignment]
    meld_words: MeldWords = why["words"]  # type: ignore[assignment]
    if why["one_kind"]:
        found = short[0][1]
        said = count_word(words, found) if found else words.pgettext("found", "none")
    else:
        said = words.listed([said_parts(words, part, meld_words, n) for part, n in short])
    return words.gettext("{needs}; found {found}").format(needs=_needs(words, why), found=said)


@renders("runs_too_close")
def _runs_too_close(words: Words, why: Reason) -> str:  # R48
    gap: int = why["gap"]  # type: ignore[assignment]
    if gap == 1:
        message = words.gettext(
            "in {game} two {runs} of one suit need at least one card between them that "
            "neither holds: melds {first} and {second} ({one} and {other}) have none"
        )
    else:
        message = words.gettext(
            "in {game} two {runs} of one suit need at least {gap} cards between them that "
            "neither holds: melds {first} and {second} ({one} and {other}) have fewer"
        )
    return message.format(
        game=why["game"],
        runs=words.meld(why["words"], "run", count=2),  # type: ignore[arg-type]
        gap=count_word(words, gap),
        first=why["first"],
        second=why["second"],
        one=said_reading(words, why["one"], article=False),  # type: ignore[arg-type]
        other=said_reading(words, why["other"], article=False),  # type: ignore[arg-type]
    )


@renders("sets_of_one_rank")
def _sets_of_one_rank(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} a player never lays down two {sets} of one rank: melds {first} and "
        "{second} are both {ranks}"
    ).format(
        game=why["game"],
        sets=words.meld(why["words"], "set", count=2),  # type: ignore[arg-type]
        first=why["first"],
        second=why["second"],
        ranks=rank_plural(words, why["rank"]),  # type: ignore[arg-type]
    )


@renders("runs_of_one_suit")
def _runs_of_one_suit(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} a player never lays down two {runs} of one suit: melds {first} and "
        "{second} are both {suit}"
    ).format(
        game=why["game"],
        runs=words.meld(why["words"], "run", count=2),  # type: ignore[arg-type]
        first=why["first"],
        second=why["second"],
        suit=said_suit(words, why["suit"]),  # type: ignore[arg-type]
    )


@renders("initial_meld_rules_clash")
def _initial_meld_rules_clash(words: Words, why: Reason) -> str:  # R48, R53, R54
    return words.gettext(
        "these melds cannot meet every rule of {game}'s initial meld at once"
    ).format(game=why["game"])
