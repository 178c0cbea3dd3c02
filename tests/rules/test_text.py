"""One rule for every text a table types (referee/rules/text.py; docs/rules.md, "Text
a table types"): players' and teams' names, a bonus's reason (R75), the names of
bonuses, deals and their melds (R68), each refused alike, with its own sentence; a
game kept before the rule reads as kept (R73)."""

import pytest

from referee.rules import HouseRulesError, RulesError, apply_house, get_ruleset
from referee.rules.scoring import Adjustment, Table, adjustments, score_deal
from referee.rules.text import isolated, shown, unshown

from .notation import refused

ENGLAND = "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in "gbeng") + "\U000e007f"

#: Text no table may type, and the character at fault.
REFUSED = {
    "a right-to-left override": ("cut \u202e01+", "\u202e"),
    "a left-to-right embedding": ("Ann\u202a", "\u202a"),
    "a right-to-left isolate": ("\u2067Ann", "\u2067"),
    "a pop directional isolate": ("Ann\u2069", "\u2069"),
    "a right-to-left mark": ("Ann\u200f", "\u200f"),
    "an Arabic letter mark": ("Ann\u061c", "\u061c"),
    "a zero-width space": ("B\u200bob", "\u200b"),
    "a word joiner": ("B\u2060ob", "\u2060"),
    "a byte-order mark": ("\ufeffAnn", "\ufeff"),
    "a soft hyphen": ("Ann\u00adA", "\u00ad"),
    "a tag letter outside a flag": ("Ann\U000e0041", "\U000e0041"),
    "a flag's tags never ended": ("\U0001f3f4\U000e0067\U000e0062", "\U000e0062"),
    "a line break": ("two\nlines", "\n"),
    "a tab": ("a\tb", "\t"),
    "a NUL": ("A\x00nn", "\x00"),
    "a C1 control": ("Ann\x85b", "\x85"),
    "a delete": ("We\x7f", "\x7f"),
    "a line separator": ("a\u2028b", "\u2028"),
    "a paragraph separator": ("a\u2029b", "\u2029"),
    "a private-use character": ("Ann\ue000", "\ue000"),
    "an unassigned code point": ("Ann\U000e0fff", "\U000e0fff"),
    "a lone surrogate": ("Ann\ud800", "\ud800"),
    "a Hangul filler": ("Bob\u3164", "\u3164"),
    "a joiner beside a space": ("Ann \u200dBob", "\u200d"),
    "two joiners": ("A\u200d\u200dB", "\u200d"),
}  # fmt: skip

#: Text people type, every character shown.
KEPT = {
    "accents": "Zoë José",
    "Chinese": "李雷",
    "Hebrew": "דנה",
    "Arabic": "ليلى",
    "an emoji family": "👨\u200d👩\u200d👧",
    "a heart on fire": "❤\ufe0f\u200d🔥",
    "a Persian word with its non-joiner": "می\u200cخواهم",
    "a Hindi conjunct with its joiner": "क्\u200dष",
    "the flag of England": ENGLAND,
    "a minus sign": "−10 for a cut",
}


@pytest.mark.parametrize(("text", "at_fault"), REFUSED.values(), ids=REFUSED.keys())
def test_a_character_that_does_not_show_as_typed_is_refused(text, at_fault):
    assert unshown(text) == at_fault
    assert not shown(text)


@pytest.mark.parametrize("text", KEPT.values(), ids=KEPT.keys())
def test_what_people_type_is_kept(text):
    assert shown(text)


def _player(text):
    Table.seat(get_ruleset("push"), ["Ann", text, "Cat", "Dan"])


def _team(text):
    Table.seat(get_ruleset("push"), ["Ann", "Bob", "Cat", "Dan"], [text, "They"])


def _reason(text):
    adjustments(Table.seat(get_ruleset("push"), ["Ann", "Bob", "Cat", "Dan"]), {"Ann": Adjustment(-10, text)})  # fmt: skip


def _bonus(text):
    apply_house(get_ruleset("contract-rummy"), {"bonuses": [{"name": text, "points": -10}]})


def _deal(text):
    deal = {"cards": 10, "name": text, "contract": [{"kind": "set", "min": 3}]}
    apply_house(get_ruleset("contract-rummy"), {"deals": [deal]})


def _part(text):
    deal = {"cards": 10, "contract": [{"kind": "set", "min": 3, "name": text}]}
    apply_house(get_ruleset("contract-rummy"), {"deals": [deal]})


#: Where a table types text, and the sentence it hears.
WHERE = {
    "a player's name": (_player, RulesError, "a player's name .* cannot be shown"),
    "a team's name": (_team, RulesError, "a team's name .* cannot be shown"),
    "a bonus's reason": (_reason, RulesError, "the reason for Ann's points holds a character that cannot be shown"),
    "a bonus's name": (_bonus, HouseRulesError, '"bonuses", bonus 1: "name" must hold printable characters only'),
    "a deal's name": (_deal, HouseRulesError, '"deals", deal 1: "name" must hold printable characters only'),
    "a meld's name": (_part, HouseRulesError, '"deals", deal 1, part 1: "name" must hold printable characters only'),
}  # fmt: skip

HOSTILE = {
    name: REFUSED[name][0]
    for name in (
        "a right-to-left override",
        "a pop directional isolate",
        "a zero-width space",
        "a line separator",
    )
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
@pytest.mark.parametrize(("typed", "error", "says"), WHERE.values(), ids=WHERE.keys())
def test_every_text_a_table_types_is_refused_alike(typed, error, says, text):
    with refused(error, says):
        typed(text)


@pytest.mark.parametrize(("typed", "error", "says"), WHERE.values(), ids=WHERE.keys())
def test_every_text_a_table_types_keeps_an_emoji_and_a_flag(typed, error, says):
    typed("Cut 👨\u200d👩\u200d👧 " + ENGLAND)


def test_a_game_kept_before_the_rule_reads_as_kept():
    """R73: a game started when a bonus's name, a player's name or a reason could hold
    an override is read with them; only a new game or a new deal is judged."""
    book = get_ruleset("contract-rummy")
    kept = {
        "bonuses": [{"name": "cut\u202e01+", "points": -10}],
        "deals": [{"cards": 10, "name": "Bl\u202eitz", "contract": [{"kind": "set", "min": 3}]}],
    }
    rules = apply_house(book, kept, check=False)
    assert rules.bonuses[0].name == "cut\u202e01+"
    table = Table.seat(rules, ["Ann", "Bo\u2028b", "Cat"], kept=True)
    adjust = {"Ann": Adjustment(-10, "cu\u2028t")}
    score = score_deal(table, 1, "Ann", {"Bo\u2028b": 5, "Cat": 5}, recorded=True, adjust=adjust)
    assert score.adjust["Ann"].reason == "cu\u2028t"
    with refused(RulesError, "cannot be shown"):
        score_deal(table, 1, "Ann", {"Bo\u2028b": 5, "Cat": 5}, adjust=adjust)


@pytest.mark.parametrize(
    ("text", "drawn"),
    [
        ("Exact cut", "Exact cut"),
        ("דנה", "דנה"),  # a name of another direction: the page isolates it (<bdi>)
        ("cut\u202e01+", "\u2068cut\u202e01+\u2069"),
        ("x\u2069\u202e", "\u2068\u2068x\u2069\u202e\u2069\u2069"),  # a closing mark of its own
    ],
)
def test_a_kept_name_that_reorders_what_follows_is_isolated_in_a_sentence(text, drawn):
    assert isolated(text) == drawn


def test_a_kept_bonus_name_reaches_no_further_than_itself_in_the_rules_said():
    from referee.rules.words import describe_house

    book = get_ruleset("contract-rummy")
    rules = apply_house(book, {"bonuses": [{"name": "cut\u202e01+", "points": -10}]}, check=False)
    (said,) = describe_house(book, rules)
    assert "\u2068cut\u202e01+\u2069 -10" in said
