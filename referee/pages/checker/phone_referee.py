"""The referee on the phone: the Python runtime (Pyodide) and the rules bundle a Web
Worker loads, so the rules core answers on the phone when the network is gone.

The phone runs the same ``referee/rules`` package the server runs, not a second
engine. Two things are served for it, each under an address that names what it
holds, so a phone may keep them for good and never mixes an old one with new pages:

- **the runtime**, ``/pyodide/<version>/<file>``: Pyodide's files as its release on the
  npm registry has them, fetched by ``make install`` (the Makefile checks the
  release's digest) into ``runtime/pyodide-<version>/``. Each is kept beside its
  brotli and gzip copies, made once there (``compress``): the 9.6 MB WebAssembly
  module goes out as 2.7 MB, and no request spends half a minute of a core
  compressing it.
- **the rules bundle**, ``/rules/<digest>.zip``: the rules core with its compiled
  catalogs (so the phone speaks the table's language), the meld checker's and the
  deal form's own modules and the templates of their part of the page
  (:mod:`.on_the_phone` draws them offline), and Jinja2 with MarkupSafe (pure
  Python, as this server runs them), under ``referee`` and ``referee.pages``
  package roots of their own, since the app's import Flask. The digest is of the
  bundle's content: a new release of the rules is a new address.

Neither is sent before a page asks for it, and a page asks only once it is idle
(``static/referee-worker.js``).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import brotli
from flask import Blueprint, abort, current_app, request, send_file, url_for

bp = Blueprint("phone_referee", __name__)

#: Pyodide's release, as the Makefile fetches it (``PYODIDE_VERSION`` there).
PYODIDE_VERSION = "314.0.7"
ROOT = Path(__file__).resolve().parents[3]
RUNTIME = ROOT / "runtime" / f"pyodide-{PYODIDE_VERSION}"
#: The runtime's files a worker loads, and what each is.
RUNTIME_FILES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
#: Each compressed copy, by the content coding it is sent with, best first.
COPIES = {"br": ".br", "gzip": ".gz"}
#: A year: both addresses change when what they hold does.
FOR_GOOD = "public, max-age=31536000, immutable"

PACKAGE = ROOT / "referee"
#: The bundle's own package roots: what runs on the phone needs nothing of the app's.
BUNDLE_ROOTS = {
    "referee/__init__.py": b'"""The rules core on the phone, with no web app around it."""\n',
    "referee/pages/__init__.py": b'"""The pages\' parts drawn on the phone."""\n',
}
#: The modules of the pages that run on the phone too: the meld checker, the deal
#: form and what they draw with. They import nothing but the rules core, each other,
#: Jinja2 and MarkupSafe (tests/test_architecture.py holds them to it).
ON_THE_PHONE = (
    "speech",
    "keypad",
    "words",
    "filters",
    "checker.verdict_views",
    "checker.checker_views",
    "checker.meld_checker",
    "checker.check_page",
    "checker.on_the_phone",
    "deal.deal_points",
    "deal.deal_entry",
    "deal.deal_page",
)
#: The templates of the checker's and the deal form's part of the page
#: (:mod:`.on_the_phone`).
PHONE_TEMPLATES = ("_checker.html", "macros.html", "_solution.html", "_deal_form.html")
#: The libraries the phone draws with, from this server's own installation.
PHONE_LIBRARIES = ("jinja2", "markupsafe")


@dataclass(frozen=True)
class Bundle:
    """The rules bundle: a zip of the rules core and its catalogs, and its digest."""

    content: bytes
    digest: str


def bundled_files(package: Path = PACKAGE) -> dict[str, bytes]:
    """What the bundle holds, by its path there: the rules core and its compiled
    catalogs, the checker's and the deal form's modules and templates, Jinja2 and
    MarkupSafe."""
    root = package.parent
    files = dict(BUNDLE_ROOTS)
    paths = [
        *sorted((package / "rules").rglob("*.py")),
        *sorted((package / "translations").glob("*/LC_MESSAGES/messages.mo")),
        *[package / "pages" / f"{name.replace('.', '/')}.py" for name in ON_THE_PHONE],
        *[package / "pages" / group / "__init__.py" for group in _groups()],
        *[root / "templates" / name for name in PHONE_TEMPLATES],
    ]
    for path in paths:
        if path.is_file():
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    for library in PHONE_LIBRARIES:
        folder = Path(importlib.import_module(library).__file__ or "").parent
        for path in sorted(folder.glob("*.py")):  # the pure Python: no C speedups there
            files[f"{library}/{path.name}"] = path.read_bytes()
    return files


def _groups() -> list[str]:
    """The groups of the pages (``checker``) whose modules run on the phone: their
    ``__init__.py`` says what they are and imports nothing."""
    return sorted({name.rpartition(".")[0] for name in ON_THE_PHONE if "." in name})


#: Bundles built in this process, by what went into them: an app made again on the same
#: files (the tests make one a test) takes the zip already made rather than compress it
#: anew; a file changed is a bundle of its own.
_BUILT: dict[bytes, Bundle] = {}


def build_bundle(package: Path = PACKAGE) -> Bundle:
    """What runs on the phone as a zip a worker unpacks (:func:`bundled_files`), the
    same bytes for the same files (no dates in it)."""
    files = bundled_files(package)
    seen = hashlib.sha256()
    for name, content in files.items():
        seen.update(b"%d:%s%d:" % (len(name), name.encode(), len(content)))
        seen.update(content)
    key = seen.digest()
    if (built := _BUILT.get(key)) is None:
        built = _BUILT[key] = _zipped(files)
    return built


def _zipped(files: dict[str, bytes]) -> Bundle:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for name, content in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, content)
    content = buffer.getvalue()
    return Bundle(content, hashlib.sha256(content).hexdigest()[:16])


def bundle() -> Bundle:
    """This app's rules bundle, built once (the modules do not change under it)."""
    built: Bundle | None = current_app.extensions.get("rules_bundle")
    if built is None:
        built = current_app.extensions["rules_bundle"] = build_bundle()
    return built


@bp.app_template_global()
def phone_referee() -> dict[str, str]:
    """Where a page's worker finds the runtime and the rules bundle."""
    loader = url_for("phone_referee.runtime", version=PYODIDE_VERSION, name="pyodide.mjs")
    runtime = loader.removesuffix("pyodide.mjs")  # the folder Pyodide loads the rest from
    rules = url_for("phone_referee.rules", digest=bundle().digest)
    return {
        "runtime": runtime,
        "rules": rules,
        # Everything the worker loads, for a page to have kept ahead of need.
        "files": " ".join([*(runtime + name for name in RUNTIME_FILES), rules]),
    }


@bp.get("/rules/<digest>.zip")
def rules(digest: str) -> Any:
    built = bundle()
    if digest != built.digest:
        abort(404)  # an earlier release's: the page that asked for it is reloaded anew
    response = send_file(
        io.BytesIO(built.content), mimetype="application/zip", etag=built.digest, conditional=True
    )
    response.headers["Cache-Control"] = FOR_GOOD
    return response


@bp.get("/pyodide/<version>/<name>")
def runtime(version: str, name: str) -> Any:
    """A runtime file, in the best copy the phone takes (brotli, gzip, or as it is)."""
    if version != PYODIDE_VERSION or name not in RUNTIME_FILES:
        abort(404)
    path, coding = RUNTIME / name, None
    for candidate, suffix in COPIES.items():
        taken = request.accept_encodings.quality(candidate) > 0
        if taken and (RUNTIME / (name + suffix)).is_file():
            path, coding = RUNTIME / (name + suffix), candidate
            break
    if not path.is_file():
        abort(404)  # not installed: `make install` fetches it
    response = send_file(path, mimetype=RUNTIME_FILES[name], conditional=True, etag=True)
    if coding is not None:
        response.headers["Content-Encoding"] = coding  # sent as it is kept
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = FOR_GOOD
    return response


def compress(folder: Path | str) -> None:
    """Keep a brotli and a gzip copy beside each runtime file in ``folder``."""
    folder = Path(folder)
    for name in RUNTIME_FILES:
        content = (folder / name).read_bytes()
        (folder / (name + COPIES["br"])).write_bytes(brotli.compress(content, quality=11))
        (folder / (name + COPIES["gzip"])).write_bytes(gzip.compress(content, 9, mtime=0))
