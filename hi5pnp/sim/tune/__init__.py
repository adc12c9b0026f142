"""``hi5pnp tune``: which edits bring a face back inside its window.

- :mod:`.edits`: the edits tune tries for a face (a gem, a box, obstacles)
- :mod:`.race`: several decks against one, on the same games
- :mod:`.plans`: plans of edits and how they fared (screened, confirmed)
- :mod:`.tuner`: the whole tuning (:func:`tune`)
- :mod:`.tuned`: what it found, as text or JSON

:func:`tune` is imported from :mod:`.tuner` when first used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tuner import tune

__all__ = ["tune"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        value = getattr(import_module(".tuner", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
