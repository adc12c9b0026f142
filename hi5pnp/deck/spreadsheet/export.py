"""A deck's cards written as CSV (``hi5pnp export --csv DIR``): a new deck
folder whose ``competitors.csv`` and ``obstacles.csv`` say what the deck's
YAML says, in the columns :mod:`.csvsource` reads, with the deck's other
files (game.yaml, score_sheets.yaml, the pictures) copied beside them. It
loads as the very same deck (the same fingerprint), so it builds the same kit.

The files are UTF-8 with a byte-order mark (so that a spreadsheet opens
accented names right) and one line per row; no cell is one a spreadsheet
would run as a formula (docs/deck-format.md, "Names a spreadsheet would run").
"""

from __future__ import annotations

from pathlib import Path

from ...errors import OutputError, printable, shown_path
from ...files import write_atomically
from ...textsafe import csv_text
from ..design.starter import TEMPLATES, check_target
from ..load import AS_CSV, deck_files
from ..model import Deck, ObstacleFace
from .source import GEMS

BOM = "\ufeff"


def competitor_rows(deck: Deck) -> list[list[str]]:
    """The header and one row per competitor face."""
    faces = deck.competitor_faces()
    width = max((len(f.matrix) for f in faces), default=1)
    art, flavour = any(f.art for f in faces), any(f.flavour for f in faces)
    header = ["card", "side", "name", *(f"gem {i}" for i in range(1, GEMS + 1)), *(f"column {i}" for i in range(1, width + 1))]
    out = [header + (["flavour"] if flavour else []) + (["art"] if art else [])]
    for f in faces:
        columns = [" ".join(column) for column in f.matrix] + [""] * (width - len(f.matrix))
        optional = ([f.flavour] if flavour else []) + ([f.art.name if f.art else ""] if art else [])
        out.append([str(f.card), f.side, f.name, *f.gems, *columns, *optional])
    return out


def obstacle_rows(deck: Deck) -> list[list[str]]:
    """The header and one row per obstacle face."""
    faces = deck.obstacle_faces()
    optional = [key for key in ("picture", "art") if any(_optional(f, key) for f in faces)]
    out = [["card", "side", "name", "color", "trait", *optional]]
    for f in faces:
        out.append([str(f.card), f.side, f.name, f.color, f.trait, *(_optional(f, key) for key in optional)])
    return out


def _optional(face: ObstacleFace, key: str) -> str:
    if key == "art":
        return face.art.name if face.art else ""
    return face.picture


def as_csv(rows: list[list[str]]) -> bytes:
    """Rows as the bytes of a CSV file; a cell that a spreadsheet would run
    as a formula (a name ``=1+1``) written after a single quote, which the
    reader takes away again (:func:`hi5pnp.textsafe.cell`)."""
    return (BOM + csv_text(rows)).encode("utf-8")


def export_csv(deck: Deck, target: Path) -> list[Path]:
    """Write ``deck`` into ``target`` (a new or empty folder) with its cards
    as CSV; the files written, in order. Raises :class:`OutputError` for a
    folder that holds anything, or one that cannot be written."""
    check_target(target)
    made = {
        AS_CSV["competitors.yaml"][0]: as_csv(competitor_rows(deck)),
        AS_CSV["obstacles.yaml"][0]: as_csv(obstacle_rows(deck)),
    }
    cards = {deck.sources.files.get(name, name) for name in AS_CSV}
    written: list[Path] = []
    try:
        for name in deck_files(deck):
            if name not in cards:  # game.yaml, score_sheets.yaml, pictures: as they are
                written.append(_write(target / name, (deck.path / name).read_bytes()))
        for name, data in made.items():
            written.append(_write(target / name, data))
        own = deck.path / TEMPLATES  # the deck's own templates draw the copy as they draw the deck
        if own.is_dir():  # the templates, their icons/ and fonts/ with them
            for file in sorted(own.rglob("*")):
                inside = file.relative_to(own)
                if file.is_file() and not file.is_symlink() and not any(part.startswith(".") for part in inside.parts):
                    written.append(_write(target / TEMPLATES / inside, file.read_bytes()))
    except OSError as exc:  # a file on the way, no right to write there, a full disk
        raise OutputError(f"{printable(shown_path(target))}: cannot write the deck here: {exc.strerror or exc}") from None
    return written


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, data)
    return path
