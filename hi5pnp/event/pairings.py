"""The next Swiss round (``hi5pnp pairings FOLDER``, docs/game-log.md):
players in standings order, each paired with the best placed player below
it whom it has not met (so players of equal points meet where they can), no
pairing repeated, a bye to the lowest placed player without one when the
count is odd. Who moves first is what is balanced (revision 5): the player
who has moved first less often than second moves first, the better placed
on a tie, and two players who have both moved first more often than second
are kept apart where another partner of the same score group allows it;
the balance never outranks the score groups, and across groups the better
placed player's balance decides (revision 6). Tables may be fixed by hand
before the rest is paired. Round 1 is the entry list shuffled by a seed."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Hi5Error
from .players import Standing, name_key

STEPS = 200_000  # the search gives up past this many tries (an event past its possible pairings)


@dataclass(frozen=True)
class Table:
    number: int
    first: Standing  # moves first; seated north
    second: Standing

    def to_json(self) -> dict[str, Any]:
        return {"table": self.number, "first": self.first.player, "second": self.second.player, "points": [self.first.points, self.second.points]}


@dataclass(frozen=True)
class Pairing:
    round: int
    tables: list[Table]
    bye: Standing | None
    not_paired: tuple[str, ...] = ()  # names of players the round leaves out, and why is said beside
    seed: int | None = None  # the shuffle of round 1 from the entry list
    last: int | None = None  # the planned rounds, when this round is the last of them
    game: int = 1  # a knockout table's replay after a draw: its game number (revision 6)
    knockout: str = ""  # the top cut's stage, in words ("the top 4's semi-finals"), for a knockout round

    def to_json(self) -> dict[str, Any]:
        """``pairings --json``: exactly the contract's object."""
        return {
            "round": self.round,
            "tables": [t.to_json() for t in self.tables],
            "bye": self.bye.player if self.bye is not None else None,
            "not_paired": list(self.not_paired),
        }


class NoPairing(Hi5Error):
    """No pairing without a rematch is left (the command could not run)."""


@dataclass(frozen=True)
class Balance:
    """How often each player has moved first and second (by player key)."""

    firsts: Mapping[str, int]
    seconds: Mapping[str, int]

    def lean(self, key: str) -> int:
        """Games moved first minus games moved second."""
        return self.firsts.get(key, 0) - self.seconds.get(key, 0)

    def clash(self, a: str, b: str) -> bool:
        """Both have moved first more often than second: one would do so by two."""
        return self.lean(a) > 0 and self.lean(b) > 0

    def order(self, a: Standing, b: Standing) -> tuple[Standing, Standing]:
        """Who moves first at a table of ``a`` (the better placed) and ``b``:
        in one score group, the one who has moved first less often (``a`` on
        a tie); across groups, ``a``'s balance decides (revision 6): ``a``
        moves first unless they have moved first more often than second."""
        if a.points != b.points:
            return (a, b) if self.lean(a.key) <= 0 else (b, a)
        key_a, key_b = (self.lean(a.key), self.firsts.get(a.key, 0)), (self.lean(b.key), self.firsts.get(b.key, 0))
        return (a, b) if key_a <= key_b else (b, a)


def _pair(order: list[Standing], met: Collection[frozenset[str]], budget: list[int], balance: Balance | None) -> list[tuple[Standing, Standing]] | None:
    """Pairs for ``order`` (best first), none a rematch and, with ``balance``,
    no clash of who moves first that another partner of the same score
    group avoids: the balance never outranks the score groups (revision 6)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for k, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first.key, other.key)) in met:
            continue
        if balance is not None and balance.clash(first.key, other.key) and _same_group_partner(first, rest[k + 1 :], other.points, met, balance):
            continue
        tail = _pair(rest[:k] + rest[k + 1 :], met, budget, balance)
        if tail is not None:
            return [(first, other), *tail]
    return None


def next_round(
    ranked: Sequence[Standing],
    met: Collection[frozenset[str]],
    byes: Collection[str],
    firsts: Mapping[str, int],
    number: int,
    seconds: Mapping[str, int] | None = None,
    fixed: Sequence[tuple[Standing, Standing]] = (),
) -> Pairing:
    """The next round's tables. ``met``: pairs of player keys who have played;
    ``byes``: keys of players who had one; ``firsts``, ``seconds``: how often
    each moved first and second; ``fixed``: tables set by hand, numbered
    first, their players out of the rest. Raises :class:`NoPairing` when
    every pairing is a rematch."""
    balance = Balance(firsts, seconds or {})
    held = {p.key for pair in fixed for p in pair}
    head = [Table(n, *balance.order(*sorted(pair, key=list(ranked).index))) for n, pair in enumerate(fixed, 1)]
    players = [p for p in ranked if p.key not in held]
    candidates: list[Standing | None] = [None]
    if len(players) % 2:
        candidates = [p for p in reversed(players) if p.key not in byes] or list(reversed(players))
    for careful in (balance, None):  # kept apart where the pairing allows it
        budget = [STEPS]
        for bye in candidates:
            pairs = _pair([p for p in players if p is not bye], met, budget, careful)
            if pairs is not None:
                return Pairing(number, head + [Table(n, *balance.order(a, b)) for n, (a, b) in enumerate(pairs, len(head) + 1)], bye)
            if budget[0] < 0:
                break
    raise NoPairing("no pairing without a rematch is left for these players")


def _same_group_partner(first: Standing, later: Sequence[Standing], points: int, met: Collection[frozenset[str]], balance: Balance) -> bool:
    """Whether a later player of ``points`` could partner ``first`` with no rematch and no clash."""
    return any(o.points == points and frozenset((first.key, o.key)) not in met and not balance.clash(first.key, o.key) for o in later)


def shuffled(names: Sequence[str], seed: int) -> list[Standing]:
    """The entry list in the order a seed shuffles it: round 1's standings."""
    order = [Standing(" ".join(n.split()), name_key(n)) for n in names]
    random.Random(seed).shuffle(order)
    return order


def pairing_lines(p: Pairing, why_not: Mapping[str, str] | None = None) -> list[str]:
    """The round as text: a table a line, then the bye and who is not paired."""
    head = f"round {p.round}: {len(p.tables)} table{'s' * (len(p.tables) != 1)}"
    if p.knockout:
        head += f", {p.knockout}"
    if p.game > 1:
        head += f", game {p.game} of {'each drawn table' if len(p.tables) > 1 else 'the drawn table'}"
    if p.last is not None:
        head += f" (the last of {p.last} planned)"
    if p.seed is not None:
        head += f"; the entry list shuffled with --seed {p.seed}"
    lines = [head]
    lines += [
        f"  table {t.number}: north {t.first.player} ({t.first.points}) v south {t.second.player} ({t.second.points}); north moves first" for t in p.tables
    ]
    if p.bye is not None:
        lines.append(f"  bye: {p.bye.player} ({p.bye.points})")
    if p.not_paired:
        why = why_not or {}
        lines.append("not paired: " + ", ".join(f"{n} ({why[n]})" if n in why else n for n in p.not_paired))
    return lines
