"""``hi5pnp build``: the whole print-and-play kit from a deck, written atomically.

Everything is made in memory first; only when every file has been made are
they written, each through a temporary file renamed into place, so a failed
build leaves the previous kit untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path

import pypdf
import reportlab

from . import PROJECT_ROOT, TEMPLATE_DIR
from .alignment import alignment_file
from .assemble import Part, assemble_kit
from .cardsheets import Placement, duplex_file, fold_file
from .deck import Deck
from .deckload import load_deck
from .errors import LayoutError, OutputError
from .example import worked_example
from .faces import CardSpec, render_cards
from .parallel import run_jobs
from .quickref import quickref_file, quickref_markup
from .recordsheet import record_sheet_file
from .rulebook import example_faces, rulebook_file, rulebook_markup
from .scorecards import render_scorecards, scorecards_file
from .sheets import flip_words, sleeve_words
from .tokens import render_tokens, tokens_file

MANIFEST = "manifest.json"
PAPER_NAMES = ("a4", "letter")


@dataclass(frozen=True)
class BuildOptions:
    papers: tuple[str, ...] = PAPER_NAMES
    card: CardSpec = field(default_factory=CardSpec)
    card_size_name: str = "poker"
    flip: str = "long"  # duplex: turn the sheet over its "long" or "short" edge
    back_offset: tuple[float, float] = (0.0, 0.0)
    edition: int | None = None  # rules edition of the rulebook; None: the deck's
    method: str = "duplex"  # the cards in the assembled kit: "duplex" or "fold"

    def describe(self) -> dict:
        d = asdict(self)
        d["papers"] = list(self.papers)
        d["back_offset"] = list(self.back_offset)
        return d


@dataclass
class Kit:
    files: dict[str, bytes]
    placements: list[Placement]
    manifest: dict
    warnings: list[str] = field(default_factory=list)


#: Modules of the judge's tools alone: they cannot change the kit's bytes.
JUDGE_ONLY = {"batch.py", "bots.py", "checker.py", "deal.py", "gamelog.py", "judge_cli.py", "picture.py", "replay.py"}


def fingerprint(deck: Deck, options: BuildOptions, template_dir: Path) -> str:
    """A digest of everything the kit's bytes depend on: the deck, the templates,
    the code (the rules engine included: it plays the rulebook's example), the
    build options and the versions of the PDF libraries."""
    h = hashlib.sha256()
    h.update(deck.fingerprint.encode())
    for folder, pattern in ((template_dir, "*"), (Path(__file__).parent, "*.py")):
        for path in sorted(folder.glob(pattern)):
            if path.is_file() and path.name not in JUDGE_ONLY:
                h.update(path.name.encode() + b"\0" + path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    h.update(f"reportlab=={reportlab.Version}\0pypdf=={pypdf.__version__}\0".encode())
    h.update(json.dumps(options.describe(), sort_keys=True).encode())
    return h.hexdigest()


def _paper_files(
    deck: Deck, options: BuildOptions, template_dir: Path, paper: str, made_once: dict
) -> tuple[list[tuple[str, bytes, list[Placement]]], list[str]]:
    """Every file of the kit for one paper size, the assembled kit last; and
    warnings for the user."""
    title = f"{deck.title}: {deck.subtitle}" if deck.subtitle else deck.title
    card = options.card
    edition = options.edition or deck.edition
    flip_side = flip_words(options.flip)
    warnings: list[str] = []
    cards, scorecards = made_once["cards"], made_once["scorecards"]
    made: list[tuple[str, bytes, list[Placement]]] = []

    def add(name: str, data: bytes, placed: list[Placement] | None = None) -> bytes:
        made.append((name, data, placed or []))
        return data

    rulebook = add(
        f"rulebook-{paper}.pdf",
        rulebook_file(deck, edition, paper, template_dir, f"{title} — rules", made_once["example"], made_once["rulebook"], made_once["faces"]),
    )
    name = f"cards-duplex-{paper}.pdf"
    duplex = add(name, *duplex_file(cards, card, paper, name, options.flip, options.back_offset, f"{title} — cards (duplex)"))
    name = f"cards-fold-{paper}.pdf"
    try:
        fold = add(name, *fold_file(cards, card, paper, name, f"{title} — cards (fold and sleeve)"))
    except LayoutError as exc:
        if options.method == "fold":
            raise
        fold = None
        warnings.append(f"{name} not made: {exc}")
    alignment = add(f"duplex-alignment-{paper}.pdf", alignment_file(paper, options.flip, options.back_offset, f"{title} — duplex alignment test"))
    score = add(f"scorecards-{paper}.pdf", scorecards_file(scorecards, paper, f"{title} — score cards"))
    tokens = add(f"tokens-{paper}.pdf", tokens_file(render_tokens(deck, paper, template_dir), f"{title} — tokens"))
    record = add(f"record-sheet-{paper}.pdf", record_sheet_file(deck, edition, paper, f"{title} — game record sheet"))
    quickref = add(
        f"quickref-{paper}.pdf",
        quickref_file(deck, edition, card, paper, template_dir, f"{title} — quick reference", made_once["quickref"], options.flip),
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


def make_kit(deck: Deck, options: BuildOptions, template_dir: Path = TEMPLATE_DIR) -> Kit:
    """Every file of the kit, in memory; the paper sizes are made in parallel."""
    edition = options.edition or deck.edition
    example = worked_example(deck, edition)
    # what both paper sizes share is made once, before the work is shared out
    made_once = {
        "cards": render_cards(deck, options.card, template_dir),
        "scorecards": render_scorecards(deck, template_dir),
        "example": example,
        "rulebook": rulebook_markup(deck, edition, template_dir, example, options.card),
        "faces": example_faces(deck, example, template_dir, options.card),
        "quickref": quickref_markup(deck, edition, template_dir),
    }
    jobs = [partial(_paper_files, deck, options, template_dir, paper, made_once) for paper in options.papers]
    files: dict[str, bytes] = {}
    placements: list[Placement] = []
    warnings: list[str] = []
    for made, warned in run_jobs(jobs):
        warnings.extend(warned)
        for name, data, placed in made:
            files[name] = data
            placements.extend(placed)
    manifest = {
        "generator": "hi5pnp",
        "deck": deck.title,
        "fingerprint": fingerprint(deck, options, template_dir),
        "options": options.describe(),
        "units": "mm; x, y: lower-left corner of the card's trim box from the lower-left corner of the page",
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())},
        "cards": [p.row() for p in placements],
    }
    files[MANIFEST] = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()
    return Kit(files, placements, manifest, warnings)


def _previous_files(out_dir: Path) -> set[str]:
    """The kit files the last build wrote here (from its manifest)."""
    try:
        old = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        names = set(old.get("files", {}))
    except (OSError, ValueError, AttributeError):
        return set()
    return {n for n in names if isinstance(n, str) and "/" not in n and n.endswith(".pdf")}


def write_atomically(files: dict[str, bytes], out_dir: Path) -> None:
    """Make every file in a temporary folder beside the kit, then rename each
    into place (a rename replaces a file whole); files an earlier build made
    that this one does not are removed last."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".hi5pnp-build-", dir=out_dir))
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot write the kit here: {exc.strerror or exc}") from None
    try:
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        stale = _previous_files(out_dir) - set(files)
        for name in files:
            os.replace(tmp / name, out_dir / name)
        for name in stale:  # made by an earlier build with other options, e.g. both papers
            (out_dir / name).unlink(missing_ok=True)
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot write the kit here: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def build(deck_path: str | Path | None, out_dir: Path, options: BuildOptions, template_dir: Path = TEMPLATE_DIR) -> Kit:
    deck = load_deck(deck_path)
    kit = make_kit(deck, options, template_dir)
    write_atomically(kit.files, out_dir)
    return kit


DEFAULT_OUT = PROJECT_ROOT / "output"
