"""A game's generator compiled by numba (the ``fast`` extra): Python's own
``random.Random`` (the Mersenne Twister, MT19937, as CPython's
``_randommodule.c`` codes it) and the draws the engine's players make of it,
so a compiled game draws exactly what :func:`~hi5pnp.sim.bots.draw.game_rng`'s
generator gives the general engine:

- :func:`seeded`: the generator a string seeds, from the key words
  :func:`~hi5pnp.sim.bots.draw.game_key` makes of it (CPython's
  ``init_by_array``);
- :func:`random`: ``rng.random()``, 53 bits from two words;
- :func:`below`: ``rng._randbelow(n)``, which ``choice`` and ``shuffle`` use
  (the bits of ``n``, drawn again until under it);
- :func:`shuffle`: ``rng.shuffle``, on the first ``n`` numbers of an array.

A generator is an int64 array: the 624 words of the state, then the index
of the next word. tests/test_jit_games.py draws both ways from many seeds
and compares every number. Imported only where numba is; cached like
:mod:`.jit_kernel`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SIZE, SHIFT = 624, 397  # MT19937's N and M
MASK = 0xFFFFFFFF
UPPER, LOWER, MATRIX = 0x80000000, 0x7FFFFFFF, 0x9908B0DF


@njit(cache=True)
def seeded(key, length):  # type: ignore[no-untyped-def]
    """A generator seeded as CPython seeds one with ``key``'s first ``length`` words (init_by_array)."""
    mt = np.empty(SIZE + 1, np.int64)
    mt[0] = 19650218
    for i in range(1, SIZE):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & MASK
    i, j = 1, 0
    for _ in range(max(SIZE, length)):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & MASK
        i += 1
        j += 1
        if i >= SIZE:
            mt[0] = mt[SIZE - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(SIZE - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & MASK
        i += 1
        if i >= SIZE:
            mt[0] = mt[SIZE - 1]
            i = 1
    mt[0] = 0x80000000
    mt[SIZE] = SIZE  # every word used: the next draw makes the next 624
    return mt


@njit(cache=True)
def _word(mt):  # type: ignore[no-untyped-def]
    """The next 32-bit word (genrand_uint32)."""
    if mt[SIZE] >= SIZE:
        for k in range(SIZE):
            y = (mt[k] & UPPER) | (mt[(k + 1) % SIZE] & LOWER)
            mt[k] = mt[(k + SHIFT) % SIZE] ^ (y >> 1) ^ (MATRIX if y & 1 else 0)
        mt[SIZE] = 0
    y = mt[mt[SIZE]]
    mt[SIZE] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & MASK


@njit(cache=True)
def random(mt):  # type: ignore[no-untyped-def]
    """``rng.random()``: a float in [0, 1) of 53 bits."""
    a = _word(mt) >> 5
    b = _word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def below(mt, n):  # type: ignore[no-untyped-def]
    """``rng._randbelow(n)`` for 0 < n < 2**32: as many bits as ``n`` has, drawn again while not under ``n``."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = _word(mt) >> (32 - k)
    while r >= n:
        r = _word(mt) >> (32 - k)
    return r


@njit(cache=True)
def shuffle(mt, x, n):  # type: ignore[no-untyped-def]
    """``rng.shuffle`` of ``x[:n]``, in place."""
    for i in range(n - 1, 0, -1):
        j = below(mt, i + 1)
        x[i], x[j] = x[j], x[i]
