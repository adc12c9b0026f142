"""The entry list changed on the day, at the desk: a late entry (on the
entry list, entered from the next round) or a drop (not paired after the
current round), written as a new ``event.yaml``. The version it replaces is
kept first, byte for byte, as ``event.v<N>.yaml`` (N one more than the
highest kept), so every earlier version stays in the folder; the new text
is read as an event file before it takes the name, and takes it in one step."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ...errors import EventError, Hi5Error, OutputError, printable
from ...files import write_new
from ...infile import read_text
from ...language import _
from ..eventfile import find_event_file, read_event_file
from ..games import Event
from ..players import name_key

VERSION = re.compile(r"event\.v([0-9]{1,6})\.ya?ml")
MOST_NAME = 100  # characters of a player's name entered at the desk


@dataclass(frozen=True)
class Changed:
    """What the desk wrote: the event file, the earlier version kept (None when there was none), and what changed, in words."""

    path: Path
    kept: Path | None
    words: str


def next_version(folder: Path, suffix: str = ".yaml") -> Path:
    """The name the current event file is kept under: ``event.v1.yaml``, then ``event.v2.yaml``..."""
    numbers = [int(m.group(1)) for p in folder.iterdir() if (m := VERSION.fullmatch(p.name.lower()))]
    return folder / f"event.v{max(numbers, default=0) + 1}{suffix}"


def _checked_name(name: str) -> str:
    name = " ".join(name.split())
    if not name or len(name) > MOST_NAME or any(not c.isprintable() for c in name):
        raise EventError(_("a player's name is words of at most %(most)d characters") % {"most": MOST_NAME})
    return name


def _document(folder: Path) -> tuple[Path | None, dict[str, Any]]:
    """The event file and what it says, as plain values (an empty mapping without one)."""
    path = find_event_file(folder)
    if path is None:
        return None, {}
    said = yaml.safe_load(read_text(path, path.name, folder.resolve()))
    return path, dict(said) if isinstance(said, dict) else {}


def add_late_entry(folder: Path, ev: Event, name: str) -> Changed:
    """Enter ``name`` on the entry list, from the round after the latest paired (from round 1 before any)."""
    name = _checked_name(name)
    path, doc = _document(folder)
    players = [str(p) for p in doc.get("players") or []]
    if any(name_key(p) == name_key(name) for p in players):
        raise EventError(printable(_("%(name)s is on the entry list already") % {"name": name}))
    if not players and ev.latest_round is not None:
        raise EventError(_("the event has no entry list (event.yaml's players): its players are those its logs name, so a late entry has none to join"))
    doc["players"] = [*players, name]
    joins = (ev.latest_round or 0) + 1
    if joins > 1:
        doc["late"] = {**(doc.get("late") or {}), name: joins}
        words = _("%(name)s entered late: paired from round %(round)d") % {"name": name, "round": joins}
    else:
        words = _("%(name)s entered") % {"name": name}
    return _write(folder, path, doc, words)


def drop_player(folder: Path, ev: Event, name: str) -> Changed:
    """Drop ``name`` (a player of the event): not paired after the latest round paired (never paired, before any)."""
    name = _checked_name(name)
    key = ev.names.key(name)
    known = {ev.names.key(p): p for p in ev.file.players} or {s.key: s.player for s in ev.table()[0]}
    if key not in known:
        raise EventError(printable(_("%(name)s: no such player on the entry list") % {"name": name}))
    dropped = ev.drops()
    if key in dropped:
        raise EventError(printable(_("%(name)s dropped already, after round %(round)d") % {"name": known[key], "round": dropped[key]}))
    path, doc = _document(folder)
    after = ev.latest_round or 0
    doc["drops"] = {**(doc.get("drops") or {}), known[key]: after}
    return _write(folder, path, doc, _("%(name)s dropped after round %(round)d") % {"name": known[key], "round": after})


def _write(folder: Path, path: Path | None, doc: dict[str, Any], words: str) -> Changed:
    """The new event file, read first as ``standings`` reads one; the current one kept as the next version, then replaced in one step."""
    target = path or folder / "event.yaml"
    kept = next_version(folder, target.suffix) if path is not None else None
    head = f"# written by the hi5pnp desk: {words}" + (f"; the version before is kept as {kept.name}" if kept is not None else "") + "\n"
    text = head + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=1000)
    if path is None:
        write_new(target, text.encode("utf-8"))
        return Changed(target, None, words)
    assert kept is not None
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".event.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
        read_event_file(tmp, target.name)  # a fault (an alias spelt as the new name): refused, nothing written
        try:
            os.link(path, kept)  # the current version, byte for byte, under a name that was free
        except OSError as exc:
            raise OutputError(printable(f"{kept.name}: cannot keep the event file's version there ({exc.strerror or exc}); nothing is written")) from None
        os.replace(tmp, target)
    except (Hi5Error, OSError):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Changed(target, kept, words)
