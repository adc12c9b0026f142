"""The library's boundary: options are checked when made and a bad value is
an OptionError naming the option, the value and the values it takes; every
error the library raises is a Hi5Error; each closed choice (the editions, the
paper sizes) is named once and the command line reads it from there."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import click
import pytest
from sources import nodes

import hi5pnp
from hi5pnp.cli import main
from hi5pnp.deck import EDITION_NUMBERS, load_deck
from hi5pnp.errors import Hi5Error, OptionError
from hi5pnp.kit.options import FLIPS, INKS, METHODS, BuildOptions, ImageOptions
from hi5pnp.render.cardsize import CardSize
from hi5pnp.render.paper import PAPER_NAMES, PAPER_SIZES
from hi5pnp.rules import EDITIONS, NotationError, RulesError, State, Turn
from hi5pnp.sim import BOT_NAMES, SIDE_CHOICES
from hi5pnp.sim.bots.players import random_turn
from hi5pnp.sim.run import Plan

PACKAGE = Path(hi5pnp.__file__).parent
OUTPUT = PACKAGE.parent / "output"


def refused(make, *words: str) -> str:
    """The message of the OptionError ``make()`` raises, which has every one of ``words``."""
    with pytest.raises(OptionError) as caught:
        make()
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"flip": "Long"}, ("flip", "'Long'", "'long' or 'short'")),
        ({"papers": ("a3",)}, ("papers", "'a3'", "'a4' or 'letter'")),
        ({"papers": "a4"}, ("papers", "'a4'", "e.g. ('a4',)")),
        ({"papers": ()}, ("papers", "()")),
        ({"papers": ("a4", "a4")}, ("papers", "twice")),
        ({"bleed": 6}, ("bleed", "6 mm", "0–5 mm")),
        ({"bleed": -1.0}, ("bleed", "-1 mm")),
        ({"bleed": "2mm"}, ("bleed", "'2mm'", "not a number")),
        ({"back_offset": (30, 0)}, ("back_offset x", "30 mm", "-20–20 mm")),
        ({"back_offset": (1.0,)}, ("back_offset", "(1.0,)")),
        ({"edition": 3}, ("edition", "3", "1 or 2")),
        ({"edition": True}, ("edition", "True", "1 or 2")),
        ({"edition": "2"}, ("edition", "'2'", "1 or 2")),
        ({"method": "FOLD"}, ("method", "'FOLD'", "'duplex' or 'fold'")),
        ({"ink": "none"}, ("ink", "'none'", "'normal' or 'low'")),
        ({"card": "poker"}, ("card", "'poker'", "CardSize")),
    ],
)
def test_a_build_option_it_does_not_take_is_named(options, words):
    refused(lambda: BuildOptions(**options), *words)


def test_good_build_options_are_kept_as_the_manifest_records_them():
    options = BuildOptions(papers=["letter"], bleed=2, back_offset=[1, -1], flip="short", edition=1, method="fold", ink="low", card=CardSize.parse("euro"))  # type: ignore[arg-type]
    assert options.papers == ("letter",) and options.back_offset == (1.0, -1.0) and options.bleed == 2.0
    assert json.loads(json.dumps(options.describe()))["back_offset"] == [1.0, -1.0]
    committed = json.loads((OUTPUT / "manifest.json").read_text())["options"]
    assert BuildOptions().describe() == committed  # the committed kit's fingerprint is unchanged


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"dpi": 10}, ("dpi", "10", "36–1200")),
        ({"dpi": 300.0}, ("dpi", "whole number")),
        ({"bleed": 11.0}, ("bleed", "0–10 mm")),
        ({"tts": "yes"}, ("tts", "'yes'")),
    ],
)
def test_an_image_option_it_does_not_take_is_named(options, words):
    refused(lambda: ImageOptions(**options), *words)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"north": "grredy"}, ("north", "'grredy'", "'random', 'greedy', 'planner' or 'mcts'")),
        ({"sides": "face"}, ("sides", "'face'", "'random' or 'bot'")),
        ({"games": 0}, ("games", "0", "1–")),
        ({"edition": 5}, ("edition", "5", "1 or 2")),
        ({"width": 0}, ("width", "1–50")),
        ({"playouts": 0}, ("playouts", "1–100000")),
        ({"logs": "logs"}, ("logs", "pathlib.Path")),
    ],
)
def test_a_simulation_plan_it_does_not_take_is_named(options, words):
    refused(lambda: Plan(**options), *words)


def test_a_game_with_a_seat_or_edition_that_does_not_exist_is_refused(deck):
    teams = {"north": ["1a", "2a", "3a", "4a", "5a"], "south": ["6a", "7a", "8a", "9a", "10a"]}
    refused(lambda: State(deck, teams, "east"), "first", "'east'", "'north' or 'south'")
    message = refused(lambda: State(deck, teams, "north", 3), "edition", "3", "1 or 2")
    with pytest.raises(ValueError, match="edition"):  # as before: a ValueError too
        State(deck, teams, "north", 3)
    assert message


def test_every_library_error_is_a_hi5error():
    for error in (RulesError, NotationError, OptionError):
        assert issubclass(error, Hi5Error) and issubclass(error, ValueError)
    with pytest.raises(Hi5Error):
        Turn.parse("not a turn")
    state = State(load_deck(need_score_sheet=False), {"north": ["1a", "2a", "3a", "4a", "5a"], "south": ["6a", "7a", "8a", "9a", "10a"]}, "north")
    with pytest.raises(Hi5Error):
        state.apply(Turn("1a"))  # no course is laid
    assert hi5pnp.OptionError is OptionError


def test_editions_and_papers_are_named_once():
    assert tuple(EDITIONS) == EDITION_NUMBERS and all(EDITIONS[n].number == n for n in EDITION_NUMBERS)
    assert tuple(PAPER_SIZES) == PAPER_NAMES


def _choices(command: str, option: str) -> list[str]:
    found = [p for p in main.get_command(click.Context(main), command).params if p.name == option]
    assert found and isinstance(found[0].type, click.Choice), (command, option)
    return list(found[0].type.choices)


def test_the_command_line_reads_its_choices_from_the_library():
    editions = [str(n) for n in EDITION_NUMBERS]
    assert _choices("build", "edition") == _choices("simulate", "edition") == _choices("deal", "edition") == editions
    assert _choices("build", "paper") == [*PAPER_NAMES, "both"]
    assert (_choices("build", "flip"), _choices("build", "method"), _choices("build", "ink")) == (list(FLIPS), list(METHODS), list(INKS))
    assert _choices("simulate", "sides") == list(SIDE_CHOICES) and _choices("simulate", "north") == list(BOT_NAMES)


def _literals(node: ast.AST) -> list[object] | None:
    """The values of a list, tuple or set of constants, or of a dict's constant keys."""
    items = node.keys if isinstance(node, ast.Dict) else node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else []
    if items and all(isinstance(e, ast.Constant) for e in items):
        return [e.value for e in items]  # type: ignore[union-attr]
    return None


def test_no_module_spells_the_editions_or_the_papers_again():
    """Editions are named in deck/model.py, papers in render/paper.py: no other
    module writes a list of the edition numbers, or a list or mapping of paper
    names (one paper named for its own sake, as the A4 report, is fine)."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        for node in nodes(path):
            values = _literals(node)
            if where != "deck/model.py" and values is not None and sorted(map(str, values)) == ["1", "2"]:
                wrong.append(f"{where}:{node.lineno}: editions {values}")  # type: ignore[attr-defined]
            if where != "render/paper.py" and values is not None and set(map(str, values)) & set(PAPER_NAMES):
                wrong.append(f"{where}:{node.lineno}: papers {values}")  # type: ignore[attr-defined]
    assert not wrong, "\n".join(wrong)


def test_values_the_engine_or_a_card_size_cannot_take_are_option_errors(deck):
    refused(lambda: CardSize.parse("1x1"), "1 × 1 mm", "not a card size")
    refused(lambda: CardSize.parse("huge"), "'huge'", "poker")
    refused(lambda: CardSize("x", float("nan"), 88.9), "card size width", "nan", "20–200 mm")
    refused(lambda: State(deck, {"north": ["1a", "2a", "3a", "4a", "5a"]}, "north"), "teams", "south's team", "None")
    refused(lambda: State(deck, {"north": "1a 2a", "south": ["6a"]}, "north"), "north's team", "'1a 2a'")
    refused(lambda: CardSize("x", 63.5, 1000), "card size height", "1000 mm", "out of range")
    state = State(deck, {"north": ["1a", "2a", "3a", "4a", "5a"], "south": ["6a", "7a", "8a", "9a", "10a"]}, "north")
    refused(lambda: state.arrange("99a", position=2), "99a", "neither team")
    with pytest.raises(RulesError, match="no course is laid yet"):
        random_turn(state, random.Random(1))


def test_the_library_raises_no_bare_builtin_error():
    """Library code raises Hi5Error kinds (OptionError, RulesError are ValueErrors too)."""
    bare = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in nodes(path):
            call = node.exc if isinstance(node, ast.Raise) else None
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in ("ValueError", "KeyError", "TypeError", "IndexError"):
                bare.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {call.func.id}")  # type: ignore[attr-defined]
    assert not bare, "\n".join(bare)
