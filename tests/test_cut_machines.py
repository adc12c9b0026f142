"""Print-then-cut (``build --cut silhouette|cricut``): every cut path lies on a
card's trim line as the manifest gives it, the registration marks are where
docs/kit.md says, and the files are the same bytes every time."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.kit.cut.geometry import CRICUT_LIMIT, SILHOUETTE_ARM, SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_THICKNESS
from hi5pnp.render.cardsize import CardSize

pytestmark = pytest.mark.slow  # CI runs it with the stress tests: README's everyday run stays under a minute

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = 0.1  # mm
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def deck():
    return load_deck()


def _kit(deck, machine: str, radius: float = 3.0, card: str = "poker", papers=("a4", "letter")):
    return make_kit(deck, BuildOptions(papers=papers, only="cards", cut=machine, corner_radius=radius, card=CardSize.parse(card)), jobs=1)


def _boxes(kit, file: str, page: int = 1) -> list[tuple[float, float, float, float]]:
    """The manifest's trim boxes on a page: left, bottom, right, top in mm."""
    return [(r["x"], r["y"], r["x"] + r["width"], r["y"] + r["height"]) for r in kit.manifest["cards"] if r["file"] == file and r["page"] == page]


def _svg_paths(data: bytes) -> tuple[float, float, list[str]]:
    root = ET.fromstring(data)
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    assert root.get("width") == f"{w:g}mm" and root.get("height") == f"{h:g}mm"
    return w, h, [p.get("d") for p in root.iter(f"{SVG}path")]


def _on_rounded_box(x: float, y: float, box, radius: float) -> float:
    """How far (mm) the point (page mm, y up) is from the rounded trim line of ``box``."""
    left, bottom, right, top = box
    cx, cy = min(max(x, left + radius), right - radius), min(max(y, bottom + radius), top - radius)
    if radius and (abs(cx - x) > 1e-9 and abs(cy - y) > 1e-9):  # in a corner: the arc
        return abs(math.hypot(x - cx, y - cy) - radius)
    return min(abs(x - left), abs(x - right), abs(y - bottom), abs(y - top)) if left - 1e-6 <= x <= right + 1e-6 and bottom - 1e-6 <= y <= top + 1e-6 else 99.0


def _path_points(d: str, height: float) -> tuple[list[tuple[float, float]], list[float]]:
    """The end points of a path's commands (M, H, V, A), in page mm with y up; and its arcs' radii."""
    points, radii = [], []
    x = y = 0.0
    for cmd, args in re.findall(r"([MHVAZ])([^MHVAZ]*)", d):
        nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if cmd == "M":
            x, y = nums
        elif cmd == "H":
            x = nums[0]
        elif cmd == "V":
            y = nums[0]
        elif cmd == "A":
            radii += [nums[0], nums[1]]
            x, y = nums[-2], nums[-1]
        else:
            continue
        points.append((x, height - y))
    return points, radii


def _check_cut_file(svg: bytes, boxes, radius: float) -> None:
    _, height, paths = _svg_paths(svg)
    assert len(paths) == len(boxes), "one cut path per card place on a full sheet"
    unmatched = list(boxes)
    for d in paths:
        points, radii = _path_points(d, height)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        extent = (min(xs), min(ys), max(xs), max(ys))
        match = next((b for b in unmatched if all(abs(a - c) <= TOLERANCE for a, c in zip(extent, b))), None)
        assert match is not None, f"the cut path {d[:40]}… lies on no card's trim box"
        unmatched.remove(match)
        assert all(_on_rounded_box(x, y, match, radius) <= TOLERANCE for x, y in points)
        assert all(abs(r - radius) <= 1e-6 for r in radii) and (len(radii) == 8 if radius else not radii)


@pytest.mark.parametrize("radius", [3.0, 0.0])
def test_every_silhouette_cut_path_lies_on_a_cards_trim_line(deck, radius):
    import ezdxf

    kit = _kit(deck, "silhouette", radius)
    for paper in ("a4", "letter"):
        boxes = _boxes(kit, f"cards-cut-silhouette-{paper}.pdf")
        _check_cut_file(kit.files[f"cut-silhouette-{paper}.svg"], boxes, radius)
        doc = ezdxf.read(io.StringIO(kit.files[f"cut-silhouette-{paper}.dxf"].decode()))
        lines = list(doc.modelspace())
        assert len(lines) == len(boxes) and doc.units == 4  # millimetres
        for polyline in lines:
            points = [(p[0], p[1]) for p in polyline.get_points("xy")]
            assert polyline.closed
            box = next(b for b in boxes if all(b[0] - TOLERANCE <= x <= b[2] + TOLERANCE and b[1] - TOLERANCE <= y <= b[3] + TOLERANCE for x, y in points))
            assert all(_on_rounded_box(x, y, box, radius) <= TOLERANCE for x, y in points)


def test_silhouette_sheets_hold_the_cards_documented_and_the_backs_behind_them(deck):
    kit = _kit(deck, "silhouette")
    docs = " ".join((ROOT / "docs" / "kit.md").read_text(encoding="utf-8").split())
    for paper, count in (("a4", 8), ("letter", 6)):
        assert len(_boxes(kit, f"cards-cut-silhouette-{paper}.pdf", 1)) == count
        assert len(_boxes(kit, f"cards-cut-silhouette-{paper}.pdf", 2)) == count  # the backs
        assert re.search(rf"{count} poker cards to a{'n' if paper == 'a4' else ''} {'A4' if paper == 'a4' else 'Letter'} sheet", docs), paper
    rows = [r for r in kit.manifest["cards"] if r["file"] == "cards-cut-silhouette-a4.pdf"]
    cards = len(deck.competitors) + len(deck.obstacles)
    for side in ("front", "back"):
        assert len({(r["kind"], r["face"]) for r in rows if r["side"] == side}) == cards == len([r for r in rows if r["side"] == side])


def _dark_extent(image, box) -> tuple[float, float, float, float] | None:
    """The extent (mm from the page's top left) of the dark pixels of ``image`` (300 dpi) within ``box`` (pixels)."""
    crop = image.crop(box).point(lambda v: 255 if v < 100 else 0)
    found = crop.getbbox()
    if found is None:
        return None
    mm = 25.4 / 300
    return tuple(round((found[k] + box[k % 2]) * mm, 2) for k in range(4))  # type: ignore[return-value]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_registration_marks_are_where_silhouette_studio_looks(deck, paper):
    import pypdfium2 as pdfium

    kit = _kit(deck, "silhouette", papers=(paper,))
    doc = pdfium.PdfDocument(kit.files[f"cards-cut-silhouette-{paper}.pdf"])
    width, height = (v * 25.4 / 72 for v in doc[0].get_size())
    image = doc[0].render(scale=300 / 72).to_pil().convert("L")
    px = 300 / 25.4
    i, s, a, t = SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_ARM, SILHOUETTE_THICKNESS
    near = 0.7 * px  # the pixels looked at reach this far round each mark: less than the cards' clearance

    def around(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        return (round(x0 * px - near), round(y0 * px - near), round(x1 * px + near), round(y1 * px + near))

    marks = {  # each mark's pieces, in mm from the page's top left: left, top, right, bottom
        "square, top left": [(i, i, i + s, i + s)],
        "L, top right": [(width - i - a, i, width - i, i + t), (width - i - t, i, width - i, i + a)],
        "L, bottom left": [(i, height - i - t, i + a, height - i), (i, height - i - a, i + t, height - i)],
    }
    for what, pieces in marks.items():
        dark = set()
        for piece in pieces:  # the dark pixels near each piece: the cards keep further off
            x0, y0, x1, y1 = around(*piece)
            dark |= {(x, y) for y in range(y0, y1) for x in range(x0, x1) if image.getpixel((x, y)) < 100}
        assert dark, what
        found = (min(x for x, _ in dark) / px, min(y for _, y in dark) / px, (max(x for x, _ in dark) + 1) / px, (max(y for _, y in dark) + 1) / px)
        extent = (min(p[0] for p in pieces), min(p[1] for p in pieces), max(p[2] for p in pieces), max(p[3] for p in pieces))
        assert all(abs(f - e) <= 0.2 for f, e in zip(found, extent)), (what, found, extent)
        area = s * s if len(pieces) == 1 else (2 * a - t) * t
        assert abs(len(dark) / px**2 - area) <= 0.3 * area, (what, len(dark) / px**2, area)  # a line of the documented thickness
    # an L is a line, not a block: its inner corner is paper
    assert image.getpixel((round((width - i - a / 2) * px), round((i + a / 2) * px))) > 200
    for piece in [(width - i - a, height - i - t, width - i, height - i), (width - i - t, height - i - a, width - i, height - i)]:
        assert _dark_extent(image, around(*piece)) is None  # no mark bottom right: nothing where an L would lie
    # nothing of a card within the mark's clearance: the cards' boxes keep off every mark
    for left, bottom, right, top in _boxes(kit, f"cards-cut-silhouette-{paper}.pdf"):
        assert left - 1 >= i + t and right + 1 <= width - i - t and bottom - 1 >= i + t and top + 1 <= height - i - s
    assert (i, s, a, t) == (10.0, 5.0, 20.0, 0.3)
    docs = " ".join((ROOT / "docs" / "kit.md").read_text(encoding="utf-8").split())
    assert "a filled 5 mm square" in docs and "20 mm arms 0.3 mm thick" in docs and "10 mm in from" in docs


def test_cricut_pictures_fit_design_spaces_limit_and_their_cut_file(deck):
    from PIL import Image

    kit = _kit(deck, "cricut", papers=("a4",))
    width, height, _ = _svg_paths(kit.files["cut-cricut.svg"])
    pictures = sorted(n for n in kit.files if n.startswith("cut-cricut-") and n.endswith(".png"))
    assert len(pictures) == 8  # 16 cards, 4 to a picture, fronts and backs
    for name in pictures:
        image = Image.open(io.BytesIO(kit.files[name]))
        assert image.mode == "RGBA" and round(image.info["dpi"][0]) == 300
        w, h = (v * 25.4 / 300 for v in image.size)
        assert abs(w - width) <= TOLERANCE and abs(h - height) <= TOLERANCE
        assert (w <= CRICUT_LIMIT[0] and h <= CRICUT_LIMIT[1]) or (w <= CRICUT_LIMIT[1] and h <= CRICUT_LIMIT[0])
        for left, bottom, right, top in _boxes(kit, name):
            corner = (round(left * 300 / 25.4) + 1, round((height - top) * 300 / 25.4) + 1)
            middle = (round((left + right) / 2 * 300 / 25.4), round((height - (top + bottom) / 2) * 300 / 25.4))
            assert image.getpixel(corner)[3] == 0 and image.getpixel(middle)[3] == 255  # the rounded corner is cut away
    _check_cut_file(kit.files["cut-cricut.svg"], _boxes(kit, "cut-cricut-fronts-1.png"), 3.0)
    assert {r["file"] for r in kit.manifest["cards"] if r["file"].startswith("cut-cricut")} == set(pictures)


def test_cut_files_are_the_same_bytes_each_build(deck):
    one, two = _kit(deck, "silhouette", papers=("a4",)), _kit(deck, "silhouette", papers=("a4",))
    assert one.files == two.files
    assert one.manifest["options"]["cut"] == {"machine": "silhouette", "corner_radius": 3.0}
    assert "cut" not in make_kit(deck, BuildOptions(papers=("a4",), only="cards"), jobs=1).manifest["options"]


def test_the_command_line_takes_the_machine_and_the_corner_radius(tmp_path):
    r = CliRunner().invoke(main, ["build", "--cut", "cricut", "--corner-radius", "2", "--paper", "a4", "--only", "cards", "--out", str(tmp_path / "k")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "k" / "cut-cricut.svg").is_file() and "A2,2 " in (tmp_path / "k" / "cut-cricut.svg").read_text()
    wide = CliRunner().invoke(main, ["build", "--cut", "silhouette", "--corner-radius", "40", "--out", str(tmp_path / "k2")])
    assert wide.exit_code == 2 and "corner-radius" in wide.output
    alone = CliRunner().invoke(main, ["build", "--corner-radius", "2", "--out", str(tmp_path / "k4")])
    assert alone.exit_code == 2 and "give --cut too" in alone.output
    for bad in (["--cut", "brother"], ["--corner-radius", "-1"]):
        assert CliRunner().invoke(main, ["build", *bad, "--out", str(tmp_path / "k3")]).exit_code == 2
