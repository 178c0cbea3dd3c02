"""The rooms of the package and which way their imports point (docs/architecture.md).

rules ← storage ← plumbing ← api, pages: the rules core imports nothing of the app
(nor Flask, nor a database); the storage imports the rules and never the web; the
plumbing (errors, languages, limits, serving) serves the API and the pages and
imports neither; the API and the pages stand side by side and import each other
never; nothing imports the package root, which only builds the app.
"""

import ast
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import referee
from referee.pages.checker.phone_referee import ON_THE_PHONE

PACKAGE = Path(referee.__file__).parent

#: Each module's floor; a module may import only from its own floor or below.
FLOORS = {
    "referee.rules": 0,
    "referee.storage": 1,
    # The one door JSON text comes in by: the standard library alone, so the storage
    # reads a file of games through it as the web reads a body.
    "referee.plumbing.json_text": 1,
    "referee.plumbing": 2,
}
WEB = 3  # everything else: the API (referee.api) and the pages (referee.pages)
#: What the rules core may not import, whatever the floor.
NOT_IN_RULES = ("flask", "werkzeug", "sqlalchemy", "flask_sqlalchemy", "pydantic", "jinja2")


def floor(module: str) -> int:
    for room, level in FLOORS.items():
        if module == room or module.startswith(room + "."):
            return level
    return WEB


def modules() -> list[str]:
    found = ["referee"]
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="referee."):
        found.append(info.name)
    return sorted(found)


MODULES = set(modules())


def source(module: str) -> Path:
    relative = Path(*module.split(".")[1:])
    package = PACKAGE / relative / "__init__.py"
    return package if package.exists() else PACKAGE / relative.with_suffix(".py")


def imports(module: str) -> list[str]:
    """Every module ``module`` imports, resolved to absolute names (a ``from .x import
    y`` of a submodule ``y`` counts as importing ``.x.y``)."""
    path = source(module)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append(sub if sub in MODULES else target)
    return found


@pytest.mark.parametrize("module", modules())
def test_every_module_imports(module):
    importlib.import_module(module)


@pytest.mark.parametrize("module", [m for m in modules() if m != "referee"])
def test_no_module_imports_the_package_root(module):
    assert "referee" not in imports(module), f"{module} imports the package root"


@pytest.mark.parametrize("module", modules())
def test_imports_point_down(module):
    upward = [
        name
        for name in imports(module)
        if name.startswith("referee.") and floor(name) > floor(module)
    ]
    assert not upward, f"{module} (floor {floor(module)}) imports upward: {upward}"


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith("referee.rules")])
def test_the_rules_core_imports_no_framework(module):
    outside = [
        name
        for name in imports(module)
        if name.split(".")[0] in NOT_IN_RULES
        or (name.startswith("referee") and not name.startswith("referee.rules"))
    ]
    assert not outside, f"{module} imports {outside}"


def test_a_class_name_means_one_thing_in_the_whole_package():
    """docs/architecture.md: an answer of the API, a view of a page, a row of the storage and a
    verdict of the rules core each have a name of their own (``GameOut``, ``Game``)."""
    where: dict[str, list[str]] = {}
    for module in modules():
        for node in ast.walk(ast.parse(source(module).read_text())):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(module)
    twice = {name: found for name, found in where.items() if len(found) > 1}
    assert not twice, twice


#: The pages and the work they do without a request (docs/architecture.md, floor 3).
PAGES = ("referee.pages",)


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith(PAGES)])
def test_the_pages_draw_no_answer_of_the_api(module):
    """The API's JSON is the API's: a page draws the rules core's verdicts, with views
    of its own where it needs more (referee.pages.checker.meld_checker)."""
    answers = [name for name in imports(module) if name.split(".")[:2] == ["referee", "api"]]
    assert not answers, f"{module} imports {answers}"


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith("referee.api")])
def test_the_api_draws_no_page(module):
    """The API and the pages stand side by side on the rules core and the storage:
    what both need lies below them (referee.plumbing), never in one of them."""
    pages = [name for name in imports(module) if name.startswith(PAGES)]
    assert not pages, f"{module} imports {pages}"


#: What the phone runs beside the rules core: the meld checker's own modules
#: (referee.pages.checker.phone_referee.ON_THE_PHONE), with Jinja2 and MarkupSafe.
PHONE_MODULES = [f"referee.pages.{name}" for name in ON_THE_PHONE]
ON_THE_PHONE_TOO = ("jinja2", "markupsafe")


@pytest.mark.parametrize("module", PHONE_MODULES)
def test_what_runs_on_the_phone_imports_only_what_the_bundle_holds(module):
    """The rules bundle holds the core, these modules, Jinja2 and MarkupSafe: a
    module of them importing Flask, the storage or any other page would not load on
    the phone."""
    outside = [
        name
        for name in imports(module)
        if name.split(".")[0] not in (*sys.stdlib_module_names, "referee", *ON_THE_PHONE_TOO)
        or (
            name.startswith("referee")
            and not name.startswith("referee.rules")
            and name not in PHONE_MODULES
        )
    ]
    assert not outside, f"{module} imports {outside}, which the phone has not"


#: The storage (docs/architecture.md, floor 2) knows no HTTP: its refusals are plain
#: exceptions that say their status, read by referee.plumbing.errors alone; an answer it keeps
#: for a retried write is made by its caller.
STORAGE = ("referee.storage",)
NOT_IN_STORAGE = ("werkzeug.exceptions", "werkzeug.wrappers")
HTTP_OF_FLASK = {"abort", "jsonify", "make_response", "Response"}


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith(STORAGE)])
def test_the_storage_knows_no_http(module):
    http = [name for name in imports(module) if name.startswith(NOT_IN_STORAGE)]
    for node in ast.walk(ast.parse(source(module).read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "flask":
            http += [f"flask.{alias.name}" for alias in node.names if alias.name in HTTP_OF_FLASK]
    assert not http, f"{module} imports {http}"


# --- Floors of size (radon): a newcomer reads any function of the app at a glance ---

#: The rules core is measured by its own benchmarks and proofs; the rest of the
#: package keeps its functions small and its modules short.
MOST_COMPLEX = 15
LONGEST_FUNCTION = 60
LONGEST_MODULE = 400
OUTSIDE_RULES = [m for m in modules() if not m.startswith("referee.rules")]


def _functions(module: str):
    from radon.complexity import cc_visit

    for block in cc_visit(source(module).read_text()):
        if hasattr(block, "methods"):  # a class: its methods are measured, not its length
            yield from block.methods
        else:
            yield block


@pytest.mark.parametrize("module", OUTSIDE_RULES)
def test_no_function_outside_the_rules_is_too_complex_or_too_long(module):
    too = [
        f"{block.fullname}: complexity {block.complexity}, "
        f"{block.endline - block.lineno + 1} lines"
        for block in _functions(module)
        if block.complexity > MOST_COMPLEX or block.endline - block.lineno + 1 > LONGEST_FUNCTION
    ]
    assert not too, f"{module}: {too}"


@pytest.mark.parametrize("module", OUTSIDE_RULES)
def test_no_module_outside_the_rules_is_too_long(module):
    lines = len(source(module).read_text().splitlines())
    assert lines <= LONGEST_MODULE, f"{module} has {lines} lines"


# --- No import circle, and the rules core's one door (docs/architecture.md) ---------


def _graph() -> dict[str, list[str]]:
    """Every module of the package and the modules of the package it imports, those
    inside functions and under TYPE_CHECKING included: an import hidden in a function
    is a circle all the same, only one that loads late."""
    return {
        module: sorted({name for name in imports(module) if name in MODULES} - {module})
        for module in modules()
    }


def circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The import circles of ``graph``, each found by a depth-first search as the path
    that comes back to a module still being searched from.

    >>> circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]})
    [['a', 'b', 'c', 'a']]
    >>> circles({"a": ["b", "c"], "b": ["c"], "c": []})
    []
    """
    found: list[list[str]] = []
    done: set[str] = set()
    path: list[str] = []

    def search(module: str) -> None:
        path.append(module)
        for name in graph.get(module, []):
            if name in path:
                found.append([*path[path.index(name) :], name])
            elif name not in done:
                search(name)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            search(module)
    return found


def test_no_import_circle_anywhere_in_the_package():
    assert circles(_graph()) == []


WORDS = "referee.rules.words"


@pytest.mark.parametrize("module", modules())
def test_only_the_rules_words_import_the_rules_words(module):
    """The rules core speaks through one door: inside the core only ``rules/words``
    reads its own modules (the value types and errors never speak); outside it, the
    API, the pages and the plumbing ask the face, ``referee.rules.words``, never a
    module behind it."""
    if module == WORDS or module.startswith(WORDS + "."):
        return
    inside = module.startswith("referee.rules")
    words = [
        name
        for name in imports(module)
        if (name == WORDS and inside) or name.startswith(WORDS + ".")
    ]
    assert not words, f"{module} imports {words}"


#: The rules core's modules stay short enough to read in a sitting; the solver, one
#: search and its proofs of exactness (docs/performance.md), is the one exception.
LONGEST_RULES_MODULE = 1000
LONG_RULES_MODULES = {"referee.rules.solver"}


@pytest.mark.parametrize("module", [m for m in modules() if m.startswith("referee.rules")])
def test_no_module_of_the_rules_is_too_long(module):
    lines = len(source(module).read_text().splitlines())
    if module in LONG_RULES_MODULES:
        assert lines > LONGEST_RULES_MODULE, f"{module} is short now: no exception needed"
        return
    assert lines <= LONGEST_RULES_MODULE, f"{module} has {lines} lines"


def test_the_words_mirror_the_modules_that_give_their_reasons():
    """The sentence for a reason given in ``rules/X.py`` is said in ``rules/words/X.py``
    (described.py, phrases.py and language.py say no reason of their own)."""
    from referee.rules.words.language import _SAY

    rules = PACKAGE / "rules"
    given = {
        path.stem: path.read_text()
        for path in [*rules.glob("*.py"), *(PACKAGE / "storage").glob("*.py")]
    }
    astray = {}
    for code, say in _SAY.items():
        module = say.__module__.rpartition(".")[2]
        givers = sorted(stem for stem, text in given.items() if f'"{code}"' in text)
        if module not in givers:
            astray[code] = (module, givers)
    # The storage's reading of a game started is said beside the core's (scoring).
    storage = {"no_pot"}
    assert {code: where for code, where in astray.items() if code not in storage} == {}


# --- Every error of the rules core carries its reason and nothing else ---------------


def _refusals():
    """Input the rules core refuses, a case for every module that raises (and for
    each that once raised an English sentence instead of its reason): (module, the
    call, the error's kind, its reason's code)."""
    from referee.rules import (
        CardError,
        Declaration,
        GameRuleError,
        HouseRulesError,
        PackError,
        RulesError,
        UnknownVariantError,
        UnplayableRulesError,
        apply_house,
        get_ruleset,
        get_variant,
        parse_cards,
        solve_hand,
    )
    from referee.rules.bookkeeping import BuyTally
    from referee.rules.cards import Card, check_pack, parse_rank, parse_suit
    from referee.rules.rescue import natural_cards
    from referee.rules.scoring import Adjustment, Pot, Sheet, Table, adjustments, score_deal
    from referee.rules.solver import HandTooLarge, SearchTooLong, Work

    push, telefunken = get_ruleset("push"), get_ruleset("telefunken")
    four = Table.seat(push, ["Ann", "Bob", "Cat", "Dan"])
    hand = parse_cards("8C 8H JK 4H 5H 6H 7H 9S KD")
    left = {"Bob": 5, "Cat": 5, "Dan": 5}
    played = tuple(score_deal(four, n, "Ann", left) for n in range(1, len(push.deals) + 1))
    return {
        "a card that is none": ("cards", lambda: Card.parse("ZZ"), CardError, "not_a_card"),
        "a rank": ("cards", lambda: parse_rank("Z"), CardError, "not_a_rank"),
        "a suit": ("cards", lambda: parse_suit("X"), CardError, "not_a_suit"),
        "a card past the pack": (
            "cards",
            lambda: check_pack(parse_cards("8C 8C 8C"), 2),
            PackError,
            "more_than_the_pack",
        ),
        "a set declared with a suit": (
            "melds",
            lambda: Declaration.parse({"kind": "set", "suit": "H"}),
            RulesError,
            "declaration_field_not_allowed",
        ),
        "a declaration of no kind": (
            "melds",
            lambda: Declaration.parse({"kind": "pair"}),
            RulesError,
            "declaration_kind_unknown",
        ),
        "a rescue given no card": (
            "rescue",
            lambda: natural_cards(" ", push),
            CardError,
            "no_natural_card",
        ),
        "a rescue given three cards": (
            "rescue",
            lambda: natural_cards("8H 8S 8D", telefunken),
            CardError,
            "too_many_natural_cards",
        ),
        "a hand too large to solve": (
            "solver",
            lambda: solve_hand(parse_cards("8C " * 31), push, 1),
            HandTooLarge,
            "hand_too_large",
        ),
        "a search past its work": (
            "solver",
            lambda: solve_hand(hand, push, 2, work=Work(0)),
            SearchTooLong,
            "search_too_long",
        ),
        "a deal the game has not": ("ruleset", lambda: push.deal(9), RulesError, "not_a_deal"),
        "a table the game is not for": (
            "ruleset",
            lambda: push.check_players(9),
            GameRuleError,
            "players_not_allowed",
        ),
        "a table a question is asked at that the game is not for": (
            "variants",
            lambda: get_ruleset("push", players=9),
            RulesError,
            "players_not_allowed",
        ),
        "a game there is not": (
            "variants",
            lambda: get_variant("snap"),
            UnknownVariantError,
            "unknown_variant",
        ),
        "an option the game has not": (
            "variants",
            lambda: get_ruleset("push", {"snap": True}),
            RulesError,
            "not_an_option",
        ),
        "a house rule there is not": (
            "house_document",
            lambda: apply_house(push, {"snap": 1}),
            HouseRulesError,
            "not_a_house_rule",
        ),
        "a limit by size with no table": (
            "house_document",
            lambda: apply_house(push, {"wild_limit": "by_size"}),
            HouseRulesError,
            "wild_limit_by_size_without_table",
        ),
        "house rules no table could play": (
            "playable",
            lambda: apply_house(get_ruleset("contract-rummy"), {"run_min": 5}),
            UnplayableRulesError,
            "deal_part_too_short",
        ),
        "a buy after the game": (
            "bookkeeping",
            lambda: BuyTally.of(Sheet(four, played), {}).check_buy("Ann"),
            GameRuleError,
            "game_over_no_buy",
        ),
        "a player twice at the table": (
            "scoring",
            lambda: Table.seat(push, ["Ann", "Ann", "Cat", "Dan"]),
            RulesError,
            "name_twice",
        ),
        "a bonus past its bounds": (
            "scoring",
            lambda: adjustments(four, {"Bob": Adjustment(5000)}),
            RulesError,
            "bonus_out_of_range",
        ),
        "a pot past its bounds": (
            "scoring",
            lambda: Pot(-1, 0),
            RulesError,
            "pot_out_of_range",
        ),
    }


REFUSALS = _refusals()


@pytest.mark.parametrize("case", REFUSALS)
def test_every_error_of_the_rules_carries_its_reason_and_nothing_else(case):
    from referee.rules.reasons import Reason
    from referee.rules.words import reason_codes

    _, call, kind, code = REFUSALS[case]
    with pytest.raises(kind) as raised:
        call()
    error = raised.value
    assert isinstance(error.reason, Reason)
    assert error.args == (error.reason,), "an error carries its reason, never a sentence"
    assert error.reason.code == code
    assert code in reason_codes(), "a reason the words cannot say"


#: The rules core's exceptions, by the names they are raised with.
RULES_ERRORS = (
    "RulesError",
    "CardError",
    "UnknownVariantError",
    "GameRuleError",
    "PackError",
    "HouseRulesError",
    "UnplayableRulesError",
    "HandTooLarge",
    "SearchTooLong",
)


def test_the_table_of_refusals_has_a_case_for_every_module_that_raises():
    raising = set()
    for path in (PACKAGE / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in RULES_ERRORS or name == "_bad":
                    raising.add(path.stem)
    assert raising == {module for module, *_ in REFUSALS.values()}
