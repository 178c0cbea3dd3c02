"""Every build of the package carries its compiled catalogs, so an app installed with
``pip install .`` (a wheel) or ``pip install -e .`` speaks each language it has, not
English alone: the project's own ``build_py`` (``build_catalogs.py``, named in
pyproject.toml) run as a wheel's build runs it, into a folder of this test's."""

import tomllib
from pathlib import Path

import pytest
from setuptools.config.pyprojecttoml import apply_configuration
from setuptools.dist import Distribution

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted(ROOT.glob("referee/translations/*/LC_MESSAGES/messages.po"))


def test_the_build_names_its_catalog_step_and_what_it_needs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["cmdclass"]["build_py"] == "build_catalogs.BuildPy"
    assert any(need.startswith("babel") for need in project["build-system"]["requires"])


# Older setuptools (a Python 3.11 venv's own) calls its pyproject.toml support beta.
@pytest.mark.filterwarnings("ignore:Support for `\\[tool.setuptools\\]`")
def test_a_wheel_s_build_holds_every_catalog_compiled(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # a build runs in the project's folder
    monkeypatch.syspath_prepend(str(ROOT))
    distribution = Distribution({"script_name": "setup.py"})
    apply_configuration(distribution, ROOT / "pyproject.toml")
    build = distribution.get_command_obj("build_py")
    build.build_lib = str(tmp_path)
    build.ensure_finalized()
    build.run()
    assert CATALOGS, "no catalog to compile"
    for po in CATALOGS:
        mo = tmp_path / po.relative_to(ROOT).with_suffix(".mo")
        assert mo.is_file() and mo.stat().st_size > 0, mo
        assert str(mo) in build.get_outputs()
    assert (tmp_path / "referee" / "rules" / "words" / "__init__.py").is_file()  # the package too
