"""The designer's bench: bots play whole games under the rules engine, and
many games say whether a deck is fair (docs/simulate.md)."""

from .balance import Verdict as BalanceVerdict
from .balance import bounds_of, judge
from .bots import BOTS, GreedyBot, PlannerBot, RandomBot, make_bot, play_game, play_random_game, random_turn
from .run import Plan, simulate
from .stats import Summary, interval

__all__ = [
    "BOTS",
    "BalanceVerdict",
    "GreedyBot",
    "Plan",
    "PlannerBot",
    "RandomBot",
    "Summary",
    "bounds_of",
    "interval",
    "judge",
    "make_bot",
    "play_game",
    "play_random_game",
    "random_turn",
    "simulate",
]
