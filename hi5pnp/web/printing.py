"""The hobbyist's page: the kit's files with what each is and how to print
it, a build with the paper, card size, bleed, ink and method chosen in a
form (into the desk's own folder), and the files to download."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import OutputError
from ..kit.guide import MANIFEST, described, file_guide
from ..kit.options import HOME_BLEED, INKS, METHODS, MOST_BLEED, BuildOptions
from ..language import _, ngettext, spoken
from ..render.cardsize import CARD_SIZES, CardSize
from ..render.paper import PAPER_NAMES
from .desk import Desk
from .guard import decimal

KIT = "kit"  # the kit's folder inside the desk's own folder


def kit_folder(desk: Desk) -> Path:
    return desk.out / KIT


def kit_files(desk: Desk) -> dict[str, Any]:
    """The files of the kit last built here (none yet: empty), with what each is and how to print it, and the options it was built with."""
    try:
        manifest = json.loads((kit_folder(desk) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"files": [], "options": {}}
    options = manifest.get("options", {})
    built = BuildOptions(flip=options.get("flip", "long"))  # what the guide's words depend on
    files = []
    for name in [*manifest.get("files", {}), MANIFEST]:
        path = kit_folder(desk) / name
        if path.is_file():
            what, how = described(name, built)
            files.append({"name": name, "what": what, "how": how, "kib": max(1, path.stat().st_size // 1024)})
    return {"files": files, "options": options}


def guide() -> list[tuple[str, str, str]]:
    """The files a kit built with the defaults holds: the start of each name, what it is, how to print it."""
    return [(start, what, how) for start, (what, how) in file_guide(BuildOptions()).items()]


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
    from ..kit import build_kit

    paper = form.get("paper", "both")
    papers = tuple(PAPER_NAMES) if paper == "both" else (paper,)
    bleed = decimal(form.get("bleed"), _("bleed (millimetres, 0 to %(most)s)") % {"most": f"{MOST_BLEED:g}"})
    bleed = HOME_BLEED if bleed is None else bleed
    card = CardSize.parse(form.get("card", "poker"))
    options = BuildOptions(  # the bleed given is the print-shop file's too, as build --bleed makes it
        papers=papers,  # type: ignore[arg-type]  # every value the form gives is checked by BuildOptions: a bad one is an OptionError
        card=card,
        bleed=bleed,
        shop_bleed=bleed,
        ink=form.get("ink", "normal"),  # type: ignore[arg-type]
        method=form.get("method", "duplex"),  # type: ignore[arg-type]
        lang=spoken().lang,  # the page's: a deck without texts in it keeps its own words on its cards
    )
    try:
        desk.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{desk.out}: cannot be made: {exc.strerror or exc}") from None
    with desk.render_lock:
        kit = build_kit(desk.deck, kit_folder(desk), options, desk.templates)
    return ngettext("built %(num)d file", "built %(num)d files", len(kit.files)) % {"num": len(kit.files)}


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
