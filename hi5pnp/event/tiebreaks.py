"""The tie-breaks an event may choose after match points (revision 5 of
docs/game-log.md), each in exact fractions, and the ranking they make:

- ``omw``: the opponents' match-win percentage (revision 4);
- ``game_points``: the player's game points;
- ``direct``: among the players still tied, the match points each took in
  their games against the others of that group;
- ``buchholz``: the sum of the opponents' match points (once per game);
- ``buchholz_cut1``: the same without the lowest;
- ``sonneborn_berger``: each opponent's match points times the points
  scored against them, over 3 (a win counts them whole, a draw a third);
- ``wins``: the games won.

A bye has no opponent for any of them. The name breaks what is left;
players tied on every key share a rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..errors import OptionError
from .players import WIN, Standing

Value = Fraction | int


def _fixed(st: Standing, table: Mapping[str, Standing], name: str) -> Value:
    """A tie-break that does not depend on who else is tied."""
    opp = [table[p.opponent].points for p in st.games if p.opponent is not None]
    if name == "omw":
        return st.omw
    if name == "game_points":
        return st.game_points
    if name == "buchholz":
        return sum(opp)
    if name == "buchholz_cut1":
        return sum(opp) - min(opp) if opp else 0
    if name == "sonneborn_berger":
        return sum((Fraction(table[p.opponent].points * p.points, WIN) for p in st.games if p.opponent is not None), Fraction(0))
    if name == "wins":
        return st.wins
    raise OptionError(f"tiebreaks: {name!r} is no tie-break; choose from omw, game_points, direct, buchholz, buchholz_cut1, sonneborn_berger, wins")


def _direct(group: Sequence[Standing]) -> dict[str, Value]:
    """Each player's match points from games against the others of ``group``."""
    inside = {st.key for st in group}
    return {st.key: sum(p.points for p in st.games if p.opponent in inside and p.opponent != st.key) for st in group}


def _split(group: list[Standing], values: Mapping[str, Value]) -> list[list[Standing]]:
    """``group`` ordered by ``values``, best first, in runs of equal value."""
    ordered = sorted(group, key=lambda st: values[st.key], reverse=True)
    runs: list[list[Standing]] = []
    for st in ordered:
        if runs and values[runs[-1][0].key] == values[st.key]:
            runs[-1].append(st)
        else:
            runs.append([st])
    return runs


def rank(table: Mapping[str, Standing], tiebreaks: Sequence[str]) -> list[Standing]:
    """The players ranked by match points, then each tie-break in order, then
    the name; each one's tie-break values kept in ``values``, and ranks shared
    by players tied on every key (1, 2, 2, 4)."""
    for st in table.values():
        st.values = {name: _fixed(st, table, name) for name in tiebreaks if name != "direct"}
    groups = _split(list(table.values()), {st.key: st.points for st in table.values()})
    for name in tiebreaks:
        refined: list[list[Standing]] = []
        for group in groups:
            if name == "direct":
                values = _direct(group)
                for st in group:
                    st.values["direct"] = values[st.key]
            refined += _split(group, {st.key: st.values[name] for st in group})
        groups = refined
    ranked: list[Standing] = []
    for group in groups:
        for st in group:
            st.rank = len(ranked) + 1
        ranked += sorted(group, key=lambda s: (s.player.casefold(), s.player))
    return ranked
