"""Tune's promise, kept: the plan put first is judged again on fresh paired
games (a seed none of the choosing played), look after look, until its
face's interval lies inside its window ("lands in its window") or the
budget ends ("probably, not sure"); and on held-out plants (faces made weak
and strong, an obstacle made harsh, a fair deck), a fresh simulation on
another seed puts the face inside its window whenever tune said it lands."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.sim.paired import Change
from hi5pnp.sim.run import Plan, simulate
from hi5pnp.sim.sequential import ALPHA
from hi5pnp.sim.tune import edits
from hi5pnp.sim.tune.promise import Fresh, budget_of, face_verdict, fresh_plan, keep, standing
from hi5pnp.sim.tune.race import Games

WINDOW = (40.0, 60.0)


def _fresh(rate: float, low: float, high: float, change: tuple[float, float, float] = (0.0, -0.01, 0.01)) -> Fresh:
    return Fresh("1a", rate, low, high, Change(*change), 1000)


def test_the_face_lands_only_when_its_whole_interval_is_inside():
    assert face_verdict(_fresh(0.50, 0.45, 0.55), WINDOW) == "lands"
    assert face_verdict(_fresh(0.58, 0.55, 0.61), WINDOW) == "probably"  # the estimate inside, the interval reaching out
    assert face_verdict(_fresh(0.62, 0.59, 0.65), WINDOW) == "probably not"
    assert face_verdict(_fresh(0.66, 0.63, 0.69), WINDOW) == "misses"


def test_another_face_is_kept_pushed_out_or_not_yet_known():
    assert standing(_fresh(0.50, 0.45, 0.55), WINDOW).standing == "kept"
    assert standing(_fresh(0.62, 0.59, 0.65), WINDOW).standing == "unsure"  # outside, but the plan may not have moved it
    assert standing(_fresh(0.62, 0.59, 0.65, (-0.02, -0.03, -0.01)), WINDOW).standing == "kept"  # surely moved inward
    assert standing(_fresh(0.62, 0.59, 0.65, (0.0, 0.0, 0.0)), WINDOW).standing == "kept"  # the plan cannot touch it
    assert standing(_fresh(0.66, 0.63, 0.69, (0.04, 0.03, 0.05)), WINDOW).standing == "pushed"
    assert standing(_fresh(0.34, 0.31, 0.37, (-0.04, -0.05, -0.03)), WINDOW).standing == "pushed"
    assert standing(_fresh(0.58, 0.55, 0.61, (0.04, 0.03, 0.05)), WINDOW).standing == "unsure"  # may still be inside


def test_the_looks_are_planned_before_and_the_seed_is_fresh():
    plan = Plan(games=2000, seed=5)
    assert budget_of(plan, None) == [2000, 4000, 8000]
    assert budget_of(plan, 5000) == [2000, 4000, 5000]
    assert budget_of(plan, 1000) == [1000]
    assert fresh_plan(plan).seed == 8 and fresh_plan(plan).games == 2000  # baseline 5, screening 6, confirming 7


@pytest.mark.slow
def test_the_plan_is_judged_on_fresh_games_until_decided(mini):
    """On the mini deck, 4b (Hal, all blue gems) given a red gem: its rate on
    the fresh games alone, with intervals for 0.05 / looks; a budget too
    small to decide says so, a larger one plays no look past the deciding one."""
    plan = Plan(games=100, seed=0)
    better = edits.made(mini, edits.Edit("gem", "4b", (0,), "red"), "4b")
    assert better is not None
    games = Games(None, 0)
    small = keep(mini, better.deck, "4b", (10.0, 90.0), plan, 200, games)
    assert small.looks == [100, 200] and small.plan.seed == 3 and small.alpha == ALPHA / 2
    assert (small.verdict, small.others_verdict, small.done, small.games) == ("lands", "keeps", 1, 100)  # decided at the first look
    assert games.played == games.total == 200  # both decks, each fresh game once; the look not played taken off
    assert small.face.low >= 0.10 and small.face.high <= 0.90
    hard = keep(mini, better.deck, "4b", (49.0, 51.0), plan, 400, Games(None, 0))
    assert hard.done == len(hard.looks) == 3 and hard.verdict in ("probably", "probably not")  # a 2-point window: not decided
    again = keep(mini, better.deck, "4b", (49.0, 51.0), plan, 400, Games(None, 0))
    assert again == hard  # the same games, the same numbers


# Held-out plants: the mini deck (teams of two, fast games) judged on 40-60 %,
# with one face made weak (two gems of a colour no obstacle has) or strong (a
# gem of each colour, two one-box columns), an obstacle made harsh (its
# colour and trait changed), or left as it is on wide windows (a fair deck).
def _faces() -> dict[str, str]:
    faces, card = {}, 0
    for line in (GOLDEN / "mini" / "competitors.yaml").read_text().splitlines():
        if line.startswith("- card:"):
            card = int(line.split()[-1])
        elif line.strip().startswith(("a:", "b:")):
            faces[f"{card}{line.strip()[0]}"] = line
    return faces


def _plants() -> dict[str, tuple[tuple[str, str] | None, tuple[str, str] | None, str]]:
    out: dict[str, tuple[tuple[str, str] | None, tuple[str, str] | None, str]] = {}
    for face, line in _faces().items():
        weak = re.sub(r"gems: \[[^\]]*\]", "gems: [green, green, blue]", line)
        strong = re.sub(r"matrix: .*\}", "matrix: [[speed], [wits]]}", re.sub(r"gems: \[[^\]]*\]", "gems: [red, blue, red]", line))
        out[f"weak-{face}"] = ((line, weak), None, "40, 60")
        out[f"strong-{face}"] = ((line, strong), None, "40, 60")
    out["harsh-1a"] = (None, ("color: red, trait: speed", "color: blue, trait: wits"), "40, 60")
    out["harsh-2a"] = (None, ("color: blue, trait: speed", "color: red, trait: wits"), "40, 60")
    out["fair-wide"] = (None, None, "25, 75")
    out["fair-narrow"] = (None, None, "28, 72")
    return out


PLANTS = _plants()


@pytest.mark.slow
def test_a_plant_lands_in_its_window_whenever_tune_says_so(tmp_path):
    """Done when: after tune --apply 1, a fresh 6,000-game simulation (another
    seed) puts the face tuned inside its window in at least 19 of the 20
    plants where tune said "lands in its window"; where it did not, it said
    "not sure" (or that the plan misses) rather than promise."""
    assert len(PLANTS) == 20
    landed, promised, said = 0, 0, {}
    for k, (name, (comp, obst, window)) in enumerate(sorted(PLANTS.items())):
        folder = tmp_path / name
        shutil.copytree(GOLDEN / "mini", folder)
        game = (folder / "game.yaml").read_text().replace('  blue: "#0057B8"\n', '  blue: "#0057B8"\n  green: "#00875A"   # no obstacle is green\n')
        (folder / "game.yaml").write_text(game + f"balance:\n  first_player: [30, 80]\n  face_win_rate: [{window}]\n")
        for file, change in (("competitors.yaml", comp), ("obstacles.yaml", obst)):
            if change:
                text = (folder / file).read_text()
                assert change[0] in text, (name, change)
                (folder / file).write_text(text.replace(*change))
        result = CliRunner().invoke(main, ["tune", "--deck", str(folder), "--games", "1000", "--seed", str(k), "--jobs", "1", "--apply", "1", "--json"])
        if result.exit_code != 0:  # no plan to write
            assert "no plan to write" in result.stderr, (name, result.stderr)
            said[name] = "no plan"
            continue
        found = json.loads(result.stdout)
        promise = found["promise"]
        said[name] = promise["face"]["verdict"]
        if promise["face"]["verdict"] != "lands":
            assert "not sure" in promise["face"]["said"] or promise["face"]["verdict"] == "misses", promise
            continue
        promised += 1
        low, high = (float(x) for x in window.split(","))
        after = simulate(load_deck(folder, need_score_sheet=False), Plan(games=6000, seed=1000 + k), jobs=1)
        rate = 100 * after.faces[found["face"]].score
        landed += low <= rate <= high
        said[name] += f" {found['face']} {rate:.1f} %"
    print(said)
    assert promised >= 10, said  # the plants are within tune's reach: most are promised
    assert promised - landed <= 1, said  # 19 of 20: at most one plant promised lands outside
