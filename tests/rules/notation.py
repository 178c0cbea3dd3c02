"""A compact way for tests to write readings (``"set 6"``, ``"run D 4-6"``) and to
read what the referee refuses (an error's reason said in English)."""

import re
from contextlib import contextmanager

import pytest

from referee.rules import Declaration, RunReading, get_ruleset, parse_cards, read_meld
from referee.rules.cards import parse_rank, parse_suit, rank_token
from referee.rules.words import ENGLISH


def short(reading) -> str:
    if isinstance(reading, RunReading):
        return f"run {reading.suit} {rank_token(reading.low)}-{rank_token(reading.high)}"
    return f"set {rank_token(reading.rank)}"


def declaration(text: str) -> Declaration:
    """``"set 6"`` or ``"run D 4-6"`` (A-3 is ace low, Q-A ace high)."""
    kind, *rest = text.split()
    if kind == "set":
        rank = parse_rank(rest[0])
        return Declaration("set", rank=rank)
    low, high = rest[1].split("-")
    high_rank = parse_rank(high)
    return Declaration(
        "run",
        suit=parse_suit(rest[0]),
        low=parse_rank(low),
        high=14 if high_rank == 1 else high_rank,
    )


def readings(cards: str, variant: str = "push", **options) -> list[str]:
    return [
        short(r) for r in read_meld(parse_cards(cards), get_ruleset(variant, options)).readings
    ]


def said(reasons) -> tuple[str, ...]:
    """Reasons as the referee says them in English."""
    return tuple(ENGLISH.reason(why) for why in reasons)


def reasons(cards: str, variant: str = "push", **options) -> list[str]:
    return list(said(read_meld(parse_cards(cards), get_ruleset(variant, options)).reasons))


def run_cards(cards: str, reading: str, variant: str = "push") -> str:
    """The run reading's cards in run order, each as ``card>as`` or ``card`` if natural."""
    verdict = read_meld(parse_cards(cards), get_ruleset(variant), declaration(reading))
    (run,) = verdict.readings
    return " ".join(str(p.card) if p.natural else f"{p.card}>{p.stands_for}" for p in run.cards)


def refusal(error) -> str:
    """What the referee refused, said in English: an error of the rules core carries
    its reason and says nothing itself."""
    return ENGLISH.reason(error.reason)


@contextmanager
def refused(kind, saying: str):
    """``pytest.raises(kind, match=saying)``, the pattern searched in the error's
    reason said in English."""
    with pytest.raises(kind) as raised:
        yield raised
    assert re.search(saying, refusal(raised.value)), (saying, refusal(raised.value))
