"""``hi5pnp docs``: the documentation ships with the package and is listed and printed by name."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.data import doc_pages

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return CliRunner().invoke(main, [*args])


def test_every_page_of_docs_and_the_readme_is_listed_with_its_title():
    pages = doc_pages()
    assert sorted(pages) == sorted(["README", *(p.stem for p in (ROOT / "docs").glob("*.md"))])
    r = run("docs")
    assert r.exit_code == 0, r.output
    assert "deck-format   The deck format" in r.output.splitlines()


def test_a_page_is_printed_whole_and_a_near_miss_is_suggested():
    r = run("docs", "docs/deck-format.md")
    assert r.exit_code == 0 and r.output == (ROOT / "docs" / "deck-format.md").read_text(encoding="utf-8")
    bad = run("docs", "deck-formt")
    assert bad.exit_code == 2 and "no page 'deck-formt'; did you mean 'deck-format'?" in bad.output


def test_the_wheel_maps_docs_and_readme_into_the_package():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"docs" = "hi5pnp/data/docs"' in text and '"README.md" = "hi5pnp/data/docs/README.md"' in text
