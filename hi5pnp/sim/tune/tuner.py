"""``hi5pnp tune``: which edits bring a face back inside its window?

1. **Baseline**: the deck plays the plan's games (seed S). The face tuned is
   the one most surely outside its window (the smallest p-value of the test
   that its rate is outside, Holm-corrected over the faces), or, when none is
   outside, the one nearest an edge in standard errors (or the face asked for).
2. **Screening** (seed S + 1): the single edits for that face (:mod:`.edits`)
   race against the deck as it is on paired games (:mod:`.race`), by
   successive halving: every edit plays the first rung's games, the half
   whose estimate lands nearest the window's middle play twice as many, and
   so on until :data:`BEAM` are left. When the face is outside its window,
   plans of two edits (each of the beam extended by one of the
   :data:`FODDER` single edits that moved the face most the right way) race
   the same way, then plans of three. Plans that make the same deck (gems
   count by colour) race once.
3. **Confirming** (seed S + 2, fresh games): the best few plans of every
   size (at least :data:`LEAST_CONFIRMED`) play half the baseline's games
   each, paired.

A rate after a plan is its baseline rate plus the paired change. A plan is
proposed when the tuned face's change is sure the right way (its 95 %
interval excludes 0) and no other rate is surely pushed out of its window:
for each other face and the first player whose estimate after the plan lies
outside its window, moved that way, the change is tested against 0, and
these tests are Holm-corrected over all the rates tested (so a plan that
changes nothing is turned down for noise less than one time in twenty).
Proposals come best first: those that bring the face into its window, then
those that take it nearest the window's middle.

4. **The promise** (seed S + 3, fresh games): the estimates above are those
   of the plans chosen on them, lucky by their choosing. So the plan put
   first, alone, plays fresh paired games, look after look as ``simulate
   --until-decided`` plays, until its face's interval lies inside its
   window ("lands in its window") and no other face is pushed out, or until
   the budget ends ("probably, not sure"): :mod:`.promise`.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ...deck import Deck
from ...errors import OptionError, check_number
from .. import MOST_SEED
from ..balance import Window, Windows, bounds_of
from ..compare import Comparison, comparison_of
from ..executor import Progress
from ..findings import outside_by
from ..paired import FIRST
from ..run import Plan, simulate
from ..stats import Summary, holm, two_sided_p, z_for
from .edits import Way, candidates, extended, unmarkable
from .plans import EditPlan, Judged, Screened, Tuning, from_middle, past_window
from .promise import keep
from .race import Games, race

SCREEN_SHARE = 20  # the first rung of screening plays 1/20 of the baseline's games, paired
CONFIRM_SHARE = 2  # a confirmed plan 1/2 (and no screened plan more)
LEAST_GAMES = 20  # and at least this many
MOST_TOP = 20
BEAM = 3  # plans kept by each race, and extended by one edit
FODDER = 6  # the single edits plans are extended with
MOST_EDITS = 3  # edits in a plan at most
LEAST_CONFIRMED = 5  # plans confirmed at least
ALPHA = 0.05


def outside_z(hits: float, games: int, window: Window) -> float:
    """How far a rate lies outside its window, in standard errors (normal
    approximation); negative inside: minus its margin to the nearest edge."""
    rate = hits / games
    spread = math.sqrt(max(rate * (1 - rate), 0.25 / games) / games)
    return outside_by(rate, window) / spread


def choose_face(summary: Summary, windows: Windows, deck: Deck, face: str | None = None) -> tuple[str, Way, list[str], list[str]]:
    """The face to tune, which way, the faces whose estimate is outside the
    window (most surely outside first) and those surely outside (Holm over the faces)."""
    window = windows.face_win_rate
    z = {f: outside_z(c.hits, c.games, window) for f, c in summary.faces.items() if c.games}
    outside = sorted((f for f in z if z[f] > 0), key=lambda f: -z[f])
    tests = holm({f: two_sided_p(z[f]) if z[f] > 0 else 1.0 for f in z}, ALPHA)
    surely = [f for f in outside if tests[f][1]]
    if face is not None:
        if deck.competitor_face(face) is None:
            raise OptionError(f"face: {face!r} is not a competitor face of the deck (its faces are 1a, 1b, ...)")
        if face not in z:
            raise OptionError(f"face: {face} was not dealt in any game of the baseline; play more games")
        chosen = face
    elif z:
        chosen = max(z, key=lambda f: z[f])  # the most surely outside; inside, the least margin in standard errors
    else:
        raise OptionError("games: no face was played; play more games")
    way: Way = "raise" if summary.faces[chosen].score < (window[0] + window[1]) / 200 else "lower"
    return chosen, way, outside, surely


def pushed_out(tuning: Tuning, comparison: Comparison, face: str) -> dict[str, tuple[float, bool]]:
    """Each other rate's test of being pushed out of its window: its Holm
    level and whether the change is surely the way out (tested only where the
    estimate after lies outside, moved that way; the rest count as tests not rejected)."""
    p = {}
    for what in (*(f for f in comparison.faces if f != face), FIRST):
        change = comparison.first_player if what == FIRST else comparison.faces[what]
        window = tuning.windows.first_player if what == FIRST else tuning.windows.face_win_rate
        side = outside_by(tuning.rate(what) + change.change, window)
        out_way = (tuning.rate(what) + change.change < window[0] / 100) == (change.change < 0)
        error = comparison.error(what)
        p[what] = two_sided_p(change.change / error) if side > 0 and out_way and error > 0 else 1.0
    return holm(p, ALPHA)


def why_not(tuning: Tuning, comparison: Comparison, face: str) -> str:
    """Why a confirmed plan is not proposed, or "" when it is."""
    sign = 1 if tuning.way == "raise" else -1
    target = comparison.faces[face]
    if not (sign * target.low > 0 and sign * target.high > 0):
        return f"{face}'s change is not sure to be the right way (its interval reaches 0)"
    tests = pushed_out(tuning, comparison, face)
    for what, (level, sure) in sorted(tests.items(), key=lambda kv: kv[1][0]):
        if sure:
            change = comparison.first_player if what == FIRST else comparison.faces[what]
            half = z_for(1 - level) * comparison.error(what)
            rate = tuning.rate(what) + change.change
            return (
                f"it moves {what} outside its window, to {rate * 100:.1f} % (change {change.change * 100:+.1f} points, "
                f"Holm-corrected interval {(change.change - half) * 100:+.1f} to {(change.change + half) * 100:+.1f} "
                f"over the {len(tests)} rates tested)"
            )
    return ""


def _rank(tuning: Tuning, judged: Judged | Screened) -> tuple[float, float]:
    """Smaller is better: how far outside the window the face ends, then how
    far from its middle (the middle leaves room for the noise of the estimate)."""
    window = tuning.windows.face_win_rate
    after = tuning.rate(tuning.face) + judged.target.change
    return (past_window(after, window), from_middle(after, window))


def stage_plans(plan: Plan) -> tuple[Plan, Plan]:
    """The screening and confirming plans of a baseline: fewer games, seeds of their own."""

    def games(share: int) -> int:
        return max(LEAST_GAMES, plan.games // share)

    screen = replace(plan, games=games(SCREEN_SHARE), seed=(plan.seed + 1) % (MOST_SEED + 1), logs=None)
    confirm = replace(plan, games=games(CONFIRM_SHARE), seed=(plan.seed + 2) % (MOST_SEED + 1), logs=None)
    return screen, confirm


def race_cost(plans: int, first: int, most: int) -> int:
    """The games a race of ``plans`` plays (the deck as it is once a game)."""
    games, played, cost = first, 0, 0
    while plans:
        cost += (games - played) * (plans + 1)
        if plans <= BEAM or games >= most:
            break
        plans, played, games = max(BEAM, (plans + 1) // 2), games, min(most, 2 * games)
    return cost


def _race(tuning: Tuning, entries: list[Screened], games: Games, jobs: int | None, scheduler: str | None) -> list[Screened]:
    """Successive halving over ``entries``: the plans left, best first."""
    alive, played, rung = list(entries), 0, tuning.screen.games
    most = max(rung, tuning.confirm.games)
    while alive:
        plan = replace(tuning.screen, games=rung - played)
        for entry, totals in zip(alive, race(tuning.deck, [e.plan.deck for e in alive], plan, played, jobs, games.reporter(len(alive) + 1), scheduler)):
            entry.add(totals, tuning.deck)
        games.played += plan.games * (len(alive) + 1)
        played = rung
        alive.sort(key=lambda e: _rank(tuning, e))
        if len(alive) <= BEAM or rung >= most:
            return alive
        keep = max(BEAM, (len(alive) + 1) // 2)
        for place, entry in enumerate(alive[keep:], keep + 1):
            entry.dropped = f"left the race after {rung:,} paired games: {place} of {len(alive)} by how near the window's middle it took {tuning.face}"
        alive, rung = alive[:keep], min(most, 2 * rung)
    return alive


def _extend(tuning: Tuning, beam: list[Screened], fodder: list[Screened]) -> list[Screened]:
    """Each plan of the beam with one more edit of the fodder, each plan once."""
    seen = {e.plan.key for e in tuning.screened}
    lost = unmarkable(tuning.deck)
    out = []
    for kept in beam:
        for single in fodder:
            first = single.plan.edits[0]
            was = first.edit.old if isinstance(first.edit.old, str) else ""
            steps = tuple(c.step for c in kept.plan.edits if c.step)
            made = extended(kept.plan.deck, steps, first.step, tuning.face, lost, was) if first.step else None
            if made is not None:
                plan = EditPlan((*kept.plan.edits, made))
                if plan.key not in seen:
                    seen.add(plan.key)
                    out.append(Screened(plan))
    return out


def tune(
    deck: Deck,
    plan: Plan,
    top: int = 3,
    face: str | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    scheduler: str | None = None,
    budget: int | None = None,
) -> Tuning:
    """Find the best few plans of edits for the face most surely outside its
    window (or ``face``), judged by paired games against ``deck`` (see the
    module's text), and the plan put first judged again on fresh paired games,
    at most ``budget`` (:mod:`.promise`). ``progress(played, games)`` as games are played."""
    check_number("top", top, 1, MOST_TOP, whole=True)
    if plan.logs is not None:
        raise OptionError("logs: tune saves no logs; save them with a run of one deck")
    screen, confirm = stage_plans(plan)
    most = max(screen.games, confirm.games)
    confirming = max(top + 1, LEAST_CONFIRMED)
    foreseen = race_cost(40, screen.games, most) + 2 * race_cost(BEAM * FODDER, screen.games, most)
    games = Games(progress, plan.games + foreseen + (confirming + 1) * confirm.games)
    baseline = simulate(deck, plan, jobs, games.reporter(1), scheduler)
    games.played = plan.games
    windows = bounds_of(deck)
    chosen, way, outside, surely = choose_face(baseline, windows, deck, face)
    tuning = Tuning(deck, plan, windows, baseline, chosen, way, outside, screen, confirm, surely, top=top, asked=face is not None, budget=budget)
    singles = [Screened(EditPlan((c,))) for c in candidates(deck, chosen, way)]
    games.total += race_cost(len(singles), screen.games, most) - race_cost(40, screen.games, most)
    tuning.screened += singles
    beam = _race(tuning, singles, games, jobs, scheduler)
    finalists = list(beam)
    sign = 1 if way == "raise" else -1
    fodder = sorted((s for s in singles if sign * s.target.change > 0), key=lambda s: -sign * s.target.change)[:FODDER]
    for size in range(2, MOST_EDITS + 1):
        entries = _extend(tuning, beam[:BEAM], fodder) if beam and chosen in outside else []  # a face inside: single edits
        if not entries:
            games.total -= race_cost(BEAM * FODDER, screen.games, most) * (MOST_EDITS + 1 - size)
            break
        games.total += race_cost(len(entries), screen.games, most) - race_cost(BEAM * FODDER, screen.games, most)
        tuning.screened += entries
        beam = _race(tuning, entries, games, jobs, scheduler)
        finalists += beam
    finalists.sort(key=lambda e: _rank(tuning, e))
    chosen_plans = finalists[:confirming]
    for entry in finalists[confirming:]:
        entry.dropped = f"not confirmed: the {confirming} plans confirmed took {tuning.face} nearer its window's middle in screening"
    games.total += (len(chosen_plans) - confirming) * confirm.games
    totals = race(deck, [e.plan.deck for e in chosen_plans], confirm, 0, jobs, games.reporter(len(chosen_plans) + 1), scheduler)
    for entry, t in zip(chosen_plans, totals):
        comparison = comparison_of(entry.plan.deck, deck, t)
        tuning.confirmed.append(Judged(entry.plan, comparison, why_not(tuning, comparison, chosen)))
    tuning.confirmed.sort(key=lambda j: (bool(j.why_not), _rank(tuning, j)))
    if tuning.proposals:
        first = tuning.proposals[0].plan.deck
        tuning.promise = keep(deck, first, chosen, windows.face_win_rate, plan, budget, games, jobs, scheduler)
    if progress:
        progress(games.total, games.total)
    return tuning
