"""The preflight: what a card-printing service would refuse or cut badly,
found before the files are sent (``hi5pnp preflight --for SERVICE``; the
same checks run with ``hi5pnp images --for``; docs/exports.md).

For every face of the deck, laid out with the service's bleed: the image's
size in pixels is the service's canvas; the background reaches the bleed's
edge; every other element (text, frame, box, picture; a line with half its
stroke) lies at least the service's cut tolerance inside the cut; a face's
picture has at least the service's resolution at the size it is printed.
Each finding names the face and the element.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...deck import Deck
from ...render.elements.element import Element
from ...render.elements.figures import Image
from ...render.elements.text import Text
from ...render.faces import render_faces
from ...render.layout import Layout
from ...render.raster import face_size
from ...render.template import Templates
from ...render.units import MM_PER_IN
from ..templatechoice import choose_templates
from .images import faces_of
from .services import SERVICES

TOLERANCE = 0.01  # mm: rounding, not a finding


def _element_words(el: Element) -> str:
    return f"element '{el.id or el.KIND}'" + (f" (text '{el.text}')" if isinstance(el, Text) else "")


def check_layout(layout: Layout, what: str, bleed: float, safe: float, title: str, dpi: int) -> list[str]:
    """The findings on one laid-out face (``what``: "competitor face 3a")."""
    found: list[str] = []
    W, H = layout.width, layout.height
    covered = False
    for el in layout.elements:
        x0, y0, x1, y1 = el.bounds()
        if el.layer == "background":
            covered = covered or (x0 <= -bleed + TOLERANCE and y0 <= -bleed + TOLERANCE and x1 >= W + bleed - TOLERANCE and y1 >= H + bleed - TOLERANCE)
            continue
        half = el.overhang()
        nearest = min(x0 - half, y0 - half, W - x1 - half, H - y1 - half)
        if nearest < safe - TOLERANCE:
            where = "beyond the cut" if nearest < 0 else f"{nearest:.1f} mm from the cut"
            found.append(f"{what}: {_element_words(el)} reaches {where}, inside the {safe:.1f} mm cut tolerance of {title}")
        if isinstance(el, Image):
            picture = layout.images[el.src]
            scale = min(el.w / picture.width, el.h / picture.height)  # mm a pixel
            shown = MM_PER_IN / scale
            if shown < dpi - 0.5:
                size = f"{picture.width} × {picture.height} px"
                found.append(f"{what}: its picture ({size}) prints at {shown:.0f} dpi; {title} prints {dpi} dpi: give a larger picture")
    if not covered:
        found.append(f"{what}: no background reaches the {bleed:.2f} mm bleed on every side: the cut would show paper white")
    return found


def preflight(deck: Deck, service: str, templates: Templates | None = None, ink: str = "normal") -> tuple[list[str], int]:
    """Every finding for ``service`` on every face of ``deck``, in card
    order (none: the deck is ready to send); and the number of faces checked."""
    s = SERVICES[service]
    findings: list[str] = []
    size = face_size(s.card, s.bleed, s.dpi)
    if size != s.pixels:
        findings.append(f"every face: {size[0]} × {size[1]} px, not the {s.pixels[0]} × {s.pixels[1]} px {s.title} asks for")
    faces = faces_of(deck)
    layouts: Sequence[Layout] = render_faces(deck, templates or choose_templates(deck.path).templates(), s.card, s.bleed, [f for _, f in faces], ink)
    for (kind, face), layout in zip(faces, layouts):
        findings += check_layout(layout, f"{kind} face {face.id}", s.bleed, s.safe, s.title, s.dpi)
    return findings, len(faces)
