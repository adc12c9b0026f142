"""Playing many games: game *i* of a run is dealt and played from a
generator seeded by the run's seed and *i* alone (:func:`draw.game_rng`), so
the numbers are the same whatever the number of processes. Games are shared
out in blocks by :mod:`.executor` (local processes, or a Dask cluster); each
block comes back as a :class:`~hi5pnp.sim.stats.Summary` of whole-number
totals, which add up to the same figures in any order.

Random and greedy bots play on the compiled kernel where numba is installed
(:mod:`.bots.jit_games`, the same games); two ``random`` bots otherwise play
on the fast path (:mod:`.playout`, the same games); every other pairing, and
every run that saves logs, plays on the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..deck import EDITION_NUMBERS, Deck
from ..errors import OptionError, check_choice, check_number
from ..judge.logwrite import game_log
from ..rules import Seat
from . import BOT_NAMES, MCTS_PLAYOUTS, MOST_GAMES, MOST_SEED, PLANNER_DEPTH, PLANNER_WIDTH, SIDE_CHOICES, BotName, Sides, executor
from .bots import jit_games
from .bots.draw import game_rng
from .bots.mcts import PLAYOUTS, MCTSBot
from .bots.players import BOTS, Bot, PlannerBot, play_game
from .bots.playout import random_playout
from .bots.record import GameRecord, Tally, record_of
from .executor import Progress
from .logs import log_name, save
from .stats import Summary


@dataclass(frozen=True)
class Plan:
    """What to play: ``games`` games from ``seed``, a bot name per seat.
    Checked when made: a value it does not take raises :class:`~hi5pnp.errors.OptionError`."""

    games: int = 1000  # 1 to MOST_GAMES
    seed: int = 0
    north: BotName = "greedy"
    south: BotName = "greedy"
    sides: Sides = "random"  # or "bot"
    edition: int | None = None  # None: the deck's
    width: int = 4  # the planner's effort: turns looked at
    depth: int = 24  # and turns played ahead after each
    playouts: int = PLAYOUTS  # the search's effort: playouts a turn
    logs: Path | None = None  # save each game's log here
    deck_name: str = "default"  # as the saved logs name the deck

    def __post_init__(self) -> None:
        check_number("games", self.games, 1, MOST_GAMES, whole=True)
        check_number("seed", self.seed, 0, MOST_SEED, whole=True)
        check_choice("north", self.north, BOT_NAMES)
        check_choice("south", self.south, BOT_NAMES)
        check_choice("sides", self.sides, SIDE_CHOICES)
        if self.edition is not None:
            check_choice("edition", self.edition, EDITION_NUMBERS)
        check_number("width", self.width, *PLANNER_WIDTH, whole=True)
        check_number("depth", self.depth, *PLANNER_DEPTH, whole=True)
        check_number("playouts", self.playouts, *MCTS_PLAYOUTS, whole=True)
        if self.logs is not None and not isinstance(self.logs, Path):
            raise OptionError(f"logs: {self.logs!r} is not a folder; give a pathlib.Path, or None")
        if not isinstance(self.deck_name, str) or not self.deck_name.strip():
            raise OptionError(f"deck_name: {self.deck_name!r} is not a deck's name; give the name the saved logs write")


def make_bots(plan: Plan) -> dict[Seat, Bot]:
    def one(name: str) -> Bot:
        if BOTS[name] is PlannerBot:
            return PlannerBot(plan.width, plan.depth)
        if BOTS[name] is MCTSBot:
            return MCTSBot(plan.playouts)
        return BOTS[name]()

    return {Seat.NORTH: one(plan.north), Seat.SOUTH: one(plan.south)}


def play_one(deck: Deck, plan: Plan, index: int) -> GameRecord:
    """Game ``index`` of the plan; its log is saved if the plan says so."""
    if compiled(plan):
        return jit_games.play_games(deck, plan.seed, index, index + 1, plan.north, plan.south, plan.sides, plan.edition)[0]
    rng = game_rng(plan.seed, index)
    fast = plan.north == plan.south == "random" and plan.logs is None
    if fast:
        return random_playout(deck, rng, plan.edition)
    tally = Tally(list(deck.colors))
    state = play_game(deck, make_bots(plan), rng, sides=plan.sides, edition=plan.edition, watch=tally.add)
    if plan.logs is not None:
        bots = f"north {plan.north}, south {plan.south}"
        text = game_log(state, plan.deck_name, f"hi5pnp simulate: game {index + 1}, seed {plan.seed}, {bots}")
        save(plan.logs, log_name(index), text.encode())  # recorded in the folder's marker first
    return record_of(state, tally)


def compiled(plan: Plan) -> bool:
    """Are the plan's games played on the compiled kernel (:func:`.bots.jit_games.fits`)?"""
    return jit_games.fits(plan.north, plan.south, plan.logs is not None)


def prepare(deck: Deck, plan: Plan) -> None:
    """Before worker processes are forked: the compiled kernel loaded (or
    compiled) here once, by playing the plan's first game, so that no
    worker loads it again."""
    if compiled(plan):
        play_one(deck, plan, 0)


def play_block(deck: Deck, plan: Plan, start: int, stop: int) -> Summary:
    summary = new_summary(deck)
    if compiled(plan):  # the block in one call
        for record in jit_games.play_games(deck, plan.seed, start, stop, plan.north, plan.south, plan.sides, plan.edition):
            summary.add(record)
        return summary
    for index in range(start, stop):
        summary.add(play_one(deck, plan, index))
    return summary


def new_summary(deck: Deck) -> Summary:
    r = deck.rules
    return Summary(finishers=r.finishers, placing_points=r.placing_points, column_points=r.column_points)


@dataclass(frozen=True)
class Games:
    """The work of one run (:class:`.executor.Work`): a plan's games on a
    deck, from game ``first`` (a run played in batches goes on where it stopped)."""

    deck: Deck
    plan: Plan
    first: int = 0

    @property
    def games(self) -> int:
        return self.plan.games

    def block(self, start: int, stop: int) -> Summary:
        return play_block(self.deck, self.plan, self.first + start, self.first + stop)


def simulate(deck: Deck, plan: Plan, jobs: int | None = None, progress: Progress | None = None, scheduler: str | None = None, first: int = 0) -> Summary:
    """Play the plan's games and total them: in ``jobs`` local processes
    (default: every usable processor; at most
    :func:`~hi5pnp.machine.worker_count`), or on the Dask cluster whose
    scheduler is at ``scheduler`` (:mod:`.executor`); ``progress(done,
    games)`` after each block. A plan that saves logs needs its folder ready
    (:func:`.logs.prepare`, :func:`.logs.deck_name`) where the games are
    played. ``first``: the games are ``first`` to ``first + plan.games``."""
    if scheduler is None:
        prepare(deck, plan)
    return executor.run(Games(deck, plan, first), jobs, progress, scheduler)
