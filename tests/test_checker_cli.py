"""The judge's commands from the outside: exit codes, the --json object,
several logs at once, the deck path rule and hostile input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main

KEYS = ["log", "valid", "error", "rounds", "columns", "score", "winner", "records", "complete"]


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output + result.stderr, result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture
def logs(tmp_path):
    """A folder with the mini deck and two golden logs: one valid, one invalid."""
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    for name in ("valid_ed2.yaml", "chit_limit.yaml"):
        shutil.copy(GOLDEN / name, tmp_path / name)
    return tmp_path


def test_valid_log(logs):
    r = run("check", logs / "valid_ed2.yaml")
    assert r.exit_code == 0
    assert "valid" in r.output and "winner: draw" in r.output


def test_valid_log_json_is_exactly_the_contract(logs):
    r = run("check", "--json", logs / "valid_ed2.yaml")
    assert r.exit_code == 0
    lines = r.output.strip().split("\n")
    assert len(lines) == 1
    obj = json.loads(lines[0])
    assert list(obj) == KEYS and obj["valid"] is True and obj["error"] is None
    assert obj["log"] == str(logs / "valid_ed2.yaml")  # as with several logs
    assert obj["score"] == {"north": 10, "south": 10} and obj["winner"] == "draw"


def test_invalid_log(logs):
    r = run("check", logs / "chit_limit.yaml")
    assert r.exit_code == 1
    assert "chit_limit.yaml:18: invalid (rules): 1a already holds 1 chit, the limit" in r.output
    assert "round 1, turn 6: 1a assist 3a:chit" in r.output
    assert "north to play" in r.output and "final obstacle" in r.output
    obj = json.loads(run("check", "--json", logs / "chit_limit.yaml").output)
    assert obj["error"] == {"line": 18, "kind": "rules", "message": "1a already holds 1 chit, the limit; no chit for 3a (R-6)"}
    assert obj["valid"] is False and obj["rounds"] == []


def test_several_logs_one_object_a_line_and_the_worst_exit(logs):
    (logs / "broken.yaml").write_text("log: [\n")
    r = run("check", "--json", logs)
    assert r.exit_code == 2
    objs = [json.loads(line) for line in r.stdout.strip().split("\n")]
    assert [o["log"].rsplit("/", 1)[1] for o in objs] == ["broken.yaml", "chit_limit.yaml", "valid_ed2.yaml"]
    assert [o["error"] and o["error"]["kind"] for o in objs] == ["read", "rules", None]
    assert list(objs[0]) == KEYS
    r = run("check", logs / "valid_ed2.yaml", logs / "chit_limit.yaml")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == "2 logs: 1 valid, 1 invalid, 0 unreadable"
    r = run("check", logs)
    assert r.stdout.splitlines()[-1].endswith("3 logs: 1 valid, 1 invalid, 1 unreadable (" + str(logs / "broken.yaml") + ")")


def test_an_empty_folder_is_refused(tmp_path):
    assert run("check", tmp_path).exit_code == 2


@pytest.mark.parametrize("where", ["/tmp/elsewhere", "../mini", "mini/../..", "~/deck"])
def test_a_log_may_not_name_a_deck_outside_its_folder(logs, where):
    log = logs / "valid_ed2.yaml"
    log.write_text(log.read_text().replace("deck: mini", f"deck: {where}"))
    r = run("check", log)
    assert r.exit_code == 2 and "is refused" in r.stderr
    assert json.loads(run("check", "--json", log).output)["error"]["kind"] == "read"
    assert run("check", "--deck", logs / "mini", log).exit_code == 0  # the judge may choose


def test_a_deck_folder_beside_the_log(logs):
    (logs / "decks").mkdir()
    shutil.move(logs / "mini", logs / "decks" / "mini")
    log = logs / "valid_ed2.yaml"
    log.write_text(log.read_text().replace("deck: mini", "deck: decks/mini"))
    assert run("check", log).exit_code == 0


def test_a_broken_deck_is_a_read_fault(logs):
    (logs / "mini" / "game.yaml").write_text("title: [")
    r = run("check", logs / "valid_ed2.yaml")
    assert r.exit_code == 2 and "the deck cannot be read" in r.stderr


@pytest.mark.parametrize(
    "change, words",
    [
        (("log: hi5/1", "log: hi5/2"), "format 'hi5/2' is not known"),
        (("first: north", "first: west"), "'first' must be north or south"),
        (("- 4a                    # south: 4a alone at 1", "- 9a"), "9a is not a competitor face"),
        (("- 4a                    # south: 4a alone at 1", "- 4a jump"), "'jump' is not an action"),
        (("deck: mini", "deck: mini\nedition: 3"), "edition 3 does not exist"),
        (("teams:", "teams:\n  east: [1a]"), "unknown field 'east'"),
        (("course: [1a, 2a]", "course: [1a, 7a]"), "7a is not an obstacle face"),
    ],
)
def test_read_faults_name_file_and_line(logs, change, words):
    log = logs / "valid_ed2.yaml"
    log.write_text(log.read_text().replace(*change, 1))
    r = run("check", log)
    assert r.exit_code == 2, r.output
    assert words in r.stderr
    assert r.stderr.startswith(f"{log}:")


def test_not_yaml(tmp_path):
    (tmp_path / "x.yaml").write_text("log: hi5/1\nteams: [a, b\n")
    r = run("check", tmp_path / "x.yaml")
    assert r.exit_code == 2 and "not valid YAML" in r.stderr


def test_a_50_mb_file_is_refused_at_once(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    start = time.perf_counter()
    r = run("check", "--json", big)
    assert time.perf_counter() - start < 2
    assert r.exit_code == 2 and "refused" in json.loads(r.output)["error"]["message"]


def test_deep_nesting_is_refused(tmp_path):
    (tmp_path / "deep.yaml").write_text("log: hi5/1\nteams: " + "[" * 500 + "]" * 500 + "\n")
    r = run("check", tmp_path / "deep.yaml")
    assert r.exit_code == 2 and "nesting deeper" in r.stderr


def test_alias_bomb_is_refused(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{k}: &a{k} [*a{k - 1}, *a{k - 1}, *a{k - 1}, *a{k - 1}, *a{k - 1}, *a{k - 1}]" for k in range(1, 12)]
    (tmp_path / "bomb.yaml").write_text("\n".join(lines) + "\n")
    r = run("check", tmp_path / "bomb.yaml")
    assert r.exit_code == 2 and "refused" in r.stderr


def test_replay_tells_the_game(logs):
    r = run("replay", logs / "valid_ed2.yaml")
    assert r.exit_code == 0
    assert "Round 1. Course, west to east: 1a Mud Pit (red, speed), 2a Rolling Logs (blue, speed)." in r.output
    assert "north's 1a (at 1) faces 1a Mud Pit (red, speed) with 2 matching gems; moves to 2; " in r.output
    assert "assist: brings along 3a (south), 2a (north); takes 1 chit." in r.output
    assert "4a arrives after the round is full and is not placed (R-12)" in r.output
    assert "End of segment 1: the first-player token passes to south" in r.output
    r = run("replay", logs / "chit_limit.yaml")
    assert r.exit_code == 1 and "already holds 1 chit" in r.output


def test_deal_is_seeded_and_fills_in_to_a_log(tmp_path):
    a, b = run("deal", "--seed", 7), run("deal", "--seed", 7)
    assert a.exit_code == 0 and a.output == b.output
    assert run("deal", "--seed", 8).output != a.output
    filled = a.output.replace("?", "a").replace("    turns:\n", "    turns: []\n")
    (tmp_path / "game.yaml").write_text(filled)
    obj = json.loads(run("check", "--json", tmp_path / "game.yaml").output)
    assert obj["error"]["kind"] == "rules" and "cut short" in obj["error"]["message"]


def test_the_deal_is_yaml_any_tool_reads_and_check_says_what_to_fill_in(tmp_path):
    import yaml

    text = run("deal", "--seed", 7).output
    data = yaml.safe_load(text)  # no YAML error: the placeholders are quoted
    dealt = data["teams"]["north"] + data["teams"]["south"]
    assert sorted(int(x[:-1]) for x in dealt) == list(range(1, 11)) and all(x.endswith("?") for x in dealt)
    assert all(r["turns"] is None and len(r["course"]) == 6 for r in data["rounds"])
    (tmp_path / "game.yaml").write_text(text)
    r = run("check", tmp_path / "game.yaml")
    assert r.exit_code == 2  # a log not filled in yet is not a log (a read fault)
    card = data["teams"]["north"][0][:-1]
    assert f"game.yaml:10:11: '{card}?': choose a side, {card}a or {card}b" in r.output


def test_the_check_path_imports_only_its_own_command():
    """check loads neither the PDF stack, the simulator, the kit's or the
    renderer's tables, nor any other command's module."""
    code = (
        "import sys\n"
        "from hi5pnp.cli import main\n"
        f"try:\n    main(['check', '--json', {str(GOLDEN / 'valid_ed2.yaml')!r}])\n"
        "except SystemExit as e:\n    assert e.code == 0, e.code\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('reportlab', 'jinja2', 'pypdf', 'PIL', 'pypdfium2')\n"
        "         or m.startswith(('hi5pnp.sim.', 'hi5pnp.kit', 'hi5pnp.render', 'hi5pnp.judge.printed.drawing', 'hi5pnp.judge.printed.sheet'))\n"
        "         or m.startswith('hi5pnp.cli.') and m not in ('hi5pnp.cli.base', 'hi5pnp.cli.judge')]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_a_valid_log_checked_in_words_imports_nothing_only_faults_need():
    """What only a fault, a try, JSON or a deck's fingerprint needs (difflib,
    json, hashlib) and what a package installed as files never needs
    (importlib.resources and its zipfile) are left unloaded: together about
    16 ms of the checker's start (bench/bench_check.py)."""
    code = (
        "import sys\n"
        "from hi5pnp.cli import main\n"
        f"try:\n    main(['check', {str(GOLDEN / 'valid_ed2.yaml')!r}])\n"
        "except SystemExit as e:\n    assert e.code == 0, e.code\n"
        "loaded = [m for m in ('difflib', 'json', 'hashlib', 'importlib.resources', 'zipfile') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_a_link_out_of_the_folder_is_refused(logs, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    shutil.move(logs / "mini", outside / "mini")
    (logs / "mini").symlink_to(outside / "mini")
    r = run("check", logs / "valid_ed2.yaml")
    assert r.exit_code == 2 and "outside the log's folder" in r.stderr


def test_json_of_an_unreadable_log(tmp_path):
    (tmp_path / "x.yaml").write_text("log: hi5/1\n")
    obj = json.loads(run("check", "--json", tmp_path / "x.yaml").output)
    assert obj == {
        "log": str(tmp_path / "x.yaml"),
        "valid": False,
        "error": {"line": 1, "kind": "read", "message": "the log lacks the required field 'first'"},
        "rounds": [],
        "columns": None,
        "score": None,
        "winner": None,
        "records": [],
        "complete": False,
    }


def test_a_big_batch_in_several_processes_gives_the_same_answers(logs):
    for k in range(60):
        shutil.copy(GOLDEN / ("valid_ed2.yaml" if k % 3 else "chit_limit.yaml"), logs / f"g{k:02d}.yaml")
    one = run("check", "--json", "--jobs", "1", logs)
    two = run("check", "--json", "--jobs", "2", logs)
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == 62
    assert one.stderr.strip() == "62 logs: 41 valid, 21 invalid, 0 unreadable"  # JSON mode: the summary on stderr


def test_a_batch_shared_by_processes_keeps_every_verdict_in_order(logs):
    """This process checks pieces from the front while workers take pieces
    from the back: with 1, 2 or 3 processes, the same verdicts in words, on
    the same streams, in the order of the files, read faults among them."""
    kinds = ("valid_ed2.yaml", "chit_limit.yaml", "read_missing_teams.yaml", "valid_ed2.yaml", "not_in_play.yaml")
    for k in range(97):
        shutil.copy(GOLDEN / kinds[k % len(kinds)], logs / f"g{k:02d}.yaml")
    runs = [run("check", "--jobs", jobs, logs) for jobs in ("1", "2", "3")]
    assert {r.exit_code for r in runs} == {2}
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout and runs[0].stderr == runs[1].stderr == runs[2].stderr
    heads = [line.split(":")[0] for line in runs[0].stdout.splitlines() if line.startswith(str(logs))]
    assert heads == sorted(set(heads)) and len(heads) > 60  # in order, each once (the read faults went to stderr)
    assert "99 logs:" in runs[0].stdout and "unreadable" in runs[0].stdout


@pytest.mark.parametrize("count", [49, 130, 301])
def test_every_log_is_told_once_in_order_however_the_pieces_fall(monkeypatch, count):
    """However many logs and processes, the pieces this process and the
    workers take (shrinking as they meet) cover every log once, in order."""
    from hi5pnp.judge import batch

    def checked(path, decks, as_json=False, lang="en"):
        time.sleep(0.0003)  # as a log takes time: the workers are handed pieces while this process checks
        return batch.Outcome(path, "valid", path)

    monkeypatch.setattr(batch, "check_one", checked)
    files = [f"g{k:04d}.yaml" for k in range(count)]
    for jobs in (2, 3, 5):
        assert [o.path for o in batch.check_all(files, jobs=jobs)] == files


def test_a_log_from_standard_input(logs, monkeypatch):
    monkeypatch.chdir(logs)  # its deck is looked for beside the current folder
    text = (logs / "valid_ed2.yaml").read_text()
    r = CliRunner().invoke(main, ["check", "--json", "-"], input=text)
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["log"] == "<stdin>"
    r = CliRunner().invoke(main, ["replay", "-"], input=(logs / "chit_limit.yaml").read_text())
    assert r.exit_code == 1 and "already holds 1 chit" in r.output


def test_a_closed_pipe_ends_quietly(logs):
    """``hi5pnp check logs/ | head -1``: no traceback, and not "invalid" (1)."""
    for k in range(200):
        shutil.copy(GOLDEN / "valid_ed2.yaml", logs / f"g{k:03d}.yaml")
    cmd = f"{sys.executable} -m hi5pnp check --jobs 1 {logs} | head -1; echo status ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].endswith(": valid") or lines[0].endswith("invalid (rules): 1a already holds 1 chit, the limit; no chit for 3a (R-6)")
    assert lines[-1] in ("status 0", "status 141")


def test_faults_go_to_standard_error_and_results_to_standard_output(logs, tmp_path):
    checked = subprocess.run([sys.executable, "-m", "hi5pnp", "check", str(logs / "chit_limit.yaml")], capture_output=True, text=True)
    assert checked.returncode == 1 and "invalid (rules)" in checked.stdout and checked.stderr == ""
    (tmp_path / "broken.yaml").write_text("log: [\n")
    unreadable = subprocess.run([sys.executable, "-m", "hi5pnp", "check", str(tmp_path / "broken.yaml")], capture_output=True, text=True)
    assert unreadable.returncode == 2 and "not valid YAML" in unreadable.stderr and unreadable.stdout == ""


@pytest.mark.parametrize("name", ["game.yaml", "Game.YML", ".hidden.yaml", "two.dots.yaml", "odd.", "plain"])
def test_a_ruling_is_found_where_ruling_path_puts_it(tmp_path, name):
    """find_ruling, made of strings for speed, finds exactly the file
    ruling_path names beside a log of any name (``.ruling.yml`` too)."""
    from hi5pnp.judge.ruling import find_ruling, ruling_path

    log = tmp_path / name
    assert find_ruling(log) is None and find_ruling(str(log)) is None
    target = ruling_path(log)
    target.write_text("")
    assert find_ruling(log) == target and find_ruling(str(log)) == target
    target.unlink()
    other = target.with_name(target.name[: -len(".yaml")] + ".yml")
    other.write_text("")
    assert find_ruling(log) == other


def test_a_folder_stands_for_its_logs_and_only_them(tmp_path, monkeypatch):
    """A folder's *.yaml and *.yml entries that are not folders, sorted, each
    named as ``Path(folder) / name`` names it: a broken link or a pipe is
    kept (reading it says what is wrong); its event file and rulings, a
    folder named like a log and other files are not."""
    import os

    from hi5pnp.judge.batch import expand

    for name in ("b.yaml", "a.YML", "c.yml", "notes.txt", "event.yaml", "b.ruling.yaml", "x.yaml.bak"):
        (tmp_path / name).write_text("")
    (tmp_path / "sub.yaml").mkdir()
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere")
    os.mkfifo(tmp_path / "pipe.yaml")
    assert expand([str(tmp_path) + "/"]) == [str(tmp_path / n) for n in ("b.yaml", "c.yml", "gone.yaml", "pipe.yaml")]
    monkeypatch.chdir(tmp_path)
    assert expand(["."]) == ["b.yaml", "c.yml", "gone.yaml", "pipe.yaml"]
