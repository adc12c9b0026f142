"""Card-printing services and Tabletop Simulator: exact canvases, the
preflight, the print-shop file's bleed and order, full sheet URLs
(docs/exports.md, "Card-printing services")."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from PIL import Image

from hi5pnp.cli import main
from hi5pnp.data import template_folder
from hi5pnp.kit.exports.tts import HIDDEN_GROUND

pytestmark = pytest.mark.slow  # CI runs it with the stress tests: README's everyday run stays under a minute

MM = 72 / 25.4


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def chunks(path: Path) -> dict[bytes, bytes]:
    """A PNG's chunks before its pixels, by type."""
    data, found, i = path.read_bytes(), {}, 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i : i + 4])
        kind = data[i + 4 : i + 8]
        if kind == b"IDAT":
            break
        found[kind] = data[i + 8 : i + 8 + n]
        i += 12 + n
    return found


@pytest.mark.parametrize("service, size", [("mpc", (822, 1122)), pytest.param("tgc", (825, 1125), marks=pytest.mark.slow)])
def test_a_service_gets_its_exact_canvas_at_300_dpi_in_srgb(tmp_path, service, size):
    out = tmp_path / service
    result = invoke("images", "--for", service, "--out", str(out))
    assert result.exit_code == 0, result.stderr
    faces = sorted(out.glob("*.png"))
    assert len(faces) == 32
    for face in faces[::7]:
        with Image.open(face) as image:
            assert image.size == size, face.name
        found = chunks(face)
        ppm_x, ppm_y, unit = struct.unpack(">IIB", found[b"pHYs"])
        assert unit == 1 and round(ppm_x * 0.0254) == round(ppm_y * 0.0254) == 300  # dots per metre, as PNG has it
        assert found[b"sRGB"] == b"\x00"
    assert json.loads((out / "manifest.json").read_text())["options"]["service"] == service


def test_a_service_sets_the_size_itself(tmp_path):
    result = invoke("images", "--for", "mpc", "--dpi", "600", "--out", str(tmp_path / "x"))
    assert result.exit_code == 2 and "leave out --dpi" in result.stderr and not (tmp_path / "x").exists()


def test_drivethrucards_gets_a_pdf_per_deck_back_then_front_and_is_told_it_is_rgb(tmp_path):
    out = tmp_path / "dtc"
    result = invoke("images", "--for", "dtc", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert "RGB" in result.stderr and "PDF/X-1a" in result.stderr
    reader = pypdf.PdfReader(out / "dtc-competitors.pdf")
    assert len(reader.pages) == 20
    first, second = (reader.pages[k].extract_text() for k in (0, 1))
    assert "1b" in first and "1a" not in first and "1a" in second  # card 1's back (side b), then its front
    page = reader.pages[0]
    assert [round(float(v) / 72, 3) for v in page.mediabox] == [0, 0, 2.75, 3.75]
    assert [round(float(v) / 72, 4) for v in page.trimbox] == [0.125, 0.125, 2.625, 3.625]


def test_the_preflight_passes_the_bundled_deck():
    for service in ("mpc", "tgc", "dtc"):
        result = invoke("preflight", "--for", service)
        assert result.exit_code == 0, result.stdout + result.stderr
        assert "32 faces pass" in result.stdout


def test_the_preflight_names_the_face_and_element_in_the_cut_tolerance(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(template_folder(), templates)
    source = templates / "competitor.yaml.j2"
    text = source.read_text().replace("safe: {{ card.safe }}", "safe: 1")  # a designer's own template, its safe line nearer the cut
    text = text.replace("y: {{ 4.5 + 7.1 * s }}, text: {{ face.name }}", "y: {{ 3.6 + (1 if face.id == '3a' else 7.1) * s }}, text: {{ face.name }}")
    source.write_text(text)
    assert invoke("validate").exit_code == 0
    result = invoke("preflight", "--for", "tgc", "--templates", str(templates))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert (
        lines[0].startswith("competitor face 3a: element 'name' (text 'Lyra Lightfoot') reaches 1.7 mm from the cut")
        and "3.2 mm cut tolerance of The Game Crafter" in lines[0]
    )
    assert len(lines) == 2  # only that face; the count last
    refused = invoke("images", "--for", "tgc", "--templates", str(templates), "--out", str(tmp_path / "img"))
    assert refused.exit_code == 1 and "competitor face 3a" in refused.stderr and not (tmp_path / "img").exists()


def test_build_bleed_and_service_shape_the_print_shop_file(tmp_path):
    assert invoke("build", "--out", str(tmp_path / "b"), "--paper", "a4", "--bleed", "2").exit_code == 0
    page = pypdf.PdfReader(tmp_path / "b" / "cards-print-shop.pdf").pages[0]
    assert [round(float(v) / MM, 2) for v in page.mediabox] == [0, 0, 67.5, 92.9]
    dtc = invoke("build", "--out", str(tmp_path / "d"), "--paper", "a4", "--for", "dtc")
    assert dtc.exit_code == 0 and "cards-print-shop.pdf is RGB" in dtc.stderr and "PDF/X-1a" in dtc.stderr
    reader = pypdf.PdfReader(tmp_path / "d" / "cards-print-shop.pdf")
    assert [round(float(v) / 72, 3) for v in reader.pages[0].mediabox] == [0, 0, 2.75, 3.75]
    assert "1b" in reader.pages[0].extract_text()


def test_tts_url_names_every_sheet_by_its_full_address_with_a_hidden_card(tmp_path):
    out = tmp_path / "im"
    result = invoke("images", "--out", str(out), "--dpi", "40", "--tts", "--tts-url", "https://example.org/hi5/")
    assert result.exit_code == 0, result.stderr
    for kind in ("competitor", "obstacle"):
        obj = json.loads((out / "tts" / f"{kind}.json").read_text())["ObjectStates"][0]
        decks = [obj["CustomDeck"], *(card["CustomDeck"] for card in obj["ContainedObjects"])]
        urls = [d[key] for custom in decks for d in custom.values() for key in ("FaceURL", "BackURL")]
        assert urls and all(u.startswith("https://example.org/hi5/") and u.endswith(".png") and "//" not in u[8:] for u in urls)
        custom = obj["CustomDeck"]["1"]
        assert custom["BackIsHidden"] is False  # hidden cards show the face sheet's last cell
        with Image.open(out / "tts" / Path(custom["FaceURL"]).name) as sheet:
            w, h = sheet.size
            assert sheet.convert("RGB").getpixel((w - w // custom["NumWidth"] // 2, h - 3)) == HIDDEN_GROUND
    assert invoke("images", "--out", str(tmp_path / "x"), "--tts-url", "https://e.org").exit_code == 2
    assert invoke("images", "--out", str(tmp_path / "x"), "--tts", "--tts-url", "e.org/hi5").exit_code == 2


def test_the_preflight_finds_a_short_background_and_a_picture_too_coarse():
    from hi5pnp.deck.model import Picture
    from hi5pnp.kit.exports.preflight import check_layout
    from hi5pnp.render.elements.figures import Image, Rect
    from hi5pnp.render.layout import Layout

    picture = Picture(b"", "PNG", 100, 100, "art.png", ("cards/competitors.yaml", 3, 8))
    elements = (
        Rect(id="background", layer="background", x=0, y=0, w=63.5, h=88.9, fill="#FFFFFF"),
        Image(id="art", x=10, y=10, w=20, h=20, src="art"),  # 100 px over 20 mm: 127 dpi
        Rect(id="frame", layer="decoration", x=3.3, y=3.3, w=56.9, h=82.3, r=2, stroke="#000000", lw=0.5),
    )
    layout = Layout("competitor.yaml.j2", 63.5, 88.9, 3.175, elements, images={"art": picture})
    found = check_layout(layout, "competitor face 1a", 3.175, 3.175, "The Game Crafter", 300)
    assert any("competitor face 1a: its picture (100 × 100 px) prints at 127 dpi" in f for f in found), found
    assert any("no background reaches the 3.17 mm bleed" in f for f in found), found
    # the frame's line is half in: its stroke reaches 3.05 mm from the cut
    assert any("element 'frame' reaches 3.0 mm from the cut" in f or "element 'frame' reaches 3.1 mm from the cut" in f for f in found), found
