"""The fast path: a whole game between two ``random`` bots, for the
simulator's inner loop.

It plays by the engine's own rules: every turn's effects are
:func:`~hi5pnp.rules.play.play`'s, on the engine's
:class:`~hi5pnp.rules.position.Position`, what a competitor may do is
:func:`~hi5pnp.rules.position.may_do`'s, and the rewards offered are
:func:`~hi5pnp.rules.legality.reward_choices`'. What is its own is the order
of the random draws, exactly :func:`~hi5pnp.sim.bots.players.random_turn`'s on the
engine (a ready competitor, an option, a group, a reward each), so the same
generator gives the same game turn for turn; the tests play thousands of
games both ways and compare every turn and the record
(tests/test_simulate.py). What it saves is the checked path: the verdict on
each turn (a turn drawn from the engine's own facts is legal), the reports,
the history and the public methods' words. docs/simulate.md gives the speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...deck import SIDES, CompetitorFace, Deck
from ...rules import EDITIONS, SEATS, Action, Brought, Mark, Reward, Seat, Turn, deal
from ...rules.game import game_of
from ...rules.legality import reward_choices
from ...rules.play import lay, play
from ...rules.position import may_do, new_position, scores, track
from .record import GameRecord, matrix_tallies

PLAIN, BYPASS = Action.PLAIN, Action.BYPASS
NOBODY = ()  # a plain turn's group and rewards
NO_REWARD: list[Reward | None] = [None]  # the only reward for a teammate (never changed)


_COUNTS: dict[int, tuple[CompetitorFace, dict[str, int]]] = {}  # by the face's identity (the face kept alive)


def _gem_counts(deck: Deck, face: CompetitorFace) -> dict[str, int]:
    """A face's gems of each colour (and of "", none), counted once a run."""
    known = _COUNTS.get(id(face))
    if known is None or known[0] is not face:
        if len(_COUNTS) > 4096:  # decks read again and again (a long session) keep it small
            _COUNTS.clear()
        known = _COUNTS[id(face)] = (face, {c: face.gems.count(c) for c in ("", *deck.colors)})
    return known[1]


def random_playout(deck: Deck, rng: random.Random, edition: int | None = None, turns: list[Turn] | None = None) -> GameRecord:
    """Deal and play one game of random turns; append each turn to ``turns`` if given."""
    setup = deal(deck, rng)
    rand = rng.random  # each draw inlines draw.pick / draw.count
    faces = tuple(f"{n}{rng.choice(SIDES)}" for s in SEATS for n in setup.cards[s])
    north = len(setup.cards[Seat.NORTH])
    game = game_of(deck, faces[:north], faces[north:], setup.first, EDITIONS[edition or deck.edition])  # a deal: no check
    pos = new_position(game)
    ed, limit, seat, team, finish = game.edition, game.rules.chit_limit, game.seat, game.team, game.finish
    exact, auto = ed.exact_count, ed.automatic_chits
    menus = ((PLAIN,), (PLAIN, *ed.bring_actions), (PLAIN, BYPASS), (PLAIN, BYPASS, *ed.bring_actions))  # by (bypass, bring)
    gems = [_gem_counts(deck, c) for c in game.comp]
    everyone = range(len(faces))
    first = [t[0] if t else 0 for t in team]  # the seats' competitors are numbered in one run each
    at, chits, ready, ready_count, unmarked = pos.positions, pos.chits, pos.ready, pos.ready_count, pos.unmarked  # changed in place by the rules
    faced = dict.fromkeys(deck.colors, 0)
    matched = dict.fromkeys(deck.colors, 0)
    played = 0
    for names in setup.courses:
        course = tuple(deck.obstacle_face(f) for f in names)
        lay(game, pos, course)  # type: ignore[arg-type]
        obstacles = track(course)  # type: ignore[arg-type]
        colour = ["", *(o.color for o in obstacles)]
        trait = ["", *(o.trait for o in obstacles)]
        m_at = [list(map(g.__getitem__, colour)) for g in gems]
        faced_at = [0] * finish  # turns that faced each position, and with a matching gem
        matched_at = [0] * finish
        while (mover := pos.to_move) is not None:
            k = int(rand() * ready_count[mover])  # draw.pick: the k-th of the mover's ready competitors, in team order
            i = ready.index(True, first[mover])
            while k:
                i = ready.index(True, i + 1)
                k -= 1
            p = at[i]
            m = m_at[i][p]
            faced_at[p] += 1
            if not m:  # the only option is plain; the engine's bot still draws it
                rand()
                if turns is not None:
                    turns.append(Turn(faces[i]))
                play(game, pos, i, PLAIN)
                continue
            matched_at[p] += 1  # only a matching gem brings or spends
            most, eligible, nb = may_do(game, pos, i, m, everyone)  # the engine's facts, as Facing gives them
            options = menus[2 * (most > 0) + (nb > 0)]
            action = options[int(rand() * len(options))]
            group: Sequence[int] = NOBODY
            rewards: Sequence[Reward | None] = NOBODY
            spend = 0
            if action is BYPASS:
                spend = 1 + int(rand() * most)
            elif action is not PLAIN:
                group, rewards = [], []
                left: list[int] | None = None  # unmarked boxes of the obstacle's trait, per column: counted when first asked
                held, own = chits[i], seat[i]
                size = nb if exact else 1 + int(rand() * nb)
                for k in range(size):  # draw.group, inline
                    r = k + int(rand() * (len(eligible) - k))
                    eligible[k], eligible[r] = eligible[r], eligible[k]
                for j in eligible[:size]:
                    if seat[j] == own or action is auto:
                        choices = NO_REWARD  # reward_choices' answer for a teammate, or chits taken by themselves (R-8)
                    else:
                        if left is None:
                            t = trait[p]
                            left = [col.count(t) for col in unmarked[i]]
                        choices = reward_choices(ed, limit, action, left, held)
                    reward = choices[int(rand() * len(choices))]
                    if isinstance(reward, Mark):
                        left[reward.column - 1] -= 1  # type: ignore[index]  # a mark was offered: left was counted
                    elif reward is not None:
                        held += 1
                    group.append(j)
                    rewards.append(reward)
            if turns is not None:
                turns.append(Turn(faces[i], action, tuple(Brought(faces[j], r) for j, r in zip(group, rewards)), spend))
            play(game, pos, i, action, spend, group, rewards)
        played += sum(faced_at)  # every turn faced one position
        for p in range(1, finish):
            faced[colour[p]] += faced_at[p]
            matched[colour[p]] += matched_at[p]
    columns, trait_columns, trait_marks = matrix_tallies(deck.traits, ((c.matrix, cols) for c, cols in zip(game.comp, pos.unmarked)))
    places = [[0] * game.rules.rounds for _ in faces]
    for rnd, finish_order in enumerate(pos.finishes):
        for k, j in enumerate(finish_order):
            places[j][rnd] = k + 1
    points = scores(game, pos)
    return GameRecord(
        faces=faces,
        seats=seat,
        first=0 if setup.first == Seat.NORTH else 1,
        scores=(points[0], points[1]),
        turns=played,
        places=tuple(tuple(p) for p in places),
        columns=columns,
        trait_columns=trait_columns,
        trait_marks=trait_marks,
        colours=tuple((c, faced[c], matched[c]) for c in faced),
    )
