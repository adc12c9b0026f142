"""What ``hi5pnp tune`` found, as the designer reads it: lines of text, or
one JSON object (docs/simulate.md, "hi5pnp tune"). Each proposal is shown
as the diff of the deck file it changes, with the tuned face's and the
first player's rates before and after it."""

from __future__ import annotations

from typing import Any

from ..deck.edit import diff_of, edit_of
from . import MOST_GAMES
from .balance import Window, judge
from .paired import FIRST
from .tune import Estimate, Judged, Tuning


def _pc(rate: float) -> str:
    return f"{rate * 100:.1f} %"


def _span(low: float, high: float) -> str:
    return f"{low * 100:.1f}-{high * 100:.1f}"


def _window(window: Window) -> str:
    return f"{window[0]:g}-{window[1]:g} %"


def _name(tuning: Tuning, face: str) -> str:
    comp = tuning.deck.competitor_face(face)
    return f"{face} ({comp.name})" if comp else face


def estimate_line(label: str, e: Estimate) -> str:
    """``2a: 38.0 % (35.0-41.1) to 49.7 % (44.4-55.0): +11.7 points (95 % interval +7.1 to +16.4)``."""
    c = e.change
    return (
        f"{label}: {_pc(e.before)} ({_span(e.before_low, e.before_high)}) to {_pc(e.after)} ({_span(e.low, e.high)}): "
        f"{c.change * 100:+.1f} points (95 % interval {c.low * 100:+.1f} to {c.high * 100:+.1f})"
    )


def _games_line(t: Tuning) -> str:
    screened, confirmed = len(t.screened), len(t.confirmed)
    bots = t.plan.north if t.plan.north == t.plan.south else f"{t.plan.north} v {t.plan.south}"
    return (
        f"games ({bots}): a baseline of {t.plan.games:,} (seed {t.plan.seed}); {screened} edit{'s' * (screened != 1)} "
        f"screened, {t.screen.games:,} games each on both decks (seed {t.screen.seed}); the best {confirmed} confirmed, "
        f"{t.confirm.games:,} each (seed {t.confirm.seed})"
    )


def head_lines(t: Tuning) -> list[str]:
    """The face tuned and why, the others outside, and the games played."""
    window = t.windows.face_win_rate
    games = t.counts(t.face)[1]
    rate = t.rate(t.face)
    sure = {f.what for f in judge(t.baseline, t.windows).faces if f.sure}
    where = (
        f"{'below' if rate < window[0] / 100 else 'above'} its window {_window(window)}"
        + ("" if t.face in sure else " (not surely: its interval, judged with the other faces', reaches into the window; more games would tell)")
        if t.face in t.outside
        else f"inside its window {_window(window)}{', as asked' if t.asked else ', nearest an edge'}"
    )
    lines = [
        f"tuning {_name(t, t.face)}: its team won {_pc(rate)} of {games:,} games "
        f"(95 % interval {_span(*t.interval(t.face))}), {where}; "
        f"the edits tried {'raise' if t.way == 'raise' else 'lower'} it"
    ]
    others = [f for f in t.outside if f != t.face]
    if others:
        lines.append("also outside the window: " + ", ".join(f"{f} {_pc(t.rate(f))}" for f in others) + " (tune them next)")
    first, fw = t.rate(FIRST), t.windows.first_player
    if not fw[0] <= first * 100 <= fw[1]:
        lines.append(f"the first player's share, {_pc(first)}, is outside its window {_window(fw)}; tune edits faces, not that")
    lines.append(_games_line(t))
    return lines


def proposal_lines(t: Tuning, rank: int, judged: Judged) -> list[str]:
    c = judged.comparison
    after = t.rate(judged.candidate.face) + judged.target.change
    window = t.windows.face_win_rate
    short = " (it helps, but leaves the face outside its window)" if not window[0] <= after * 100 <= window[1] else ""
    return [
        f"{rank}. {judged.candidate.what}{short}",
        *(f"   {line}" for line in diff_of(t.deck, judged.candidate.edit)),
        "   " + estimate_line(judged.candidate.face, t.estimate(judged.candidate.face, judged.target)),
        "   " + estimate_line("first player", t.estimate(FIRST, c.first_player)),
    ]


def to_text(t: Tuning) -> list[str]:
    lines = [*head_lines(t), ""]
    proposals = t.proposals
    for rank, judged in enumerate(proposals, 1):
        lines += [*proposal_lines(t, rank, judged), ""]
    turned = [j for j in t.confirmed if j.why_not]
    if turned:
        lines.append("confirmed but not proposed:")
        lines += [f"  {j.candidate.what}: {j.why_not}" for j in turned]
        lines.append("")
    if proposals:
        lines.append(f"write one into the deck with --apply N (N from 1 to {len(proposals)}; the same options play the same games)")
    elif t.needs_tuning:
        lines.append(
            f"no edit helps: none of the {len(t.screened)} tried moved {t.face} surely the right way without putting "
            f"another rate outside its window (more games, --games {min(MOST_GAMES, 4 * t.plan.games)}, would show smaller changes)"
        )
    else:
        lines.append(f"nothing needs tuning: every face is inside its window, and no edit tried surely moved {t.face} nearer the middle")
    return lines


def _rate_json(rate: float, low: float, high: float) -> dict[str, Any]:
    return {"rate": round(rate, 4), "interval": [round(low, 4), round(high, 4)]}


def estimate_json(e: Estimate) -> dict[str, Any]:
    c = e.change
    return {
        "before": _rate_json(e.before, e.before_low, e.before_high),
        "after": _rate_json(e.after, e.low, e.high),
        "change": {"change": round(c.change, 4), "interval": [round(c.low, 4), round(c.high, 4)]},
    }


def proposal_json(t: Tuning, judged: Judged) -> dict[str, Any]:
    edit = judged.candidate.edit
    c = judged.comparison
    return {
        "what": judged.candidate.what,
        "file": edit.file,
        "line": edit_of(t.deck, edit).line,
        "keys": list(edit.keys),
        "old": edit.old,
        "new": edit.new,
        "diff": diff_of(t.deck, edit),
        "face": estimate_json(t.estimate(judged.candidate.face, judged.target)),
        "first_player": estimate_json(t.estimate(FIRST, c.first_player)),
        "faces": {f: {"after": round(t.rate(f) + ch.change, 4), "change": round(ch.change, 4)} for f, ch in c.faces.items()},
        "why_not": judged.why_not or None,
    }


def to_json(t: Tuning, deck_name: str) -> dict[str, Any]:
    return {
        "tune": 1,
        "deck": deck_name,
        "bots": {"north": t.plan.north, "south": t.plan.south},
        "games": {"baseline": t.plan.games, "screen": t.screen.games, "confirm": t.confirm.games},
        "seeds": {"baseline": t.plan.seed, "screen": t.screen.seed, "confirm": t.confirm.seed},
        "windows": {"first_player": list(t.windows.first_player), "face_win_rate": list(t.windows.face_win_rate)},
        "face": t.face,
        "face_win_rate": _rate_json(t.rate(t.face), *t.interval(t.face)),
        "way": t.way,
        "outside": t.outside,
        "needs_tuning": t.needs_tuning,
        "first_player": _rate_json(t.rate(FIRST), *t.interval(FIRST)),
        "screened": len(t.screened),
        "proposals": [proposal_json(t, j) for j in t.proposals],
        "not_proposed": [proposal_json(t, j) for j in t.confirmed if j.why_not],
    }
