"""Writing the kit: all or nothing, and never a user's file.

A build killed at any moment, or failing in the middle of the switch, leaves
the folder holding the old kit or the new one, whole; the next build clears
what a killed one left. A folder holding anything hi5pnp did not write (or a
kit file changed since) is refused, untouched."""

from __future__ import annotations

import builtins
import hashlib
import json
import os
import signal
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


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_a_rebuild_replaces_the_kit_whole(kits, tmp_path):
    a4, letter = kits
    out = tmp_path / "out"
    write_kit(a4, out)
    assert content(out) == a4
    write_kit(letter, out)
    assert content(out) == letter  # no A4 file left beside the Letter ones
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # nothing staged is left


@pytest.mark.parametrize(
    "planted", [pytest.param("thesis.pdf", marks=pytest.mark.slow), "notes.txt", pytest.param("images", marks=pytest.mark.slow)]
)  # one kind every day
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


#: The file-system calls a build makes in writing its kit: it is killed before one of them.
MOMENTS = ("mkdir", "open", "fsync", "rename", "replace", "unlink", "rmdir")


def killed_at(moment: int, files: dict[str, bytes], out: Path) -> bool:
    """Write the kit ``files`` into ``out`` in a forked process that is sent
    SIGKILL just before its ``moment``-th file-system call (the open of a
    file, a rename, the exchange of the folders, each file the removal of the
    old kit unlinks, ...). True if it was killed, False if it finished first."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            calls = 0

            def step(real):
                def call(*args, **kwargs):
                    nonlocal calls
                    calls += 1
                    if calls == moment:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return real(*args, **kwargs)

                return call

            for name in MOMENTS:
                setattr(os, name, step(getattr(os, name)))
            os.fsync = step(lambda fd: None)  # a kill loses nothing unsynced: only a power cut does
            builtins.open = step(builtins.open)
            output_module._renameat2_exchange = step(output_module._renameat2_exchange)
            write_kit(files, out)
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) or os.WEXITSTATUS(status) == 0, "the build failed"
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


@pytest.mark.slow
def test_a_build_killed_at_any_moment_leaves_one_kit_whole(kits, tmp_path, monkeypatch):
    """SIGKILL a build before each file-system call it makes in writing the
    kit, the switch and the removal of the old kit included: each time the
    folder holds the old kit or the new one, whole, and the next build leaves
    one whole kit and nothing beside it, whatever the killed one left there
    (a half-written new kit, an old kit half removed, its manifest gone)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # the rebuilds: a kill loses nothing unsynced
    out = tmp_path / "out"
    old, new = kits
    write_kit(old, out)
    left = {}  # what each kill left: (which kit is in the folder, whether anything is beside it)
    moment = 0
    while True:
        moment += 1
        assert moment < 1000, "the build never finished"
        if not killed_at(moment, new, out):
            break
        assert is_whole_kit(out), moment
        kit = "new" if content(out) == new else "old"
        assert content(out) == (new if kit == "new" else old), moment
        left[moment] = (kit, sorted(p.name for p in tmp_path.iterdir()) != ["out"])
        write_kit(old if kit == "new" else new, out)  # the next build: the other kit
        assert is_whole_kit(out), moment
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out"], moment
        old, new = (new, old) if kit == "old" else (old, new)
    assert content(out) == new and sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    # the kills landed at every moment of the writing: before anything was
    # staged, while the new kit was staged, and after the switch, while the
    # old kit was removed
    assert len(left) >= 3 * len(new), left
    assert {("old", False), ("old", True), ("new", True)} <= set(left.values()), left
    assert sum(1 for kit, beside in left.values() if kit == "new" and beside) >= len(new) // 2, left
