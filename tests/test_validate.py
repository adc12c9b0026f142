"""``hi5pnp validate``: what build would refuse is refused here first, common
YAML slips are named, one root fault does not cascade, and design lints warn."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from deckfix import line_of

from hi5pnp.cli import main
from hi5pnp.render.cardsize import CARD_SIZES


def validate(*args: str) -> tuple[int, str, str]:
    """validate in English (the faults here are the deck's own words'; the
    languages of its translations are the tests of test_deck_translations)."""
    result = CliRunner().invoke(main, ["validate", *args, *(() if "--lang" in args else ("--lang", "en"))])
    return result.exit_code, result.stdout, result.stderr


def test_bundled_deck_is_valid_without_warnings():
    result = CliRunner().invoke(main, ["validate"])  # as a user runs it: every language the deck has
    assert result.exit_code == 0 and "deck is valid" in result.stdout and result.stderr == ""
    assert "laid out in en, de" in result.stdout


def test_a_tab_in_the_indentation_is_named(deck_copy):
    folder = deck_copy("game.yaml", "  rounds: 3", "\trounds: 3")
    code, _, err = validate(str(folder))
    assert code == 1
    assert f"game.yaml:{line_of(folder / 'game.yaml', 'rounds: 3')}:" in err and "a tab in the indentation" in err


def test_an_unquoted_hash_colour_says_hash_starts_a_comment(deck_copy):
    folder = deck_copy("game.yaml", 'red: "#C8102E"', "red: #C8102E")
    code, _, err = validate(str(folder))
    assert code == 1
    assert f"game.yaml:{line_of(folder / 'game.yaml', 'red: #C8102E')}:" in err
    assert "an unquoted '#' starts a comment" in err and 'red: "#C8102E"' in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "old,new,changed,mine,theirs",
    [  # the line changed is named, whether YAML trips on it or on the line after
        ('    name: "Brutus Hale"\n', '     name: "Brutus Hale"\n', 'name: "Brutus Hale"', 5, "the lines after it in the same block 4"),
        (
            "    gems: [red, red, blue]\n    matrix: [[speed, power]",
            "   gems: [red, red, blue]\n    matrix: [[speed, power]",
            "   gems:",
            3,
            "the lines around it 4",
        ),
        ('    name: "Pip Pocket"\n', "    name: Pip\n      Pocket: 2\n", "Pocket: 2", 6, "the lines around it 4"),
    ],
    ids=["first-of-block", "under-indented", "over-indented"],
)
def test_an_indentation_slip_is_told_in_words_at_the_line_changed(deck_copy, old, new, changed, mine, theirs):
    folder = deck_copy("competitors.yaml", old, new)
    code, _, err = validate(str(folder))
    assert code == 1
    line = line_of(folder / "competitors.yaml", changed)
    assert err.strip() == (
        f"{folder / 'competitors.yaml'}:{line}:{mine + 1}: not valid YAML: this line is indented {mine} spaces, {theirs}: "
        "the entries of one list or mapping line up exactly, so indent it like them"
    )


def test_an_unquoted_hash_colour_suggests_the_value_written_not_another_colour(deck_copy):
    deck_copy("game.yaml", '  gold: "#E0A100"\n', '  gold: "#E0A100"\n  purple: #7b2d8e   # a new colour\n')
    folder = deck_copy("game.yaml", "  gold: star\n", "  gold: star\n  purple: circle\n")
    code, _, err = validate(str(folder))
    assert code == 1
    assert f"game.yaml:{line_of(folder / 'game.yaml', 'purple: #7b2d8e')}:10: colour 'purple' has no value" in err
    assert err.rstrip().endswith('quote the colour: purple: "#7B2D8E"'), err


@pytest.mark.parametrize(
    "name, old, new, hint",
    [
        ("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, bleu]", "did you mean 'blue'?"),
        ("competitors.yaml", "[[speed, power], [grace, wits], [speed, grace]]", "[[sped, power], [grace, wits], [speed, grace]]", "did you mean 'speed'?"),
        ("game.yaml", "  chit_limit: 3", "  chit_limit: 3\n  chit_limt: 2", "did you mean 'chit_limit'?"),
    ],
)
def test_near_misses_get_a_suggestion(deck_copy, name, old, new, hint):
    code, _, err = validate(str(deck_copy(name, old, new)))
    assert code == 1 and hint in err


def test_one_root_fault_does_not_cascade(deck_copy):
    """game.yaml's colours misspelt: one line, not one per gem of every card."""
    folder = deck_copy("game.yaml", "colors:", "colours:")
    code, _, err = validate(str(folder))
    assert code == 1
    assert err.splitlines() == [f"{folder}/game.yaml:{line_of(folder / 'game.yaml', 'colours:')}:1: unknown key 'colours' in game.yaml; did you mean 'colors'?"]


@pytest.mark.slow
def test_boxes_too_small_to_mark_are_refused_by_validate_and_build(deck_copy, tmp_path):
    folder = deck_copy(
        "competitors.yaml",
        "[[speed, speed], [grace, speed], [wits, grace]]",
        "[[speed, speed, speed, speed, speed, speed, speed], [grace, speed], [wits, grace]]",
    )
    code, _, err = validate(str(folder))
    assert code == 1
    assert "a pen needs to mark it" in err and "face 3a has a column of 7 boxes" in err
    assert len(err.splitlines()) == 1  # one line, not one per box
    built = CliRunner().invoke(main, ["build", "--deck", str(folder), "--out", str(tmp_path / "kit")])
    assert built.exit_code == 1 and "a pen needs to mark it" in built.stderr


def test_text_too_long_for_its_box_is_refused_by_validate(deck_copy):
    folder = deck_copy("competitors.yaml", 'name: "Dash Dunmore"', 'name: "Dashiell Dunmore-Fotheringay-Smythe"')
    code, _, err = validate(str(folder))
    assert code == 1 and "shorten it" in err and "competitor face 1a" in err


@pytest.mark.slow  # poker every day: the bundled deck validates (above) and builds (test_build_cli.py)
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_a_deck_validate_passes_builds_at_every_card_size(size, tmp_path):
    """validate and build agree at each card size: passed means built."""
    code, _, err = validate("--card-size", size)
    built = CliRunner().invoke(main, ["build", "--card-size", size, "--out", str(tmp_path / "kit"), "--paper", "a4"])
    if code == 0:
        assert built.exit_code == 0, built.stderr
    else:
        assert built.exit_code == code and err.splitlines()[0] in built.stderr


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_design_lints_warn_at_their_lines(deck_copy):
    deck_copy("obstacles.yaml", "color: red, trait: speed", "color: blue, trait: power")
    deck_copy("obstacles.yaml", "color: red, trait: power", "color: blue, trait: power")
    folder = deck_copy("obstacles.yaml", "color: red, trait: wits", "color: green, trait: power")
    deck_copy(
        "competitors.yaml",
        'name: "Pip Pocket"\n    gems: [red, green, gold]\n    matrix: [[wits, wits, speed], [power, grace], [power, wits]]',
        'name: "Pip Pocket"\n    gems: [red, red, blue]\n    matrix: [[speed, power], [grace, wits], [speed, grace]]',
    )
    code, out, err = validate(str(folder))
    assert code == 0 and "design warnings" in out
    game = folder / "game.yaml"
    assert f"game.yaml:{line_of(game, 'red:')}:8: warning: no obstacle is red, so the 16 red gems never match" in err
    assert "warning: 1b (Pip Pocket) is the same competitor as 1a (Dash Dunmore)" in err
    assert "warning: 2a's wits boxes can never be marked: no blue, red obstacle carries that trait" in err
    obstacles = folder / "obstacles.yaml"  # a skew is told at the faces that make it: the first of the most used trait
    first_power = line_of(obstacles, "trait: power")
    skew = next(line for line in err.splitlines() if "obstacle traits are skewed" in line)
    assert f"obstacles.yaml:{first_power}:" in skew, skew
    assert "warning: obstacle traits are skewed: speed 2, power 5, grace 3, wits 2 (power more than 2 times speed); the power obstacle faces: " in skew
    assert validate("--strict", str(folder))[0] == 1


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_a_colour_no_gem_has_warns(deck_copy):
    folder = deck_copy("game.yaml", '  gold: "#E0A100"', '  gold: "#E0A100"\n  pink: "#FF88AA"')
    code, _, err = validate(str(folder))
    assert code == 0 and "pink is declared but no gem or obstacle is pink" in err


@pytest.mark.slow
def test_every_face_with_a_layout_fault_is_told_at_once(deck_copy):
    deck_copy("competitors.yaml", 'name: "Dash Dunmore"', 'name: "Dash Dunmore the Magnificent Runner of the Hills"')
    folder = deck_copy("competitors.yaml", 'name: "Brutus Hale"', 'name: "Brutus Hale the Magnificent Runner of the Hills"')
    code, _, err = validate(str(folder))
    assert code == 1
    assert "'Dash Dunmore the Magnificent" in err and "'Brutus Hale the Magnificent" in err


def test_a_key_written_without_its_colon_is_told_at_its_line(deck_copy):
    folder = deck_copy("competitors.yaml", "    gems: [red, green, gold]", "    gems [red, green, gold]")
    code, _, err = validate(str(folder))
    assert code == 1 and re.search(
        r"competitors.yaml:\d+:9: not valid YAML: no colon after 'gems': a key and its value are written 'gems: \[red, green, gold\]'", err
    ), err
