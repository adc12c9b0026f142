"""What the designer reads of a simulation.

- :mod:`.results`: a run's results as the contract's JSON and as text
- :mod:`.pdf`: ``simulate --report FILE.pdf`` (:func:`write_report`,
  :func:`report_bytes`), its first page the verdict
- :mod:`.games`, :mod:`.faces`, :mod:`.compare`: the report's pages after
  the verdict's
- :mod:`.charts`: the report's drawing (text kept to its box, fitted axes)
- :mod:`.reach`: what a face can mark, for the faces pages

The PDF's functions are imported from :mod:`.pdf` when first used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .pdf import report_bytes, write_report

__all__ = ["report_bytes", "write_report"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        value = getattr(import_module(".pdf", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
