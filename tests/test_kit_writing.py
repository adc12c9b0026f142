"""Writing the kit: all or nothing, and never a user's file.

A build killed at any moment, or failing in the middle of the switch, leaves
the folder holding the old kit or the new one, whole; the next build clears
what a killed one left. A folder holding anything hi5pnp did not write (or a
kit file changed since) is refused, untouched."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from deckfix import CARDS

from hi5pnp.deck import load_deck
from hi5pnp.errors import OutputError
from hi5pnp.kit import BuildOptions, make_kit, write_kit
from hi5pnp.kit import output as output_module


@pytest.fixture(scope="module")
def kits():
    """Two different kits: an A4 one and a Letter one."""
    deck = load_deck(CARDS)
    return make_kit(deck, BuildOptions(papers=("a4",)), jobs=1).files, make_kit(deck, BuildOptions(papers=("letter",)), jobs=1).files


def content(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def is_whole_kit(folder: Path) -> bool:
    """The folder is exactly a kit: its manifest's files, each as recorded, and nothing else."""
    manifest = json.loads((folder / "manifest.json").read_text())
    names = {p.name for p in folder.iterdir()}
    if names != set(manifest["files"]) | {"manifest.json"}:
        return False
    return all(hashlib.sha256((folder / n).read_bytes()).hexdigest() == d for n, d in manifest["files"].items())


def test_a_rebuild_replaces_the_kit_whole(kits, tmp_path):
    a4, letter = kits
    out = tmp_path / "out"
    write_kit(a4, out)
    assert content(out) == a4
    write_kit(letter, out)
    assert content(out) == letter  # no A4 file left beside the Letter ones
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # nothing staged is left


@pytest.mark.parametrize("planted", ["thesis.pdf", "notes.txt", "images"])
def test_a_users_file_is_never_deleted(kits, tmp_path, planted):
    a4, letter = kits
    out = tmp_path / "out"
    write_kit(a4, out)
    target = out / planted
    target.mkdir() if planted == "images" else target.write_text("mine")
    before = content(out) if planted != "images" else None
    with pytest.raises(OutputError, match=planted):
        write_kit(letter, out)
    assert target.exists()
    if before is not None:
        assert content(out) == before


def test_a_kit_file_changed_by_hand_is_not_replaced_silently(kits, tmp_path):
    a4, _ = kits
    out = tmp_path / "out"
    write_kit(a4, out)
    (out / "tokens-a4.pdf").write_bytes(b"my own tokens")
    with pytest.raises(OutputError, match=r"tokens-a4\.pdf"):
        write_kit(a4, out)
    assert (out / "tokens-a4.pdf").read_bytes() == b"my own tokens"


def test_a_foreign_manifest_deletes_nothing(kits, tmp_path):
    a4, _ = kits
    out = tmp_path / "out"
    out.mkdir()
    (out / "thesis.pdf").write_text("years of work")
    (out / "manifest.json").write_text(json.dumps({"generator": "hi5pnp", "files": {"thesis.pdf": "0" * 64}}))
    with pytest.raises(OutputError, match=r"thesis\.pdf"):
        write_kit(a4, out)
    assert (out / "thesis.pdf").read_text() == "years of work"


def test_a_failure_in_the_middle_of_the_switch_keeps_the_old_kit(kits, tmp_path, monkeypatch):
    a4, letter = kits
    out = tmp_path / "out"
    write_kit(a4, out)
    real_rename = os.rename
    calls = []

    def failing(src, dst):
        calls.append((src, dst))
        if len(calls) == 2:  # the old kit is aside; moving the new one in fails
            raise OSError(28, "No space left on device")
        return real_rename(src, dst)

    monkeypatch.setattr(output_module, "_renameat2_exchange", lambda a, b: False)
    monkeypatch.setattr(output_module.os, "rename", failing)
    with pytest.raises(OutputError, match="No space left"):
        write_kit(letter, out)
    monkeypatch.undo()
    assert content(out) == a4
    write_kit(letter, out)  # and the next build cleans up after it
    assert content(out) == letter
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_kit_moved_aside_by_a_killed_build_is_put_back(kits, tmp_path):
    a4, letter = kits
    out = tmp_path / "out"
    write_kit(a4, out)
    aside = tmp_path / ".out.hi5pnp-old-999999999"  # a pid that does not run
    os.rename(out, aside)  # the state a kill between the two moves leaves
    (tmp_path / ".out.hi5pnp-new-999999999").mkdir()
    write_kit(letter, out)
    assert content(out) == letter
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_build_killed_at_any_moment_leaves_one_kit_whole(tmp_path):
    """SIGKILL a build at many moments, the switch included: each time the
    folder holds the old kit or the new one, whole, and the next build clears
    whatever the killed one left beside it."""
    out = tmp_path / "out"
    build = [sys.executable, "-m", "hi5pnp", "build", "--out", str(out)]
    assert subprocess.run([*build, "--paper", "a4"], capture_output=True).returncode == 0
    start = time.perf_counter()
    assert subprocess.run([*build, "--paper", "letter"], capture_output=True).returncode == 0
    full = time.perf_counter() - start
    seen = set()
    for k in range(16):
        paper = "a4" if k % 2 == 0 else "letter"
        proc = subprocess.Popen([*build, "--paper", paper], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(full * (0.55 + 0.6 * k / 16))  # late in the build: writing and switching
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert is_whole_kit(out), k
        seen.add(json.loads((out / "manifest.json").read_text())["options"]["papers"][0])
    assert subprocess.run([*build, "--paper", "a4"], capture_output=True).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert is_whole_kit(out)
