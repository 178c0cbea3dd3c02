"""The meld checker's state, one tap at a time, with no request in sight.

The checker keeps nothing on the server: its state (the mode, the cards tapped,
the melds done so far, a declared reading) travels in the page's fields, and each
tap is a *press* (see :mod:`referee.pages.keypad`). :func:`run_checker` reads the
fields, applies the press (each action a small function of ``TAPS``), and asks the
rules core for the mode's verdict (``JUDGES``). What it shows, the :class:`Checker`
is :mod:`referee.pages.checker.checker_views`'s, its views of the verdicts
:mod:`referee.pages.checker.verdict_views`'s.

>>> from referee.rules import get_ruleset
>>> checker = run_checker({"cards": "6D 2S", "press": "joker"}, [], get_ruleset("push"))
>>> checker.tray.text, checker.verdict.legal, len(checker.readings)
('6D 2S JK', True, 4)

In a game, "My hand" asks the hand solver (R65, R66) what the whole hand tapped in
can do in the deal:

>>> hand = run_checker({"mode": "hand", "cards": "8C 8H JK 4H 5H 6H 7H 9S KD"}, [],
...                    get_ruleset("push"), 4, 2)
>>> [meld.reading.title for meld in hand.solution.melds], hand.solution.left_points
(['Set of eights', 'Run of hearts, 4 to 7'], 15)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import NamedTuple

from ...rules import (
    CardError,
    Declaration,
    RulesError,
    Ruleset,
    check_contract,
    extend_meld,
    read_meld,
    rescue,
    solve_hand,
)
from ...rules.rescue import exchange_of, natural_cards
from ...rules.solver import MAX_HAND
from ...rules.words import count_word
from ..keypad import Tray, whole_number
from ..speech import gettext, sentence_of
from ..speech import words as spoken
from .checker_views import KEPT, MODES, NEEDS_A_DEAL, ON_THE_TABLE, Checker, melds_of
from .verdict_views import (
    ContractView,
    ExchangeView,
    ReadingView,
    RescueView,
    SolutionView,
    VerdictView,
    declaration,
)

#: What a solve runs within: the server's limit on solves at once, or nothing.
Solving = Callable[[], AbstractContextManager[object]]
#: What that limit refuses a solve with (the server's refusals, each with its status).
Refusals = tuple[type[Exception], ...]


def run_checker(
    fields: Mapping[str, str],
    melds: Sequence[str],
    rules: Ruleset,
    players: int | None = None,
    deal: int | None = None,
    solving: Solving = nullcontext,
    refusals: Refusals = (),
) -> Checker:
    """The checker after the press in ``fields``, with its verdict. ``melds`` are the
    melds done so far of a contract check; ``deal`` is the game's deal (a contract
    check needs one; one meld is judged as put down in it, which the rules core
    holds to its contract where the game puts no new meld down after the initial
    meld, R59). A hand is solved within ``solving`` (the server's limit on solves
    at once), which may refuse it with one of ``refusals``: the checker then says
    why (``refusal``)."""
    mode = _mode(fields.get("mode", "meld"), deal)
    into = _into(fields.get("into"), mode)
    checker = Checker(
        mode=mode,
        tray=Tray.read(fields.get("cards"), fields.get("rank")),
        table=Tray.read(fields.get("table"), fields.get("table_rank")),
        into=into,
        melds=melds_of(melds),
        declare=fields.get("declare", ""),
        typed=fields.get("typed", ""),
        kept=_kept(fields, mode),
        exchange=ExchangeView.of(rules),
    )
    _press(checker, fields.get("press", ""), rules)
    if checker.mode in NEEDS_A_DEAL and deal is None:
        checker.switch("meld")
    declare = declaration(checker.declare) if checker.declare else None
    try:
        JUDGES[checker.mode](checker, Asked(rules, declare, players, deal, solving, refusals))
    except RulesError as error:
        checker.error = sentence_of(error)
    checker.hint = _hint(checker)
    if checker.verdict is not None:
        checker.readings = [ReadingView.of(reading) for reading in checker.verdict.readings]
        checker.wild = [str(card) for card in checker.verdict.cards if rules.is_wild(card)]
    return checker


def _mode(asked: str, deal: int | None) -> str:
    """The mode the fields ask for, if the checker has it here: a contract check and
    My hand need a deal, so a game."""
    if asked not in MODES or (asked in NEEDS_A_DEAL and deal is None):
        return "meld"
    return asked


def _kept(fields: Mapping[str, str], mode: str) -> dict[str, str]:
    """The other modes' cards the fields keep (none of the mode shown: its cards are
    the boxes'), each read as cards."""
    kept = {}
    for name in KEPT:
        if name == mode or name.startswith(mode + "_") or not fields.get(name):
            continue
        if name == "contract_melds":
            kept[name] = "|".join(melds_of(fields[name].split("|")))
        else:
            kept[name] = Tray.read(fields[name], "").text
    return kept


def _into(asked: str | None, mode: str) -> str:
    """Where taps go: the box the fields name, else the mode's first box."""
    if asked in ("tray", "table"):
        return asked
    # A lay-off and a rescue start with the meld on the table, their first box.
    return "table" if mode in ON_THE_TABLE else "tray"


def _hint(checker: Checker) -> str:
    """What the player should tap next while there is nothing to judge."""
    if checker.mode in ON_THE_TABLE and not checker.table.cards:
        if checker.tray.cards or checker.into == "tray":
            return str(
                gettext("Tap the meld on the table first: tap its box above, then its cards")
            )
        if checker.mode == "rescue":
            return str(gettext("Tap the meld already on the table, then your natural card"))
        return str(gettext("Tap the meld already on the table, then the cards to add"))
    if checker.mode == "contract" and not checker.tray.cards and not checker.melds:
        return str(gettext("Tap the cards of the first meld, then Next meld"))
    if not checker.tray.cards and not checker.table.cards:
        return str(gettext("Tap a rank, then a suit"))
    return ""


# --- The verdict of each mode -------------------------------------------------------------
#
# Each judges what is tapped in, once there is something to judge, and leaves it on
# the checker; a RulesError is the checker's error. A rescue and My hand have more
# to say (_rescue, _solve).


class Asked(NamedTuple):
    """What a verdict is asked with: the ruleset, the reading declared, the players
    at the table, and the game's deal (None outside a game)."""

    rules: Ruleset
    declare: Declaration | None
    players: int | None
    deal: int | None
    solving: Solving = nullcontext
    refusals: Refusals = ()


def _judge_meld(checker: Checker, asked: Asked) -> None:
    """One meld, as put down in the deal where there is one (R59)."""
    if checker.tray.cards:
        checker.verdict = VerdictView.of(
            read_meld(
                checker.tray.cards,
                asked.rules,
                asked.declare,
                asked.players,
                put_down_in=asked.deal,
            )
        )


def _judge_layoff(checker: Checker, asked: Asked) -> None:
    """R23: the cards tapped in, laid off at the ends of the meld on the table."""
    if checker.table.cards:
        checker.verdict = VerdictView.of(
            extend_meld(
                checker.table.cards,
                checker.tray.cards,
                asked.rules,
                declare=asked.declare,
                players=asked.players,
            )
        )


def _judge_rescue(checker: Checker, asked: Asked) -> None:
    """R24, R25: a natural card for a wild card of the meld on the table."""
    if checker.table.cards:
        _rescue(checker, asked.rules, asked.declare, asked.players)


def _judge_contract(checker: Checker, asked: Asked) -> None:
    """R20, R21: the melds done so far and the one being tapped in, against the
    deal's contract."""
    if asked.deal is None:
        return
    tapped = [Tray.read(m, "").cards for m in checker.melds]
    if checker.tray.cards:
        tapped.append(checker.tray.cards)
    if tapped:
        checker.contract = ContractView.of(
            check_contract([(m, None) for m in tapped], asked.rules, asked.deal, asked.players)
        )


def _judge_hand(checker: Checker, asked: Asked) -> None:
    """R65, R66: My hand, the best melds of the whole hand in the deal."""
    if asked.deal is not None and checker.tray.cards:
        try:
            with asked.solving():
                _solve(checker, asked.rules, asked.deal, asked.players)
        except asked.refusals as refusal:  # too many solves at once: ask again in a moment
            checker.tray_error = str(refusal)
            checker.refusal = refusal


#: Each mode's judge.
JUDGES: dict[str, Callable[[Checker, Asked], None]] = {
    "meld": _judge_meld,
    "layoff": _judge_layoff,
    "rescue": _judge_rescue,
    "contract": _judge_contract,
    "hand": _judge_hand,
}


def _solve(checker: Checker, rules: Ruleset, deal: int, players: int | None) -> None:
    """R65, R66: the best melds of the hand tapped in, or what it lacks."""
    count = len(checker.tray.cards)
    if count > MAX_HAND:
        checker.tray_error = gettext(
            "A hand of at most %(most)s cards: this one has %(count)s. "
            "Tap a card to take it away.",
            most=MAX_HAND,
            count=count,
        )
        return
    solution = solve_hand(checker.tray.cards, rules, deal, players)
    checker.solution = SolutionView.of(solution)
    checker.solution_wild = [
        [str(card) for card in meld.cards if rules.is_wild(card)] for meld in solution.melds
    ]


def _rescue(
    checker: Checker, rules: Ruleset, declare: Declaration | None, players: int | None
) -> None:
    """R24, R25, R79: the natural card (two for a set's joker where the game takes
    two) in place of a wild card of the meld on the table; before the card is
    tapped, the meld itself, with what its wild cards stand for."""
    if not checker.tray.cards:
        checker.verdict = VerdictView.of(read_meld(checker.table.cards, rules, declare, players))
    elif len(checker.tray.cards) > (most := exchange_of(rules).most_cards):
        checker.error = (
            gettext("your natural card is one card: tap a chip to take the others back")
            if most == 1
            else gettext(
                "your natural cards are %(most)s at most: tap a chip to take the others back",
                most=count_word(spoken(), most),
            )
        )
    else:
        checker.rescue = RescueView.of(
            rescue(checker.table.cards, checker.tray.cards, rules, declare, players)
        )


# --- What a tap does ---------------------------------------------------------------------
#
# A press is ``action:value`` (see :mod:`referee.pages.keypad`). Each action the
# checker has is a small function of the table below, which says whether it took
# the press; any other press (or one an action did not take) is the keypad's.


def _press(checker: Checker, press: str, rules: Ruleset) -> None:
    action, _, value = press.partition(":")
    tap = TAPS.get(action)
    if tap is not None and tap(checker, value, rules):
        return
    if press:
        _press_key(checker, press, rules)


def _choose_mode(checker: Checker, value: str, rules: Ruleset) -> bool:
    if value not in MODES:
        return False
    checker.switch(value)  # each mode with its own cards
    checker.declare = ""
    return True


def _send_to_contract(checker: Checker, value: str, rules: Ruleset) -> bool:
    # My hand: the solver's melds (one, or all) to the contract check, the hand kept.
    melds = melds_of(value.split("|"))
    if melds:
        checker.switch("contract")
        checker.melds, checker.tray = melds, Tray()  # in place of the contract's own
    return True


def _choose_box(checker: Checker, value: str, rules: Ruleset) -> bool:
    if value not in ("tray", "table"):
        return False
    checker.into = value
    return True


def _next_meld(checker: Checker, value: str, rules: Ruleset) -> bool:
    if not checker.tray.cards:
        return False
    checker.melds.append(checker.tray.text)
    checker.tray = Tray()
    return True


def _drop_meld(checker: Checker, value: str, rules: Ruleset) -> bool:
    if (index := whole_number(value)) is None:
        return False
    if index < len(checker.melds):
        del checker.melds[index]
    return True


def _add_typed(checker: Checker, value: str, rules: Ruleset) -> bool:
    target = "table" if checker.mode in ON_THE_TABLE and checker.into == "table" else "tray"
    try:
        if checker.mode == "rescue" and target == "tray" and checker.typed.strip():
            checker.tray = Tray(natural_cards(checker.typed, rules))  # one, or two (R79)
        else:
            setattr(checker, target, getattr(checker, target).add_typed(checker.typed))
        checker.typed = ""
    except CardError as error:
        checker.typed_error = sentence_of(error)
    return True


def _declare(checker: Checker, value: str, rules: Ruleset) -> bool:
    checker.declare = value if declaration(value) else ""
    return True


def _press_key(checker: Checker, press: str, rules: Ruleset) -> None:
    """A key of the keypad: a rank, a suit, the joker, a chip taken back."""
    if checker.mode in ON_THE_TABLE and checker.into == "table":
        checker.table = checker.table.press(press)
        checker.declare = ""
    else:
        before = len(checker.tray.cards)
        checker.tray = checker.tray.press(press)
        if checker.mode == "rescue" and len(checker.tray.cards) > before:
            # The natural card is one (two for a set's joker in some games, R79): a
            # new card takes the place of the first.
            checker.tray = Tray(checker.tray.cards[-exchange_of(rules).most_cards :])
        if checker.mode != "rescue":  # a rescue's declaration is of the meld on the table
            checker.declare = ""


#: The checker's own actions: each takes the press's value and says whether it took it.
TAPS: dict[str, Callable[[Checker, str, Ruleset], bool]] = {
    "mode": _choose_mode,
    "send": _send_to_contract,
    "into": _choose_box,
    "next-meld": _next_meld,
    "drop-meld": _drop_meld,
    "typed": _add_typed,
    "declare": _declare,
}
