"""``hi5pnp images`` and ``hi5pnp preview``: card faces as PNG images (docs/exports.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..kit.options import DPI_RANGE, MOST_IMAGE_BLEED
from .base import DECK_HELP, DECK_TYPE, Command, Failure
from .build import CardSizeType, LengthType

DPI = click.IntRange(*DPI_RANGE)


@click.command(cls=Command)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output") / "images", show_default=True, help="Where to write them.")
@click.option("--dpi", type=DPI, default=300, show_default=True, help="Resolution of the images.")
@click.option("--bleed", type=LengthType(0, MOST_IMAGE_BLEED), default="3", show_default=True, help="The face's own art beyond the cut on every side (mm).")
@click.option("--card-size", "card", type=CardSizeType(), default="poker", show_default=True, help="Card size, as build takes it.")
@click.option("--tts", is_flag=True, help="Also Tabletop Simulator sheets and saved objects, in tts/.")
@click.option("--templates", type=click.Path(file_okay=False, exists=True, path_type=Path), help="Layout templates folder (default: the bundled templates).")
def images(deck: str | None, out: Path, dpi: int, bleed: float, card: Any, tts: bool, templates: Path | None) -> None:
    """One PNG per card face (competitor-3a.png, obstacle-3a.png), with bleed.

    The images are drawn from the same layouts as the PDF cards. The folder is
    replaced whole, as a build replaces the kit's; `hi5pnp build` keeps an
    images folder inside its output folder.
    """
    from ..deck import load_deck
    from ..errors import printable
    from ..kit.images import ImageOptions, write_images
    from ..kit.output import write_streamed
    from ..render.raster import face_size
    from ..render.template import Templates

    loaded = load_deck(deck)
    face_size(card, bleed, dpi)  # a face too large for an image is refused before anything is drawn
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise Failure([f"{out}: cannot make its folder: {exc.strerror or exc}"]) from None
    options = ImageOptions(dpi=dpi, bleed=bleed, card=card, tts=tts)
    chosen = Templates(templates) if templates else None
    write_streamed(out, lambda put: write_images(loaded, put, options, chosen))  # each face written as soon as it is drawn
    pngs = len(list(out.glob("*.png")))
    sheets = len(list((out / "tts").glob("*.png")))
    more = f", and {sheets} Tabletop Simulator sheets with their saved objects in tts/" if tts else ""
    click.echo(printable(f"wrote {pngs} face images to {out}/ ({dpi} dpi, {bleed:g} mm bleed){more}"))


@click.command(cls=Command)
@click.argument("face")
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--kind", type=click.Choice(["competitor", "obstacle"]), help="Which card's face (default: a competitor's when both have it).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="The PNG to write (default: preview-<kind>-<face>.png here); an existing PNG is replaced (never a file of the deck).")  # fmt: skip
@click.option("--dpi", type=DPI, default=200, show_default=True, help="Resolution of the image.")
@click.option("--card-size", "card", type=CardSizeType(), default="poker", show_default=True, help="Card size, as build takes it.")
@click.option("--templates", type=click.Path(file_okay=False, exists=True, path_type=Path), help="Layout templates folder (default: the bundled templates).")
def preview(face: str, deck: str | None, kind: str | None, out: Path | None, dpi: int, card: Any, templates: Path | None) -> None:
    """One card face as a PNG, quick enough to run on every save."""
    from ..deck import load_deck
    from ..deck.load import deck_paths
    from ..errors import printable
    from ..files import PNG, write_output
    from ..kit.images import preview_png
    from ..render.template import Templates
    from ..rules.turn import face_id

    loaded = load_deck(deck, need_score_sheet=False)
    wanted = face_id(face) or face
    found_kind, data = preview_png(loaded, wanted, kind, dpi, card, Templates(templates) if templates else None)
    path = out or Path(f"preview-{found_kind}-{wanted}.png")
    write_output(path, data, keep=deck_paths(loaded), kind=PNG)
    click.echo(printable(f"wrote {path}"))
