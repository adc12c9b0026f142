"""Measure the judge's checker.

1. One full log: the wall time of ``hi5pnp check LOG`` against the floor of
   ``python -c "import yaml, click"`` measured in the same run (best of N
   each). The target is a ratio of at most 2.0: the check path must stay light.
2. A batch: logs checked per second by one ``hi5pnp check`` call over 1,000
   generated logs (target: at least 1,200 logs/s on two idle processors),
   and against a peer measured in the same run: the same logs merely loaded
   by PyYAML's C loader in one process (``yaml.load`` with ``CSafeLoader``),
   which a busy machine slows as it slows the check.

Run:  python bench/bench_check.py [--runs N] [--logs N]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hi5pnp.deck import load_deck
from hi5pnp.judge import game_log
from hi5pnp.sim.bots.players import play_random_game

#: The peer: every log of the folder loaded with PyYAML's C loader (its pure loader where libyaml is missing), nothing checked.
LOAD_ONLY = (
    "import pathlib, sys, yaml\n"
    "loader = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)\n"
    "for log in sorted(pathlib.Path(sys.argv[1]).glob('*.yaml')):\n"
    "    yaml.load(log.read_text(), Loader=loader)\n"
)


def best_time(cmd: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """The best wall time of ``cmd`` over ``runs`` runs, and the best CPU time
    of its processes (which a machine busy with other work changes less)."""
    best, best_cpu = float("inf"), float("inf")
    for _ in range(runs + 1):  # the first run fills the bytecode cache
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        best = min(best, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best_cpu = min(best_cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            sys.exit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[:500]}")
    return best, best_cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--logs", type=int, default=1000)
    args = ap.parse_args()
    deck = load_deck("default", need_score_sheet=False)
    hi5 = [sys.executable, "-m", "hi5pnp"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "logs"
        folder.mkdir()
        # As on a judge's machine: bytecode is cached after the first run
        # (kept out of the source tree here).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        for seed in range(args.logs):
            state = play_random_game(deck, random.Random(seed), 1 + seed % 2)
            (folder / f"game{seed:04d}.yaml").write_text(game_log(state, "default"))
        one = folder / "game0000.yaml"
        turns = sum(1 for line in one.read_text().splitlines() if line.startswith("      - "))
        floor, floor_cpu = best_time([sys.executable, "-c", "import yaml, click"], args.runs, env)
        single, single_cpu = best_time([*hi5, "check", str(one)], args.runs, env)
        print(
            f"one log ({turns} turns): check {single * 1000:.0f} ms, floor (import yaml, click) "
            f"{floor * 1000:.0f} ms, ratio {single / floor:.2f} (target <= 2.0; in CPU time {single_cpu / floor_cpu:.2f})"
        )
        batch, batch_cpu = best_time([*hi5, "check", str(folder)], 5, env)
        print(
            f"batch: {args.logs} logs in {batch:.2f} s: {args.logs / batch:.0f} logs/s (target >= 1,200 on two idle processors); "
            f"{batch_cpu / args.logs * 1000:.2f} ms CPU a log, every process counted"
        )
        peer, _ = best_time([sys.executable, "-c", LOAD_ONLY, str(folder)], 3, env)
        print(
            f"batch against its peer (the same logs loaded by PyYAML's C loader, one process, {args.logs / peer:.0f} logs/s): "
            f"ratio {batch / peer:.2f} of its time"
        )


if __name__ == "__main__":
    main()
