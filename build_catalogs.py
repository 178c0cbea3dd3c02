"""The build step that compiles the gettext catalogs, so that every install of the
package speaks every language it has: a wheel (``pip install .``) carries each
``messages.mo`` beside its ``.po``, and an editable install (``pip install -e .``,
``make install``) finds it compiled in place. Named in pyproject.toml's
``[tool.setuptools.cmdclass]``; Babel, which compiles them, is a build requirement.
"""

from __future__ import annotations

from pathlib import Path

from setuptools.command.build_py import build_py

CATALOGS = "referee/translations/*/LC_MESSAGES/messages.po"


def compile_catalog(po: Path, mo: Path) -> None:
    """``po`` compiled to ``mo``, as ``pybabel compile`` does (fuzzy messages left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as target:
        write_mo(target, catalog)


class BuildPy(build_py):
    """``build_py``, then each catalog compiled: into the build (a wheel), or beside
    its ``.po`` in the source tree (an editable install, PEP 660)."""

    def run(self) -> None:
        super().run()
        for po, mo in self._catalogs():
            compile_catalog(po, mo)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        return [*super().get_outputs(include_bytecode), *(str(mo) for _, mo in self._catalogs())]

    def _catalogs(self) -> list[tuple[Path, Path]]:
        into = Path() if self.editable_mode else Path(self.build_lib)
        return [(po, into / po.with_suffix(".mo")) for po in sorted(Path().glob(CATALOGS))]
