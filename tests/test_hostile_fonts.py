"""A font a templates folder brings, from a stranger: read whole by fontTools
and tried as embedding will before it is used, so that a damaged file is one
fault naming it, never a traceback (docs/templates.md, "Fonts of one's own")."""

from __future__ import annotations

import io
import random
import struct
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import reportlab
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hi5pnp.cli import main
from hi5pnp.errors import TemplateError
from hi5pnp.render.template import Templates

VERA = (Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf").read_bytes()


def folder_with(tmp_path: Path, data: bytes, name: str = "Own.ttf") -> Templates:
    (tmp_path / "fonts").mkdir(exist_ok=True)
    (tmp_path / "fonts" / name).write_bytes(data)
    return Templates(tmp_path)


def renamed_table(data: bytes, tag: bytes) -> bytes:
    """The font with the table ``tag`` named otherwise in its directory (so it lacks it)."""
    count = struct.unpack(">H", data[4:6])[0]
    out = bytearray(data)
    for i in range(count):
        at = 12 + 16 * i
        if out[at : at + 4] == tag:
            out[at : at + 4] = b"zzzz"
    return bytes(out)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (VERA[: len(VERA) // 3], "font"),
        (VERA[:100], "is not a TrueType font"),
        (b"\x00\x01\x00\x00" + bytes(random.Random(3).randrange(256) for _ in range(4000)), "font"),
        (renamed_table(VERA, b"glyf"), "no 'glyf' table"),
        (renamed_table(VERA, b"cmap"), "no 'cmap' table"),
        (b"", "is not a TrueType font"),
    ],
    ids=["truncated", "header-only", "garbage", "no-glyf", "no-cmap", "empty"],
)
def test_a_damaged_font_is_one_fault_naming_it(tmp_path, data, words):
    templates = folder_with(tmp_path, data)
    with pytest.raises(TemplateError) as caught:
        templates.font("Own.ttf")
    fault = caught.value.faults[0]
    assert fault.path.endswith("fonts/Own.ttf") and words in fault.message, fault


def test_a_font_over_its_size_is_refused_unread(tmp_path):
    (tmp_path / "fonts").mkdir()
    with (tmp_path / "fonts" / "Big.ttf").open("wb") as f:
        f.truncate((32 << 20) + 1)  # sparse: nothing to read, if it were read
    with pytest.raises(TemplateError) as caught:
        Templates(tmp_path).font("Big.ttf")
    assert "is 33,554,433 bytes; a font may have at most 33,554,432" in caught.value.faults[0].message


def test_a_sound_font_is_still_used(tmp_path):
    assert folder_with(tmp_path, VERA).font("Own.ttf").startswith("hi5own-")


def with_tables(**tables: bytes) -> bytes:
    """Vera with the tables named (``OS_2`` for 'OS/2') replaced by the raw bytes given."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.sfnt import SFNTWriter

    raw = {}
    with TTFont(io.BytesIO(VERA), lazy=True) as font:
        tags = font.keys()  # a TTFont is not iterable
        for tag in tags:
            if tag != "GlyphOrder":  # fontTools' own pseudo-table
                raw[tag] = font.getTableData(tag)
    raw.update({tag.replace("_", "/").ljust(4): data for tag, data in tables.items()})
    out = io.BytesIO()
    writer = SFNTWriter(out, len(raw), sfntVersion=b"\0\1\0\0")
    for tag in sorted(raw):
        writer[tag] = raw[tag]
    writer.close()
    return out.getvalue()


def cmap_of(subtable: bytes, platform: int = 3, encoding: int = 10) -> bytes:
    return struct.pack(">HHHHL", 0, 1, platform, encoding, 12) + subtable


def groups(kind: int, spans: list[tuple[int, int, int]]) -> bytes:
    body = b"".join(struct.pack(">LLL", *g) for g in spans)
    return struct.pack(">HHLLL", kind, 0, 16 + len(body), 0, len(spans)) + body


def overlapping_segments(count: int) -> bytes:
    """A format 4 subtable of ``count`` segments each from 0 to 0xFFFE (and the closing one), its length field 0."""
    n = count + 1
    ends, starts = [0xFFFE] * count + [0xFFFF], [0] * count + [0xFFFF]
    body = struct.pack(">HHHH", 2 * n, 0, 0, 0) + struct.pack(f">{n}H", *ends) + b"\0\0" + struct.pack(f">{n}H", *starts)
    return struct.pack(">HHH", 4, 0, 0) + body + struct.pack(f">{n}h", *[1] * n) + bytes(2 * n)


@pytest.mark.parametrize(
    "cmap",
    [
        cmap_of(groups(12, [(0, 0xFFFFFFFF, 1)])),
        cmap_of(groups(12, [(0, 0x10FFFF, 1)] * 3)),
        cmap_of(groups(13, [(0, 0x10FFFF, 1)] * 3)),
        cmap_of(overlapping_segments(30000), 3, 1),
    ],
    ids=["format-12-four-billion", "format-12-overlapping", "format-13-overlapping", "format-4-overlapping"],
)
def test_a_character_map_claiming_more_than_unicode_is_refused_unwalked(tmp_path, cmap):
    """reportlab walks every character a subtable's ranges claim (3 GB and
    12-48 s before these were counted first); such a map is one fault, at once."""
    templates = folder_with(tmp_path, with_tables(cmap=cmap))
    started = time.perf_counter()
    with pytest.raises(TemplateError) as caught:
        templates.font("Own.ttf")
    assert time.perf_counter() - started < 1
    fault = caught.value.faults[0]
    assert fault.path.endswith("fonts/Own.ttf") and "characters; a font maps at most 1,114,112" in fault.message, fault


def test_a_table_reportlab_never_reads_is_never_read(tmp_path):
    """A GPOS table of 30,000 lookups each sharing one lookup of 30,000
    subtables, all one (900 million to read whole; fontTools ran past
    120 s): left unread, the font used."""
    lookups = subtables = 30000
    lookup = struct.pack(">HHH", 1, 0, subtables) + struct.pack(f">{subtables}H", *[6 + 2 * subtables] * subtables)
    single = struct.pack(">HHHh", 1, 8, 4, 10) + struct.pack(">HHH", 1, 1, 5)
    gpos = struct.pack(">LHHH", 0x00010000, 10, 12, 14) + bytes(4) + struct.pack(f">H{lookups}H", lookups, *[2 + 2 * lookups] * lookups) + lookup + single
    templates = folder_with(tmp_path, with_tables(GPOS=gpos))
    started = time.perf_counter()
    assert templates.font("Own.ttf").startswith("hi5own-")
    assert time.perf_counter() - started < 1


def test_glyphs_of_many_points_are_not_expanded(tmp_path):
    """300 glyphs of 65,535 points each in 160 KB (fontTools expanding every
    glyph ran past 120 s and 2 GB for 3,000 of them): reportlab copies a
    simple glyph unread, so it is not read here either."""
    count = 300
    glyph = struct.pack(">hhhhhHH", 1, 0, 0, 100, 100, 65534, 0) + bytes([0x39, 255]) * 255 + bytes([0x39, 254])
    glyph += bytes(-len(glyph) % 4)
    head = bytearray(table(VERA, b"head"))
    head[50:52] = struct.pack(">h", 1)  # long offsets
    maxp = bytearray(table(VERA, b"maxp"))
    maxp[4:6] = struct.pack(">H", count)
    hhea = bytearray(table(VERA, b"hhea"))
    hhea[34:36] = struct.pack(">H", count)
    font = with_tables(
        glyf=glyph * count,
        loca=struct.pack(f">{count + 1}L", *[i * len(glyph) for i in range(count + 1)]),
        hmtx=struct.pack(">Hh", 500, 0) * count,
        head=bytes(head),
        maxp=bytes(maxp),
        hhea=bytes(hhea),
        post=struct.pack(">L", 0x00030000) + table(VERA, b"post")[4:32],
    )
    templates = folder_with(tmp_path, font)
    started = time.perf_counter()
    assert templates.font("Own.ttf").startswith("hi5own-")
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize(("contours", "part", "words"), [(-2, 0, "has -2 contours"), (-1, 60000, "is made of a glyph the font does not have")])
def test_a_glyph_reportlab_would_follow_wrongly_is_a_fault(tmp_path, contours, part, words):
    """A composite whose part is past the glyphs, or a count of contours
    below -1 (reportlab reads either as a composite), is one fault."""
    from fontTools.ttLib import TTFont

    with TTFont(io.BytesIO(VERA), lazy=True) as font:
        loca = list(font["loca"])
    glyf = bytearray(table(VERA, b"glyf"))
    first = next(i for i in range(len(loca) - 1) if loca[i + 1] - loca[i] >= 16)
    at = loca[first]
    glyf[at : at + 16] = struct.pack(">hhhhhHHhh", contours, 0, 0, 10, 10, 0x0001, part, 0, 0)
    with pytest.raises(TemplateError) as caught:
        folder_with(tmp_path, with_tables(glyf=bytes(glyf))).font("Own.ttf")
    assert words in caught.value.faults[0].message, caught.value.faults[0]


def table(data: bytes, tag: bytes) -> bytes:
    """The raw bytes of one of a font's tables."""
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        at = 12 + 16 * i
        if data[at : at + 4] == tag:
            offset, length = struct.unpack(">LL", data[at + 8 : at + 16])
            return data[offset : offset + length]
    raise KeyError(tag)


BUILD = textwrap.dedent(
    """
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from hi5pnp.cli import main
    main(["preview", "1a", "--templates", sys.argv[1], "--out", sys.argv[2]])
    """
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(VERA) - 1), st.integers(0, 255)), min_size=1, max_size=12), st.integers(100, len(VERA)))
def test_mutated_fonts_give_a_fault_or_a_card_never_a_traceback(tmp_path_factory, changes, keep):
    """Fonts damaged at random (bytes changed, the file cut short), set on
    the card's name and previewed in a process of 1 GiB: each previews or is
    one fault naming the font."""
    from hi5pnp.data import template_folder

    folder = tmp_path_factory.mktemp("looks")
    import shutil

    shutil.copytree(template_folder(), folder, dirs_exist_ok=True)
    data = bytearray(VERA[:keep])
    for at, value in changes:
        if at < len(data):
            data[at] = value
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Display.ttf").write_bytes(bytes(data))
    card = folder / "competitor.yaml.j2"
    text = card.read_text(encoding="utf-8").replace("safe: {{ card.safe }}\n", "fonts: {display: Display.ttf}\nsafe: {{ card.safe }}\n", 1)
    card.write_text(text.replace("text: {{ face.name }}, font: bold,", "text: {{ face.name }}, font: display,", 1), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", BUILD, str(folder), str(folder / "p.png")], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in run.stderr, run.stderr[-3000:]
    assert run.returncode == 0 or (run.returncode == 1 and "Display.ttf" in run.stderr and len(run.stderr.strip().splitlines()) == 1), run.stderr


def test_the_cli_tells_a_damaged_font_in_one_line(tmp_path):
    folder = tmp_path / "looks"
    import shutil

    from hi5pnp.data import template_folder

    shutil.copytree(template_folder(), folder)
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Display.ttf").write_bytes(VERA[:5000])
    card = folder / "competitor.yaml.j2"
    card.write_text(card.read_text(encoding="utf-8").replace("safe: {{ card.safe }}\n", "fonts: {display: Display.ttf}\nsafe: {{ card.safe }}\n", 1))
    result = CliRunner().invoke(main, ["preview", "1a", "--templates", str(folder), "--out", str(tmp_path / "p.png")])
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1 and "Display.ttf: is not a TrueType font" in result.stderr, result.stderr


REGISTER = textwrap.dedent(
    """
    import resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from hi5pnp.render.fonts import FontError, register_own
    for name in sys.argv[1:]:
        started = time.perf_counter()
        try:
            register_own(open(name, "rb").read())
        except FontError:
            pass
        assert time.perf_counter() - started < 10, name
    print("done")
    """
)
SPANS = st.lists(st.tuples(st.integers(0, 0xFFFFFFFF), st.integers(0, 0xFFFFFFFF), st.integers(0, 0xFFFF)), min_size=1, max_size=6)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from([4, 12, 13]), SPANS, st.integers(1, 5000)), min_size=4, max_size=4))
def test_fuzzed_character_maps_are_a_fault_or_a_font_in_time(tmp_path_factory, maps):
    """Character maps of random ranges, repeated many times, registered in a
    process of 1 GiB: each font is used or one fault, within 10 s."""
    folder = tmp_path_factory.mktemp("maps")
    names = []
    for i, (kind, spans, repeat) in enumerate(maps):
        if kind == 4:
            n = min(repeat, 8000)
            starts = [s & 0xFFFF for s, _, _ in spans] * n
            ends = [e & 0xFFFF for _, e, _ in spans] * n
            count = len(starts) + 1
            body = struct.pack(">HHHH", 2 * count, 0, 0, 0) + struct.pack(f">{count}H", *ends, 0xFFFF) + b"\0\0" + struct.pack(f">{count}H", *starts, 0xFFFF)
            sub = (
                struct.pack(">HHH", 4, 0, min(0xFFFF, 6 + len(body) + 4 * count))
                + body
                + struct.pack(f">{count}H", *[g for _, _, g in spans] * n, 1)
                + bytes(2 * count)
            )
            cmap = cmap_of(sub, 3, 1)
        else:
            cmap = cmap_of(groups(kind, spans * repeat))
        path = folder / f"map{i}.ttf"
        path.write_bytes(with_tables(cmap=cmap))
        names.append(str(path))
    run = subprocess.run([sys.executable, "-c", REGISTER, *names], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr[-3000:]
