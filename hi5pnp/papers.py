"""The files of the kit for one paper size, made from what :mod:`hi5pnp.build`
prepared once for all of them. This is where the PDF libraries come in:
reportlab draws each part and pypdf assembles them into the kit.
"""

from __future__ import annotations

from pathlib import Path

from .alignment import alignment_file
from .assemble import Part, assemble_kit
from .build import BuildOptions, Shared
from .cardsheets import Placement, duplex_file, fold_file
from .errors import LayoutError
from .quickref import quickref_file
from .recordsheet import record_sheet_file
from .rulebook import rulebook_file
from .scorecards import scorecards_file
from .sheets import flip_words, sleeve_words
from .tokens import tokens_file


def paper_files(shared: Shared, options: BuildOptions, template_dir: Path, paper: str) -> tuple[list[tuple[str, bytes, list[Placement]]], list[str]]:
    """Every file of the kit for one paper size, the assembled kit last; and
    warnings for the user."""
    deck, edition = shared.deck, shared.edition
    title = f"{deck.title}: {deck.subtitle}" if deck.subtitle else deck.title
    card = options.card
    flip_side = flip_words(options.flip)
    warnings: list[str] = []
    cards = shared.cards
    made: list[tuple[str, bytes, list[Placement]]] = []

    def add(name: str, data: bytes, placed: list[Placement] | None = None) -> bytes:
        made.append((name, data, placed or []))
        return data

    rulebook = add(
        f"rulebook-{paper}.pdf",
        rulebook_file(deck, edition, paper, template_dir, f"{title} — rules", shared.example, shared.rulebook, shared.faces),
    )
    name = f"cards-duplex-{paper}.pdf"
    duplex = add(name, *duplex_file(cards, card, paper, name, options.flip, options.back_offset, f"{title} — cards (duplex)", shared.recorded))
    name = f"cards-fold-{paper}.pdf"
    try:
        fold = add(name, *fold_file(cards, card, paper, name, f"{title} — cards (fold and sleeve)", shared.recorded))
    except LayoutError as exc:
        if options.method == "fold":
            raise
        fold = None
        warnings.append(f"{name} not made: {exc}")
    alignment = add(f"duplex-alignment-{paper}.pdf", alignment_file(paper, options.flip, options.back_offset, f"{title} — duplex alignment test"))
    score = add(f"scorecards-{paper}.pdf", scorecards_file(shared.scorecards, paper, f"{title} — score cards"))
    tokens = add(f"tokens-{paper}.pdf", tokens_file(shared.tokens[paper], f"{title} — tokens"))
    record = add(f"record-sheet-{paper}.pdf", record_sheet_file(deck, edition, paper, f"{title} — game record sheet"))
    quickref = add(
        f"quickref-{paper}.pdf",
        quickref_file(deck, edition, card, paper, template_dir, f"{title} — quick reference", shared.quickref, options.flip),
    )
    kit_parts = [Part("Rulebook", rulebook, "one-sided (or double-sided, as you like)", False)]
    if options.method == "duplex":
        kit_parts += [
            Part("Duplex alignment test", alignment, f"double-sided, {flip_side}: check the ruler first", True),
            Part("Cards (duplex)", duplex, f"double-sided, {flip_side}; cut on the crop marks", True),
        ]
    else:
        kit_parts.append(Part("Cards (fold and sleeve)", fold, "one-sided; cut out each pair, fold, sleeve", False))
    kit_parts += [
        Part("Score cards", score, "one-sided", False),
        Part("Tokens", tokens, "one-sided; cut round the circles", False),
        Part("Game record sheet", record, "one-sided, as many as you need", False),
        Part("Quick reference", quickref, f"double-sided, {flip_side}", True),
    ]
    sleeves = sleeve_words(card.width, card.height)
    if options.method == "duplex":
        scale = "Check the scale first: the 100 mm ruler on the duplex alignment page must measure exactly 100 mm."
    else:
        scale = f"Check the scale first: a card on the card sheets must measure exactly {card.width:g} × {card.height:g} mm."
    notes = [
        f"Print at 100 % scale (\"actual size\"), never \"fit to page\": the cards are made to fit {sleeves} sleeves.",
        scale,
        f"Pages marked \"double-sided\" are fronts and backs of the same sheets: print them duplex, flipping on the {flip_side}.",
        "Print the other pages one-sided, not the whole file double-sided: tokens and score cards are cut out, so nothing may be on their backs.",
        "Each double-sided part starts on an odd page (a blank page is put before it when needed), so its fronts and backs share sheets.",
    ]
    add(f"kit-{paper}.pdf", assemble_kit(paper, kit_parts, f"{title} — print-and-play kit", notes))
    return made, warnings
