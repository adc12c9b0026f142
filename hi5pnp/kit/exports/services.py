"""Card-printing services: what each asks for, named once (docs/exports.md,
"Card-printing services"). ``hi5pnp images --for``, ``hi5pnp preflight
--for`` and ``hi5pnp build --for`` read them from here. Light to import.

Each service takes poker cards (63.5 × 88.9 mm, 2.5 × 3.5 in) at 300 dpi;
the canvas in pixels is the card plus the service's bleed on every side,
and the cut tolerance (the safe zone) is what the service says its cutting
may wander: nothing but background may lie closer to the cut than that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from ...render.cardsize import POKER, CardSize
from ...render.units import MM_PER_IN

ServiceName = Literal["mpc", "tgc", "dtc"]
SERVICE_NAMES: tuple[ServiceName, ...] = get_args(ServiceName)
EIGHTH_INCH = MM_PER_IN / 8  # 3.175 mm: the cut tolerance every service here names


@dataclass(frozen=True)
class Service:
    name: ServiceName
    title: str
    pixels: tuple[int, int]  # a poker face with its bleed, at dpi
    dpi: int
    safe: float  # mm inside the cut that only background may cross
    pdf: bool  # takes one PDF per deck (besides or instead of images)
    backs_first: bool  # the PDF's pages go back, front, back, front
    wants_cmyk: bool  # asks for CMYK (PDF/X-1a); hi5pnp's files are RGB
    source: str  # where the numbers come from

    @property
    def card(self) -> CardSize:
        return POKER

    @property
    def bleed(self) -> float:
        """mm of the face's own art beyond the cut on each side, so that the
        canvas is exactly :attr:`pixels` (MakePlayingCards: 36 px, 3.048 mm)."""
        return (self.pixels[0] / self.dpi * MM_PER_IN - self.card.width) / 2


SERVICES: dict[str, Service] = {
    s.name: s
    for s in (
        Service(
            "mpc",
            "MakePlayingCards",
            (822, 1122),
            300,
            EIGHTH_INCH,
            False,
            False,
            False,
            "MakePlayingCards' poker-card template: an image of 822 × 1122 px at 300 dpi "
            "(the 750 × 1050 px card and 36 px of bleed a side), important content 1/8 in inside the cut",
        ),
        Service(
            "tgc",
            "The Game Crafter",
            (825, 1125),
            300,
            EIGHTH_INCH,
            False,
            False,
            False,
            "The Game Crafter's poker-card template: exactly 825 × 1125 px (1/8 in bleed a side at 300 dpi), its safe zone 1/8 in inside the cut",
        ),
        Service(
            "dtc",
            "DriveThruCards",
            (825, 1125),
            300,
            EIGHTH_INCH,
            True,
            True,
            True,
            "DriveThruCards' card-preparation notes: one PDF per deck, 2.75 × 3.75 in pages for 2.5 × 3.5 in cards "
            "(1/8 in bleed built in), back then front for each card, no text closer than 1/8 in to the cut, PDF/X-1a",
        ),
    )
}
