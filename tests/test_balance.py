"""The verdict (hi5pnp/sim/balance.py): FAIR only when every rate and its
interval lie inside the window, NOT FAIR when one lies wholly outside, else
UNDECIDED with about how many games would tell; several bots read together."""

from __future__ import annotations

from hi5pnp.sim.balance import Agreement, Windows, judge
from hi5pnp.sim.stats import FaceCount, Summary

WINDOWS = Windows(first_player=(45.0, 55.0), face_win_rate=(40.0, 60.0))


def summary(games: int, face_rates: dict[str, float], first: float = 0.5) -> Summary:
    """``games`` games, every one decided; each face in every game, its team winning at the rate given."""
    s = Summary(finishers=3, placing_points=(5, 3, 1), column_points=2, games=games)
    s.first_wins = round(first * games)
    s.first_losses = games - s.first_wins
    for face, rate in face_rates.items():
        s.faces[face] = FaceCount(games=games, team_wins=round(rate * games), placings=[0, 0, 0, 0])
    return s


def test_fair_only_when_every_interval_is_inside():
    v = judge(summary(20_000, {"1a": 0.5, "1b": 0.55, "2a": 0.45}), WINDOWS)
    assert v.state == "fair" and v.fair and v.findings == []
    assert v.headline.startswith("FAIR")


def test_not_fair_when_an_interval_lies_wholly_outside():
    v = judge(summary(20_000, {"1a": 0.5, "1b": 0.7}), WINDOWS)
    assert v.state == "not fair" and not v.fair
    assert [f.what for f in v.findings] == ["1b"] and v.findings[0].sure
    assert v.headline == "NOT FAIR: 1 rate is outside its window (1b)"


def test_undecided_when_an_interval_reaches_over_an_edge_and_more_games_would_tell():
    s = summary(400, {"1a": 0.5, "1b": 0.57}, first=0.5)
    v = judge(s, WINDOWS)
    assert v.state == "undecided" and not v.fair
    found = {f.what: f for f in v.findings}
    assert set(found) == {"1b"} and not found["1b"].sure  # its estimate is inside, its interval is not
    assert "is inside its window 40-60 %, but its interval reaches above it" in found["1b"].describe()
    assert v.headline.startswith("UNDECIDED: 1 rate may be outside its window (1b); about ")
    need = found["1b"].games_to_tell(400)
    assert 400 < need < 40_000
    # the estimate holding, that many games (and a little more) decide it: fair
    assert judge(summary(round(need * 1.2), {"1a": 0.5, "1b": 0.57}), WINDOWS).state == "fair"
    # and noticeably fewer do not
    assert judge(summary(round(need * 0.7), {"1a": 0.5, "1b": 0.57}), WINDOWS).state == "undecided"


def test_a_rate_on_its_edge_needs_far_more_games():
    v = judge(summary(400, {"1a": 0.6}), WINDOWS)
    assert v.state == "undecided" and "far more games would be needed" in v.headline


def test_several_bots_name_the_bots_that_flag_each_rate():
    fair = judge(summary(20_000, {"1a": 0.5, "1b": 0.5}), WINDOWS)
    strong = judge(summary(20_000, {"1a": 0.5, "1b": 0.7}), WINDOWS)
    unsure = judge(summary(1000, {"1a": 0.5, "1b": 0.61}), WINDOWS)
    both = Agreement({"greedy": fair, "planner": strong, "random": unsure})
    assert both.state == "not fair"
    assert both.flagged() == {"1b": {"outside": ["planner"], "unsure": ["random"]}}
    assert both.headline == "NOT FAIR under the bots together (greedy fair, planner not fair, random undecided)"
    assert both.lines()[1] == "  1b: outside under planner; possibly outside under random"
    assert Agreement({"greedy": fair, "planner": fair}).state == "fair"
    assert Agreement({"greedy": fair, "random": unsure}).state == "undecided"
