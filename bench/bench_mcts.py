"""Measure the search bot (``mcts``): its strength against the planner and
greedy, and its cost a game on one processor.

Each pairing is played on both seats (``--north mcts --south B`` and
``--north B --south mcts``, the same games), and the search's share of the
games won (a draw counting half) is printed with its 95 % interval. Cost is
the CPU seconds a game of the pairing takes in one process, beside the
peer measured in the same run: a planner-against-planner game (the ratio
says how many planner games one costs, whatever the machine). Targets:
the search wins at least 60 % against the planner, at most 0.5 s a game
with the search on both seats.

Run:  python bench/bench_mcts.py [--games N] [--playouts P]   (200 games a seating by default)
"""

from __future__ import annotations

import argparse
import time

from hi5pnp.deck import load_deck
from hi5pnp.sim.bots.mcts import PLAYOUTS
from hi5pnp.sim.bots.players import compiled_kernel
from hi5pnp.sim.run import Plan, play_one
from hi5pnp.sim.stats import interval


def seconds_a_game(deck, plan: Plan) -> tuple[float, list[int]]:
    """CPU seconds a game of ``plan`` takes in this process, and the games north won, south won, drawn."""
    play_one(deck, plan, plan.games)  # the kernel compiled, or loaded from numba's cache, before timing
    won = [0, 0, 0]
    start = time.process_time()
    for i in range(plan.games):
        winner = play_one(deck, plan, i).winner
        won[2 if winner is None else winner] += 1
    return (time.process_time() - start) / plan.games, won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a seating (each pairing plays twice as many)")
    parser.add_argument("--playouts", type=int, default=PLAYOUTS, help="the search's playouts a turn")
    args = parser.parse_args()
    deck = load_deck("default", need_score_sheet=False)
    kernel = "compiled" if compiled_kernel() else "pure"
    peer, _ = seconds_a_game(deck, Plan(games=min(args.games, 100), north="planner", south="planner"))
    print(f"mcts, {args.playouts} playouts a turn, {kernel} kernel; {args.games} games a seating, bundled deck")
    print(f"peer: planner v planner {peer * 1000:.1f} ms a game")
    print("| opponent | mcts's share of games (95 % interval) | mcts v it, s a game | ratio to the peer |")
    print("|---|---|---|---|")
    for other in ("planner", "greedy"):
        share, games, cost = 0.0, 0, 0.0
        for north, south, seat in (("mcts", other, 0), (other, "mcts", 1)):
            took, won = seconds_a_game(deck, Plan(games=args.games, north=north, south=south, playouts=args.playouts))
            share += won[seat] + won[2] / 2
            games += sum(won)
            cost += took / 2
        low, high = interval(share, games)
        print(f"| {other} | {share / games:.1%} ({low:.1%}-{high:.1%}) | {cost:.3f} | {cost / peer:.1f} |")
    both, _ = seconds_a_game(deck, Plan(games=min(args.games, 50), north="mcts", south="mcts", playouts=args.playouts))
    print(f"mcts v mcts: {both:.3f} s a game ({both / peer:.1f} planner games)")


if __name__ == "__main__":
    main()
