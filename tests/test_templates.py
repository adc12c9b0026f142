"""Layout templates: mistakes in a template, or data a template cannot hold,
are build errors naming the template and its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from hi5pnp import TEMPLATE_DIR
from hi5pnp.build import BuildOptions, make_kit
from hi5pnp.deckload import load_deck
from hi5pnp.errors import TemplateError
from hi5pnp.layout import parse_output

from deckfix import CARDS, line_of

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
        make_kit(load_deck(deck_dir), A4, templates)
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
    _edit(path, "- {el: rect, id: band, x: 3.2,", "- {el: rect, id: band, x: 1.0,")
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
    assert fault.line == line_of(TEMPLATE_DIR / "competitor.yaml.j2", "id: name")


def test_a_character_the_font_lacks(deck_copy):
    folder = deck_copy("obstacles.yaml", 'name: "Mud Pit"', 'name: "Mud Pit ★"')
    fault = _error(folder, TEMPLATE_DIR).faults[0]
    assert "characters the font cannot draw: ★" in fault.message


def test_a_long_name_shrinks_to_fit(deck_copy):
    folder = deck_copy("competitors.yaml", 'name: "Dash Dunmore"', 'name: "Dashiell Dunmore-Kent"')
    kit = make_kit(load_deck(folder), A4)
    assert kit.files  # fits at a smaller size


OUTPUTS = [
    "elements:\n  - {el: rect, x: 1, y: -2.5, fill: \"#FFFFFF\", dash: [1.0, 0.8], id: a-b}\n",
    "elements:\n  - {el: text, text: \"x, y: {z}\", on: yes, n: null, t: true, e: 1e3}\n",
    "safe: 3\nelements:\n  - {el: text, text: some words here}\n  - {el: line, x1: 0x10}\n",
    "elements:\n  - el: rect\n    x: 1\n  - {el: circle, r: .5, k: True, v: NULL}\n",
    # read whole without PyYAML, or not, as each demands
    "safe: 3.0\nelements:\n  - {el: rect, fill: \"#F6F0E2\", x: -0.0}\n  # a comment\n  - {el: rect, fill: \"#2E2E2E\"}\n",
    "size: [63.5, 88.9]\nsafe: 3\nelements:\n  - {el: rect, x: 1}\nfoo: bar\n",
    "elements:\n- {el: rect}\n- {el: circle}\n",
    "elements:\n  - {el: rect, x: 1}\n  - {el: text, text: \"a 1e5 b\", x: 2}\n",
    "elements:\n  - {el: rect, x: 1.5e3}\n",
    "elements:\n  - {el: rect, k: True, v: NULL, w: Yes, t: true}\n",
    "safe: 3.0  # inset\nelements:\n  - {el: rect}\n",
    "safe: 3.0\nsafe: 4.0\nelements:\n  - {el: rect}\n",
    "title: two words\nelements:\n  - {el: rect}\n",
    "size: [63.5, 88.9]\n",
    "elements:\n",
    "elements: []\n",
    # where JSON and YAML read the same text differently
    "elements:\n  -{el: rect, x: 10}\n",
    "elements:\n  - {el: rect, x:1}\n",
    "elements:\n  - {el: text, text: -Infinity}\n",
    "safe: -Infinity\nelements:\n  - {el: rect}\n",
    "yes: 1\nelements:\n  - {el: rect}\n",
    'elements:\n  - {el: text, text: "\\ud83d\\ude00"}\n',
    "elements:\n  - {el: text, text: \"a\u2028b\"}\n",
    "elements:\n  - {el: text, text: \"a\x7fb\"}\n",
    "elements:\n  - {el: rect}\n\t\n",
    "elements:\n  - {\n    }\n  - {el: rect}\n",
    "elements:\n  - el: rect\n    dash:\n      - {a: 1}\n  - {el: circle}\n",
]

_YAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # as the build reads a layout


def _as_yaml_reads(text: str) -> str:
    """What YAML makes of ``text`` (its repr, so 1, 1.0 and True differ), or "error"."""
    try:
        return repr(yaml.load(text, Loader=_YAML))
    except yaml.YAMLError:
        return "error"


def _as_parse_output_reads(text: str) -> str:
    try:
        return repr(parse_output(text))
    except yaml.YAMLError:
        return "error"


@pytest.mark.parametrize("text", OUTPUTS)
def test_fast_output_reading_agrees_with_yaml(text):
    assert _as_parse_output_reads(text) == _as_yaml_reads(text)


def test_random_layouts_read_as_yaml_says():
    """Documents of the templates' shape, built from pieces where JSON and YAML
    are likely to part ways, read exactly as YAML reads them."""
    import random

    pieces = [
        "{", "}", "[", "]", ", ", ": ", ":", "el", "x", "yes", "True", "null", "Null", "-", "1", "1.5", "1e3", ".5",
        "0x1", '"a b"', '"#F0E2"', "-Infinity", "Infinity", "NaN", " ", "a-b", "a.b", '"\\u00e9"', '"a\\\\b"',
        '"\\/"', "\u2028", "\x7f", "\t", "#", "'s'", "~", "12:30", "010", "+1", "on", "_x", "é", '"q\\"q"', "-0.0",
    ]
    rnd = random.Random(5)

    def some(n: int) -> str:
        return "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, n)))

    for _ in range(4000):
        text = rnd.choice(
            [
                f"safe: 3\nelements:\n  - {{el: rect, {some(4)}: {some(3)}}}\n  - {{{some(6)}}}\n",
                f"{some(2)}: {some(4)}\nelements:\n  - {{{some(6)}}}\n",
                f"elements:\n{rnd.choice(['  ', '', ' '])}-{rnd.choice(['', ' '])}{{{some(6)}}}\n{some(3)}",
            ]
        )
        assert _as_parse_output_reads(text) == _as_yaml_reads(text), text


def test_every_rendered_template_reads_as_yaml_says():
    """The fast path and PyYAML agree on everything the bundled templates write."""
    from hi5pnp.faces import CardSpec, competitor_context, deck_context, obstacle_context
    from hi5pnp.layout import environment

    deck = load_deck(CARDS)
    env = environment(str(TEMPLATE_DIR))
    base = {"card": CardSpec().context(), "deck": deck_context(deck)}
    for name, faces, ctx in (
        ("competitor.yaml.j2", deck.competitor_faces(), competitor_context),
        ("obstacle.yaml.j2", deck.obstacle_faces(), obstacle_context),
    ):
        for face in faces:
            text = env.get_template(name).render(**base, face=ctx(deck, face))
            assert _as_parse_output_reads(text) == _as_yaml_reads(text)


@pytest.mark.parametrize(
    "old,new,message",
    [
        ("lw: 0.8}", "lw: thick}", "'lw' must be a number"),
        ("r: 2.5, fill", "r: -1, fill", "'r' must be more than 0"),
        ("lw: 0.8}", "lw: 0.8, dash: oops}", "'dash' must be a list"),
        ("x: 2, y: 2", "x: .nan, y: 2", "'x' must be a number"),
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
