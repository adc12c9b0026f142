"""Random and greedy games on the compiled kernel (:mod:`.jit_game`, with
numba: the ``fast`` extra): the deck's tables made once, a block of games
played in one call, and each game's record read back, the same
:class:`~.record.GameRecord` the general engine gives for the same seed
(tests/test_jit_games.py). The simulator plays on it wherever numba is
installed and ``HI5PNP_KERNEL`` is not ``python`` (:func:`fits`), for every
pairing of the random and greedy bots that saves no logs.

:func:`finish` is the playout a search bot asks for: a game as it stands
(a :class:`~hi5pnp.rules.state.State` between turns) played to its end by
the random or greedy bot on both sides, the rounds still to come dealt from
a generator of its own; it gives the final scores. About 100 µs a greedy
game from the start on one processor (docs/simulate.md, "Speed").

The arrays (beside :mod:`.jit_lookahead`'s ``g`` and ``cf``): ``d`` the
deck's and plan's numbers (jit_game's ``ROUNDS`` ...); the competitor cards
by number, each side's gems per colour (``card_gems``), columns' boxes as
trait numbers padded with -1 (``card_box``), boxes per column
(``card_sizes``), columns (``card_cols``), greedy's side (``strong``); the
obstacle cards by number, each side's colour and trait.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, NamedTuple

import numpy as np

from ...deck import SIDES, Deck
from ...rules import EDITIONS, Seat, State
from ...rules.deal import random_course
from ...rules.game import game_of
from ...rules.position import room, track
from .draw import game_key
from .heuristic import face_strength, tie_order
from .record import GameRecord

BOT_CODES = {"random": 0, "greedy": 1}  # jit_game's RANDOM and GREEDY


class Tables(NamedTuple):
    """One deck's arrays for a plan's bots, edition and sides."""

    arrays: tuple[Any, ...]  # g, cf, d, place, rooms, pts, card_gems, card_box, card_sizes, card_cols, strong, obstacle_colour, obstacle_trait
    names: tuple[tuple[str, str], ...]  # each competitor card's face ids, by side
    row: int  # a record's length


def fits(north: str, south: str, logs: bool) -> bool:
    """Are games of these bots played on the compiled kernel: both random or
    greedy, no log saved, numba installed and not turned off?"""
    from .kernel import compiled_kernel

    return not logs and north in BOT_CODES and south in BOT_CODES and compiled_kernel()


_MADE: dict[tuple[int, int, str, str, bool], tuple[Deck, Tables]] = {}  # by the deck's identity (the deck kept alive)


def tables(deck: Deck, edition: int, north: str, south: str, by_bot: bool) -> Tables:
    """The deck's arrays, made once a worker (the deck and plan are the same for every block)."""
    key = (id(deck), edition, north, south, by_bot)
    known = _MADE.get(key)
    if known is None or known[0] is not deck:
        if len(_MADE) > 64:  # decks read again and again (a long tune) keep it small
            _MADE.clear()
        known = _MADE[key] = (deck, _tables(deck, edition, north, south, by_bot))
    return known[1]


def _tables(deck: Deck, edition: int, north: str, south: str, by_bot: bool) -> Tables:
    from . import jit_game as jg
    from . import jit_kernel as k
    from .jit_lookahead import numbers, placing, values_of

    rules = deck.rules
    comps = sorted(deck.competitors, key=lambda c: c.number)
    obstacles = sorted(deck.obstacles, key=lambda c: c.number)
    faces = [[deck.competitor_face(f"{c.number}{s}") for s in SIDES] for c in comps]
    colours, traits = {c: x for x, c in enumerate(deck.colors)}, {t: x for x, t in enumerate(deck.traits)}
    cols = max([len(f.matrix) for two in faces for f in two if f] + [1])
    boxes = max([len(col) for two in faces for f in two if f for col in f.matrix] + [1])
    card_gems = np.zeros((len(comps), 2, len(colours)), np.int64)
    card_box = np.full((len(comps), 2, cols, boxes), -1, np.int64)
    card_sizes = np.zeros((len(comps), 2, cols), np.int64)
    card_cols = np.zeros((len(comps), 2), np.int64)
    for c, two in enumerate(faces):
        for s, face in enumerate(two):
            assert face is not None
            for gem in face.gems:
                if gem in colours:
                    card_gems[c, s, colours[gem]] += 1
            card_cols[c, s] = len(face.matrix)
            for x, col in enumerate(face.matrix):
                card_sizes[c, s, x] = len(col)
                card_box[c, s, x, : len(col)] = [traits[t] for t in col]
    strong = np.array([0 if face_strength(deck, a) >= face_strength(deck, b) else 1 for a, b in faces], np.int64)  # type: ignore[arg-type]
    pairs = [[deck.obstacle_face(f"{o.number}{s}") for s in SIDES] for o in obstacles]
    obstacle_colour = np.array([[colours.get(f.color, 0) for f in two] for two in pairs], np.int64)  # type: ignore[union-attr]
    obstacle_trait = np.array([[traits.get(f.trait, 0) for f in two] for two in pairs], np.int64)  # type: ignore[union-attr]
    size = rules.team_size
    most = max([f.gems.count(c) for two in faces for f in two if f for c in colours] + [1])
    finish = 2 * len(obstacles) + 1
    d = np.zeros(jg.D_SIZE, np.int64)
    d[jg.ROUNDS], d[jg.CARDS], d[jg.OBSTACLES], d[jg.COLOURS], d[jg.TRAITS], d[jg.SIZE] = (
        rules.rounds,
        len(comps),
        len(obstacles),
        len(colours),
        len(traits),
        size,
    )
    d[jg.BY_BOT], d[jg.BOT0], d[jg.BOT0 + 1] = by_bot, BOT_CODES[north], BOT_CODES[south]
    g = numbers(k, rules, EDITIONS[edition], (size, size), finish, most)
    first = tuple(f"{c.number}a" for c in comps[: 2 * size])  # any game of the deck: the positions' room is the course's
    rooms = np.array([room(game_of(deck, first[:size], first[size:], Seat.NORTH, EDITIONS[edition]), p) for p in range(finish + 1)], np.int64)
    arrays: tuple[Any, ...] = (g, values_of(k), d, placing(rules, 2 * size), rooms, np.array([*rules.placing_points, 0], np.int64))
    arrays += (card_gems, card_box, card_sizes, card_cols, strong, obstacle_colour, obstacle_trait)
    names = tuple((f"{c.number}a", f"{c.number}b") for c in comps)
    n = 2 * size
    return Tables(arrays, names, jg.CARD + 2 * n + n * rules.rounds + n + 2 * len(traits) + 2 * len(colours))


def play_games(deck: Deck, seed: int, start: int, stop: int, north: str, south: str, sides: str = "random", edition: int | None = None) -> list[GameRecord]:
    """Games ``start`` to ``stop`` of a run seeded ``seed``, played on the compiled kernel: their records."""
    jg: Any = importlib.import_module(".jit_game", __package__)  # numba's, imported only where used

    t = tables(deck, edition or deck.edition, north, south, sides == "bot")
    keys = [game_key(seed, index) for index in range(start, stop)]
    starts = np.cumsum([0, *(len(k) // 4 for k in keys)])
    out = np.zeros((len(keys), t.row), np.int64)
    jg.games(*t.arrays, np.frombuffer(b"".join(keys), "<u4").astype(np.int64), starts, out)
    return [_record(deck, t, row) for row in out.tolist()]


def _record(deck: Deck, t: Tables, row: list[int]) -> GameRecord:
    from .jit_game import CARD, FIRST, SCORE0, SCORE1, TURNS

    size, rounds = deck.rules.team_size, deck.rules.rounds
    n = 2 * size
    at = CARD + 2 * n + n * rounds
    traits, colours = deck.traits, tuple(deck.colors)
    T, C = len(traits), len(colours)
    marks, complete, faced, matched = row[at + n : at + n + T], row[at + n + T : at + n + 2 * T], row[-2 * C : -C], row[-C:]
    return GameRecord(
        faces=tuple(t.names[row[CARD + i]][row[CARD + n + i]] for i in range(n)),
        seats=(0,) * size + (1,) * size,
        first=row[FIRST],
        scores=(row[SCORE0], row[SCORE1]),
        turns=row[TURNS],
        places=tuple(tuple(row[CARD + 2 * n + i * rounds : CARD + 2 * n + (i + 1) * rounds]) for i in range(n)),
        columns=tuple(row[at : at + n]),
        trait_columns=tuple(zip(traits, complete)),
        trait_marks=tuple(zip(traits, marks)),
        colours=tuple(zip(colours, faced, matched)),
    )


def finish(state: State, rng: random.Random, north: str = "greedy", south: str = "greedy") -> tuple[int, int]:
    """``state`` (between turns, at any point of the game; left as it is)
    played to its end on the compiled kernel by ``north``'s and ``south``'s
    bots ("random" or "greedy"): north's and south's final scores. The
    rounds not yet laid are dealt from ``rng`` as
    :func:`~hi5pnp.rules.deal.random_course` deals them; greedy looks at the
    competitors in an order drawn from it (:func:`.heuristic.tie_order`), and
    the kernel's generator is seeded from it. The same ``rng`` state gives
    the same result. Needs numba (:func:`fits`)."""
    jg: Any = importlib.import_module(".jit_game", __package__)  # numba's, imported only where used
    from . import jit_kernel as k
    from .jit_lookahead import numbers, placing, values_of

    game, pos, deck = state.game, state.pos, state.deck
    rules, n = game.rules, len(game.faces)
    colours, traits = {c: x for x, c in enumerate(deck.colors)}, {t: x for x, t in enumerate(deck.traits)}
    cols = max([len(c.matrix) for c in game.comp] + [1])
    boxes = max([len(col) for c in game.comp for col in c.matrix] + [1])
    most = max([c.gems.count(x) for c in game.comp for x in colours] + [1])
    teams = (len(game.team[0]), len(game.team[1]))
    g = numbers(k, rules, game.edition, teams, game.finish, most)
    mine = np.full((2, max(teams)), -1, np.int64)
    order = tie_order(game, rng)
    for s, team in enumerate([[j for j in order if game.seat[j] == s] for s in (0, 1)]):
        mine[s, : len(team)] = team
    gems = np.array([[c.gems.count(x) for x in colours] for c in game.comp], np.int64).reshape(n, len(colours))
    box, free = np.full((n, cols, boxes), -1, np.int64), np.zeros((n, cols), np.int64)
    for i, unmarked in enumerate(pos.unmarked):
        for c, col in enumerate(unmarked):
            box[i, c, : len(col)], free[i, c] = [traits[t] for t in col], len(col)
    courses: list[tuple[int, Any]] = [(r, pos.course) for r in [pos.round] if pos.course is not None]
    courses += [(r, tuple(deck.obstacle_face(f) for f in random_course(deck, rng))) for r in range(pos.round + len(courses), rules.rounds)]
    colour_rows, trait_rows = np.zeros((rules.rounds, game.finish + 1), np.int64), np.zeros((rules.rounds, game.finish + 1), np.int64)
    for r, course in courses:
        for p, ob in enumerate(track(course), 1):
            colour_rows[r, p], trait_rows[r, p] = colours.get(ob.color, 0), traits.get(ob.trait, 0)
    fin = [*pos.finished, *[0] * (game.finish - len(pos.finished))]
    counts = [pos.segment, pos.token, -1 if pos.to_move is None else pos.to_move, len(pos.finished), pos.round, pos.course is not None, 0]
    st = np.array([*pos.positions, *pos.chits, *pos.ready, *pos.out, *pos.ready_count, *counts, *fin], np.int64)
    number = rng.getrandbits(128)  # the kernel's generator is random.Random(number)'s
    words = max(1, -(-number.bit_length() // 32))
    mt = jg.seeded(np.frombuffer(number.to_bytes(4 * words, "little"), "<u4").astype(np.int64), words)
    places = np.zeros((n, rules.rounds), np.int64)
    bots = np.array([BOT_CODES[north], BOT_CODES[south]], np.int64)
    seat = np.array(game.seat, np.int64)
    tallies = np.zeros(len(colours), np.int64), np.zeros(len(colours), np.int64)
    rooms = np.array([room(game, p) for p in range(game.finish + 1)], np.int64)
    jg.play_out(g, values_of(k), bots, seat, mine, placing(rules, n), rooms, gems, colour_rows, trait_rows, st, box, free, mt, places, *tallies)
    points = [0, 0]
    for finishers in pos.finishes:
        for x, j in enumerate(finishers):
            points[game.seat[j]] += rules.placing_points[x]
    for i in range(n):
        points[game.seat[i]] += sum(rules.placing_points[x - 1] for x in places[i, len(pos.finishes) :] if x)
        points[game.seat[i]] += rules.column_points * int((free[i, : len(game.comp[i].matrix)] == 0).sum())
    return points[0], points[1]
