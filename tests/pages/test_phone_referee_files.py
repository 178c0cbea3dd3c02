"""What the app serves for the referee on the phone: Pyodide's files as `make install`
fetched them, each in the best copy the phone takes, and the rules bundle, named by
its content. Both may be kept for good; neither is served under another name."""

import gzip
import io
import re
import zipfile
from pathlib import Path

import brotli
import pytest

from referee.pages.checker.phone_referee import (
    FOR_GOOD,
    ON_THE_PHONE,
    PHONE_TEMPLATES,
    PYODIDE_VERSION,
    RUNTIME,
    RUNTIME_FILES,
    build_bundle,
)

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_PATH = f"/pyodide/{PYODIDE_VERSION}"


def test_the_makefile_fetches_the_release_the_app_serves():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^PYODIDE_VERSION := (\S+)$", makefile, re.M)[1] == PYODIDE_VERSION


@pytest.mark.parametrize(
    ("accepted", "coding", "decode"),
    [
        ("gzip, deflate, br", "br", brotli.decompress),
        ("gzip", "gzip", gzip.decompress),
        ("br;q=0, gzip", "gzip", gzip.decompress),
        ("identity", None, bytes),
        (None, None, bytes),
    ],
)
@pytest.mark.parametrize("name", sorted(RUNTIME_FILES))
def test_each_runtime_file_goes_out_in_the_best_copy_the_phone_takes(
    client, name, accepted, coding, decode
):
    headers = {"Accept-Encoding": accepted} if accepted is not None else {}
    with client.get(f"{RUNTIME_PATH}/{name}", headers=headers) as response:
        assert response.status_code == 200
        assert response.headers.get("Content-Encoding") == coding
        assert response.mimetype == RUNTIME_FILES[name]
        assert response.headers["Cache-Control"] == FOR_GOOD
        assert "Accept-Encoding" in response.headers["Vary"]
        assert decode(response.get_data()) == (RUNTIME / name).read_bytes()


@pytest.mark.parametrize(
    "path",
    [
        "/pyodide/0.0.1/pyodide.mjs",  # another release
        f"{RUNTIME_PATH}/pyodide.asm.wasm.br",  # a copy is never asked for by its own name
        f"{RUNTIME_PATH}/.installed",
        f"{RUNTIME_PATH}/package.json",
        f"{RUNTIME_PATH}/..%2FMakefile",
    ],
)
def test_nothing_else_is_served_under_the_runtime(client, path):
    assert client.get(path).status_code == 404


def bundle_path(client) -> str:
    page = client.get("/").data.decode()
    return re.search(r'data-referee-rules="([^"]+)"', page)[1]


def test_the_rules_bundle_holds_what_runs_on_the_phone_under_roots_of_its_own(client):
    """The rules core and its catalogs, the checker's modules and templates, Jinja2
    and MarkupSafe; the package roots are the bundle's own, and import nothing."""
    response = client.get(bundle_path(client))
    assert response.status_code == 200
    assert response.mimetype == "application/zip"
    assert response.headers["Cache-Control"] == FOR_GOOD
    bundle = zipfile.ZipFile(io.BytesIO(response.get_data()))
    names = set(bundle.namelist())
    rules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "referee/rules").rglob("*.py")}
    pages = {f"referee/pages/{name.replace('.', '/')}.py" for name in ON_THE_PHONE}
    templates = {f"templates/{name}" for name in PHONE_TEMPLATES}
    catalogs = {"referee/translations/es/LC_MESSAGES/messages.mo"}
    libraries = {"jinja2/__init__.py", "markupsafe/__init__.py", "markupsafe/_native.py"}
    assert rules | pages | templates | catalogs | libraries <= names
    roots = {
        "referee/__init__.py",
        "referee/pages/__init__.py",
        "referee/pages/checker/__init__.py",
        "referee/pages/deal/__init__.py",
    }
    others = names - rules - pages - templates - catalogs - roots
    assert {name.split("/")[0] for name in others} == {"jinja2", "markupsafe"}
    assert not any(name.endswith(".so") for name in names)
    for root in roots:
        assert b"import" not in bundle.read(root)


def test_the_rules_bundle_is_named_by_its_content(client, tmp_path):
    """The same files make the same bundle; one changed module makes another name, and
    the old name is no longer served."""
    assert build_bundle() == build_bundle()
    package = tmp_path / "referee"
    (package / "rules").mkdir(parents=True)
    (package / "rules" / "__init__.py").write_text("RULES = 1\n")
    first = build_bundle(package)
    (package / "rules" / "__init__.py").write_text("RULES = 2\n")
    assert build_bundle(package).digest != first.digest
    assert client.get(f"/rules/{first.digest}.zip").status_code == 404
    assert client.get(bundle_path(client)).status_code == 200


def test_a_page_may_compile_the_runtime_and_nothing_may_eval_javascript(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    script = re.search(r"script-src ([^;]+)", policy)[1].split()
    assert script == ["'self'", "'wasm-unsafe-eval'"]
