"""The paper sizes a kit is printed on: their names, defined here once (the
build's options, the command line's ``--paper`` and every sheet use them), and
their sizes in mm."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

PaperName = Literal["a4", "letter"]
PAPER_NAMES: tuple[PaperName, ...] = get_args(PaperName)
#: width × height of each, portrait, in mm
PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def paper_title(name: str) -> str:
    """A paper's name as a sentence writes it: "A4", "Letter"."""
    return name.upper() if name[:1] == "a" and name[1:].isdigit() else name.title()


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float

    @classmethod
    def named(cls, name: str, landscape: bool = False) -> Paper:
        w, h = PAPER_SIZES[name]
        return cls(name, h, w) if landscape else cls(name, w, h)
