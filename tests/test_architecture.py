"""The rooms of the package and which way their imports point (docs/architecture.md).

rules ← storage ← web: the rules core imports nothing of the app (nor Flask, nor a
database); the storage imports the rules and never the web; nothing imports the
package root, which only builds the app.
"""

import ast
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import referee
from referee.pages.phone_referee import ON_THE_PHONE

PACKAGE = Path(referee.__file__).parent

#: Each module's floor; a module may import only from its own floor or below.
FLOORS = {
    "referee.rules": 0,
    "referee.plumbing.extensions": 1,
    "referee.plumbing.conditional": 1,
    "referee.plumbing.json_text": 1,
    "referee.schemas": 1,
    "referee.storage.sealing": 1,
    "referee.storage": 2,
    "referee.plumbing.housekeeping": 2,
}
WEB = 3  # everything else: api, errors, openapi, forms, pages, ...
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
    of its own where it needs more (referee.pages.meld_checker)."""
    answers = [name for name in imports(module) if name.split(".")[:2] == ["referee", "schemas"]]
    assert not answers, f"{module} imports {answers}"


#: What the phone runs beside the rules core: the meld checker's own modules
#: (referee.pages.phone_referee.ON_THE_PHONE), with Jinja2 and MarkupSafe.
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
STORAGE = ("referee.storage", "referee.plumbing.housekeeping")
NOT_IN_STORAGE = (
    "werkzeug.exceptions",
    "werkzeug.wrappers",
    "referee.schemas",
    "referee.plumbing.errors",
)
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
