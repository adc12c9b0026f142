"""How the random bot draws: a choice, a count and a group, each from one
call of ``rng.random()`` per draw (Python 2's ``random.choice`` did the
same). The engine's random bot and the fast playout draw exactly alike, so
one seed gives one game on either; plain floats keep the fast path's inner
loop free of the ``random`` module's Python-level layers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """One element of ``seq``, uniformly."""
    return seq[int(rng.random() * len(seq))]


def count(rng: random.Random, most: int) -> int:
    """A whole number from 1 to ``most``, uniformly."""
    return 1 + int(rng.random() * most)


def group(rng: random.Random, seq: Sequence[T], size: int) -> list[T]:
    """``size`` distinct elements of ``seq`` in random order (a partial Fisher-Yates shuffle)."""
    pool = list(seq)
    n = len(pool)
    for k in range(size):
        r = k + int(rng.random() * (n - k))
        pool[k], pool[r] = pool[r], pool[k]
    return pool[:size]


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` of a run seeded ``seed``: seeded by the pair alone."""
    return random.Random(f"hi5pnp-simulate/{seed}/{index}")
