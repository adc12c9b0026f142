"""Decks within the documented bounds that try the tools' patience: every
answer is a message at its line with the documented exit status, never a
traceback, in bounded time and memory (docs/deck-format.md, "Pictures")."""

from __future__ import annotations

import io
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import GOLDEN
from deckfix import line_of
from PIL import Image

from hi5pnp import check_log
from hi5pnp.cli import main
from hi5pnp.data import template_folder
from hi5pnp.deck import load_deck
from hi5pnp.errors import DeckError

VALID = (GOLDEN / "valid_ed2.yaml").read_text()


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def png_bytes(size: tuple[int, int] = (30, 20), colour: str = "#3366CC", mode: str = "RGB") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, size, colour).save(buf, "PNG")
    return buf.getvalue()


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def broken_pixels() -> bytes:
    """A PNG whose header and chunk checksums are right but whose pixel data
    is no zlib stream: only decoding the pixels finds the damage."""
    header = struct.pack(">IIBBBBB", 30, 20, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"not a zlib stream" * 4) + chunk(b"IEND", b"")


def tall_png(rows: int = 40_000_000) -> bytes:
    """A whole PNG of 1 × ``rows`` black-and-white pixels: 80 KB of file."""
    header = struct.pack(">IIBBBBB", 1, rows, 1, 0, 0, 0, 0)
    packer, zeros = zlib.compressobj(9), bytes(1 << 20)
    data = b"".join(packer.compress(zeros) for _ in range(2 * rows >> 20)) + packer.compress(bytes(2 * rows % (1 << 20))) + packer.flush()
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


@pytest.fixture
def table(tmp_path):
    """The mini deck, its first competitor face with a picture, and a valid log beside it."""
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    (tmp_path / "game.yaml").write_text(VALID)
    return tmp_path


def name_art(deck: Path, art: str) -> Path:
    """The mini deck's face 1a names ``art``; the file competitors.yaml."""
    path = deck / "competitors.yaml"
    text = path.read_text()
    path.write_text(text.replace('{name: "Ada",', f'{{name: "Ada", art: {art},', 1))
    return path


# 1. a NUL or another impossible path is a fault at the art value -----------------------
@pytest.mark.parametrize("art", ['"art/a\\0b.png"', '"."', "art/" + "x" * 5000 + ".png", "competitors.yaml/x.png"])
def test_an_impossible_art_path_is_a_fault_at_its_line(table, art):
    cards = name_art(table / "mini", art)
    at = f"{cards}:{line_of(cards, 'art:')}:"
    with pytest.raises(DeckError) as caught:
        load_deck(table / "mini")
    (fault,) = caught.value.faults
    assert str(fault).startswith(at) and "'art' of face 1a" in fault.message
    for args in (
        ("validate", str(table / "mini")),
        ("build", "--deck", str(table / "mini"), "--out", str(table / "kit")),
        ("preview", "1a", "--deck", str(table / "mini"), "--out", str(table / "p.png")),
    ):
        result = invoke(*args)
        assert result.exit_code == 1 and at in result.stderr and isinstance(result.exception, SystemExit), args
    result = invoke("replay", str(table / "game.yaml"))
    assert result.exit_code == 2 and at in result.stderr, result.stderr
    verdict = check_log(table / "game.yaml")
    assert verdict.problem is not None and verdict.problem.kind == "read"


# 2. the pixels are bounded, read from the header, and decoded only to draw -----------------
def test_a_picture_of_too_many_pixels_is_refused_from_its_header_at_once(table):
    cards = name_art(table / "mini", "art/tall.png")
    (table / "mini" / "art").mkdir()
    (table / "mini" / "art" / "tall.png").write_bytes(tall_png())
    start = time.perf_counter()
    result = invoke("validate", str(table / "mini"))
    assert time.perf_counter() - start < 10  # a guard against a hang (it took minutes), not a measure of speed
    assert result.exit_code == 1 and f"{cards}:{line_of(cards, 'art:')}:" in result.stderr
    assert "1 × 40,000,000 pixels; a picture may have at most 16,000,000" in result.stderr


@pytest.mark.slow
def test_the_rules_never_decode_a_picture_and_drawing_finds_damaged_pixels(table, monkeypatch):
    """check, replay and deal load the deck without a pixel; validate draws the
    face and reports the damage at the art line."""
    cards = name_art(table / "mini", "art/broken.png")
    (table / "mini" / "art").mkdir()
    (table / "mini" / "art" / "broken.png").write_bytes(broken_pixels())
    from PIL import ImageFile

    decoded = []
    real_load = ImageFile.ImageFile.load

    def counted(self):
        decoded.append(self.size)
        return real_load(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
    assert invoke("check", str(table / "game.yaml")).exit_code == 0
    assert invoke("replay", str(table / "game.yaml")).exit_code == 0
    assert invoke("deal", "--deck", str(table / "mini"), "--seed", "1").exit_code == 0
    assert decoded == []
    result = invoke("validate", str(table / "mini"))
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert f"{cards}:{line_of(cards, 'art:')}:" in result.stderr
    assert "art/broken.png is not a whole PNG image: it is damaged or truncated" in result.stderr
    assert decoded == [(30, 20)]  # drawing decodes it, once


@pytest.mark.slow  # a whole kit drawn
def test_a_picture_many_faces_name_is_read_once_and_decoded_once(deck_copy, monkeypatch, tmp_path):
    folder = deck_copy("competitors.yaml", '    name: "Dash Dunmore"', '    name: "Dash Dunmore"\n    art: art/one.png')
    for old in ('    name: "Pip Pocket"', '    name: "Brutus Hale"'):
        deck_copy("competitors.yaml", old, f"{old}\n    art: ./art/one.png")
    (folder / "art").mkdir()
    (folder / "art" / "one.png").write_bytes(png_bytes((60, 40)))
    from PIL import ImageFile

    from hi5pnp.render import pictures

    monkeypatch.setattr(pictures, "_kept", type(pictures._kept)())  # nothing decoded yet in this process
    decoded = set()
    real_load = ImageFile.ImageFile.load

    def counted(self):
        decoded.add(id(self))
        return real_load(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
    deck = load_deck(folder)
    faces = [f for f in deck.competitor_faces() if f.art]
    assert len(faces) == 3 and len({id(f.art.data) for f in faces}) == 1  # one read, shared
    result = invoke("build", "--deck", str(folder), "--out", str(tmp_path / "kit"), "--paper", "a4", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    assert len(decoded) == 1  # one decode for every face of every PDF


# 3. a damaged picture names the deck file, the line, and the damage -----------------------------
@pytest.mark.parametrize("cut", [30, 200])
def test_a_truncated_picture_says_so_at_its_line(table, cut):
    cards = name_art(table / "mini", "art/cut.png")
    (table / "mini" / "art").mkdir()
    noise = io.BytesIO()
    Image.effect_noise((120, 80), 40).save(noise, "PNG")
    (table / "mini" / "art" / "cut.png").write_bytes(noise.getvalue()[:cut])
    result = invoke("validate", str(table / "mini"))
    assert result.exit_code == 1 and f"{cards}:{line_of(cards, 'art:')}:" in result.stderr
    assert "art/cut.png is not a whole PNG image: it is damaged or truncated" in result.stderr
    assert "BytesIO" not in result.stderr and "0x" not in result.stderr


# 5. links inside the deck folder are followed; links out of it are refused ---------------------
def test_links_inside_the_deck_folder_are_followed(table):
    deck = table / "mini"
    name_art(deck, "art/x.png")
    (deck / "pictures").mkdir()
    (deck / "art").mkdir()
    (deck / "pictures" / "x.png").write_bytes(png_bytes())
    os.symlink("../pictures/x.png", deck / "art" / "x.png")
    os.rename(deck / "obstacles.yaml", deck / "course.yaml")
    os.symlink("course.yaml", deck / "obstacles.yaml")
    assert load_deck(deck).competitor_face("1a").art is not None
    assert invoke("check", str(table / "game.yaml")).exit_code == 0  # the log's deck: links inside its folder too
    os.remove(deck / "art" / "x.png")
    os.symlink(table / "elsewhere.png", deck / "art" / "x.png")
    (table / "elsewhere.png").write_bytes(png_bytes())
    with pytest.raises(DeckError) as caught:
        load_deck(deck)
    assert "leads outside the folder" in caught.value.faults[0].message


# 4. the kit's fingerprint reads the templates alone, a piece at a time ---------------------------
@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_a_big_file_beside_the_templates_is_not_read(tmp_path):
    from hi5pnp.render.template import Templates

    folder = tmp_path / "templates"
    shutil.copytree(template_folder(), folder)
    before = Templates(folder).fingerprint()
    with open(folder / "holiday.mov", "wb") as f:
        f.truncate(3 * 2**30)  # 3 GB, sparse: made at once, and slow to read
    start = time.perf_counter()
    assert Templates(folder).fingerprint() == before == Templates().fingerprint()
    result = invoke("build", "--templates", str(folder), "--out", str(tmp_path / "kit"), "--paper", "a4", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    assert time.perf_counter() - start < 10
    (folder / "competitor.yaml.j2").write_bytes((folder / "competitor.yaml.j2").read_bytes().replace(b"\n", b"\r\n"))
    assert Templates(folder).fingerprint() == before  # line ends do not count
    (folder / "_macros.j2").write_text((folder / "_macros.j2").read_text() + "{# a change #}\n")
    assert Templates(folder).fingerprint() != before


# 6. images are written a face at a time, and a face has a pixel limit ---------------------------
@pytest.mark.slow
def test_images_writes_each_face_before_drawing_the_next(tmp_path, monkeypatch):
    from hi5pnp.kit.exports import images as images_module
    from hi5pnp.render import raster

    events = []
    real = raster.rasterise

    def logged(*args):
        for image in real(*args):
            events.append("drawn")
            yield image

    monkeypatch.setattr(raster, "rasterise", logged)
    deck = load_deck(GOLDEN / "mini")
    images_module.write_images(deck, lambda name, data: events.append("put"), images_module.ImageOptions(dpi=40, tts=True))
    faces = 2 * (len(deck.competitors) + len(deck.obstacles))
    assert events[: 2 * faces] == ["drawn", "put"] * faces  # each face written before the next is drawn
    assert events.count("put") == faces + 4 + 2 + 2 + 1  # four TTS sheets, two saved objects and their thumbnails, the manifest


@pytest.mark.parametrize(
    "command, size, most",
    [
        (("images", "--out", "OUT"), "a 200 × 200 mm face with 3 mm bleed at 1200 dpi would be 9,732 × 9,732 pixels", 779),
        (("preview", "1a", "--out", "OUT.png"), "a 200 × 200 mm face at 1200 dpi would be 9,449 × 9,449 pixels", 803),
    ],
)
def test_a_face_image_over_the_pixel_limit_is_refused_at_once(tmp_path, command, size, most):
    start = time.perf_counter()
    result = invoke(*(a.replace("OUT", str(tmp_path / "out")) for a in command), "--card-size", "200x200mm", "--dpi", "1200")
    assert time.perf_counter() - start < 10  # a guard against a hang (it took minutes), not a measure of speed
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{size}; a face image may have at most 40,000,000: at this card size, {most} dpi at most" in result.stderr
    assert list(tmp_path.iterdir()) == []


# 7. build --watch follows the deck's path when the folder there is replaced ---------------------
@pytest.mark.slow  # a stress test: run by CI with -m slow
def test_build_watch_follows_a_deck_folder_replaced_by_rename(tmp_path):
    from conftest import make_deck

    deck = make_deck(tmp_path / "deck")
    out = tmp_path / "kit"
    proc = subprocess.Popen(
        [sys.executable, "-m", "hi5pnp", "build", "--deck", str(deck), "--out", str(out), "--paper", "a4", "--jobs", "1", "--lang", "en", "--watch"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def rebuilt(before: str) -> None:
        end = time.monotonic() + 60
        while not (out / "manifest.json").exists() or (out / "manifest.json").read_text() == before:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < end, "no rebuild"
            time.sleep(0.1)

    try:
        rebuilt("")
        time.sleep(0.5)  # the watch is set up before the first build
        first = (out / "manifest.json").read_text()
        new = shutil.copytree(deck, tmp_path / "deck.new")
        cards = new / "competitors.yaml"
        cards.write_text(cards.read_text().replace('name: "Dash Dunmore"', 'name: "Dash Dunmoor"'))
        os.rename(deck, tmp_path / "deck.old")  # mv deck deck.old && mv deck.new deck
        os.rename(new, deck)
        rebuilt(first)
        second = (out / "manifest.json").read_text()
        cards = deck / "competitors.yaml"  # the new folder, edited: the watch is on it now
        cards.write_text(cards.read_text().replace('name: "Pip Pocket"', 'name: "Pip Pockett"'))
        rebuilt(second)
        old = tmp_path / "deck.old" / "competitors.yaml"  # the old folder is no longer the deck
        third = (out / "manifest.json").read_text()
        old.write_text(old.read_text().replace('name: "Pip Pocket"', 'name: "Pip Pocket II"'))
        time.sleep(1.5)
        assert (out / "manifest.json").read_text() == third
    finally:
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in stderr, stderr  # Ctrl-C: 130, as every command (README, "Exit status")
    assert stdout.count("wrote 13 files") == 3, (stdout, stderr)


def test_a_decks_pictures_together_are_bounded(table, monkeypatch):
    """Each picture within its limit, but together past the deck's: the one
    that goes past is a fault at its line (a deck is held in memory whole)."""
    from hi5pnp.deck.pictures import art

    first, second = png_bytes((300, 200), "#102030"), png_bytes((300, 200), "#405060")
    monkeypatch.setattr(art, "MAX_ART_TOTAL", len(first) + len(second) - 1)
    deck = table / "mini"
    (deck / "art").mkdir()
    (deck / "art" / "one.png").write_bytes(first)
    (deck / "art" / "two.png").write_bytes(second)
    cards = deck / "competitors.yaml"
    text = cards.read_text().replace('{name: "Ada",', '{name: "Ada", art: art/one.png,', 1)
    cards.write_text(text.replace('{name: "Cy",', '{name: "Cy", art: art/two.png,', 1))
    with pytest.raises(DeckError) as caught:
        load_deck(deck)
    (fault,) = caught.value.faults
    assert fault.line == line_of(cards, "art/two.png") and "together" in fault.message
    monkeypatch.setattr(art, "MAX_ART_TOTAL", len(first) + len(second))
    assert load_deck(deck).competitor_face("2a").art is not None


@pytest.mark.slow
def test_a_template_reaches_no_further_than_its_values(tmp_path):
    """Templates render in jinja2's sandbox: one sent to a designer cannot
    run a command through Python's own attributes."""
    templates = tmp_path / "templates"
    shutil.copytree(template_folder(), templates)
    witness = tmp_path / "ran"
    card = templates / "competitor.yaml.j2"
    card.write_text(f'{{% set _x = lipsum.__globals__["os"].system("touch {witness}") %}}\n' + card.read_text())
    result = invoke("validate", "--templates", str(templates))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{card}:1: not allowed in a template" in result.stderr
    assert not witness.exists()


@pytest.mark.slow
def test_a_template_too_big_to_be_one_is_refused_unread(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(template_folder(), templates)
    with open(templates / "quickref.xml.j2", "r+b") as f:
        f.truncate(3 << 30)  # sparse: 3 GB on paper, nothing on the disk
    start = time.perf_counter()
    result = invoke("validate", "--templates", str(templates))
    assert time.perf_counter() - start < 5
    assert result.exit_code == 1 and "quickref.xml.j2: is 3,221,225,472 bytes; a template may have at most 1,048,576" in result.stderr


def test_an_art_link_that_loops_is_a_fault_at_its_line(table):
    cards = name_art(table / "mini", "art/loop.png")
    (table / "mini" / "art").mkdir()
    (table / "mini" / "art" / "loop.png").symlink_to("loop.png")
    result = invoke("validate", str(table / "mini"))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{cards}:{line_of(cards, 'art:')}:" in result.stderr and "leads round in a loop" in result.stderr
    assert invoke("replay", str(table / "game.yaml")).exit_code == 2


@pytest.mark.parametrize(
    ("first_line", "words"),
    [
        ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "still rendering after 0.5 s"),
        ("{% set x = 'x' * 10**9 %}", "'*' would make 1,000,000,000 items"),
        ("{% set x = 10 ** 100000000 %}", "'**' with a power of 100,000,000"),
    ],
    ids=["loops-within-loops", "repeat", "power"],
)
def test_a_template_that_would_render_without_end_is_stopped_at_its_line(tmp_path, monkeypatch, first_line, words):
    from hi5pnp.render import sandbox

    monkeypatch.setattr(sandbox, "MAX_RENDER_SECONDS", 0.5)
    templates = tmp_path / "templates"
    shutil.copytree(template_folder(), templates)
    card = templates / "competitor.yaml.j2"
    card.write_text(first_line + "\n" + card.read_text())
    start = time.perf_counter()
    result = invoke("preview", "1a", "--templates", str(templates), "--out", str(tmp_path / "p.png"))
    assert time.perf_counter() - start < 5
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{card}:1: " in result.stderr and words in result.stderr, result.stderr
