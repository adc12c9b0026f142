"""The whole print-and-play kit from a deck: every file made in memory, for
each paper size, then written into a folder by :mod:`.output`.

    kit = make_kit(load_deck(), BuildOptions(papers=("a4",)))
    kit.files["rulebook-a4.pdf"]            # bytes

What the paper sizes share (the rendered cards, the rulebook's text, the worked
example) is made once; each paper size's files are then made apart from the
others, in a worker process of :mod:`concurrent.futures` when the machine has
a core for it (docs/kit.md, "Speed"). The bytes are the same either way.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import xml.etree.ElementTree as ET
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import jinja2
import pypdf
import reportlab
import yaml

from ..deck import Deck
from ..deck.translations import in_language, lacks_language, translation_file
from ..errors import LayoutError
from ..language import SOURCE, _, catalogue, speaking
from ..machine import end_with_parent, worker_count
from ..render.coverage import brings_fonts, check_language
from ..render.faces import RenderedCard, render_cards
from ..render.layout import Layout
from ..render.pdf import reproducible
from ..render.pictures import decode_all
from ..render.template import Templates
from ..version import __version__
from .assemble import Part, assemble_kit
from .cut.sheets import cricut_files, silhouette_files
from .exports.printshop import NAME as PRINT_SHOP
from .exports.printshop import print_shop_file
from .exports.services import SERVICES
from .guide import MANIFEST, file_guide
from .manual.example import WorkedExample, worked_example
from .manual.markup import example_faces, quickref_markup, rulebook_markup
from .manual.quickref import quickref_file
from .manual.rulebook import rulebook_file
from .notes import kit_notes, split_notes
from .options import BuildOptions
from .sheets.alignment import alignment_file
from .sheets.cardsheets import Placement, duplex_file, duplex_grid, fold_file
from .sheets.imposition import flip_words
from .sheets.recordsheet import record_sheet_file
from .sheets.scorecards import render_scorecards, scorecards_file
from .sheets.tokens import render_tokens, tokens_file
from .templatechoice import choose_templates


def library_versions() -> dict[str, str]:
    """hi5pnp's version and those of the libraries that shape the kit's bytes."""
    return {"hi5pnp": __version__, "reportlab": reportlab.Version, "pypdf": pypdf.__version__, "jinja2": jinja2.__version__, "pyyaml": yaml.__version__}


@dataclass
class Kit:
    files: dict[str, bytes]  # file name -> bytes, the manifest last
    placements: list[Placement]
    manifest: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Contents:
    """What every paper size is made from, made once for all of them."""

    deck: Deck
    edition: int
    cards: list[RenderedCard]
    scorecards: list[Layout]
    example: WorkedExample | None
    rulebook: ET.Element
    faces: tuple[Layout, Layout]  # the rulebook's picture of a competitor and an obstacle
    quickref: ET.Element


def fingerprint(deck: Deck, options: BuildOptions, templates: Templates) -> str:
    """A digest of every input of the kit's bytes: the deck's files, the
    templates, the options, and the versions of hi5pnp and the libraries
    that render (:func:`library_versions`)."""
    h = hashlib.sha256()
    h.update(deck.fingerprint.encode() + b"\0" + templates.fingerprint().encode() + b"\0")
    h.update(json.dumps(options.describe(), sort_keys=True).encode() + b"\0")
    h.update(json.dumps(library_versions(), sort_keys=True).encode())
    if options.lang != SOURCE:  # the catalogue its words come from (English needs none, so its kits' fingerprints are as before)
        path = catalogue(options.lang).path
        h.update(b"\0" + (path.read_bytes() if path else b""))
        own = translation_file(deck.path, options.lang)  # and the deck's own texts in it
        h.update(b"\0" + (own.read_bytes() if own else b""))
    return h.hexdigest()


def make_kit(deck: Deck, options: BuildOptions = BuildOptions(), templates: Templates | None = None, *, jobs: int | None = None) -> Kit:
    """Every file of the kit, in memory (the bundled templates unless given
    others: the deck's own ``templates/`` folder when it has one, else the
    bundled ones). ``jobs``: processes for the paper sizes (default: one per paper
    size, as far as the processors this process may use go; 1: this one alone).
    Every word printed is in ``options.lang``; a message its catalogue lacks
    is printed in English, and the kit's warnings say how many it lacks."""
    with speaking(options.lang) as spoken:
        kit = _make_kit(in_language(deck, options.lang), options, templates, jobs)
    own_words = lacks_language(deck, options.lang)
    if own_words is not None:
        kit.warnings.insert(0, str(own_words))
    if spoken.warning():
        kit.warnings.insert(0, str(spoken.warning()))
    return kit


def _make_kit(deck: Deck, options: BuildOptions, templates: Templates | None, jobs: int | None) -> Kit:
    templates = templates or choose_templates(deck.path).templates()
    check_language(deck, options.lang, deck_texts=not brings_fonts(templates))  # a word the font cannot draw, before any page
    decode_all([f.art for f in deck.competitor_faces()] + [f.art for f in deck.obstacle_faces()])  # before the paper sizes' processes fork
    if options.only == "cards":
        return _cards_only(deck, options, templates)
    edition = options.edition or deck.edition
    example = worked_example(deck, edition)
    # laid out once with the larger bleed: the card sheets and the print-shop file each clip to their own
    cards = render_cards(deck, templates, options.card, max(options.bleed, options.shop_bleed), options.ink)
    contents = Contents(
        deck=deck,
        edition=edition,
        cards=cards,
        scorecards=render_scorecards(deck, templates, options.ink),
        example=example,
        rulebook=rulebook_markup(deck, edition, templates, example, options.card),
        faces=example_faces(deck, example, cards),
        quickref=quickref_markup(deck, edition, templates),
    )
    files: dict[str, bytes] = {}
    placements: list[Placement] = []
    warnings: list[str] = []
    with reproducible():
        made_per_paper = _each_paper(contents, options, templates, jobs)
    for made, warned in made_per_paper:
        warnings += warned
        for name, data, placed in made:
            files[name] = data
            placements.extend(placed)
    return _with_manifest(deck, options, templates, files, placements, warnings)


def _with_manifest(deck: Deck, options: BuildOptions, templates: Templates, files: dict[str, bytes], placements: list[Placement], warnings: list[str]) -> Kit:
    """The kit of ``files``, with its manifest added last."""
    manifest = {
        "generator": "hi5pnp",
        "deck": deck.title,
        "fingerprint": fingerprint(deck, options, templates),
        "versions": library_versions(),
        "options": options.describe(),
        "units": "mm; x, y: lower-left corner of the card's trim box from the lower-left corner of the page",
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())},
        "cards": [p.row() for p in placements],
    }
    files[MANIFEST] = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()
    return Kit(files, placements, manifest, warnings)


def _cards_only(deck: Deck, options: BuildOptions, templates: Templates) -> Kit:
    """The card sheets alone (``only="cards"``): those of the kit's method
    (duplex, or fold and sleeve) for each paper size, as the whole kit has
    them, byte for byte."""
    cards = render_cards(deck, templates, options.card, max(options.bleed, options.shop_bleed), options.ink)  # as the whole kit lays them out
    title = deck.full_title
    said = {"title": title}
    files: dict[str, bytes] = {}
    placements: list[Placement] = []
    warnings: list[str] = []
    with reproducible():
        for paper in options.papers:
            name = f"cards-{options.method}-{paper}.pdf"
            if options.method == "duplex":
                data, placed = duplex_file(
                    cards,
                    options.card,
                    options.bleed,
                    paper,
                    name,
                    options.flip,
                    options.back_offset,
                    _("%(title)s — cards (duplex)") % said,
                    options.gap,
                    options.guides,
                )
            else:
                data, placed = fold_file(
                    cards, options.card, options.bleed, paper, name, _("%(title)s — cards (fold and sleeve)") % said, options.gap, options.guides
                )
            files[name] = data
            placements.extend(placed)
            for name, data, placed in _cut_files(cards, options, paper, title):
                files[name] = data
                placements.extend(placed)
    return _with_manifest(deck, options, templates, files, placements, warnings)


def _cut_files(cards: list[RenderedCard], options: BuildOptions, paper: str, title: str) -> list[tuple[str, bytes, list[Placement]]]:
    """The print-then-cut files of one paper size (``options.cut``): the
    Silhouette sheets for each paper size; the Cricut pictures, which are
    the same on any paper, with the first."""
    gap = 2 * options.bleed if options.gap is None else options.gap
    if options.cut == "silhouette":
        return silhouette_files(cards, options.card, options.bleed, gap, paper, options.flip, options.back_offset, options.corner_radius, title)
    if options.cut == "cricut" and paper == options.papers[0]:
        return cricut_files(cards, options.card, options.corner_radius, title)
    return []


PaperFiles = tuple[list[tuple[str, bytes, list[Placement]]], list[str]]  # (name, bytes, placements) of each file; warnings


_shared: tuple[Contents, BuildOptions, Templates] | None = None  # a worker's, from its parent


def _receive(contents: Contents, options: BuildOptions, templates: Templates) -> None:
    global _shared
    _shared = (contents, options, templates)
    end_with_parent()


def _paper_in_worker(paper: str) -> PaperFiles:
    assert _shared is not None
    with speaking(_shared[1].lang):  # the parent's language, said again: a worker runs in a context of its own
        return _paper_files(*_shared, paper)


def _each_paper(contents: Contents, options: BuildOptions, templates: Templates, jobs: int | None) -> list[PaperFiles]:
    """Each paper size's files, in the order of ``options.papers``: the first
    made here, the others in worker processes when there are cores for them.
    Workers are forked, so they start with what this process has made (only
    their files come back through a pipe)."""
    papers = options.papers
    workers = worker_count(jobs, len(papers)) - 1
    if workers < 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [_paper_files(contents, options, templates, paper) for paper in papers]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_receive, initargs=(contents, options, templates)) as pool:
        later = [pool.submit(_paper_in_worker, paper) for paper in papers[1:]]
        first = _paper_files(contents, options, templates, papers[0])
        return [first, *(f.result() for f in later)]


def _paper_files(contents: Contents, options: BuildOptions, templates: Templates, paper: str) -> PaperFiles:
    """Every file of the kit for one paper size, the assembled kit last; and
    warnings for the user."""
    deck, card, bleed, flip = contents.deck, options.card, options.bleed, options.flip
    warnings: list[str] = []
    title = deck.full_title
    said = {"title": title}  # each file's title, in the language spoken
    flip_side = flip_words(flip)
    icons = {**templates.icons(), **deck.icons}  # what the rulebook's and the quick reference's pictures draw by name
    made: list[tuple[str, bytes, list[Placement]]] = []

    def add(name: str, data: bytes, placed: list[Placement] | None = None) -> bytes:
        made.append((name, data, placed or []))
        return data

    rulebook = add(
        f"rulebook-{paper}.pdf",
        rulebook_file(
            deck,
            contents.edition,
            paper,
            _("%(title)s — rules") % said,
            contents.rulebook,
            templates.shown("rulebook.xml.j2"),
            contents.example,
            contents.faces,
            icons,
        ),
    )
    name = f"cards-duplex-{paper}.pdf"
    gap, guides = options.gap, options.guides
    duplex = add(name, *duplex_file(contents.cards, card, bleed, paper, name, flip, options.back_offset, _("%(title)s — cards (duplex)") % said, gap, guides))
    name = f"cards-fold-{paper}.pdf"
    fold = b""
    try:
        fold = add(name, *fold_file(contents.cards, card, bleed, paper, name, _("%(title)s — cards (fold and sleeve)") % said, gap, guides))
    except LayoutError as exc:
        if options.method == "fold":
            raise
        warnings.append(f"{name} not made: {exc}")
    sheet = duplex_grid(paper, card, bleed, len(contents.cards), options.gap).paper
    alignment = add(
        f"duplex-alignment-{paper}.pdf",
        alignment_file(paper, flip, options.back_offset, _("%(title)s — duplex alignment test") % said, sheet.width > sheet.height),
    )
    score = add(f"scorecards-{paper}.pdf", scorecards_file(contents.scorecards, paper, _("%(title)s — score cards") % said))
    tokens = add(f"tokens-{paper}.pdf", tokens_file(render_tokens(deck, paper, templates, options.ink), _("%(title)s — tokens") % said))
    record = add(f"record-sheet-{paper}.pdf", record_sheet_file(deck, contents.edition, paper, _("%(title)s — game record sheet") % said))
    quickref = add(
        f"quickref-{paper}.pdf",
        quickref_file(deck, card, paper, _("%(title)s — quick reference") % said, contents.quickref, templates.shown("quickref.xml.j2"), flip, icons),
    )
    if paper == options.papers[0]:  # the same on any paper: made once
        service = SERVICES[options.service] if options.service else None
        shop_title = _("%(title)s — cards for %(service)s") % {**said, "service": service.title if service else _("a print shop")}
        backs_first = bool(service and service.backs_first)
        if service and service.wants_cmyk:
            warnings.append(
                f"{PRINT_SHOP} is RGB (sRGB, no output intent); {service.title} asks for CMYK PDF/X-1a: "
                "convert it with a colour-managed tool before sending, or expect the service's conversion to shift colours"
            )
        add(PRINT_SHOP, print_shop_file(deck, templates, card, shop_title, options.ink, options.shop_bleed, backs_first, contents.cards))
    for name, data, placed in _cut_files(contents.cards, options, paper, title):
        add(name, data, placed)
    how = {start: said[1] for start, said in file_guide(options).items()}
    parts = [Part(_("Rulebook"), rulebook, how["rulebook-"], False)]
    if options.method == "duplex":
        parts += [
            Part(_("Duplex alignment test"), alignment, how["duplex-alignment-"], True),
            Part(_("Cards (duplex)"), duplex, how["cards-duplex-"], True),
        ]
    else:
        parts.append(Part(_("Cards (fold and sleeve)"), fold, how["cards-fold-"], False))
    parts += [
        Part(_("Score cards"), score, how["scorecards-"], False),
        Part(_("Tokens"), tokens, how["tokens-"], False),
        Part(_("Game record sheet"), record, how["record-sheet-"], False),
        Part(_("Quick reference"), quickref, how["quickref-"], True),
    ]
    add(f"kit-{paper}.pdf", assemble_kit(paper, parts, _("%(title)s — print-and-play kit") % said, kit_notes(options, paper)))
    # the same parts in two files, each printed all one way: the print dialog is told which
    one_sided = [p for p in parts if not p.duplex]
    two_sided = [p for p in parts if p.duplex]
    add(
        f"kit-one-sided-{paper}.pdf",
        assemble_kit(
            paper, one_sided, _("%(title)s — kit, one-sided parts") % said, split_notes(options, paper, False), _("Print this whole file one-sided"), "none"
        ),
    )
    if two_sided:
        add(
            f"kit-double-sided-{paper}.pdf",
            assemble_kit(
                paper,
                two_sided,
                _("%(title)s — kit, double-sided parts") % said,
                split_notes(options, paper, True),
                _("Print this whole file double-sided, flipping on the %(flip)s") % {"flip": flip_side},
                options.flip,
            ),
        )
    return made, warnings
