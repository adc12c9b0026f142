"""A font a templates folder brings, from a stranger: read whole by fontTools
and tried as embedding will before it is used, so that a damaged file is one
fault naming it, never a traceback (docs/templates.md, "Fonts of one's own")."""

from __future__ import annotations

import random
import struct
import subprocess
import sys
import textwrap
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
