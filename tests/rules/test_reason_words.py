"""Every reason the rules core gives has words, and the English of house rules, scores,
buys, cards and games is said as it always was: a table of each reason code with its
facts and its sentence. A pseudo-language proves each sentence goes through the
catalog whole, its placeholders filled, so another language can say it its own way."""

import ast
import gettext
from pathlib import Path

import pytest

from referee.rules import get_ruleset
from referee.rules.cards import Card
from referee.rules.errors import CardError
from referee.rules.house import apply_house
from referee.rules.reasons import Reason
from referee.rules.ruleset import ContractPart, MeldWords
from referee.rules.words import (
    ENGLISH,
    Words,
    deal_words,
    describe_house,
    reason_codes,
    wild_limit_lines,
    words_in,
)

RULES = Path(__file__).resolve().parents[2] / "referee" / "rules"
PLAIN = MeldWords("group", "groups", "sequence", "sequences")
CARIOCA = MeldWords("trío", "tríos", "escalera", "escaleras")
#: A table of two with one deck and two jokers whose deal asks for a group it cannot make.
ONE_DECK = {"key": "deals", "words": PLAIN, "players": 2, "decks": 1, "jokers": 2, "beside": False}
R = Reason.of

#: code -> (the reason with its facts, its English sentence)
SAID = {
    # Cards and the pack (R1-R3)
    "not_a_card": (R("not_a_card", token="ZZ"), '"ZZ" is not a card'),
    "not_a_rank": (R("not_a_rank", token="1"), '"1" is not a rank; use A, 2 to 10, J, Q or K'),
    "not_a_suit": (R("not_a_suit", token="X"), '"X" is not a suit; use S, H, D or C'),
    "more_than_the_pack": (
        R("more_than_the_pack", card=Card.parse("7H"), count=3, limit=2, decks=2, jokers=4),
        "there are three 7H here, but the pack of two decks (108 cards) holds only two",
    ),
    "more_than_the_pack_jokers": (
        R("more_than_the_pack", card=None, count=3, limit=1, decks=1, jokers=1),
        "there are three jokers here, but the pack of one deck and one joker (53 cards) "
        "holds only one",
    ),
    # Buys (R77)
    "game_over_no_buy": (R("game_over_no_buy"), "the game is over: there is no deal to buy in"),
    "buys_used_up": (
        R("buys_used_up", player="Ann", limit=3, per="deal"),
        "Ann has used all 3 buys this deal",
    ),
    "buys_used_up_one": (
        R("buys_used_up", player="Ann", limit=1, per="game"),
        "Ann has used the one buy allowed in this game",
    ),
    "buys_used_up_none": (
        R("buys_used_up", player="Ann", limit=0, per="deal"),
        "no one may buy a discard this deal",
    ),
    # Games, options, deals
    "unknown_variant": (
        R("unknown_variant", variant="poker", known=("push", "loba")),
        'there is no variant "poker"; choose one of push, loba',
    ),
    "not_an_option": (
        R("not_an_option", name="x", game="Loba", offered=()),
        '"x" is not an option of Loba; its options are none',
    ),
    "option_not_true_or_false": (
        R("option_not_true_or_false", name="x"),
        'option "x" must be true or false',
    ),
    "not_a_deal": (
        R("not_a_deal", game="Push", deals=5, number=6),
        "Push has five deals: deal must be 1 to 5; 6 is not a deal",
    ),
    "players_not_allowed": (
        R("players_not_allowed", game="Shove-It", allowed=(4,), players=5),
        "Shove-It is for 4 players, not 5",
    ),
    "players_not_allowed_range": (
        R("players_not_allowed", game="Loba", allowed=(2, 3, 4, 5, 6), players=9),
        "Loba is for 2 to 6 players, not 9",
    ),
    # Seating (R30, R31, R35)
    "teams_needed": (
        R("teams_needed", game="Push"),
        "Push is played by two teams; give two team names",
    ),
    "no_teams": (R("no_teams", game="Loba"), "Loba is played each for themself; it has no teams"),
    "no_such_player": (
        R("no_such_player", name="Zed", players=("Ann", "Bob")),
        'there is no player "Zed" in this game; the players are Ann, Bob',
    ),
    "name_missing": (R("name_missing", who="player"), "a player needs a name"),
    "name_prints_as_nothing": (
        R("name_prints_as_nothing", who="team", name="A\u3164"),
        "a team's name 'A\u3164' holds a character that prints as nothing; type it again",
    ),
    "name_not_shown": (
        R("name_not_shown", who="player", name="A\x07"),
        "a player's name 'A\\x07' holds a character that cannot be shown "
        "(a control or formatting character); type it again",
    ),
    "name_too_long": (
        R("name_too_long", name="Ann", most=30),
        '"Ann" is too long a name: 30 characters at most',
    ),
    "name_twice": (
        R("name_twice", who="player", name="Ann"),
        'two players are called "Ann"; give each its own name',
    ),
    # A deal's score
    "scores_missing": (
        R("scores_missing", players=("Bob", "Cat"), deal=2),
        "Bob and Cat score in deal 2: give the cards left in hand, or the points",
    ),
    "scores_missing_one": (
        R("scores_missing", players=("Bob",), deal=2),
        "Bob scores in deal 2: give the cards left in hand, or the points",
    ),
    "points_to_no_player": (
        R("points_to_no_player", name="Zed", players=("Ann", "Bob")),
        'there is no player "Zed" to give points to; the players are Ann, Bob',
    ),
    "bonus_twice": (
        R("bonus_twice", player="Ann"),
        "Ann's bonus or penalty is given twice; give it once",
    ),
    "bonus_out_of_range": (
        R("bonus_out_of_range", player="Ann", low=-1000, high=1000),
        "Ann's bonus or penalty must be a whole number from -1000 to 1000",
    ),
    "bonus_reason_too_long": (
        R("bonus_reason_too_long", player="Ann", most=40),
        "the reason for Ann's points is 40 characters at most",
    ),
    "bonus_reason_not_shown": (
        R("bonus_reason_not_shown", player="Ann"),
        "the reason for Ann's points holds a character that cannot be shown",
    ),
    "no_bent_table": (
        R("no_bent_table", game="Loba"),
        "Loba has no bent table; only a game that doubles it has one",
    ),
    "someone_goes_out": (
        R("someone_goes_out", game="Loba", deal=3),
        "in Loba the discards are reshuffled when the stock runs out, so a deal ends only "
        "when someone goes out: say who went out of deal 3",
    ),
    "bent_table_without_going_out": (
        R("bent_table_without_going_out"),
        "a bent table is a player going out in one turn; the stock ran out, so nobody went "
        "out to bend it",
    ),
    "hand_given_twice": (
        R("hand_given_twice", player="Ann"),
        "Ann is given twice; give each player's hand once",
    ),
    "went_out_with_cards": (
        R("went_out_with_cards", player="Ann"),
        "Ann went out, so Ann has no cards left to score",
    ),
    "empty_hand_not_out": (
        R("empty_hand_not_out", player="Bob", deal=2, out="Ann", said=True),
        "Bob cannot score 0 in deal 2: only Ann, who went out, has no cards left; every "
        "other hand holds at least one card",
    ),
    "empty_hand_not_out_stock": (
        R("empty_hand_not_out", player="Bob", deal=2, out=None, said=True),
        "Bob cannot score 0 in deal 2: the stock ran out, so nobody went out and every hand "
        "still holds cards",
    ),
    "empty_hand_not_out_unsaid": (
        R("empty_hand_not_out", player="Bob", deal=2, out=None, said=False),
        "Bob cannot score 0 in deal 2: only the player who went out has no cards left",
    ),
    "points_below_zero": (
        R("points_below_zero", player="Ann", points=-5),
        "Ann's points cannot be below 0; -5 was given",
    ),
    "points_not_a_multiple": (
        R("points_not_a_multiple", player="Ann", points=7, game="Push", step=5),
        "Ann's 7 points cannot be a hand in Push: every card is worth a multiple of 5",
    ),
    "points_over_the_pack": (
        R("points_over_the_pack", player="Ann", points=999, most=500),
        "Ann's 999 points are more than the whole pack is worth (500)",
    ),
    "points_no_hand": (
        R("points_no_hand", player="Ann", points=1, game="Push", smallest=5),
        "Ann cannot have 1 point left; no hand in Push is worth 1 point: its smallest card "
        "is worth 5",
    ),
    "points_no_hand_sum": (
        R("points_no_hand", player="Ann", points=7, game="Farmer's Rummy", smallest=None),
        "Ann cannot have 7 points left; no cards of Farmer's Rummy add up to 7 points",
    ),
    "game_over": (R("game_over", deals=7), "the game is over: seven deals are played"),
    "cards_and_points": (
        R("cards_and_points", player="Bob"),
        "give Bob's cards or points, not both",
    ),
    "reason_without_points": (
        R("reason_without_points", player="Bob"),
        "a reason is given for Bob's points, but no points; give the points too",
    ),
    "no_pot": (R("no_pot", game="Push"), "Push has no pot; only Cap-It plays for one"),
    "pot_out_of_range": (
        R("pot_out_of_range", what="stake", most=1_000_000, amount=2_000_000),
        "the pot's stake is a whole number from 0 to 1,000,000, not 2,000,000",
    ),
    # A house document that cannot be read (R71)
    "house_rules_not_an_object": (
        R("house_rules_not_an_object"),
        "house rules must be an object of changes",
    ),
    "not_a_house_rule": (
        R("not_a_house_rule", key="x", keys=("players", "pack")),
        '"x" is not a house rule; the keys are players, pack',
    ),
    "value_not_whole_number": (
        R("value_not_whole_number", path=("deals", 2, "contract", 1, "min"), low=1, high=14),
        '"deals", deal 2, part 1: "min" must be a whole number from 1 to 14',
    ),
    "value_not_whole_number_or_null": (
        R("value_not_whole_number_or_null", path=("buys", "per_deal"), low=0, high=99),
        '"buys": "per_deal" must be null or a whole number from 0 to 99',
    ),
    "value_not_true_or_false": (
        R("value_not_true_or_false", path=("runs",)),
        '"runs" must be true or false',
    ),
    "value_not_a_choice": (
        R("value_not_a_choice", path=("winner",), choices=("lowest", "highest")),
        '"winner" must be "lowest" or "highest"',
    ),
    "value_not_an_object": (
        R("value_not_an_object", path=("buys",), keys=("per_deal", "per_game")),
        '"buys" must be an object with "per_deal" and "per_game"',
    ),
    "key_not_read_here": (
        R("key_not_read_here", path=("pack", "x"), keys=("decks", "jokers")),
        '"pack": "x" is not read here; the keys are "decks" and "jokers"',
    ),
    "key_missing": (
        R("key_missing", path=("bonuses", 1, "points")),
        '"bonuses", bonus 1: "points" is missing',
    ),
    "list_size": (
        R("list_size", path=("deals",), low=0, high=20, items="deals"),
        '"deals" must be a list of at most 20 deals',
    ),
    "list_size_range": (
        R("list_size", path=("pack",), low=1, high=7, items="rows"),
        '"pack" must be a list of 1 to 7 rows',
    ),
    "value_not_text": (
        R("value_not_text", path=("deals", 1, "name")),
        '"deals", deal 1: "name" must be text',
    ),
    "text_empty": (
        R("text_empty", path=("bonuses", 2, "name")),
        '"bonuses", bonus 2: "name" must not be empty',
    ),
    "text_too_long": (
        R("text_too_long", path=("bonuses", 2, "name"), most=40),
        '"bonuses", bonus 2: "name" must be at most 40 characters',
    ),
    "text_not_printable": (
        R("text_not_printable", path=("deals", 1, "name")),
        '"deals", deal 1: "name" must hold printable characters only',
    ),
    "whole_hand_not_one_key": (
        R("whole_hand_not_one_key", path=("deals", 1, "whole_hand")),
        '"deals", deal 1: "whole_hand" must be null, {"at_least": N} or {"exactly": N}',
    ),
    "player_count_not_whole_number": (
        R("player_count_not_whole_number", low=2, high=8),
        '"players" must list whole numbers from 2 to 8',
    ),
    "player_count_twice": (
        R("player_count_twice", path=("players",)),
        '"players" must name each player count once',
    ),
    "pack_not_rows": (
        R("pack_not_rows", path=("pack",)),
        '"pack" must be {"decks": N, "jokers": N} or a list of rows by players',
    ),
    "players_not_a_span": (
        R("players_not_a_span", path=("pack", 1, "players")),
        '"pack", row 1: "players" must be [lowest, highest]',
    ),
    "pack_rows_overlap": (
        R("pack_rows_overlap", path=("pack",), players=4),
        '"pack" names 4 players in two rows; give each count one pack',
    ),
    "wild_sizes_not_rising": (
        R("wild_sizes_not_rising", path=("wild_limit_by_size", 2, "size"), kind="run"),
        '"wild_limit_by_size", row 2: "size" must be larger than the sizes above it for a run',
    ),
    "values_not_an_object": (
        R("values_not_an_object", path=("values",)),
        '"values" must be an object of points by rank ("A", "2" ... "K"), "JK" or card',
    ),
    "value_key_not_a_card": (
        R("value_key_not_a_card", path=("values", "ZZ")),
        '"values": "ZZ" is not a rank ("A", "2" ... "K"), "JK" or a card ("AH")',
    ),
    "bonus_name_twice": (
        R("bonus_name_twice", path=("bonuses", 2, "name"), name="Gin"),
        '"bonuses", bonus 2: "name" names "Gin" twice; give each bonus its own name',
    ),
    "wild_limit_by_size_without_table": (
        R("wild_limit_by_size_without_table", path=("wild_limit",)),
        '"wild_limit" may be "by_size" only with a table ("wild_limit_by_size")',
    ),
    "wild_table_without_by_size": (
        R("wild_table_without_by_size", path=("wild_limit_by_size",)),
        '"wild_limit_by_size" is read only with "wild_limit": "by_size"',
    ),
    # House rules no table could play (R71)
    "no_deals": (R("no_deals", key="deals"), '"deals": a game needs at least one deal'),
    "distinct_suits_set_min": (
        R("distinct_suits_set_min", key="set_min", words=PLAIN, set_min=5),
        '"set_min": a group must be five or more cards, and a group of distinct suits holds '
        "at most four",
    ),
    "odd_players_in_teams": (
        R("odd_players_in_teams", key="players", players=(3, 5)),
        '"players": 3 or 5 players cannot play in two teams',
    ),
    "no_pack_for_players": (
        R("no_pack_for_players", key="pack", players=7),
        '"pack": no pack is given for 7 players',
    ),
    "deal_asks_no_meld": (
        R("deal_asks_no_meld", key="deals", deal=2),
        '"deals": deal 2 asks for no meld: give it a contract or a whole hand',
    ),
    "deal_part_no_runs": (
        R("deal_part_no_runs", key="runs", deal=1, part=ContractPart("run", 4), words=PLAIN),
        '"runs": deal 1 asks for a sequence of four, and sequences are not melds here',
    ),
    "deal_part_too_short": (
        R(
            "deal_part_too_short",
            key="run_min",
            deal=1,
            part=ContractPart("run", 4),
            words=CARIOCA,
            shortest=5,
        ),
        # The article agrees with the game's own word: "an escalera", never "a escalera".
        '"run_min": deal 1 asks for an escalera of four, and an escalera must be five or '
        "more cards",
    ),
    "deal_part_distinct_suits": (
        R(
            "deal_part_distinct_suits",
            key="set_suits",
            deal=1,
            part=ContractPart("set", 5),
            words=PLAIN,
        ),
        '"set_suits": deal 1 asks for a group of five, and a group of distinct suits holds '
        "at most four cards",
    ),
    "deal_part_run_too_long": (
        R(
            "deal_part_run_too_long",
            key="ace",
            deal=1,
            part=ContractPart("run", 14),
            words=PLAIN,
            longest=13,
        ),
        '"ace": deal 1 asks for a sequence of 14, and a sequence holds at most thirteen cards',
    ),
    "whole_hand_over_a_hand": (
        R("whole_hand_over_a_hand", key="deals", deal=4, cards=13, dealt=10),
        '"deals": deal 4 must meld 13 cards, and a hand holds at most 11: the 10 dealt and '
        "the one drawn",
    ),
    "whole_hand_over_contract": (
        R("whole_hand_over_contract", key="deals", deal=4, cards=12, most=8),
        '"deals": deal 4 must meld at least 12 cards, and its contract melds at most 8, with '
        "no further melds",
    ),
    "whole_hand_under_contract": (
        R("whole_hand_under_contract", key="deals", deal=4, cards=6, needs=7),
        '"deals": deal 4 must meld exactly 6 cards, and its contract needs 7',
    ),
    "whole_hand_not_exact": (
        R("whole_hand_not_exact", key="deals", deal=4, cards=9, needs=7, further=10),
        '"deals": deal 4 must meld exactly 9 cards, and its contract melds exactly 7, or 10 '
        "or more with further melds",
    ),
    "whole_hand_not_exact_no_further": (
        R("whole_hand_not_exact", key="deals", deal=4, cards=9, needs=7, further=None),
        '"deals": deal 4 must meld exactly 9 cards, and its contract melds exactly 7',
    ),
    "pack_too_small": (
        R("pack_too_small", key="pack", players=8, decks=1, jokers=2, size=54, cards=10, needs=81),
        '"pack": the pack for 8 players, one deck and two jokers (54 cards), cannot deal 10 '
        "cards to each of 8 players and one to start the discard pile: that takes 81",
    ),
    "pack_cannot_make_set": (
        R("pack_cannot_make_set", **ONE_DECK, deal=2, part=ContractPart("set", 7), largest=6),
        '"deals": deal 2 asks for a group of seven, and with the pack for 2 players, one '
        "deck and two jokers, a group can be at most six cards under these rules",
    ),
    "pack_cannot_make_set_beside": (
        R(
            "pack_cannot_make_set",
            **ONE_DECK | {"beside": True},
            deal=1,
            part=ContractPart("set", 6, exact=True),
            largest=4,
        ),
        '"deals": deal 1 asks for a group of exactly six, and with the pack for 2 players, '
        "one deck and two jokers, a group beside the rest of the contract can be at most "
        "four cards under these rules",
    ),
}

#: The modules whose reasons this table covers (melds, contracts and hands have theirs),
#: and the storage's, which reads what the table enters with the rules core's reasons.
MODULES = ("bookkeeping", "cards", "house_document", "playable", "ruleset", "scoring", "variants")
STORAGE = RULES.parent / "storage"


def codes_given(module: str | Path) -> set[str]:
    """The reason codes a module of the rules core can give: every ``Reason.of("…")``,
    and the code of each ``_bad(path, "…")`` (house_document.py's unreadable values)."""
    codes = set()
    path = module if isinstance(module, Path) else RULES / f"{module}.py"
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        func, args = node.func, node.args
        if isinstance(func, ast.Attribute) and func.attr == "of" and args:
            first = args[0]
        elif isinstance(func, ast.Name) and func.id == "_bad" and len(args) > 1:
            first = args[1]
        else:
            continue
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            codes.add(first.value)
    return codes


@pytest.mark.parametrize("case", SAID)
def test_each_reason_is_said_in_english_as_before(case):
    why, english = SAID[case]
    assert ENGLISH.reason(why) == english


def test_every_reason_the_core_can_give_has_words():
    paths = [*RULES.glob("*.py"), *STORAGE.glob("*.py")]
    given = set().union(*(codes_given(path) for path in paths))
    assert given, "no reason found: the scan is broken"
    assert given <= reason_codes(), sorted(given - reason_codes())


def test_the_table_says_every_reason_of_house_rules_scores_buys_cards_and_games():
    given = set().union(
        *(codes_given(module) for module in MODULES),
        *(codes_given(path) for path in STORAGE.glob("*.py")),
    )
    table = {why.code for why, _ in SAID.values()}
    assert given == table, (sorted(given - table), sorted(table - given))


def test_an_error_keeps_its_reason_and_says_nothing_itself():
    with pytest.raises(CardError) as raised:
        Card.parse("ZZ")
    assert raised.value.reason == R("not_a_card", token="ZZ")
    assert raised.value.args == (raised.value.reason,)
    assert str(raised.value) == "not_a_card(token='ZZ')"  # for a log: its code and facts
    assert ENGLISH.reason(raised.value.reason) == '"ZZ" is not a card'


class Pseudo(gettext.NullTranslations):
    """A language that marks every message it says, placeholders kept: ⟦…⟧."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"

    def npgettext(self, context, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"


PSEUDO = Words("xx", Pseudo())


@pytest.mark.parametrize("case", SAID)
def test_each_reason_is_one_message_of_the_catalog_with_its_placeholders_filled(case):
    why, _ = SAID[case]
    said = PSEUDO.reason(why)
    assert said.startswith("⟦"), said  # the whole sentence is a message, not glued English
    assert "{" not in said.replace('{"', ""), said


@pytest.mark.parametrize("variant", ["shanghai", "carioca", "caribbean-kalooki", "push", "loba"])
def test_the_games_rules_and_contracts_are_said_through_the_catalog(variant):
    rules = get_ruleset(variant)
    for line in wild_limit_lines(PSEUDO, rules):
        assert line.startswith("⟦"), line
    for deal in rules.deals:
        for clause in deal_words(PSEUDO, rules, deal).split("⟧, "):
            assert "⟦" in clause, clause


def test_a_tables_changes_are_said_through_the_catalog():
    book = get_ruleset("contract-rummy")
    document = {
        "run_min": 3,
        "ace": "around",
        "values": {"JK": 25, "A": 20},
        "buys": {"per_deal": 2},
        "bonuses": [{"name": "Gin", "points": -25}],
        "deal_direction": "right",
        "contract_runs_gap": 1,
        "players": [3, 4, 5],
        "pack": {"decks": 2, "jokers": 4},
    }
    table = apply_house(book, document)
    english = describe_house(book, table)
    pseudo = describe_house(book, table, PSEUDO)
    assert len(english) == len(pseudo) == len(document)
    assert all("⟦" in line for line in pseudo), pseudo
    assert "An ace may turn the corner: Q K A 2" in english


def test_every_option_is_said_in_english_as_described_and_through_the_catalog():
    from referee.rules.variants import OPTIONS
    from referee.rules.words import option_words

    for name, option in OPTIONS.items():
        assert option_words(ENGLISH, name, "?") == option.description
        assert option_words(PSEUDO, name, "?").startswith("⟦")


def test_the_docs_list_every_code_of_the_table():
    listed = (RULES.parents[1] / "docs" / "reasons-house.md").read_text()
    missing = {why.code for why, _ in SAID.values() if f"| `{why.code}` |" not in listed}
    assert not missing, sorted(missing)


#: The catalog's look-ups and how many of their first arguments are messages.
LOOK_UPS = {"_": 1, "gettext": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}


def test_every_message_is_written_where_the_extractor_finds_it():
    """pybabel reads only literals: a message in a variable or an f-string would be
    missing from every catalog, and said in English whatever the language."""
    hidden, found = [], 0
    for path in sorted((RULES / "words").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            func = getattr(node, "func", None)
            if not (
                isinstance(func, ast.Attribute)
                and func.attr in LOOK_UPS
                and isinstance(func.value, ast.Name)
                and func.value.id == "words"
            ):
                continue
            found += 1
            messages = node.args[: LOOK_UPS[func.attr]]
            if not all(isinstance(m, ast.Constant) and isinstance(m.value, str) for m in messages):
                hidden.append(f"{path.name}:{node.lineno}")
    assert found > 100, "the scan found no look-up: it is broken"
    assert not hidden, f"{hidden}: a message that is not a literal"


SPANISH = words_in("es")


@pytest.mark.parametrize("case", SAID)
def test_each_reason_is_said_in_spanish(case):
    """The Spanish catalog says every reason of the table in Spanish: a sentence left
    in English, or one with a hole, fails."""
    why, english = SAID[case]
    said = SPANISH.reason(why)
    assert said.strip() and said != english, said
    assert "{" not in said.replace('{"', ""), said
