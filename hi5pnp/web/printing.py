"""The hobbyist's page: the kit's files with what each is and how to print
it, a build with the paper, card size, bleed, ink and method chosen in a
form (into the desk's own folder), and the files to download."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import OptionError, OutputError
from ..kit.options import HOME_BLEED, INKS, METHODS, MOST_BLEED
from ..render.cardsize import CARD_SIZES, CardSize
from ..render.paper import PAPER_NAMES
from .desk import Desk

#: What each file of the kit is, and how to print it, by the start of its name (docs/kit.md).
GUIDE = (
    ("kit-one-sided-", "The parts printed on one side: rulebook, score cards, tokens, record sheet", "One-sided, at 100 % (actual size)"),
    ("kit-double-sided-", "The parts printed on both sides: alignment test, cards, quick reference", "Double-sided, long edge, at 100 % (actual size)"),
    ("kit-", "The whole kit in printing order, the printing notes first", "At 100 %; the notes page says which pages go double-sided (or print the two above)"),
    ("rulebook-", "The rulebook", "One-sided, or double-sided as you like"),
    ("duplex-alignment-", "The duplex alignment test, with a 100 mm ruler", "Double-sided first: measure the ruler, read the back offset"),
    ("cards-duplex-", "Every card, fronts on odd pages and backs on even pages", "Double-sided, flipping on the long edge; cut on the crop marks"),
    ("cards-fold-", "Every card as a fold-and-sleeve pair", "One-sided; cut out each pair, fold it, sleeve it"),
    ("cards-print-shop", "Every face on a page of its own, with bleed, for a print shop", "Send it to the shop; do not print it at home"),
    ("scorecards-", "A score card per seat", "One-sided"),
    ("tokens-", "Chits, the competitors' tokens and the first-player token", "One-sided; cut round the circles"),
    ("record-sheet-", "A sheet to write a game down for the judge", "One-sided, as many as you need"),
    ("quickref-", "Two quick-reference cards", "Double-sided, flipping on the long edge"),
    ("manifest", "Where every card face is, and what built the kit", "Not for printing"),
)
KIT = "kit"  # the kit's folder inside the desk's own folder


def kit_folder(desk: Desk) -> Path:
    return desk.out / KIT


def described(name: str) -> tuple[str, str]:
    """What a kit file is and how to print it."""
    return next(((what, how) for start, what, how in GUIDE if name.startswith(start)), ("", ""))


def kit_files(desk: Desk) -> dict[str, Any]:
    """The files of the kit last built here (none yet: empty), with what each is and how to print it, and the options it was built with."""
    try:
        manifest = json.loads((kit_folder(desk) / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"files": [], "options": {}}
    files = []
    for name in [*manifest.get("files", {}), "manifest.json"]:
        path = kit_folder(desk) / name
        if path.is_file():
            what, how = described(name)
            files.append({"name": name, "what": what, "how": how, "kib": max(1, path.stat().st_size // 1024)})
    return {"files": files, "options": manifest.get("options", {})}


def choices() -> dict[str, Any]:
    """The form's choices."""
    return {
        "papers": [*PAPER_NAMES, "both"],
        "cards": list(CARD_SIZES),
        "inks": list(INKS),
        "methods": list(METHODS),
        "most_bleed": MOST_BLEED,
        "bleed": HOME_BLEED,
    }


def build(desk: Desk, form: dict[str, str]) -> str:
    """Build the kit with the form's options into the desk's kit folder;
    what was written, or raises :class:`Hi5Error` saying what is wrong."""
    from ..kit import BuildOptions, build_kit

    paper = form.get("paper", "both")
    papers = tuple(PAPER_NAMES) if paper == "both" else (paper,)
    try:
        given = form.get("bleed", "").strip()
        bleed = float(given) if given else HOME_BLEED
    except ValueError:
        raise OptionError(f"bleed: '{form.get('bleed')}' is not a number of millimetres (0 to {MOST_BLEED:g})") from None
    card = CardSize.parse(form.get("card", "poker"))
    options = BuildOptions(  # the bleed given is the print-shop file's too, as build --bleed makes it
        papers=papers, card=card, bleed=bleed, shop_bleed=bleed, ink=form.get("ink", "normal"), method=form.get("method", "duplex"),  # type: ignore[arg-type]
    )  # fmt: skip
    try:
        desk.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{desk.out}: cannot be made: {exc.strerror or exc}") from None
    with desk.render_lock:
        kit = build_kit(desk.deck, kit_folder(desk), options, desk.templates)
    return f"built {len(kit.files)} files"


def chosen(form: dict[str, Any]) -> dict[str, Any]:
    """A form's choices in the shape a manifest's options have, to fill the form again."""
    paper = str(form.get("paper", "both"))
    return {
        "papers": list(PAPER_NAMES) if paper == "both" else [paper],
        "card_size": {"name": str(form.get("card", "poker"))},
        "bleed": str(form.get("bleed", "")),
        "ink": str(form.get("ink", "normal")),
        "method": str(form.get("method", "duplex")),
    }


def file_path(desk: Desk, name: str) -> Path | None:
    """A file of the kit last built here, by name; None for any other name."""
    listed = {f["name"] for f in kit_files(desk)["files"]}
    return kit_folder(desk) / name if name in listed else None


