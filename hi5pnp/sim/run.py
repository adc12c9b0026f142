"""Playing many games: game *i* of a run is dealt and played from a
generator seeded by the run's seed and *i* alone (:func:`draw.game_rng`), so
the numbers are the same whatever the number of processes. Games are shared
out in blocks to a :class:`concurrent.futures.ProcessPoolExecutor`; each
block comes back as a :class:`~hi5pnp.sim.stats.Summary` of whole-number
totals, which add up to the same figures in any order.

Two ``random`` bots play on the fast path (:mod:`.playout`, the same games);
every other pairing, and every run that saves logs, plays on the engine.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..deck import EDITION_NUMBERS, Deck
from ..errors import OptionError, check_choice, check_number
from ..files import write_output
from ..judge.logwrite import game_log
from ..machine import end_with_parent, worker_count
from ..rules import Seat
from . import BOT_NAMES, MOST_GAMES, MOST_SEED, PLANNER_DEPTH, PLANNER_WIDTH, SIDE_CHOICES, BotName, Sides
from .bots import BOTS, Bot, PlannerBot, play_game
from .draw import game_rng
from .logs import log_name
from .playout import random_playout
from .record import GameRecord, Tally, record_of
from .stats import Summary

BLOCK = 50  # games a worker plays before reporting back


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
        if self.logs is not None and not isinstance(self.logs, Path):
            raise OptionError(f"logs: {self.logs!r} is not a folder; give a pathlib.Path, or None")
        if not isinstance(self.deck_name, str) or not self.deck_name.strip():
            raise OptionError(f"deck_name: {self.deck_name!r} is not a deck's name; give the name the saved logs write")


def make_bots(plan: Plan) -> dict[Seat, Bot]:
    def one(name: str) -> Bot:
        if BOTS[name] is PlannerBot:
            return PlannerBot(plan.width, plan.depth)
        return BOTS[name]()

    return {Seat.NORTH: one(plan.north), Seat.SOUTH: one(plan.south)}


def play_one(deck: Deck, plan: Plan, index: int) -> GameRecord:
    """Game ``index`` of the plan; its log is saved if the plan says so."""
    rng = game_rng(plan.seed, index)
    fast = plan.north == plan.south == "random" and plan.logs is None
    if fast:
        return random_playout(deck, rng, plan.edition)
    tally = Tally(list(deck.colors))
    state = play_game(deck, make_bots(plan), rng, sides=plan.sides, edition=plan.edition, watch=tally.add)
    if plan.logs is not None:
        bots = f"north {plan.north}, south {plan.south}"
        text = game_log(state, plan.deck_name, f"hi5pnp simulate: game {index + 1}, seed {plan.seed}, {bots}")
        write_output(plan.logs / log_name(index), text.encode())
    return record_of(state, tally)


def play_block(deck: Deck, plan: Plan, start: int, stop: int) -> Summary:
    summary = new_summary(deck)
    for index in range(start, stop):
        summary.add(play_one(deck, plan, index))
    return summary


def new_summary(deck: Deck) -> Summary:
    r = deck.rules
    return Summary(finishers=r.finishers, placing_points=r.placing_points, column_points=r.column_points)


_worker: tuple[Deck, Plan] | None = None


def _start_worker(deck: Deck, plan: Plan) -> None:
    global _worker
    _worker = (deck, plan)
    end_with_parent()


def _block_in_worker(start: int, stop: int) -> Summary:
    assert _worker is not None
    return play_block(*_worker, start, stop)


def simulate(deck: Deck, plan: Plan, jobs: int | None = None, progress: Callable[[int, int], object] | None = None) -> Summary:
    """Play the plan's games in ``jobs`` processes (default: every usable
    processor; at most :func:`~hi5pnp.machine.worker_count`) and total them;
    ``progress(done, games)`` after each block. A plan that saves logs needs
    its folder ready (:func:`.logs.prepare`, :func:`.logs.deck_name`)."""
    jobs = worker_count(jobs, -(-plan.games // BLOCK))
    blocks = [(s, min(s + BLOCK, plan.games)) for s in range(0, plan.games, BLOCK)]
    total = new_summary(deck)
    done = 0
    if jobs == 1:
        for start, stop in blocks:
            total.merge(play_block(deck, plan, start, stop))
            done = stop
            if progress:
                progress(done, plan.games)
        return total
    # fork where the platform has it: workers start with the deck loaded
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker, initargs=(deck, plan)) as pool:
        for (start, stop), part in zip(blocks, pool.map(_block_in_worker, *zip(*blocks))):
            total.merge(part)
            done += stop - start
            if progress:
                progress(done, plan.games)
    return total
