"""Lengths: parsed from text in one place; millimetres everywhere inside.

``63.5mm``, ``2.5in``, ``1cm`` and ``12pt`` are accepted at the edges (flags,
templates); the geometry works in millimetres and the drawing code converts to
PDF points with :func:`pt`.
"""

from __future__ import annotations

import re

from ..errors import OptionError

MM_PER_IN = 25.4
PT_PER_MM = 72.0 / MM_PER_IN

_UNITS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_IN / 72.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / PT_PER_MM


def parse_length(text: str, default_unit: str = "mm") -> float:
    """``"2.5in"`` -> 63.5 (mm). Raises OptionError (a ValueError) with a readable message."""
    m = _LENGTH.match(str(text))
    if not m:
        raise OptionError(f"'{text}' is not a length (examples: 63.5mm, 2.5in, 3)")
    return float(m.group(1)) * _UNITS[m.group(2) or default_unit]


def parse_size(text: str) -> tuple[float, float]:
    """``"63.5x88.9mm"``, ``"2.5inx3.5in"`` -> (width, height) in mm; a unit
    given only after the height applies to both."""
    m = _SIZE.match(str(text))
    if not m:
        raise OptionError(f"'{text}' is not a size (examples: 63.5x88.9mm, 2.5x3.5in)")
    w, w_unit, h, h_unit = m.groups()
    unit = h_unit or "mm"
    return float(w) * _UNITS[w_unit or unit], float(h) * _UNITS[unit]
