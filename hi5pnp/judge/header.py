"""What a log says about its game before the turns (event, date, judge,
table, notes, players, deck, edition): kept even when the rest of the log
cannot be read, so that the verdict on an unreadable log still names its
game. When the YAML itself is broken, each header line is read on its own."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..deck import yamlsource
from ..errors import Fault, LogError
from ..rules import SEATS, Seat

TEXT_KEYS = ("event", "date", "judge", "table", "game", "notes")  # free text, kept as written (game: a knockout table's replay, revision 6)
_TOP = re.compile(r"^(event|date|judge|table|notes|deck|edition|players|round|first):[ \t]*(\S.*)$")


@dataclass
class Header:
    """What a log says about its game before the turns (event, players, deck,
    edition): kept even when the rest of the log cannot be read."""

    path: str
    deck: str | None = None
    edition: int | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    round: int | None = None  # the event's round the game belongs to (revision 5)
    first: Seat | None = None  # who moves first, when that much can be read

    @property
    def event(self) -> str:
        return self.texts.get("event", "")


class UnreadLog(LogError):
    """A log that cannot be read, with what of its header could be, and the
    words written where a face id goes (for a "did you mean" once the deck is known)."""

    def __init__(
        self,
        faults: list[Fault] | Fault,
        header: Header | None = None,
        face_words: list[tuple[Fault, str, str]] | None = None,
        folder: Path | None = None,
        deck_line: int = 0,
        in_play: Sequence[str] = (),
    ):
        super().__init__(faults)
        self.header = header
        self.face_words = face_words or []  # (fault, word as written, "competitor" | "obstacle" | "turn")
        self.folder = folder
        self.deck_line = deck_line
        self.in_play = list(in_play)  # the teams' faces, as far as they could be read


def header_of_text(text: str | None, shown: str) -> Header | None:
    """The header fields of a log whose YAML is broken, each top-level line
    read on its own (``event: "Club night"``, ``players: {north: Ann}``);
    None when none can be read."""
    if not text:
        return None
    h = Header(shown)
    for line in text.splitlines():
        m = _TOP.match(line)
        if m is None:
            continue
        try:  # the project's reader: bounded, and a value YAML cannot make is a fault, not a crash
            doc = yamlsource.parse(f"v: {m.group(2)}", shown)
        except yamlsource.YamlReadError:
            continue
        if not isinstance(doc, dict) or "v" not in doc:
            continue
        value = doc["v"]
        key = m.group(1)
        if key in TEXT_KEYS and isinstance(value, (str, int, float)) and not isinstance(value, bool):
            h.texts.setdefault(key, str(value) if not isinstance(value, str) else value)
        elif key == "deck" and isinstance(value, str) and h.deck is None:
            h.deck = value.strip()
        elif key == "edition" and isinstance(value, int) and not isinstance(value, bool) and h.edition is None:
            h.edition = value
        elif key == "players" and isinstance(value, dict) and not h.players:
            h.players = {Seat(s): str(value[s]) for s in SEATS if isinstance(value.get(s), (str, int))}
        elif key == "round" and isinstance(value, int) and not isinstance(value, bool) and value >= 1 and h.round is None:
            h.round = value
        elif key == "first" and isinstance(value, str) and value.strip().lower() in SEATS and h.first is None:
            h.first = Seat(value.strip().lower())
    return h if (h.texts or h.players or h.deck or h.edition or h.round) else None
