"""``simulate --save-logs``: each file is recorded in the folder's marker as
it is written, so a run stopped at any moment (Ctrl-C, kill, a power cut)
never leaves a folder whose next run removes a file of the user's: a log
annotated or copied in, or a file put into ``deck/``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import make_deck

from hi5pnp.cli import main
from hi5pnp.files import sha256_of
from hi5pnp.sim import logs as saved

MINE = b"# the judge's notes on this game\n"


def save(deck: Path, logs: Path, games: int = 3):
    return CliRunner().invoke(main, ["simulate", "--deck", str(deck), "--games", str(games), "--bot", "random", "--save-logs", str(logs)])


def contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def stopped_run(logs: Path, deck: Path, games: int) -> None:
    """What a run killed after ``games`` logs leaves: its records, its logs, and no sealed marker."""
    assert save(deck, logs, games).exit_code in (0, 1)
    text = (logs / saved.MARKER).read_bytes()
    (logs / saved.MARKER).write_bytes(text[: len(saved.MARKER_TEXT)])  # as prepare left it
    for name in sorted(contents(logs)):
        if name != saved.MARKER:
            saved.save(logs, name, (logs / name).read_bytes())  # recorded one by one, in the order written


def test_each_file_is_recorded_with_its_sha256_as_sha256sum_writes_it(tmp_path):
    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    lines = (logs / saved.MARKER).read_text().splitlines()
    assert lines[0].startswith("# hi5pnp simulate --save-logs")
    records = [line for line in lines if not line.startswith("#")]
    files = sorted(name for name in contents(logs) if name != saved.MARKER)
    assert records == [f"{sha256_of(logs / name)}  {name}" for name in files]  # in order: the same run, the same marker
    assert {"game-000003.yaml", "deck/game.yaml"} <= set(files)


def test_after_a_stopped_run_the_next_removes_only_its_files(tmp_path):
    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    stopped_run(logs, deck, 5)
    (logs / "notes.txt").write_bytes(MINE)
    assert save(deck, logs, 2).exit_code in (0, 1)
    assert sorted(p.name for p in logs.glob("game-*.yaml")) == ["game-000001.yaml", "game-000002.yaml"]
    assert (logs / "notes.txt").read_bytes() == MINE


def test_a_log_annotated_or_copied_in_after_a_stopped_run_is_never_removed(tmp_path):
    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    stopped_run(logs, deck, 4)
    annotated = logs / "game-000002.yaml"
    annotated.write_bytes(annotated.read_bytes() + MINE)
    before = contents(logs)
    r = save(deck, logs)
    assert r.exit_code == 2 and "game-000002.yaml" in r.stderr and "not as --save-logs wrote it" in r.stderr
    assert contents(logs) == before  # nothing removed, not even the run's own logs
    annotated.unlink()
    (logs / "game-000077.yaml").write_bytes((logs / "game-000001.yaml").read_bytes() + MINE)  # copied in from elsewhere
    before = contents(logs)
    r = save(deck, logs)
    assert r.exit_code == 2 and "game-000077.yaml" in r.stderr and contents(logs) == before


def test_a_file_put_into_the_decks_copy_is_never_removed(tmp_path):
    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    (logs / "deck" / "notes.md").write_bytes(MINE)
    before = contents(logs)
    r = save(deck, logs)
    assert r.exit_code == 2 and "notes.md" in r.stderr and contents(logs) == before
    (logs / "deck" / "notes.md").unlink()
    (logs / "deck" / "game.yaml").write_bytes((logs / "deck" / "game.yaml").read_bytes() + MINE)
    r = save(deck, logs)
    assert r.exit_code == 2 and "game.yaml" in r.stderr


def test_a_marker_of_an_earlier_hi5pnp_is_read(tmp_path):
    """Sealed (JSON, listing the logs): its logs are the run's; unsealed (the run was stopped): no log of it is removed."""
    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    listed = {p.name: sha256_of(p) for p in logs.glob("game-*.yaml")}
    (logs / saved.MARKER).write_text(json.dumps({"generator": "hi5pnp", "logs": listed}))
    assert save(deck, logs, 2).exit_code in (0, 1)
    assert sorted(p.name for p in logs.glob("game-*.yaml")) == ["game-000001.yaml", "game-000002.yaml"]
    (logs / saved.MARKER).write_bytes(b"hi5pnp simulate --save-logs wrote this folder; a later run into it replaces its game logs and deck/.\n")
    before = contents(logs)
    assert save(deck, logs).exit_code == 2 and contents(logs) == before


@pytest.mark.slow
def test_a_killed_run_leaves_a_folder_the_next_run_takes_and_never_a_users_file_removed(tmp_path):
    """SIGKILL to the whole run at any moment: every log there is recorded (the record comes first)."""
    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    command = [sys.executable, "-m", "hi5pnp", "simulate", "--deck", str(deck), "--games", "100000", "--bot", "greedy", "--jobs", "2", "--save-logs", str(logs)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(list(logs.glob("game-*.yaml"))) < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    time.sleep(0.6)  # a worker ends within half a second of its parent
    left = sorted(p.name for p in logs.glob("game-*.yaml"))
    assert len(left) >= 20
    written = saved._written(logs)
    assert all(sha256_of(logs / name) in written[name] for name in left)
    (logs / "game-000003.yaml").write_bytes((logs / "game-000003.yaml").read_bytes() + MINE)
    assert save(deck, logs).exit_code == 2 and (logs / "game-000003.yaml").read_bytes().endswith(MINE)
    (logs / "game-000003.yaml").unlink()
    assert save(deck, logs).exit_code in (0, 1)
    assert sorted(p.name for p in logs.glob("game-*.yaml")) == ["game-000001.yaml", "game-000002.yaml", "game-000003.yaml"]
