"""``hi5pnp images`` and ``hi5pnp preview``: card faces as PNG images (docs/exports.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..kit.exports.services import SERVICE_NAMES, SERVICES
from ..kit.options import DPI_RANGE, MOST_IMAGE_BLEED
from .base import DECK_HELP, DECK_TYPE, TEMPLATES_HELP, TEMPLATES_TYPE, Command, Failure, Faulty
from .build import CardSizeType, LengthType

DPI = click.IntRange(*DPI_RANGE)


@click.command(cls=Command)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output") / "images", show_default=True, help="Where to write them.")
@click.option("--dpi", type=DPI, default=300, show_default=True, help="Resolution of the images.")
@click.option("--bleed", type=LengthType(0, MOST_IMAGE_BLEED), default="3", show_default=True, help="The face's own art beyond the cut on every side (mm).")
@click.option("--card-size", "card", type=CardSizeType(), default="poker", show_default=True, help="Card size, as build takes it.")
@click.option(
    "--for",
    "service",
    type=click.Choice(SERVICE_NAMES),
    default=None,
    help="A card-printing service's exact canvas (mpc: MakePlayingCards, tgc: The Game Crafter, dtc: DriveThruCards); "
    "sets --dpi, --bleed and --card-size, and checks the faces as preflight does.",
)
@click.option("--tts", is_flag=True, help="Also Tabletop Simulator sheets and saved objects, in tts/.")
@click.option(
    "--tts-url",
    "tts_url",
    metavar="BASE",
    default="",
    help="With --tts: the web address the tts/ sheets will be hosted at; the saved objects name them by full URL.",
)
@click.option("--templates", type=TEMPLATES_TYPE, help=TEMPLATES_HELP)
@click.option(
    "--lang",
    metavar="LANG",
    default="en",
    show_default=True,
    help="The language of the words on the faces (a code: de); another language than English goes by default in output/LANG/images.",
)
@click.pass_context
def images(
    ctx: click.Context,
    deck: str | None,
    out: Path,
    dpi: int,
    bleed: float,
    card: Any,
    service: str | None,
    tts: bool,
    tts_url: str,
    templates: Path | None,
    lang: str,
) -> None:
    """One PNG per card face (competitor-3a.png, obstacle-3a.png), with bleed.

    The images are drawn from the same layouts as the PDF cards. The folder is
    replaced whole, as a build replaces the kit's; `hi5pnp build` keeps an
    images folder inside its output folder.
    """
    from ..deck import load_deck
    from ..errors import printable
    from ..kit.exports.images import write_images
    from ..kit.exports.preflight import preflight as check_faces
    from ..kit.options import ImageOptions
    from ..kit.output import kit_folder, write_streamed
    from ..language import language
    from ..render.raster import face_size
    from ..render.template import Templates

    if tts_url and not tts:
        raise Failure(["--tts-url: give --tts too (the address is for the Tabletop Simulator sheets)"])
    if service is not None:
        given = [f"--{name.replace('_', '-')}" for name in ("dpi", "bleed", "card") if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
        if given:
            raise Failure([f"--for {service} sets the size of the images; leave out {', '.join(given).replace('--card', '--card-size')}"])
    lang = language(lang)
    if ctx.get_parameter_source("out") is click.core.ParameterSource.DEFAULT:
        out = kit_folder(out.parent, lang) / out.name  # beside the kit in that language
    loaded = load_deck(deck)
    chosen = Templates(templates) if templates else None
    if service:
        options = ImageOptions.for_service(service, tts, tts_url, lang)
    else:
        options = ImageOptions(dpi=dpi, bleed=bleed, card=card, tts=tts, tts_url=tts_url, lang=lang)
    face_size(options.card, options.bleed, options.dpi)  # a face too large for an image is refused before anything is drawn
    if service is not None:
        findings, _ = check_faces(loaded, service, chosen)
        if findings:
            raise Faulty([*findings, f"not written: {SERVICES[service].title} would cut into these (hi5pnp preflight --for {service} lists them)"])
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise Failure([f"{out}: cannot make its folder: {exc.strerror or exc}"]) from None
    write_streamed(out, lambda put: write_images(loaded, put, options, chosen))  # each face written as soon as it is drawn
    pngs = len(list(out.glob("*.png")))
    sheets = len([p for p in (out / "tts").glob("*.png") if p.stem.rsplit("-", 2)[-2:-1] in (["a"], ["b"])])
    more = f", and {sheets} Tabletop Simulator sheets with their saved objects in tts/" if tts else ""
    if tts and not tts_url:
        click.echo(
            "note: without --tts-url the saved objects name each sheet by its bare file name, which Tabletop Simulator "
            "will not load: host the tts/ sheets and run again with --tts-url BASE, or paste each sheet's address into "
            "the JSON (hi5pnp docs exports)",
            err=True,
        )
    if service is None:
        click.echo(printable(f"wrote {pngs} face images to {out}/ ({dpi} dpi, {bleed:g} mm bleed){more}"))
        return
    s = SERVICES[service]
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    click.echo(
        printable(
            f"wrote {pngs} face images for {s.title} to {out}/: {s.pixels[0]} × {s.pixels[1]} px at {s.dpi} dpi, sRGB"
            + (f"; and {', '.join(pdfs)}, a face a page, {'back then front' if s.backs_first else 'front then back'}" if pdfs else "")
            + more
        )
    )
    if s.wants_cmyk:
        click.echo(
            f"note: {s.title} asks for CMYK PDF/X-1a; these files are RGB (sRGB) without an output intent. "
            "Convert them with a colour-managed tool (Acrobat's preflight, or Ghostscript with your printer's profile) before sending, "
            "or let the service convert them and expect colours to shift.",
            err=True,
        )


@click.command(cls=Command)
@click.argument("face")
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--kind", type=click.Choice(["competitor", "obstacle"]), help="Which card's face (default: a competitor's when both have it).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PNG to write (default: preview-<kind>-<face>.png here, preview-<kind>-<face>-<lang>.png in another language than English); "
    "an existing PNG is replaced (never a file of the deck).",
)
@click.option("--dpi", type=DPI, default=200, show_default=True, help="Resolution of the image.")
@click.option("--card-size", "card", type=CardSizeType(), default="poker", show_default=True, help="Card size, as build takes it.")
@click.option("--templates", type=TEMPLATES_TYPE, help=TEMPLATES_HELP)
@click.option("--lang", metavar="LANG", default="en", show_default=True, help="The language of the words on the faces (a code: de).")
def preview(face: str, deck: str | None, kind: str | None, out: Path | None, dpi: int, card: Any, templates: Path | None, lang: str) -> None:
    """One card face as a PNG, quick enough to run on every save."""
    from ..deck import load_deck
    from ..deck.load import deck_paths
    from ..errors import printable
    from ..files import PNG, write_output
    from ..kit.exports.images import preview_png
    from ..language import SOURCE, language
    from ..render.template import Templates
    from ..rules.turn import face_id

    lang = language(lang)
    loaded = load_deck(deck, need_score_sheet=False)
    wanted = face_id(face) or face
    found_kind, data = preview_png(loaded, wanted, kind, dpi, card, Templates(templates) if templates else None, lang)
    path = out or Path(f"preview-{found_kind}-{wanted}{'' if lang == SOURCE else '-' + lang}.png")
    write_output(path, data, keep=deck_paths(loaded), kind=PNG)
    click.echo(printable(f"wrote {path}"))


@click.command(cls=Command)
@click.option("--for", "service", type=click.Choice(SERVICE_NAMES), required=True, help="The card-printing service to check for.")
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--templates", type=TEMPLATES_TYPE, help=TEMPLATES_HELP)
def preflight(service: str, deck: str | None, templates: Path | None) -> None:
    """Check every face against a card-printing service: its canvas, resolution and cut tolerance.

    Exit 0 when the deck is ready to send; 1 with a line per face and element
    that the service would cut into.
    """
    from ..deck import load_deck
    from ..errors import printable
    from ..kit.exports.preflight import preflight as check_faces
    from ..render.template import Templates

    loaded = load_deck(deck)
    s = SERVICES[service]
    findings, count = check_faces(loaded, service, Templates(templates) if templates else None)
    if findings:
        raise Faulty([printable(f) for f in findings] + [f"preflight for {s.title}: {len(findings)} finding(s) on {count} faces"])
    click.echo(
        printable(
            f"preflight for {s.title}: {count} faces pass: {s.pixels[0]} × {s.pixels[1]} px at {s.dpi} dpi, "
            f"background to the {s.bleed:.2f} mm bleed, nothing but background within {s.safe:.1f} mm of the cut"
        )
    )
    if s.wants_cmyk:
        click.echo(f"note: {s.title} asks for CMYK PDF/X-1a; hi5pnp's files are RGB (sRGB): convert them before sending", err=True)
