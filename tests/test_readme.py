"""README's two fresh-machine commands are the ones CI runs and that work."""

from __future__ import annotations

import re

from hi5pnp import PROJECT_ROOT

README = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
CI = (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _commands() -> list[str]:
    return re.findall(r"```sh\n(python -m pip install[^\n]*)\n```", README)


def test_readme_has_the_install_and_test_commands():
    install, test = _commands()[:2]
    assert install == "python -m pip install -e . && hi5pnp build"
    assert test == "python -m pip install -e '.[test]' && python -m pytest"


def test_ci_runs_readmes_test_command():
    test = _commands()[1]
    assert test in CI.splitlines()
    assert "python3 -m venv .venv" in CI


def test_docs_named_in_readme_exist():
    for name in re.findall(r"\]\((docs/[^)]+)\)", README):
        assert (PROJECT_ROOT / name).exists(), name
