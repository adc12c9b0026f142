"""The event as records (revision 6 of docs/game-log.md): every round's
games with their results, rulings and files' SHA-256 (``standings
--export``, what a league site imports), and the table as each round
closed (``standings-round<R>.json``, kept once, never replaced), against
which ``standings`` lists every cell that changed since, with the logs or
rulings that changed it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import printable
from ..judge.ruling import find_ruling
from .games import Entry, Event
from .players import LeftOut, Standing
from .standings import standings

SNAPSHOT = "standings-round{round}.json"
EXPORT = "hi5pnp/event 1"  # the export's first key and value: a file that begins so is an export, and may be replaced by the next
EXPORT_HEAD = (b'{\n "export": ',)  # as json.dumps(indent=1) begins it (a file's first 16 bytes are compared)
CELLS = ("rank", "played", "wins", "draws", "losses", "points", "game_points")


def _sha(path: str | Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def game_record(e: Entry) -> dict[str, Any]:
    """One log as the export lists it: its file and SHA-256, players, result and ruling."""
    v = e.verdict
    got: dict[str, Any] = {"log": e.log, "sha256": _sha(v.path), "players": {str(s): n for s, n in (v.about.players.items() if v.about else ())}}
    if e.game is not None:
        g = e.game
        got["counts"] = True
        got["winner"] = g.winner
        got["score"] = {str(s): n for s, n in g.score.items()}
        if g.adjudicated:
            got["reason"] = g.adjudicated
    else:
        got["counts"] = False
        got["why"] = e.left.why if e.left is not None else "not played yet"
    ruling = find_ruling(v.path)
    if ruling is not None:
        said: dict[str, Any] = {"file": ruling.name, "sha256": _sha(ruling), "applied": v.ruling is not None}
        if v.ruling is not None:  # what it rules, the corrections counted (their lines are the log's business)
            said.update({k: val for k, val in v.ruling.to_json().items() if k in ("judge", "adjudicated", "result")})
            said["corrections"] = len(v.ruling.corrections)
        got["ruling"] = said
    return got


def export(ev: Event, ranked: Sequence[Standing], left: Sequence[LeftOut]) -> dict[str, Any]:
    """The whole event in one object: the entry list, each round's games, the final table with its tie-breaks, the logs left out."""
    rounds: dict[int, list[dict[str, Any]]] = {}
    for e in ev.entries:
        if e.round is not None and not (e.aside and e.left is not None and e.left.why.startswith("another deck")):
            rounds.setdefault(e.round, []).append(game_record(e))
    missed = [{"round": g.round, "player": next(iter(g.players.values()))} for g in ev.games if g.missed]
    return {
        "export": EXPORT,
        "event": ev.name,
        "deck": ev.deck,
        "players": list(ev.file.players),
        "late": dict(ev.file.late),
        "dropped": {s.player: s.dropped for s in ranked if s.dropped is not None},
        "tiebreaks": list(ev.file.tiebreaks),
        "rounds": [{"round": r, "games": rounds[r], "missed": [m["player"] for m in missed if m["round"] == r]} for r in sorted(rounds)],
        "standings": [s.to_json(ev.file.tiebreaks) for s in ranked],
        "left_out": [x.to_json() for x in left],
    }


def closed_rounds(ev: Event) -> list[int]:
    """The rounds closed now: every one below the latest, and the latest when no game of it is open."""
    latest = ev.latest_round
    if latest is None:
        return []
    return list(range(1, latest + (0 if ev.open_games() else 1)))


def table_as_of(ev: Event, round_number: int) -> tuple[list[Standing], dict[str, dict[str, str]]]:
    """The table of the games of rounds 1 to ``round_number``, and each player's logs of them (name -> SHA-256 of log and ruling)."""
    ranked, _ = standings(ev.swiss_games(round_number), ev.names, ev.file.tiebreaks, [ev.names.key(p) for p in ev.file.players])
    logs: dict[str, dict[str, str]] = {}
    for e in ev.entries:
        if e.round is None or e.round > round_number or e.aside:
            continue
        ruling = find_ruling(e.verdict.path)
        stamp = _sha(e.verdict.path) + ("+" + _sha(ruling) if ruling is not None else "")
        for key in e.keys.values():
            logs.setdefault(ev.names.shown.get(key, key), {})[e.log] = stamp
    return ranked, logs


def snapshot(ev: Event, round_number: int) -> dict[str, Any]:
    ranked, logs = table_as_of(ev, round_number)
    return {
        "round": round_number,
        "standings": [{"player": s.player, **{c: getattr(s, c) for c in CELLS}} for s in ranked],
        "logs": logs,
    }


def keep_snapshots(ev: Event, folder: Path) -> list[Path]:
    """``standings-round<R>.json`` for each closed round that has none yet (a new file, never replaced): the paths written."""
    from ..files import write_new

    written = []
    for r in closed_rounds(ev):
        path = folder / SNAPSHOT.format(round=r)
        if path.exists() or path.is_symlink():
            continue
        write_new(path, (json.dumps(snapshot(ev, r), indent=1) + "\n").encode("utf-8"))
        written.append(path)
    return written


def changes(ev: Event, folder: Path) -> list[str]:
    """Every cell of a kept round's table that differs now, with the logs or rulings that changed it, in words."""
    lines: list[str] = []
    for r in closed_rounds(ev):
        path = folder / SNAPSHOT.format(round=r)
        if not path.is_file():
            continue
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            then = {row["player"]: row for row in kept["standings"]}
            then_logs: Mapping[str, Mapping[str, str]] = kept.get("logs", {})
        except (OSError, ValueError, KeyError, TypeError) as exc:
            lines.append(printable(f"{path}: cannot be read as the table kept when round {r} closed ({exc})"))
            continue
        now = snapshot(ev, r)
        now_rows = {row["player"]: row for row in now["standings"]}
        for player in sorted(set(then) | set(now_rows), key=str.casefold):
            a, b = then.get(player, {}), now_rows.get(player, {})
            cells = [f"{c} {a.get(c, '-')} -> {b.get(c, '-')}" for c in CELLS if a.get(c) != b.get(c)]
            if not cells:
                continue
            was, is_ = then_logs.get(player, {}), now["logs"].get(player, {})
            why = sorted(name for name in set(was) | set(is_) if was.get(name) != is_.get(name))
            by = f" (changed by {', '.join(why)})" if why else ""
            lines.append(printable(f"round {r}'s table, kept in {path.name}: {player}: {'; '.join(cells)}{by}"))
    return lines
