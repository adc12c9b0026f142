"""A position in words, for a judge: whose move it is, the course with who
stands where, and every competitor's state and trait matrix with its marks;
and the turns that were legal there, in log notation, ready to paste."""

from __future__ import annotations

from collections.abc import Mapping

from ..rules import SEATS, Seat, State


def legal_turns(state: State, face: str | None = None) -> list[str]:
    """Every legal turn now, as a log writes it: ``face``'s when it may act
    now, otherwise those of every ready competitor of the player to move."""
    if state.current_player() is None:
        return []
    turns = state.legal_actions()
    mine = [t for t in turns if t.face == face]
    return [str(t) for t in mine or turns]


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
        return "waiting for the next round" if state.round else "waiting for the first round"
    if face in state.finishers():
        place = state.finishers().index(face) + 1
        return f"finished {place}{_suffix(place)}"
    if not state.on_course(face):
        return "finished, not placed"
    chits = state.chits_of(face)
    held = f", {chits} chit{'s' * (chits != 1)}" if chits else ""
    return f"at {state.position(face)}, {'ready' if state.is_ready(face) else 'exhausted'}{held}"


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def matrix_words(state: State, face: str) -> str:
    """A competitor's trait matrix: ``1 [x]speed [ ]power | 2 [ ]wits`` ([x] marked)."""
    card = state.deck.competitor_face(face)
    assert card is not None
    columns = []
    for k, (column, free) in enumerate(zip(card.matrix, state.unmarked(face)), 1):
        boxes = " ".join(("[x]" if m else "[ ]") + trait for trait, m in zip(column, marked_boxes(column, free)))
        columns.append(f"{k} {boxes}" + (" (complete)" if not free else ""))
    return " | ".join(columns)


def position_lines(state: State, players: Mapping[Seat, str] | None = None) -> list[str]:
    """The whole position in words: the round and whose move, the course,
    and each team's competitors with their matrices."""
    players = players or {}
    lines = str(state).splitlines()
    width = max(len(f) + 1 + len(_name(state, f)) for f in state.faces)
    for seat in SEATS:
        name = players.get(seat)
        done = state.complete_columns()[seat]
        lines.append(f"  {seat}{f' ({name})' if name else ''}, {done} complete column{'s' * (done != 1)}:")
        for face in state.team(seat):
            who = f"{face} {_name(state, face)}"
            lines.append(f"    {who:<{width}}  {status(state, face):<24} {matrix_words(state, face)}")
    return lines


def _name(state: State, face: str) -> str:
    card = state.deck.competitor_face(face)
    return card.name if card is not None else ""
