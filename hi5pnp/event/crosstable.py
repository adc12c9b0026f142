"""The cross-table of an event (``standings --cross``, revision 5 of
docs/game-log.md): a row per player in standings order, a column per round,
each cell the opponent's rank, the result (``+`` a win, ``=`` a draw, ``-``
a loss) and ``f`` when the player moved first (``5+f``); a bye is ``bye``.
Games of no known round (a log without ``round:``) follow under ``?``, in
the order of their files."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .players import Played, Standing


@dataclass(frozen=True)
class CrossRow:
    rank: int
    player: str
    cells: tuple[str, ...]  # one per column; '' where the player has no game


@dataclass(frozen=True)
class CrossTable:
    columns: tuple[str, ...]  # "1", "2", … and "?" for each game of no known round
    rows: tuple[CrossRow, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rounds": list(self.columns), "rows": [{"rank": r.rank, "player": r.player, "cells": list(r.cells)} for r in self.rows]}

    def lines(self) -> list[str]:
        """The cross-table as text, columns aligned."""
        table = [("rank", "player", *self.columns)] + [(str(r.rank), r.player, *r.cells) for r in self.rows]
        widths = [max(len(row[k]) for row in table) for k in range(len(table[0]))]
        return ["  ".join(c.ljust(w) if k == 1 else c.rjust(w) for k, (c, w) in enumerate(zip(row, widths))).rstrip() for row in table]

    def csv_header(self) -> list[str]:
        return [f"round{c}" if c != "?" else f"other{k}" for k, c in enumerate(self.columns, 1)]


def _cell(p: Played, ranks: dict[str, int]) -> str:
    if p.opponent is None:
        return "bye"
    return f"{ranks[p.opponent]}{p.mark}{'f' * bool(p.first)}"


def cross_table(ranked: Sequence[Standing]) -> CrossTable:
    """The cross-table of a ranked table."""
    ranks = {s.key: s.rank for s in ranked}
    rounds = sorted({p.round for s in ranked for p in s.games if p.round is not None})
    extra = max((sum(p.round is None for p in s.games) for s in ranked), default=0)
    columns = (*(str(r) for r in rounds), *("?" for _ in range(extra)))
    rows = []
    for s in ranked:
        by_round = {p.round: _cell(p, ranks) for p in s.games if p.round is not None}
        others = [_cell(p, ranks) for p in s.games if p.round is None]
        cells = [by_round.get(r, "") for r in rounds] + others + [""] * (extra - len(others))
        rows.append(CrossRow(s.rank, s.player, tuple(cells)))
    return CrossTable(columns, tuple(rows))
