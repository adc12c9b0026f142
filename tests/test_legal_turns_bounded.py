"""Legal turns are made one at a time and counted only so far: a deck with
teams of 20, everyone at the last obstacle with three matching gems, has
millions of legal turns (the order of arrival matters there), and the judge's
verdict and the rulebook's example still answer at once."""

from __future__ import annotations

import re
import time
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import GOLDEN, make_deck, new_state

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.judge.check import DeckCache, check_file
from hi5pnp.judge.position import MOST_COUNTED, MOST_TURNS, LegalTurns, legal_turns
from hi5pnp.judge.verdict import verdict_lines
from hi5pnp.kit.manual.example import worked_example
from hi5pnp.rules import State, Turn
from hi5pnp.rules.proposals import count_up_to


def crowded_deck(folder: Path, obstacles: int | None = None) -> Path:
    """Teams of 20 whose every face has three red gems: all match a red
    obstacle three times and may bring three others."""
    make_deck(folder, obstacles=obstacles, copies=4, team_size=20)
    cards = folder / "competitors.yaml"
    cards.write_text(re.sub(r"gems: \[[^\]]*\]", "gems: [red, red, red]", cards.read_text()))
    return folder


NORTH = [f"{k}a" for k in range(1, 21)]
SOUTH = [f"{k}a" for k in range(21, 41)]


def crowded_log(folder: Path, fault: str) -> Path:
    """A log on a one-card course (red): every competitor plays a plain turn
    to the last position, where ``fault`` opens the second segment (``{me}``:
    the first ready competitor of the player to move, ``{other}``: an opponent's)."""
    deck = load_deck(crowded_deck(folder / "crowd", obstacles=1), need_score_sheet=False)
    state = State(deck, {"north": NORTH, "south": SOUTH}, "north")
    state.lay_course(["1a"])
    turns = []
    while state.segment == 1:
        seat = state.current_player()
        assert seat is not None
        turn = Turn(state.ready_faces(seat)[0])
        state.apply(turn)
        turns.append(str(turn))
    assert {state.position(f) for f in state.faces} == {2} and state.finish == 3
    seat = state.current_player()
    assert seat == "south"  # the token passed: south opens segment 2
    fault = fault.format(me="21a", other="1a")
    text = (
        "log: hi5/1\ndeck: crowd\n"
        f"teams:\n  north: [{', '.join(NORTH)}]\n  south: [{', '.join(SOUTH)}]\nfirst: north\n"
        "rounds:\n  - course: [1a]\n    turns:\n" + "".join(f"      - {t}\n" for t in [*turns, fault])
    )
    path = folder / "crowd.yaml"
    path.write_text(text)
    assert len(text) < 2500  # a short log
    return path


@pytest.mark.parametrize("fault", ["{me} bypass 2", "{other}"])  # 21a's own turns; every south competitor's
def test_a_crowded_position_is_judged_at_once_in_little_memory(tmp_path, fault):
    log = crowded_log(tmp_path, fault)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        verdict = check_file(log, DeckCache())
        text = verdict_lines(verdict)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - start < 10  # a guard against a hang (it took minutes), not a measure of speed
    assert peak < 30_000_000  # bytes; making every legal turn took gigabytes
    shown = text[text.index(next(t for t in text if "legal turns instead" in t)) + 1 :][: MOST_TURNS + 1]
    assert shown[0] == "    21a" and all(t.startswith("    21a") for t in shown[:MOST_TURNS])
    assert shown[MOST_TURNS] == f"    … {MOST_TURNS} shown of more than 1,000"


def test_the_command_line_answers_the_crowded_log(tmp_path):
    log = crowded_log(tmp_path, "{me} bypass 2")
    start = time.perf_counter()
    result = CliRunner().invoke(main, ["check", str(log)])
    assert time.perf_counter() - start < 10  # a guard against a hang (it took minutes), not a measure of speed
    assert result.exit_code == 1
    assert "… 12 shown of more than 1,000" in result.output
    assert "rules §4" in result.output


def test_a_count_stops_past_its_bound(tmp_path):
    log = crowded_log(tmp_path, "{me} bypass 2")
    position = check_file(log, DeckCache()).stopped.position
    legal = legal_turns(position, "21a")
    assert legal.count == MOST_COUNTED + 1 and not legal.counted_all
    assert legal.more_words() == "… 12 shown of more than 1,000"
    made = position.iter_legal_actions("21a")
    assert count_up_to(made, 5) == 6
    assert next(made).face == "21a"  # the rest are still to be made


def test_below_the_bound_the_count_is_exact_and_the_words_unchanged(deck):
    state = new_state(deck)
    every = state.legal_actions()
    assert MOST_TURNS < len(every) <= MOST_COUNTED
    legal = legal_turns(state)
    assert legal.count == len(every) and legal.counted_all
    assert legal.shown == tuple(str(t) for t in every[:MOST_TURNS])
    assert legal.more_words() == f"… and {len(every) - MOST_TURNS} more"
    mine = [str(t) for t in every if t.face == "1a"]
    assert legal_turns(state, "1a") == LegalTurns(tuple(mine[:MOST_TURNS]), len(mine))
    assert legal_turns(state, "6a").count == len(every)  # south's face may not act: north's turns
    assert LegalTurns((), 0).more_words() == "" and not LegalTurns((), 0)


def test_made_one_at_a_time_they_are_the_listed_turns(deck):
    state = new_state(deck)
    assert list(state.iter_legal_actions()) == state.legal_actions()
    assert list(state.iter_legal_actions("2a")) == [t for t in state.legal_actions() if t.face == "2a"]
    assert list(state.iter_legal_actions("6a")) == []  # not north's


def test_the_worked_example_is_found_at_once_in_a_crowd(tmp_path):
    deck = load_deck(crowded_deck(tmp_path / "crowd"), need_score_sheet=False)
    start = time.perf_counter()
    for edition in (1, 2):
        example = worked_example(deck, edition)
        assert example is not None and len(example.report.turn.brought) >= 2
    assert time.perf_counter() - start < 10  # a guard against a hang (it took minutes), not a measure of speed


def test_the_golden_verdicts_keep_their_words():
    text = "\n".join(verdict_lines(check_file(GOLDEN / "exhausted.yaml", DeckCache())))
    assert "legal turns instead" in text and "shown of more than" not in text


def test_the_printable_verdict_of_a_crowd_fits_its_pages(tmp_path):
    """Teams of twenty make a position picture taller than a page: it is
    scaled to fit, never a layout error."""
    log = crowded_log(tmp_path, "{me} bypass 2")
    pdf = tmp_path / "v.pdf"
    result = CliRunner().invoke(main, ["check", str(log), "--pdf", str(pdf)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1
    assert pdf.read_bytes()[:5] == b"%PDF-"
