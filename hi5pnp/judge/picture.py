"""What the player to move could have done, in words, for a judge reading a
verdict (the course itself is :meth:`hi5pnp.rules.State.course_rows`)."""

from __future__ import annotations

from ..rules import State


def legal_instead(state: State, face: str | None = None) -> list[str]:
    """The player to move, their ready competitors and each one's options
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
    n = f.can_bring
    if n == 0:
        bring = "may bring nobody"
    else:
        bring = f"may bring {'exactly' if state.edition.exact_count else 'up to'} {n} of {', '.join(f.eligible)}"
    return (
        f"{face} at {f.position} faces {ob.id}{' ' + ob.name if ob.name else ''} ({ob.color}, {ob.trait}) "
        f"with {f.matches} matching gem{'s' * (f.matches != 1)}: {bring}; "
        f"holds {f.chits} of {state.rules.chit_limit} chits; may bypass spending up to {f.max_spend}"
    )
