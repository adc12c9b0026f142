"""What the bots value: a turn's worth in points over one turn, and a
position's worth for look-ahead. Estimates, not rules: every fact comes from
the engine's position (:class:`~hi5pnp.rules.position.Position`) and its rule
on rewards (:func:`~hi5pnp.rules.legality.reward_choices`), and the turn a
bot proposes is judged by the engine like any other.

The unit is one point of score. Moving a position forward is worth
:data:`STEP`; a chit, a future step, :data:`CHIT`; a trait mark its column's
points shared over the boxes still unmarked in it, so the mark that completes
a column is worth the column; a finisher its placing points.

Nothing here depends on the card numbers or on the order of the deal: the
competitors are looked at in a :class:`Sight`'s order, drawn at random for
each game (:func:`tie_order`), so that ties (which turn, which teammate to
bring) fall on no card more than another.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import NamedTuple

from ...deck import CompetitorCard, CompetitorFace, Deck, ObstacleFace
from ...rules import CHIT as CHIT_REWARD
from ...rules import Action, Brought, Game, Mark, Position, Reward, State, Turn
from ...rules.legality import reward_choices
from ...rules.position import match_table, may_do, track

STEP = 0.5  # a position forward
CHIT = 0.35  # a chit held: a step a later bypass may take
PROJECTED = 0.6  # how much of the placing points a position ranks for counts before the round ends
PARTIAL = 0.5  # how much of a column's points its marked share counts before it is complete
PLAIN, BYPASS = Action.PLAIN, Action.BYPASS


class Choice(NamedTuple):
    """A turn as the bots weigh it: its value and what it does, by competitor number."""

    value: float
    i: int  # the active competitor
    action: Action
    spend: int = 0
    group: tuple[int, ...] = ()
    rewards: tuple[Reward | None, ...] = ()


_new = tuple.__new__  # a Choice made from its values at C speed (its own __new__ is Python's)
NOBODY: list[int] = []  # no opponent to bring (never changed)


def tie_order(game: Game, rng: random.Random) -> list[int]:
    """An order of the game's competitors drawn from ``rng``, for the bots to
    look at them in: no card comes first because of its number or its deal."""
    order = list(range(len(game.faces)))
    rng.shuffle(order)
    return order


class Sight:
    """One game as a bot sees it: the game's fixed facts, the order in which
    it looks at the competitors (:func:`tie_order`), and each round's course
    as tables by position."""

    def __init__(self, game: Game, order: Sequence[int]):
        self.game = game
        self.order = tuple(order)
        self.mine = tuple(tuple(j for j in self.order if game.seat[j] == s) for s in (0, 1))
        self.by_seat = (self.mine[0] + self.mine[1], self.mine[1] + self.mine[0])  # a seat's own first, then the others
        self.limit = game.rules.chit_limit
        self.sizes = tuple(tuple(len(col) for col in c.matrix) for c in game.comp)  # each matrix column's boxes
        self.known: list[dict[int, tuple[tuple[tuple[str, ...], ...], float]]] = [{} for _ in game.faces]  # columns' worth
        self._finishes: tuple[tuple[int, ...], ...] | None = None
        self._placing = (0.0, 0.0)
        self.auto = game.edition.automatic_chits
        self.course: tuple[ObstacleFace, ...] | None = None
        self.matches: list[list[int]] = []  # per competitor, per position: gems of its obstacle's colour
        self.traits: list[str] = []  # per position: its obstacle's trait
        self.foreseen: object = None  # the look-ahead of the turn a planner last took (bots.PlannerBot)

    def placing(self, finishes: tuple[tuple[int, ...], ...]) -> tuple[float, float]:
        """Each seat's placing points from the rounds ``finishes`` lists (kept for the last asked)."""
        if finishes is not self._finishes:
            pts, points = self.game.rules.placing_points, [0.0, 0.0]
            for finish in finishes:
                for k, j in enumerate(finish):
                    points[self.game.seat[j]] += pts[k]
            self._finishes, self._placing = finishes, (points[0], points[1])
        return self._placing

    def columns(self, i: int, unmarked: tuple[tuple[str, ...], ...]) -> float:
        """What competitor ``i``'s matrix is worth with ``unmarked`` boxes left:
        its complete columns' points, and part of the marked share of the others."""
        known = self.known[i].get(id(unmarked))
        if known is not None and known[0] is unmarked:  # it holds the boxes, so the id is theirs
            return known[1]
        cp = self.game.rules.column_points
        worth = sum(PARTIAL * cp * (size - len(left)) / size if left else cp for size, left in zip(self.sizes[i], unmarked))
        self.known[i][id(unmarked)] = (unmarked, worth)
        return worth

    def see(self, course: tuple[ObstacleFace, ...]) -> None:
        """Make the tables of ``course`` (once a round)."""
        if course is self.course:
            return
        self.matches = match_table(self.game, course)
        self.traits = ["", *(o.trait for o in track(course))]
        self.course = course


class Seeing:
    """A bot that sees the game through a :class:`Sight` (greedy, the planner, the search)."""

    def __init__(self) -> None:
        self._sight: Sight | None = None

    def start(self, sight: Sight) -> None:
        """A new game, seen through ``sight`` (its competitors in an order
        drawn for the game, :func:`tie_order`; the bots of one game share it)."""
        self._sight = sight

    def sight(self, state: State, rng: random.Random) -> Sight:
        """This game as the bot sees it; if it was not started with it, its
        order is drawn from ``rng`` at its first turn."""
        if self._sight is None or self._sight.game is not state.game:
            self._sight = Sight(state.game, tie_order(state.game, rng))
        return self._sight


def choices(sight: Sight, pos: Position) -> list[Choice]:
    """Sensible turns for the player to move, best first; among equals, in
    the sight's order of the competitors, plain before bypass before bringing."""
    game, mover = sight.game, pos.to_move
    assert pos.course is not None and mover is not None
    sight.see(pos.course)
    at, ready = pos.positions, pos.ready
    placed = len(pos.finished)
    found: list[Choice] = []
    for i in sight.mine[mover]:
        if not ready[i]:
            continue
        p = at[i]
        m = sight.matches[i][p]
        found.append(Choice(_steps(game, p, 1, placed), i, PLAIN))
        if not m:
            continue
        most, eligible, can = may_do(game, pos, i, m, sight.by_seat[mover])
        for k in range(1, most + 1):
            found.append(Choice(_steps(game, p, 1 + k, placed) - CHIT * k, i, BYPASS, k))
        own, theirs = _sides(game, eligible, mover)
        for action in game.edition.bring_actions if can else ():
            best = _best_bring(sight, pos, i, p, can, own, theirs, action, placed)
            if best is not None:
                found.append(best)
    found.sort(key=_value, reverse=True)  # stable: equals keep their order
    return found


def best_choice(sight: Sight, pos: Position) -> Choice:
    """The first of :func:`choices`, found without ranking them all: of a
    competitor's plain turn and bypasses, the largest bypass is worth most
    (each chit spent is a step, worth more than the chit), so only it and
    the groups to bring are weighed (tests/test_bots.py holds the two alike)."""
    game, mover = sight.game, pos.to_move
    assert pos.course is not None and mover is not None
    if pos.course is not sight.course:
        sight.see(pos.course)
    at, ready = pos.positions, pos.ready
    finish, placed, matches, among, of = game.finish, len(pos.finished), sight.matches, sight.by_seat[mover], game.seat
    top, best, spend = -1.0, -1, 0  # the best value so far, its competitor, its bypass
    bring: Choice | None = None  # or the group it brings
    group: list[int] | None = None  # or only competitors of its own, m of them
    for i in sight.mine[mover]:
        if not ready[i]:
            continue
        p = at[i]
        m = matches[i][p]
        if not m:  # a plain turn only
            value = STEP if p + 1 < finish else STEP + _place_value(game, placed)
            if value > top:
                top, best, spend, bring, group = value, i, 0, None, None
            continue
        k, eligible, can = may_do(game, pos, i, m, among)
        value = STEP + (STEP - CHIT) * k  # _steps, with the chits spent
        if p + 1 + k >= finish:
            value += _place_value(game, placed)
        if value > top:
            top, best, spend, bring, group = value, i, k, None, None
        if not can:
            continue
        own, theirs = (eligible, NOBODY) if of[eligible[-1]] == mover else _sides(game, eligible, mover)  # most often all its own
        if len(own) >= m and p + 1 < finish:  # _best_bring's group: m of its own, nobody arriving
            if STEP * (1 + m) > top:
                top, best, bring, group = STEP * (1 + m), i, None, own[:m]
            continue
        for action in game.edition.bring_actions:
            found = _best_bring(sight, pos, i, p, can, own, theirs, action, placed, top)
            if found is not None:
                top, best, bring, group = found.value, i, found, None
    if bring is not None:
        return bring
    if group is not None:
        return _new(Choice, (top, best, game.edition.bring_actions[0], 0, tuple(group), ()))
    return _new(Choice, (top, best, BYPASS, spend, (), ())) if spend else _new(Choice, (top, best, PLAIN, 0, (), ()))


def _sides(game: Game, eligible: list[int], seat: int) -> tuple[list[int], list[int]]:
    """Those who may be brought (:func:`~hi5pnp.rules.position.may_do`, asked
    in a seat's order: its own first), split into its own and the opponents."""
    of = game.seat
    k = 0
    for j in eligible:
        if of[j] != seat:
            break
        k += 1
    return eligible[:k], eligible[k:]


def _value(choice: Choice) -> float:
    return choice.value


def _place_value(game: Game, placed: int) -> float:
    """Placing points of the next arrival when ``placed`` have finished."""
    pts = game.rules.placing_points
    return float(pts[placed]) if placed < len(pts) else 0.0


def _steps(game: Game, p: int, steps: int, placed: int) -> float:
    """The active competitor moving ``steps`` from ``p``, arriving first if it reaches the finish."""
    if p + steps < game.finish:
        return STEP * steps
    return STEP * steps + _place_value(game, placed)


def _best_bring(
    sight: Sight, pos: Position, i: int, p: int, can: int, own: list[int], theirs: list[int], action: Action, placed: int, above: float = -math.inf
) -> Choice | None:
    """The best group of at most ``can`` to bring with ``action``: its own
    competitors first (each moves with it), then opponents whose reward is
    worth their step; None when nobody is worth bringing (the plain turn is
    ranked on its own), or when the group is worth no more than ``above``."""
    game, seat = sight.game, sight.game.seat
    brought = own[:can]
    rewards: list[Reward | None] = []  # none for competitors of its own
    if len(brought) < can:
        value = _add_opponents(sight, pos, i, p, can, theirs, action, brought, rewards)
    else:
        value = STEP * (1 + can)
    if not brought:
        return None
    if p + 1 == game.finish:
        s = seat[i]
        for k, j in enumerate([i, *brought]):
            points = _place_value(game, placed + k)
            value += points if seat[j] == s else -points
    if value <= above:
        return None
    return _new(Choice, (value, i, action, 0, tuple(brought), () if action == sight.auto else tuple(rewards)))


def _add_opponents(
    sight: Sight, pos: Position, i: int, p: int, can: int, theirs: list[int], action: Action, brought: list[int], rewards: list[Reward | None]
) -> float:
    """Bring opponents after the competitors of its own in ``brought``, each
    with its best reward, while one is worth its step (or bringing is
    forced); the group's value."""
    game = sight.game
    rewards += [None] * len(brought)
    value = STEP * (1 + len(brought))
    chits, limit = pos.chits[i], sight.limit
    auto, exact = action == sight.auto, game.edition.exact_count
    cp = game.rules.column_points
    free: list[int] = []  # unmarked boxes per column, and of them of the obstacle's trait: counted unless
    left: list[int] = []  # the chits come by themselves, as no mark is written then
    if not auto:
        trait, unmarked = sight.traits[p], pos.unmarked[i]
        free = [len(col) for col in unmarked]
        left = [col.count(trait) for col in unmarked]
    for j in theirs:
        if len(brought) == can:
            break
        reward: Reward | None = None
        worth = 0.0
        if auto:
            worth = CHIT if chits < limit else 0.0
        else:
            for option in reward_choices(game.edition, limit, action, left, chits):
                w = CHIT if option == CHIT_REWARD else cp / free[option.column - 1] if isinstance(option, Mark) else 0.0
                if w > worth:
                    reward, worth = option, w
        if worth <= STEP and not exact:
            continue
        brought.append(j)
        rewards.append(reward)
        value += worth - STEP
        if isinstance(reward, Mark):
            free[reward.column - 1] -= 1
            left[reward.column - 1] -= 1
        elif reward is not None or (auto and chits < limit):
            chits += 1
    return value


def turn_of(game: Game, choice: Choice) -> Turn:
    """The turn a choice stands for, as the engine is asked to play it."""
    faces = game.faces
    if choice.action is PLAIN:
        return Turn(faces[choice.i])
    if choice.action is BYPASS:
        return Turn(faces[choice.i], BYPASS, (), choice.spend)
    rewards = choice.rewards or (None,) * len(choice.group)
    return Turn(faces[choice.i], choice.action, tuple(Brought(faces[j], r) for j, r in zip(choice.group, rewards)))


def evaluate(sight: Sight, pos: Position, seat: int) -> float:
    """How much better ``seat`` (0 north, 1 south) stands than its opponent,
    in points: the score so far, the placing points the positions rank for
    this round (in part; those level share alike), the marked share of
    incomplete columns (in part) and chits."""
    game = sight.game
    of = game.seat
    worth = list(sight.placing(pos.finishes))
    at, out, chits, known = pos.positions, pos.out, pos.chits, sight.known
    for i, unmarked in enumerate(pos.unmarked):
        hit = known[i].get(id(unmarked))  # Sight.columns, its lookup inline
        w = hit[1] if hit is not None and hit[0] is unmarked else sight.columns(i, unmarked)
        if not out[i]:
            w += CHIT * chits[i] + 0.1 * STEP * at[i]
        worth[of[i]] += w
    places = game.rules.placing_points[len(pos.finished) :]
    if pos.course is not None and places:
        racing = sorted([(at[i], i) for i in range(len(at)) if not out[i]], reverse=True)
        k = 0
        while k < len(places) and k < len(racing):
            e = k + 1
            while e < len(racing) and racing[e][0] == racing[k][0]:
                e += 1
            share = PROJECTED * sum(places[k:e]) / (e - k)  # those level share their places' points
            for _, i in racing[k:e]:
                worth[of[i]] += share
            k = e
    return worth[seat] - worth[1 - seat]


def stronger_face(deck: Deck, card: CompetitorCard) -> str:
    """The face of ``card`` a bot chooses at set-up: the stronger by :func:`face_strength`, side a on a tie."""
    a, b = (face_strength(deck, f) for f in card.faces)
    return f"{card.number}{'a' if a >= b else 'b'}"


def face_strength(deck: Deck, face: CompetitorFace) -> float:
    """A face's worth at set-up: points its columns may bring (short columns
    are easier) and how many obstacle colours its gems match."""
    colours = {ob.color for ob in deck.obstacle_faces()}
    reach = len(set(face.gems) & colours)
    return sum(deck.rules.column_points / len(col) for col in face.matrix) + 0.5 * reach
