"""Paired differences: two decks play the same games, and a rate's change
from one to the other comes with a 95 % interval that counts how the two
games of each pair move together (common random numbers).

Each rate is a ratio, hits over games counted: a face's team win rate
(hits over the games it was in), the first player's (wins over decided
games). Per game *i* and rate *k*, the pair of games gives four whole
numbers ``z = (y_A, x_A, y_B, x_B)``: hits counted in halves (a draw is
one half, so they stay whole) and games counted, on this deck (A) and the
other (B). :class:`Pairs` keeps, per rate, the sums of ``z`` and of its
cross products ``z zᵀ``: whole numbers that merge in any order, so the
numbers do not depend on how the games were shared out.

The change ``D = R_A - R_B`` (``R = Σy / 2Σx``) has, by the delta method,
the variance ``Σ u_i² / n²`` (times ``n / (n - 1)``) with ``u_i = (y_A -
2R_A x_A) / 2x̄_A - (y_B - 2R_B x_B) / 2x̄_B``, a quadratic form in those
sums. It is computed in exact fractions: two identical decks give change
0 and interval [0, 0] exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from .bots.record import GameRecord
from .stats import Z95

FIRST = "first player"  # the key of the first player's rate (no face id has a space)
_PAIRS = [(r, c) for r in range(4) for c in range(r, 4)]  # the cross products kept: upper triangle


class Change(NamedTuple):
    """This deck's rate minus the other deck's (rates 0-1), with its paired 95 % interval."""

    change: float
    low: float
    high: float


NO_CHANGE_KNOWN = Change(0.0, -1.0, 1.0)  # a rate one deck never measured: nothing is known


def _halves(rec: GameRecord) -> dict[str, tuple[int, int]]:
    """Per rate of one game: (hits in halves, games counted)."""
    winner = rec.winner
    out = {FIRST: (2 * (winner == rec.first), 1) if winner is not None else (0, 0)}
    for face, seat in zip(rec.faces, rec.seats):
        out[face] = (1 if winner is None else 2 * (winner == seat), 1)
    return out


@dataclass
class Pairs:
    """Per rate: the sums of ``z`` (4) and of ``z zᵀ``'s upper triangle (10), all whole numbers."""

    games: int = 0
    sums: dict[str, list[int]] = field(default_factory=dict)

    def add(self, mine: GameRecord, other: GameRecord) -> None:
        """Game *i* on this deck and on the other."""
        self.games += 1
        a, b = _halves(mine), _halves(other)
        for key in a.keys() | b.keys():
            z = (*a.get(key, (0, 0)), *b.get(key, (0, 0)))
            if not any(z):
                continue
            s = self.sums.setdefault(key, [0] * 14)
            for k in range(4):
                s[k] += z[k]
            for k, (r, c) in enumerate(_PAIRS, 4):
                s[k] += z[r] * z[c]

    def merge(self, other: Pairs) -> None:
        self.games += other.games
        for key, theirs in other.sums.items():
            s = self.sums.setdefault(key, [0] * 14)
            for k, x in enumerate(theirs):
                s[k] += x

    def change(self, key: str, z: float = Z95) -> Change:
        """Rate ``key``'s change with its paired interval; :data:`NO_CHANGE_KNOWN`
        when either deck has no game that counts for it."""
        s = self.sums.get(key)
        n = self.games
        if s is None or s[1] == 0 or s[3] == 0:
            return NO_CHANGE_KNOWN
        ya, xa, yb, xb = s[:4]
        ra, rb = Fraction(ya, 2 * xa), Fraction(yb, 2 * xb)
        # u_i = w · z_i; Σ u_i² = wᵀ (Σ z zᵀ) w
        w = (Fraction(n, 2 * xa), -ra * Fraction(n, xa), -Fraction(n, 2 * xb), rb * Fraction(n, xb))
        square = sum((w[r] * w[c] * s[k] * (1 if r == c else 2) for k, (r, c) in enumerate(_PAIRS, 4)), Fraction(0))
        variance = square / (n * n) * (Fraction(n, n - 1) if n > 1 else 1)
        d = ra - rb
        half = z * math.sqrt(variance)
        return Change(float(d), max(-1.0, float(d) - half), min(1.0, float(d) + half))
