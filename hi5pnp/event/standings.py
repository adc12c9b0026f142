"""An event's standings (``hi5pnp standings FOLDER``, docs/game-log.md): each
log's verdict as a game that counts, or a log left out with why; players
matched by name (case and runs of spaces ignored, an alias file for the
rest); 3 match points a win or a bye, 1 a draw; a bye's game points the mean
of the player's other games'; ranked by match points, then the event's
tie-breaks (:mod:`.tiebreaks`; revision 4's: the opponents' match-win
percentage, then game points), then name. Exact fractions throughout, so
ties are ties."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ..judge.check import Verdict
from ..rules import SEATS, Seat
from .players import DEFAULT_ORDER, DRAW, WIN, CountedGame, LeftOut, Names, Played, Standing, name_key, number
from .tiebreaks import rank

__all__ = ["DEFAULT_ORDER", "CountedGame", "LeftOut", "Names", "Played", "Standing", "game_of", "name_key", "standings", "table_lines"]


def game_of(v: Verdict, shown: str) -> CountedGame | LeftOut:
    """The game a verdict gives the standings, or why its log is left out.
    A ruling's result stands for the game's (revision 6): a slip's result
    with its score as written; a forfeit or a no-show won with the game
    points a bye would give, lost with none; time called, the score as the
    log stands (none without a log); a double loss, a loss for both with none."""
    log = v.log
    ruled = v.ruling.adjudicated if v.ruling is not None else None
    slip = v.ruling.result if v.ruling is not None else None
    header = v.about  # the log as read, or what of its header could be
    named = {s: header.players[s] for s in SEATS if header is not None and header.players.get(s, "").strip()}
    at = header.round if header is not None else None
    if slip is not None or (ruled is not None and not ruled.winner and not ruled.void and not ruled.counts):
        if len(named) < 2:
            return LeftOut(shown, "ruled, but the players are not both named under 'players'")
        if slip is not None:
            score = {Seat.NORTH: slip.score[0], Seat.SOUTH: slip.score[1]}
            return CountedGame(shown, named, slip.winner, score, ruled.reason if ruled is not None and ruled.winner else "result from the slip", at)
        assert ruled is not None
        return CountedGame(shown, named, "none", {s: 0 for s in named}, ruled.reason, at)  # a double loss
    kinded = ruled if ruled is not None else log.adjudicated if log is not None else None
    if kinded is not None and kinded.winner and kinded.kind in ("forfeit", "no-show") and len(named) == 2:
        won = () if kinded.winner == "draw" else (Seat(kinded.winner),)
        return CountedGame(shown, named, kinded.winner, {s: 0 for s in named}, kinded.reason, at, as_bye=won)
    if log is None and ruled is not None and ruled.winner and header is not None and (len(named) == 2 or list(named) == [ruled.winner]):
        return CountedGame(shown, named, ruled.winner, {s: 0 for s in named}, ruled.reason, header.round)  # a result ruled on a skeleton
    if log is None:
        p = v.problem
        return LeftOut(shown, f"cannot be read: line {p.line}: {p.message}" if p is not None else "cannot be read")
    names = {s: log.players[s] for s in SEATS if log.players.get(s, "").strip()}
    first = log.first if log.teams else None
    if log.adjudicated is not None:
        a = log.adjudicated
        if len(names) == 1 and a.winner in names:  # a bye: one player, who wins
            return CountedGame(shown, names, a.winner, {s: 0 for s in names}, a.reason, log.round)
        if len(names) < 2:
            return LeftOut(shown, "adjudicated, but the players are not both named under 'players'")
        score = v.state.scores() if v.state is not None else {s: 0 for s in SEATS}
        return CountedGame(shown, names, a.winner, dict(score), a.reason, log.round, first)
    if not v.valid or v.state is None:
        p = v.problem
        kind = "cannot be read" if v.outcome == "unreadable" else "invalid"
        other = f" (valid under edition {v.valid_under_edition})" if v.valid_under_edition is not None else ""
        return LeftOut(shown, f"{kind}: line {p.line}: {p.message}{other}" if p is not None else kind)
    if not v.complete:
        return LeftOut(shown, "the game is not complete")
    if len(names) < 2:
        missing = [str(s) for s in SEATS if s not in names]
        who = "neither player is" if len(missing) == 2 else f"{missing[0]} is"
        return LeftOut(shown, f"valid, but {who} named under 'players'")
    return CountedGame(shown, names, v.state.winner(), dict(v.state.scores()), "", log.round, first)


def standings(
    games: Iterable[CountedGame], names: Names, tiebreaks: Sequence[str] = DEFAULT_ORDER, entered: Sequence[str] = ()
) -> tuple[list[Standing], list[LeftOut]]:
    """The ranked table (match points, then ``tiebreaks`` in order, then the
    name), and the games left out for naming one player twice. Each key of
    ``entered`` (the entry list) has its line, with no game yet or none."""
    table: dict[str, Standing] = {key: Standing(names.shown[key], key) for key in entered}
    left: list[LeftOut] = []
    byes: dict[str, int] = {}  # key -> games scored as a bye is (byes, forfeits won)
    scored: dict[str, int] = {}  # key -> games whose game points are the player's own
    for g in games:
        keys = {s: names.key(n) for s, n in g.players.items()}
        if len(keys) == 2 and keys[Seat.NORTH] == keys[Seat.SOUTH]:
            left.append(LeftOut(g.log, f"both seats are the same player ({names.shown[keys[Seat.NORTH]]})"))
            continue
        for seat, key in keys.items():
            st = table.setdefault(key, Standing(names.shown[key], key))
            st.played += 1
            mark = "=" if g.winner == "draw" else "+" if g.winner == seat else "-"
            st.wins, st.draws, st.losses = st.wins + (mark == "+"), st.draws + (mark == "="), st.losses + (mark == "-")
            opponent = next((k for s, k in keys.items() if s != seat), None)
            first = None if g.first is None or g.is_bye else g.first == seat
            st.games.append(Played(g.round, opponent, mark, first, {"+": WIN, "=": DRAW, "-": 0}[mark], g.log))
            if opponent is not None:
                st.opponents.append(opponent)
            if g.is_bye or seat in g.as_bye:
                byes[key] = byes.get(key, 0) + 1
            elif opponent is not None and g.winner != "none":
                st.game_points += g.score.get(seat, 0)
                scored[key] = scored.get(key, 0) + 1
    for key, count in byes.items():  # a bye's game points: the mean, rounded down, of the player's other games'
        st = table[key]
        st.game_points += count * (st.game_points // scored[key] if scored.get(key) else 0)
    for st in table.values():
        mw = [table[k].match_win for k in st.opponents]
        st.omw = sum(mw, Fraction(0)) / len(mw) if mw else Fraction(0)
    return rank(table, tiebreaks), left


def table_lines(ranked: list[Standing], left: list[LeftOut], tiebreaks: Sequence[str] = DEFAULT_ORDER) -> list[str]:
    """The standings as a text table (each tie-break a column, in order), then the logs left out with why."""
    shown = shown_tiebreaks(tiebreaks)
    rows = [("rank", "player", "played", "W", "D", "L", "points", *(HEADINGS.get(k, k) for k in shown))]
    rows += [
        (str(s.rank), player_cell(s), str(s.played), str(s.wins), str(s.draws), str(s.losses), str(s.points), *(tiebreak_cell(s, k) for k in shown))
        for s in ranked
    ]
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) if k == 1 else c.rjust(w) for k, (c, w) in enumerate(zip(r, widths))).rstrip() for r in rows]
    if not ranked:
        lines.append("(no game counts yet)")
    return lines + left_lines(left)


def player_cell(s: Standing) -> str:
    """The player's name, and "(dropped after round 2)" for one who dropped."""
    return s.player if s.dropped is None else f"{s.player} (dropped after round {s.dropped})"


def left_lines(left: list[LeftOut]) -> list[str]:
    """``left out (3):`` and a line per log, with why."""
    return [f"left out ({len(left)}):", *(f"  {x.log}: {x.why}" for x in left)] if left else []


HEADINGS = {"omw": "OMW", "game_points": "game points"}


def shown_tiebreaks(tiebreaks: Sequence[str]) -> list[str]:
    """The tie-break columns, in order: those named, then revision 4's others."""
    return [*tiebreaks, *(k for k in DEFAULT_ORDER if k not in tiebreaks)]


def tiebreak_cell(s: Standing, key: str) -> str:
    """A tie-break's value as the table shows it (OMW as a percentage)."""
    if key == "omw":
        return f"{float(s.omw) * 100:.2f}%"
    if key == "game_points":
        return str(s.game_points)
    value = number(s.values[key])
    return f"{value:.4f}".rstrip("0") if isinstance(value, float) else str(value)


CSV_FIELDS = ("rank", "player", "played", "wins", "draws", "losses", "points", "omw", "game_points")


def csv_fields(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    """The CSV header: revision 4's columns, each other tie-break named, then revision 6's ``dropped``."""
    return (*CSV_FIELDS, *(k for k in tiebreaks if k not in CSV_FIELDS), "dropped")
