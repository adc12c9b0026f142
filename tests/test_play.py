"""A game at the table (hi5pnp.table) and ``hi5pnp play``: every turn judged
by the engine, the log checked valid and complete with the score shown."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.errors import OptionError
from hi5pnp.judge import check_log
from hi5pnp.rules import RulesError, Seat
from hi5pnp.table import Refusal, Seating, Table, menu


@pytest.fixture(scope="module")
def deck():
    return load_deck()


def play_out(table: Table, rng: random.Random, undo_rate: float = 0.0) -> None:
    """Random legal choices from the menu for the person, the bot for itself."""
    while not table.over():
        if table.bot_to_move():
            table.bot_turn()
            continue
        choice = rng.choice(rng.choice(menu(table.state)).choices)
        outcome = table.try_turn(choice.notation)
        assert not isinstance(outcome, Refusal), outcome
        if rng.random() < undo_rate and table.can_undo():
            table.undo()


@pytest.mark.parametrize("bot", ["random", "greedy", "planner"])
def test_a_game_against_each_bot_logs_valid_and_complete(deck, tmp_path, bot):
    table = Table(deck, Seating(seed=11, players={"north": "person", "south": bot}, names={"north": "Ann"}))
    assert list(table.cards_to_choose()) == [Seat.NORTH]  # the bot chose at once
    table.choose_faces("north", [f"{n}b" for n in table.setup.cards[Seat.NORTH]])
    play_out(table, random.Random(bot))
    path = tmp_path / "game.yaml"
    path.write_text(table.log(), encoding="utf-8")
    verdict = check_log(path)
    assert verdict.valid and verdict.complete, verdict.problem
    assert verdict.to_json()["score"] == {str(s): v for s, v in table.state.scores().items()}
    text = path.read_text()
    assert 'players: {north: "Ann", south: "' + bot + ' bot"}' in text and "seed 11" in text


def test_undo_takes_back_the_persons_turn_and_the_bots_after_it(deck):
    table = Table(deck, Seating(seed=2, players={"north": "person", "south": "greedy"}, first="north"))
    table.choose_faces("north", [f"{n}a" for n in table.setup.cards[Seat.NORTH]])
    assert not table.can_undo()
    first = menu(table.state)[0].choices[0].notation
    table.try_turn(first)
    while table.bot_to_move():
        table.bot_turn()
    played = list(table.turns)
    assert table.undo() == len(played)
    assert table.turns == [] and table.to_move() is Seat.NORTH
    table.try_turn(first)  # the same turn again: the bot answers as it did
    while table.bot_to_move():
        table.bot_turn()
    assert table.turns == played


def test_a_game_replayed_from_its_seed_and_turns_is_the_same(deck):
    seating = Seating(seed=5, players={"north": "person", "south": "planner"})
    one, two = Table(deck, seating), Table(deck, seating)
    for t in (one, two):
        t.choose_faces("north", [f"{n}a" for n in t.setup.cards[Seat.NORTH]])
    play_out(one, random.Random(3), undo_rate=0.1)
    for turn, report in zip(one.turns, one.reports):
        if not two.bot_to_move():
            assert not isinstance(two.try_turn(str(turn)), Refusal)
        else:
            assert two.bot_turn().turn == turn
        assert report.turn == turn
    assert two.log(date=None) == one.log(date=None)


def test_an_illegal_turn_is_refused_with_its_ruling(deck):
    table = Table(deck, Seating(seed=1, players={"north": "person", "south": "person"}, first="north"))
    table.choose_faces("north", [f"{n}a" for n in table.setup.cards[Seat.NORTH]])
    table.choose_faces("south", [f"{n}a" for n in table.setup.cards[Seat.SOUTH]])
    south_face = table.state.team(Seat.SOUTH)[0]
    refusal = table.try_turn(south_face)
    assert isinstance(refusal, Refusal) and refusal.ruling and "north" in refusal.message
    assert "not an action" in table.try_turn(f"{table.state.team(Seat.NORTH)[0]} jump").message
    face = table.state.team(Seat.NORTH)[0]
    refused = table.try_turn(f"{face} bypass 9")
    assert isinstance(refused, Refusal) and refused.ruling.startswith(("R-", "§"))
    assert table.turns == []


def test_faces_and_seating_are_checked(deck):
    with pytest.raises(OptionError):
        Seating(players={"north": "person", "south": "genius"})
    with pytest.raises(OptionError):
        Seating(players={"north": "person", "east": "greedy"})
    table = Table(deck, Seating(seed=1))
    with pytest.raises(RulesError):
        table.choose_faces("north", ["1a"])
    assert Seating(names={"north": "Ann\x1b[31m"}).names[Seat.NORTH] == "Ann[31m"


def test_play_from_the_command_line_writes_a_log_that_checks(tmp_path):
    log = tmp_path / "game.yaml"
    answers = "a\n" * 5 + "x\n" + "1\n" * 600
    result = CliRunner().invoke(main, ["play", "--seed", "4", "--bot", "random", "--log", str(log), "--name", "Ann"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Not played:" in result.output  # "x" is no turn
    assert "The game is over" in result.output
    verdict = check_log(log)
    assert verdict.valid and verdict.complete


def test_leaving_a_game_saves_what_was_played(tmp_path):
    log = tmp_path / "game.yaml"
    result = CliRunner().invoke(main, ["play", "--seed", "4", "--bot", "none", "--log", str(log)], input="a\n" * 10 + "1\nq\n")
    assert result.exit_code == 2
    assert "left before its end" in result.output
    assert "turns:" in log.read_text()
