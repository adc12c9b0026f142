"""Card sizes: one value, carried whole from the command line to the drawn
card: its name, its trim size in mm and the sleeves it fits."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import OptionError, check_number
from ..language import _
from .units import parse_size

MIN_SIDE, MAX_SIDE = 20.0, 200.0  # mm: what a card of any game measures


@dataclass(frozen=True)
class CardSize:
    """A card's name (a preset's, or the size as given), trim size in mm and,
    for a standard size, the sleeves that fit it (width, height in mm)."""

    name: str
    width: float
    height: float
    sleeve: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        for side in ("width", "height"):  # NaN is no number in range: refused here, not by a template
            check_number(f"card size {side}", getattr(self, side), MIN_SIDE, MAX_SIDE, " mm")

    @classmethod
    def parse(cls, text: str) -> CardSize:
        """A preset's name (``poker``) or a size (``60x90mm``, ``2.5x3.5in``);
        raises OptionError (a ValueError) with a readable message."""
        if text in CARD_SIZES:
            return CARD_SIZES[text]
        try:
            w, h = parse_size(text)
        except ValueError as exc:
            raise OptionError(f"{exc}; or one of: {', '.join(CARD_SIZES)}") from None
        if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
            raise OptionError(f"{w:g} × {h:g} mm is not a card size (each side {MIN_SIDE:g}–{MAX_SIDE:g} mm)")
        same = [c for c in CARD_SIZES.values() if (c.width, c.height) == (w, h)]
        return same[0] if same else cls(text.strip(), w, h)

    @property
    def scale(self) -> float:
        """How much smaller or larger than a poker card, for layouts drawn at poker size."""
        return min(self.width / POKER.width, self.height / POKER.height)

    def sleeve_words(self) -> str:
        """The sleeves for these cards, in words ("66 × 91 mm")."""
        if self.sleeve is None:
            return _("a little larger than %(width)s × %(height)s mm") % {"width": f"{self.width:g}", "height": f"{self.height:g}"}
        return f"{self.sleeve[0]:g} × {self.sleeve[1]:g} mm"


#: Common card sizes and the sleeves they fit.
CARD_SIZES = {
    c.name: c
    for c in (
        CardSize("poker", 63.5, 88.9, (66, 91)),
        CardSize("bridge", 57.2, 88.9, (59, 91)),
        CardSize("euro", 59.0, 92.0, (62, 94)),
        CardSize("american", 56.0, 87.0, (59, 91)),
        CardSize("tarot", 70.0, 120.0, (73, 123)),
        CardSize("mini-euro", 44.0, 68.0, (46, 71)),
        CardSize("mini-american", 41.0, 63.0, (43, 66)),
    )
}
POKER = CARD_SIZES["poker"]
