"""``hi5pnp validate``: every fault of a deck, compiler-style, then design warnings;
``hi5pnp stats``: the deck's counts of gems, boxes and obstacle faces;
``hi5pnp new``: a deck of one's own, to start from; ``hi5pnp export --csv``:
the same with the cards as spreadsheet files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import printable, shown_path
from .base import DECK_HELP, DECK_TYPE, NO, TEMPLATES_HELP, TEMPLATES_TYPE, Command, one_deck
from .build import CardSizeType

if TYPE_CHECKING:
    from ..deck import Deck


@click.command(cls=Command)
@click.argument("deck_arg", metavar="[DECK]", required=False, type=DECK_TYPE)
@click.option("--deck", "deck_opt", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--card-size", "card", type=CardSizeType(), default="poker", show_default=True, help="The card size to check the layouts at (as build).")
@click.option("--templates", type=TEMPLATES_TYPE, help=TEMPLATES_HELP)
@click.option("--strict", is_flag=True, help="Design warnings count as faults (exit 1).")
@click.option(
    "--lang",
    metavar="LANG[,LANG…]|all",
    help="Lay every page out in this language (a code: de), the deck's texts in it too; several apart with commas, or all. "
    "Default: as build, English and each language whose translations/ file the deck has whole.",
)
def validate(deck_arg: str | None, deck_opt: str | None, card: Any, templates: Path | None, strict: bool, lang: str | None) -> None:
    """Check a deck: every fault on standard error as path:line:column: message.

    Beyond the files, it lays out every page of the kit (both paper sizes, the
    card size given) without writing a file, so a deck it passes always
    builds; a deck with faults in its data still has its sound cards and the
    pages they make laid out, their faults told with the data's. Every
    translation file of the deck (translations/LANG.yaml) is read; with
    --lang the pages are laid out in that language, so a word too long for
    its box is a fault at its line, and a character the font cannot draw one
    naming the language (a deck whose data has faults is laid out in
    English until they are mended). Then design warnings (a colour no
    obstacle shows, a trait no obstacle carries, duplicate faces, skewed
    counts).

    Exit status: 0 valid (warnings allowed unless --strict), 1 the deck has
    faults, 2 there is no deck there.
    """
    from ..deck.design.lints import design_lints
    from ..deck.load import read_deck
    from ..deck.translations import check_translations, deck_languages
    from ..errors import DeckError, Fault, InputError
    from ..kit import BuildOptions
    from ..kit.build import make_kit
    from ..kit.layoutcheck import layout_faults
    from ..kit.templatechoice import choose_templates
    from ..language import SOURCE, languages
    from ..render.template import TemplateOverBudget

    reading = read_deck(one_deck(deck_arg, deck_opt))
    sound = reading.sound is not None and not reading.faults
    codes = languages(lang) if lang is not None else deck_languages(reading.sound)[0] if reading.sound is not None and sound else [SOURCE]
    choice = choose_templates(reading.folder, templates)
    chosen = choice.templates()  # one for every language: the templates' budget is the whole run's
    faults: list[Fault] = list(reading.faults)
    lacking: list[Fault] = []
    notes: list[str] = []

    def told(found: list[Fault]) -> None:
        faults.extend(f for f in found if f not in faults)

    if reading.sound is not None and sound:
        translated, lacking = check_translations(reading.sound)
        told(translated)
    if SOURCE in codes or reading.faults:  # the deck's own words: its sound parts laid out even beside data faults
        try:
            laid_out, notes = layout_faults(reading, BuildOptions(card=card), chosen)  # what build would refuse
            told(laid_out)
        except InputError as exc:  # the templates folder's own (an icon, a font), told with the deck's
            told(exc.faults)
    deck = reading.sound
    for code in [c for c in codes if c != SOURCE]:
        if deck is None or reading.faults or chosen.spent():
            break  # another language's pages wait for sound data: its texts are read against them
        try:
            kit = make_kit(deck, BuildOptions(card=card, lang=code), chosen)
            notes += kit.warnings  # a language the deck has no texts in, a file build would not make
        except TemplateOverBudget as exc:
            told(exc.faults)
            break  # the budget is spent: no other language is rendered to be blamed for it
        except InputError as exc:
            told(exc.faults)
    if faults or deck is None:
        raise DeckError(faults)
    for note in dict.fromkeys(notes):  # as build shows them, each once
        click.echo(f"note: {note}", err=True)
    warnings = design_lints(deck) + lacking  # a text a translation lacks: a fault only in that language (make_kit above)
    for w in warnings:
        click.echo(str(w), err=True)
    faces = 2 * (len(deck.competitors) + len(deck.obstacles))
    more = f"; {len(warnings)} design warning{'s' * (len(warnings) != 1)}" if warnings else ""
    click.echo(choice.words())
    laid = "" if codes == ["en"] else f"; laid out in {', '.join(codes)}"
    click.echo(
        f"{shown_path(deck.path)}: deck is valid: {len(deck.competitors)} competitor cards, {len(deck.obstacles)} obstacle cards ({faces} faces){laid}{more}"
    )
    if strict and warnings:
        raise SystemExit(NO)


@click.command(cls=Command)
@click.argument("deck_arg", metavar="[DECK]", required=False, type=DECK_TYPE)
@click.option("--deck", "deck_opt", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output (hi5pnp docs deck-format).")
def stats(deck_arg: str | None, deck_opt: str | None, as_json: bool) -> None:
    """Count a deck: gems per colour and matrix boxes per trait, per competitor
    face and in total; obstacle faces per colour and trait.

    Exit status: 0 counted, 1 the deck has faults (as validate shows them),
    2 there is no deck there.
    """
    from ..deck.design.counts import count, table

    counts = count(_load(deck_arg, deck_opt))
    if as_json:
        click.echo(json.dumps(counts.to_json(), indent=1))
    else:
        click.echo("\n".join(table(counts)))


def _load(deck_arg: str | None, deck_opt: str | None) -> Deck:
    """The deck named as DECK or with --deck (not both): loaded, or its faults raised."""
    from ..deck import load_deck

    return load_deck(one_deck(deck_arg, deck_opt))


@click.command(name="new", cls=Command)
@click.argument("folder", type=click.Path(file_okay=True, path_type=Path))
@click.option("--templates", "with_templates", is_flag=True, help="Copy the layout templates too, into FOLDER/templates, to change the cards' look.")
def new(folder: Path, with_templates: bool) -> None:
    """Start a deck of your own in FOLDER (new or empty): the bundled deck's
    files, to edit and then validate, build and simulate.

    The copies are plain files: editing them never changes the bundled deck.
    """
    from ..deck import load_deck
    from ..deck.design.starter import TEMPLATES, new_deck

    written = new_deck(folder, templates=with_templates)
    load_deck(folder)  # what it wrote loads, as the next steps expect
    shown = printable(shown_path(folder))  # a folder's name as text on the terminal
    click.echo(f"wrote a deck of your own to {shown}/: {', '.join(p.name for p in written if p.parent == folder)}")
    if with_templates:
        click.echo(f"and the layout templates to {shown}/{TEMPLATES}/ (hi5pnp docs templates): the deck is drawn with them, no flag needed")
    click.echo("next: edit its YAML (hi5pnp docs deck-format), then")
    for step in (f"hi5pnp validate --deck {shown}", f"hi5pnp build --deck {shown} --out {shown}/kit", f"hi5pnp simulate --deck {shown}"):
        click.echo(f"  {step}")


@click.command(name="export", cls=Command)
@click.argument("deck_arg", metavar="[DECK]", required=False, type=DECK_TYPE)
@click.option("--deck", "deck_opt", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option(
    "--csv",
    "folder",
    required=True,
    metavar="DIR",
    type=click.Path(file_okay=True, path_type=Path),
    help="A new or empty folder: the deck, with its cards as competitors.csv and obstacles.csv.",
)
def export(deck_arg: str | None, deck_opt: str | None, folder: Path) -> None:
    """Write the deck into DIR with its cards as CSV, to edit in a spreadsheet.

    DIR is a whole deck (game.yaml, score_sheets.yaml, any pictures and the
    deck's own templates/ folder are copied beside the CSV files): validate, build and simulate it with
    --deck DIR; it builds the very same kit. Columns: hi5pnp docs deck-format.
    """
    from ..deck import load_deck
    from ..deck.spreadsheet.export import export_csv

    written = export_csv(_load(deck_arg, deck_opt), folder)
    load_deck(folder)  # what it wrote loads, as the next steps expect
    shown = printable(shown_path(folder))  # a folder's name as text on the terminal
    click.echo(f"wrote the deck with its cards as CSV to {shown}/: {', '.join(p.relative_to(folder).as_posix() for p in written)}")
    click.echo(f"next: edit the CSV files in a spreadsheet (save as CSV, UTF-8), then hi5pnp build --deck {shown} --out {shown}/kit")
