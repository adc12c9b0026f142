"""The deck loader: every invariant of the deck format has a one-fault fixture
(the bundled deck with one thing broken) whose message and line are asserted."""

from __future__ import annotations

import pytest
from deckfix import CARDS, line_of

from hi5pnp.deck import load_deck
from hi5pnp.errors import DeckError


def test_bundled_deck_is_valid_and_balanced():
    deck = load_deck(CARDS)
    assert len(deck.competitors) == 10 and len(deck.obstacles) == 6
    assert deck.course_length == 12
    from collections import Counter

    gems = Counter(g for f in deck.competitor_faces() for g in f.gems)
    assert set(gems.values()) == {15}, gems  # as the YAML comments say
    colors = Counter(f.color for f in deck.obstacle_faces())
    traits = Counter(f.trait for f in deck.obstacle_faces())
    assert set(colors.values()) == {3} and set(traits.values()) == {3}
    boxes = Counter(t for f in deck.competitor_faces() for col in f.matrix for t in col)
    assert set(boxes.values()) == {33}
    # every trait a matrix asks for is on some obstacle face
    assert set(boxes) <= set(traits)
    # matrices of varied difficulty: different column counts and heights
    assert len({tuple(len(c) for c in f.matrix) for f in deck.competitor_faces()}) >= 5


# (file, old text, new text, text on the faulty line, expected message part)
FAULTS = [
    ("competitors.yaml", "- card: 2\n", "- card: 1  # a copy-paste slip\n", "a copy-paste slip", "card number 1 is used twice (first at line 12)"),
    ("competitors.yaml", "- card: 3\n", "- card: 0\n", "card: 0", "card number must be a whole number from 1 to 999, not 0"),
    ("competitors.yaml", "- card: 3\n", "- card: three\n", "card: three", "'card' must be a whole number, not text 'three'"),
    ("obstacles.yaml", '  b: {name: "Tar Wall", color: red, trait: power, picture: wall}\n', "", "- card: 3", "obstacle card 3 lacks face 'b'"),
    (
        "competitors.yaml",
        "gems: [red, red, blue]",
        "gems: [red, purple, blue]",
        "purple",
        "gem colour 'purple' is not a colour of game.yaml (red, blue, green, gold)",
    ),
    (
        "competitors.yaml",
        "[speed, power], [grace, wits]",
        "[speed, luck], [grace, wits]",
        "luck",
        "trait 'luck' is not a trait of game.yaml (speed, power, grace, wits)",
    ),
    ("obstacles.yaml", "color: red, trait: speed", "color: pink, trait: speed", "pink", "gem colour 'pink' is not a colour of game.yaml"),
    ("obstacles.yaml", "color: red, trait: speed", "color: red, trait: stamina", "stamina", "trait 'stamina' is not a trait of game.yaml"),
    ("game.yaml", 'red: "#C8102E"', 'red: "#C8102"', "#C8102", "colour 'red' has '#C8102'; a colour is an sRGB hex"),
    ("competitors.yaml", "gems: [red, red, blue]", "gems: [red, blue]", "gems: [red, blue]", "face 1a has 2 gems; a competitor has exactly three"),
    ("competitors.yaml", "matrix: [[speed, power], [grace, wits], [speed, grace]]", "matrix: []", "matrix: []", "the matrix of face 1a is empty"),
    (
        "competitors.yaml",
        "matrix: [[speed, power], [grace, wits], [speed, grace]]",
        "matrix: [[speed, power], [], [speed, grace]]",
        "[]",
        "column 2 of face 1a is empty",
    ),
    ("game.yaml", "team_size: 5", "team_size: 6", "team_size: 6", "team_size 6 needs at least 12 competitor cards (2 × team_size); competitors.yaml has 10"),
    (
        "game.yaml",
        "placing_points: [5, 4, 3, 2, 1]",
        "placing_points: [5, 4, 3, 2]",
        "placing_points",
        "placing_points has 4 entries; it needs one per finisher (5)",
    ),
    ("game.yaml", "placing_points: [5, 4, 3, 2, 1]", "placing_points: [5, 4, 3, 4, 1]", "placing_points", "placing points must not increase: 4 follows 3"),
    (
        "game.yaml",
        "finishers: 5\n  placing_points: [5, 4, 3, 2, 1]",
        "finishers: 11\n  placing_points: [5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1]",
        "finishers: 11",
        "finishers is 11; at most 2 × team_size = 10 can finish",
    ),
    ("competitors.yaml", 'name: "Dash Dunmore"', 'name: ""', 'name: ""', "'name' of face 1a is empty"),
    ("obstacles.yaml", 'name: "Mud Pit"', 'name: "  "', 'name: "  "', "'name' of obstacle face 1a is empty"),
    ("game.yaml", "edition: 2", "edition: 2\nediton: 1", "editon", "unknown key 'editon' in game.yaml"),
    ("game.yaml", "  chit_limit: 3", "  chit_limit: 3\n  chit_limt: 2", "chit_limt", "unknown key 'chit_limt' in rules"),
    ("competitors.yaml", '    name: "Dash Dunmore"', '    name: "Dash Dunmore"\n    nmae: "Dash"', "nmae", "unknown key 'nmae' in face 1a"),
    ("game.yaml", "  rounds: 3", "  rounds: 3\n  rounds: 4", "rounds: 4", "duplicate key 'rounds'"),
    ("game.yaml", "  rounds: 3", '  rounds: "three"', "rounds:", "'rounds' must be a whole number, not text 'three'"),
    ("game.yaml", "edition: 2", "edition: 3", "edition: 3", "edition 3 does not exist"),
    (
        "game.yaml",
        "traits: [speed, power, grace, wits]",
        "traits: [speed, power, grace, wits",
        "traits: [speed",
        "a ',' or ']' is missing",
    ),  # the line missing its bracket, not the next
    ("obstacles.yaml", "trait: speed, picture: mud}", "trait: !!python/object:os.system speed, picture: mud}", "python/object", "value not allowed"),
    ("score_sheets.yaml", 'label: "Round {n}"', 'label: "Round {n} {foo}"', "{foo}", "{foo} is not a placeholder"),
    ("score_sheets.yaml", 'label: "Total"', 'label: "Total {"', "Total {", "write {{ and }} for a brace"),
    ("score_sheets.yaml", 'label: "Total"', 'label: "{placing_points.__class__}"', "__class__", "is not a placeholder"),
]


@pytest.mark.parametrize("name,old,new,needle,message", FAULTS, ids=[f[4][:40] for f in FAULTS])
def test_one_fault(deck_copy, name, old, new, needle, message):
    folder = deck_copy(name, old, new)
    with pytest.raises(DeckError) as info:
        load_deck(folder)
    faults = info.value.faults
    assert len(faults) == 1, [str(f) for f in faults]
    fault = faults[0]
    assert message in fault.message
    assert fault.path.endswith(name)
    if needle:
        assert fault.line == line_of(folder / name, needle), str(fault)
    text = str(fault)
    assert text.startswith(f"{fault.path}:{fault.line}:"), text


def test_a_card_number_used_twice_hides_none_of_the_cards_faults(deck_copy):
    deck_copy("competitors.yaml", "- card: 2\n", "- card: 1  # a copy-paste slip\n")
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]\n    matrix: [[power]", "gems: [red, red, bleu]\n    matrix: [[power]")
    with pytest.raises(DeckError) as info:
        load_deck(folder)
    path = folder / "competitors.yaml"
    found = [(f.line, f.message) for f in info.value.faults]
    assert found == [
        (line_of(path, "a copy-paste slip"), "card number 1 is used twice (first at line 12)"),
        (line_of(path, "bleu"), "gem colour 'bleu' is not a colour of game.yaml (red, blue, green, gold); did you mean 'blue'?"),
    ]


def test_faults_are_collected_together(deck_copy):
    deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, purple, blue]")
    deck_copy("obstacles.yaml", "color: red, trait: speed", "color: red, trait: stamina")
    folder = deck_copy("game.yaml", "  rounds: 3", "  rounds: 0")
    with pytest.raises(DeckError) as info:
        load_deck(folder)
    messages = " | ".join(f.message for f in info.value.faults)
    assert "purple" in messages and "stamina" in messages and "'rounds' must be from 1 to 20, not 0" in messages


def test_missing_file(deck_copy):
    (deck_copy.folder / "obstacles.yaml").unlink()
    with pytest.raises(DeckError) as info:
        load_deck(deck_copy.folder)
    assert [f.message for f in info.value.faults] == ["file not found"]
    assert info.value.faults[0].path.endswith("obstacles.yaml")


def test_missing_deck_folder(tmp_path):
    with pytest.raises(DeckError, match="deck folder not found"):
        load_deck(tmp_path / "nowhere")


def test_alias_bomb_is_refused_quickly(deck_copy):
    bomb = ["x0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9]"]
    for i in range(1, 9):
        bomb.append(f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    path = deck_copy.folder / "score_sheets.yaml"
    path.write_text("\n".join(bomb) + "\n")
    with pytest.raises(DeckError, match="too much data"):
        load_deck(deck_copy.folder)


def test_huge_file_is_refused(deck_copy):
    path = deck_copy.folder / "competitors.yaml"
    path.write_text("# padding\n" * 200_000)
    with pytest.raises(DeckError, match="files over 1,048,576 bytes are refused"):
        load_deck(deck_copy.folder)


def test_deep_nesting_is_refused(deck_copy):
    (deck_copy.folder / "obstacles.yaml").write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(DeckError, match="nesting deeper than 64"):
        load_deck(deck_copy.folder)


def test_score_sheet_is_optional(deck_copy):
    (deck_copy.folder / "score_sheets.yaml").unlink()
    assert load_deck(deck_copy.folder).score_sheet is None
