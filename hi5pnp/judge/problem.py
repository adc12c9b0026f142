"""What a verdict rests on: the fault found (:class:`Problem`, with the
legal turns in place of a faulty one) and each value a log may write beside
the one the game gives (:class:`Record`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..language import _
from ..rules import State, Turn
from .position import LegalTurns, legal_turns


class Problem(NamedTuple):
    """The fault a verdict rests on."""

    line: int
    kind: str  # "rules" | "record" | "read"
    message: str
    turn: str = ""  # the turn as written, for a turn's fault
    where: str = ""  # "round 2, turn 14"
    position: State | None = None  # the game where the fault was met (a turn's, or a round cut short)
    entry: tuple[int, int] | None = None  # a turn's fault: (round, turn), counted from 1
    after_end: bool = False  # a turn written after its round (or the game) had ended

    def legal_instead(self) -> LegalTurns:
        """The legal turns in place of the faulty one, in log notation: the
        first few and a bounded count (worked out when asked for)."""
        if self.position is None or not self.turn:
            return LegalTurns((), 0)
        return legal_turns(self.position, Turn.parse(self.turn).face)


class Record(NamedTuple):
    """A value the log may write, beside the one the game gives."""

    line: int  # 0 when the log does not write it
    field: str  # "rounds[2].points.north", "rounds[1].finish", "result.winner"
    what: str  # "round 2, north's points"
    recorded: Any  # None when the log does not write it
    computed: Any
    slip: str = ""  # why the written value cannot be compared (``winner: nroth``), if it cannot

    @property
    def differs(self) -> bool:
        return bool(self.slip) or (self.recorded is not None and self.recorded != self.computed)

    def words(self) -> str:
        """ "round 2, north's points: written 9, computed 8" (with the slip, if any)."""
        slip = f" ({self.slip})" if self.slip else ""
        said = {"what": self.what, "written": _shown(self.recorded), "slip": slip, "computed": _shown(self.computed)}
        return _("%(what)s: written %(written)s%(slip)s, computed %(computed)s") % said

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "field": self.field, "recorded": self.recorded, "computed": self.computed}


def _shown(value: Any) -> str:
    return " ".join(str(x) for x in value) if isinstance(value, list) else str(value)
