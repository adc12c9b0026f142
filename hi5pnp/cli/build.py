"""``hi5pnp build``: the kit (the PDF stack is imported only when it runs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import click

from ..deck import EDITION_NUMBERS, Deck
from ..errors import shown_path
from ..kit.exports.services import SERVICE_NAMES
from ..kit.options import DEFAULT_RADIUS, FLIPS, HOME_BLEED, INKS, MACHINES, METHODS, MOST_BLEED, MOST_GAP, MOST_OFFSET, ONLY, Flip, Ink, Method, Only
from ..render.paper import PAPER_NAMES, PaperName
from .base import DECK_HELP, DECK_TYPE, TEMPLATES_HELP, TEMPLATES_TYPE, Command


class CardSizeType(click.ParamType):  # type: ignore[type-arg]  # click 8.1, which pyproject allows, has no ParamType[T]
    name = "NAME|WxH"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..render.cardsize import CardSize

        if isinstance(value, CardSize):
            return value
        try:
            return CardSize.parse(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


class LengthType(click.ParamType):  # type: ignore[type-arg]  # click 8.1, which pyproject allows, has no ParamType[T]
    """A length in mm (``2``, ``2mm``, ``0.1in``) between ``low`` and ``high``."""

    name = "MM"

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..render.units import parse_length

        if isinstance(value, float):
            return value
        try:
            mm = parse_length(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        if not self.low <= mm <= self.high:
            self.fail(f"{mm:g} mm: it must be {self.low:g}–{self.high:g} mm", param, ctx)
        return mm


class OffsetType(click.ParamType):  # type: ignore[type-arg]  # click 8.1, which pyproject allows, has no ParamType[T]
    """``X,Y`` in mm, each at most MOST_OFFSET (20 mm) either way."""

    name = "X,Y"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..render.units import parse_length

        if isinstance(value, tuple):
            return value
        try:
            dx, dy = (parse_length(p) for p in str(value).split(","))
        except ValueError:
            self.fail(f"'{value}' is not an offset; give X,Y in mm, e.g. 0.5,-1", param, ctx)
        if abs(dx) > MOST_OFFSET or abs(dy) > MOST_OFFSET:
            self.fail(f"'{value}': an offset over {MOST_OFFSET:g} mm is not printer drift", param, ctx)
        return (dx, dy)


@click.command(cls=Command)
@click.argument("deck_arg", metavar="[DECK]", required=False, type=DECK_TYPE)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True, help="Where to write the kit.")
@click.option("--paper", type=click.Choice([*PAPER_NAMES, "both"]), default="both", show_default=True, help="Paper size.")
@click.option(
    "--card-size",
    "card",
    type=CardSizeType(),
    default="poker",
    show_default=True,
    help="poker, bridge, euro, american, tarot, or a size such as 60x90mm; mini-euro and mini-american "
    "need templates of your own (the bundled ones refuse them).",
)
@click.option(
    "--bleed",
    type=LengthType(0, MOST_BLEED),
    default=f"{HOME_BLEED:g}",
    show_default=True,
    help=f"Bleed around each card (0–{MOST_BLEED:g} mm); cards are spaced apart to make room. Given, it is the print-shop file's bleed too (else 3 mm).",
)
@click.option(
    "--gap",
    type=LengthType(0, MOST_GAP),
    default=None,
    help="Space between neighbouring cards' cut lines (mm; at least twice the bleed, which is the default).",
)
@click.option("--guides", is_flag=True, help="Light lines right across the card sheets on every cut, for a rotary cutter or guillotine.")
@click.option(
    "--cut",
    type=click.Choice(MACHINES),
    default=None,
    help="Also card sheets and cut files to print then cut with this machine: registration marks where its software looks, "
    "every card's outline in the same coordinates (hi5pnp docs kit).",
)
@click.option(
    "--corner-radius",
    "corner_radius",
    type=LengthType(0, 20),
    default=f"{DEFAULT_RADIUS:g}",
    show_default=True,
    help="With --cut: the radius of the cut cards' corners (mm; 0 for square corners).",
)
@click.option(
    "--for",
    "service",
    type=click.Choice(SERVICE_NAMES),
    default=None,
    help="Make cards-print-shop.pdf as this card service asks: its bleed and page order (dtc: back, front).",
)
@click.option("--flip", type=click.Choice(FLIPS), default="long", show_default=True, help="Duplex: the edge your printer turns the sheet over.")
@click.option("--back-offset", type=OffsetType(), default="0,0", show_default=True, help="Duplex: shift the backs by X,Y mm (read it off the alignment page).")
@click.option(
    "--edition",
    type=click.Choice([str(n) for n in EDITION_NUMBERS]),
    default=None,
    help="Rules edition of the rulebook, quick reference and record sheet (default: the deck's).",
)
@click.option("--method", type=click.Choice(METHODS), default="duplex", show_default=True, help="Which cards go in the assembled kit.")
@click.option("--ink", type=click.Choice(INKS), default="normal", show_default=True, help="low: white grounds and outlines, to save ink.")
@click.option("--templates", type=TEMPLATES_TYPE, help=TEMPLATES_HELP)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes for the paper sizes (default: one per paper size and processor; never more than the paper sizes).",
)
@click.option(
    "--only",
    type=click.Choice(ONLY),
    default="all",
    show_default=True,
    help="cards: build the card sheets of --method alone (cards-duplex-*.pdf, or cards-fold-*.pdf with --method fold), the quick loop while editing cards "
    "(with --watch); the folder then holds those files alone, until a whole build.",
)
@click.option(
    "--lang",
    metavar="LANG[,LANG…]|all",
    help="The kit's language: every word printed (a code: de); several apart with commas, or all. English goes in --out, "
    "each other language in a folder of it named for its code (output/de/). Default: English, and each language hi5pnp speaks "
    "whose translations/ file the deck has whole.",
)
@click.option("--watch", is_flag=True, help="Build, then build again whenever a deck or template file changes, until interrupted (Ctrl-C).")
@click.pass_context
def build(
    ctx: click.Context,
    deck_arg: str | None,
    deck: str | None,
    out: Path,
    paper: str,
    card: Any,
    bleed: float,
    gap: float | None,
    guides: bool,
    cut: str | None,
    corner_radius: float,
    service: str | None,
    flip: Flip,
    back_offset: tuple[float, float],
    edition: str | None,
    method: Method,
    ink: Ink,
    templates: Path | None,
    jobs: int | None,
    only: Only,
    lang: str | None,
    watch: bool,
) -> None:
    """Build the print-and-play kit (PDFs and a layout manifest) of DECK
    (or --deck; default: the bundled deck).

    The first line says which layout templates drew it: --templates, else
    the deck's own templates/ folder, else the bundled ones.
    """
    import dataclasses
    import gc

    from ..deck import load_deck
    from ..deck.design.lints import design_lints
    from ..deck.load import deck_folder
    from ..deck.translations import deck_languages
    from ..files import make_folder
    from ..kit import BuildOptions, build_kit
    from ..kit.output import kit_folder
    from ..kit.templatechoice import choose_templates
    from ..language import SOURCE, languages
    from ..render.template import Templates
    from .base import Failure, one_deck

    deck = one_deck(deck_arg, deck)
    asked = languages(lang) if lang is not None else None

    def kit_languages(loaded: Deck) -> tuple[list[str], list[str]]:
        """--lang's languages, else the deck's (:func:`deck_languages`), English first (its build
        replaces the folder the others' sit in); and the notes of languages left out."""
        codes, left_out = (asked, []) if asked is not None else deck_languages(loaded)
        return sorted(codes, key=lambda code: code != SOURCE), left_out

    if cut is None and ctx.get_parameter_source("corner_radius") is not click.core.ParameterSource.DEFAULT:
        raise Failure(["--corner-radius: give --cut too (the radius is the cut files' corners)"])

    if templates is not None and not templates.is_dir():
        raise Failure([f"{templates}: not a folder of templates"])

    if not watch:
        # The process ends with the build, and a build makes no garbage cycles
        # worth collecting: the cyclic collector would spend a tenth of the
        # build sweeping the libraries' objects (docs/kit.md, "Speed"). The
        # library's build_kit leaves the collector alone; so does --watch.
        gc.disable()

    options = BuildOptions(
        papers=PAPER_NAMES if paper == "both" else (cast(PaperName, paper),),
        card=card,
        bleed=bleed,
        flip=flip,
        back_offset=back_offset,
        edition=int(edition) if edition else None,
        method=method,
        ink=ink,
        only=only,
        shop_bleed=bleed if ctx.get_parameter_source("bleed") is not click.core.ParameterSource.DEFAULT else 3.0,
        service=service,
        gap=gap,
        guides=guides,
        cut=cut,
        corner_radius=corner_radius,
    )
    if service and ctx.get_parameter_source("bleed") is not click.core.ParameterSource.DEFAULT and abs(options.shop_bleed - bleed) > 1e-9:
        click.echo(
            f"note: --for {service} gives the print-shop file the service's {options.shop_bleed:.2f} mm bleed; --bleed {bleed:g} is the home sheets' bleed",
            err=True,
        )

    kept: list[Templates] = []  # a watch's templates, remembering the layouts made, while the files are as they were
    said: list[str] = []  # which templates a watch said it builds with, said again when that changes

    def once(watching: bool = False) -> tuple[str, list[str]]:
        """Build; what was written, and the notes and design warnings to show."""
        loaded = load_deck(deck)
        choice = choose_templates(loaded.path, templates)
        chosen = choice.templates(remember=watching)
        if kept and kept[0].folder == chosen.folder and kept[0].fingerprint() == chosen.fingerprint():
            chosen = kept[0]  # a rebuild lays out only the faces that changed (docs/kit.md, "Speed")
        kept[:] = [chosen]
        langs, left_out = kit_languages(loaded)
        done, notes = [], [f"note: {why}" for why in left_out]
        for code in langs:
            folder = kit_folder(out, code)
            if folder != out:
                make_folder(out)  # the folder the English kit goes in holds the others'
            kit = build_kit(loaded, folder, dataclasses.replace(options, lang=code), chosen, jobs=jobs)
            notes += [f"note: {warning}" for warning in kit.warnings]
            listed = "" if watching else f": {', '.join(sorted(kit.files))}"  # a watch names the files once, in its first line's count
            done.append(f"wrote {len(kit.files)} files to {shown_path(folder)}/{listed}")
        notes += [str(w) for w in design_lints(loaded)]
        if said != [choice.words()]:
            said[:] = [choice.words()]
            notes.insert(0, choice.words())
        return "\n".join(done), notes

    if not watch:
        done, notes = once()
        click.echo(notes[0])  # the templates, the first line
        for note in notes[1:]:
            click.echo(note, err=True)
        click.echo(done)
        return
    from ..data import template_folder
    from ..language.languages import folders
    from .watch import watch_and_run

    own = choose_templates(deck_folder(deck), templates).folder
    catalogues = [f for f in folders() if f.is_dir()] if asked != [SOURCE] else []  # a translator's edit to a .po file builds again too
    watch_and_run([deck_folder(deck), own or template_folder(), *catalogues], out, lambda: once(watching=True))
