"""Print-then-cut files (``hi5pnp build --cut silhouette|cricut``): the card
sheets a cutting machine registers, and the cut file of every card's outline
in the same coordinates (docs/kit.md, "Print, then cut"). Geometry from
:mod:`.cutgeometry`.

- Silhouette, for each paper size: ``cards-cut-silhouette-PAPER.pdf``, fronts
  with Studio's Type 1 marks and backs behind them (double-sided, as the
  duplex sheets), and its cut file as ``cut-silhouette-PAPER.dxf`` (Silhouette
  Studio's Basic Edition opens DXF, not SVG) and ``.svg``.
- Cricut, once: a picture per sheet of fronts and of backs
  (``cut-cricut-fronts-N.png``, ``cut-cricut-backs-N.png``, 300 dpi,
  transparent round each card's rounded outline) and ``cut-cricut.svg``.
"""

from __future__ import annotations

import io
import os
import tempfile
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...language import _
from ...render import fonts
from ...render.cardsize import CardSize
from ...render.draw import color
from ...render.faces import RenderedCard
from ...render.pdf import finish, new_canvas
from ...render.units import pt
from ..sheets.cardsheets import NOTE_COLOR, FormCache, Placement, face_key
from ..sheets.imposition import duplex_back, flip_words
from .geometry import MACHINE_TITLES, SILHOUETTE_INSET, CutSheet, Rect, cricut_sheet, cut_svg, outline_points, silhouette_sheet

CRICUT_DPI = 300
Made = list[tuple[str, bytes, list[Placement]]]


def silhouette_files(
    cards: list[RenderedCard],
    card: CardSize,
    bleed: float,
    gap: float,
    paper: str,
    flip: str,
    offset: tuple[float, float],
    radius: float,
    title: str,
) -> Made:
    """The Silhouette sheets of one paper size and their cut files."""
    sheet = silhouette_sheet(paper, card.width, card.height, bleed, gap, len(cards))
    name = f"cards-cut-silhouette-{paper}.pdf"
    said = _("%(title)s — cards to print and cut (Silhouette)") % {"title": title}
    c, buf = new_canvas((sheet.width, sheet.height), said, _("Cards with Silhouette registration marks"), duplex=flip)
    forms = FormCache(c, bleed)
    placements: list[Placement] = []
    groups = [cards[i : i + sheet.per_sheet] for i in range(0, len(cards), sheet.per_sheet)]
    page = 0
    left = min(s.x for s in sheet.slots)
    top = sheet.height - max(s.y + s.height for s in sheet.slots)  # where the cut lines' top left corner lies on the page
    for n, group in enumerate(groups, 1):
        for side in ("front", "back"):
            page += 1
            if side == "front":
                _draw_marks(c, sheet.marks)
                _note(
                    c,
                    sheet,
                    _(
                        "Sheet %(n)d of %(sheets)d, front: print double-sided (%(flip)s) at 100 %%, then cut this side up "
                        "with %(file)s, its top left %(left)s mm from the left, %(top)s mm from the top (hi5pnp docs kit)."
                    )
                    % {
                        "n": n,
                        "sheets": len(groups),
                        "flip": flip_words(flip),
                        "file": f"cut-silhouette-{paper}.dxf",
                        "left": f"{left:.2f}",
                        "top": f"{top:.2f}",
                    },
                )
            for rendered, front in zip(group, sheet.slots):
                slot = front if side == "front" else duplex_back(front, sheet.paper, flip, offset)
                face = 0 if side == "front" else 1
                forms.place(rendered.faces[face], face_key(rendered.kind, rendered.ids[face]), slot)
                placements.append(Placement(name, page, rendered.kind, rendered.ids[face], side, slot))
            c.showPage()
    svg = cut_svg(sheet, radius, f"{title} — cut lines for {name} ({MACHINE_TITLES['silhouette']})")
    return [
        (name, finish(c, buf), placements),
        (f"cut-silhouette-{paper}.svg", svg, []),
        (f"cut-silhouette-{paper}.dxf", cut_dxf(sheet, radius), []),
    ]


def _draw_marks(c: Canvas, marks: tuple[Rect, ...]) -> None:
    c.saveState()
    c.setFillColor(color("#000000"))
    for m in marks:
        c.rect(pt(m.x), pt(m.y), pt(m.width), pt(m.height), stroke=0, fill=1)
    c.restoreState()


def _note(c: Canvas, sheet: CutSheet, text: str) -> None:
    """A line of small print centred in the bottom margin, between the page's edge and the marks' line."""
    c.saveState()
    c.setFillColor(color(NOTE_COLOR))
    c.setFont(fonts.font_name("regular"), 6.5)
    c.drawCentredString(pt(sheet.width / 2), pt(SILHOUETTE_INSET / 2), text)
    c.restoreState()


def _ezdxf() -> Any:
    """ezdxf, imported so that it writes nothing outside the kit's folder: on
    its first import it keeps a cache of the system's fonts where
    ``XDG_CACHE_HOME`` says (ezdxf's documented place for it; else in the
    user's home), so the variable names a temporary folder for that import,
    removed after it (the cache is read once a process; a DXF of polylines
    uses no font)."""
    import sys

    if "ezdxf" in sys.modules:
        import ezdxf

        return ezdxf
    before = os.environ.get(CACHE_VARIABLE)
    with tempfile.TemporaryDirectory(prefix="hi5pnp-ezdxf-") as cache:
        os.environ[CACHE_VARIABLE] = cache
        try:
            import ezdxf
            import ezdxf.fonts.fonts
        finally:
            if before is None:
                del os.environ[CACHE_VARIABLE]
            else:
                os.environ[CACHE_VARIABLE] = before
    return ezdxf


CACHE_VARIABLE = "XDG_CACHE_HOME"


def cut_dxf(sheet: CutSheet, radius: float) -> bytes:
    """The cut file as DXF (R2000, mm): a closed polyline per card, its
    rounded corners as short straight lines, which every cutter's DXF reader
    takes. Written with ezdxf, its dates and ids fixed (ezdxf's own option
    for that), so the bytes depend on the sheet alone."""
    ezdxf = _ezdxf()
    from ezdxf import units

    text = io.StringIO()
    was = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # from the document's making to its writing
    try:
        doc = ezdxf.new("R2000", setup=False)
        doc.units = units.MM
        doc.header["$MEASUREMENT"] = 1  # metric
        msp = doc.modelspace()
        for slot in sheet.slots:
            msp.add_lwpolyline(outline_points(slot, radius), close=True, dxfattribs={"layer": "CUT"})
        doc.write(text)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = was
    return text.getvalue().encode()


def cricut_files(cards: list[RenderedCard], card: CardSize, radius: float, title: str) -> Made:
    """The Cricut pictures (fronts and backs, each card with its rounded
    outline, transparent round it) and the one cut file they share."""
    from PIL import Image, ImageDraw

    from ...render.raster import face_size, faces_pdf, pixels, png, rasterise

    sheet = cricut_sheet(card.width, card.height, len(cards))
    groups = [cards[i : i + sheet.per_sheet] for i in range(0, len(cards), sheet.per_sheet)]
    size = face_size(card, 0.0, CRICUT_DPI)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=pixels(radius, CRICUT_DPI), fill=255)
    made: Made = []
    for side, face in (("fronts", 0), ("backs", 1)):
        layouts = [r.faces[face] for r in cards]
        images = rasterise(faces_pdf(layouts, 0.0, f"{title} — card {side} for Cricut"), [size] * len(layouts), CRICUT_DPI)
        for n, group in enumerate(groups, 1):
            name = f"cut-cricut-{side}-{n}.png"
            picture = Image.new("RGBA", (pixels(sheet.width, CRICUT_DPI), pixels(sheet.height, CRICUT_DPI)), (255, 255, 255, 0))
            placed: list[Placement] = []
            for rendered, slot in zip(group, sheet.slots):
                image = next(images)
                picture.paste(image, (pixels(slot.x, CRICUT_DPI), pixels(sheet.height - slot.y - slot.height, CRICUT_DPI)), mask)
                placed.append(Placement(name, 1, rendered.kind, rendered.ids[face], "front" if face == 0 else "back", slot))
            made.append((name, png(picture, CRICUT_DPI), placed))
    made.append(("cut-cricut.svg", cut_svg(sheet, radius, f"{title} — cut lines for the cut-cricut-*.png pictures ({MACHINE_TITLES['cricut']})"), []))
    return made
