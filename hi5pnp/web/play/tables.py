"""The desk's games at the table, kept in memory by a random id, each with
a lock of its own (the Play page, :mod:`.playing`). A game is reached only
by its links: one per person's seat (or one for two people at one screen),
each with a secret of its own, and a spectator's link that only watches.

A game in progress is never dropped to make room: a game left alone for an
hour goes, and when the table is full a finished game goes first (the one
finished longest ago); with neither, a new deal is refused with the true
reason (:class:`~hi5pnp.errors.TableError`)."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ...deck import Deck
from ...errors import TableError
from ...language import _, ngettext
from ...rules import SEATS, Seat
from ...table import Table
from .news import News

IDLE = 3600.0  # seconds a game is kept after its last use
BOT_PAUSE = 0.6  # seconds before a bot replies, so that a person sees their own turn first
MOST_GAMES = 64  # games kept at once; a finished one makes room, a game in progress never does


@dataclass
class Kept:
    """A game, when it was last used, and what its pages are told."""

    table: Table
    used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    said: str = ""  # what the last action answered (a refusal, "2 turns taken back")
    words: dict[str, Deck] = field(default_factory=dict)  # the deck in each language spoken at this game (playing.words_of)
    news: News = field(default_factory=News)  # what its open pages are told
    keys: dict[str, frozenset[Seat]] = field(default_factory=dict)  # each link's secret, and the seats it plays (none: it watches)
    owner: str = ""  # the secret of the person who dealt it, whose page shows every link

    def key_for(self, seats: frozenset[Seat]) -> str:
        """The secret of the link that plays exactly ``seats`` (an empty set: the spectator's)."""
        return next(k for k, v in self.keys.items() if v == seats)

    def seats_of(self, key: str) -> frozenset[Seat] | None:
        """The seats a link plays (empty: it watches); None for a secret that is not this game's."""
        found = [v for k, v in self.keys.items() if hmac.compare_digest(k.encode(), key.encode())]
        return found[0] if found else None


@dataclass
class Tables:
    """The desk's games, by id."""

    games: dict[str, Kept] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    most: int = MOST_GAMES
    idle: float = IDLE
    pause: float = BOT_PAUSE

    def add(self, table: Table, apart: bool = False) -> str:
        """Keep ``table`` under a new id, with a link for each person's seat
        (two people at one screen share one, unless they sit ``apart``, each
        at a machine of their own) and a spectator's link; raises TableError
        when every place holds a game in progress."""
        game_id = secrets.token_hex(8)
        people = frozenset(s for s in SEATS if table.seating.is_person(s))
        keys = {secrets.token_hex(12): frozenset({s}) for s in people} if apart or len(people) < 2 else {secrets.token_hex(12): people}
        keys[secrets.token_hex(12)] = frozenset()
        with self.lock:
            self._drop_idle()
            if len(self.games) >= self.most:
                finished = [k for k, v in self.games.items() if v.table.over()]
                if not finished:
                    raise TableError(self.full())
                del self.games[min(finished, key=lambda k: self.games[k].used)]
            self.games[game_id] = Kept(table, keys=keys)
        return game_id

    def full(self) -> str:
        """Why a new deal is refused: the table is full of games in progress (under the lock)."""
        soonest = max(0, int(min(v.used for v in self.games.values()) + self.idle - time.monotonic()) // 60 + 1)
        said = {"games": self.most, "minutes": soonest}
        return (
            _("The table is full: all %(games)d games at this desk are in progress, and none is dropped while it is played.") % said
            + " "
            + ngettext(
                "Finish one, or deal again in %(minutes)d minute, when the game left alone longest may go.",
                "Finish one, or deal again in %(minutes)d minutes, when the game left alone longest may go.",
                soonest,
            )
            % said
        )

    def get(self, game_id: str) -> Kept | None:
        with self.lock:
            self._drop_idle()
            kept = self.games.get(game_id)
            if kept is not None:
                kept.used = time.monotonic()
            return kept

    def _drop_idle(self) -> None:
        now = time.monotonic()
        for k in [k for k, v in self.games.items() if now - v.used > self.idle]:
            del self.games[k]

    def open_games(self) -> list[dict[str, Any]]:
        with self.lock:
            self._drop_idle()
            ordered = sorted(self.games.items(), key=lambda kv: -kv[1].used)
            return [{"id": k, "title": title(v.table), "watch": v.key_for(frozenset())} for k, v in ordered]


def title(table: Table) -> str:
    names = table.seating.names
    return _("%(north)s (north) v %(south)s (south), seed %(seed)s") % {"north": names[Seat.NORTH], "south": names[Seat.SOUTH], "seed": table.seating.seed}
