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
from .errors import OutputError
from .example import worked_example
from .faces import CardSpec, render_cards
from .parallel import run_jobs
from .quickref import quickref_file, quickref_markup
from .recordsheet import record_sheet_file
from .rulebook import example_faces, rulebook_file, rulebook_markup
from .scorecards import render_scorecards, scorecards_file
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
) -> list[tuple[str, bytes, list[Placement]]]:
    """Every file of the kit for one paper size, the assembled kit last."""
    title = f"{deck.title}: {deck.subtitle}" if deck.subtitle else deck.title
    card = options.card
    edition = options.edition or deck.edition
    flip_words = "long edge" if options.flip == "long" else "short edge"
    cards, scorecards = made_once["cards"], made_once["scorecards"]
    duplex_name, fold_name = f"cards-duplex-{paper}.pdf", f"cards-fold-{paper}.pdf"
    duplex, duplex_at = duplex_file(cards, card, paper, duplex_name, options.flip, options.back_offset, f"{title} — cards (duplex)")
    fold, fold_at = fold_file(cards, card, paper, fold_name, f"{title} — cards (fold and sleeve)")
    parts = {
        "rulebook": (
            f"rulebook-{paper}.pdf",
            rulebook_file(deck, edition, paper, template_dir, f"{title} — rules", made_once["example"], made_once["rulebook"], made_once["faces"]),
        ),
        "duplex": (duplex_name, duplex),
        "fold": (fold_name, fold),
        "alignment": (f"duplex-alignment-{paper}.pdf", alignment_file(paper, options.flip, options.back_offset, f"{title} — duplex alignment test")),
        "scorecards": (f"scorecards-{paper}.pdf", scorecards_file(scorecards, paper, f"{title} — score cards")),
        "tokens": (f"tokens-{paper}.pdf", tokens_file(render_tokens(deck, paper, template_dir), f"{title} — tokens")),
        "record": (f"record-sheet-{paper}.pdf", record_sheet_file(deck, edition, paper, f"{title} — game record sheet")),
        "quickref": (f"quickref-{paper}.pdf", quickref_file(deck, edition, card, paper, template_dir, f"{title} — quick reference", made_once["quickref"])),
    }
    kit_parts = [Part("Rulebook", parts["rulebook"][1], "one-sided (or double-sided, as you like)", False)]
    if options.method == "duplex":
        kit_parts += [
            Part("Duplex alignment test", parts["alignment"][1], f"double-sided, {flip_words}: check the ruler first", True),
            Part("Cards (duplex)", duplex, f"double-sided, {flip_words}; cut on the crop marks", True),
        ]
    else:
        kit_parts.append(Part("Cards (fold and sleeve)", fold, "one-sided; cut out each pair, fold, sleeve", False))
    kit_parts += [
        Part("Score cards", parts["scorecards"][1], "one-sided", False),
        Part("Tokens", parts["tokens"][1], "one-sided; cut round the circles", False),
        Part("Game record sheet", parts["record"][1], "one-sided, as many as you need", False),
        Part("Quick reference", parts["quickref"][1], "double-sided, long edge", True),
    ]
    kit = assemble_kit(paper, kit_parts, f"{title} — print-and-play kit", options.flip)
    placed = {duplex_name: duplex_at, fold_name: fold_at}
    made = [(name, data, placed.get(name, [])) for name, data in parts.values()]
    made.append((f"kit-{paper}.pdf", kit, []))
    return made


def make_kit(deck: Deck, options: BuildOptions, template_dir: Path = TEMPLATE_DIR) -> Kit:
    """Every file of the kit, in memory; the paper sizes are made in parallel."""
    edition = options.edition or deck.edition
    example = worked_example(deck, edition)
    # what both paper sizes share is made once, before the work is shared out
    made_once = {
        "cards": render_cards(deck, options.card, template_dir),
        "scorecards": render_scorecards(deck, template_dir),
        "example": example,
        "rulebook": rulebook_markup(deck, edition, template_dir, example),
        "faces": example_faces(deck, example, template_dir, options.card),
        "quickref": quickref_markup(deck, edition, template_dir),
    }
    jobs = [partial(_paper_files, deck, options, template_dir, paper, made_once) for paper in options.papers]
    files: dict[str, bytes] = {}
    placements: list[Placement] = []
    for made in run_jobs(jobs):
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
    return Kit(files, placements, manifest)


def write_atomically(files: dict[str, bytes], out_dir: Path) -> None:
    """Write every file or none: into a temporary folder beside them, then
    rename each into place."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".hi5pnp-build-", dir=out_dir))
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot write the kit here: {exc.strerror or exc}") from None
    try:
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        for name in files:
            os.replace(tmp / name, out_dir / name)
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
