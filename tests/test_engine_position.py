"""The engine's one position: a copy cannot fall out of date, the fixed facts
are shared and cannot change, the checked ``State.apply``, its reportless
``State.push`` and the unchecked ``play`` do the same, and the verdict on a
turn reads public fields only."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import re
from pathlib import Path

import pytest
from conftest import new_state

import hi5pnp.rules.legality
from hi5pnp.errors import OptionError
from hi5pnp.rules import Position, RulesError, State, Turn, deal
from hi5pnp.rules.play import play
from hi5pnp.rules.position import FIELDS, may_do, new_position
from hi5pnp.rules.state import slots
from hi5pnp.sim.bots import heuristic
from hi5pnp.sim.bots.players import random_turn


def fixed(value: object) -> bool:
    """True for a value that cannot change in place: a number, a string, None,
    an enum or a frozen record, or a tuple of such values."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return True
    if isinstance(value, tuple):
        return all(fixed(v) for v in value)
    if dataclasses.is_dataclass(value):
        return bool(type(value).__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return False


def sharing(original: object, copy: object, names: tuple[str, ...]) -> list[str]:
    """The fields that ``copy`` shares with ``original`` although they may change
    in place, or that hold values that may (a list of lists, a dict)."""
    wrong = []
    for name in names:
        a, b = getattr(original, name), getattr(copy, name)
        if isinstance(a, Position):
            wrong += [f"{name}.{n}" for n in sharing(a, b, FIELDS)]
        elif type(a) is list:
            if a is b or not all(fixed(v) for v in a):
                wrong.append(name)
        elif name != "game" and not fixed(a):
            wrong.append(name)
    return wrong


def played_state(deck, seed: int = 3, turns: int = 40) -> State:
    """A game some way into its first round, with marks, chits and a finisher or two."""
    rng = random.Random(seed)
    state = new_state(deck)
    for _ in range(turns):
        if state.current_player() is None:
            break
        state.apply(random_turn(state, rng))
    return state


def test_a_copy_shares_nothing_that_changes(deck):
    state = played_state(deck)
    copy = state.copy()
    assert sharing(state, copy, slots(State)) == []
    assert copy.game is state.game  # the fixed facts are one value, shared
    assert str(copy) == str(state) and copy.history() == state.history()


def test_the_sharing_check_finds_a_mutable_field():
    """The check above fails for a field a copy would share: a dict, a list of
    lists, a list not copied."""

    @dataclasses.dataclass
    class Wider:
        board: list[int]
        notes: dict[str, int]
        grid: list[list[int]]

    a = Wider([1], {"x": 1}, [[1]])
    b = Wider(list(a.board), a.notes, list(a.grid))
    assert sharing(a, b, ("board", "notes", "grid")) == ["notes", "grid"]
    assert sharing(a, Wider(a.board, {}, []), ("board",)) == ["board"]


def test_every_field_of_a_position_is_copied_by_its_kind(deck):
    """Position.copy goes field by field: every field a dataclass field, and
    every one holds a list of fixed values or a fixed value."""
    pos = played_state(deck).pos
    assert tuple(f.name for f in dataclasses.fields(Position)) == FIELDS
    assert not hasattr(pos, "__dict__")  # slots: no field outside the list
    assert sharing(pos, pos.copy(), FIELDS) == []
    assert pos.copy() == pos


def test_the_fixed_facts_cannot_change(deck):
    game = new_state(deck).game
    with pytest.raises(AttributeError):
        game.finish = 3  # type: ignore[misc]
    with pytest.raises(OptionError, match="fixed at its set-up"):
        game.number["1a"] = 4
    with pytest.raises(OptionError):
        game.number.update({"1a": 4})


def test_playing_on_a_copy_leaves_the_original(deck):
    state = played_state(deck, turns=10)
    before = state.pos.copy()
    trial = state.pos.copy()
    game = state.game
    sight = heuristic.Sight(game, heuristic.tie_order(game, random.Random(1)))
    while trial.to_move is not None:
        c = heuristic.best_choice(sight, trial)
        play(game, trial, c.i, c.action, c.spend, c.group, c.rewards)
    assert state.pos == before and trial != before


@pytest.mark.parametrize("edition", [1, 2])
def test_apply_and_play_do_the_same(deck, mini, edition):
    """For every turn the bots consider in many positions, the checked apply of
    the turn and the unchecked play of its numbers leave the same position."""
    for d in (deck, mini):
        for seed in range(6):
            rng = random.Random(seed)
            setup = deal(d, rng)
            state = State(d, {s: [f"{n}{rng.choice('ab')}" for n in setup.cards[s]] for s in setup.cards}, setup.first, edition)
            sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
            for course in setup.courses:
                state.lay_course(course)
                while state.current_player() is not None:
                    for c in heuristic.choices(sight, state.pos):
                        checked = state.copy()
                        report = checked.apply(heuristic.turn_of(state.game, c))
                        unchecked = state.pos.copy()
                        ended = play(state.game, unchecked, c.i, c.action, c.spend, c.group, c.rewards)
                        assert unchecked == checked.pos, c
                        assert ended == (2 if report.round_over else 1 if report.segment_over else 0)
                    state.apply(random_turn(state, rng))


@pytest.mark.parametrize("edition", [1, 2])
def test_push_is_apply_without_the_report(deck, mini, edition):
    """The checker's ``push`` gives every turn ``apply``'s verdict (the same
    refusal, or the same position and history after it), legal or not."""
    seen = {"played": 0, "refused": 0}
    for d in (deck, mini):
        for seed in range(4):
            rng = random.Random(seed)
            setup = deal(d, rng)
            state = State(d, {s: [f"{n}{rng.choice('ab')}" for n in setup.cards[s]] for s in setup.cards}, setup.first, edition)
            courses = iter(setup.courses)
            while not state.is_terminal():
                if state.needs_course():
                    state.lay_course(next(courses))
                legal = random_turn(state, rng)
                wrong = [Turn(f) for f in state.faces] + [legal._replace(spend=legal.spend + 1), Turn("99z")]
                for turn in [legal, *rng.sample(wrong, 3)]:
                    applied, pushed = state.copy(), state.copy()
                    try:
                        applied.apply(turn)
                    except RulesError as exc:
                        with pytest.raises(RulesError) as refused:
                            pushed.push(turn)
                        assert str(refused.value) == str(exc) and pushed.pos == state.pos
                        seen["refused"] += 1
                        continue
                    pushed.push(turn)
                    assert pushed.pos == applied.pos and pushed.history() == applied.history()
                    seen["played"] += 1
                state.push(legal)
    assert min(seen.values()) > 100, seen


def test_a_new_position_is_before_the_first_course(deck):
    state = State(deck, {"north": ["1a", "2a", "3a", "4a", "5a"], "south": ["6a", "7a", "8a", "9a", "10a"]}, "south")
    assert state.pos == new_position(state.game)
    assert state.pos.token == 1 and state.pos.to_move is None and state.needs_course()


def test_the_verdict_reads_no_private_field():
    source = Path(hi5pnp.rules.legality.__file__).read_text()
    assert re.findall(r"\b(?:board|state)\._\w+", source) == []


def test_a_game_travels_whole(deck):
    """A game in play pickles and deep-copies (to another process, say) and
    goes on the same."""
    state = played_state(deck)
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(again) == str(state) and again.history() == state.history() and again.pos == state.pos
        assert again.game.number == state.game.number


@pytest.mark.parametrize("team", [[1, 2, 3, 4, 5], "1a 2a 3a 4a 5a", None])
def test_a_team_that_is_not_a_list_of_face_ids_is_refused_by_name(deck, team):
    from conftest import SOUTH

    with pytest.raises(OptionError) as err:
        State(deck, {"north": team, "south": SOUTH}, "north")
    assert str(err.value) == f"teams: north's team must be a list of face ids such as ['1a', '2b'], not {team!r}"


def test_nobody_faces_an_obstacle_between_rounds(deck):
    from conftest import NORTH, SOUTH

    state = State(deck, {"north": NORTH, "south": SOUTH}, "north")
    with pytest.raises(OptionError, match="no obstacle at position 1"):
        state.facing(NORTH[0])
    state.lay_course(["1a", "2a", "3a", "4a", "5a", "6a"])
    assert state.facing(NORTH[0]).position == 1


def test_what_a_competitor_may_do_is_stated_once(deck):
    """may_do: the bypass limit is the least of the matching gems, the chits
    held and the room left before the finish (R-7); those at the position may
    be brought, one per matching gem, in the order asked."""
    state = new_state(deck)
    game, pos = state.game, state.pos
    face, *others = state.faces[:3]
    i = game.number[face]
    state.arrange(face, position=game.finish - 2, chits=3)
    for other in others:
        state.arrange(other, position=game.finish - 2)
    js = [game.number[f] for f in others]
    order = [*reversed(range(len(game.faces)))]
    assert may_do(game, pos, i, 3, order) == (1, js[::-1], 2)  # room for one chit only; both others, in the order asked
    assert may_do(game, pos, i, 1, order) == (1, js[::-1], 1)  # one gem: one brought
    state.arrange(face, chits=0)
    assert may_do(game, pos, i, 2, range(len(game.faces)))[0] == 0  # no chit held, no bypass
    f = state.facing(face)
    m = f.matches
    assert (f.max_spend, [game.number[e] for e in f.eligible], f.can_bring) == may_do(game, pos, i, m, range(len(game.faces)))


def test_the_bypass_limit_is_reckoned_in_one_module():
    """The arithmetic of the room before the finish (finish - p - 1) appears
    only in rules/position.py; every other module asks it."""
    package = Path(hi5pnp.rules.legality.__file__).parents[1]
    found = [
        str(path.relative_to(package)) for path in package.rglob("*.py") if re.search(r"finish\s*-\s*\w+(\.\w+)?\s*-\s*1\b", path.read_text(encoding="utf-8"))
    ]
    assert found == ["rules/position.py"]
