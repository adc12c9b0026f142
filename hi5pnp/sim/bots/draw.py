"""How the random bot draws: a choice, a count and a group, each from one
call of ``rng.random()`` per draw (Python 2's ``random.choice`` did the
same). The engine's random bot and the fast playout draw exactly alike, so
one seed gives one game on either; plain floats keep the fast path's inner
loop free of the ``random`` module's Python-level layers.
"""

from __future__ import annotations

import hashlib
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
    return random.Random(_name(seed, index))


def _name(seed: int, index: int) -> str:
    """The text that seeds game ``index`` of a run seeded ``seed``."""
    return f"hi5pnp-simulate/{seed}/{index}"


def game_key(seed: int, index: int) -> bytes:
    """What seeds :func:`game_rng`'s generator, as CPython reads it: the
    seed's text and its SHA-512 as one number (``random.seed`` of a string,
    version 2), in 32-bit words, least significant first, each word's bytes
    little-endian. The compiled games (:mod:`.jit_random`) seed their
    generator with it."""
    text = _name(seed, index).encode()
    raw = (text + hashlib.sha512(text).digest()).lstrip(b"\0")[::-1]  # the number's bytes, least significant first
    return raw + bytes(-len(raw) % 4) if raw else bytes(4)
