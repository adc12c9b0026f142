"""Verdicts across playing strength (``simulate --bots``): a face holds when
every bot decides the same side of its window, depends on skill when two
bots decide different sides and surely differ on the same games, else is
undecided; the side tests Holm-corrected over faces and bots together."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.sim.across import BotTotals
from hi5pnp.sim.paired import Change
from hi5pnp.sim.stats import FaceCount, Summary, interval, z_for
from hi5pnp.sim.strength import judge, side_test

WINDOW = (40.0, 60.0)


class _Pair:
    """A pair of bots' paired differences, given: rate -> (change, standard error)."""

    def __init__(self, changes: dict[str, tuple[float, float]]):
        self.changes = changes

    def change(self, rate: str, z: float) -> Change:
        d, error = self.changes.get(rate, (0.0, 0.5))
        return Change(d, d - z * error, d + z * error)


def _totals(rates: list[dict[str, tuple[int, int]]], pairs: dict[tuple[int, int], _Pair] | None = None) -> BotTotals:
    """Each bot's faces as (team wins, games); no draws."""
    summaries = []
    for faces in rates:
        s = Summary(finishers=5, placing_points=(5, 4, 3, 2, 1), column_points=3)
        for face, (wins, games) in faces.items():
            s.faces[face] = FaceCount(games=games, team_wins=wins, placings=[0] * 6)
        summaries.append(s)
    n = len(rates)
    return BotTotals(summaries, pairs or {(a, b): _Pair({}) for a in range(n) for b in range(a + 1, n)})  # type: ignore[arg-type]


def test_a_face_on_one_side_under_every_bot_holds():
    totals = _totals([{"1a": (700, 1000), "2a": (500, 1000), "3a": (300, 1000)}] * 3)
    found = {v.face: v for v in judge(["greedy", "planner", "mcts"], totals, WINDOW).faces}
    assert (found["1a"].verdict, found["1a"].side) == ("holds", "too strong")
    assert (found["2a"].verdict, found["2a"].side) == ("holds", "fair")
    assert (found["3a"].verdict, found["3a"].side) == ("holds", "too weak")


def test_bots_that_surely_disagree_make_a_face_depend_on_skill():
    pairs = {(0, 1): _Pair({"1a": (0.2, 0.02)})}
    totals = _totals([{"1a": (700, 1000)}, {"1a": (500, 1000)}], pairs)
    (v,) = judge(["greedy", "mcts"], totals, WINDOW).faces
    assert v.verdict == "depends on skill" and v.side is None
    assert [p.side for p in v.placed] == ["too strong", "fair"] and all(p.decided for p in v.placed)
    assert [(d.a, d.b) for d in v.apart] == [("greedy", "mcts")]


def test_sides_apart_but_a_difference_not_sure_is_undecided():
    pairs = {(0, 1): _Pair({"1a": (0.2, 0.2)})}  # the paired difference is all noise
    totals = _totals([{"1a": (700, 1000)}, {"1a": (500, 1000)}], pairs)
    (v,) = judge(["greedy", "mcts"], totals, WINDOW).faces
    assert v.verdict == "undecided" and not v.apart


def test_a_bot_whose_side_is_not_sure_leaves_the_face_undecided():
    totals = _totals([{"1a": (700, 1000)}, {"1a": (62, 100)}])  # 62 % of 100: above the window, not surely
    (v,) = judge(["greedy", "mcts"], totals, WINDOW).faces
    assert v.verdict == "undecided"
    assert [p.decided for p in v.placed] == [True, False] and v.placed[1].side == "too strong"


def test_the_side_tests_are_holm_corrected_over_faces_and_bots():
    """A rate decided at 5 % when it is the only test is not among twenty
    (its p-value over Holm's 0.05 / 20), and the interval shown widens to its level."""
    near = {"1a": (1260, 2000)}  # 63 %: p about 0.006 against the edge at 60 %
    _, p = side_test(1260, 2000, WINDOW)
    assert 0.05 / 20 < p < 0.05 / 2
    alone = judge(["greedy", "mcts"], _totals([near, near]), WINDOW)
    assert alone.tests == 2 and alone.faces[0].verdict == "holds"
    crowd = {**near, **{f"{k}a": (1180, 2000) for k in range(2, 11)}}  # 59 %: near the edge, undecided
    many = judge(["greedy", "mcts"], _totals([crowd, crowd]), WINDOW)
    assert many.tests == 20
    face = next(v for v in many.faces if v.face == "1a")
    assert face.verdict == "undecided" and not any(p.decided for p in face.placed)
    assert face.placed[0].low < alone.faces[0].placed[0].low  # a wider interval at Holm's stricter level


def test_a_decided_side_is_an_interval_wholly_on_that_side():
    """The score test's p-value under the level exactly when Wilson's interval at that level lies on the side."""
    rng = random.Random(4)
    for _ in range(500):
        games = rng.randint(5, 3000)
        hits = rng.randint(0, games)
        lo, hi = sorted(rng.sample(range(5, 96), 2))
        side, p = side_test(hits, games, (lo, hi))
        low, high = interval(hits, games, z_for(0.95))
        inside = {"too weak": high < lo / 100, "fair": lo / 100 < low and high < hi / 100, "too strong": low > hi / 100}[side]
        if abs(p - 0.05) > 1e-9:
            assert (p < 0.05) == inside, (hits, games, lo, hi, side, p)


def run(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_the_text_and_json_name_each_verdict():
    from hi5pnp.sim.report.strength import strength_json, strength_lines

    pairs = {(0, 1): _Pair({"2a": (0.2, 0.02)})}
    made = judge(["greedy", "mcts"], _totals([{"1a": (700, 1000), "2a": (700, 1000)}, {"1a": (720, 1000), "2a": (500, 1000)}], pairs), WINDOW)
    lines = strength_lines(made)
    assert lines[0] == "across strength (greedy, mcts; the same games under each): holds 1, depends on skill 1, undecided 0"
    assert "  holds too strong: 1a" in lines
    row = next(line for line in lines if line.startswith("  2a "))
    assert "70.0% +" in row and "50.0% =" in row and "depends on skill (greedy and mcts differ by +20.0 points" in row
    out = strength_json(made)
    assert out["holds"] == ["1a"] and out["depends_on_skill"] == ["2a"] and out["faces"]["1a"]["side"] == "too strong"
    assert out["faces"]["2a"]["by_bot"]["mcts"] == {
        "rate": 0.5,
        "games": 1000,
        "side": "fair",
        "decided": True,
        "interval": out["faces"]["2a"]["by_bot"]["mcts"]["interval"],
    }
    assert out["faces"]["2a"]["apart"][0]["bots"] == ["greedy", "mcts"]


@pytest.mark.slow
def test_the_json_and_text_give_each_faces_verdict_across_the_bots():
    data = json.loads(run("--json", "--bots", "greedy,random", "--games", "12", "--seed", "1").stdout)
    strength = data["strength"]
    assert strength["bots"] == ["greedy", "random"] and strength["correction"] == "holm"
    assert strength["tests"] == 2 * len(strength["faces"])
    listed = strength["holds"] + strength["depends_on_skill"] + strength["undecided"]
    assert sorted(listed) == sorted(strength["faces"])
    for face, one in strength["faces"].items():
        assert set(one["by_bot"]) == {"greedy", "random"}
        assert one["by_bot"]["greedy"]["rate"] == data["by_bot"]["greedy"]["faces"][face]["win_rate"]["rate"]
    text = run("--bots", "greedy,random", "--games", "12", "--seed", "1").stdout.splitlines()
    assert text[0].startswith("across strength (greedy, random; the same games under each):")
    assert any(line.split()[:1] == [face] for face in strength["faces"] for line in text)


@pytest.mark.parametrize(
    "args",
    [
        ("--bots", "greedy"),
        ("--bots", "greedy,greedy"),
        ("--bots", "greedy,wizard"),
        ("--bots", "greedy,random", "--bot", "planner"),
        ("--bots", "greedy,random", "--compare", "default"),
        ("--bots", "greedy,random", "--until-decided"),
    ],
)
def test_bots_that_cannot_be_compared_are_refused(args):
    r = run("--games", "2", *args)
    assert r.exit_code == 2 and "--bots" in r.stderr


@pytest.mark.slow  # the search plays too
def test_the_desk_runs_every_strength_and_shows_each_faces_verdict():
    import threading

    from hi5pnp.web.simjob import STRENGTH, SimJob

    ended = threading.Event()
    job = SimJob()
    job.told = lambda: ended.set() if job.view().state in ("done", "failed") else None
    assert job.start(None, 3, "wizard") is not None
    assert job.start(None, 3, STRENGTH) is None
    assert ended.wait(120)
    now = job.view()
    assert now.state == "done", now.error
    assert now.result is not None and now.result["strength"]["bots"] == ["greedy", "planner", "mcts"]
    assert now.text.startswith("across strength (greedy, planner, mcts; the same games under each)")
