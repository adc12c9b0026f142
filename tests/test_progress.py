"""Progress on standard error: games done, and about how long is left."""

from __future__ import annotations

from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.cli import progress as progress_module
from hi5pnp.cli.progress import Progress, duration, progress_line


def test_the_line_says_games_done_and_time_left():
    assert progress_line("greedy", 400, 1000, 8.0) == "greedy: 400 of 1,000 games (40%), about 12 s left"
    assert progress_line("", 1, 4, 100.0) == "1 of 4 games (25%), about 5 min 0 s left"
    assert progress_line("", 0, 4, 3.0) == "0 of 4 games (0%)"
    assert progress_line("planner", 2000, 2000, 3725) == "planner: 2,000 of 2,000 games (100%), done in 1 h 2 min"
    assert [duration(s) for s in (0.4, 59, 61, 3600)] == ["0 s", "59 s", "1 min 1 s", "1 h 0 min"]


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_short_run_says_nothing_a_long_one_rewrites_its_line(capsys):
    clock = Clock()
    quick = Progress(True, "greedy", after=2, clock=clock)
    clock.now = 1.0
    quick(50, 100)
    quick(100, 100)
    assert capsys.readouterr().err == ""
    clock.now = 0.0
    slow = Progress(True, "", after=2, clock=clock)
    clock.now = 1.0
    slow(10, 100)
    clock.now = 3.0
    slow(30, 100)
    clock.now = 10.0
    slow(100, 100)
    err = capsys.readouterr().err
    assert err == "\r30 of 100 games (30%), about 7 s left\r100 of 100 games (100%), done in 10 s\n"
    shorter = Progress(True, "", after=0, clock=clock)  # a shorter line blanks what the longer one left
    clock.now = 30.0
    shorter(1, 1000)
    shorter(1000, 1000)
    long, short = "1 of 1,000 games (0%), about 5 h 33 min left", "1,000 of 1,000 games (100%), done in 20 s"
    assert capsys.readouterr().err == f"\r{long}\r{short}   \n"
    hidden = Progress(False, after=0, clock=clock)
    hidden(1, 2)
    assert capsys.readouterr().err == ""


def test_the_command_shows_progress_when_asked_even_under_json(monkeypatch):
    monkeypatch.setattr(progress_module, "AFTER", 0.0)
    asked = CliRunner().invoke(main, ["simulate", "--games", "8", "--bot", "random", "--json", "--progress", "--jobs", "1"])
    assert "8 of 8 games (100%), done in" in asked.stderr and asked.stdout.startswith("{")
    quiet = CliRunner().invoke(main, ["simulate", "--games", "8", "--bot", "random", "--jobs", "1"])  # standard error is no terminal here
    assert quiet.stderr == ""
