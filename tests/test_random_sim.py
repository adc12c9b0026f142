"""Random-simulation conformance, in the manner of OpenSpiel's random_sim_test.

Thousands of seeded random games are played through the engine (on the
bundled deck and on decks with other numbers), written as logs, read back and
checked: every one must check valid with the scores the engine computed.
Mutated logs (a turn removed, duplicated, swapped, a reward or a bypass
changed) must never crash the checker.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import GOLDEN, make_deck

from hi5pnp.deck import load_deck, yamlsource
from hi5pnp.errors import LogError
from hi5pnp.judge import game_log
from hi5pnp.judge.check import DeckCache, check_file, check_game
from hi5pnp.judge.log import parse_log
from hi5pnp.sim.bots.players import play_random_game

VARIANTS = {
    # name: (obstacle cards, rules changed)
    "three-a-side": (3, dict(team_size=3, finishers=4, placing_points="[4, 3, 2, 1]", rounds=2, chit_limit=1)),
    "one-card": (1, dict(team_size=2, finishers=4, placing_points="[3, 2, 1, 0]", rounds=1, chit_limit=5)),
    "all-finish": (6, dict(finishers=10, placing_points="[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]", rounds=4, column_points=1)),
}


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    root = tmp_path_factory.mktemp("decks")
    found = {"default": load_deck("default", need_score_sheet=False), "mini": load_deck(GOLDEN / "mini", need_score_sheet=False)}
    for name, (cards, rules) in VARIANTS.items():
        found[name] = load_deck(make_deck(root / name, obstacles=cards, **rules), need_score_sheet=False)
    return found


def read_back(text: str, deck):
    log = parse_log(yamlsource.parse(text, "sim.yaml"), "sim.yaml", Path("."))
    return check_game(log, deck)


def assert_checks_valid(state, deck, name="default"):
    verdict = read_back(game_log(state, name), deck)
    assert verdict.valid, verdict.problem
    got = verdict.to_json()
    assert got["score"] == state.scores() and got["winner"] == state.winner()
    assert [r["finish"] for r in got["rounds"]] == [list(r.finish) for r in state.results()]


@pytest.mark.parametrize("edition", [1, 2])
def test_bundled_deck_games_check_valid(decks, edition):
    for seed in range(100):
        state = play_random_game(decks["default"], random.Random(seed), edition)
        assert state.is_terminal()
        assert_checks_valid(state, decks["default"])


@pytest.mark.parametrize(
    "name, games",
    [pytest.param("mini", 1000, marks=pytest.mark.slow), ("one-card", 1000), pytest.param("three-a-side", 400, marks=pytest.mark.slow), ("all-finish", 40)],
)
def test_games_on_decks_with_other_numbers_check_valid(decks, name, games):
    deck = decks[name]
    for seed in range(games):
        state = play_random_game(deck, random.Random(seed), 1 + seed % 2)
        assert len(state.history()) == deck.rules.rounds
        assert all(len(r.finish) == deck.rules.finishers for r in state.results())
        assert_checks_valid(state, deck, name)


def test_the_same_seed_gives_the_same_game(decks):
    a = game_log(play_random_game(decks["default"], random.Random(42)), "default")
    b = game_log(play_random_game(decks["default"], random.Random(42)), "default")
    assert a == b


def test_a_log_beside_its_deck_checks_valid_from_its_file(decks, tmp_path):
    make_deck(tmp_path / "three", obstacles=3, **VARIANTS["three-a-side"][1])
    state = play_random_game(decks["three-a-side"], random.Random(5))
    (tmp_path / "game.yaml").write_text(game_log(state, "three"))
    assert check_file(tmp_path / "game.yaml", DeckCache()).valid


# ---------------------------------------------------------------- mutations
TURN = re.compile(r"^      - (.*)$", re.M)


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    turns = [i for i, line in enumerate(lines) if TURN.match(line)]
    i = rng.choice(turns)
    kind = rng.randrange(6)
    if kind == 0:  # a turn removed
        del lines[i]
    elif kind == 1:  # a turn duplicated
        lines.insert(i, lines[i])
    elif kind == 2:  # two turns swapped
        j = rng.choice(turns)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:  # a reward changed
        rewards = [k for k in turns if ":" in lines[k]]
        k = rng.choice(rewards or [i])
        lines[k] = re.sub(r":(chit|t\d+)", lambda m: rng.choice([":chit", ":t1", ":t3", ":t9", ""]), lines[k], count=1)
    elif kind == 4:  # a bypass changed
        bypasses = [k for k in turns if "bypass" in lines[k]]
        k = rng.choice(bypasses or [i])
        lines[k] = re.sub(r"bypass (\d+)", lambda m: f"bypass {int(m.group(1)) + rng.choice([-1, 1, 2])}", lines[k])
        lines[k] = lines[k].replace("bypass -1", "bypass 0")
    else:  # someone else brought along
        lines[i] = lines[i] + rng.choice([" assist 1a", " 2b:chit", " 3a:t2", ""]) if "bypass" not in lines[i] else lines[i]
    return "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["default", "mini", "three-a-side"])
def test_mutated_logs_never_crash_the_checker(decks, name):
    deck = decks[name]
    rng = random.Random(name)
    invalid = 0
    for seed in range(100):
        text = game_log(play_random_game(deck, random.Random(seed), 1 + seed % 2), "default")
        for _ in range(3):
            text = mutate(text, rng)
            try:
                verdict = read_back(text, deck)
            except Exception as exc:  # a read fault is fine; nothing else is
                assert isinstance(exc, LogError), exc
                continue
            invalid += not verdict.valid
            verdict.to_json()
    assert invalid > 200  # mutations do break games


@pytest.mark.slow
def test_invariants_hold_after_every_turn(decks):
    """Ready competitors, positions, chits and the finishers stay consistent in
    random play, and a copy of the state is independent of it."""
    from hi5pnp.rules import SEATS, State, deal
    from hi5pnp.sim.bots.players import random_turn

    for name in ("default", "three-a-side", "one-card"):
        deck = decks[name]
        limit = deck.rules.chit_limit
        for seed in range(20):
            rng = random.Random(seed)
            setup = deal(deck, rng)
            state = State(deck, {s: [f"{n}a" for n in setup.cards[s]] for s in SEATS}, setup.first, 1 + seed % 2)
            for course in setup.courses:
                state.lay_course(course)
                while state.current_player() is not None:
                    before = state.copy()
                    text = str(before)
                    state.apply(random_turn(state, rng))
                    assert str(before) == text  # the copy did not move
                    seat = state.current_player()
                    if seat is None:
                        break
                    assert state.ready_faces(seat)
                    on = [f for f in state.faces if state.on_course(f)]
                    assert all(1 <= state.position(f) < state.finish and 0 <= state.chits_of(f) <= limit for f in on)
                    assert all(not state.on_course(f) for f in state.finishers())
            assert state.is_terminal() and len(state.results()) == deck.rules.rounds
