"""The designer's bench: bots play whole games under the rules engine, and
many games say whether a deck is fair (docs/simulate.md).

The parts are imported from their modules (``hi5pnp.sim.run.simulate``,
``hi5pnp.sim.bots.players.play_game``, ...); this package imports nothing, so that
the command line can name the bots without loading the engine at start-up.
"""

from typing import Literal, get_args

#: The bots, weakest first: the keys of :data:`hi5pnp.sim.bots.players.BOTS`.
BotName = Literal["random", "greedy", "planner", "mcts"]
BOT_NAMES: tuple[BotName, ...] = get_args(BotName)
Sides = Literal["random", "bot"]  # each card's face: at random, or the bot's choice
SIDE_CHOICES: tuple[Sides, ...] = get_args(Sides)
MOST_GAMES = 10_000_000
MOST_SEED = 2**63 - 1
PLANNER_WIDTH = (1, 50)  # the planner's effort: turns it looks ahead from
PLANNER_DEPTH = (0, 500)  # and turns played ahead after each
MCTS_PLAYOUTS = (1, 100_000)  # the search's effort: playouts a turn
