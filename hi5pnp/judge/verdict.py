"""A verdict in words, for a judge: valid or not, the first fault with its
line and ruling, the legal turns instead, the position it happened in, every
written value that differs, and the result, or, for a game that is not
complete, where it stood (never a winner)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import capped, printable
from ..language import _, ngettext
from ..rules import SEATS, Seat, State
from ..rules.seat import seat_words
from .check import Verdict
from .header import Header
from .log import GameLog
from .position import position_lines
from .problem import Problem
from .tries import DELETE, Try


def about(log: GameLog | Header | None, deck_edition: int | None = None) -> str:
    """ "Club night · north Alice, south Bob · deck default, edition 2\"."""
    if log is None:
        return ""
    parts = [log.event] if log.event else []
    names = [f"{seat_words(seat)} {log.players[seat]}" for seat in SEATS if log.players.get(seat)]
    if names:
        parts.append(", ".join(names))
    edition = log.edition or deck_edition
    deck = _("deck %(deck)s") % {"deck": log.deck or "default"}
    parts.append(deck + (", " + _("edition %(n)d") % {"n": edition} if edition else ""))
    return " · ".join(parts)


def columns_words(state: State) -> str:
    """ "complete trait columns: north 2, south 3 (worth 3 points each)"."""
    cols = state.complete_columns()
    worth = ngettext("worth %(n)d point each", "worth %(n)d points each", state.rules.column_points) % {"n": state.rules.column_points}
    said = {"north": cols[Seat.NORTH], "south": cols[Seat.SOUTH], "worth": worth}
    return _("complete trait columns: north %(north)d, south %(south)d (%(worth)s)") % said


def result_words(state: State) -> str:
    """ "north 31, south 28; winner: north" (or draw)."""
    score = state.scores()
    winner = state.winner()
    said = {"north": score[Seat.NORTH], "south": score[Seat.SOUTH], "winner": seat_words(winner) if winner in SEATS else _("draw")}
    return _("north %(north)d, south %(south)d; winner: %(winner)s") % said


def try_command(path: str, tried: Sequence[Try], line: int, made_by: int | None = None, text: str = "TURN") -> str:
    """The command that re-checks ``path`` with the earlier corrections and
    one more for ``line`` (``text`` "-": leave it out), ready to paste.
    ``made_by``: the correction that wrote the line in dispute, replaced where
    it stands (an inserted turn is tried again as an insertion after the same
    line), so every line number stays the file's."""
    import shlex  # only for a log with a fault: a valid log's check starts light

    shown = "-" if path == "<stdin>" else shlex.quote(path)
    new = DELETE if text == DELETE else f'"{text}"'
    options = [t.option() for t in tried if made_by is not None or t.line != line or t.after]
    if made_by is None:
        options.append(f"--try {line} {new}")
    elif tried[made_by].after and text == DELETE:
        del options[made_by]  # a line inserted and to be left out: not inserted at all
    else:
        options[made_by] = f"--try {tried[made_by].line}{'+' * tried[made_by].after} {new}"
    return f"hi5pnp check {shown}{''.join(' ' + o for o in options)}"


def stop_try(v: Verdict, tried: Sequence[Try], text: str = "TURN") -> str:
    """:func:`try_command` for the turn the replay stopped at."""
    stop = v.stopped
    assert stop is not None
    made_by = v.log.tried_turns.get(stop.entry) if v.log is not None and stop.entry is not None else None
    return try_command(v.path, tried, stop.line, made_by, text)


def edition_words(v: Verdict) -> str:
    """ "every turn and written value is valid under edition 1: was the game played under it?" (or '')."""
    n = v.valid_under_edition
    if n is None:
        return ""
    own = v.state.edition.number if v.state is not None else None
    said = {"own": own, "n": n, "try": edition_try(v)}
    if own:
        return (
            _(
                "invalid under edition %(own)d, but valid under edition %(n)d: "
                "every turn and written value agrees with edition %(n)d's rules (to check it so: %(try)s)"
            )
            % said
        )
    return _("valid under edition %(n)d: every turn and written value agrees with edition %(n)d's rules (to check it so: %(try)s)") % said


def edition_try(v: Verdict) -> str:
    """The ``--try`` that reads the log under the edition it is valid under."""
    log, n = v.log, v.valid_under_edition
    if log is None or n is None:
        return ""
    if log.edition_line:
        return f'--try {log.edition_line} "edition: {n}"'
    return f'--try {log.format_line}+ "edition: {n}"'


def where_words(stop: Problem) -> str:
    """What the position shown with a fault is."""
    if stop.turn:
        return _("the position line %(line)d was played in") % {"line": stop.line}
    return _("the position where the turns of %(where)s end") % {"where": stop.where or _("the game")}


def verdict_lines(v: Verdict, tried: Sequence[Try] = ()) -> list[str]:
    """The verdict in words; ``tried``: the corrections it was checked with
    (``check --try``), kept in the command it suggests for the next one."""
    p = v.problem
    if p is not None and p.kind == "read":
        return [printable(line) for line in capped(v.read_faults)]
    s = v.state
    kind = {"rules": _("rules"), "record": _("a written value differs")}.get(p.kind, p.kind) if p is not None else ""
    fixes = " " + ngettext("with %(n)d correction", "with %(n)d corrections", len(tried)) % {"n": len(tried)} if tried else ""
    if v.ruling is not None:
        fixes, tried = f" {v.ruling.words()}", v.ruling.corrections
    if v.bye and v.log is not None and v.log.adjudicated is not None:
        return [printable(line) for line in _bye_lines(v, v.log)]
    valid, invalid = _("valid"), _("invalid")
    lines = [f"{v.path}: {valid}{fixes}" if p is None else f"{v.path}:{p.line}: {invalid} ({kind}): {p.message}"]
    lines += ruling_lines(v)
    head = about(v.log, s.edition.number if s is not None else None)
    if head:
        lines.append(f"  {head}")
    if v.valid_under_edition is not None:
        lines.append(f"  {edition_words(v)}")
    if v.log is not None and v.log.adjudicated is not None:
        lines.append(f"  {adjudicated_words(v.log)}")
    stop = v.stopped
    if stop is not None:
        if stop is not p:
            lines.append("  " + _("the replay stopped at line %(line)d: %(why)s") % {"line": stop.line, "why": stop.message})
        if stop.turn:  # a round cut short says which round in its message
            lines.append(f"  {stop.where}: {stop.turn}")
        if stop.after_end:
            after = _("written after the game ended") if stop.position and stop.position.is_terminal() else _("written after the round ended")
            lines.append("  " + after + "; " + _("to read the log without it: %(try)s") % {"try": stop_try(v, tried, DELETE)})
        legal = stop.legal_instead()
        if legal:
            lines.append("  " + _("legal turns instead (to try one: %(try)s):") % {"try": stop_try(v, tried)})
            lines += [f"    {t}" for t in legal.shown]
            if legal.more:
                lines.append(f"    {legal.more_words()}")
        if stop.position is not None:
            lines.append(f"  {where_words(stop)}:")
            disputed = stop.turn.split()[0].lower() if stop.turn else None
            lines += ["  " + line for line in position_lines(stop.position, v.log.players if v.log else None, disputed)]
    records = v.records  # (sorted anew at each asking)
    if records:
        lines.append("  " + _("written values that differ from the game (%(n)d):") % {"n": len(records)})
        lines += ["    " + _("line %(line)d: %(what)s") % {"line": r.line, "what": r.words()} for r in records]
    if s is not None:
        lines += _results(v, s, bool(records))
    return [printable(line) for line in lines]  # what a log writes reaches the terminal escaped


def ruling_lines(v: Verdict) -> list[str]:
    """The judge's ruling beside the log: what it changes, or why it was set aside."""
    r = v.ruling
    if r is not None:
        head = "  " + _("%(ruling)s (%(path)s); the log file is not changed:") % {"ruling": r.words(), "path": r.path}
        return [head] + [f"    {t.words()}" for t in r.corrections]
    if v.ruling_set_aside:
        return ["  " + _("the ruling beside the log is set aside: %(why)s (its log_sha256 is not this file's)") % {"why": v.ruling_set_aside}]
    return []


def _bye_lines(v: Verdict, log: GameLog) -> list[str]:
    """A bye log: nothing to replay, the player's win as the judge wrote it."""
    a = log.adjudicated
    assert a is not None
    head = about(log)
    return [
        f"{v.path}: " + _("a bye: %(player)s wins without a game (adjudicated, line %(line)d)") % {"player": log.players[Seat(a.winner)], "line": a.line},
        *([f"  {head}"] if head else []),
        *ruling_lines(v),
    ]


def _results(v: Verdict, s: State, differ: bool) -> list[str]:
    said = _("round %(k)d: finish %(finish)s; points north %(north)d, south %(south)d")
    lines = [
        "  " + said % {"k": k, "finish": " ".join(r.finish), "north": r.points[Seat.NORTH], "south": r.points[Seat.SOUTH]} for k, r in enumerate(s.results(), 1)
    ]
    columns = columns_words(s)
    if v.complete:
        result = _("result (computed from the turns; the written values above differ)") if differ else _("result")
        if v.problem is not None and not differ:
            result = _("result (computed from the turns)")
        return [*lines, f"  {columns}", f"  {result}: {result_words(s)}"]
    return [*lines, "  " + _("no result: %(why)s") % {"why": no_result_words(s)}, "  " + _("Where it stood: %(where)s") % {"where": stood_words(s)}]


def no_result_words(s: State) -> str:
    """Why a game has no result: "the game is not complete (1 of 3 rounds played to their end)."."""
    return _("the game is not complete (%(played)d of %(rounds)d rounds played to their end).") % {"played": len(s.results()), "rounds": s.rules.rounds}


def stood_words(s: State) -> str:
    """Where a game that is not complete stood: its columns and its points so far."""
    score = s.scores()
    said = {"columns": columns_words(s), "north": score[Seat.NORTH], "south": score[Seat.SOUTH]}
    return _("%(columns)s; points so far (placing points plus columns): north %(north)d, south %(south)d.") % said


def adjudicated_words(log: GameLog) -> str:
    """ "adjudicated (line 40): winner north — south conceded in round 2; the standings take this result"."""
    a = log.adjudicated
    if a is None:
        return ""
    said = {"line": a.line, "winner": seat_words(a.winner), "reason": a.reason}
    return _("adjudicated (line %(line)d): winner %(winner)s, %(reason)s; the standings take this result") % said


def where_in_log(log: GameLog | None, line: int) -> str:
    """Where a log line is, as the record sheet numbers it: "round 2, turn 14",
    "round 2, course", "round 2, points", "the result", "north's team"; '' if
    none of these."""
    if log is None:
        return ""
    for r, rnd in enumerate(log.rounds, 1):
        if line in rnd.turn_lines:
            return _("round %(round)d, turn %(turn)d") % {"round": r, "turn": rnd.turn_lines.index(line) + 1}
        if line == rnd.course_line:  # a round cut short, a round too many
            return _("round %(round)d") % {"round": r}
        if line in rnd.course_lines:
            return _("round %(round)d, course") % {"round": r}
    for name, w in log.written.items():
        if w.line == line:  # "rounds[2].points.north" -> "round 2, points"; "result.score.north" -> "the result"
            head, _dot, rest = name.partition(".")
            part = {"finish": _("finish"), "points": _("points")}.get(rest.split(".")[0], rest.split(".")[0])
            return _("round %(round)s, %(part)s") % {"round": head[7:-1], "part": part} if head.startswith("rounds[") else _("the result")
    for seat, n in log.team_lines.items():
        if n == line or line in log.team_item_lines.get(seat, []):
            return _("%(seat)s's team") % {"seat": seat_words(seat)}
    return _("the edition") if line == log.edition_line else ""


def reference(log: GameLog | None, line: int, entry: tuple[int, int] | None = None) -> str:
    """ "round 2, turn 14 (log line 113)", or "log line 7" where the line is no
    turn or round entry; ``entry``: the turn's (round, turn), when known (a
    turn a correction inserted shares its line with the one before it)."""
    where = _("round %(round)d, turn %(turn)d") % {"round": entry[0], "turn": entry[1]} if entry is not None else where_in_log(log, line)
    return _("%(where)s (log line %(line)d)") % {"where": where, "line": line} if where else log_line(line)


def log_line(line: int) -> str:
    """ "log line 7"."""
    return _("log line %(line)d") % {"line": line}
