"""``hi5pnp images``, ``hi5pnp preview`` and ``hi5pnp build --watch`` (docs/exports.md)."""

from __future__ import annotations

import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import make_deck
from PIL import Image

from hi5pnp.cli import main
from hi5pnp.deck import load_deck

pytestmark = pytest.mark.slow  # CI runs it with the stress tests: README's everyday run stays under a minute

CREAM = (0xF6, 0xF0, 0xE2)  # the cards' background, as the templates paint it


def load(path: Path) -> Image.Image:
    """An image read whole, its file closed."""
    with Image.open(path) as image:
        return image.convert("RGB")


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height from its header (a sheet may be too big for Pillow to open unasked)."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR"
    return struct.unpack(">II", header[16:24])


def invoke(*args: str, cwd: Path | None = None):
    if cwd is not None:
        old = os.getcwd()
        os.chdir(cwd)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        if cwd is not None:
            os.chdir(old)


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    out = tmp_path_factory.mktemp("images") / "images"
    result = invoke("images", "--out", str(out), "--dpi", "100", "--tts")
    assert result.exit_code == 0, result.stderr
    return out


def test_one_image_per_face_at_the_contract_size(images, deck):
    names = sorted(p.name for p in images.glob("*.png"))
    expected = sorted([f"competitor-{f.id}.png" for f in deck.competitor_faces()] + [f"obstacle-{f.id}.png" for f in deck.obstacle_faces()])
    assert names == expected
    size = (round((63.5 + 6) / 25.4 * 100), round((88.9 + 6) / 25.4 * 100))
    for name in names:
        assert load(images / name).size == size, name


def test_the_bleed_is_the_faces_own_background_never_paper_white(images):
    for name in ("competitor-3a.png", "obstacle-1a.png"):
        image = load(images / name)
        w, h = image.size
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 1), (1, h // 2)):
            assert image.getpixel((x, y)) == CREAM, (name, x, y)


def test_an_image_and_a_preview_draw_the_same_face(tmp_path):
    """Both come from the one layout: the image without bleed is the preview."""
    assert invoke("images", "--out", str(tmp_path / "im"), "--dpi", "90", "--bleed", "0").exit_code == 0
    assert invoke("preview", "5b", "--dpi", "90", "--out", str(tmp_path / "p.png")).exit_code == 0
    assert (tmp_path / "im" / "competitor-5b.png").read_bytes() == (tmp_path / "p.png").read_bytes()


def test_tts_sheets_and_saved_objects(images, deck):
    tts = images / "tts"
    assert sorted(p.name for p in tts.iterdir()) == [
        "competitor-a-1.png",
        "competitor-b-1.png",
        "competitor.json",
        "competitor.png",
        "obstacle-a-1.png",
        "obstacle-b-1.png",
        "obstacle.json",
        "obstacle.png",
    ]
    cell = (round(63.5 / 25.4 * 300), round(88.9 / 25.4 * 300))
    a, b = load(tts / "competitor-a-1.png"), load(tts / "competitor-b-1.png")
    assert a.size == b.size == (6 * cell[0], 2 * cell[1])  # ten cards and the hidden card: 6 × 2, the fewest cells
    assert load(tts / "obstacle-a-1.png").size == (7 * cell[0], cell[1])  # six cards and the hidden card
    assert load(tts / "competitor.png").size == (256, 256)  # the saved object's thumbnail
    saved = json.loads((tts / "competitor.json").read_text())
    obj = saved["ObjectStates"][0]
    assert obj["Name"] == "DeckCustom"
    custom = obj["CustomDeck"]["1"]
    assert custom["FaceURL"] == "competitor-a-1.png" and custom["BackURL"] == "competitor-b-1.png"
    assert custom["NumWidth"] == 6 and custom["NumHeight"] == 2 and custom["UniqueBack"] is True
    cards = obj["ContainedObjects"]
    assert len(cards) == len(deck.competitors) and obj["DeckIDs"] == [c["CardID"] for c in cards] == list(range(100, 110))
    assert cards[0]["Nickname"].startswith("1a Dash Dunmore / 1b")


@pytest.mark.slow  # a stress test: run by CI with -m slow
def test_a_big_deck_takes_several_sheets_none_wider_than_10000_px(tmp_path):
    folder = make_deck(tmp_path / "big", copies=8)
    assert len(load_deck(folder, need_score_sheet=False).competitors) == 80
    out = tmp_path / "out"
    result = invoke("images", "--deck", str(folder), "--out", str(out), "--dpi", "50", "--tts", "--card-size", "90x120mm")
    assert result.exit_code == 0, result.stderr
    saved = json.loads((out / "tts" / "competitor.json").read_text())["ObjectStates"][0]
    assert sorted(saved["CustomDeck"]) == ["1", "2"]
    assert (saved["CustomDeck"]["1"]["NumWidth"], saved["CustomDeck"]["1"]["NumHeight"]) == (10, 7)
    assert (saved["CustomDeck"]["2"]["NumWidth"], saved["CustomDeck"]["2"]["NumHeight"]) == (6, 2)  # 11 cards and the hidden card
    assert len(saved["ContainedObjects"]) == 80 and saved["ContainedObjects"][69]["CardID"] == 200  # 69 a sheet: its last cell is the hidden card
    for sheet in (out / "tts").glob("*.png"):
        assert png_size(sheet)[0] <= 10_000  # 10 × 90 mm at 300 dpi would be 10,630: the resolution is lowered


def test_images_are_reproducible_and_kept_by_a_build(tmp_path):
    kit = tmp_path / "kit"
    assert invoke("images", "--out", str(kit / "images"), "--dpi", "60").exit_code == 0
    first = {p.name: p.read_bytes() for p in (kit / "images").iterdir()}
    built = invoke("build", "--out", str(kit), "--paper", "a4")
    assert built.exit_code == 0, built.stderr  # the images folder is not a stranger in the kit's folder
    assert {p.name: p.read_bytes() for p in (kit / "images").iterdir()} == first
    assert invoke("images", "--out", str(kit / "images"), "--dpi", "60").exit_code == 0
    assert {p.name: p.read_bytes() for p in (kit / "images").iterdir()} == first


def test_images_refuse_a_folder_of_other_files(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "holiday.jpg").write_bytes(b"\xff\xd8")
    result = invoke("images", "--out", str(out), "--dpi", "40")
    assert result.exit_code == 2 and "holiday.jpg" in result.stderr and "Traceback" not in result.stderr
    assert (out / "holiday.jpg").read_bytes() == b"\xff\xd8"


def test_preview_writes_one_face(tmp_path):
    result = invoke("preview", "3A", cwd=tmp_path)
    assert result.exit_code == 0, result.stderr
    image = load(tmp_path / "preview-competitor-3a.png")
    assert image.size == (round(63.5 / 25.4 * 200), round(88.9 / 25.4 * 200))
    result = invoke("preview", "2b", "--kind", "obstacle", "--out", str(tmp_path / "o.png"), "--dpi", "100")
    assert result.exit_code == 0 and load(tmp_path / "o.png").size == (250, 350)


def test_preview_of_a_face_the_deck_lacks_names_the_faces():
    result = invoke("preview", "11a")
    assert result.exit_code == 1
    assert "the deck has no face '11a'" in result.stderr and "competitor faces 1a, 1b, 2a" in result.stderr and "obstacle faces 1a" in result.stderr
    result = invoke("preview", "9a", "--kind", "obstacle")
    assert result.exit_code == 1 and "no obstacle face '9a'" in result.stderr and "competitor faces" not in result.stderr


@pytest.mark.slow  # a stress test: run by CI with -m slow
@pytest.mark.parametrize("inside", [False, True], ids=["kit-beside", "kit-inside-the-deck"])
def test_build_watch_rebuilds_on_a_change_until_interrupted(tmp_path, inside):
    """A kit written inside the watched deck folder (build's default output/
    when run in the deck) does not set the watch off again."""
    deck = make_deck(tmp_path / "deck")
    out = deck / "output" if inside else tmp_path / "kit"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hi5pnp",
            "build",
            "--deck",
            str(deck),
            "--out",
            str(out),
            "--paper",
            "a4",
            "--lang",
            "en",
            "--watch",
        ],  # a line a build: English alone
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(lambda: (out / "manifest.json").exists(), proc)
        time.sleep(1.0)  # the watch is set up before the first build; let it print
        before = (out / "manifest.json").read_text()
        game = deck / "competitors.yaml"
        game.write_text(game.read_text().replace('name: "Dash Dunmore"', 'name: "Dash Dunmoor"'))
        _wait_for(lambda: (out / "manifest.json").read_text() != before, proc)
        game.write_text(game.read_text().replace("gems: [red, red, blue]", "gems: [red, red, bleu]", 1))
        time.sleep(3.0)
    finally:
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr  # Ctrl-C: 130, as every command (README, "Exit status")
    assert stdout.count("wrote 13 files") == 2
    first, second = stdout.splitlines()[:2]  # a line a build: the time, what it wrote, how long, and why
    assert re.fullmatch(r"\d\d:\d\d:\d\d wrote 13 files to .*/ in \d+\.\d s \(the first build\)", first), first
    assert re.fullmatch(r"\d\d:\d\d:\d\d wrote 13 files to .*/ in \d+\.\d s \(competitors\.yaml changed\)", second), second
    assert stderr.count("watching ") == 1
    assert "gem colour 'bleu' is not a colour" in stderr and "build failed; the previous kit is as it was" in stderr
    assert "stopped watching" in stderr and "Traceback" not in stderr
    assert "Dash Dunmoor" not in before and (out / "manifest.json").exists()


def _wait_for(condition, proc, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, "timed out"
        time.sleep(0.2)
