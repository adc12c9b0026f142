"""``hi5pnp build``: the whole print-and-play kit from a deck, written atomically.

Everything is made in memory first; only when every file has been made are
they written, each through a temporary file renamed into place, so a failed
build leaves the previous kit untouched.

A build runs in two stages. :func:`prepare` loads the deck and makes what
every paper size shares (the layouts, each card face drawn once, the worked
example, the rulebook's text); it needs neither platypus nor pypdf, so
``hi5pnp build`` runs it in a worker while the main process loads them. Then
:mod:`hi5pnp.papers` makes each paper size's files, the sizes in parallel.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path

from . import PROJECT_ROOT, TEMPLATE_DIR
from .cardsheets import Placement, Recorded, record_faces
from .deck import Deck
from .deckload import load_deck
from .errors import OutputError
from .example import WorkedExample, worked_example
from .faces import CardSpec, RenderedCard, render_cards
from .layout import Layout
from .markup import example_faces, quickref_markup, rulebook_markup
from .parallel import run_jobs, start
from .scorecards import render_scorecards
from .tokens import render_tokens

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
    import pypdf
    import reportlab

    h.update(f"reportlab=={reportlab.Version}\0pypdf=={pypdf.__version__}\0".encode())
    h.update(json.dumps(options.describe(), sort_keys=True).encode())
    return h.hexdigest()


@dataclass
class Shared:
    """What every paper size's files are made from, made once: the deck, every
    rendered layout, the worked example and the text of the rulebook and
    quick reference. None of it needs the PDF libraries."""

    deck: Deck
    edition: int
    cards: list[RenderedCard]
    scorecards: list[Layout]
    tokens: dict[str, Layout]  # paper -> token sheet
    example: WorkedExample | None
    rulebook: ET.Element
    faces: tuple[Layout, ...]  # the rulebook's picture of two cards
    quickref: ET.Element
    recorded: Recorded  # every card face drawn once, replayed into each card sheet


def prepare(deck: Deck | str | Path | None, options: BuildOptions, template_dir: Path = TEMPLATE_DIR) -> Shared:
    """Load the deck (unless given one) and render everything the paper sizes share."""
    if not isinstance(deck, Deck):
        deck = load_deck(deck)
    edition = options.edition or deck.edition
    example = worked_example(deck, edition)
    cards = render_cards(deck, options.card, template_dir)
    return Shared(
        deck=deck,
        edition=edition,
        cards=cards,
        scorecards=render_scorecards(deck, template_dir),
        tokens={paper: render_tokens(deck, paper, template_dir) for paper in options.papers},
        example=example,
        rulebook=rulebook_markup(deck, edition, template_dir, example, options.card),
        faces=example_faces(deck, example, template_dir, options.card, cards),
        quickref=quickref_markup(deck, edition, template_dir),
        recorded=record_faces(cards, options.card.bleed),
    )


def make_kit(deck: Deck, options: BuildOptions, template_dir: Path = TEMPLATE_DIR) -> Kit:
    """Every file of the kit, in memory."""
    return kit_from(prepare(deck, options, template_dir), options, template_dir)


def kit_from(shared: Shared, options: BuildOptions, template_dir: Path = TEMPLATE_DIR) -> Kit:
    """Every file of the kit from what was prepared; the paper sizes are made in parallel."""
    from .papers import paper_files

    jobs = [partial(paper_files, shared, options, template_dir, paper) for paper in options.papers]
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
        "deck": shared.deck.title,
        "fingerprint": fingerprint(shared.deck, options, template_dir),
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


def build(
    deck_path: str | Path | None, out_dir: Path, options: BuildOptions, template_dir: Path = TEMPLATE_DIR, *, one_shot: bool = False
) -> Kit:
    """Build the kit into ``out_dir``. ``one_shot``: the process ends when the
    build does (``hi5pnp build``), so what it has imported can be left out of
    the garbage collector's sweeps, during the build and at exit (a tenth of
    the run); a long-lived caller must not freeze its objects for good."""
    # A worker reads the deck and renders every layout while this process
    # loads reportlab's page layout and pypdf, the slowest part of starting up.
    shared = start(partial(prepare, deck_path, options, template_dir))
    try:
        from . import papers  # noqa: F401
    finally:
        shared.wait()  # never leave the worker behind
    if one_shot:
        gc.freeze()
    kit = kit_from(shared.result(), options, template_dir)
    write_atomically(kit.files, out_dir)
    return kit


DEFAULT_OUT = PROJECT_ROOT / "output"
