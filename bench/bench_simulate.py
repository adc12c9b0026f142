"""Measure the simulator's inner loop (random bots on the bundled deck).

The peer, measured in the same run: the straightforward way, the rules
engine (``State``, every turn judged) with the engine's random bot, one game
after another in one process. Against it:

1. ``simulate``'s own run of the same games (the fast playout, every usable
   processor). Target: at most a fifth of the peer's time (ratio <= 0.20).
2. How it scales: games/s, and games/s per process, with 1, 2, ... processes.
3. Greedy games (``--greedy``): ``simulate --bot greedy`` on every usable
   processor, on the compiled kernel (numba, the ``fast`` extra) against the
   general engine's greedy games (``HI5PNP_KERNEL=python``), both measured
   here; and the compiled run's seconds against the target of 1 s for
   10,000 games (the kernel loaded once in this process first, as
   ``simulate`` loads it once before its workers start).

Run:  python bench/bench_simulate.py [--games N] [--greedy]   (10,000 by default)
"""

from __future__ import annotations

import argparse
import time

from hi5pnp.deck import load_deck
from hi5pnp.machine import usable_cpus
from hi5pnp.rules import Seat
from hi5pnp.sim.bots.draw import game_rng
from hi5pnp.sim.bots.players import RandomBot, play_game
from hi5pnp.sim.run import Plan, simulate


def engine_games(deck, games: int) -> float:
    bot = RandomBot()
    start = time.perf_counter()
    for i in range(games):
        play_game(deck, {Seat.NORTH: bot, Seat.SOUTH: bot}, game_rng(0, i))
    return time.perf_counter() - start


def simulated(deck, games: int, jobs: int) -> float:
    start = time.perf_counter()
    summary = simulate(deck, Plan(games=games, north="random", south="random"), jobs)
    assert summary.games == games
    return time.perf_counter() - start


def greedy(deck, games: int, jobs: int) -> None:
    import os

    from hi5pnp.sim.bots.kernel import KERNEL_VARIABLE, numba_installed

    plan = Plan(games=games, north="greedy", south="greedy")
    if not numba_installed():
        print("greedy: numba is not installed (pip install 'hi5pnp[fast]'): nothing to compare")
        return
    times = {}
    for kernel in ("python", "auto"):
        os.environ[KERNEL_VARIABLE] = kernel
        simulate(deck, Plan(games=1, north="greedy", south="greedy"), 1)  # the kernel loaded (or compiled) once
        start = time.perf_counter()
        summary = simulate(deck, plan, jobs)
        times[kernel] = time.perf_counter() - start, summary
    (general, a), (compiled, b) = times["python"], times["auto"]
    assert a.games == b.games == games and a.faces == b.faces, "the same games either way"
    print(f"peer: simulate --bot greedy --jobs {jobs}, the general engine: {games} games in {general:.2f} s")
    print(f"simulate --bot greedy --jobs {jobs}, compiled: {games} games in {compiled:.2f} s (target: 10,000 in <= 1 s)")
    print(f"ratio compiled/general: {compiled / general:.3f} ({general / compiled:.1f}x faster)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--greedy", action="store_true", help="measure greedy games, compiled against general (3. above)")
    args = ap.parse_args()
    deck = load_deck("default", need_score_sheet=False)
    n, cpus = args.games, usable_cpus()
    if args.greedy:
        greedy(deck, n, cpus)
        return
    peer = engine_games(deck, n)
    print(f"peer: engine + random bot, one process: {n} games in {peer:.2f} s ({n / peer:.0f} games/s)")
    full = simulated(deck, n, cpus)
    print(f"simulate --bot random --jobs {cpus}: {n} games in {full:.2f} s ({n / full:.0f} games/s)")
    print(f"ratio simulate/peer: {full / peer:.3f} (target <= 0.20; {peer / full:.1f}x faster)")
    for jobs in range(1, cpus + 1):
        t = simulated(deck, n, jobs)
        print(f"  --jobs {jobs}: {n / t:.0f} games/s, {n / t / jobs:.0f} games/s per process, {peer / t:.1f}x the peer")


if __name__ == "__main__":
    main()
