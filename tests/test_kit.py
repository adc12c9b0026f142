"""The built kit read back with pypdf: sizes, pages, fonts, metadata, and the
manifest checked against where the PDF really draws each face."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdf
import pytest
from deckfix import CARDS, bundled_kit

from hi5pnp.deck import load_deck
from hi5pnp.errors import TemplateError
from hi5pnp.kit import BuildOptions, make_kit, write_kit
from hi5pnp.render.cardsize import CARD_SIZES

PT = 72 / 25.4
PAPER_PT = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}
BASE14 = {"Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats"}


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    built = bundled_kit("en")
    write_kit(built.files, out)
    return out, built


def reader(out: Path, name: str) -> pypdf.PdfReader:
    return pypdf.PdfReader(out / name)


def test_files_and_page_counts(kit):
    out, _ = kit
    expected = {"cards-duplex": 4, "cards-fold": 4, "duplex-alignment": 2, "scorecards": 1, "tokens": 1, "quickref": 2, "record-sheet": 5}
    for paper in ("a4", "letter"):
        for stem, pages in expected.items():
            r = reader(out, f"{stem}-{paper}.pdf")
            assert len(r.pages) == pages, (stem, paper)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes(kit, paper):
    out, _ = kit
    w, h = PAPER_PT[paper]
    for stem in ("cards-duplex", "duplex-alignment", "scorecards", "tokens", "cards-fold", "rulebook", "quickref", "record-sheet", "kit"):
        for page in reader(out, f"{stem}-{paper}.pdf").pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx(sorted((w, h)), abs=0.01), stem
    # fold-and-sleeve sheets are landscape; so are the duplex sheets with the
    # default 1 mm bleed (A4 portrait holds 3 × 3, but its crop marks would be
    # short; landscape takes as few sheets with marks of full length)
    fold = reader(out, f"cards-fold-{paper}.pdf").pages[0]
    assert float(fold.mediabox.width) > float(fold.mediabox.height)
    for stem in ("cards-duplex", "duplex-alignment"):
        page = reader(out, f"{stem}-{paper}.pdf").pages[0]
        assert float(page.mediabox.width) > float(page.mediabox.height), stem


def _fonts(obj, seen: set) -> list:
    """Every font dictionary reachable from a resources dictionary."""
    found = []
    obj = obj.get_object()
    fonts = obj.get("/Font")
    if fonts:
        found.extend(f.get_object() for f in fonts.get_object().values())
    for xo in (obj.get("/XObject") or {}).values():
        xo = xo.get_object()
        key = id(xo)
        if key not in seen and "/Resources" in xo:
            seen.add(key)
            found.extend(_fonts(xo["/Resources"], seen))
    return found


def test_every_font_is_embedded(kit):
    out, built = kit
    for name in built.files:
        if not name.endswith(".pdf"):
            continue
        fonts = []
        for page in reader(out, name).pages:
            fonts.extend(_fonts(page["/Resources"], set()))
        assert fonts, name
        for font in fonts:
            base = str(font["/BaseFont"]).lstrip("/")
            assert base.split("+")[-1] not in BASE14, (name, base)
            descriptor = font["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (name, base)


def test_metadata(kit):
    out, built = kit
    for name in built.files:
        if name.endswith(".pdf"):
            meta = reader(out, name).metadata
            assert meta.title.startswith("High Five: The Golden Gauntlet"), name
            assert "Michael Purcell" in meta.author
            assert "CC BY-SA 4.0" in meta.subject


def test_manifest_cards_are_poker_sized(kit):
    out, _ = kit
    manifest = json.loads((out / "manifest.json").read_text())
    rows = manifest["cards"]
    assert len(rows) == 2 * 2 * 32  # two papers, two methods, 32 faces
    for row in rows:
        assert (row["width"], row["height"]) == (63.5, 88.9)
    faces = {r["face"] for r in rows if r["kind"] == "competitor"}
    assert len(faces) == 20 and "3a" in faces and "10b" in faces


def _placed_forms(page) -> list[tuple[float, float, float, float, int]]:
    """Where each form XObject on a page is drawn: (x0, y0, x1, y1) of its unit
    box corners (0,0) and (w,h) in page points, plus the rotation seen."""
    content = pypdf.generic.ContentStream(page.get_contents(), page.pdf)
    stack, ctm, placed = [], [1, 0, 0, 1, 0, 0], []

    def mul(m, n):
        a, b, c, d, e, f = m
        A, B, C, D, E, F = n
        return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]

    for operands, op in content.operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = mul([float(v) for v in operands], ctm)
        elif op == b"Do":
            xo = page["/Resources"]["/XObject"][operands[0]].get_object()
            if "/BBox" not in xo:
                continue
            placed.append((ctm, xo))
    return placed


def test_manifest_matches_the_pdf(kit):
    """Every manifest row is a form drawn at that spot of that page."""
    out, _ = kit
    rows = json.loads((out / "manifest.json").read_text())["cards"]
    by_page: dict = {}
    for row in rows:
        by_page.setdefault((row["file"], row["page"]), []).append(row)
    for (name, page_no), page_rows in by_page.items():
        page = reader(out, name).pages[page_no - 1]
        drawn = []
        for ctm, _xo in _placed_forms(page):
            a, _b, _c, d, e, f = ctm
            rotation = 180 if a < 0 and d < 0 else 0
            if rotation:
                x, y = e / PT - 63.5, f / PT - 88.9
            else:
                x, y = e / PT, f / PT
            drawn.append((round(x, 2), round(y, 2), rotation))
        expected = [(round(r["x"], 2), round(r["y"], 2), r["rotation"]) for r in page_rows]
        assert sorted(drawn) == sorted(expected), (name, page_no)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])  # Letter where A4 is read back: a repeat
def test_nine_cards_a_sheet_inside_the_paper(kit, paper):
    """With the default 1 mm bleed, both papers go 4 × 2 landscape: A4 could
    hold 3 × 3 portrait and Letter 3 × 2, but with too little room for full
    crop marks (A4) or in more sheets (Letter); the 16 cards take two sheets.
    Without bleed, A4 portrait 3 × 3 has its full marks and wins."""
    _, built = kit
    rows = [r for r in built.manifest["cards"] if r["file"] == f"cards-duplex-{paper}.pdf"]
    h, w = (p / PT for p in PAPER_PT[paper])
    per_page = {}
    for r in rows:
        per_page[r["page"]] = per_page.get(r["page"], 0) + 1
        assert r["x"] >= 5 and r["x"] + r["width"] <= w - 5
        assert r["y"] >= 5 and r["y"] + r["height"] <= h - 5
    assert (per_page[1], per_page[2]) == (8, 8)
    butted = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), bleed=0))
    assert [r["page"] for r in butted.manifest["cards"] if r["file"] == "cards-duplex-a4.pdf"].count(1) == 9


def _pairs(rows, file):
    fronts = {(r["page"], r["kind"], r["face"][:-1]): r for r in rows if r["file"] == file and r["side"] == "front"}
    backs = {(r["page"] - 1, r["kind"], r["face"][:-1]): r for r in rows if r["file"] == file and r["side"] == "back"}
    assert fronts.keys() == backs.keys() and fronts
    return [(fronts[k], backs[k]) for k in fronts]


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
def test_duplex_back_is_exactly_behind_its_front(kit, paper):
    """Long-edge flip: a landscape sheet (both papers with the default bleed)
    turns over its horizontal long edge, so y mirrors and the back is drawn
    turned 180°; a portrait sheet (A4 without bleed) mirrors x about the page
    centre."""
    _, built = kit
    width = PAPER_PT[paper][0] / PT  # the landscape page's height
    for front, back in _pairs(built.manifest["cards"], f"cards-duplex-{paper}.pdf"):
        assert front["face"][-1] == "a" and back["face"][-1] == "b"
        assert back["x"] == pytest.approx(front["x"], abs=0.002)
        assert back["y"] == pytest.approx(width - front["y"] - front["height"], abs=0.002)
        assert (front["rotation"], back["rotation"]) == (0, 180)
    portrait = make_kit(load_deck(CARDS), BuildOptions(papers=(paper,), bleed=0)).manifest["cards"]
    for front, back in _pairs(portrait, f"cards-duplex-{paper}.pdf"):
        if paper == "a4":  # Letter stays landscape without bleed (portrait's marks would be 2.3 mm)
            assert back["x"] == pytest.approx(width - front["x"] - front["width"], abs=0.002)
            assert back["y"] == pytest.approx(front["y"], abs=0.002)
            assert back["rotation"] == front["rotation"] == 0


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_short_edge_flip_and_back_offset():
    deck = load_deck(CARDS)
    built = make_kit(deck, BuildOptions(papers=("a4",), flip="short", back_offset=(1.5, -0.5), bleed=0))  # portrait
    height = PAPER_PT["a4"][1] / PT
    for front, back in _pairs(built.manifest["cards"], "cards-duplex-a4.pdf"):
        # the sheet turns top to bottom: y mirrors, and the back is turned 180°
        assert back["x"] == pytest.approx(front["x"] + 1.5, abs=0.002)
        assert back["y"] == pytest.approx(height - front["y"] - front["height"] - 0.5, abs=0.002)
        assert back["rotation"] == 180


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])  # Letter where A4 is read back: a repeat
def test_fold_pairs_are_symmetric_about_the_fold(kit, paper):
    _, built = kit
    rows = [r for r in built.manifest["cards"] if r["file"] == f"cards-fold-{paper}.pdf"]
    left = {(r["kind"], r["face"][:-1]): r for r in rows if r["side"] == "fold-left"}
    right = {(r["kind"], r["face"][:-1]): r for r in rows if r["side"] == "fold-right"}
    assert left.keys() == right.keys() and len(left) == 16
    for key, a in left.items():
        b = right[key]
        fold = a["x"] + a["width"]
        assert b["x"] == pytest.approx(fold)  # mirror images about x = fold
        assert fold - a["x"] == pytest.approx(b["x"] + b["width"] - fold)
        assert (a["y"], a["height"], a["page"]) == (b["y"], b["height"], b["page"])
        assert a["face"].endswith("a") and b["face"].endswith("b")


@pytest.mark.slow  # every day, test_output_fresh.py builds the kit afresh and finds the committed bytes
def test_same_input_same_bytes(kit):
    _, built = kit
    again = make_kit(load_deck(CARDS), BuildOptions())
    assert again.files == built.files


@pytest.mark.slow
def test_bleed_spaces_the_cards():
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), bleed=2.0))
    rows = [r for r in built.manifest["cards"] if r["file"] == "cards-duplex-a4.pdf" and r["page"] == 1]
    xs = sorted({r["x"] for r in rows})
    ys = sorted({r["y"] for r in rows})
    # 3 × (63.5 + 4) mm no longer fits across portrait A4 (2 × 3 = 6 cards); a
    # landscape sheet holds 4 × 2 = 8, so the sheets turn
    assert (len(xs), len(ys)) == (4, 2)
    assert xs[1] - xs[0] == pytest.approx(63.5 + 4.0) and ys[1] - ys[0] == pytest.approx(88.9 + 4.0)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["poker", *(pytest.param(n, marks=pytest.mark.slow) for n in ("bridge", "euro", "american", "tarot"))])
def test_every_card_size_preset_builds(name):
    """Every full-size preset builds the bundled deck: names fit, the grid fits."""
    card = CARD_SIZES[name]
    size = (card.width, card.height)
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("letter",), card=card))
    rows = [r for r in built.manifest["cards"] if r["file"] == "cards-duplex-letter.pdf"]
    assert len(rows) == 2 * 16 and all((r["width"], r["height"]) == size for r in rows)
    reader = pypdf.PdfReader(io.BytesIO(built.files["cards-duplex-letter.pdf"]))
    per_sheet = sum(1 for r in rows if r["page"] == 1)
    assert len(reader.pages) == 2 * -(-16 // per_sheet)


@pytest.mark.parametrize("name", ["mini-euro", "mini-american"])
def test_mini_card_sizes_are_refused_not_drawn_overlapping(name):
    """The rings hold the printed 9 mm chits and 13 mm tokens: on a mini card
    they would overlap, so the layout is refused, naming the two elements."""
    with pytest.raises(TemplateError) as caught:
        make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), card=CARD_SIZES[name]))
    message = caught.value.faults[0].message
    assert "element 'token'" in message and "overlaps element 'chit-1'" in message and "choose a bigger card size" in message


def test_record_sheet_has_numbered_turn_lines_per_round(kit):
    out, _ = kit
    reader = pypdf.PdfReader(out / "record-sheet-a4.pdf")
    assert len(reader.pages) == 1 + 3 + 1  # the set-up, a page per round, a spare for a long round
    first = reader.pages[0].extract_text()
    assert "3a assist 7b 2a:chit" in first and "NORTH" in first and "SOUTH" in first
    for field in ("Table", "Edition played", "North's signature", "South's signature"):
        assert field in first, field  # a game is found by its table, checked under the edition ticked, signed by both
    for k, page in enumerate(reader.pages[1:], 1):
        text = page.extract_text()
        assert (f"Round {k}" if k <= 3 else "Round ___, continued") in text
        assert "no line left blank" in text and "Table" in text
        numbers = {int(n) for n in text.split() if n.isdigit()}
        first = 1 if k <= 3 else min(n for n in numbers if n > 90)  # the spare page carries on the round's count
        assert set(range(first, first + 90)) <= numbers  # at least 90 numbered turn lines


def _form_boxes(page) -> list[tuple[float, float]]:
    """The horizontal extent (mm) of each form drawn on a page, bleed included."""
    boxes = []
    for ctm, xo in _placed_forms(page):
        x0, _, x1, _ = (float(v) for v in xo["/BBox"])
        boxes.append((round((ctm[4] + x0) / PT, 2), round((ctm[4] + x1) / PT, 2)))
    return sorted(boxes)


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_fold_pairs_with_bleed_meet_at_the_fold():
    """With bleed, neither face of a pair paints over the other at the fold."""
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), bleed=3.0))
    rows = [r for r in built.manifest["cards"] if r["file"] == "cards-fold-a4.pdf" and r["page"] == 1]
    page = pypdf.PdfReader(io.BytesIO(built.files["cards-fold-a4.pdf"])).pages[0]
    boxes = _form_boxes(page)
    for left in (r for r in rows if r["side"] == "fold-left"):
        fold = round(left["x"] + left["width"], 2)
        assert (round(left["x"] - 3.0, 2), fold) in boxes  # bleed on the outer side only
        assert (fold, round(fold + left["width"] + 3.0, 2)) in boxes


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_short_flip_quick_reference_backs():
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), flip="short"))
    page = pypdf.PdfReader(io.BytesIO(built.files["quickref-a4.pdf"])).pages[1]
    rotations = {180 if ctm[0] < 0 else 0 for ctm, _ in _placed_forms(page)}
    assert rotations == {180}  # turned, as duplex card backs are for a short-edge flip
    notes = pypdf.PdfReader(io.BytesIO(built.files["kit-a4.pdf"])).pages[0].extract_text()
    assert "short edge" in notes and "long edge" not in notes


@pytest.mark.slow
def test_back_offset_off_the_paper_is_refused():
    from hi5pnp.errors import LayoutError

    with pytest.raises(LayoutError, match="moves the card backs off the paper"):
        make_kit(load_deck(CARDS), BuildOptions(papers=("letter",), back_offset=(-15.0, 0.0)))


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_a_rebuild_with_fewer_papers_removes_the_others(tmp_path):
    write_kit(make_kit(load_deck(CARDS), BuildOptions()).files, tmp_path)
    assert (tmp_path / "kit-letter.pdf").exists()
    kit = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",)))
    write_kit(kit.files, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kit.files)


@pytest.mark.slow
def test_each_face_is_one_form_per_card_sheet():
    """A face is drawn once per file and placed in its slot (competitor 1a and
    obstacle 1a are different forms)."""
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",)))
    forms = set()
    for page in pypdf.PdfReader(io.BytesIO(built.files["cards-duplex-a4.pdf"])).pages:
        forms |= set(page["/Resources"]["/XObject"])
    assert len(forms) == 32


@pytest.mark.slow
def test_the_print_dialog_is_told_actual_size_and_how_to_duplex():
    """Every file asks for actual size; files printed all double-sided preselect
    the flip they were built for; the split kit holds every part once."""
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), flip="short"))
    readers = {name: pypdf.PdfReader(io.BytesIO(data)) for name, data in built.files.items() if name.endswith(".pdf")}
    prefs = {name: r.trailer["/Root"]["/ViewerPreferences"] for name, r in readers.items()}
    assert all(p["/PrintScaling"] == "/None" for p in prefs.values()), prefs
    duplex = {name: p.get("/Duplex") for name, p in prefs.items()}
    for name in ("cards-duplex-a4.pdf", "duplex-alignment-a4.pdf", "quickref-a4.pdf", "kit-double-sided-a4.pdf"):
        assert duplex[name] == "/DuplexFlipShortEdge", name
    for name in ("tokens-a4.pdf", "scorecards-a4.pdf", "record-sheet-a4.pdf", "cards-fold-a4.pdf", "kit-one-sided-a4.pdf"):
        assert duplex[name] == "/Simplex", name
    assert duplex["kit-a4.pdf"] is None and duplex["rulebook-a4.pdf"] is None
    pages = {name: len(r.pages) for name, r in readers.items()}
    one = ("rulebook-a4.pdf", "scorecards-a4.pdf", "tokens-a4.pdf", "record-sheet-a4.pdf")
    two = ("duplex-alignment-a4.pdf", "cards-duplex-a4.pdf", "quickref-a4.pdf")
    assert pages["kit-one-sided-a4.pdf"] == 1 + sum(pages[n] for n in one)  # the notes, then each part once
    assert pages["kit-double-sided-a4.pdf"] == 2 + sum(pages[n] for n in two)  # the notes and a blank back, then parts of even length
    notes = readers["kit-a4.pdf"].pages[0].extract_text()
    assert "kit-one-sided-a4.pdf one-sided" in notes and "kit-double-sided-a4.pdf double-sided" in notes
