"""Measure the work split: a short planner run (20 games, both seats
planning) on two processes, against the same run in one process measured
in the same run (the peer), and against the way it was split before (one
block of up to 50 games, so a run under 50 games kept one process busy).
Alternating, the least of three each; every way gives the same totals.

Run:  python bench/bench_blocks.py [--games N]   (20 by default)
"""

from __future__ import annotations

import argparse
import time
from unittest import mock

from hi5pnp.deck import load_deck
from hi5pnp.sim import executor
from hi5pnp.sim.run import Plan, simulate


def one_block(games: int, workers: int) -> list[tuple[int, int]]:
    """The split before: blocks of 50 games whatever the workers."""
    return [(s, min(s + 50, games)) for s in range(0, games, 50)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    deck = load_deck("default", need_score_sheet=False)
    plan = Plan(games=args.games, north="planner", south="planner")
    ways = {"--jobs 1 (the peer)": (1, executor.blocks_for), "--jobs 2": (2, executor.blocks_for), "--jobs 2, blocks of 50 (before)": (2, one_block)}
    times: dict[str, list[float]] = {name: [] for name in ways}
    totals = set()
    for _ in range(3):
        for name, (jobs, blocks) in ways.items():
            with mock.patch.object(executor, "blocks_for", blocks):
                start = time.perf_counter()
                totals.add(repr(simulate(deck, plan, jobs)))
                times[name].append(time.perf_counter() - start)
    peer = min(times["--jobs 1 (the peer)"])
    print(f"{args.games} planner games; blocks on two processes: {executor.blocks_for(args.games, 2)}")
    for name, t in times.items():
        print(f"  {name}: {min(t):.2f} s, ratio to the peer {min(t) / peer:.2f}")
    print("the same totals every way:", len(totals) == 1)


if __name__ == "__main__":
    main()
