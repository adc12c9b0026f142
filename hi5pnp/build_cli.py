"""The ``build`` command (imports the PDF stack only when it runs)."""

from __future__ import annotations

from pathlib import Path

import click

from .errors import Hi5Error, shown_path


def _card_size(value: str) -> tuple[str, tuple[float, float]]:
    from .sheets import CARD_SIZES
    from .units import parse_size

    if value in CARD_SIZES:
        return value, CARD_SIZES[value]
    try:
        w, h = parse_size(value)
    except ValueError as exc:
        raise click.BadParameter(f"{exc}; or one of: {', '.join(CARD_SIZES)}", param_hint="--card-size") from None
    if not (20 <= w <= 200 and 20 <= h <= 200):
        raise click.BadParameter(f"{w:g} × {h:g} mm is not a card size (each side 20–200 mm)", param_hint="--card-size")
    return "custom", (w, h)


def _offset(value: str) -> tuple[float, float]:
    from .units import parse_length

    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        dx, dy = (parse_length(p) for p in parts)
    except ValueError:
        raise click.BadParameter(f"'{value}' is not an offset; give X,Y in mm, e.g. 0.5,-1", param_hint="--back-offset") from None
    if abs(dx) > 20 or abs(dy) > 20:
        raise click.BadParameter(f"'{value}': an offset over 20 mm is not printer drift", param_hint="--back-offset")
    return dx, dy


def register(group: click.Group) -> None:
    @group.command()
    @click.option("--deck", metavar="DIR", help="Deck folder or bundled deck name (default: cards/).")
    @click.option("--out", "out", metavar="DIR", type=click.Path(file_okay=False, path_type=Path), help="Where to write the kit (default: output/).")
    @click.option("--paper", type=click.Choice(["a4", "letter", "both"]), default="both", show_default=True, help="Paper size.")
    @click.option("--card-size", default="poker", show_default=True, metavar="NAME|WxH", help="poker, bridge, euro, american, tarot, mini-euro, mini-american, or a custom size such as 60x90mm.")
    @click.option("--bleed", default="0", show_default=True, metavar="MM", help="Bleed around each card (mm); cards are spaced apart to make room.")
    @click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True, help="Duplex: the edge your printer turns the sheet over.")
    @click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y", help="Duplex: shift the backs by X,Y mm (read it off the alignment page).")
    @click.option("--edition", type=click.Choice(["1", "2"]), default=None, help="Rules edition of the rulebook, quick reference and record sheet (default: the deck's).")
    @click.option("--method", type=click.Choice(["duplex", "fold"]), default="duplex", show_default=True, help="Which cards go in the assembled kit.")
    @click.option("--templates", "templates", metavar="DIR", type=click.Path(file_okay=False, path_type=Path), help="Layout templates folder (default: templates/).")
    def build(deck, out, paper, card_size, bleed, flip, back_offset, edition, method, templates):
        """Build the print-and-play kit (PDFs and a layout manifest)."""
        from . import TEMPLATE_DIR
        from .build import DEFAULT_OUT, BuildOptions
        from .build import build as run_build
        from .faces import CardSpec
        from .units import parse_length

        name, (w, h) = _card_size(card_size)
        try:
            bleed_mm = parse_length(bleed)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--bleed") from None
        if not 0 <= bleed_mm <= 5:
            raise click.BadParameter(f"{bleed_mm:g} mm: bleed must be 0–5 mm", param_hint="--bleed")
        options = BuildOptions(
            papers=("a4", "letter") if paper == "both" else (paper,),
            card=CardSpec(w, h, bleed_mm),
            card_size_name=name,
            flip=flip,
            back_offset=_offset(back_offset),
            edition=int(edition) if edition else None,
            method=method,
        )
        out_dir = out or DEFAULT_OUT
        try:
            kit = run_build(deck, out_dir, options, templates or TEMPLATE_DIR, one_shot=True)
        except Hi5Error as exc:
            from .cli import fail

            fail(exc)
        for warning in kit.warnings:
            click.echo(f"note: {warning}", err=True)
        pdfs = sorted(n for n in kit.files if n.endswith(".pdf"))
        click.echo(f"wrote {len(kit.files)} files to {shown_path(out_dir)}/: {', '.join(pdfs)}")
