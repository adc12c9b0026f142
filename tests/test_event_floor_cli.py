"""The tables' links on paper (``pairings --sheet FILE --url BASE``): a links
file written with the round, a slip a table with the QR code of its page,
the code drawn as exactly segno's modules; and --url refused without the
files it goes with."""

from __future__ import annotations

import json
import subprocess

import segno
from test_checker_cli import run

from hi5pnp.event.floor.qrcode import QUIET, qr_drawing


def test_the_sheet_carries_each_tables_link_as_a_qr_code(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "event.yaml").write_text("players: [Ann Smith, Bo Li, Cai Wen, Di Ng]\n")
    refused = run("pairings", folder, "--sheet", tmp_path / "s.pdf", "--url", "http://10.0.0.5:8765")
    assert refused.exit_code == 2 and "--logs" in refused.output
    assert "such as http://" in run("pairings", folder, "--logs", folder, "--sheet", tmp_path / "s.pdf", "--url", "10.0.0.5").output
    r = run("pairings", folder, "--logs", folder, "--sheet", tmp_path / "s.pdf", "--url", "http://10.0.0.5:8765/")
    assert r.exit_code == 0, r.output
    tokens = json.loads((folder / "round1-links.json").read_text())["tables"]
    assert sorted(tokens) == ["1", "2"] and len(set(tokens.values())) == 2
    assert "round1-links.json" in json.loads((folder / "round1-written.json").read_text())["files"]  # pairings --redo takes it back
    text = subprocess.run(["pdftotext", "-layout", tmp_path / "s.pdf", "-"], capture_output=True, text=True, check=True).stdout
    for token in tokens.values():
        assert f"http://10.0.0.5:8765/event/table/{token}" in text


def test_the_qr_code_is_drawn_as_segnos_modules():
    url = "http://10.0.0.5:8765/event/table/abcdefghijklmnopqrstuvwxyz012345"
    matrix = [[bool(v) for v in row] for row in segno.make(url, error="m", micro=False).matrix]
    n = len(matrix)
    unit = 100 / (n + 2 * QUIET)
    drawn = [[False] * n for _ in range(n)]
    for rect in qr_drawing(url, 100).contents:
        y = round((100 - rect.y) / unit) - QUIET - 1
        for x in range(round(rect.x / unit) - QUIET, round((rect.x + rect.width) / unit) - QUIET):
            assert not drawn[y][x]
            drawn[y][x] = True
    assert drawn == matrix
