"""The executor: games cut into blocks that keep every worker busy, and the
same totals however they are cut or wherever they are played."""

from __future__ import annotations

import pytest

from hi5pnp.sim import executor
from hi5pnp.sim.executor import MOST_BLOCK, blocks_for
from hi5pnp.sim.run import Games, Plan, simulate


@pytest.mark.parametrize("games, workers", [(1, 1), (1, 8), (20, 2), (20, 1), (49, 3), (10_000, 2), (10_001, 8), (7, 100)])
def test_blocks_cover_every_game_once_and_keep_every_worker_busy(games, workers):
    blocks = blocks_for(games, workers)
    assert [g for start, stop in blocks for g in range(start, stop)] == list(range(games))
    assert all(1 <= stop - start <= MOST_BLOCK for start, stop in blocks)
    assert len(blocks) >= min(games, workers)  # no worker waits while games are left in one block


def test_a_twenty_game_run_gives_both_processes_work():
    assert len(blocks_for(20, 2)) >= 2 * executor.BLOCKS_PER_WORKER - 1


@pytest.mark.slow
def test_the_totals_do_not_depend_on_the_blocks(deck):
    plan = Plan(games=23, seed=4, north="greedy", south="random")
    whole = Games(deck, plan).block(0, plan.games)
    for size in (1, 5, 23):
        starts = list(range(0, plan.games, size))
        parts = [Games(deck, plan).block(s, min(s + size, plan.games)) for s in starts]
        for order in (parts, parts[::-1]):
            total = Games(deck, plan).block(0, 0)
            for part in order:
                total.merge(part)
            assert total == whole, (size, order is parts)
    assert simulate(deck, plan, jobs=2) == whole == simulate(deck, plan, jobs=1)
