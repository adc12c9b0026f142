"""A face's optional picture (``art:``): read safely from the deck folder,
drawn in the box its template gives, refused with its line when wrong."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from deckfix import line_of
from PIL import Image

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.errors import DeckError


def picture(path: Path, colour: str = "#3366CC", size: tuple[int, int] = (300, 200), kind: str = "PNG") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, kind)
    return path


def with_art(deck_copy, competitor: str = "art/dash.png", obstacle: str = "art/mud.png") -> Path:
    folder = deck_copy("competitors.yaml", '    name: "Dash Dunmore"', f'    name: "Dash Dunmore"\n    art: {competitor}')
    deck_copy("obstacles.yaml", "picture: mud}", f"picture: mud, art: {obstacle}}}")
    return folder


def test_art_is_read_and_drawn(deck_copy, tmp_path):
    folder = with_art(deck_copy)
    picture(folder / "art" / "dash.png", "#00AA00", (200, 300))
    picture(folder / "art" / "mud.png", "#0000FF")
    deck = load_deck(folder)
    assert deck.competitor_face("1a").art.data.startswith(b"\x89PNG") and deck.obstacle_face("1a").art
    assert not deck.competitor_face("1b").art
    for kind, colour in (("competitor", (0, 170, 0)), ("obstacle", (0, 0, 255))):
        out = tmp_path / f"{kind}.png"
        result = CliRunner().invoke(main, ["preview", "1a", "--kind", kind, "--deck", str(folder), "--out", str(out), "--dpi", "100"])
        assert result.exit_code == 0, result.stderr
        with Image.open(out) as image:
            colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
        assert colour in colours, kind


def test_the_picture_changes_the_fingerprint(deck_copy):
    folder = with_art(deck_copy)
    picture(folder / "art" / "dash.png")
    picture(folder / "art" / "mud.png")
    before = load_deck(folder).fingerprint
    picture(folder / "art" / "mud.png", "#FF0000")
    assert load_deck(folder).fingerprint != before


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda f: None, "file not found"),
        (lambda f: (f / "art" / "mud.png").write_text("not a picture"), "is not a PNG or JPEG image"),
        (lambda f: (f / "art" / "mud.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40), "is not a whole PNG image"),
    ],
)
def test_a_bad_picture_is_a_fault_at_its_line(deck_copy, make, message):
    folder = with_art(deck_copy, competitor="art/dash.jpg")
    picture(folder / "art" / "dash.jpg", kind="JPEG")
    make(folder)
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    (fault,) = caught.value.faults
    assert fault.line == line_of(folder / "obstacles.yaml", "art: art/mud.png") and message in fault.message


@pytest.mark.parametrize("name", ["../outside.png", "/etc/passwd"])
def test_a_picture_outside_the_deck_folder_is_refused(deck_copy, name):
    folder = with_art(deck_copy, obstacle=name)
    picture(folder / "art" / "dash.png")
    picture(folder.parent / "outside.png")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "inside the deck folder" in caught.value.faults[0].message


def test_a_link_out_of_the_deck_folder_is_refused(deck_copy):
    folder = with_art(deck_copy)
    picture(folder / "art" / "dash.png")
    os.symlink(picture(folder.parent / "elsewhere.png"), folder / "art" / "mud.png")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "leads outside the folder" in caught.value.faults[0].message


def test_every_pictogram_is_drawn_on_the_bundled_obstacles():
    from hi5pnp.deck.cards import PICTURES

    deck = load_deck()
    assert sorted(f.picture for f in deck.obstacle_faces()) == sorted(PICTURES)


def test_an_unknown_pictogram_is_a_fault_with_a_suggestion(deck_copy):
    folder = deck_copy("obstacles.yaml", "picture: mud}", "picture: mudd}")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    (fault,) = caught.value.faults
    assert fault.line == line_of(folder / "obstacles.yaml", "picture: mudd") and "did you mean 'mud'?" in fault.message
