"""A command stopped from outside: Ctrl-C exits 130 and SIGTERM 143, in every
command, with one line and no traceback; never 1, which a script reads as
NOT FAIR; a run's worker processes end with it, at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.cli.base import Terminated


def _raise(exc: BaseException):
    def stop(*args, **kwargs):
        raise exc

    return stop


@pytest.mark.parametrize(("stop", "status", "said"), [(KeyboardInterrupt(), 130, "Ctrl-C"), (Terminated(), 143, "terminated")])
@pytest.mark.parametrize(
    ("command", "target"),
    [
        (["simulate", "--games", "10"], "hi5pnp.sim.run.simulate"),
        (["tune", "--games", "100"], "hi5pnp.sim.tune.tuner.tune"),
        (["validate"], "hi5pnp.deck.load.read_deck"),
        (["build", "--out", "{tmp}"], "hi5pnp.kit.build_kit"),
    ],
)
def test_a_stopped_command_exits_130_or_143_with_one_line(monkeypatch, tmp_path, command, target, stop, status, said):
    monkeypatch.setattr(target, _raise(stop))
    r = CliRunner().invoke(main, [arg.format(tmp=tmp_path) for arg in command])
    assert r.exit_code == status, (r.exit_code, r.stderr)
    assert r.stderr == f"hi5pnp: stopped ({said}); no result\n"


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(p) for p in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][0] not in "ZX"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
@pytest.mark.parametrize(("sig", "group", "status"), [(signal.SIGINT, True, 130), (signal.SIGTERM, False, 143)])
def test_a_signal_stops_simulate_and_its_workers_at_once(sig, group, status):
    """Ctrl-C at a terminal reaches the whole process group; ``kill`` the parent alone."""
    command = [sys.executable, "-m", "hi5pnp", "simulate", "--games", "200000", "--bot", "planner", "--jobs", "2", "--progress"]
    # as from a terminal: a test runner's worker may ignore SIGINT, and a child started so would inherit that
    restore = lambda: signal.signal(signal.SIGINT, signal.default_int_handler)  # noqa: E731
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=restore)
    try:
        deadline = time.monotonic() + 30
        while len(workers := _children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) >= 2
        time.sleep(0.5)  # the workers are playing
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == status, err
    assert took < 3, took  # no block is waited for
    assert err.rstrip("\n").rsplit("\n", 1)[-1].endswith("no result") and "Traceback" not in err
    assert out == ""
    time.sleep(0.5)
    assert not [pid for pid in workers if _alive(pid)]
