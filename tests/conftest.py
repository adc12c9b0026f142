"""Shared helpers: the bundled deck, decks with other numbers, and states set up by hand."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from hi5pnp.data import bundled_deck
from hi5pnp.deck import load_deck
from hi5pnp.rules import State, Turn

GOLDEN = Path(__file__).parent / "golden"

# The planner's compiled look-ahead (numba, where installed) is compiled, or
# loaded from numba's cache, once in each process, which costs seconds: the
# everyday tests play on the pure kernel (the same choices), and
# test_lookahead.py holds the compiled one to the general code with the slow
# tests. HI5PNP_KERNEL=auto runs every test on the compiled one.
os.environ.setdefault("HI5PNP_KERNEL", "python")

#: Parametrized tests whose every case costs a build, a layout or a run of
#: games: the everyday run takes the first case, and the rest are repeats
#: marked ``slow`` (CI runs them; docs/testing.md).
SAMPLED = {
    "test_dask.py::test_a_listener_that_is_no_scheduler_is_told_at_once",
    "test_engine_actions.py::test_legal_actions_are_exactly_the_legal_outcomes",
    "test_hostile_deck.py::test_a_template_that_would_render_without_end_is_stopped_at_its_line",
    "test_hostile_deck.py::test_an_impossible_art_path_is_a_fault_at_its_line",
    "test_kit.py::test_record_sheet_has_numbered_turn_lines_per_round",
    "test_kit_writing.py::test_a_users_file_is_never_deleted",
    "test_random_sim.py::test_bundled_deck_games_check_valid",
    "test_random_sim.py::test_games_on_decks_with_other_numbers_check_valid",
    "test_rulebook.py::test_every_page_but_the_last_is_at_least_half_full_and_the_last_not_a_stub",
    "test_rulebook.py::test_kit_bookmarks_point_at_each_part",
    "test_templates.py::test_bad_numbers_in_a_template",
    "test_output_fresh.py::test_a_fresh_build_gives_the_same_bytes",
}


@pytest.hookimpl(tryfirst=True)  # before -m 'not slow' deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    first: set[str] = set()
    for item in items:
        family = f"{item.path.name}::{item.originalname}" if isinstance(item, pytest.Function) else ""
        if family in SAMPLED:
            if family in first:
                item.add_marker(pytest.mark.slow)
            first.add(family)


def hi5(*args: str, stdin: str | None = None, cwd: Path | None = None, timeout: float | None = None) -> subprocess.CompletedProcess:
    """hi5pnp run as a user runs it, its exit status and what it wrote. A run
    that could hang (a pipe, a device: a ``timeout`` given) is a process of
    its own, stopped after that many seconds; any other runs in this process
    (click's test runner: no new interpreter to start, which would cost more
    than most commands), an escaped exception written to its standard error
    as a process writes it, with exit status 1."""
    if timeout is not None:
        return subprocess.run([sys.executable, "-m", "hi5pnp", *args], capture_output=True, text=True, input=stdin, cwd=cwd, timeout=timeout)
    from click.testing import CliRunner

    from hi5pnp.cli import main

    with contextlib.chdir(cwd or os.getcwd()):
        result = CliRunner().invoke(main, list(args), input=stdin)
    code, err = result.exit_code, result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        code, err = 1, err + "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["hi5pnp", *args], code, result.stdout, err)


NORTH = ["1a", "2a", "3a", "4a", "5a"]
SOUTH = ["6a", "7a", "8a", "9a", "10a"]
# 1: 1a red speed, 2: 3b red power, 3: 2a green power, 4: 4a gold grace,
# 5: 5a red wits, 6: 6a blue power; then back: 7: 6a ... 12: 1a; finish 13.
COURSE = ["1a", "3b", "2a", "4a", "5a", "6a"]


@pytest.fixture(scope="session")
def deck():
    return load_deck("default", need_score_sheet=False)


@pytest.fixture(scope="session")
def mini():
    return load_deck(GOLDEN / "mini", need_score_sheet=False)


def new_state(deck, edition=2, first="north", course=COURSE, north=NORTH, south=SOUTH) -> State:
    state = State(deck, {"north": north, "south": south}, first, edition)
    state.lay_course(course)
    return state


def end_round(state: State, course=COURSE):
    """Play a round to its end: lay the course when needed, put all but one
    of the finishers it needs at the finish, and let the player to move bring
    the last one home with a plain turn (which marks nothing); its report."""
    if state.needs_course():
        state.lay_course(course)
    mover = state.ready_faces(state.current_player())[0]
    need = state.rules.finishers - len(state.finishers()) - 1
    for face in [f for f in state.faces if f != mover and state.on_course(f)][:need]:
        state.arrange(face, position=state.finish)
    state.arrange(mover, position=state.finish - 1)
    return state.apply(Turn(mover))


def desk_folders(tmp_path: Path, logs: tuple[str, ...]) -> Path:
    """A web desk's folders in ``tmp_path``: a copy of the bundled deck in
    ``deck/``, and in ``logs/`` these golden logs with the mini deck some name."""
    shutil.copytree(bundled_deck("default"), tmp_path / "deck")
    (tmp_path / "logs").mkdir()
    for name in logs:
        shutil.copy(GOLDEN / name, tmp_path / "logs" / name)
    shutil.copytree(GOLDEN / "mini", tmp_path / "logs" / "mini")
    return tmp_path


def make_deck(folder: Path, obstacles: int | None = None, copies: int = 1, **rules) -> Path:
    """A copy of the bundled deck with other numbers: ``rules`` replace game.yaml's
    rule values; ``obstacles`` keeps only the first that many obstacle cards;
    ``copies`` repeats the competitor cards that many times, renumbered (a big deck)."""
    shutil.copytree(bundled_deck("default"), folder)
    game = (folder / "game.yaml").read_text()
    for key, value in rules.items():
        game, n = re.subn(rf"(?m)^(\s+{key}:).*$", rf"\g<1> {value}", game)
        assert n == 1, key
    (folder / "game.yaml").write_text(game)
    if obstacles is not None:
        text = (folder / "obstacles.yaml").read_text()
        cards = re.split(r"(?m)^(?=- card:)", text)
        (folder / "obstacles.yaml").write_text("".join(cards[: obstacles + 1]))
    if copies > 1:
        head, *cards = re.split(r"(?m)^(?=- card:)", (folder / "competitors.yaml").read_text())
        body = "".join(cards)
        more = [re.sub(r"(?m)^- card: (\d+)$", lambda m, k=k: f"- card: {int(m.group(1)) + len(cards) * k}", body) for k in range(1, copies)]
        (folder / "competitors.yaml").write_text(head + body + "".join(more))
    return folder
