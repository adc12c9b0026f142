"""``hi5pnp new DIR``: a deck of one's own, plain files that never touch the bundled deck."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.data import bundled_deck, template_folder
from hi5pnp.deck import load_deck


def run(*args: str):
    return CliRunner().invoke(main, [*args])


def test_new_writes_the_bundled_deck_as_plain_files_that_load(tmp_path):
    folder = tmp_path / "mydeck"
    r = run("new", str(folder))
    assert r.exit_code == 0, r.output
    source = bundled_deck("default")
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in source.iterdir() if p.is_file() or p.name == "translations")
    for p in [*folder.iterdir(), *(folder / "translations").iterdir()]:
        if p.name != "translations":
            assert p.is_file() and not p.is_symlink() and p.read_bytes() == (source / p.relative_to(folder)).read_bytes()
    assert sorted(p.name for p in (folder / "translations").iterdir()) == sorted(p.name for p in (source / "translations").iterdir())
    assert load_deck(folder).title == load_deck("default").title
    assert f"hi5pnp build --deck {folder}" in r.output and f"hi5pnp validate --deck {folder}" in r.output


def test_editing_the_new_deck_leaves_the_bundled_one_as_it_was(tmp_path):
    folder = tmp_path / "mydeck"
    assert run("new", str(folder)).exit_code == 0
    bundled = (bundled_deck("default") / "competitors.yaml").read_bytes()
    mine = folder / "competitors.yaml"
    mine.write_text(mine.read_text().replace('name: "Dash Dunmore"', 'name: "Dash Dunmore II"'))
    assert (bundled_deck("default") / "competitors.yaml").read_bytes() == bundled
    assert load_deck(folder).competitor_face("1a").name == "Dash Dunmore II"
    assert load_deck("default").competitor_face("1a").name == "Dash Dunmore"


@pytest.mark.slow  # a whole layout validated (CI's wheel stage builds such a deck too)
def test_new_with_templates_copies_them_and_says_how_to_use_them(tmp_path):
    folder = tmp_path / "mydeck"
    r = run("new", str(folder), "--templates")
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in (folder / "templates").iterdir())
    assert names == sorted(p.name for p in template_folder().iterdir() if not p.name.startswith("."))  # the icons/ folder too
    assert sorted(p.name for p in (folder / "templates" / "icons").iterdir()) == sorted(p.name for p in (template_folder() / "icons").iterdir())
    assert "--templates" not in r.output.split("next:")[1] and "no flag needed" in r.output
    built = run("validate", "--deck", str(folder))
    assert built.exit_code == 0, built.output
    assert built.stdout.startswith(f"templates: {folder}/templates (the deck's own)")


def test_a_folder_holding_anything_a_file_or_a_link_is_refused(tmp_path):
    full = tmp_path / "full"
    full.mkdir()
    (full / "notes.txt").write_text("mine")
    r = run("new", str(full))
    assert r.exit_code == 2 and "not empty" in r.output and (full / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in full.iterdir()) == ["notes.txt"]
    afile = tmp_path / "afile"
    afile.write_text("x")
    r = run("new", str(afile))
    assert r.exit_code == 2 and "not a folder" in r.output and afile.read_text() == "x"
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    r = run("new", str(tmp_path / "link"))
    assert r.exit_code == 2 and "a link" in r.output and not (tmp_path / "elsewhere").exists()
    r = run("new", str(afile / "mydeck"))
    assert r.exit_code == 2 and "cannot write the deck here" in r.output and "Traceback" not in r.output
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("new", str(empty)).exit_code == 0 and (empty / "game.yaml").is_file()


def test_the_bundled_deck_and_templates_are_real_folders_so_a_copy_is_ones_own(tmp_path):
    """`cp -r cards mydeck` copies files, never a link back to the bundled deck."""
    import shutil

    deck, templates = bundled_deck("default"), template_folder()
    for folder in (deck, templates):
        assert not folder.is_symlink() and not any(p.is_symlink() for p in folder.iterdir())
    mine = tmp_path / "mydeck"
    shutil.copytree(deck, mine)  # as cp -r does
    before = {p.name: p.read_bytes() for p in deck.iterdir() if p.is_file()}
    (mine / "competitors.yaml").write_text((mine / "competitors.yaml").read_text().replace("Dash Dunmore", "Dash Dunmoor"))
    assert {p.name: p.read_bytes() for p in deck.iterdir() if p.is_file()} == before
    assert load_deck(mine).competitor_face("1a").name == "Dash Dunmoor"
