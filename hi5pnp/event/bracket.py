"""The top cut (revision 6 of docs/game-log.md): after the last Swiss
round, ``event.yaml``'s ``top: 4`` (2 or 8) players meet in single
elimination by their final rank (1 v 4 and 2 v 3; the better ranked moves
first), then the winners, to a final. A drawn knockout game is replayed as
the same table's ``game: 2`` (and 3, ...). The bracket is read from the
knockout rounds' logs; the Swiss table leaves those games out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Seat
from .games import Entry, Event
from .players import Standing


def seeding(top: int) -> list[tuple[int, int]]:
    """The first knockout round's tables by final rank, so that the better
    ranked can meet only later: 4 gives 1 v 4, 2 v 3; 8 gives 1 v 8, 4 v 5,
    2 v 7, 3 v 6 (each doubling pairs every rank with its mirror)."""
    order, size = [1], 1
    while size < top:
        size *= 2
        order = [r for seed in order for r in (seed, size + 1 - seed)]
    return list(zip(order[::2], order[1::2]))


def stages(top: int) -> int:
    """How many knockout rounds a top cut has: 1, 2 or 3."""
    return {2: 1, 4: 2, 8: 3}[top]


@dataclass
class Match:
    """One knockout table: its players (who moves first, then who second), its games' logs in order, and its winner."""

    round: int
    table: int
    first: str  # the players' keys
    second: str
    games: list[Entry] = field(default_factory=list)
    winner: str | None = None  # a key
    drawn: int = 0  # the number of the drawn game to replay (0: none)

    @property
    def decided(self) -> bool:
        return self.winner is not None

    def to_json(self, shown: dict[str, str]) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "first": shown.get(self.first, self.first),
            "second": shown.get(self.second, self.second),
            "games": [e.log for e in self.games],
            "winner": shown.get(self.winner, self.winner) if self.winner else None,
        }


def is_knockout(ev: Event, round_number: int | None) -> bool:
    """Whether a round is one of the top cut's."""
    planned, top = ev.file.rounds, ev.file.top
    return top is not None and planned is not None and round_number is not None and planned < round_number <= planned + stages(top)


def matches(ev: Event, round_number: int) -> list[Match]:
    """A knockout round's tables as its logs give them, with each one's winner (its last game that counts and is not drawn)."""
    by_table: dict[int, Match] = {}
    for e in ev.entries:
        if e.round != round_number or e.aside or len(e.keys) != 2:
            continue
        number = e.table_number
        if number is None:
            continue
        about = e.verdict.about
        first = about.first if about is not None and about.first is not None else Seat.NORTH
        m = by_table.setdefault(number, Match(round_number, number, e.keys[first], e.keys[first.other]))
        m.games.append(e)
    for m in by_table.values():
        m.games.sort(key=lambda e: e.game_number)
        last = m.games[-1]
        if last.game is not None and last.game.winner in ("north", "south"):
            m.winner = last.keys[Seat(last.game.winner)]
        elif last.game is not None and last.game.winner == "draw":
            m.drawn = last.game_number
    return [by_table[n] for n in sorted(by_table)]


def seeds(ranked: list[Standing], dropped: set[str], top: int) -> list[Standing]:
    """The top cut's players: the first ``top`` of the final Swiss table who have not dropped."""
    return [s for s in ranked if s.key not in dropped][:top]


def first_round(players: list[Standing], top: int) -> list[tuple[Standing, Standing]]:
    """The first knockout round's tables by rank (the better ranked first)."""
    return [(players[a - 1], players[b - 1]) for a, b in seeding(top)]


def bracket(ev: Event) -> list[Match]:
    """Every knockout table so far, round by round."""
    top, planned = ev.file.top, ev.file.rounds
    if top is None or planned is None:
        return []
    return [m for k in range(1, stages(top) + 1) for m in matches(ev, planned + k)]


def bracket_lines(ev: Event, ms: list[Match]) -> list[str]:
    """The bracket as text: a knockout table a line."""
    if not ms:
        return []
    shown = ev.names.shown
    lines = [f"top {ev.file.top}:"]
    for m in ms:
        a, b = shown.get(m.first, m.first), shown.get(m.second, m.second)
        if m.winner is not None:
            said = f"{shown.get(m.winner, m.winner)} wins" + (f" (game {m.games[-1].game_number})" if len(m.games) > 1 else "")
        elif m.drawn:
            said = f"game {m.drawn} drawn: replayed as game {m.drawn + 1}"
        else:
            said = "to play"
        lines.append(f"  round {m.round}, table {m.table}: {a} v {b}: {said}")
    return lines
