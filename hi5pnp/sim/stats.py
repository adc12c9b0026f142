"""Counting games: a :class:`Summary` adds up records in whole numbers, so
summaries made in any number of processes merge to the same totals, and
:func:`interval` gives a rate's 95 % interval (Wilson's score interval,
which stays inside 0-1 and is honest for small counts)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from .bots.record import GameRecord

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def interval(hits: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's interval for a rate of ``hits`` in ``n`` (0-1); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = hits / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for ``confidence`` (0.95 gives 1.96)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + confidence / 2)


@dataclass
class FaceCount:
    games: int = 0
    team_wins: int = 0
    team_draws: int = 0
    placings: list[int] = field(default_factory=list)  # rounds placed 1st, 2nd, ..., then unplaced
    points: int = 0
    columns: int = 0
    games_with_column: int = 0

    def merge(self, other: FaceCount) -> None:
        self.games += other.games
        self.team_wins += other.team_wins
        self.team_draws += other.team_draws
        for k, x in enumerate(other.placings):  # every count of a run has the same places
            self.placings[k] += x
        self.points += other.points
        self.columns += other.columns
        self.games_with_column += other.games_with_column

    @property
    def score(self) -> float:
        """Its team's win rate, a draw counting half."""
        return self.hits / self.games if self.games else 0.0

    @property
    def hits(self) -> float:
        """Games its team won, a draw counting half."""
        return self.team_wins + self.team_draws / 2


@dataclass
class Summary:
    """Totals over games; every field a whole number or a count of them."""

    finishers: int
    placing_points: tuple[int, ...]
    column_points: int
    games: int = 0
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    first_wins: int = 0
    first_losses: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    faces: dict[str, FaceCount] = field(default_factory=dict)
    trait_columns: Counter[str] = field(default_factory=Counter)
    trait_marks: Counter[str] = field(default_factory=Counter)
    faced: Counter[str] = field(default_factory=Counter)
    matched: Counter[str] = field(default_factory=Counter)

    def add(self, rec: GameRecord) -> None:
        self.games += 1
        winner = rec.winner
        if winner is None:
            self.draws += 1
        else:
            self.seat_wins[winner] += 1
            if winner == rec.first:
                self.first_wins += 1
            else:
                self.first_losses += 1
        self.turns[rec.turns] += 1
        for k, face in enumerate(rec.faces):
            fc = self.faces.get(face)
            if fc is None:
                fc = self.faces[face] = FaceCount(placings=[0] * (self.finishers + 1))
            seat = rec.seats[k]
            fc.games += 1
            if winner is None:
                fc.team_draws += 1
            elif winner == seat:
                fc.team_wins += 1
            points = rec.columns[k] * self.column_points
            for place in rec.places[k]:
                fc.placings[place - 1 if place else -1] += 1
                points += self.placing_points[place - 1] if place else 0
            fc.points += points
            fc.columns += rec.columns[k]
            fc.games_with_column += rec.columns[k] > 0
        for t, x in rec.trait_columns:
            self.trait_columns[t] += x
        for t, x in rec.trait_marks:
            self.trait_marks[t] += x
        for colour, faced, matched in rec.colours:
            self.faced[colour] += faced
            self.matched[colour] += matched

    def merge(self, other: Summary) -> None:
        self.games += other.games
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.draws += other.draws
        self.first_wins += other.first_wins
        self.first_losses += other.first_losses
        self.turns.update(other.turns)
        for face, fc in other.faces.items():
            self.faces.setdefault(face, FaceCount(placings=[0] * (self.finishers + 1))).merge(fc)
        self.trait_columns.update(other.trait_columns)
        self.trait_marks.update(other.trait_marks)
        self.faced.update(other.faced)
        self.matched.update(other.matched)

    def mean_turns(self) -> float:
        return sum(k * v for k, v in self.turns.items()) / self.games if self.games else 0.0


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a normal statistic ``z``."""
    from statistics import NormalDist

    return 2 * (1 - NormalDist().cdf(abs(z)))


def holm(pvalues: dict[str, float], alpha: float = 0.05) -> dict[str, tuple[float, bool]]:
    """Holm's step-down over several tests at once: each test's level (the
    k-th smallest p-value of m is held to ``alpha / (m - k)``) and whether
    it is rejected (it and every smaller p-value under their levels). The
    chance of any false rejection stays under ``alpha``, whatever the tests'
    dependence. Ties keep the order of ``pvalues``."""
    m = len(pvalues)
    out: dict[str, tuple[float, bool]] = {}
    going = True
    for k, key in enumerate(sorted(pvalues, key=lambda key: pvalues[key])):
        level = alpha / (m - k)
        going = going and pvalues[key] <= level
        out[key] = (level, going)
    return out
