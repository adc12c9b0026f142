"""The planner's look-ahead, played fast: greedy's turns
(:func:`~hi5pnp.sim.bots.heuristic.best_choice`), their effects
(:func:`~hi5pnp.rules.play.play`) and the value of where they stop
(:func:`~hi5pnp.sim.bots.heuristic.evaluate`), each as the same arithmetic in
the same order on a game's facts made into flat tables once
(:class:`Lookahead`).

What it saves is the general path's work on every turn: the calls, the
look-ups through the game and its sight, the lists of the others at a
position built for every competitor, and the :class:`~hi5pnp.sim.bots.heuristic.Choice`
made for each. What it keeps is every choice and every value, to the last
bit: the rare turns it does not play itself (an arrival at the finish, a
group with an opponent in it) it hands to the general code, and
tests/test_lookahead.py plays thousands of positions and seeded games both
ways and compares every turn and every value. docs/simulate.md gives the speed.
"""

from __future__ import annotations

from typing import Any

from ...deck import ObstacleFace
from ...rules import CHIT as CHIT_REWARD
from ...rules import Action, Mark, Position, Reward
from ...rules.legality import MARKS
from ...rules.play import play
from ...rules.position import FIELDS, room
from .heuristic import CHIT, PROJECTED, STEP, Sight

PLAIN, BYPASS = Action.PLAIN, Action.BYPASS
Move = tuple[Any, ...]  # a turn as play's arguments: competitor, action, spend, group, rewards
NO_OFFERS: list[tuple[float, Reward | None]] = []  # (never changed)
Bring = tuple[float, Action, int, int, tuple[Any, ...]]  # a group's value, option, own and opponents brought, rewards

#: The position's fields as :func:`copy` copies them (lists, then values), the engine's own.
LISTS = ("positions", "chits", "ready", "out", "unmarked", "ready_count", "finished")
VALUES = ("round", "segment", "token", "to_move", "course", "finishes")
assert sorted(FIELDS) == sorted(LISTS + VALUES), "lookahead.copy copies every field of Position"


def copy(pos: Position) -> Position:
    """:meth:`Position.copy`, each field named (the assert above holds them to the engine's)."""
    new = object.__new__(Position)
    new.positions = pos.positions.copy()
    new.chits = pos.chits.copy()
    new.ready = pos.ready.copy()
    new.out = pos.out.copy()
    new.unmarked = pos.unmarked.copy()
    new.ready_count = pos.ready_count.copy()
    new.finished = pos.finished.copy()
    new.round = pos.round
    new.segment = pos.segment
    new.token = pos.token
    new.to_move = pos.to_move
    new.course = pos.course
    new.finishes = pos.finishes
    return new


class Lookahead:
    """One game's facts for the look-ahead, seen through ``sight`` (its
    order of the competitors, its tables of the course under way)."""

    def __init__(self, sight: Sight):
        game = sight.game
        self.sight = sight
        self.game = game
        n = len(game.faces)
        pts = game.rules.placing_points
        self.place = [float(pts[k]) if k < len(pts) else 0.0 for k in range(2 * n + 2)]  # heuristic._place_value by finishers placed
        most = max((len(c.gems) for c in game.comp), default=0)
        self.bypass = [STEP + (STEP - CHIT) * k for k in range(most + 1)]  # a plain turn (k = 0) or a bypass spending k
        self.bring_own = [STEP * (1 + k) for k in range(most + 1)]  # bringing k of its own, nobody arriving
        self.chits_at = [[CHIT * c + 0.1 * STEP * a for a in range(game.finish + 1)] for c in range(game.rules.chit_limit + most + 1)]
        self.limit, self.exact, self.auto, self.cp = game.rules.chit_limit, game.edition.exact_count, game.edition.automatic_chits, game.rules.column_points
        self.writes = {a: (game.edition.writes_chits(a), game.edition.writes_marks(a), a == game.edition.owed_marks) for a in game.edition.bring_actions}
        self.finish, self.mine, self.bring_actions = game.finish, sight.mine, game.edition.bring_actions
        self.most = most
        self.rooms = [room(game, p) for p in range(game.finish + 1)]  # by position: the most chits a bypass may spend
        self.everyone = range(n)
        self.worth: dict[tuple[int, ...], float] = {}  # Sight.columns by the competitor and its columns' boxes left
        self.rank = [0] * n  # each competitor's place in its seat's order
        for team in sight.mine:
            for r, j in enumerate(team):
                self.rank[j] = r
        self.offers: dict[tuple[Any, ...], tuple[tuple[tuple[str, ...], ...], list[tuple[float, Reward | None]]]] = {}
        self.shares: dict[int, list[list[float]]] = {}  # by finishers placed: the share of a tie of places k..e-1
        self.course: tuple[ObstacleFace, ...] | None = None
        self.matches: list[list[int]] = []

    def see(self, course: tuple[ObstacleFace, ...]) -> None:
        if course is not self.course:
            self.sight.see(course)
            self.matches = self.sight.matches
            self.course = course

    def choose(self, pos: Position) -> Move:
        """:func:`~hi5pnp.sim.bots.heuristic.best_choice`'s turn in ``pos``, as play's arguments."""
        moves: list[Move] = []
        self.play_on(copy(pos), moves, 1, pos.segment + 1)
        return moves[0]

    def _offers(self, action: Action, unmarked: tuple[tuple[str, ...], ...], trait: str, chits: int) -> list[tuple[float, Reward | None]]:
        """Opponents brought one after another with ``action`` by a competitor
        holding ``chits`` and ``unmarked`` boxes past an obstacle of ``trait``:
        each one's worth less its step and its best reward, while one is
        worth bringing (``_add_opponents``' choice, which depends on these
        alone), kept for the next ask."""
        auto = action == self.auto
        key = (action, chits) if auto else (action, id(unmarked), trait, chits)
        known = self.offers.get(key)
        if known is not None and (auto or known[0] is unmarked):
            return known[1]
        limit, exact, cp = self.limit, self.exact, self.cp
        chit, mark, owed = self.writes[action]
        free = [len(col) for col in unmarked]
        left = [col.count(trait) for col in unmarked]
        offers: list[tuple[float, Reward | None]] = []
        while len(offers) < self.most:
            reward: Reward | None = None
            worth, column = 0.0, -1
            if auto:
                worth = CHIT if chits < limit else 0.0
            elif chit and chits < limit and not (owed and any(left)):  # reward_choices' offer, in its order
                reward, worth = CHIT_REWARD, CHIT
            if mark and not auto:
                for c, n in enumerate(left):
                    if n:
                        w = cp / free[c]
                        if w > worth:
                            worth, column = w, c
            if worth <= STEP and not exact:
                break  # nothing changed: the next opponent is worth no more
            if column >= 0:
                reward = MARKS[column] if column < len(MARKS) else Mark(column + 1)
                free[column] -= 1
                left[column] -= 1
            elif reward is not None or (auto and chits < limit):
                chits += 1
            offers.append((worth - STEP, reward))
        if len(self.offers) > 4096:  # ids of boxes long gone: start again
            self.offers.clear()
        self.offers[key] = (unmarked, offers)
        return offers

    def play_on(self, trial: Position, moves: list[Move], depth: int, bound: int, first: Move | None = None) -> None:
        """Greedy's turns on ``trial`` (changed in place), each appended to
        ``moves``, while fewer than ``depth``, a player is to move and the
        segment under way is before ``bound``: what
        :func:`~hi5pnp.sim.bots.heuristic.best_choice` chooses and
        :func:`~hi5pnp.rules.play.play` does, inline (an arrival at the
        finish is the engine's own :func:`~hi5pnp.rules.play.play`).
        ``first``, when given, is played before them (not appended to ``moves``)."""
        to_move, segment = trial.to_move, trial.segment
        if to_move is None or (first is None and (segment >= bound or len(moves) >= depth)):
            return
        mover = to_move
        if trial.course is not self.course:
            self.see(trial.course)  # type: ignore[arg-type]  # a player to move: a course is laid
        game, finish, of, mine, team_of = self.game, self.finish, self.game.seat, self.mine, self.game.team
        at, ready, count, out, chits, unmarked = trial.positions, trial.ready, trial.ready_count, trial.out, trial.chits, trial.unmarked
        matches, bypass, bring_own, place, traits = self.matches, self.bypass, self.bring_own, self.place, self.sight.traits
        rooms = self.rooms
        bring_actions, auto, limit = self.bring_actions, self.auto, self.limit
        placed = len(trial.finished)
        arrive = place[placed]
        made = len(moves)
        rank = self.rank
        seat_at = [[at[j] for j in team] for team in mine]  # each seat's positions, in the sight's order
        while True:
            if first is not None:
                move, first = first, None
                mover = of[move[0]]
            else:
                top, best, spend = -1.0, -1, 0  # best_choice: the best value so far, its competitor, its bypass
                bring: Bring | None = None  # or the group it brings
                group: int | None = None  # or only competitors of its own, this many
                team, here = mine[mover], seat_at[mover]
                for i in team:
                    if not ready[i]:
                        continue
                    p = at[i]
                    m = matches[i][p]
                    if not m:
                        value = STEP if p + 1 < finish else STEP + arrive
                        if value > top:
                            top, best, spend, bring, group = value, i, 0, None, None
                        continue
                    k = rooms[p]  # may_do, inline: the most a bypass may spend
                    if k < 0:
                        k = 0
                    else:
                        c = chits[i]
                        if c < k:
                            k = c
                        if m < k:
                            k = m
                    value = bypass[k]
                    if p + 1 + k >= finish:
                        value += arrive
                    if value > top:
                        top, best, spend, bring, group = value, i, k, None, None
                    n = at.count(p) - 1  # may_do's eligible: the others here (nobody at the finish acts)
                    if not n or p >= finish:
                        continue
                    mine_n = here.count(p) - 1  # of them its own, first in the mover's order
                    if mine_n >= m and p + 1 < finish:
                        if bring_own[m] > top:
                            top, best, bring, group = bring_own[m], i, None, m
                        continue
                    can = m if m < n else n
                    nb = mine_n if mine_n < can else can  # _best_bring: its own first, then opponents worth it
                    for action in bring_actions:
                        value = STEP * (1 + nb)
                        no = 0
                        offers = NO_OFFERS
                        if nb < can:
                            offers = self._offers(action, unmarked[i], traits[p], chits[i])
                            no = min(can - nb, n - mine_n, len(offers))
                            for more, _ in offers[:no]:
                                value += more
                        if not nb + no:
                            continue
                        if p + 1 == finish:  # arrivals' placing points: its own, then the opponents'
                            for k in range(nb + 1):
                                value += place[placed + k]
                            for k in range(nb + 1, nb + no + 1):
                                value += -place[placed + k]
                        if value > top:
                            rewards = () if action == auto or nb == can else (None,) * nb + tuple([reward for _, reward in offers[:no]])
                            top, best, bring, group = value, i, (value, action, nb, no, rewards), None
                if bring is not None:
                    p = at[best]
                    _, action, nb, no, rewards = bring
                    group_of = [j for j in team if at[j] == p and j != best][:nb] + [j for j in mine[1 - mover] if at[j] == p][:no]
                    move = (best, action, 0, tuple(group_of), rewards)
                elif group is not None:
                    p = at[best]
                    move = (best, bring_actions[0], 0, tuple([j for j in team if at[j] == p and j != best][:group]), ())
                else:
                    move = (best, BYPASS, spend, (), ()) if spend else (best, PLAIN, 0, (), ())
                moves.append(move)
                made += 1
            i, action, spend, brought, rewards = move
            p = at[i]
            end = p + 1 + spend
            if end == finish or (brought and p + 1 == finish):
                play(game, trial, i, action, spend, brought, rewards)  # arrivals: the engine's own
                to_move, segment = trial.to_move, trial.segment
                if to_move is None or segment >= bound or made >= depth:
                    return
                mover = to_move
                seat_at = [[at[j] for j in team] for team in mine]
                placed = len(trial.finished)
                arrive = place[placed]
                continue
            at[i] = end  # play, inline
            seat_at[mover][rank[i]] = end
            ready[i] = False
            count[mover] -= 1
            if spend:
                chits[i] -= spend
            if brought:
                for j in brought:
                    at[j] = p + 1
                    seat_at[of[j]][rank[j]] = p + 1
                if action == auto:  # play's _take_rewards, inline
                    opponents = sum(1 for j in brought if of[j] != mover)
                    chits[i] += max(0, min(opponents, limit - chits[i]))
                else:
                    for reward in rewards:
                        if reward is None:
                            continue
                        if isinstance(reward, Mark):
                            cols = unmarked[i]
                            c = reward.column - 1
                            col = cols[c]
                            k = col.index(traits[p])
                            unmarked[i] = (*cols[:c], col[:k] + col[k + 1 :], *cols[c + 1 :])
                        else:
                            chits[i] += 1
            if count[1 - mover]:
                mover = trial.to_move = 1 - mover
            elif not count[mover]:  # play's _end_segment, inline
                token = trial.token = 1 - trial.token
                segment = trial.segment = segment + 1
                ready[:] = [not gone for gone in out]
                count[:] = [sum(map(ready.__getitem__, t)) for t in team_of]
                mover = trial.to_move = token if count[token] else 1 - token
                if segment >= bound:
                    return
            if made >= depth:
                return

    def evaluate(self, pos: Position) -> float:
        """:func:`~hi5pnp.sim.bots.heuristic.evaluate` for north (seat 0)."""
        sight = self.sight
        worth = list(sight.placing(pos.finishes))
        at, out, known, chits_at = pos.positions, pos.out, sight.known, self.chits_at
        for i, unmarked, gone, c, p, s in zip(self.everyone, pos.unmarked, out, pos.chits, at, self.game.seat):
            hit = known[i].get(id(unmarked))
            w = hit[1] if hit is not None and hit[0] is unmarked else self._columns(i, unmarked)
            if not gone:
                w += chits_at[c][p]
            worth[s] += w
        placed = len(pos.finished)
        left = len(self.game.rules.placing_points) - placed
        if pos.course is not None and left > 0:
            north, south = ([at[j] for j in team if not out[j]] for team in self.mine)  # the racing, by seat
            share = self._shares(placed, left, len(north) + len(south))
            k = 0
            for p in sorted({*north, *south}, reverse=True):  # the ties, leading first: a tie shares its places' points
                if k >= left:
                    break
                n, s = north.count(p), south.count(p)
                e = k + n + s
                points = share[k][e]
                for _ in range(n):  # each seat's additions in evaluate's order (one value a tie)
                    worth[0] += points
                for _ in range(s):
                    worth[1] += points
                k = e
        return worth[0] - worth[1]

    def _columns(self, i: int, unmarked: tuple[tuple[str, ...], ...]) -> float:
        """:meth:`Sight.columns` of boxes met for the first time: the worth
        depends on how many boxes each column has left, so it is kept by those counts too."""
        key = (i, *map(len, unmarked))
        worth = self.worth.get(key)
        if worth is None:
            worth = self.worth[key] = self.sight.columns(i, unmarked)
        else:
            self.sight.known[i][id(unmarked)] = (unmarked, worth)
        return worth

    def _shares(self, placed: int, left: int, racing: int) -> list[list[float]]:
        """The share of each tie of places k..e-1 (evaluate's arithmetic), for ``placed`` finishers placed."""
        known = self.shares.get(placed)
        if known is None or len(known[0]) <= racing:
            places = self.game.rules.placing_points[placed:]
            size = max(racing, len(self.game.faces)) + 1
            known = [[PROJECTED * sum(places[k:e]) / (e - k) if e > k else 0.0 for e in range(size)] for k in range(max(left, 1))]
            self.shares[placed] = known
        return known
