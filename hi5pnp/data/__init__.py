"""The files hi5pnp ships with: the bundled decks (``decks/<name>/``) and the
layout templates (``templates/``), found with :mod:`importlib.resources`.

In a source checkout, the top-level ``cards/`` and ``templates/`` are links to
these folders: the designer's working copy and the shipped files are the same
files.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

DEFAULT_DECK = "default"


def _folder(*parts: str) -> Path:
    found = files(__name__).joinpath(*parts)
    # pip installs packages as files, never zipped; jinja2's loader and the
    # deck reader need real folders, so a zipped hi5pnp is not supported.
    if not isinstance(found, Path):
        raise RuntimeError(f"hi5pnp's data must be installed as files, not inside {found}")
    return found


def bundled_decks() -> list[str]:
    """The names of the decks that ship with hi5pnp."""
    return sorted(p.name for p in _folder("decks").iterdir() if (p / "game.yaml").is_file())


def bundled_deck(name: str) -> Path | None:
    """The folder of the bundled deck ``name``, or None if there is none by that name."""
    return _folder("decks", name) if name in bundled_decks() else None


def template_folder() -> Path:
    """The bundled layout templates."""
    return _folder("templates")
