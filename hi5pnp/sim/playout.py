"""The fast path: a whole game between two ``random`` bots on a compact
state, for the simulator's inner loop.

It is the engine's own game, not a second set of rules to trust: it draws
from the generator exactly as :func:`~hi5pnp.sim.bots.random_turn` does on
the engine, so the same generator gives the same game turn for turn, and the
tests play thousands of games both ways and compare every turn and the
record (tests/test_simulate.py). What it saves is the engine's
generality: the checks a turn built from the engine's own facts cannot fail,
the reports, the history and the public method calls. docs/simulate.md gives
the speed it buys.
"""

from __future__ import annotations

import random

from ..deck import SIDES, Deck
from ..rules import CHIT, EDITIONS, SEATS, Action, Brought, Mark, Reward, Seat, Turn, deal
from . import draw
from .record import GameRecord, matrix_tallies

PLAIN, BYPASS = Action.PLAIN, Action.BYPASS
NOBODY: list[int] = []  # a plain turn's group and rewards (never changed)


def random_playout(
    deck: Deck, rng: random.Random, edition: int | None = None, turns: list[Turn] | None = None
) -> GameRecord:
    """Deal and play one game of random turns; append each turn to ``turns`` if given."""
    ed = EDITIONS[edition or deck.edition]
    rules = deck.rules
    limit, need = rules.chit_limit, rules.finishers
    setup = deal(deck, rng)
    rand = rng.random  # each draw inlines draw.pick / draw.count
    faces = tuple(f"{n}{rng.choice(SIDES)}" for s in SEATS for n in setup.cards[s])
    n = len(faces)
    north = len(setup.cards[Seat.NORTH])
    seat = [0] * north + [1] * (n - north)
    team = [list(range(north)), list(range(north, n))]
    comp = [deck.competitor_face(f) for f in faces]
    gems = [c.gems for c in comp]  # type: ignore[union-attr]
    free = [[list(col) for col in c.matrix] for c in comp]  # type: ignore[union-attr]
    cards = len(deck.obstacles)
    finish = 2 * cards + 1
    token = 0 if setup.first == Seat.NORTH else 1
    bring = ed.bring_actions
    auto, owed, exact = ed.automatic_chits, ed.owed_marks, ed.exact_count
    chit_writers = {a: ed.writes_chits(a) for a in bring}
    mark_writers = {a: ed.writes_marks(a) for a in bring}
    faced = dict.fromkeys(deck.colors, 0)
    matched = dict.fromkeys(deck.colors, 0)
    places = [[0] * rules.rounds for _ in range(n)]
    points = [0, 0]
    played = 0
    for rnd, course in enumerate(setup.courses):
        obs = [deck.obstacle_face(f) for f in course]
        at = [None] + [obs[p - 1] if p <= cards else obs[2 * cards - p] for p in range(1, 2 * cards + 1)]
        colour = [o.color if o else "" for o in at]
        trait = [o.trait if o else "" for o in at]
        m_at = [[g.count(c) for c in colour] for g in gems]
        pos = [1] * n
        chits = [0] * n
        ready = [True] * n
        readies = [list(team[0]), list(team[1])]  # each seat's ready competitors, in team order
        out = [False] * n
        finished: list[int] = []
        mover = token
        while True:
            mine = readies[mover]
            i = mine[int(rand() * len(mine))]
            p = pos[i]
            m = m_at[i][p]
            c = chits[i]
            faced[colour[p]] += 1
            group: list[int] = NOBODY
            rewards: list[Reward | None] = NOBODY  # type: ignore[assignment]
            if m:  # only a matching gem brings or spends
                matched[colour[p]] += 1
                eligible = [j for j in range(n) if pos[j] == p and not out[j] and j != i]
                spend = min(m, c, finish - p - 1)
                nb = min(m, len(eligible))
                options: list[Action] = [PLAIN]
                if spend:
                    options.append(BYPASS)
                if nb:
                    options += bring
                action = options[int(rand() * len(options))]
            else:  # the only option is plain; the engine's bot still draws it
                rand()
                action = PLAIN
            if action is PLAIN:
                spend = 0
            elif action is BYPASS:
                spend = 1 + int(rand() * spend)
            else:
                spend = 0
                group, rewards = [], []
                t = trait[p]
                left = [col.count(t) for col in free[i]]
                held = c
                for j in draw.group(rng, eligible, nb if exact else 1 + int(rand() * nb)):
                    if seat[j] == seat[i] or action == auto:
                        choices: list[Reward | None] = [None]
                    else:
                        marks: list[Reward | None] = [Mark(k + 1) for k, x in enumerate(left) if x > 0]
                        if action == owed:
                            choices = marks or [None]
                        else:
                            choices = [None]
                            if chit_writers[action] and held < limit:
                                choices.append(CHIT)
                            if mark_writers[action]:
                                choices += marks
                    reward = choices[int(rand() * len(choices))]
                    if reward is CHIT:
                        held += 1
                    elif reward is not None:
                        left[reward.column - 1] -= 1  # type: ignore[union-attr]
                    group.append(j)
                    rewards.append(reward)
            if turns is not None:
                turns.append(Turn(faces[i], action, tuple(Brought(faces[j], r) for j, r in zip(group, rewards)), spend))
            played += 1
            # the turn's effects, in the engine's order (State._play)
            end = p + 1 + spend
            pos[i] = end
            ready[i] = False
            mine.remove(i)
            if spend:
                chits[i] -= spend
            arrived = end == finish
            if arrived:
                out[i] = True
                finished.append(i)
            if group:
                for j in group:
                    pos[j] = p + 1
                if action == auto:
                    opponents = sum(1 for j in group if seat[j] != seat[i])
                    chits[i] += max(0, min(opponents, limit - chits[i]))
                else:
                    for reward in rewards:
                        if reward is CHIT:
                            chits[i] += 1
                        elif isinstance(reward, Mark):
                            free[i][reward.column - 1].remove(trait[p])
                if p + 1 == finish:
                    arrived = True
                    for j in group:
                        if ready[j]:
                            ready[j] = False
                            readies[seat[j]].remove(j)
                        out[j] = True
                        if len(finished) < need:
                            finished.append(j)
            if arrived and len(finished) >= need:
                for k, j in enumerate(finished):
                    points[seat[j]] += rules.placing_points[k]
                    places[j][rnd] = k + 1
                token = 1 - token
                break
            if readies[1 - mover]:
                mover = 1 - mover
            elif not mine:  # the segment ends
                token = 1 - token
                readies = [[], []]
                for j in range(n):
                    if not out[j]:
                        ready[j] = True
                        readies[seat[j]].append(j)
                mover = token if readies[token] else 1 - token
    columns, trait_columns, trait_marks = matrix_tallies(deck.traits, ((c.matrix, cols) for c, cols in zip(comp, free)))  # type: ignore[union-attr]
    for j, done in enumerate(columns):
        points[seat[j]] += done * rules.column_points
    return GameRecord(
        faces=faces,
        seats=tuple(seat),
        first=0 if setup.first == Seat.NORTH else 1,
        scores=(points[0], points[1]),
        turns=played,
        places=tuple(tuple(p) for p in places),
        columns=columns,
        trait_columns=trait_columns,
        trait_marks=trait_marks,
        colours=tuple((c, faced[c], matched[c]) for c in faced),
    )
