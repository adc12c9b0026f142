"""A deck of one's own: the bundled deck's files (and, if asked, the layout
templates) copied into a new folder the designer owns (``hi5pnp new DIR``).
The copies are plain files, never links, so editing them never touches the
bundled deck."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ... import data
from ...errors import OutputError, printable, shown_path

TEMPLATES = "templates"  # the templates' folder inside the new deck
TEMPLATE_PARTS = ("icons", "fonts")  # the templates folder's own subfolders (SVG icons, font files), copied with it
TRANSLATIONS = "translations"  # the deck's texts in other languages (docs/deck-format.md, "Translations"), copied with it


def new_deck(target: Path, *, templates: bool = False, deck: str = "default") -> list[Path]:
    """Copy the bundled deck ``deck`` into ``target`` (a new or empty folder),
    and the bundled templates into ``target/templates`` when ``templates``;
    the files written, in order. Raises :class:`OutputError` for a folder
    that holds anything, a path that is a file or a link."""
    source = data.bundled_deck(deck)
    if source is None:
        raise OutputError(f"there is no bundled deck '{deck}' (bundled: {', '.join(data.bundled_decks())})")
    check_target(target)
    try:
        written = _copy(source, target)
        if (source / TRANSLATIONS).is_dir():
            written += _copy(source / TRANSLATIONS, target / TRANSLATIONS)
        if templates:
            written += _copy(data.template_folder(), target / TEMPLATES)
            for part in TEMPLATE_PARTS:
                if (data.template_folder() / part).is_dir():
                    written += _copy(data.template_folder() / part, target / TEMPLATES / part)
    except OSError as exc:  # a file on the way, no right to write there, a full disk
        raise OutputError(f"{printable(shown_path(target))}: cannot write the deck here: {exc.strerror or exc}") from None
    return written


def check_target(target: Path) -> None:
    """Refuse (:class:`OutputError`) a folder for a new deck that holds
    anything, a path that is a file or a link, or one that cannot be looked
    at (a name too long, a folder on the way that cannot be read): nothing
    of the user's is replaced."""
    try:
        if os.path.islink(target):
            raise OutputError(f"{printable(shown_path(target))}: a link; give a new folder for the deck")
        if not target.exists():
            return
        if not target.is_dir():
            raise OutputError(f"{printable(shown_path(target))}: not a folder; give a new or empty folder for the deck")
        if any(target.iterdir()):
            raise OutputError(
                f"{printable(shown_path(target))}: the folder is not empty; give a new or empty folder for the deck, so nothing of yours is replaced"
            )
    except OSError as exc:  # a name too long, no right to look there
        raise OutputError(f"{printable(shown_path(target))}: cannot write the deck here: {exc.strerror or exc}") from None


def _copy(source: Path, target: Path) -> list[Path]:
    """The regular files of ``source`` (not its subfolders) copied as plain files into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(source.iterdir()):
        if path.is_file() and not path.name.startswith("."):
            shutil.copyfile(path, target / path.name)  # the contents: a link's target, never the link
            written.append(target / path.name)
    return written
