"""What each file of a kit is and how to print it, said once: the kit's
parts table and printing notes take their "how" from here, and so does the
web desk's print page. Light to import (no PDF stack)."""

from __future__ import annotations

from .imposition import flip_words
from .options import BuildOptions

MANIFEST = "manifest.json"


def file_guide(options: BuildOptions) -> dict[str, tuple[str, str]]:
    """By the start of a file's name (the longest first): what the file of a
    kit built with ``options`` is, and how to print it."""
    flip = flip_words(options.flip)
    return {
        "kit-one-sided-": ("The parts printed on one side: rulebook, score cards, tokens, record sheet", "one-sided, at 100 % (actual size)"),
        "kit-double-sided-": ("The parts printed on both sides: alignment test, cards, quick reference", f"double-sided, {flip}, at 100 % (actual size)"),
        "kit-": ("The whole kit in printing order, the printing notes first", "at 100 %; its notes page says which pages go double-sided"),
        "rulebook-": ("The rulebook", "one-sided"),
        "duplex-alignment-": ("The duplex alignment test, with a 100 mm ruler", f"double-sided, {flip}: check the ruler first"),
        "cards-duplex-": ("Every card, fronts on odd pages and backs on even pages", f"double-sided, {flip}; cut on the crop marks"),
        "cards-fold-": ("Every card as a fold-and-sleeve pair", "one-sided; cut out each pair, fold, sleeve"),
        "cards-cut-silhouette-": (
            "Every card with Silhouette Studio's registration marks (build --cut silhouette): fronts with the marks, backs behind them",
            f"double-sided, {flip}, at 100 %; then cut, front up, along cut-silhouette-*.dxf",
        ),
        "cut-silhouette-": ("Every card's cut line on a Silhouette sheet: DXF (any Silhouette Studio) and SVG", "not for printing: open it in Studio"),
        "cut-cricut-fronts-": ("A Print Then Cut picture of card fronts for Cricut Design Space", "upload to Design Space as a Print Then Cut image"),
        "cut-cricut-backs-": ("The same cards' backs, in the same places", "upload and cut as the fronts; sleeve each front with its back"),
        "cut-cricut": ("The cut line of every card on the Cricut pictures, in their coordinates (SVG)", "not for printing: for checking the cut lines"),
        "cards-print-shop": ("Every face on a page of its own, with bleed", "for a print shop or card service, not a home printer"),
        "scorecards-": ("A score card per seat", "one-sided"),
        "tokens-": ("Chits, the competitors' tokens and the first-player token", "one-sided; cut round the circles"),
        "record-sheet-": ("A sheet to write a game down for the judge", "one-sided, as many as you need"),
        "quickref-": ("Two quick-reference cards", f"double-sided, {flip}"),
        MANIFEST: ("Where every card face is, and what built the kit", "not for printing"),
    }


def described(name: str, options: BuildOptions) -> tuple[str, str]:
    """What the kit file ``name`` is and how to print it (empty for a name no kit has)."""
    return next((said for start, said in file_guide(options).items() if name.startswith(start)), ("", ""))
