"""README's two fresh-machine commands are the ones CI runs, and the docs it names exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI = ROOT / ".ci" / "run"

pytestmark = pytest.mark.skipif(not CI.exists(), reason="a source checkout's README and CI")


def _commands() -> list[str]:
    return re.findall(r"```sh\n(python -m pip install[^\n]*)\n```", README.read_text(encoding="utf-8"))


def test_readme_has_the_install_and_test_commands():
    install, test = _commands()[:2]
    assert install == "python -m pip install -c .ci/constraints.txt -e . && hi5pnp build --lang all"  # English and German
    assert test == "python -m pip install -c .ci/constraints.txt -e '.[test]' && python -m pytest -n auto"


def test_ci_runs_readmes_test_command():
    test = _commands()[1]
    ci = CI.read_text(encoding="utf-8")
    assert test in ci.splitlines()
    assert "python3 -m venv" in ci


def test_docs_named_in_readme_exist():
    for name in re.findall(r"\]\(((?:docs|\.ci)/[^)]+)\)", README.read_text(encoding="utf-8")):
        assert (ROOT / name).exists(), name
