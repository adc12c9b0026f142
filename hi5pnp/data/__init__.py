"""The files hi5pnp ships with: the bundled deck (``decks/default/``), the
layout templates (``templates/``) and the documentation (``docs/``, with
README.md), found beside this module. pip installs a package as files,
never zipped, and jinja2's loader and the deck reader need real folders,
so what :func:`importlib.resources.files` would give is the package's own
folder; it is not imported, since it costs the checker about 12 ms, an
eighth of its start.

The repository keeps one copy of each, as real folders at its top: ``cards/``,
``templates/`` and ``docs/``. The build backend maps them into the package
(pyproject.toml, ``force-include``), so an installed hi5pnp finds them here;
a source checkout or an editable install, where the package has no copy,
finds the top-level folders themselves.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

DEFAULT_DECK = "default"

#: Where a source checkout keeps what the package ships: the folder in the package -> the repository's folder.
_IN_THE_REPOSITORY = {("decks", DEFAULT_DECK): "cards", ("templates",): "templates", ("docs",): "docs"}


@cache  # where the package's data lies does not change while it runs (the checker asks once a log)
def _folder(*parts: str) -> Path:
    found = Path(__file__).parent.joinpath(*parts)
    if not found.is_dir() and parts in _IN_THE_REPOSITORY:
        top = Path(__file__).resolve().parents[2] / _IN_THE_REPOSITORY[parts]
        if top.is_dir():
            return top
    return found


def bundled_decks() -> list[str]:
    """The names of the decks that ship with hi5pnp."""
    return [DEFAULT_DECK] if _shipped() else []


@cache
def _shipped() -> bool:
    """Whether the bundled deck is there (asked of the file system once a run)."""
    return (_folder("decks", DEFAULT_DECK) / "game.yaml").is_file()


def bundled_deck(name: str) -> Path | None:
    """The folder of the bundled deck ``name``, or None if there is none by that name."""
    return _folder("decks", name) if name in bundled_decks() else None


def template_folder() -> Path:
    """The bundled layout templates."""
    return _folder("templates")


def docs_folder() -> Path:
    """The documentation: the pages of docs/ (the wheel carries README.md there too)."""
    return _folder("docs")


def doc_pages() -> dict[str, Path]:
    """Each page of the documentation by name (``deck-format``, ``README``), in order."""
    folder = docs_folder()
    pages = {p.stem: p for p in sorted(folder.glob("*.md"))} if folder.is_dir() else {}
    readme = folder.parent / "README.md"  # a source checkout: README.md beside docs/
    if "README" not in pages and readme.is_file():
        pages = {"README": readme, **pages}
    return pages
