"""Measure the planner: planner against planner on the bundled deck, the
simulator's own run (``simulate`` over every usable processor).

The peer, measured in the same run: the plain engine, random bots on
``State`` (every turn judged), one game after another in one process. The
ratio says how many plain engine games one planner game costs, whatever the
machine's speed or load (target: at most 6); the wall time's target is
2,000 games in at most 20 s on a machine of two idle processors.

The planner looks ahead with the compiled kernel where numba is installed
(``pip install -e '.[fast]'``), else with the pure one; ``HI5PNP_KERNEL=python``
measures the pure one there. The compiled kernel is compiled, or loaded from
numba's cache, first, in a process of its own: the first run after an install
compiles it (seconds), and the timed run costs what every later run costs
(each worker loading it from the cache).

Run:  python bench/bench_planner.py [--games N] [--jobs J]   (2,000 games by default)
"""

from __future__ import annotations

import argparse
import importlib.metadata
import resource
import subprocess
import sys
import time

from hi5pnp.deck import load_deck
from hi5pnp.machine import usable_cpus
from hi5pnp.rules import Seat
from hi5pnp.sim.bots.draw import game_rng
from hi5pnp.sim.bots.players import RandomBot, compiled_kernel, play_game
from hi5pnp.sim.run import Plan, simulate

PEER_GAMES = 400  # plain engine games measured for the peer


def cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def engine_game_cpu(deck, games: int) -> float:
    """CPU seconds a game of the plain engine takes: random bots, every turn judged."""
    bot = RandomBot()
    start = time.process_time()
    for i in range(games):
        play_game(deck, {Seat.NORTH: bot, Seat.SOUTH: bot}, game_rng(0, i))
    return (time.process_time() - start) / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every usable processor)")
    args = ap.parse_args()
    deck = load_deck("default", need_score_sheet=False)
    jobs = args.jobs or usable_cpus()
    if compiled_kernel():
        print(f"kernel: compiled (numba {importlib.metadata.version('numba')})")
        one = "from hi5pnp.deck import load_deck; from hi5pnp.sim.run import Plan, simulate; "
        one += "simulate(load_deck(), Plan(games=1, north='planner', south='planner'), 1)"
        subprocess.run([sys.executable, "-c", one], check=True)  # compiled, or found in the cache
    else:
        print("kernel: pure Python")
    peer = engine_game_cpu(deck, PEER_GAMES)
    print(f"peer: engine + random bots, one process: {peer * 1000:.2f} ms CPU a game ({PEER_GAMES} games)")
    cpu0, wall0 = cpu(), time.perf_counter()
    summary = simulate(deck, Plan(games=args.games, north="planner", south="planner"), jobs)
    wall, used = time.perf_counter() - wall0, cpu() - cpu0
    assert summary.games == args.games
    per_game = used / args.games
    print(f"simulate --bot planner --games {args.games} --jobs {jobs}: {wall:.1f} s ({args.games / wall:.1f} games/s)")
    print(f"per game, one process: {per_game * 1000:.1f} ms CPU, {per_game / peer:.1f} plain engine games (target <= 6)")
    if jobs == 2:
        print(f"2,000 games on two processors at this rate: {2000 * wall / args.games:.0f} s (target <= 20 s on idle processors)")


if __name__ == "__main__":
    main()
