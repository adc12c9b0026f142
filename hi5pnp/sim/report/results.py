"""A run's results in the forms the designer reads: the JSON object of the
simulator's contract (docs/simulate.md) and a few lines of text; with
``--compare``, each rate's change; with several bots, each bot's run and
the verdict they give together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...deck import Deck
from ..across import Difference, said
from ..balance import Agreement, BalanceVerdict
from ..compare import Change, Comparison
from ..paired import FIRST
from ..run import Plan
from ..sequential import Sequential
from ..stats import Summary, interval


def face_order(face: str) -> tuple[int, str]:
    return (int(face[:-1]), face[-1])


def _rate(hits: float, n: int) -> dict[str, Any]:
    low, high = interval(hits, n)
    return {"rate": round(hits / n, 4) if n else None, "interval": [round(low, 4), round(high, 4)]}


def to_json(
    deck: Deck, plan: Plan, edition: int, summary: Summary, verdict: BalanceVerdict, comparison: Comparison | None = None, other: str = ""
) -> dict[str, Any]:
    """The contract's object for one run; with a comparison, its ``compare`` object (``other``: the other deck's name)."""
    out = _run_json(deck, plan, edition, summary, verdict)
    if comparison is not None:
        out["compare"] = compare_json(comparison, other)
    return out


def _run_json(deck: Deck, plan: Plan, edition: int, summary: Summary, verdict: BalanceVerdict) -> dict[str, Any]:
    s = summary
    games = s.games
    decided = s.first_wins + s.first_losses
    turns = sorted(s.turns)
    faces = {}
    for face in sorted(s.faces, key=face_order):
        fc = s.faces[face]
        faces[face] = {
            "games": fc.games,
            "team_wins": fc.team_wins,
            "team_draws": fc.team_draws,
            "placings": list(fc.placings),
            "points": round(fc.points / fc.games, 3),
            "columns": round(fc.columns / fc.games, 3),
            "win_rate": _rate(fc.hits, fc.games),
            "games_with_a_column": fc.games_with_column,
        }
    return {
        "simulate": 1,
        "deck": plan.deck_name,
        "edition": edition,
        "games": games,
        "seed": plan.seed,
        "bots": {"north": plan.north, "south": plan.south},
        "sides": plan.sides,
        "seats": {
            "north": {"wins": s.seat_wins[0], **_rate(s.seat_wins[0], games)},
            "south": {"wins": s.seat_wins[1], **_rate(s.seat_wins[1], games)},
        },
        "draws": s.draws,
        "first_player": {"wins": s.first_wins, "losses": s.first_losses, **_rate(s.first_wins, decided)},
        "turns": {"mean": round(s.mean_turns(), 2), "min": turns[0] if turns else 0, "max": turns[-1] if turns else 0},
        "faces": faces,
        "traits": {t: {"columns": round(s.trait_columns[t] / games, 3), "marks": round(s.trait_marks[t] / games, 3)} for t in deck.traits} if games else {},
        "colours": {c: {"faced": s.faced[c], "matched": s.matched[c], **_rate(s.matched[c], s.faced[c])} for c in deck.colors},
        "balance": {
            "fair": verdict.fair,
            "verdict": verdict.state,
            "headline": verdict.headline,
            "windows": {"first_player": list(verdict.bounds.first_player), "face_win_rate": list(verdict.bounds.face_win_rate)},
            "outside": [f.what for f in verdict.findings if f.sure],
            "unsure": [f.what for f in verdict.findings if f.flags and not f.sure],
            "reaching": [f.what for f in verdict.findings if not f.flags],
        },
    }


def _change(c: Change) -> dict[str, Any]:
    return {"change": round(c.change, 4), "interval": [round(c.low, 4), round(c.high, 4)]}


def compare_json(c: Comparison, other: str) -> dict[str, Any]:
    """The ``compare`` object: each rate's change, this deck minus the other, with its paired 95 % interval."""
    faces = {}
    for face in sorted(c.faces, key=face_order):
        mine, theirs = c.summary.faces.get(face), c.other.faces.get(face)
        faces[face] = {
            **_change(c.faces[face]),
            "rate": round(mine.score, 4) if mine else None,
            "other_rate": round(theirs.score, 4) if theirs else None,
        }
    sure = c.sure()
    starred = [FIRST] * (FIRST in sure) + [face for face in faces if face in sure]
    return {"deck": other, "games": c.games, "first_player": _change(c.first_player), "faces": faces, "sure": starred, "correction": "holm"}


def several_json(runs: Sequence[tuple[str, dict[str, Any]]], agreement: Agreement, between: dict[str, list[Difference]] | None = None) -> dict[str, Any]:
    """Several bots' runs in one object: the first run's keys at the top (the
    contract's), each run whole under ``by_bot``, and their verdict together;
    with ``between``, each flagged rate's paired difference between the bots."""
    out = dict(runs[0][1])
    out["by_bot"] = dict(runs)
    out["across_bots"] = {"verdict": agreement.state, "headline": agreement.headline, "flagged": agreement.flagged()}
    if between is not None:
        out["across_bots"]["between_bots"] = {
            what: [{"bots": [d.a, d.b], "change": round(d.change, 4), "interval": [round(d.low, 4), round(d.high, 4)], "differ": d.differ} for d in diffs]
            for what, diffs in between.items()
        }
        out["across_bots"]["between_correction"] = "holm"
    return out


def across_lines(between: dict[str, list[Difference]]) -> list[str]:
    """Each flagged rate under the bots, compared on the same games."""
    if not between:
        return []
    tests = sum(map(len, between.values()))
    return [
        f"between the bots, on the same games (paired; {tests} test{'s' * (tests != 1)} Holm-corrected together, points of rate):",
        *(f"  {what}: {said(diffs)}" for what, diffs in between.items()),
    ]


def compare_text(deck: Deck, c: Comparison, other: str) -> list[str]:
    """Each rate's change, faces sorted by it; ``*`` where the change is surely
    not 0 (Holm-corrected over the rates compared)."""
    sure = c.sure()

    def said(x: Change, key: str) -> str:
        mark = " *" if key in sure else ""
        return f"{x.change * 100:+6.1f} {f'{x.low * 100:+.1f} to {x.high * 100:+.1f}':>16}{mark}"

    lines = [
        f"against {other}, the same {c.games} games (this deck minus the other, in percentage points; paired 95 % intervals; "
        f"* where the change is surely not 0, Holm-corrected over the {len(c.faces) + 1} rates compared):",
        f"  first player (decided games) {said(c.first_player, FIRST)}",
        f"  {'face':<5} {'name':<18} {'this deck':>9} {'other':>7} {'change':>6} {'95 % interval':>16}",
    ]
    for face, x in sorted(c.faces.items(), key=lambda kv: (kv[1].change, face_order(kv[0]))):
        comp = deck.competitor_face(face)
        mine, theirs = c.summary.faces.get(face), c.other.faces.get(face)
        rates = f"{f'{mine.score:.1%}' if mine else '-':>9} {f'{theirs.score:.1%}' if theirs else '-':>7}"
        lines.append(f"  {face:<5} {(comp.name if comp else '')[:18]:<18} {rates} {said(x, face)}")
    return lines


def to_text(deck: Deck, plan: Plan, edition: int, summary: Summary, verdict: BalanceVerdict) -> list[str]:
    s = summary
    games = max(1, s.games)
    decided = s.first_wins + s.first_losses
    lo, hi = interval(s.first_wins, decided)
    head, *found = verdict.lines()
    lines = [
        head,
        f"{s.games} games of {deck.full_title} (deck {plan.deck_name}, edition {edition}), seed {plan.seed}: "
        f"north {plan.north}, south {plan.south}, sides {plan.sides}",
        *found,
        f"north won {s.seat_wins[0]} ({s.seat_wins[0] / games:.1%}), south {s.seat_wins[1]} ({s.seat_wins[1] / games:.1%}), draws {s.draws}",
        f"first player won {s.first_wins} of {decided} decided games ({s.first_wins / max(1, decided):.1%}, 95 % interval {lo:.1%}-{hi:.1%})",
        f"turns a game: mean {s.mean_turns():.1f}, {min(s.turns, default=0)}-{max(s.turns, default=0)}",
        "",
        f"  {'face':<5} {'name':<18} {'games':>6} {'team win':>9} {'95 % interval':>15} {'points':>7} {'columns':>8}",
    ]
    ranked = sorted(s.faces.items(), key=lambda kv: -kv[1].score)
    for face, fc in ranked:
        comp = deck.competitor_face(face)
        name = comp.name if comp else ""
        low, high = interval(fc.hits, fc.games)
        lines.append(
            f"  {face:<5} {name[:18]:<18} {fc.games:>6} {fc.score:>9.1%} {f'{low:.1%}-{high:.1%}':>15} "
            f"{fc.points / fc.games:>7.2f} {fc.columns / fc.games:>8.2f}"
        )
    return lines


def sequential_json(seq: Sequential) -> dict[str, Any]:
    """How a run played until decided went: its looks, planned and made."""
    return {
        "looks_planned": seq.looks,
        "looks_made": seq.done,
        "alpha_per_look": round(seq.alpha, 6),
        "method": "bonferroni over the looks planned",
        "decided": seq.verdict.decided,
        "cap": seq.looks[-1],
    }


def sequential_line(seq: Sequential) -> str:
    """The line a run played until decided adds under its heading."""
    planned, done = seq.looks, seq.done
    how = "every rate decided" if seq.verdict.decided else f"the cap of {planned[-1]:,} games reached, some rate still undecided"
    return (
        f"played until decided: {done} of {len(planned)} looks planned ({', '.join(f'{g:,}' for g in planned)} games), "
        f"{how}; each look judged at {100 * (1 - seq.alpha):.2f} % (5 % split over the {len(planned)} looks: Bonferroni)"
    )
