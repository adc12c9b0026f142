"""A log stepped through on the table's board (``/play/replay/NAME``): a
log of the judge's folder or one pasted (a game at the table is pasted
first, as "Open it in the judge's page" does), turn by turn, forwards and
back, the verdict's fault shown on its turn. The checker replays it: the
board shows the positions it went through."""

from __future__ import annotations

from typing import Any

from ...deck.translations import in_language
from ...errors import DeckError, InputError, printable
from ...judge.batch import read_one
from ...judge.check import DeckCache, with_deck
from ...language import _, spoken
from ...rules import SEATS
from ...table.board import board
from ...table.replay import replay_steps
from ..desk import Desk


def replay_view(desk: Desk, name: str, at: int | None) -> dict[str, Any] | None:
    """What the replay page shows of the log ``name`` at step ``at`` (None:
    the fault's step where there is one, else the start); None for no such log."""
    path = desk.log_path(name)
    if path is None:
        return None
    try:
        log, deck = with_deck(read_one(str(path)), DeckCache(None))
    except (InputError, OSError) as exc:
        return {"name": name, "unread": printable(str(exc).splitlines()[0] if str(exc) else _("the log cannot be read")), "steps": []}
    try:
        words = in_language(deck, spoken().lang)
    except DeckError:
        words = deck
    steps, verdict = replay_steps(log, deck, words)
    if not steps:
        return {"name": name, "unread": printable(verdict.problem.message if verdict.problem else _("the log has no turns to show")), "steps": []}
    fault = next((k for k, s in enumerate(steps) if s.fault), None)
    k = min(max(at if at is not None else fault if fault is not None else 0, 0), len(steps) - 1)
    step = steps[k]
    names = {s: log.players.get(s, "") for s in SEATS}
    scores = step.state.scores()
    return {
        "name": name,
        "at": k,
        "last": len(steps) - 1,
        "fault_at": fault,
        "step": {"line": step.line, "turn": step.turn, "said": printable(step.said), "fault": printable(step.fault), "round": step.round},
        "outcome": verdict.outcome,
        "problem": printable(verdict.problem.message) if verdict.problem else "",
        "scores": {str(s): v for s, v in scores.items()},
        "board": board(step.state, words, names, marked=step.face),
        "steps": [
            {"k": j, "line": s.line, "turn": printable(s.turn), "round": s.round, "fault": bool(s.fault), "start": not s.turn} for j, s in enumerate(steps)
        ],
        "base": "",
        "id": "",
    }
