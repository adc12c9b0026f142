"""Golden logs pin the checker's verdicts.

Each file in tests/golden/ says in comments what it proves. A file with no
``# expect:`` line must check valid; otherwise ``# expect: <kind> [ruling]``
gives the verdict, and the line marked ``# <- the fault`` is where it must be
reported. The invalid logs are the valid games with one thing changed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import GOLDEN

from hi5pnp.judge.check import DeckCache, check_file
from hi5pnp.judge.verdict import verdict_lines

LOGS = sorted(GOLDEN.glob("*.yaml"))


def expectation(path: Path) -> tuple[str, str, int] | None:
    text = path.read_text()
    m = re.search(r"^# expect: (\w+)(?: (.+))?$", text, re.M)
    if m is None:
        return None
    marked = [n for n, line in enumerate(text.splitlines(), 1) if "# <- the fault" in line]
    assert len(marked) == 1, f"{path.name} must mark one line as the fault"
    return m.group(1), (m.group(2) or "").strip(), marked[0]


def test_there_are_golden_logs():
    assert len(LOGS) > 30


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_golden_verdict(path):
    verdict = check_file(path, DeckCache())
    expected = expectation(path)
    if expected is None:
        assert verdict.valid, verdict.problem
        assert verdict.outcome == "valid"
        return
    kind, ruling, line = expected
    assert not verdict.valid
    assert (verdict.problem.kind, verdict.problem.line) == (kind, line), verdict.problem.message
    assert verdict.outcome == {"read": "unreadable"}.get(kind, "invalid")
    if ruling:
        cite = ruling if ruling.startswith("R-") else f"rules {ruling}"
        assert verdict.problem.message.endswith(f"({cite})"), verdict.problem.message


def test_valid_games_give_their_results():
    verdict = check_file(GOLDEN / "valid_ed2.yaml", DeckCache())
    assert verdict.to_json() == {
        "log": str(GOLDEN / "valid_ed2.yaml"),
        "valid": True,
        "error": None,
        "rounds": [
            {"finish": ["1a", "3a", "2a"], "points": {"north": 4, "south": 2}},
            {"finish": ["4a", "1a", "3a"], "points": {"north": 2, "south": 4}},
        ],
        "columns": {"north": 2, "south": 2},
        "score": {"north": 10, "south": 10},
        "winner": "draw",
        "records": [],
        "complete": True,
    }


def test_an_invalid_verdict_shows_what_was_legal_and_the_course():
    verdict = check_file(GOLDEN / "exhausted.yaml", DeckCache())
    p = verdict.problem
    assert p.turn == "1a" and p.where == "round 1, turn 3"
    assert p.message == "1a is exhausted this segment; north's ready competitors: 2a (rules §3)"
    legal = p.legal_instead()
    assert legal.shown[:3] == ("2a", "2a assist 1a", "2a assist 3a")  # the legal turns, as a log writes them
    assert all(t.startswith("2a") for t in legal.shown)
    text = "\n".join(verdict_lines(verdict))
    assert "north to play" in text and "final obstacle" in text
    assert "2: 1a(1)* 2a 3a" in text  # who stands where, chits held, exhausted marked
    assert "1a Ada  gems red red blue   at 2, exhausted, 1 chit" in text  # every competitor, with its gems and matrix
    assert "no result: the game is not complete" in text and "winner" not in text
