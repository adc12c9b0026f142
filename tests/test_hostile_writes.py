"""Every write after its check: a ruling only when its try applies and
changes the log; `play --log` never over a file; a round's files all or none
even when `pairings` is stopped; Ctrl-C exits 130 at a prompt too; numbers
too long to be one refused in a line."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.judge import game_log
from hi5pnp.sim.bots import play_random_game
from hi5pnp.web import Desk, make_app


def invoke(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture
def played(tmp_path) -> Path:
    log = tmp_path / "club" / "g.yaml"
    log.parent.mkdir()
    log.write_text(game_log(play_random_game(load_deck(), random.Random(1)), "default"), encoding="utf-8")
    return log


def first_turn(log: Path) -> tuple[int, str]:
    for number, line in enumerate(log.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("      - "):
            return number, line.strip()[2:]
    raise AssertionError("no turn")


@pytest.mark.parametrize("kind", ["past-the-end", "no-change"])
def test_a_ruling_whose_try_does_not_apply_is_not_written(played, kind):
    number, turn = first_turn(played)
    line, text = ("99999", turn) if kind == "past-the-end" else (str(number), turn)
    before = played.read_bytes()
    result = invoke("check", str(played), "--try", line, text, "--rule-as", "Judy")
    assert result.exit_code == 2
    assert "no ruling written" in result.stderr and ("past the log's end" in result.stderr or "changes nothing" in result.stderr)
    assert sorted(p.name for p in played.parent.iterdir()) == ["g.yaml"] and played.read_bytes() == before
    assert invoke("check", str(played)).exit_code == 0  # the valid game still counts


def test_the_desk_saves_no_ruling_whose_try_does_not_apply(played):
    desk = Desk(logs=played.parent, out=played.parent.parent / "desk", event=True)
    client = TestClient(make_app(desk), base_url="http://127.0.0.1")
    form = {"token": desk.token, "judge": "Sam", "tried": "line=99999&turn=1a", "winner": "", "reason": ""}
    page = client.post("/judge/log/g.yaml/rule", data=form, follow_redirects=False)
    assert page.status_code == 400 and "no ruling written" in page.text
    assert sorted(p.name for p in played.parent.iterdir()) == ["g.yaml"]


def test_play_never_replaces_a_file(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("the player's own notes\n")
    result = invoke("play", "--log", str(mine), "--seed", "3", stdin="q\n")
    assert result.exit_code == 2 and "exists already; play never replaces a file" in result.stderr
    assert mine.read_text() == "the player's own notes\n"


def test_play_saves_beside_a_file_put_in_the_log_s_place_meanwhile(tmp_path, monkeypatch):
    from hi5pnp.cli import play as playing

    log = tmp_path / "game.yaml"
    first = playing._LogFile(str(log))
    table = type("T", (), {"log": lambda self: "log: hi5/1\n"})()
    first.save(table)
    log.unlink()
    log.write_text("someone else's\n")  # put there between two saves
    first.save(table)
    assert log.read_text() == "someone else's\n" and (tmp_path / "game-2.yaml").read_text() == "log: hi5/1\n"


def test_ctrl_c_at_play_s_prompts_exits_130(tmp_path):
    result = invoke("play", "--log", str(tmp_path / "g.yaml"), "--seed", "3", stdin="")  # the prompt ends as Ctrl-C ends it
    assert result.exit_code == 130, result.output


def test_a_number_of_thousands_of_digits_at_play_s_prompt_is_no_turn(tmp_path):
    answers = "a\n" * 5 + "9" * 5000 + "\nq\n"
    result = invoke("play", "--seed", "3", stdin=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Not played: 999" in result.output


def test_a_scheduler_port_of_a_hundred_digits_is_one_line():
    result = invoke("simulate", "--games", "10", "--scheduler", "tcp://127.0.0.1:" + "9" * 100)
    assert result.exit_code == 2 and "a port is a number from 1 to 65535" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_round_stopped_while_written_is_all_or_none(tmp_path):
    """`pairings --logs` of 500 players (250 files) stopped by SIGTERM at
    random moments: the folder holds every file of the round or none, no
    staging folder is left, and a run after a stop that wrote none pairs."""
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "event.yaml").write_text("players: [" + ", ".join(f'"Player {i}"' for i in range(500)) + "]\n")
    seen = set()
    rng = random.Random(7)
    for _ in range(12):
        with subprocess.Popen(
            [sys.executable, "-m", "hi5pnp", "pairings", str(folder), "--logs", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        ) as proc:
            time.sleep(rng.uniform(0.2, 0.6))
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
        made = sorted(p.name for p in folder.glob("round1-*.yaml"))
        assert len(made) in (0, 250), (len(made), proc.returncode)
        assert (folder / "round1-written.json").exists() == (len(made) == 250)  # the record of them goes with them
        assert (folder / "round1-links.json").exists() == (len(made) == 250)  # and the tables' secret links
        assert not [p for p in folder.iterdir() if p.name.startswith(".hi5pnp-round-")]
        seen.add(len(made))
        for p in [*made, "round1-written.json", "round1-links.json"] if made else []:
            os.unlink(folder / p)
    assert seen  # stopped at least once either way
    done = subprocess.run([sys.executable, "-m", "hi5pnp", "pairings", str(folder), "--logs", str(folder)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and len(list(folder.glob("round1-*.yaml"))) == 250


@pytest.mark.slow
def test_build_cut_writes_nothing_outside_its_folder(tmp_path):
    """ezdxf keeps a font cache on its first import: in a temporary folder, not the user's home."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "XDG_CACHE_HOME"} | {"HOME": str(home)}
    run = subprocess.run(
        [sys.executable, "-m", "hi5pnp", "build", "--cut", "silhouette", "--out", str(tmp_path / "kit")], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert list(home.iterdir()) == [] and list((tmp_path / "kit").glob("cut-silhouette-*.dxf"))


def test_an_earlier_marker_never_costs_a_file_of_the_user_s_in_deck(tmp_path):
    """Under an earlier hi5pnp's marker (which recorded no deck/), a file in
    deck/ that is not the deck's own is kept, and the run refused."""
    import json

    from test_saved_logs import contents, make_deck, save

    from hi5pnp.sim import logs as saved

    deck, logs = make_deck(tmp_path / "deck"), tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    assert (logs / "deck").is_dir()
    (logs / saved.MARKER).write_text(json.dumps({"generator": "hi5pnp", "logs": {}}))
    (logs / "deck" / "notes.txt").write_bytes(b"the designer's own notes\n")
    before = contents(logs)
    result = save(deck, logs)
    assert result.exit_code == 2 and "notes.txt: an earlier hi5pnp's marker does not record this file" in result.stderr
    assert contents(logs) == before
