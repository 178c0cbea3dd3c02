"""Player and team names as the sheet shows them: every name visible, no two alike
to the eye (a name is a column heading at the table)."""

import pytest

from referee.rules import RulesError, get_ruleset
from referee.rules.scoring import Table

from .notation import refused

PUSH_SOLO = get_ruleset("push-solo")


@pytest.mark.parametrize(
    ("players", "says"),
    [
        (
            ["Ann", "Ann\u200d", "Cat", "Dan"],
            'two players are called "Ann"',
        ),  # a joiner at the end shows nothing
        (["Ann", "ANN", "Cat", "Dan"], 'two players are called "ANN"'),
        (
            ["Ann", "Ａnn", "Cat", "Dan"],
            'two players are called "Ａnn"',
        ),  # full-width A looks like A
        (["Ann", "\u3164", "Cat", "Dan"], "prints as nothing"),  # Hangul filler
        (["Ann", "Bob\u3164", "Cat", "Dan"], "prints as nothing"),
        (["Ann", "\u200d", "Cat", "Dan"], "needs a name"),
        (["Ann", "B\u200bob", "Cat", "Dan"], "cannot be shown"),  # zero-width space
    ],
)
def test_a_name_that_looks_like_another_or_like_nothing_is_refused(players, says):
    with refused(RulesError, says):
        Table.seat(PUSH_SOLO, players)


@pytest.mark.parametrize(
    "name",
    [
        "Zoë",
        "José",
        "👨\u200d👩\u200d👧",
        "Léa-Marie",
        "李雷",
    ],  # an emoji family keeps its joiners
)
def test_names_people_have_are_kept_as_typed(name):
    table = Table.seat(PUSH_SOLO, ["Ann", name, "Cat", "Dan"])
    assert table.players[1] == name
