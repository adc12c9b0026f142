"""The designer's bench: bots play whole games under the rules engine, and
many games say whether a deck is fair (docs/simulate.md).

The parts are imported from their modules (``hi5pnp.sim.run.simulate``,
``hi5pnp.sim.bots.play_game``, ...); this package imports nothing, so that
the command line can name the bots without loading the engine at start-up.
"""

#: The bots, weakest first: the keys of :data:`hi5pnp.sim.bots.BOTS`.
BOT_NAMES = ("random", "greedy", "planner")
