"""Several bots in one run (``--bot greedy --bot planner``): each plays the
same games; the JSON keeps the contract's keys for the first and each bot's
run under ``by_bot``; a rate is flagged with the bots that flag it named."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_each_bot_plays_the_same_games_as_alone():
    both = run("--json", "--games", "30", "--bot", "greedy", "--bot", "random", "--seed", "2")
    assert both.exit_code in (0, 1), both.stderr
    data = json.loads(both.stdout)
    greedy = json.loads(run("--json", "--games", "30", "--bot", "greedy", "--seed", "2").stdout)
    random = json.loads(run("--json", "--games", "30", "--bot", "random", "--seed", "2").stdout)
    assert data["by_bot"] == {"greedy": greedy, "random": random}
    assert {k: v for k, v in data.items() if k not in ("by_bot", "across_bots")} == greedy  # the contract's keys: the first bot's
    across = data["across_bots"]
    states = [greedy["balance"]["verdict"], random["balance"]["verdict"]]
    assert across["verdict"] == max(states, key=["fair", "undecided", "not fair"].index)
    for what, by in across["flagged"].items():  # each rate names exactly the bots that flag it
        for kind in ("outside", "unsure"):
            assert by[kind] == [b for b, one in (("greedy", greedy), ("random", random)) if what in one["balance"][kind]]
    named = {what for one in (greedy, random) for kind in ("outside", "unsure") for what in one["balance"][kind]}
    assert set(across["flagged"]) == named
    assert both.exit_code == (0 if across["verdict"] == "fair" else 1)


def test_the_text_leads_with_the_verdict_across_bots_then_each_bot():
    r = run("--games", "20", "--bot", "random", "--bot", "greedy", "--face-window", "0-100", "--first-player-window", "0-100")
    lines = r.stdout.splitlines()
    assert r.exit_code == 0 and lines[0] == "FAIR under every bot (random fair, greedy fair)"
    assert lines.index("== random") < lines.index("== greedy")
    assert lines[lines.index("== greedy") + 1].startswith("FAIR: ")


def test_a_bot_given_twice_plays_once():
    r = run("--json", "--games", "5", "--bot", "random", "--bot", "random")
    assert "by_bot" not in json.loads(r.stdout)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bot", "greedy", "--bot", "random", "--save-logs", "logs"], "--save-logs saves the games of one bot"),
        (["--bot", "greedy", "--bot", "random", "--north", "planner"], "--bot"),
    ],
)
def test_flags_that_do_not_go_together_are_refused(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("--games", "2", *args)
    assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_each_flagged_rate_is_compared_between_the_bots_on_the_same_games():
    data = json.loads(run("--json", "--games", "40", "--bot", "greedy", "--bot", "random", "--seed", "2").stdout)
    across = data["across_bots"]
    assert across["between_correction"] == "holm"
    assert set(across["between_bots"]) == set(across["flagged"]) != set()
    for diffs in across["between_bots"].values():
        (d,) = diffs
        assert d["bots"] == ["greedy", "random"] and d["interval"][0] <= d["change"] <= d["interval"][1]
        assert d["differ"] == (d["interval"][0] > 0 or d["interval"][1] < 0)
    text = run("--games", "40", "--bot", "greedy", "--bot", "random", "--seed", "2").stdout
    assert "between the bots, on the same games (paired;" in text and "Holm-corrected together" in text


class _Pair:
    def __init__(self, changes):
        self.changes = changes

    def change(self, rate, z):
        from hi5pnp.sim.paired import Change

        d, error = self.changes[rate]
        return Change(d, d - z * error, d + z * error)


def test_the_bots_agree_unless_a_difference_is_sure_after_holm():
    from hi5pnp.sim.across import BotTotals, differences, said

    pairs = {(0, 1): _Pair({"7b": (-0.037, 0.019), "2a": (0.08, 0.015), "9a": (-0.045, 0.021)})}
    found = differences(["greedy", "planner"], BotTotals([], pairs), ["7b", "2a", "9a"])  # type: ignore[arg-type]
    assert said(found["7b"]).startswith("the bots agree (greedy minus planner: -3.7 points")  # p = 0.05: noise among three
    assert said(found["2a"]).startswith("greedy and planner differ by +8.0 points (")
    assert not found["9a"][0].differ  # p = 0.032 alone, over Holm's 0.025 for the second of three
    assert found["2a"][0].low > 0 and found["7b"][0].low < 0 < found["7b"][0].high
