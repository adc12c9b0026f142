"""``hi5pnp tune``: which edits bring a face back inside its window.

- :mod:`.edits`: the edits tune tries for a face (a gem, a box, obstacles)
- :mod:`.race`: several decks against one, on the same games
- :mod:`.plans`: plans of edits and how they fared (screened, confirmed)
- :mod:`.promise`: the plan put first, judged again on fresh games until decided
- :mod:`.tuner`: the whole tuning (:func:`tune`)
- :mod:`.tuned`: what it found, as text or JSON

:func:`tune` is imported from :mod:`.tuner` when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import lazy

if TYPE_CHECKING:
    from .tuner import tune

__all__ = ["tune"]


__getattr__ = lazy.names(__name__, dict.fromkeys(__all__, ".tuner"))
