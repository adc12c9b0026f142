"""``hi5pnp stats``: the deck's counts, so that its comments cannot drift unseen."""

from __future__ import annotations

import json

from click.testing import CliRunner
from deckfix import line_of

from hi5pnp.cli import main
from hi5pnp.deck.design.counts import count


def stats(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["stats", *args])
    return result.exit_code, result.stdout, result.stderr


def test_bundled_deck_has_the_counts_its_comments_give(deck):
    # cards/game.yaml: 60 gems, 15 of each colour; 12 obstacle faces, 3 per
    # colour and 3 per trait; 132 matrix boxes, 33 per trait.
    counts = count(deck)
    assert counts.gems == dict.fromkeys(deck.colors, 15)
    assert counts.boxes == dict.fromkeys(deck.traits, 33)
    assert counts.obstacle_colors == dict.fromkeys(deck.colors, 3)
    assert counts.obstacle_traits == dict.fromkeys(deck.traits, 3)
    assert counts.obstacle_faces == 12 and len(counts.faces) == 20


def test_each_competitor_face_has_its_row(deck):
    counts = count(deck)
    first = counts.faces[0]  # 1a Dash Dunmore: [red, red, blue]; [[speed, power], [grace, wits], [speed, grace]]
    assert (first.face, first.name) == ("1a", "Dash Dunmore")
    assert first.gems == {"red": 2, "blue": 1, "green": 0, "gold": 0}
    assert first.boxes == {"speed": 2, "power": 1, "grace": 2, "wits": 1}
    assert [f.face for f in counts.faces] == [f.id for f in deck.competitor_faces()]


def test_table_shows_faces_and_totals():
    code, out, err = stats()
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["competitor", "face", "red", "blue", "green", "gold", "|", "speed", "power", "grace", "wits", "|", "gems", "boxes"]
    assert next(x for x in lines if x.startswith("1a ")).split()[3:] == ["2", "1", "0", "0", "|", "2", "1", "2", "1", "|", "3", "6"]
    assert next(x for x in lines if x.startswith("total (")).split()[3:] == ["15"] * 4 + ["|"] + ["33"] * 4 + ["|", "60", "132"]
    assert lines[-1].split() == ["total", "3", "3", "3", "3", "|", "12"]


def test_json_is_one_object_with_every_count():
    code, out, _ = stats("--json")
    assert code == 0
    found = json.loads(out)
    assert found["gems"] == {"total": 60, "per_color": {"red": 15, "blue": 15, "green": 15, "gold": 15}}
    assert found["boxes"]["total"] == 132 and found["competitor_faces"] == len(found["faces"]) == 20
    assert found["faces"][0] == {
        "face": "1a",
        "name": "Dash Dunmore",
        "gems": {"red": 2, "blue": 1, "green": 0, "gold": 0},
        "boxes": {"speed": 2, "power": 1, "grace": 2, "wits": 1},
    }
    obstacles = found["obstacle_faces"]
    assert obstacles["total"] == 12 and obstacles["per_trait"] == {"speed": 3, "power": 3, "grace": 3, "wits": 3}
    assert obstacles["per_color_trait"]["red"] == {"speed": 1, "power": 1, "grace": 0, "wits": 1}


def test_an_edited_deck_shows_its_new_counts(deck_copy):
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, gold, blue]")  # card 1a
    code, out, _ = stats("--deck", str(folder), "--json")
    assert code == 0
    found = json.loads(out)
    assert found["gems"]["per_color"] == {"red": 14, "blue": 15, "green": 15, "gold": 16}
    assert found["faces"][0]["gems"] == {"red": 1, "blue": 1, "green": 0, "gold": 1}


def test_a_faulty_deck_gives_its_faults_and_exit_1(deck_copy):
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, bleu]")
    code, out, err = stats(str(folder))
    assert code == 1 and out == ""
    assert f"competitors.yaml:{line_of(folder / 'competitors.yaml', 'bleu')}:" in err and "did you mean 'blue'?" in err


def test_no_deck_there_is_exit_2(tmp_path):
    code, _, err = stats("--deck", str(tmp_path / "nowhere"))
    assert code == 2 and err
