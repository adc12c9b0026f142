"""Outputs a user names, and what they may never replace: a single output file
is written only as a regular file, never over an input of the run (a log, a
file of the deck), a link, a folder or a device; `simulate --save-logs`
writes only into a folder of its own and copies only a deck's own files;
`--jobs` starts a bounded number of processes; and what a killed build left
beside its kit is cleared by the next build. Each refusal is a message naming
the path, exit status 2, no traceback, nothing of the user's changed."""

from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import time
from pathlib import Path
from typing import ClassVar

import pytest
from click.testing import CliRunner
from conftest import GOLDEN, make_deck

from hi5pnp import machine
from hi5pnp.cli import main
from hi5pnp.errors import OutputError
from hi5pnp.files import write_output
from hi5pnp.judge.batch import check_all
from hi5pnp.kit import output as output_module
from hi5pnp.sim import executor as sim_executor

MINE = b"the user's own file\n"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output + result.stderr, result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def refused(result, *words):
    """Exit status 2, and a message on standard error naming each of ``words``."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    for word in words:
        assert word in result.stderr, (word, result.stderr)


@pytest.fixture
def game(tmp_path):
    """A valid log with its deck (the mini deck) beside it; returns the log."""
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    shutil.copy(GOLDEN / "valid_ed2.yaml", tmp_path / "game.yaml")
    return tmp_path / "game.yaml"


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, a link's target."""
    found: dict[str, bytes | str] = {}
    for p in sorted(folder.rglob("*")):
        name = str(p.relative_to(folder))
        if p.is_symlink():
            found[name] = "-> " + os.readlink(p)
        elif p.is_file():
            found[name] = p.read_bytes()
    return found


# single output files


@pytest.mark.parametrize("command", [("check", "--pdf"), ("replay", "--png"), ("replay", "--svg")])
def test_an_output_never_replaces_the_log(game, command):
    before = game.read_bytes()
    refused(run(command[0], game, command[1], game), "game.yaml", "reads")
    assert game.read_bytes() == before
    other = game.parent / "linked.yaml"
    os.link(game, other)  # the same file under another name
    refused(run(command[0], game, command[1], other), "linked.yaml", "reads")
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", [("check", "--pdf"), ("replay", "--png")])
def test_an_output_never_replaces_a_file_of_the_deck(game, command):
    deck = game.parent / "mini"
    before = snapshot(deck)
    for name in ("game.yaml", "competitors.yaml", "obstacles.yaml"):
        refused(run(command[0], game, command[1], deck / name), name, "never replaced")
    assert snapshot(deck) == before


def test_an_output_is_never_written_through_a_link(game, tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(MINE)
    (tmp_path / "verdict.pdf").symlink_to(elsewhere)
    refused(run("check", game, "--pdf", tmp_path / "verdict.pdf"), "verdict.pdf", "link")
    assert elsewhere.read_bytes() == MINE and (tmp_path / "verdict.pdf").is_symlink()
    refused(run("check", game, "--pdf", "/dev/stdout"), "/dev/stdout", "link")


def test_an_output_is_never_a_device_or_a_pipe(game, tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    start = time.perf_counter()
    refused(run("replay", game, "--png", fifo), "pipe.pdf", "not a regular file")
    assert time.perf_counter() - start < 10  # refused without waiting for a reader
    refused(run("check", game, "--pdf", os.devnull), os.devnull, "not a regular file")
    assert fifo.is_fifo()


def test_an_output_through_a_file_or_onto_a_folder_is_refused(game, tmp_path):
    refused(run("check", game, "--pdf", game / "verdict.pdf"), "verdict.pdf", "cannot be written")
    (tmp_path / "folder").mkdir()
    assert run("replay", game, "--svg", tmp_path / "folder").exit_code == 2
    assert (tmp_path / "folder").is_dir()


def test_an_existing_regular_file_is_replaced_whole(game, tmp_path):
    pdf, png = tmp_path / "verdict.pdf", tmp_path / "position.png"
    pdf.write_bytes(b"%PDF-1.4 an older verdict")  # an output of the same kind: replaced
    png.write_bytes(b"\x89PNG\r\n\x1a\n an older picture")
    assert run("check", game, "--pdf", pdf).exit_code == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    assert run("replay", game, "--until", "20", "--png", png).exit_code == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary file left


def test_simulate_report_and_preview_never_replace_a_file_of_the_deck(tmp_path):
    deck = make_deck(tmp_path / "deck")
    before = snapshot(deck)
    r = run("simulate", "--deck", deck, "--games", "2", "--bot", "random", "--report", deck / "game.yaml")
    refused(r, "game.yaml", "reads")
    assert "first player" not in r.output  # refused before any game was played
    refused(run("preview", "1a", "--deck", deck, "--out", deck / "competitors.yaml"), "competitors.yaml", "reads")
    assert snapshot(deck) == before
    logs = tmp_path / "logs"
    r = run("simulate", "--games", "2", "--bot", "random", "--save-logs", logs, "--report", logs / "game-000001.yaml")
    assert r.exit_code == 2 and "--save-logs writes that file" in r.stderr
    assert not logs.exists()  # refused before the folder was made


@pytest.mark.parametrize(
    ("args", "option", "kind"),
    [
        (("check",), "--pdf", "PDF"),
        (("replay",), "--svg", "SVG"),
        (("replay",), "--png", "PNG"),
        (("simulate",), "--report", "PDF"),
        (("preview",), "--out", "PNG"),
    ],
)
def test_each_single_output_option_says_an_existing_file_is_replaced(args, option, kind):
    text = " ".join(run(*args, "--help").output.split())
    at = text.index(option)
    assert f"an existing {kind} is replaced" in text[at : at + 400], text[at : at + 400]


def test_write_output_compares_files_not_names(tmp_path, monkeypatch):
    log = tmp_path / "log.yaml"
    log.write_bytes(MINE)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    with pytest.raises(OutputError, match="reads"):
        write_output(Path("sub") / ".." / "log.yaml", b"x", keep=[log])
    write_output(tmp_path / "new.pdf", b"new", keep=[log])
    write_output(tmp_path / "new.pdf", b"newer", keep=[log])
    assert (tmp_path / "new.pdf").read_bytes() == b"newer" and log.read_bytes() == MINE


# simulate --save-logs


def save(deck, logs, games=3):
    return run("simulate", "--deck", deck, "--games", games, "--bot", "random", "--save-logs", logs)


def all_valid(logs: Path) -> bool:
    outcomes = list(check_all([str(p) for p in sorted(logs.glob("*.yaml"))], jobs=1))
    return bool(outcomes) and all(o.outcome == "valid" for o in outcomes)


def test_saved_logs_copy_only_the_decks_own_files_never_through_a_link(tmp_path):
    deck = make_deck(tmp_path / "deck")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_bytes(MINE)
    (deck / "zero").symlink_to("/dev/zero")  # copied, it would fill the disk
    (deck / "elsewhere").symlink_to(outside)
    (deck / "notes.txt").write_text("the designer's notes, not the deck")
    start = time.perf_counter()
    r = save(deck, tmp_path / "logs")
    assert r.exit_code in (0, 1), r.stderr
    assert time.perf_counter() - start < 60
    copied = sorted(str(p.relative_to(tmp_path / "logs" / "deck")) for p in (tmp_path / "logs" / "deck").rglob("*"))
    assert copied == ["competitors.yaml", "game.yaml", "obstacles.yaml", "score_sheets.yaml", "translations", "translations/de.yaml"]
    assert all_valid(tmp_path / "logs")


def test_saved_logs_copy_a_deck_file_linked_inside_the_deck_as_a_file_and_refuse_one_linked_outside(tmp_path):
    deck = make_deck(tmp_path / "deck")
    (deck / "game.real").write_bytes((deck / "game.yaml").read_bytes())
    (deck / "game.yaml").unlink()
    (deck / "game.yaml").symlink_to(deck / "game.real")  # a link inside the deck: the deck reads it
    logs = tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    copied = logs / "deck" / "game.yaml"
    assert not copied.is_symlink() and copied.read_bytes() == (deck / "game.real").read_bytes()
    assert all_valid(logs)
    (tmp_path / "elsewhere.yaml").write_bytes((deck / "game.real").read_bytes())
    (deck / "game.yaml").unlink()
    (deck / "game.yaml").symlink_to(tmp_path / "elsewhere.yaml")  # a link out of the deck: refused
    r = save(deck, tmp_path / "logs2")
    refused(r, "game.yaml", "leads outside")  # a copy is never made through it
    assert not list((tmp_path / "logs2").glob("game-*.yaml"))  # no game was played


def test_saved_logs_never_write_through_a_deck_folder_that_is_a_link(tmp_path):
    deck = make_deck(tmp_path / "deck")
    logs = tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "game.yaml").write_bytes(MINE)
    shutil.rmtree(logs / "deck")
    (logs / "deck").symlink_to(outside)
    refused(save(deck, logs), "deck", "link")
    assert snapshot(outside) == {"game.yaml": MINE}


def test_saved_logs_never_go_into_a_folder_of_the_users_files(tmp_path):
    deck = make_deck(tmp_path / "deck")
    users = tmp_path / "mine"
    (users / "deck").mkdir(parents=True)
    (users / "game-000001.yaml").write_bytes(MINE)
    (users / "deck" / "game.yaml").write_bytes(MINE)
    before = snapshot(users)
    refused(save(deck, users), "mine", "game-000001.yaml", "no game was played")
    assert snapshot(users) == before


def test_saved_logs_inside_the_deck_folder_copy_the_deck_once(tmp_path):
    deck = make_deck(tmp_path / "deck")
    r = save(deck, deck / "logs")
    assert r.exit_code in (0, 1), r.stderr
    files = sorted(str(p.relative_to(deck)) for p in deck.rglob("*") if p.is_file())
    assert len(files) == 5 + 1 + 3 + 5  # the deck (its German texts too), the mark, three logs, the deck's copy
    assert all_valid(deck / "logs")


def test_saved_logs_through_a_file_or_a_link_are_refused(tmp_path):
    (tmp_path / "somefile").write_bytes(MINE)
    refused(run("simulate", "--games", "2", "--save-logs", tmp_path / "somefile" / "logs"), "somefile", "a part of the path is a file")
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "folder")
    refused(run("simulate", "--games", "2", "--save-logs", tmp_path / "link"), "link", "is a link")
    assert list((tmp_path / "folder").iterdir()) == [] and (tmp_path / "somefile").read_bytes() == MINE


def test_a_folder_saved_before_is_reused_with_only_the_new_logs(tmp_path):
    deck = make_deck(tmp_path / "deck")
    logs = tmp_path / "logs"
    logs.mkdir()  # an empty folder is taken
    assert save(deck, logs, games=5).exit_code in (0, 1)
    (logs / "notes.txt").write_bytes(MINE)  # the user's, in a folder of saved logs
    assert save(deck, logs, games=2).exit_code in (0, 1)
    assert sorted(p.name for p in logs.glob("*.yaml")) == ["game-000001.yaml", "game-000002.yaml"]
    assert (logs / "notes.txt").read_bytes() == MINE
    assert all_valid(logs)


# --jobs


def test_worker_count_is_bounded_by_the_work_and_the_processors(monkeypatch):
    monkeypatch.setattr(machine, "usable_cpus", lambda: 2)
    assert machine.worker_count(1_000_000, 10_000) == 2 * machine.JOBS_PER_CPU
    assert machine.worker_count(1_000_000, 3) == 3
    assert machine.worker_count(None, 10_000) == 2
    assert machine.worker_count(5, 10_000) == 5
    assert machine.worker_count(None, 0) == 1


class Counted(concurrent.futures.ProcessPoolExecutor):
    """A process pool that records how many workers it was asked for."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, max_workers=None, *args, **kwargs):
        Counted.sizes.append(max_workers)
        super().__init__(max_workers, *args, **kwargs)


@pytest.mark.slow
def test_a_huge_jobs_starts_few_processes_with_the_same_results(game, monkeypatch):
    logs = game.parent
    for i in range(50):
        shutil.copy(game, logs / f"game-{i:03d}.yaml")
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counted)
    monkeypatch.setattr(sim_executor, "ProcessPoolExecutor", Counted)
    Counted.sizes = []
    one = run("check", "--json", "--jobs", "1", logs)
    many = run("check", "--json", "--jobs", "1000000", logs)
    assert one.exit_code == many.exit_code == 0 and one.output == many.output
    assert Counted.sizes == [machine.worker_count(1_000_000, 51) - 1]  # this process checks logs too
    assert Counted.sizes[0] + 1 <= machine.JOBS_PER_CPU * machine.usable_cpus()
    Counted.sizes = []
    one = run("simulate", "--json", "--games", "120", "--bot", "random", "--jobs", "1")
    many = run("simulate", "--json", "--games", "120", "--bot", "random", "--jobs", "1000000")
    assert json.loads(one.output) == json.loads(many.output)
    assert Counted.sizes == [machine.JOBS_PER_CPU * machine.usable_cpus()]  # the blocks are cut to keep them busy


# killed builds


def test_the_next_build_removes_what_killed_builds_staged_whatever_it_holds(tmp_path):
    out = tmp_path / "out"
    output_module.write_kit({"manifest.json": json.dumps({"generator": "hi5pnp", "files": {}}).encode()}, out)
    half = tmp_path / ".out.hi5pnp-new-999999999"  # a build no longer running, killed removing the old kit
    half.mkdir()
    (half / "rulebook-a4.pdf").write_bytes(b"%PDF- half removed")
    (half / "tts").mkdir()
    (half / "tts" / "sheet.png").write_bytes(b"png")
    users = [".out.hi5pnp-new-notapid", ".other.hi5pnp-new-999999999", "out.hi5pnp-new-999999999"]
    for name in users:  # not named as hi5pnp names its own
        (tmp_path / name).mkdir()
        (tmp_path / name / "thesis.pdf").write_bytes(MINE)
    (tmp_path / "target").mkdir()
    (tmp_path / "target" / "thesis.pdf").write_bytes(MINE)
    (tmp_path / ".out.hi5pnp-new-999999998").symlink_to(tmp_path / "target")  # a link is never followed
    output_module.write_kit({"manifest.json": json.dumps({"generator": "hi5pnp", "files": {}}).encode()}, out)
    assert not half.exists()
    for name in users:
        assert (tmp_path / name / "thesis.pdf").read_bytes() == MINE
    assert (tmp_path / "target" / "thesis.pdf").read_bytes() == MINE


def test_saved_logs_never_remove_a_log_edited_or_added_since(tmp_path):
    deck = make_deck(tmp_path / "deck")
    logs = tmp_path / "logs"
    assert save(deck, logs).exit_code in (0, 1)
    assert save(deck, logs).exit_code in (0, 1)  # its own logs: replaced
    edited = logs / "game-000002.yaml"
    edited.write_bytes(edited.read_bytes() + b"# a note of mine\n")
    before = {p.name: p.read_bytes() for p in logs.glob("game-*.yaml")}
    refused(save(deck, logs), "game-000002.yaml", "changed or added")
    assert {p.name: p.read_bytes() for p in logs.glob("game-*.yaml")} == before  # nothing removed
    edited.unlink()
    (logs / "game-999999.yaml").write_bytes(MINE)
    refused(save(deck, logs), "game-999999.yaml", "changed or added")
    assert (logs / "game-999999.yaml").read_bytes() == MINE


def test_a_killed_images_run_inside_the_kit_does_not_block_the_next_build(tmp_path):
    out = tmp_path / "out"
    output_module.write_kit({"manifest.json": json.dumps({"generator": "hi5pnp", "files": {}}).encode()}, out)
    half = out / ".images.hi5pnp-new-999999999"  # `hi5pnp images` killed while writing output/images
    half.mkdir()
    (half / "competitor-1a.png").write_bytes(b"png")
    output_module.write_kit({"manifest.json": json.dumps({"generator": "hi5pnp", "files": {}}).encode()}, out)
    assert not half.exists()


def test_an_output_replaces_only_a_file_of_its_own_kind(tmp_path):
    """An input the run cannot name (a template, the deck of a log that
    cannot be read) is still never replaced: an existing file is replaced
    only by an output of its kind."""
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    shutil.copy(GOLDEN / "read_notation.yaml", tmp_path / "game.yaml")  # unreadable: its deck is never loaded
    deck_file = tmp_path / "mini" / "obstacles.yaml"
    kept = deck_file.read_bytes()
    refused(run("check", tmp_path / "game.yaml", "--pdf", deck_file), "obstacles.yaml", "something other than the PDF")
    assert deck_file.read_bytes() == kept
    template = tmp_path / "_macros.j2"
    template.write_bytes(MINE)
    refused(run("preview", "1a", "--deck", tmp_path / "mini", "--out", template), "_macros.j2", "PNG picture")
    assert template.read_bytes() == MINE
    verdict = tmp_path / "verdict.pdf"
    verdict.write_bytes(b"%PDF-1.4 an older verdict")
    assert run("check", tmp_path / "game.yaml", "--pdf", verdict).exit_code == 2  # unreadable, yet its verdict is written
    assert verdict.read_bytes() != b"%PDF-1.4 an older verdict" and verdict.read_bytes().startswith(b"%PDF-")
