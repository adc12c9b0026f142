"""A result only for a complete game, and every written value of a complete
game compared (game-log revision 3).

A transcription slip at the end of a game (one turn too many after the last
round ended, a round too many) is the verdict's fault, but it must never hide
a written score that differs; and a game that is not complete has no winner,
in words or in the JSON a standings script reads.
"""

from __future__ import annotations

import io
import json
import random

import pypdf
import pytest
from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.judge import game_log
from hi5pnp.judge.check import DeckCache, check_file
from hi5pnp.sim.bots.players import play_random_game


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout


def checked(folder, text):
    """The verdict on a log of the mini deck written as ``text``."""
    path = folder / "game.yaml"
    path.write_text(text)
    return check_file(path, DeckCache(GOLDEN / "mini"))


def test_a_turn_after_the_game_ended_does_not_hide_a_differing_result():
    code, out = run("check", "--json", GOLDEN / "turn_after_game.yaml")
    obj = json.loads(out)
    assert code == 1
    assert obj["error"]["kind"] == "rules" and obj["error"]["line"] == 37
    assert obj["complete"] is True
    assert obj["records"] == [
        {"line": 42, "field": "result.score.north", "recorded": 11, "computed": 10},
        {"line": 43, "field": "result.winner", "recorded": "north", "computed": "draw"},
    ]
    assert (obj["score"], obj["winner"]) == ({"north": 10, "south": 10}, "draw")
    text = run("check", GOLDEN / "turn_after_game.yaml")[1]
    assert "north's total: written 11, computed 10" in text
    assert "result (computed from the turns; the written values above differ): north 10, south 10; winner: draw" in text


def test_an_extra_round_does_not_hide_a_differing_result():
    obj = json.loads(run("check", "--json", GOLDEN / "round_after_game.yaml")[1])
    assert obj["error"]["kind"] == "rules" and obj["error"]["line"] == 38 and obj["complete"] is True
    assert obj["records"] == [{"line": 41, "field": "result.columns.north", "recorded": 3, "computed": 2}]


def test_the_last_rounds_written_values_are_compared_after_a_trailing_turn(tmp_path):
    text = (GOLDEN / "turn_after_game.yaml").read_text()
    text = text.replace("    finish: [4a, 1a, 3a]", "    finish: [1a, 4a, 3a]").replace("    points: {north: 2, south: 4}", "    points: {north: 3, south: 4}")
    verdict = checked(tmp_path, text)
    assert verdict.complete and verdict.problem.kind == "rules"
    assert [r.field for r in verdict.records] == ["rounds[2].finish", "rounds[2].points.north", "result.score.north", "result.winner"]


@pytest.mark.parametrize("log", ["exhausted.yaml", "dispute_assist.yaml", "dispute_short.yaml", "too_few_rounds.yaml", "turn_after_round.yaml"])
def test_a_game_that_is_not_complete_has_no_winner_in_the_json(log):
    obj = json.loads(run("check", "--json", GOLDEN / log)[1])
    assert obj["complete"] is False
    assert obj["winner"] is None
    assert obj["score"] is not None  # how things stood


def test_the_printable_verdict_of_an_unfinished_game_says_no_result(tmp_path):
    pdf = tmp_path / "v.pdf"
    run("check", GOLDEN / "exhausted.yaml", "--pdf", pdf)
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "No result" in text and "No winner is declared" in text and "winner:" not in text


def test_the_printable_verdict_of_a_trailing_turn_gives_the_result(tmp_path):
    pdf = tmp_path / "v.pdf"
    run("check", GOLDEN / "turn_after_game.yaml", "--pdf", pdf)
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "Result (computed from the turns)" in text and "winner: draw" in text
    assert "(differs)" in text


@pytest.mark.parametrize("seed", range(6))
def test_any_played_game_with_a_turn_written_after_its_end(tmp_path, seed):
    """Played games: a turn copied after the last one, and a total written one
    too high, give the trailing-turn fault with the total still compared."""
    deck = load_deck()
    state = play_random_game(deck, random.Random(seed))
    log = game_log(state, "default")
    lines = log.splitlines()
    last_turn = max(k for k, line in enumerate(lines) if line.startswith("      - "))
    lines.insert(last_turn + 1, lines[last_turn])
    score = state.scores()["north"]
    text = "\n".join(lines).replace(f"  score: {{north: {score},", f"  score: {{north: {score + 1},", 1)
    path = tmp_path / "game.yaml"
    path.write_text(text + "\n")
    verdict = check_file(path, DeckCache())
    assert verdict.complete and verdict.problem.kind == "rules" and verdict.problem.line == last_turn + 2
    assert [r.field for r in verdict.records] == ["result.score.north"]  # the written winner is the computed one
    assert verdict.to_json()["winner"] == state.winner()


def test_a_turn_after_an_earlier_round_ended_does_not_hide_that_rounds_written_values(tmp_path):
    """The replay stops at the trailing turn, but its round was played to its
    end: that round's written finish and points are still compared."""
    text = (GOLDEN / "turn_after_round.yaml").read_text().replace("    points: {north: 4, south: 2}", "    points: {north: 9, south: 2}", 1)
    verdict = checked(tmp_path, text)
    assert verdict.problem.kind == "rules" and verdict.problem.line == 22 and not verdict.complete
    assert [r.to_json() for r in verdict.records] == [{"line": 24, "field": "rounds[1].points.north", "recorded": 9, "computed": 4}]
    assert verdict.to_json()["winner"] is None
