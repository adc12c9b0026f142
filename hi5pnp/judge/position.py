"""A position in words, for a judge: whose move it is, the course with who
stands where, and every competitor's state and trait matrix with its marks;
and the turns that were legal there, in log notation, ready to paste."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from ..language import _, ngettext
from ..language.words import ordinal
from ..rules import SEATS, Seat, State
from ..rules.proposals import count_up_to
from ..rules.seat import seat_words

MOST_TURNS = 12  # legal turns listed; the rest are counted
MOST_COUNTED = 1000  # legal turns counted at most; past it, "more than 1,000"


@dataclass(frozen=True)
class LegalTurns:
    """The legal turns a verdict shows: the first :data:`MOST_TURNS`, in log
    notation, and how many there are in all, counted no further than
    :data:`MOST_COUNTED` + 1 (where many stand together there can be millions,
    and they are never all made)."""

    shown: tuple[str, ...]
    count: int

    def __bool__(self) -> bool:
        return self.count > 0

    @property
    def more(self) -> int:
        """The legal turns not shown (a lower bound when :attr:`counted_all` is false)."""
        return self.count - len(self.shown)

    @property
    def counted_all(self) -> bool:
        return self.count <= MOST_COUNTED

    def more_words(self) -> str:
        """ "… and 7 more", or past the bound "… 12 shown of more than 1,000"; "" when all are shown."""
        if not self.more:
            return ""
        if self.counted_all:
            return _("… and %(n)d more") % {"n": self.more}
        return _("… %(n)d shown of more than %(most)s") % {"n": len(self.shown), "most": f"{MOST_COUNTED:,}"}


def legal_turns(state: State, face: str | None = None) -> LegalTurns:
    """The legal turns now, as a log writes them: ``face``'s when it may act
    now, otherwise those of every ready competitor of the player to move.
    Made one at a time and counted only as far as :data:`MOST_COUNTED`."""
    turns = state.iter_legal_actions(face) if face is not None else iter(())
    first = next(turns, None)
    if first is None:  # face may not act now: every competitor's that may
        turns = state.iter_legal_actions()
    else:
        turns = itertools.chain([first], turns)
    shown = tuple(str(t) for t in itertools.islice(turns, MOST_TURNS))
    return LegalTurns(shown, len(shown) + count_up_to(turns, MOST_COUNTED - len(shown)))


def marked_boxes(column: tuple[str, ...], unmarked: list[str]) -> list[bool]:
    """Which boxes of a matrix column are marked: marks fill a trait's boxes
    from the top, so the first (boxes - unmarked) of each trait are marked."""
    seen: dict[str, int] = {}
    out = []
    for trait in column:
        seen[trait] = seen.get(trait, 0) + 1
        out.append(seen[trait] <= column.count(trait) - unmarked.count(trait))
    return out


def status(state: State, face: str) -> str:
    """Where ``face`` is and what it may do: "at 4, ready, 2 chits"."""
    if state.course is None:  # before a round's course is laid: all wait at the start
        if state.is_terminal():
            return _("game over")
        return _("waiting for the next round") if state.round else _("waiting for the first round")
    if face in state.finishers():
        return _("finished %(place)s") % {"place": ordinal(state.finishers().index(face) + 1)}
    if not state.on_course(face):
        return _("finished, not placed")
    chits = state.chits_of(face)
    held = ", " + ngettext("%(n)d chit", "%(n)d chits", chits) % {"n": chits} if chits else ""
    ready = _("ready") if state.is_ready(face) else _("exhausted")
    return _("at %(position)d, %(ready)s") % {"position": state.position(face), "ready": ready} + held


def gems_words(state: State, face: str) -> str:
    """A competitor's gems, as matched against the obstacles: "gems red red blue"."""
    card = state.deck.competitor_face(face)
    return _("gems %(gems)s") % {"gems": " ".join(card.gems)} if card is not None else ""


def matrix_words(state: State, face: str) -> str:
    """A competitor's trait matrix: ``1 [x]speed [ ]power | 2 [ ]wits`` ([x] marked)."""
    card = state.deck.competitor_face(face)
    assert card is not None
    columns = []
    for k, (column, free) in enumerate(zip(card.matrix, state.unmarked(face)), 1):
        boxes = " ".join(("[x]" if m else "[ ]") + trait for trait, m in zip(column, marked_boxes(column, free)))
        columns.append(f"{k} {boxes}" + (" " + _("(complete)") if not free else ""))
    return " | ".join(columns)


def position_lines(state: State, players: Mapping[Seat, str] | None = None, disputed: str | None = None) -> list[str]:
    """The whole position in words: the round and whose move, the course,
    and each team's competitors with their gems and matrices (``disputed``:
    the competitor of the turn in dispute, marked)."""
    players = players or {}
    lines = str(state).splitlines()
    width = max(len(f) + 1 + len(_name(state, f)) for f in state.faces)
    where = max(len(status(state, f)) for f in state.faces)  # each column as wide as its longest entry
    gw = max(len(gems_words(state, f)) for f in state.faces)
    for seat in SEATS:
        name = players.get(seat)
        done = state.complete_columns()[seat]
        complete = ngettext("%(n)d complete column", "%(n)d complete columns", done) % {"n": done}
        lines.append(f"  {seat_words(seat)}{f' ({name})' if name else ''}, {complete}:")
        for face in state.team(seat):
            who = f"{face} {_name(state, face)}"
            mark = "   <- " + _("in dispute") if face == disputed else ""
            lines.append(f"    {who:<{width}}  {gems_words(state, face):<{gw}}  {status(state, face):<{where}}  {matrix_words(state, face)}{mark}")
    return lines


def _name(state: State, face: str) -> str:
    card = state.deck.competitor_face(face)
    return card.name if card is not None else ""
