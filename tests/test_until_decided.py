"""``simulate --until-decided``: batches doubling to a cap, stopping once
every rate is decided; each look judged for 5 % split over the looks
planned (Bonferroni), so the error rate holds however many looks are made."""

from __future__ import annotations

import json
import random

from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main
from hi5pnp.sim.balance import Windows
from hi5pnp.sim.run import Plan, simulate
from hi5pnp.sim.sequential import looks, until_decided
from hi5pnp.sim.stats import interval, z_for


def test_the_looks_are_planned_before_a_game_is_played():
    assert looks(1000, 64_000) == [1000, 2000, 4000, 8000, 16000, 32000, 64000]
    assert looks(100, 250) == [100, 200, 250] and looks(50, 50) == [50]


def test_an_undecided_deck_plays_to_the_cap_and_its_batches_add_up_to_one_run(mini):
    narrow = Windows(first_player=(49.0, 51.0), face_win_rate=(49.0, 51.0))
    seq = until_decided(mini, Plan(games=20, north="random", south="random"), narrow, 80, jobs=1)
    assert (seq.looks, seq.done, seq.summary.games) == ([20, 40, 80], 3, 80)
    assert seq.summary == simulate(mini, Plan(games=80, north="random", south="random"), jobs=1)
    assert seq.verdict.alpha == 0.05 / 3 and not seq.verdict.decided


def test_a_decided_deck_stops_at_the_first_look(mini):
    wide = Windows(first_player=(1.0, 99.0), face_win_rate=(1.0, 99.0))
    seq = until_decided(mini, Plan(games=40, north="random", south="random"), wide, 1000, jobs=1)
    assert (seq.done, seq.summary.games, seq.verdict.state) == (1, 40, "fair")


def test_the_error_rate_holds_under_repeated_looks():
    """A rate on its window's edge, looked at seven times: declared outside in
    at most 5 % of runs with the split; judged at 95 % at each look, far more often."""
    rng = random.Random(5)
    planned, edge = looks(100, 6400), 0.46
    split, naive = z_for(1 - 0.05 / len(planned)), z_for(0.95)
    wrong = {"split": 0, "naive": 0}
    runs = 400
    for _ in range(runs):
        hits = games = 0
        said = {"split": False, "naive": False}
        for n in planned:
            hits += sum(rng.random() < edge for _ in range(n - games))
            games = n
            for how, z in (("split", split), ("naive", naive)):
                said[how] = said[how] or interval(hits, games, z)[1] < edge  # wholly below the window: wrongly outside
        for how in wrong:
            wrong[how] += said[how]
    assert wrong["split"] / runs <= 0.05
    assert wrong["naive"] > wrong["split"]


def test_until_decided_on_the_command_line(tmp_path):
    args = [
        "simulate",
        "--deck",
        str(GOLDEN / "mini"),
        "--bot",
        "random",
        "--until-decided",
        "--games",
        "30",
        "--most-games",
        "60",
        "--face-window",
        "49-51",
        "--first-player-window",
        "49-51",
        "--json",
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 60 and data["sequential"] == {
        "looks_planned": [30, 60],
        "looks_made": 2,
        "alpha_per_look": 0.025,
        "method": "bonferroni over the looks planned",
        "decided": False,
        "cap": 60,
    }
    text = CliRunner().invoke(main, args[:-1]).stdout
    assert "played until decided: 2 of 2 looks planned (30, 60 games)" in text and "97.50 %" in text
    refused = CliRunner().invoke(main, ["simulate", "--until-decided", "--compare", "default", "--games", "10"])
    assert refused.exit_code == 2 and "--until-decided" in refused.stderr
    refused = CliRunner().invoke(main, ["simulate", "--until-decided", "--games", "100", "--most-games", "50"])
    assert refused.exit_code == 2 and "--most-games" in refused.stderr
