"""What is wrong with one meld, a contract part it was judged against, or a lay-off
(the reasons of ``rules/melds.py``; R4-R16, R23, R43-R56, R70), and a declaration
the referee cannot read (R15).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import rank_token
from ..melds import Reading, SetReading
from ..reasons import Reason
from .language import Words, renders
from .phrases import (
    contract_words,
    count_word,
    part_words,
    rank_plural,
    said_declaration,
    said_kind,
    said_reading,
    said_suit,
    wild_cards_words,
)


@renders("meld_too_short")
def _meld_too_short(words: Words, why: Reason) -> str:
    return words.gettext("a meld needs three or more cards; this has {size}").format(
        size=count_word(words, why["size"])  # type: ignore[arg-type]
    )


@renders("too_many_wild_cards")
def _too_many_wild_cards(words: Words, why: Reason) -> str:  # R7, R56
    return words.gettext(
        "too many wild cards for {game}: a meld needs more natural cards than wild cards, "
        "and as a {kind} this has {natural} natural and {wild} wild"
    ).format(
        game=why["game"],
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("more_wild_than_natural")
def _more_wild_than_natural(words: Words, why: Reason) -> str:  # R70
    return words.gettext(
        "too many wild cards: a meld holds no more wild cards than natural cards, and as a "
        "{kind} this has {natural} natural and {wild} wild"
    ).format(
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("too_few_natural_cards")
def _too_few_natural_cards(words: Words, why: Reason) -> str:  # R70
    least: int = why["least"]  # type: ignore[assignment]
    return words.ngettext(
        "a meld holds at least {least} natural card; as a {kind} this has {natural}",
        "a meld holds at least {least} natural cards; as a {kind} this has {natural}",
        least,
    ).format(
        least=count_word(words, least),
        kind=said_kind(words, why["kind"]),  # type: ignore[arg-type]
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
    )


@renders("wild_cards_over_limit")
def _wild_cards_over_limit(words: Words, why: Reason) -> str:  # R51, R52, R55
    most: int = why["most"]  # type: ignore[assignment]
    facts = {"game": why["game"], "wild": count_word(words, why["wild"])}  # type: ignore[arg-type]
    size = why.get("size")
    if size is None:
        if most == 0:
            message = words.gettext(
                "too many wild cards for {game}: a meld may hold no wild card, and this has {wild}"
            )
        else:
            message = words.ngettext(
                "too many wild cards for {game}: a meld may hold at most {most} wild card, "
                "and this has {wild}",
                "too many wild cards for {game}: a meld may hold at most {most} wild cards, "
                "and this has {wild}",
                most,
            )
        return message.format(most=count_word(words, most), **facts)
    a_meld = words.meld(why["words"], why["kind"], article="a")  # type: ignore[arg-type]
    if most == 0:
        message = words.gettext(
            "too many wild cards for {game}: {a_meld} of {size} may hold no wild card, "
            "and this has {wild}"
        )
    else:
        message = words.ngettext(
            "too many wild cards for {game}: {a_meld} of {size} may hold at most {most} "
            "wild card, and this has {wild}",
            "too many wild cards for {game}: {a_meld} of {size} may hold at most {most} "
            "wild cards, and this has {wild}",
            most,
        )
    return message.format(
        a_meld=a_meld,
        size=count_word(words, size),  # type: ignore[arg-type]
        most=count_word(words, most),
        **facts,
    )


@renders("set_too_few_natural_cards")
def _set_too_few_natural_cards(words: Words, why: Reason) -> str:  # R54
    least: int = why["least"]  # type: ignore[assignment]
    return words.ngettext(
        "{a_set} holds at least {least} natural card in {game}; this has {natural}",
        "{a_set} holds at least {least} natural cards in {game}; this has {natural}",
        least,
    ).format(
        a_set=words.meld(why["words"], "set", article="a"),  # type: ignore[arg-type]
        least=count_word(words, least),
        game=why["game"],
        natural=count_word(words, why["natural"]),  # type: ignore[arg-type]
    )


@renders("wild_cards_side_by_side")
def _wild_cards_side_by_side(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} two wild cards may not stand for neighbouring cards of {a_run}"
    ).format(game=why["game"], a_run=words.meld(why["words"], "run", article="a"))  # type: ignore[arg-type]


@renders("card_not_of_set_rank")
def _card_not_of_set_rank(words: Words, why: Reason) -> str:
    return words.gettext("{card} does not belong in a set of {ranks}").format(
        card=why["card"],
        ranks=rank_plural(words, why["rank"]),  # type: ignore[arg-type]
    )


@renders("set_ranks_differ")
def _set_ranks_differ(words: Words, why: Reason) -> str:
    return words.gettext("a set needs cards of one rank: {first} and {other} differ").format(
        first=why["first"], other=why["other"]
    )


@renders("set_repeats_suit")
def _set_repeats_suit(words: Words, why: Reason) -> str:  # R9
    return words.gettext("a set may not hold two {suit}").format(
        suit=said_suit(words, why["suit"])  # type: ignore[arg-type]
    )


@renders("set_too_long")
def _set_too_long(words: Words, why: Reason) -> str:  # R9
    return words.gettext(
        "a set holds at most four cards, one of each suit, wild cards included; this has {size}"
    ).format(size=count_word(words, why["size"]))  # type: ignore[arg-type]


@renders("no_runs")
def _no_runs(words: Words, why: Reason) -> str:  # R44
    return words.gettext("{game} has no runs: its melds are sets only").format(game=why["game"])


@renders("card_not_of_run_suit")
def _card_not_of_run_suit(words: Words, why: Reason) -> str:
    return words.gettext("{card} does not belong in a run of {suit}").format(
        card=why["card"],
        suit=said_suit(words, why["suit"]),  # type: ignore[arg-type]
    )


@renders("run_suits_differ")
def _run_suits_differ(words: Words, why: Reason) -> str:
    return words.gettext("a run needs cards of one suit: {first} and {other} differ").format(
        first=why["first"], other=why["other"]
    )


@renders("run_too_short")
def _run_too_short(words: Words, why: Reason) -> str:  # R44
    if why["laid_off"]:
        message = words.gettext(
            "{a_run} needs {least} or more cards in {game}; this would have {size}"
        )
    else:
        message = words.gettext("{a_run} needs {least} or more cards in {game}; this has {size}")
    return message.format(
        a_run=words.meld(why["words"], "run", article="a"),  # type: ignore[arg-type]
        least=count_word(words, why["least"]),  # type: ignore[arg-type]
        game=why["game"],
        size=count_word(words, why["size"]),  # type: ignore[arg-type]
    )


@renders("run_too_long")
def _run_too_long(words: Words, why: Reason) -> str:  # R12, R45
    ace_to_ace, laid_off = why["most"] == 14, why["laid_off"]
    message = {
        (True, True): words.gettext(
            "a run holds at most 14 cards, from ace to ace; this would hold {size}"
        ),
        (True, False): words.gettext(
            "a run holds at most 14 cards, from ace to ace; this has {size}"
        ),
        (False, True): words.gettext(
            "a run holds at most 13 cards, one of each rank; this would hold {size}"
        ),
        (False, False): words.gettext(
            "a run holds at most 13 cards, one of each rank; this has {size}"
        ),
    }[(ace_to_ace, bool(laid_off))]
    return message.format(size=why["size"])


@renders("ace_high_only")
def _ace_high_only(words: Words, why: Reason) -> str:  # R45
    return words.gettext(
        "in {game} an ace is high only: it follows the king (Q-K-A) and never comes before the 2"
    ).format(game=why["game"])


@renders("run_repeats_ace")
def _run_repeats_ace(words: Words, why: Reason) -> str:  # R12, R45, R69
    if why["ace"] == "both_ends":
        return words.gettext("a run holds two aces only when it runs from ace to ace, 14 cards")
    if why["ace"] == "around":
        return words.gettext("a run holds at most one ace, even round the corner")
    return words.gettext("a run holds at most one ace")


@renders("run_has_its_ace")
def _run_has_its_ace(words: Words, why: Reason) -> str:  # R12
    return words.gettext("{reading} already has its ace; a run holds at most one ace").format(
        reading=said_reading(words, why["reading"])  # type: ignore[arg-type]
    )


@renders("run_repeats_card")
def _run_repeats_card(words: Words, why: Reason) -> str:
    return words.gettext("a run may not hold two {card}").format(card=why["card"])


@renders("run_place_filled")
def _run_place_filled(words: Words, why: Reason) -> str:  # R23
    return words.gettext(
        "the place of {card} in {reading} is already filled; cards are laid off only at a "
        "run's ends"
    ).format(card=why["card"], reading=said_reading(words, why["reading"]))  # type: ignore[arg-type]


@renders("run_wraps_round_ace")
def _run_wraps_round_ace(words: Words, why: Reason) -> str:  # R12
    window: tuple[int, ...] = why["ranks"]  # type: ignore[assignment]
    if len(window) <= 6:
        span = "-".join(rank_token(rank) for rank in window)
    else:
        span = f"{rank_token(window[0])}-…-A-…-{rank_token(window[-1])}"
    return words.gettext(
        "{span} wraps round the ace: an ace is high (Q-K-A) or low (A-2-3), never in the middle"
    ).format(span=span)


#: The most cards a run's gap is said by: more read better as the run it would take.
MOST_MISSING_SAID = 2


def _missing(why: Reason) -> tuple[str, ...]:
    """The cards a run lacks between its cards, where saying them is plainer ("9H is
    missing"); none where it is not (wild cards among them, or a wide gap)."""
    missing: tuple[str, ...] = why.get("missing", ())  # type: ignore[assignment]
    return missing if len(missing) <= MOST_MISSING_SAID else ()


@renders("card_too_far_from_run")
def _card_too_far_from_run(words: Words, why: Reason) -> str:  # R23, R69
    if missing := _missing(why):
        return words.ngettext(
            "{card} does not reach {reading}: {cards} is missing",
            "{card} does not reach {reading}: {cards} are missing",
            len(missing),
        ).format(
            card=why["card"],
            reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
            cards=words.listed(list(missing)),
        )
    if why["around"]:
        message = words.gettext(
            "{card} is too far from the ends of {reading}, even round the corner: reaching "
            "it takes a run of {need} cards, and these make {size}"
        )
    else:
        message = words.gettext(
            "{card} is too far from the ends of {reading}: reaching it takes a run of {need} "
            "cards, and these make {size}"
        )
    return message.format(
        card=why["card"],
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        need=why["need"],
        size=why["size"],
    )


@renders("cards_too_far_apart")
def _cards_too_far_apart(words: Words, why: Reason) -> str:  # R11, R69
    if missing := _missing(why):
        return words.ngettext(
            "{cards} is missing between {low} and {high}",
            "{cards} are missing between {low} and {high}",
            len(missing),
        ).format(low=why["low"], high=why["high"], cards=words.listed(list(missing)))
    if why["around"]:
        message = words.gettext(
            "{low} and {high} are too far apart for one run, even round the corner: from one "
            "to the other takes {need} cards, and this meld has {size}"
        )
    else:
        message = words.gettext(
            "{low} and {high} are too far apart for one run: from one to the other takes "
            "{need} cards, and this meld has {size}"
        )
    return message.format(low=why["low"], high=why["high"], need=why["need"], size=why["size"])


@renders("not_as_declared")
def _not_as_declared(words: Words, why: Reason) -> str:  # R15
    readings: tuple[Reading, ...] = why["readings"]  # type: ignore[assignment]
    named = [said_reading(words, reading) for reading in readings]
    more: int = why["more"]  # type: ignore[assignment]
    if more:
        named.append(words.gettext("{count} more").format(count=more))
    return words.gettext("{cards} cannot be declared {declared}; it reads as {readings}").format(
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
        declared=said_declaration(words, why["declared"]),  # type: ignore[arg-type]
        readings=words.listed(named, "or"),
    )


@renders("part_other_kind")
def _part_other_kind(words: Words, why: Reason) -> str:  # R47
    return words.gettext("deal {deal} of {game} needs {a_part}; this is {a_meld}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
        a_meld=words.meld(why["words"], why["kind"], article="a"),  # type: ignore[arg-type]
    )


@renders("part_other_size")
def _part_other_size(words: Words, why: Reason) -> str:  # R20, R47
    return words.gettext("deal {deal} of {game} needs {a_part}; this one has {size}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
        size=count_word(words, why["size"]),  # type: ignore[arg-type]
    )


@renders("part_holds_wild_card")
def _part_holds_wild_card(words: Words, why: Reason) -> str:  # R55, R56
    return words.gettext("deal {deal} of {game} needs {a_part}; this one holds {wild}").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
        wild=wild_cards_words(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("part_repeats_suit")
def _part_repeats_suit(words: Words, why: Reason) -> str:  # R55
    return words.gettext("deal {deal} of {game} needs {a_part}; this one repeats a suit").format(
        deal=why["deal"],
        game=why["game"],
        a_part=part_words(words, why["words"], why["part"], article="a"),  # type: ignore[arg-type]
    )


@renders("initial_meld_wild_cards_per_meld")
def _initial_meld_wild_cards_per_meld(words: Words, why: Reason) -> str:  # R52
    most: int = why["most"]  # type: ignore[assignment]
    return words.ngettext(
        "in {game} each meld of the initial meld holds at most {most} wild card; "
        "this one holds {wild}",
        "in {game} each meld of the initial meld holds at most {most} wild cards; "
        "this one holds {wild}",
        most,
    ).format(
        game=why["game"],
        most=count_word(words, most),
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("initial_meld_wild_cards")
def _initial_meld_wild_cards(words: Words, why: Reason) -> str:  # R53
    most: int = why["most"]  # type: ignore[assignment]
    if why["alone"]:
        message = words.ngettext(
            "deal {deal} of {game} allows at most {most} wild card in the whole initial meld; "
            "this meld alone holds {wild}",
            "deal {deal} of {game} allows at most {most} wild cards in the whole initial meld; "
            "this meld alone holds {wild}",
            most,
        )
    else:
        message = words.ngettext(
            "deal {deal} of {game} allows at most {most} wild card in the whole initial meld; "
            "these melds hold {wild}",
            "deal {deal} of {game} allows at most {most} wild cards in the whole initial meld; "
            "these melds hold {wild}",
            most,
        )
    return message.format(
        deal=why["deal"],
        game=why["game"],
        most=count_word(words, most),
        wild=count_word(words, why["wild"]),  # type: ignore[arg-type]
    )


@renders("contract_other_kind")
def _contract_other_kind(words: Words, why: Reason) -> str:  # R47
    return words.gettext("deal {deal} of {game} needs {contract}; this is {a_meld}").format(
        deal=why["deal"],
        game=why["game"],
        contract=contract_words(words, why["words"], why["contract"]),  # type: ignore[arg-type]
        a_meld=words.meld(why["words"], why["kind"], article="a"),  # type: ignore[arg-type]
    )


# Lay-offs (R15, R23, R53, R54, R56)


@renders("meld_on_table_not_legal")
def _meld_on_table_not_legal(words: Words, why: Reason) -> str:
    return words.gettext("the meld on the table is not legal: {why}").format(
        why=words.reason(why["why"])  # type: ignore[arg-type]
    )


@renders("nothing_laid_off")
def _nothing_laid_off(words: Words, why: Reason) -> str:
    return words.gettext("lay off one or more cards")


@renders("wild_card_never_laid_off")
def _wild_card_never_laid_off(words: Words, why: Reason) -> str:  # R56
    return words.gettext("in {game} a wild card is never laid off on a meld ({card})").format(
        game=why["game"], card=why["card"]
    )


@renders("meld_closed")
def _meld_closed(words: Words, why: Reason) -> str:  # R53
    meld = words.meld(why["words"], why["kind"], article="a")  # type: ignore[arg-type]
    if why["kind"] == "set":
        if why["then"] == "joker":
            message = words.gettext("{a_set} of four is closed in {game}: its joker stays")
        else:
            message = words.gettext(
                "{a_set} of four is closed in {game}: nothing may be laid off on it"
            )
        return message.format(a_set=meld, game=why["game"])
    if why["then"] == "joker":
        message = words.gettext("{a_run} from ace to ace is closed in {game}: its joker stays")
    else:
        message = words.gettext(
            "{a_run} from ace to ace is closed in {game}: nothing may be laid off on it"
        )
    return message.format(a_run=meld, game=why["game"])


@renders("lay_off_upward_only")
def _lay_off_upward_only(words: Words, why: Reason) -> str:  # R54
    return words.gettext(
        "in {game} cards are laid off on {a_run} only above its top card, and below its "
        "bottom only once its top is an ace"
    ).format(game=why["game"], a_run=words.meld(why["words"], "run", article="a"))  # type: ignore[arg-type]


@renders("lay_off_fits_no_run")
def _lay_off_fits_no_run(words: Words, why: Reason) -> str:  # R15, R23
    return words.gettext(
        "{cards} cannot be laid off at the ends of any run {meld} can be read as; declare "
        "the meld to see why"
    ).format(
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
        meld=" ".join(str(card) for card in why["meld"]),  # type: ignore[attr-defined]
    )


# A declaration the referee cannot read (R15)


@renders("declaration_kind_unknown")
def _declaration_kind_unknown(words: Words, why: Reason) -> str:  # R15
    return words.gettext('a declaration\'s "kind" must be "set" or "run"')


@renders("declaration_field_not_allowed")
def _declaration_field_not_allowed(words: Words, why: Reason) -> str:  # R15
    if why["kind"] == "set":
        message = words.gettext('a set is not declared with "{field}"')
    else:
        message = words.gettext('a run is not declared with "{field}"')
    return message.format(field=why["field"])


def readings_words(words: Words, readings: Sequence[Reading]) -> str:
    """Many readings of one meld said by their kinds (R15): "12 sets and 44 runs".

    >>> from referee.rules import get_ruleset, parse_cards, read_meld
    >>> from referee.rules.words import ENGLISH
    >>> twos = read_meld(parse_cards("2C 2H 2S 2D"), get_ruleset("push"))
    >>> readings_words(ENGLISH, twos.readings)
    '12 sets and 44 runs'
    """
    sets = sum(1 for reading in readings if isinstance(reading, SetReading))
    runs = len(readings) - sets
    said = []
    if sets:
        said.append(words.ngettext("{count} set", "{count} sets", sets).format(count=sets))
    if runs:
        said.append(words.ngettext("{count} run", "{count} runs", runs).format(count=runs))
    return words.listed(said)
