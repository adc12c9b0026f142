"""What ``hi5pnp tune`` found, as the designer reads it: lines of text, or
one JSON object (docs/simulate.md, "hi5pnp tune"). Each plan is shown as
the diff of the deck files it changes (a hunk per edit), with the tuned
face's and the first player's rates before and after it; when no plan
brings the face into its window, the closest is named, with how far it
leaves the face outside. The plan put first says what its fresh games
found (:mod:`.promise`): "lands in its window" or "probably, not sure",
with the interval; the others say they were not judged again."""

from __future__ import annotations

from typing import Any

from ...deck.design.edit import diff_of, edit_of, plan_diff
from ..balance import Window
from ..paired import FIRST
from .plans import Estimate, Judged, Screened, Tuning, past_window
from .promise import FACE_WORDS, Fresh, Promise, budget_of, fresh_plan
from .tuner import BEAM, FODDER


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
    sizes = [sum(len(s.plan.edits) == n for s in t.screened) for n in (1, 2, 3)]
    made = ", ".join(f"{n} of {k} edit{'s' * (k > 1)}" for k, n in enumerate(sizes, 1) if n)
    bots = t.plan.north if t.plan.north == t.plan.south else f"{t.plan.north} v {t.plan.south}"
    return (
        f"games ({bots}): a baseline of {t.plan.games:,} (seed {t.plan.seed}); {len(t.screened)} plans raced by successive "
        f"halving ({made}), from {t.screen.games:,} paired games each (seed {t.screen.seed}); the best {len(t.confirmed)} "
        f"confirmed on {t.confirm.games:,} fresh paired games each (seed {t.confirm.seed}); the plan put first judged again "
        f"on fresh paired games (seed {fresh_plan(t.plan).seed}), looks planned at {_games(budget_of(t.plan, t.budget))}, until decided"
    )


def _games(planned: list[int]) -> str:
    return ", ".join(f"{g:,}" for g in planned)


def head_lines(t: Tuning) -> list[str]:
    """The face tuned and why, the others outside, and the games played."""
    window = t.windows.face_win_rate
    games = t.counts(t.face)[1]
    rate = t.rate(t.face)
    sure = (
        " (surely, by the test Holm-corrected over the faces)"
        if t.face in t.surely
        else " (not surely: the test, Holm-corrected over the faces, leaves it possible that noise put it there)"
    )
    where = (
        f"{'below' if rate < window[0] / 100 else 'above'} its window {_window(window)}{sure}"
        if t.face in t.outside
        else f"inside its window {_window(window)}{', as asked' if t.asked else ', nearest an edge'}"
    )
    lines = [
        f"tuning {_name(t, t.face)}: its team won {_pc(rate)} of {games:,} games "
        f"(95 % interval {_span(*t.interval(t.face))}), {where}; the edits tried {t.way} it"
    ]
    others = [f for f in t.outside if f != t.face]
    if others:
        lines.append("also outside the window: " + ", ".join(f"{f} {_pc(t.rate(f))}" for f in others) + " (tune them next)")
    first, fw = t.rate(FIRST), t.windows.first_player
    if not fw[0] <= first * 100 <= fw[1]:
        lines.append(f"the first player's share, {_pc(first)}, is outside its window {_window(fw)}; tune edits faces, not that")
    lines.append(_games_line(t))
    lines.append(
        "a plan is turned down when it surely pushes another rate out of its window: the faces' and the first player's "
        "changes tested against 0, Holm-corrected over the rates tested, on the confirming games"
    )
    return lines


def short_by(t: Tuning, judged: Judged | Screened) -> str:
    """ "" when the plan brings the face into its window; else how far it leaves it outside."""
    after = t.rate(t.face) + judged.target.change
    window = t.windows.face_win_rate
    gap = past_window(after, window)
    if not gap:
        return ""
    points = f"{gap * 100:.1f} points" if gap >= 0.0005 else "less than 0.1 point"
    return f"{points} {'below' if after < window[0] / 100 else 'above'} its window"


def _others_out(t: Tuning, judged: Judged) -> str:
    window = t.windows.face_win_rate
    out = [(f, t.rate(f) + c.change) for f, c in judged.comparison.faces.items() if f != t.face]
    shown = [f"{f} {_pc(r)}" for f, r in sorted(out, key=lambda fr: -past_window(fr[1], window)) if past_window(r, window)]
    return ", ".join(shown) if shown else "none"


def proposal_lines(t: Tuning, rank: int, judged: Judged) -> list[str]:
    c = judged.comparison
    short = short_by(t, judged)
    diffs = plan_diff(t.deck, [made.edit for made in judged.plan.edits])
    return [
        f"{rank}. {judged.plan.what}{f' (it leaves {t.face} {short})' if short else ''}",
        *(f"   {line}" for line in diffs),
        "   " + estimate_line(t.face, t.estimate(t.face, judged.target)),
        "   " + estimate_line("first player", t.estimate(FIRST, c.first_player)),
        f"   other faces' estimates outside the window after it: {_others_out(t, judged)}",
    ]


def _fresh_span(f: Fresh, level: str = "") -> str:
    return f"{_pc(f.rate)} ({level + ' interval ' if level else ''}{_span(f.low, f.high)})"


def _change(f: Fresh) -> str:
    c = f.change
    return f"change {c.change * 100:+.1f} points, {c.low * 100:+.1f} to {c.high * 100:+.1f}"


def others_said(p: Promise) -> str:
    """What the fresh games say of the other faces."""
    if p.others_verdict == "keeps":
        return "pushes no other face out"
    shown = "; ".join(f"{f.face} {_fresh_span(f)}, {_change(f)}" for f in p.not_kept)
    if p.others_verdict == "pushes":
        pushed = [f.face for f in p.not_kept if f.standing == "pushed"]
        return f"pushes {', '.join(pushed)} out (or further out) of the window, surely: {shown}"
    return f"probably pushes no other face out, not sure: {shown}"


def promise_lines(t: Tuning, p: Promise) -> list[str]:
    """The plan put first, judged again on fresh games: each claim's verdict, with its interval."""
    level = f"{(1 - p.alpha) * 100:.1f} %"
    other_level = f"{(1 - p.others_alpha) * 100:.2f} %"
    return [
        f"   judged again on {p.games:,} fresh paired games (seed {p.plan.seed}; {p.done} of {len(p.looks)} looks planned, "
        f"at {_games(p.looks)} games, each look's intervals for 0.05/{len(p.looks)}):",
        f"   {t.face}: {_fresh_span(p.face, level)}, {_change(p.face)}: {FACE_WORDS[p.verdict]} {_window(t.windows.face_win_rate)}",
        f"   other faces ({other_level} intervals, for the {len(p.others)} together): {others_said(p)}",
    ]


def to_text(t: Tuning) -> list[str]:
    lines = [*head_lines(t), ""]
    proposals = t.proposals
    for rank, judged in enumerate(proposals, 1):
        lines += proposal_lines(t, rank, judged)
        if rank == 1 and t.promise is not None:
            lines += promise_lines(t, t.promise)
        else:
            lines.append("   not decided: only plan 1 is judged again on fresh games; this estimate is the one it was chosen on")
        lines.append("")
    turned = [j for j in t.confirmed if j.why_not]
    if turned:
        lines.append("confirmed but not proposed:")
        lines += [f"  {j.plan.what}: {j.why_not}" for j in turned]
        lines.append("")
    lines.append(answer(t))
    return lines


def _promised(t: Tuning, p: Promise) -> str:
    """The last line when plan 1 was judged again on fresh games."""
    face, on = t.face, f"on {p.games:,} fresh paired games"
    said = _fresh_span(p.face, f"{(1 - p.alpha) * 100:.1f} %")
    if p.verdict == "lands" and p.others_verdict == "keeps":
        return f"plan 1 lands {face} in its window, at {said}, and pushes no other face out {on}: write it with --apply 1"
    if p.verdict == "lands" and p.others_verdict == "probably":
        names = ", ".join(f.face for f in p.not_kept)
        return (
            f"plan 1 lands {face} in its window, at {said} {on}; that it pushes no other face out is probably so, not sure ({names}): write it with --apply 1"
        )
    if p.verdict == "lands":
        names = ", ".join(f.face for f in p.not_kept if f.standing == "pushed")
        return f"plan 1 lands {face} in its window, at {said} {on}, but surely pushes {names} outward: write it with --apply 1 and tune {names} next"
    if p.verdict == "probably":
        return (
            f"plan 1 probably lands {face} in its window, not sure: at {said} {on}, its interval reaches out of "
            f"{_window(t.windows.face_win_rate)}; write it with --apply 1 and tune again, or judge it on more games (--most-games)"
        )
    window = t.windows.face_win_rate
    gap = past_window(p.face.rate, window)
    side = "below" if p.face.rate < window[0] / 100 else "above"
    sure = "" if p.verdict == "misses" else ", not sure"
    return (
        f"no plan tried brings {face} into its window; the closest, plan 1, leaves it {gap * 100:.1f} points {side} its window "
        f"{on}, at {said}{sure}: write it with --apply 1 and tune again"
    )


def answer(t: Tuning) -> str:
    """The last line: what to do next."""
    proposals = t.proposals
    if t.promise is not None:
        return _promised(t, t.promise)
    if not t.needs_tuning and not proposals:
        return f"nothing needs tuning: every face is inside its window, and no plan tried surely moved {t.face} nearer the middle"
    if proposals:
        return (
            f"no plan tried brings {t.face} into its window; the closest, plan 1, leaves it {short_by(t, proposals[0])}: write it with --apply 1 and tune again"
        )
    closest = min(t.confirmed, key=lambda j: past_window(t.rate(t.face) + j.target.change, t.windows.face_win_rate), default=None)
    if closest is None:
        return f"no edit could be tried for {t.face}"
    gap = short_by(t, closest) or "inside its window"
    return f"no plan can be proposed; the closest confirmed, {closest.plan.what}, leaves {t.face} {gap}, but {closest.why_not}"


def _rate_json(rate: float, low: float, high: float) -> dict[str, Any]:
    return {"rate": round(rate, 4), "interval": [round(low, 4), round(high, 4)]}


def estimate_json(e: Estimate) -> dict[str, Any]:
    c = e.change
    return {
        "before": _rate_json(e.before, e.before_low, e.before_high),
        "after": _rate_json(e.after, e.low, e.high),
        "change": {"change": round(c.change, 4), "interval": [round(c.low, 4), round(c.high, 4)]},
    }


def plan_json(t: Tuning, judged: Judged) -> dict[str, Any]:
    c = judged.comparison
    edits = []
    for made in judged.plan.edits:
        edit = made.edit
        old, new = (list(v) if isinstance(v, tuple) else v for v in (edit.old, edit.new))
        edits.append(
            {
                "what": made.what,
                "file": edit.file,
                "line": edit_of(t.deck, edit).line,
                "keys": list(edit.keys),
                "old": old,
                "new": new,
                "diff": diff_of(t.deck, edit),
            }
        )
    gap = past_window(t.rate(t.face) + judged.target.change, t.windows.face_win_rate)
    return {
        "what": judged.plan.what,
        "edits": edits,
        "diff": plan_diff(t.deck, [made.edit for made in judged.plan.edits]),
        "face": estimate_json(t.estimate(t.face, judged.target)),
        "reaches_window": not gap,
        "outside_by": round(gap * 100, 2),
        "first_player": estimate_json(t.estimate(FIRST, c.first_player)),
        "faces": {f: {"after": round(t.rate(f) + ch.change, 4), "change": round(ch.change, 4)} for f, ch in c.faces.items()},
        "why_not": judged.why_not or None,
    }


def _fresh_json(f: Fresh) -> dict[str, Any]:
    c = f.change
    return {
        "face": f.face,
        **_rate_json(f.rate, f.low, f.high),
        "games": f.games,
        "change": {"change": round(c.change, 4), "interval": [round(c.low, 4), round(c.high, 4)]},
        "standing": f.standing,
    }


def promise_json(t: Tuning, p: Promise) -> dict[str, Any]:
    """The plan put first, judged again on fresh games."""
    face = _fresh_json(p.face)
    del face["standing"]
    return {
        "plan": 1,
        "seed": p.plan.seed,
        "looks": p.looks,
        "looks_made": p.done,
        "games": p.games,
        "alpha": round(p.alpha, 6),
        "face": {**face, "verdict": p.verdict, "said": FACE_WORDS[p.verdict]},
        "others": {
            "verdict": p.others_verdict,
            "said": others_said(p),
            "alpha": round(p.others_alpha, 6),
            "not_kept": [_fresh_json(f) for f in p.not_kept],
        },
        "decided": p.decided,
        "lands": p.lands,
    }


def _why_dropped(t: Tuning, s: Screened) -> str | None:
    """Why a screened plan is not among the proposals (None when it is)."""
    judged = next((j for j in t.confirmed if j.plan.key == s.plan.key), None)
    if judged is None:
        return s.dropped or "kept by its race, not confirmed"
    if judged.why_not:
        return f"confirmed, but not proposed: {judged.why_not}"
    if all(p.plan.key != s.plan.key for p in t.proposals):
        return f"confirmed, but not among the {t.top} best proposed"
    return None


def _screened_json(t: Tuning, s: Screened) -> dict[str, Any]:
    c = s.target
    return {
        "what": s.plan.what,
        "edits": len(s.plan.edits),
        "games": s.comparison.games,
        "change": {"change": round(c.change, 4), "interval": [round(c.low, 4), round(c.high, 4)]},
        "after": round(t.rate(t.face) + c.change, 4),
        "dropped": _why_dropped(t, s),
    }


def to_json(t: Tuning, deck_name: str) -> dict[str, Any]:
    proposals = t.proposals
    return {
        "tune": 1,
        "deck": deck_name,
        "bots": {"north": t.plan.north, "south": t.plan.south},
        "games": {
            "baseline": t.plan.games,
            "screen": t.screen.games,
            "confirm": t.confirm.games,
            "promise": t.promise.games if t.promise else 0,
            "promise_looks": budget_of(t.plan, t.budget),
        },
        "seeds": {"baseline": t.plan.seed, "screen": t.screen.seed, "confirm": t.confirm.seed, "promise": fresh_plan(t.plan).seed},
        "search": {"beam": BEAM, "fodder": FODDER, "correction": "holm"},
        "windows": {"first_player": list(t.windows.first_player), "face_win_rate": list(t.windows.face_win_rate)},
        "face": t.face,
        "face_win_rate": _rate_json(t.rate(t.face), *t.interval(t.face)),
        "way": t.way,
        "outside": t.outside,
        "surely_outside": t.surely,
        "needs_tuning": t.needs_tuning,
        "reaches_window": t.promise is not None and t.promise.lands,
        "first_player": _rate_json(t.rate(FIRST), *t.interval(FIRST)),
        "screened": [_screened_json(t, s) for s in t.screened],
        "proposals": [{**plan_json(t, j), "decided": rank == 1 and t.promise is not None and t.promise.decided} for rank, j in enumerate(proposals, 1)],
        "promise": promise_json(t, t.promise) if t.promise else None,
        "not_proposed": [plan_json(t, j) for j in t.confirmed if j.why_not],
        "answer": answer(t),
    }
