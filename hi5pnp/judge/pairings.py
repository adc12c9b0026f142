"""The next Swiss round (``hi5pnp pairings FOLDER``, docs/game-log.md):
players in standings order, each paired with the best placed player below
it whom it has not met (so players of equal points meet where they can), no
pairing repeated, a bye to the lowest placed player without one when the
count is odd; and each table as a log skeleton with the players filled in."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..deck import Deck
from ..errors import Hi5Error
from ..rules import SEATS, Seat, deal
from .deal import skeleton
from .logwrite import quote
from .standings import Standing

STEPS = 200_000  # the search gives up past this many tries (an event past its possible pairings)


@dataclass(frozen=True)
class Table:
    number: int
    north: Standing
    south: Standing


@dataclass(frozen=True)
class Pairing:
    round: int
    tables: list[Table]
    bye: Standing | None


class NoPairing(Hi5Error):
    """No pairing without a rematch is left (the command could not run)."""


def _pair(order: list[Standing], met: Collection[frozenset[str]], budget: list[int]) -> list[tuple[Standing, Standing]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for k, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first.key, other.key)) in met:
            continue
        tail = _pair(rest[:k] + rest[k + 1 :], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def next_round(ranked: Sequence[Standing], met: Collection[frozenset[str]], byes: Collection[str], norths: dict[str, int], number: int) -> Pairing:
    """The next round's tables. ``met``: pairs of player keys who have played;
    ``byes``: keys of players who had one; ``norths``: how often each sat north
    (the one who sat north less often takes north, the better placed on a tie)."""
    players = list(ranked)
    budget = [STEPS]
    candidates: list[Standing | None] = [None]
    if len(players) % 2:
        candidates = [p for p in reversed(players) if p.key not in byes] or list(reversed(players))  # type: ignore[assignment]
    for bye in candidates:
        order = [p for p in players if p is not bye]
        pairs = _pair(order, met, budget)
        if pairs is not None:
            tables = []
            for n, (a, b) in enumerate(pairs, 1):
                north, south = (a, b) if norths.get(a.key, 0) <= norths.get(b.key, 0) else (b, a)
                tables.append(Table(n, north, south))
            return Pairing(number, tables, bye)
        if budget[0] < 0:
            break
    raise NoPairing("no pairing without a rematch is left for these players")


def pairing_lines(p: Pairing) -> list[str]:
    """The round as text: a table a line, then the bye."""
    lines = [f"round {p.round}: {len(p.tables)} table{'s' * (len(p.tables) != 1)}"]
    lines += [f"  table {t.number}: north {t.north.player} ({t.north.points}) v south {t.south.player} ({t.south.points})" for t in p.tables]
    if p.bye is not None:
        lines.append(f"  bye: {p.bye.player} ({p.bye.points})")
    return lines


def table_log(deck: Deck, deck_name: str, edition: int | None, t: Table, round_number: int, event: str, seed: int | None) -> str:
    """A table's log skeleton: ``hi5pnp deal``'s, with the event, the round and table, and the players filled in."""
    rng = random.Random(None if seed is None else seed * 1000 + t.number)
    made = skeleton(deal(deck, rng), deck_name, edition or deck.edition, None if seed is None else seed * 1000 + t.number)
    names: dict[Seat, str] = {Seat.NORTH: t.north.player, Seat.SOUTH: t.south.player}
    players = "players: {" + ", ".join(f"{s}: {quote(names[s])}" for s in SEATS) + "}"
    filled = []
    for line in made.splitlines():
        if line.startswith("event: "):
            filled += [f"event: {quote(event)}", f"table: {t.number}   # round {round_number}"]
        elif line.startswith("players: "):
            filled.append(players)
        else:
            filled.append(line)
    return "\n".join(filled) + "\n"

