"""What each file of a kit is and how to print it, said once: the kit's
parts table and printing notes take their "how" from here, and so does the
web desk's print page. Light to import (no PDF stack)."""

from __future__ import annotations

from ..language import _
from .options import BuildOptions
from .sheets.imposition import flip_words

MANIFEST = "manifest.json"


def file_guide(options: BuildOptions) -> dict[str, tuple[str, str]]:
    """By the start of a file's name (the longest first): what the file of a
    kit built with ``options`` is, and how to print it."""
    said = {"flip": flip_words(options.flip)}
    return {
        "kit-one-sided-": (_("The parts printed on one side: rulebook, score cards, tokens, record sheet"), _("one-sided, at 100 % (actual size)")),
        "kit-double-sided-": (
            _("The parts printed on both sides: alignment test, cards, quick reference"),
            _("double-sided, %(flip)s, at 100 %% (actual size)") % said,
        ),
        "kit-": (_("The whole kit in printing order, the printing notes first"), _("at 100 %; its notes page says which pages go double-sided")),
        "rulebook-": (_("The rulebook"), _("one-sided")),
        "duplex-alignment-": (_("The duplex alignment test, with a 100 mm ruler"), _("double-sided, %(flip)s: check the ruler first") % said),
        "cards-duplex-": (_("Every card, fronts on odd pages and backs on even pages"), _("double-sided, %(flip)s; cut on the crop marks") % said),
        "cards-fold-": (_("Every card as a fold-and-sleeve pair"), _("one-sided; cut out each pair, fold, sleeve")),
        "cards-cut-silhouette-": (
            _("Every card with Silhouette Studio's registration marks (build --cut silhouette): fronts with the marks, backs behind them"),
            _("double-sided, %(flip)s, at 100 %%; then cut, front up, along cut-silhouette-*.dxf") % said,
        ),
        "cut-silhouette-": (_("Every card's cut line on a Silhouette sheet: DXF (any Silhouette Studio) and SVG"), _("not for printing: open it in Studio")),
        "cut-cricut-fronts-": (_("A Print Then Cut picture of card fronts for Cricut Design Space"), _("upload to Design Space as a Print Then Cut image")),
        "cut-cricut-backs-": (_("The same cards' backs, in the same places"), _("upload and cut as the fronts; sleeve each front with its back")),
        "cut-cricut": (_("The cut line of every card on the Cricut pictures, in their coordinates (SVG)"), _("not for printing: for checking the cut lines")),
        "cards-print-shop": (_("Every face on a page of its own, with bleed"), _("for a print shop or card service, not a home printer")),
        "scorecards-": (_("A score card per seat"), _("one-sided")),
        "tokens-": (_("Chits, the competitors' tokens and the first-player token"), _("one-sided; cut round the circles")),
        "record-sheet-": (_("A sheet to write a game down for the judge"), _("one-sided, as many as you need")),
        "quickref-": (_("Two quick-reference cards"), _("double-sided, %(flip)s") % said),
        MANIFEST: (_("Where every card face is, and what built the kit"), _("not for printing")),
    }


def described(name: str, options: BuildOptions) -> tuple[str, str]:
    """What the kit file ``name`` is and how to print it (empty for a name no kit has)."""
    return next((said for start, said in file_guide(options).items() if name.startswith(start)), ("", ""))
