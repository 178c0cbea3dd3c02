"""What is wrong with a rescue: a natural card in a wild card's place (the reasons of
``rules/rescue.py``; R24, R25, R79), and the table's rule for a joker exchange.
"""

from __future__ import annotations

from ..reasons import Reason
from ..ruleset import MeldWords
from .language import Words, renders
from .phrases import count_word, said_a_rank, said_another_rank, said_reading


def _either(words: Words, cards: tuple[object, ...]) -> str:
    """``JK``, ``2S or JK``, ``6C, 6D or 6S``."""
    return words.listed([str(card) for card in cards], "or")


@renders("exchange_rule")
def _exchange_rule(words: Words, why: Reason) -> str:  # R25, R79
    """The table's rule for a joker a natural card replaces."""
    exchange, game = why["exchange"], why["game"]
    meld_words: MeldWords = why["words"]  # type: ignore[assignment]
    a_set = words.meld(meld_words, "set", article="a")
    a_run = words.meld(meld_words, "run", article="a")
    if exchange == "in_meld":
        if why["to_hand"]:
            return words.gettext(
                "when a wild card is rescued in {game}, it may go into your hand"
            ).format(game=game)
        return words.gettext(
            "when a wild card is rescued in {game}, it must be used at once in a meld you "
            "make this turn; it never goes into your hand"
        ).format(game=game)
    if exchange == "to_hand":
        if why["twos_wild"]:
            message = words.gettext(
                "in {game} the natural card takes a joker's place and the joker goes into "
                "your hand; a wild 2 is never taken"
            )
        else:
            message = words.gettext(
                "in {game} the natural card takes a joker's place and the joker goes into "
                "your hand"
            )
        return message.format(game=game)
    if exchange == "move":
        return words.gettext(
            "in {game} only a joker at an end of {a_run} moves: the natural card takes its "
            "place and the joker moves past it, to stand for the next card; it never goes "
            "into your hand"
        ).format(game=game, a_run=a_run)
    if exchange == "move_anywhere":
        return words.gettext(
            "in {game} a joker at an end of {a_run} moves: the natural card takes its place "
            "and the joker goes to either end, wherever the {run} stays legal; it never goes "
            "into your hand"
        ).format(game=game, a_run=a_run, run=words.meld(meld_words, "run"))
    if exchange == "move_to_top":
        return words.gettext(
            "in {game} the natural card takes the place of a joker of {a_run} and the joker "
            "moves to the top, or to the bottom when the top is an ace; the joker of {a_set} "
            "never moves"
        ).format(game=game, a_run=a_run, a_set=a_set)
    if exchange == "two_for_one":
        if why["runs_allowed"]:
            message = words.gettext(
                "in {game} two cards of {a_set}'s rank take its joker's place and the joker "
                "goes into your hand; a joker at an end of {a_run} moves once, past the card "
                "that takes its place"
            )
        else:
            message = words.gettext(
                "in {game} two cards of {a_set}'s rank take its joker's place and the joker "
                "goes into your hand"
            )
        return message.format(game=game, a_set=a_set, a_run=a_run)
    return words.gettext(
        "in {game} jokers stay where they are: no card takes a joker's place"
    ).format(game=game)


@renders("wild_card_comes_out")
def _wild_card_comes_out(words: Words, why: Reason) -> str:  # R25, R79
    message = {
        "game_hand": words.gettext("{cards} comes out: it goes into your hand"),
        "hand": words.gettext("{cards} comes out: it may go into your hand"),
        "meld": words.gettext(
            "{cards} comes out: it must be used at once in a meld you make this turn; it "
            "never goes into your hand"
        ),
    }[why["goes"]]  # type: ignore[index]
    return message.format(cards=_either(words, why["cards"]))  # type: ignore[arg-type]


@renders("joker_moves")
def _joker_moves(words: Words, why: Reason) -> str:  # R79
    ends, once = why["ends"], bool(why["once"])
    message = {
        (("top",), False): words.gettext(
            "{cards} moves to the top of {the_run}, as {to}; it never goes into your hand"
        ),
        (("bottom",), False): words.gettext(
            "{cards} moves to the bottom of {the_run}, as {to}; it never goes into your hand"
        ),
        (("bottom", "top"), False): words.gettext(
            "{cards} moves to the bottom or the top of {the_run}, as {to}; it never goes "
            "into your hand"
        ),
        (("top",), True): words.gettext(
            "{cards} moves to the top of {the_run}, as {to}, and stays there: a joker moves "
            "only once"
        ),
        (("bottom",), True): words.gettext(
            "{cards} moves to the bottom of {the_run}, as {to}, and stays there: a joker "
            "moves only once"
        ),
        (("bottom", "top"), True): words.gettext(
            "{cards} moves to the bottom or the top of {the_run}, as {to}, and stays there: "
            "a joker moves only once"
        ),
    }[(ends, once)]  # type: ignore[index]
    return message.format(
        cards=_either(words, why["cards"]),  # type: ignore[arg-type]
        the_run=words.meld(why["words"], "run", article="the"),  # type: ignore[arg-type]
        to=_either(words, why["to"]),  # type: ignore[arg-type]
    )


@renders("rescue_with_joker")
def _rescue_with_joker(words: Words, why: Reason) -> str:  # R24
    return words.gettext("a joker is wild: only a natural card takes a wild card's place")


@renders("meld_has_no_wild_card")
def _meld_has_no_wild_card(words: Words, why: Reason) -> str:  # R5, R24
    two = why.get("two")
    reading = why.get("reading")
    if reading is None:
        if two is None:
            return words.gettext("the meld has no wild card")
        return words.gettext(
            "the meld has no wild card: {two} stands for itself in it, and a 2 that stands "
            "for itself cannot be rescued"
        ).format(two=two)
    said = said_reading(words, reading)  # type: ignore[arg-type]
    if two is None:
        return words.gettext("{reading} has no wild card").format(reading=said)
    return words.gettext("{reading} has no wild card: {two} stands for itself").format(
        reading=said, two=two
    )


@renders("more_ways_to_read")
def _more_ways_to_read(words: Words, why: Reason) -> str:  # R15
    return words.gettext("and {count} more ways to read it: declare the meld").format(
        count=why["count"]
    )


@renders("card_stands_for_no_wild_card")
def _card_stands_for_no_wild_card(words: Words, why: Reason) -> str:  # R24
    return words.gettext("{card} is not a card any wild card of this meld stands for").format(
        card=why["card"]
    )


@renders("only_jokers_taken")
def _only_jokers_taken(words: Words, why: Reason) -> str:  # R79
    return words.gettext("in {game} only a joker is taken from a meld: {cards} stays").format(
        game=why["game"],
        cards=_either(words, why["cards"]),  # type: ignore[arg-type]
    )


@renders("set_joker_stays")
def _set_joker_stays(words: Words, why: Reason) -> str:  # R79
    return words.gettext("in {game} the joker of {a_set} stays where it is").format(
        game=why["game"],
        a_set=words.meld(why["words"], "set", article="a"),  # type: ignore[arg-type]
    )


@renders("given_cards_share_suit")
def _given_cards_share_suit(words: Words, why: Reason) -> str:  # R9, R43
    return words.gettext("no two cards of {reading} share a suit: {cards} do").format(
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        cards=words.listed([str(card) for card in why["cards"]]),  # type: ignore[attr-defined]
    )


@renders("meld_would_not_be_legal")
def _meld_would_not_be_legal(words: Words, why: Reason) -> str:
    """The meld after an exchange is not legal as the one on the table was read:
    with which card(s) (``cards``) or at which place (``card``), and why."""
    because = why.get("why")
    if because is None:
        said = words.gettext("the meld would not be legal")
    else:
        said = words.gettext("the meld would not be legal: {why}").format(
            why=words.reason(because)  # type: ignore[arg-type]
        )
    if why.get("cards") is not None:
        return words.gettext("with {cards}, {not_legal}").format(
            cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
            not_legal=said,
        )
    if why.get("card") is not None:
        return words.gettext("with {card} in its place, {not_legal}").format(
            card=why["card"], not_legal=said
        )
    return said


@renders("two_cards_take_set_joker")
def _two_cards_take_set_joker(words: Words, why: Reason) -> str:  # R79
    return words.gettext(
        "in {game} two cards of its rank take the joker's place in {reading}: {card} and {another}"
    ).format(
        game=why["game"],
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        card=why["card"],
        another=said_another_rank(words, why["reading"].rank),  # type: ignore[attr-defined]
    )


@renders("one_card_takes_wild_place")
def _one_card_takes_wild_place(words: Words, why: Reason) -> str:  # R24
    return words.gettext("one card takes a wild card's place in {reading}, not {count}").format(
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        count=count_word(words, why["count"]),  # type: ignore[arg-type]
    )


@renders("one_card_takes_run_joker")
def _one_card_takes_run_joker(words: Words, why: Reason) -> str:  # R24
    return words.gettext("one card takes a joker's place in {a_run}: {card}, not {cards}").format(
        a_run=words.meld(why["words"], "run", article="a"),  # type: ignore[arg-type]
        card=why["cards"][0],  # type: ignore[index]
        cards=" ".join(str(card) for card in why["cards"]),  # type: ignore[attr-defined]
    )


@renders("middle_joker_stays")
def _middle_joker_stays(words: Words, why: Reason) -> str:  # R79
    return words.gettext("in {game} a joker in the middle of {a_run} never moves").format(
        game=why["game"],
        a_run=words.meld(why["words"], "run", article="a"),  # type: ignore[arg-type]
    )


@renders("joker_cannot_move")
def _joker_cannot_move(words: Words, why: Reason) -> str:  # R54, R79
    """A joker cannot move to an end of the run: past the ace, beside another wild
    card (``beside``), or the meld would not be legal (``why``)."""
    top = bool(why["top"])
    facts = {
        "joker": why["joker"],
        "the_run": words.meld(why["words"], "run", article="the"),  # type: ignore[arg-type]
    }
    if why.get("beside") is not None:
        if top:
            message = words.gettext(
                "{joker} cannot move to the top of {the_run}: it would stand beside "
                "{beside}, and in {game} two wild cards never stand for neighbouring cards"
            )
        else:
            message = words.gettext(
                "{joker} cannot move to the bottom of {the_run}: it would stand beside "
                "{beside}, and in {game} two wild cards never stand for neighbouring cards"
            )
        return message.format(beside=why["beside"], game=why["game"], **facts)
    if why.get("why") is not None:
        if top:
            message = words.gettext("{joker} cannot move to the top of {the_run}: {why}")
        else:
            message = words.gettext("{joker} cannot move to the bottom of {the_run}: {why}")
        return message.format(why=words.reason(why["why"]), **facts)  # type: ignore[arg-type]
    if top:
        message = words.gettext(
            "{joker} cannot move to the top of {the_run}: there is no card past the ace"
        )
    else:
        message = words.gettext(
            "{joker} cannot move to the bottom of {the_run}: there is no card past the ace"
        )
    return message.format(**facts)


@renders("wild_cards_stand_for")
def _wild_cards_stand_for(words: Words, why: Reason) -> str:  # R15, R24
    """In a run each wild card stands for one card: "in a run of hearts 6-8, JK stands
    for 7H"; more: "JK stands for 7H and 2C for 9H"."""
    pairs: tuple[tuple[object, object], ...] = why["pairs"]  # type: ignore[assignment]
    first = words.gettext("{card} stands for {as_}").format(card=pairs[0][0], as_=pairs[0][1])
    rest = [
        words.pgettext("a wild card and what it stands for", "{card} for {as_}").format(
            card=card, as_=stands_for
        )
        for card, stands_for in pairs[1:]
    ]
    return words.gettext("in {reading}, {stand_for}").format(
        reading=said_reading(words, why["reading"]),  # type: ignore[arg-type]
        stand_for=words.listed([first, *rest]),
    )


def _wild_place_takes(words: Words, wild: str, reading: str, rank: str) -> str:
    """ "a joker's place in a set of sixes takes a six" (``wild``: whose place)."""
    return {
        "joker": words.gettext("a joker's place in {reading} takes {rank}"),
        "two": words.gettext("a 2's place in {reading} takes {rank}"),
        "wild": words.gettext("a wild card's place in {reading} takes {rank}"),
    }[wild].format(reading=reading, rank=rank)


@renders("wild_place_takes_rank")
def _wild_place_takes_rank(words: Words, why: Reason) -> str:  # R24
    reading = why["reading"]
    return _wild_place_takes(
        words,
        why["wild"],  # type: ignore[arg-type]
        said_reading(words, reading),  # type: ignore[arg-type]
        said_a_rank(words, reading.rank),  # type: ignore[attr-defined]
    )


@renders("set_holds_card")
def _set_holds_card(words: Words, why: Reason) -> str:  # R9, R24
    reading = why["reading"]
    said, rank = said_reading(words, reading), said_a_rank(words, reading.rank)  # type: ignore[arg-type, attr-defined]
    message = {
        "joker": words.gettext(
            "{reading} already holds {card}; a joker's place in it takes {rank} of another "
            "suit: {free}"
        ),
        "two": words.gettext(
            "{reading} already holds {card}; a 2's place in it takes {rank} of another "
            "suit: {free}"
        ),
        "wild": words.gettext(
            "{reading} already holds {card}; a wild card's place in it takes {rank} of "
            "another suit: {free}"
        ),
    }[why["wild"]]  # type: ignore[index]
    return message.format(
        reading=said,
        card=why["card"],
        rank=rank,
        free=_either(words, why["free"]),  # type: ignore[arg-type]
    )


@renders("each_refused")
def _each_refused(words: Words, why: Reason) -> str:
    """Several reasons a rescue is refused under one reading, one after the other."""
    return words.pgettext("reasons one after the other", "; ").join(
        words.reason(one)
        for one in why["reasons"]  # type: ignore[attr-defined]
    )


@renders("no_natural_card")
def _no_natural_card(words: Words, why: Reason) -> str:  # R24
    return words.gettext('give the card to put in a wild card\'s place, such as "8H"')


@renders("too_many_natural_cards")
def _too_many_natural_cards(words: Words, why: Reason) -> str:  # R24, R79
    count = count_word(words, why["count"])  # type: ignore[arg-type]
    if why["most"] == 1:
        return words.gettext(
            "{written} is {count} cards; give the one card to put in a wild card's place"
        ).format(written=why["written"], count=count)
    return words.gettext(
        "{written} is {count} cards; give one card, or two of {a_set}'s rank for its joker"
    ).format(
        written=why["written"],
        count=count,
        a_set=words.meld(why["words"], "set", article="a"),  # type: ignore[arg-type]
    )
