"""Short names where a column is narrow (referee/rules/names.py): each reads as its own
player's name and as no other's at the table, and no two are alike."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.names import clusters, short_names, width
from referee.rules.text import skeleton

#: Eight players with long names, alike in pairs, as a family may be.
ALIKE = [
    "Anne-Sophie Fontaine",
    "Anne-Marie Fontaine",
    "Elizabeth-Anne Castellanos",
    "Elizabeth Castellanos",
    "Alexander Montgomery",
    "Alexandra Montgomery",
    "Maximiliano Rodríguez",
    "Maximilian Rodríguez",
]


@pytest.mark.parametrize(
    ("names", "most", "shown"),
    [
        # Shown whole where they fit; cut with a full stop where the rest is left off.
        (["Leonardo", "Bo", "Cat"], 5, ["Leon.", "Bo", "Cat"]),
        # Never a start another name shares: Anne-Sophie beside Annabelle and Ann.
        (["Anne-Sophie", "Annabelle", "Ann"], 5, ["Anne.", "Anna.", "Ann"]),
        (["Anne-Sophie", "Annabelle", "Ann"], 4, ["An-S", "A…le", "Ann"]),
        (["Elizabeth", "Eli", "Bo"], 5, ["Eliz.", "Eli", "Bo"]),
        (["Elizabeth", "Eli", "Bo"], 4, ["El…h", "Eli", "Bo"]),
        (["Leonardo", "Leona"], 5, ["Leo…o", "Leona"]),
        # The chart's legend: Alexander and Alexandra, each its own.
        (["Alexander", "Alexandra"], 8, ["Alexa…er", "Alexa…ra"]),
        # Initials where a name has words: one name's, never another's.
        (["Elizabeth Castellanos", "Elizabeth-Anne Castellanos"], 4, ["E.C.", "El-A"]),
        # No cut of four tells these apart: their start and their seat.
        (["Alexander Montgomery", "Alexandra Montgomery", "Bo"], 4, ["Ale1", "Ale2", "Bo"]),
        # A character a reader sees as one is never split; wide ones take two columns.
        (["Zoe\u0308lle", "Zora"], 4, ["Zoe\u0308.", "Zora"]),
        (["李雷李雷李雷", "王"], 5, ["李雷.", "王"]),
    ],
)
def test_short_names_read_as_their_own_names(names, most, shown):
    assert short_names(names, most) == shown


@pytest.mark.parametrize("most", [4, 5, 6, 8])
def test_eight_long_and_alike_names_are_told_apart(most):
    shown = short_names(ALIKE, most)
    assert len({skeleton(name) for name in shown}) == len(ALIKE)
    assert all(width(name) <= most for name in shown)


MARKS = ".…·"


def _abbreviates(short: str, name: str, seat: int) -> bool:
    """Whether ``short`` is recognisably ``name``: it starts as the name does, and
    what it keeps, marks aside (and its seat, where it ends in it), is found in the
    name in the same order."""
    if short == name:
        return True
    if skeleton(short[: len(clusters(name)[0])]) != skeleton(clusters(name)[0]):
        return False
    kept = [c for c in skeleton(short) if c not in MARKS]
    if short.endswith(str(seat)) and not _in_order(kept, skeleton(name)):
        kept = kept[: -len(str(seat))]
    return _in_order(kept, skeleton(name))


def _in_order(kept, name: str) -> bool:
    rest = iter(name)
    return all(c in rest for c in kept)


# Names people type: letters (some with accents), a hyphen or a space between words,
# never at the ends; up to 30 characters (Table.seat's limit).
WORD = st.text(alphabet="AaBbEeLlNnÉéxyzSs", min_size=1, max_size=12)
NAME = st.builds(
    lambda words, joins: "".join(w + j for w, j in zip(words, joins, strict=False)) + words[-1],
    st.lists(WORD, min_size=1, max_size=3),
    st.lists(st.sampled_from([" ", "-"]), min_size=2, max_size=2),
).filter(lambda name: len(name) <= 30)
TABLE = st.lists(NAME, min_size=2, max_size=8, unique_by=skeleton)


@given(TABLE, st.integers(min_value=3, max_value=10))
def test_short_names_are_distinct_and_each_abbreviates_its_own_name(names, most):
    shown = short_names(names, most)
    assert len({skeleton(short) for short in shown}) == len(names)
    for seat, (name, short) in enumerate(zip(names, shown, strict=True), start=1):
        assert width(short) <= most or short == name
        assert _abbreviates(short, name, seat), (short, name)
        # A start cut ("Leon.") is the start of no other name at the table.
        if short != name and short.endswith(".") and name.startswith(short[:-1]):
            others = [skeleton(other) for other in names if other != name]
            assert not any(other.startswith(skeleton(short[:-1])) for other in others)
