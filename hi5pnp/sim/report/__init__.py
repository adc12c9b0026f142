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

from typing import TYPE_CHECKING

from ... import lazy

if TYPE_CHECKING:
    from .pdf import report_bytes, write_report

__all__ = ["report_bytes", "write_report"]


__getattr__ = lazy.names(__name__, dict.fromkeys(__all__, ".pdf"))
