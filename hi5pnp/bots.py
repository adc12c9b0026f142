"""A random bot: it plays legal random games through the engine and writes
them as logs. The simulation tests and the future simulator build on it.

The bot only proposes a turn from the engine's facts (:meth:`State.facing`,
:meth:`State.reward_choices`); the engine's verdict decides, so a bot cannot
play an illegal game without the engine raising.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .deal import Setup, deal
from .deck import SIDES, Deck
from .engine import SEATS, IllegalTurn, State
from .gamelog import FORMAT, flow, seats_flow
from .notation import ASSIST, BYPASS, CHIT, HELP, Brought, Turn


def random_turn(state: State, rng: random.Random) -> Turn:
    """A random legal turn for the player to move."""
    face = rng.choice(state.ready_faces(state.current_player()))
    f = state.facing(face)
    n = min(f.matches, len(f.eligible))
    options = ["plain"]
    if f.max_spend:
        options.append(BYPASS)
    if n:
        options += [ASSIST, HELP] if state.edition == 1 else [ASSIST]
    kind = rng.choice(options)
    if kind == "plain":
        return Turn(face)
    if kind == BYPASS:
        return Turn(face, BYPASS, (), rng.randint(1, f.max_spend))
    size = n if state.edition == 1 else rng.randint(1, n)
    group = rng.sample(f.eligible, size)
    chits = f.chits
    free = [col.count(f.obstacle.trait) for col in state.unmarked(face)]
    brought = []
    for g in group:
        choices = []
        for r in state.reward_choices(face, g, kind):
            if r == CHIT and chits >= state.rules.chit_limit:
                continue
            if isinstance(r, int) and not free[r - 1]:
                continue
            choices.append(r)
        if state.edition == 1 and kind == HELP and any(free):
            choices = [c for c in choices if c is not None]
        reward = rng.choice(choices or [None])
        if reward == CHIT:
            chits += 1
        elif isinstance(reward, int):
            free[reward - 1] -= 1
        brought.append(Brought(g, reward))
    return Turn(face, kind, tuple(brought))


@dataclass
class PlayedGame:
    deck_name: str
    edition: int
    setup: Setup
    teams: dict[str, tuple[str, ...]]
    turns: list[list[str]] = field(default_factory=list)  # per round, as written
    state: State | None = None


def play_random_game(
    deck: Deck, rng: random.Random, edition: int | None = None, deck_name: str = "default"
) -> PlayedGame:
    """Deal, choose sides at random and play to the end with random legal turns."""
    setup = deal(deck, rng)
    teams = {s: tuple(f"{n}{rng.choice(SIDES)}" for n in setup.cards[s]) for s in SEATS}
    state = State(deck, teams, setup.first, edition)
    game = PlayedGame(deck_name, state.edition, setup, teams, state=state)
    for course in setup.courses:
        state.lay_course(course)
        written: list[str] = []
        while state.course is not None:
            turn = random_turn(state, rng)
            problem = state.why_illegal(turn)
            if problem is not None:  # a bot bug, never a game event
                raise IllegalTurn(problem)
            state.play(turn)
            written.append(str(turn))
        game.turns.append(written)
    return game


def to_log(game: PlayedGame, comment: str = "") -> str:
    """The game as a log (docs/game-log.md), with every recorded value filled in."""
    s = game.state
    lines = [f"# {comment}"] if comment else []
    lines += [
        f"log: {FORMAT}",
        f"deck: {game.deck_name}",
        f"edition: {game.edition}",
        "teams:",
        *(f"  {seat}: {flow(game.teams[seat])}" for seat in SEATS),
        f"first: {game.setup.first}",
        "rounds:",
    ]
    for k, course in enumerate(game.setup.courses):
        lines.append(f"  - course: {flow(course)}")
        lines.append("    turns:")
        lines += [f"      - {t}" for t in game.turns[k]]
        if k < len(s.round_finish):
            lines.append(f"    finish: {flow(s.round_finish[k])}")
            lines.append(f"    points: {seats_flow(dict(zip(SEATS, s.round_points[k])))}")
    lines += [
        "result:",
        f"  columns: {seats_flow(s.complete_columns())}",
        f"  score: {seats_flow(s.scores())}",
        f"  winner: {s.winner()}",
    ]
    return "\n".join(lines) + "\n"
