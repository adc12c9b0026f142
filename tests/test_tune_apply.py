"""``tune --apply`` never writes into the bundled deck, whatever the path
given to it, and a run stopped while it writes (Ctrl-C, ``kill``) leaves no
temporary copy of the deck behind, and the deck's file whole."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from hi5pnp import data
from hi5pnp.cli import main
from hi5pnp.data import bundled_deck

REFUSED = "the bundled deck is part of hi5pnp"


def tune(*args: str):
    return CliRunner().invoke(main, ["tune", "--games", "100", *args])


def test_the_bundled_deck_is_refused_by_any_path(tmp_path):
    home = bundled_deck("default")
    assert home is not None
    (tmp_path / "link").symlink_to(home)
    before = {p.name: p.read_bytes() for p in home.glob("*.yaml")}
    for given in (str(home), str(tmp_path / "link"), f"{home}/../{home.name}", os.path.relpath(home)):
        r = tune("--deck", given, "--apply", "1")
        assert r.exit_code == 2 and REFUSED in r.stderr, (given, r.stderr)
    assert {p.name: p.read_bytes() for p in home.glob("*.yaml")} == before


def test_the_installed_packages_deck_is_refused_too(deck_copy, monkeypatch):
    """Installed, the bundled deck is the package's data folder: found by hi5pnp.data, not by a name."""
    installed = deck_copy.folder
    monkeypatch.setattr(data, "bundled_deck", lambda name: installed if name == "default" else None)
    r = tune("--deck", str(installed), "--apply", "1")
    assert r.exit_code == 2 and REFUSED in r.stderr
    r = tune("--deck", str(installed), "--face", "9z")  # without --apply the deck is only read
    assert r.exit_code == 2 and REFUSED not in r.stderr


# Stopped while writing: the edit's copy of the deck is made in a temporary
# folder and loaded; the run is stopped there, and the folder must go.
STOPPED_WHILE_WRITING = textwrap.dedent(
    """
    import sys, time
    from hi5pnp.cli import main
    from hi5pnp.cli.base import Command
    from hi5pnp.deck import load_deck
    from hi5pnp.deck.design import edit
    import click

    real = edit.load_deck

    def slow(path, *args, **kwargs):
        if "hi5pnp-edit-" in str(path):
            print("copied", flush=True)
            time.sleep(60)
        return real(path, *args, **kwargs)

    edit.load_deck = slow

    @click.command(cls=Command)
    @click.argument("folder")
    def write(folder):
        deck = load_deck(folder)
        edit.apply_edit(deck, edit.ValueEdit("competitors.yaml", (1, "a", "gems", 2), "blue", "green"))

    write()
    """
)


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_write_stopped_midway_leaves_no_temporary_copy(deck_copy, tmp_path, sig, status):
    folder = deck_copy.folder
    before = (folder / "competitors.yaml").read_bytes()
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp)}
    restore = lambda: signal.signal(signal.SIGINT, signal.default_int_handler)  # noqa: E731  (a test runner's worker may ignore SIGINT)
    proc = subprocess.Popen(
        [sys.executable, "-c", STOPPED_WHILE_WRITING, str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=restore
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "copied\n"
        assert [p.name.startswith("hi5pnp-edit-") for p in temp.iterdir()] == [True]  # the copy is there
        proc.send_signal(sig)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # seen once on a loaded machine: the signal told again, as a user presses Ctrl-C again
            proc.send_signal(sig)
            _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == status, err
    assert "Traceback" not in err
    assert list(temp.iterdir()) == []  # no hi5pnp-edit-* left
    assert (folder / "competitors.yaml").read_bytes() == before
    assert sorted(p.name for p in Path(folder).iterdir() if p.name.startswith(".")) == []  # no temporary file beside it either


def test_a_write_not_stopped_goes_through(deck_copy, tmp_path):
    """The same script, not stopped: the copy is loaded and the edit written (the test above stops a real write)."""
    script = STOPPED_WHILE_WRITING.replace("time.sleep(60)", "pass")
    r = subprocess.run(
        [sys.executable, "-c", script, str(deck_copy.folder)], capture_output=True, text=True, timeout=60, env={**os.environ, "TMPDIR": str(tmp_path)}
    )
    assert r.returncode == 0, r.stderr
    assert "gems: [red, red, green]" in (deck_copy.folder / "competitors.yaml").read_text()
    assert [p for p in tmp_path.iterdir() if p.name.startswith("hi5pnp-edit-")] == []
