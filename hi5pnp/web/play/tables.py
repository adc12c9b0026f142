"""The desk's games at the table, kept in memory by a random id, each with
a lock of its own, dropped after an hour left alone (the Play page,
:mod:`.playing`)."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ...language import _
from ...rules import Seat
from ...table import Table

IDLE = 3600.0  # seconds a game is kept after its last use
MOST_GAMES = 64  # games kept at once; the longest idle goes first


@dataclass
class Kept:
    """A game and when it was last used."""

    table: Table
    used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    said: str = ""  # what the last action answered (a refusal, "2 turns taken back")


@dataclass
class Tables:
    """The desk's games, by id."""

    games: dict[str, Kept] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, table: Table) -> str:
        game_id = secrets.token_hex(8)
        with self.lock:
            self._drop_idle()
            if len(self.games) >= MOST_GAMES:
                oldest = min(self.games, key=lambda k: self.games[k].used)
                del self.games[oldest]
            self.games[game_id] = Kept(table)
        return game_id

    def get(self, game_id: str) -> Kept | None:
        with self.lock:
            self._drop_idle()
            kept = self.games.get(game_id)
            if kept is not None:
                kept.used = time.monotonic()
            return kept

    def _drop_idle(self) -> None:
        now = time.monotonic()
        for k in [k for k, v in self.games.items() if now - v.used > IDLE]:
            del self.games[k]

    def open_games(self) -> list[dict[str, Any]]:
        with self.lock:
            self._drop_idle()
            return [{"id": k, "title": title(v.table)} for k, v in sorted(self.games.items(), key=lambda kv: -kv[1].used)]


def title(table: Table) -> str:
    names = table.seating.names
    return _("%(north)s (north) v %(south)s (south), seed %(seed)s") % {"north": names[Seat.NORTH], "south": names[Seat.SOUTH], "seed": table.seating.seed}
