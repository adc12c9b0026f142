"""Deck fixtures for the kit tests: a writable copy of the bundled deck to break on purpose."""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest

from hi5pnp.data import bundled_deck
from hi5pnp.deck import load_deck
from hi5pnp.kit.build import BuildOptions, Kit, make_kit

CARDS = bundled_deck("default")  # the bundled deck, inside the package


@functools.cache
def bundled_kit(lang: str) -> Kit:
    """The bundled deck's whole kit in ``lang`` with the default options, built
    once per test process for every test that only reads it (output/'s check,
    the rulebook's bookmarks, the kit's pages): read its files, never change them."""
    return make_kit(load_deck(CARDS), BuildOptions(lang=lang))


@pytest.fixture
def deck_copy(tmp_path: Path):
    """Copy the bundled deck to a temporary folder; returns an ``edit(file, old, new)``
    function that changes one piece of text (exactly once) and the folder."""
    folder = tmp_path / "deck"
    shutil.copytree(CARDS, folder)

    def edit(name: str, old: str, new: str, count: int = 1) -> Path:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) >= 1, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
        return folder

    edit.folder = folder  # type: ignore[attr-defined]
    return edit


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line containing ``needle``."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {path}")
