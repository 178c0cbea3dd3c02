"""The code and the docs cite only what the repository holds: a ruling by its anchor
in docs/rules.md (``docs/rules.md#R77``), the API by docs/api.md's sections, never a
file a reader of the repository does not have (the rulings, the API's specification
or the rule texts they were first written from). Every anchor cited exists."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ELSEWHERE = re.compile(
    r"\b(?:HOUSE|FAMILY|RULINGS|API|STYLE)\.md\b|\bseeds/|\.\./shared|\bRULINGS R\d"
)
#: docs/rules.md#R42, api.md#languages, (rules.md#the-evening) in a doc's own links.
CITED = re.compile(
    r"\b(?:docs/)?(rules|api|architecture|languages|deploying|performance)\.md#(R\d+|[a-z][\w-]*)"
)


def tracked_text():
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return {
        name: (ROOT / name).read_text(encoding="utf-8")
        for name in names
        if name.endswith((".py", ".md", ".html", ".js", ".toml", ".cfg", ".txt"))
        and (ROOT / name).is_file()
        and name != "tests/test_references.py"
    }


def anchors(doc: Path) -> set[str]:
    """The anchors of a doc: each heading's, as GitHub makes it, and every ``id``."""
    text = doc.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        plain = re.sub(r"<[^>]+>", "", heading).lower()
        found.add(re.sub(r"[^\w\- ]", "", plain).replace(" ", "-"))
    return found


def test_nothing_cites_a_file_outside_the_repository():
    citing = {
        name: sum(1 for line in text.splitlines() if ELSEWHERE.search(line))
        for name, text in tracked_text().items()
    }
    assert {name: count for name, count in citing.items() if count} == {}


def test_every_anchor_cited_exists():
    known = {doc.stem: anchors(doc) for doc in DOCS.glob("*.md")}
    missing = [
        (name, f"{doc}.md#{anchor}")
        for name, text in tracked_text().items()
        for doc, anchor in CITED.findall(text)
        if anchor not in known[doc]
    ]
    assert not missing


def test_every_ruling_has_its_anchor():
    assert {f"R{n}" for n in range(1, 80)} <= anchors(DOCS / "rules.md")
