"""Layout templates: mistakes in a template, or data a template cannot hold,
are build errors naming the template and its line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from deckfix import CARDS, line_of

from hi5pnp.data import template_folder
from hi5pnp.deck import load_deck
from hi5pnp.errors import TemplateError
from hi5pnp.kit.build import BuildOptions, make_kit
from hi5pnp.render.template import Templates

TEMPLATE_DIR = template_folder()

A4 = BuildOptions(papers=("a4",))


@pytest.fixture
def templates(tmp_path):
    folder = tmp_path / "templates"
    shutil.copytree(TEMPLATE_DIR, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _error(deck_dir, templates) -> TemplateError:
    with pytest.raises(TemplateError) as info:
        make_kit(load_deck(deck_dir), A4, Templates(templates))
    return info.value


def test_unknown_field_names_template_and_line(templates):
    path = templates / "competitor.yaml.j2"
    _edit(path, "text: {{ face.name }}", "text: {{ face.nmae }}")
    fault = _error(CARDS, templates).faults[0]
    assert fault.path.endswith("competitor.yaml.j2")
    assert fault.line == line_of(path, "face.nmae")
    assert "nmae" in fault.message


def test_unknown_field_in_a_macro_names_the_macro_file(templates):
    path = templates / "_macros.j2"
    _edit(path, "fill: {{ g.hex }}", "fill: {{ g.colour }}")
    fault = _error(CARDS, templates).faults[0]
    assert fault.line == line_of(path, "g.colour")
    assert "colour" in fault.message


def test_syntax_error(templates):
    path = templates / "obstacle.yaml.j2"
    _edit(path, "{% endfor %}", "{% endfro %}")
    fault = _error(CARDS, templates).faults[0]
    assert fault.path.endswith("obstacle.yaml.j2") and "template syntax" in fault.message
    assert fault.line == line_of(path, "endfro")


def test_unknown_element_key(templates):
    path = templates / "obstacle.yaml.j2"
    _edit(path, "lw: 0.8}", "lw: 0.8, colour: red}")
    fault = _error(CARDS, templates).faults[0]
    assert "unknown key 'colour' for a rect" in fault.message
    assert fault.line == line_of(path, "id: frame")


def test_outside_the_safe_zone(templates):
    path = templates / "competitor.yaml.j2"
    _edit(path, "- {el: rect, id: band, x: 4.5,", "- {el: rect, id: band, x: 1.0,")
    fault = _error(CARDS, templates).faults[0]
    assert "element 'band'" in fault.message and "outside the safe zone" in fault.message
    assert fault.line == line_of(path, "id: band")


def test_a_name_too_long_for_the_card(deck_copy):
    folder = deck_copy("competitors.yaml", 'name: "Dash Dunmore"', 'name: "Dashiell Bartholomew Dunmore-Fitzgerald"')
    error = _error(folder, TEMPLATE_DIR)
    assert len(error.faults) == 1
    fault = error.faults[0]
    assert "Dashiell Bartholomew Dunmore-Fitzgerald" in fault.message and "shorten it" in fault.message
    assert "competitor face 1a" in fault.message
    # told at the name's line in the deck, the template's line second, with how much fits
    assert fault.path.endswith("competitors.yaml") and fault.line == line_of(folder / "competitors.yaml", "Dashiell")
    template = f"competitor.yaml.j2:{line_of(TEMPLATE_DIR / 'competitor.yaml.j2', 'id: name')} draws it (element 'name')"
    assert fault.message.endswith(template), fault.message
    fits = int(re.search(r"at most (\d+) of its 39 characters fit at 8 pt", fault.message).group(1))
    assert 15 <= fits < 39


def test_a_character_the_font_lacks(deck_copy):
    folder = deck_copy("obstacles.yaml", 'name: "Mud Pit"', 'name: "Mud Pit ★"')
    fault = _error(folder, TEMPLATE_DIR).faults[0]
    assert "characters the font cannot draw: ★" in fault.message
    assert fault.path.endswith("obstacles.yaml") and fault.line == line_of(folder / "obstacles.yaml", "Mud Pit ★")


@pytest.mark.slow
def test_a_long_name_shrinks_to_fit(deck_copy):
    folder = deck_copy("competitors.yaml", 'name: "Dash Dunmore"', 'name: "Dashiell Dunmore-Kent"')
    kit = make_kit(load_deck(folder), A4)
    assert kit.files  # fits at a smaller size


@pytest.mark.parametrize(
    "old,new,message",
    [
        ("lw: 0.8}", "lw: thick}", "'lw' must be a number"),
        ("r: 2.2, fill", "r: -1, fill", "'r' must be more than 0"),
        ("lw: 0.8}", "lw: 0.8, dash: oops}", "'dash' must be a list"),
        ("x: {{ F }}, y: {{ F }}", "x: .nan, y: {{ F }}", "'x' must be a number"),
    ],
)
def test_bad_numbers_in_a_template(templates, old, new, message):
    path = templates / "obstacle.yaml.j2"
    _edit(path, old, new)
    fault = _error(CARDS, templates).faults[0]
    assert message in fault.message and fault.line == line_of(path, "id: frame")


def test_bad_safe_zone(templates):
    _edit(templates / "obstacle.yaml.j2", "safe: {{ card.safe }}", "safe: abc")
    assert "'safe' must be a length" in _error(CARDS, templates).faults[0].message


@pytest.mark.slow
def test_one_environment_renders_layouts_and_markup(deck_copy):
    """Card data is written out as YAML values in a layout and XML-escaped in
    the rulebook's markup, by the same environment."""
    from hi5pnp.render.faces import deck_context

    folder = deck_copy("competitors.yaml", 'name: "Dash Dunmore"', 'name: "Dash: <Dun> & Co"')
    deck = load_deck(folder)
    templates = Templates()
    kit = make_kit(deck, A4, templates)
    assert kit.files
    context = {"deck": {**deck_context(deck), "title": "<T> & x"}, "edition": 2}
    assert "&lt;T&gt; &amp; x" in templates.render("quickref.xml.j2", context)


@pytest.mark.slow
def test_a_fault_in_an_element_a_macro_writes_names_the_macro_file(templates):
    path = templates / "_macros.j2"
    _edit(path, "fill: {{ fill }}}", "fill: {{ fill }}, lw: wide}")
    fault = _error(CARDS, templates).faults[0]
    assert "element 'background'" in fault.message and "'lw' must be a number" in fault.message
    assert fault.path.endswith("_macros.j2") and fault.line == line_of(path, "id: background")
