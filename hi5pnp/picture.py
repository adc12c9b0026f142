"""Small text pictures of a game in progress, for a judge: the course with
who stands where, and what the player to move could legally have done."""

from __future__ import annotations

from .engine import PLAYING, State


def course_picture(state: State) -> list[str]:
    """One line per obstacle card, west to east, with both of its positions.

    ``1a(2)`` is 1a holding two chits; ``1a*`` is exhausted this segment.
    """
    if state.course is None:
        return ["(no course laid)"]
    n = state.cards
    at: dict[int, list[str]] = {}
    for i, face in enumerate(state.faces):
        if state.out[i]:
            continue
        mark = f"({state.chits[i]})" if state.chits[i] else ""
        mark += "" if state.ready[i] or state.phase != PLAYING else "*"
        at.setdefault(state.pos[i], []).append(face + mark)
    south = [_spot(col, at) for col in range(1, n + 1)]
    width = max(12, *(len(x) for x in south)) + 2
    kinds = [f"{ob.color} {ob.trait}" for ob in state.course]
    kw = max(10, *(len(k) for k in kinds)) + 2
    rows = [f"  {'card':<5} {'obstacle':<{kw}}{'south side':<{width}}north side"]
    for col in range(1, n + 1):
        ob = state.course[col - 1]
        rows.append(
            f"  {ob.id:<5} {kinds[col - 1]:<{kw}}{south[col - 1]:<{width}}{_spot(2 * n + 1 - col, at)}"
            + ("   <- final obstacle" if col == 1 else "")
        )
    done = ", ".join(f"{f} ({k + 1})" for k, f in enumerate(state.finishers())) or "none"
    rows.append(f"  finished: {done}   (n) chits held, * exhausted")
    return rows


def _spot(position: int, at: dict[int, list[str]]) -> str:
    return f"{position}: " + (" ".join(at.get(position, [])) or "-")


def legal_instead(state: State, face: str | None = None) -> list[str]:
    """What the player to move could do: their ready competitors and each one's options
    (only ``face``'s, when it is one of them)."""
    seat = state.current_player()
    if seat is None:
        return ["no turn can be played: the round is over"]
    ready = state.ready_faces(seat)
    lines = [f"{seat} to play (first-player token: {state.token_holder()}); ready: {', '.join(ready)}"]
    shown = [face] if face in ready else ready
    return lines + [options(state, f) for f in shown]


def options(state: State, face: str) -> str:
    """One ready competitor's options, in words."""
    f = state.facing(face)
    ob = f.obstacle
    n = min(f.matches, len(f.eligible))
    if n == 0:
        bring = "may bring nobody"
    else:
        bring = f"may bring {'exactly' if state.edition == 1 else 'up to'} {n} of {', '.join(f.eligible)}"
    return (
        f"{face} at {f.position} faces {ob.id}{' ' + ob.name if ob.name else ''} ({ob.color}, {ob.trait}) "
        f"with {f.matches} matching gem{'s' * (f.matches != 1)}: {bring}; "
        f"holds {f.chits} of {state.rules.chit_limit} chits; may bypass spending up to {f.max_spend}"
    )
