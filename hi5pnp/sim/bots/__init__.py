"""The players of the simulator: bots that propose turns to the engine, and
what it takes to play a whole game fast.

- :mod:`.players`: the random, greedy, planner and mcts bots (:data:`BOTS`) and a
  whole game (:func:`play_game`, :func:`play_random_game`)
- :mod:`.heuristic`: what the bots value, a turn's and a position's worth
- :mod:`.mcts`: the search bot, Monte Carlo tree search over the engine's position
- :mod:`.lookahead`: the planner's look-ahead on flat tables (pure Python)
- :mod:`.kernel`: which kernel plays the look-ahead (compiled, or pure)
- :mod:`.jit_kernel`, :mod:`.jit_lookahead`: the same look-ahead compiled
  by numba (the ``fast`` extra) and its adapter
- :mod:`.jit_games`: random and greedy whole games on the compiled kernel
  (:mod:`.jit_game`, :mod:`.jit_random`: Python's generator compiled), and a
  search bot's playout from any position (``jit_games.finish``)
- :mod:`.playout`: the fast path, a whole random game on unchecked play
- :mod:`.draw`: how the random bot draws, and each game's generator
- :mod:`.record`: what the simulator keeps of one game

The names below are imported from :mod:`.players` when first used, so that
importing a module of this package (a game's record, say) loads no engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import lazy

if TYPE_CHECKING:
    from .players import (
        BOTS,
        KERNEL_VARIABLE,
        Bot,
        GreedyBot,
        MCTSBot,
        PlannerBot,
        RandomBot,
        compiled_kernel,
        play_game,
        play_random_game,
        random_turn,
    )

__all__ = [
    "BOTS",
    "KERNEL_VARIABLE",
    "Bot",
    "GreedyBot",
    "MCTSBot",
    "PlannerBot",
    "RandomBot",
    "compiled_kernel",
    "play_game",
    "play_random_game",
    "random_turn",
]


__getattr__ = lazy.names(__name__, dict.fromkeys(__all__, ".players"))
