"""The printing notes on the first page of each assembled kit: how to
print it (at actual size; which pages double-sided, flipped on which edge),
how to check the scale and how to cut; in the language spoken."""

from __future__ import annotations

from ..language import _
from .options import BuildOptions
from .sheets.imposition import flip_words


def split_notes(options: BuildOptions, paper: str, duplex: bool) -> list[str]:
    """The printing notes of the one-sided or the double-sided file."""
    said = {"flip": flip_words(options.flip), "one_sided": f"kit-one-sided-{paper}.pdf", "double_sided": f"kit-double-sided-{paper}.pdf"}
    if duplex:
        return (
            [
                _(
                    'Print every page of this file double-sided, flipping on the %(flip)s, at 100 %% ("actual size"): '
                    "the file asks the print dialog for both, so check that it kept them."
                )
                % said,
                _("Print the duplex alignment test first (its ruler must measure 100 mm) and, if the backs are off, rebuild with --back-offset."),
                _("Parts start on the front of a sheet: the page after these notes is blank on purpose."),
                _('Some card sheets may be landscape: let the printer turn pages to fit the paper ("auto-rotate"), still at 100 %.'),
                _("The one-sided parts are in %(one_sided)s.") % said,
            ]
            if options.method == "duplex"
            else [
                _('Print every page of this file double-sided, flipping on the %(flip)s, at 100 %% ("actual size").') % said,
                _("The one-sided parts are in %(one_sided)s.") % said,
            ]
        )
    elsewhere = (
        _("The double-sided parts (the cards and the alignment test, the quick reference) are in %(double_sided)s.")
        if options.method == "duplex"
        else _("The double-sided parts (the cards, the quick reference) are in %(double_sided)s.")
    )
    return [
        _(
            'Print every page of this file one-sided, at 100 %% ("actual size"): the file asks the print dialog for both. '
            "Tokens and score cards are cut out, so nothing may be on their backs."
        )
        % said,
        elsewhere % said,
    ]


def _aids(options: BuildOptions) -> str:
    """The cutting aids a kit was built without, offered in its notes."""
    offered = [] if options.gap is not None else [_("--gap for more room between cards")]
    offered += [] if options.guides else [_("--guides for lines to lay a cutter's straightedge on")]
    if not offered:
        return _(" (the guide lines across the sheet are for a cutter's straightedge)")
    return _(" (build with %(options)s)") % {"options": ", ".join(offered)}


def kit_notes(options: BuildOptions, paper: str) -> list[str]:
    """The printing notes on the kit's first page."""
    card = options.card
    said = {
        "flip": flip_words(options.flip),
        "one_sided": f"kit-one-sided-{paper}.pdf",
        "double_sided": f"kit-double-sided-{paper}.pdf",
        "size": f"{card.width:g} × {card.height:g}",
        "sleeves": card.sleeve_words(),
        "bleed": f"{options.bleed:g}",
    }
    if options.method == "duplex":
        scale = _("Check the scale first: the 100 mm ruler on the duplex alignment page must measure exactly 100 mm.")
    else:
        scale = _("Check the scale first: a card on the card sheets must measure exactly %(size)s mm.") % said
    cut = _(
        "Cut on the crop marks: each card's colour runs %(bleed)s mm past its cut, so a cut a little off still shows the card, not white paper%(aids)s."
    ) % {**said, "aids": _aids(options)}
    return [
        _('Print at 100 %% scale ("actual size"), never "fit to page": the cards are made to fit %(sleeves)s sleeves.') % said,
        scale,
        _('Pages marked "double-sided" are fronts and backs of the same sheets: print them duplex, flipping on the %(flip)s.') % said,
        _("Print the other pages one-sided, not the whole file double-sided: tokens and score cards are cut out, so nothing may be on their backs."),
        _("Or print the same parts from two files, each all one way: %(one_sided)s one-sided, %(double_sided)s double-sided; each tells the print dialog how.")
        % said,
        _("Each double-sided part starts on an odd page (a blank page is put before it when needed), so its fronts and backs share sheets."),
        *([cut] if options.bleed > 0 else []),
        _(
            "Some sheets are landscape (the fold-and-sleeve cards, and the duplex cards where that saves sheets or gives room for crop marks): "
            'let the printer turn pages to fit the paper ("auto-rotate"), still at 100 %.'
        ),
    ]
