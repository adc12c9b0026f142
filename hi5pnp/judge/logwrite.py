"""Writing the game log format: a game played through the engine, as a log
that ``hi5pnp check`` reads back (docs/game-log.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ..rules import SEATS, Seat, State
from .log import FORMAT


def flow(items: Iterable[object]) -> str:
    """A YAML flow list: ``[1a, 3b]``."""
    return "[" + ", ".join(str(x) for x in items) + "]"


def seats_flow(values: Mapping[Seat, object]) -> str:
    """A YAML flow mapping of the seats: ``{north: 9, south: 6}``."""
    return "{" + ", ".join(f"{s}: {values[s]}" for s in SEATS) + "}"


_UNSAFE = re.compile('[\\\\"\x00-\x1f\x7f-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff\ufeff\ufffe\uffff]')


def _escaped(ch: str) -> str:
    if ch in '\\"':
        return "\\" + ch
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def quote(text: str) -> str:
    """A YAML double-quoted string that reads back as ``text``: a control
    character, a line break or a mark that reorders text written as an
    escape (``\\x1b``), never raw, so the file stays valid YAML."""
    return '"' + _UNSAFE.sub(lambda m: _escaped(m.group()), text) + '"'


def game_log(state: State, deck_name: str, comment: str = "") -> str:
    """The game ``state`` has played, as a log with every recorded value
    (``finish``, ``points``, ``result``) filled in from the engine."""
    lines = [f"# {comment}"] if comment else []
    lines += [
        f"log: {FORMAT}",
        f"deck: {deck_name}",
        f"edition: {state.edition.number}",
        "teams:",
        *(f"  {seat}: {flow(state.team(seat))}" for seat in SEATS),
        f"first: {state.first}",
        "rounds:",
    ]
    results = state.results()
    for k, played in enumerate(state.history()):
        lines.append(f"  - course: {flow(played.course)}")
        lines.append("    turns:" if played.turns else "    turns: []")
        lines += [f"      - {t}" for t in played.turns]
        if k < len(results):
            lines.append(f"    finish: {flow(results[k].finish)}")
            lines.append(f"    points: {seats_flow(results[k].points)}")
    if state.is_terminal():
        lines += [
            "result:",
            f"  columns: {seats_flow(state.complete_columns())}",
            f"  score: {seats_flow(state.scores())}",
            f"  winner: {state.winner()}",
        ]
    return "\n".join(lines) + "\n"
