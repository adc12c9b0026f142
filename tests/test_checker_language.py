"""``check --lang``: the verdict in words and the printable verdict in the
language asked for, the rule citations the same in every language, the
JSON the same in every language."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from hi5pnp.cli import main

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.yaml"))
#: a few logs every run checks in both languages (valid, a rules fault, a written value, a bye); the slow run checks them all
EVERYDAY = {"bring_too_many", "dispute_score", "chit_limit", "bye", "valid_ed2"}
LOGS = [pytest.param(log, id=log.stem, marks=() if log.stem in EVERYDAY else pytest.mark.slow) for log in GOLDEN]
CITED = re.compile(r"R-\d+|§\d+")


def check(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("log", LOGS)
def test_the_json_and_the_exit_status_are_the_same_in_every_language(log):
    english = check("--json", str(log))
    assert check("--json", "--lang", "de", str(log)) == english


@pytest.mark.parametrize("log", LOGS)
def test_the_verdict_in_german_cites_the_same_rules_and_lines(log):
    code, out, err = check(str(log))
    de_code, de_out, de_err = check("--lang", "de", str(log))
    assert de_code == code
    english, german = out + err, de_out + de_err
    assert CITED.findall(german) == CITED.findall(english)
    first = english.splitlines()[0]
    if ": invalid (" in first:  # the file and line first, as in English, then the German words
        assert german.splitlines()[0].startswith(first.split(" invalid (")[0] + " ungültig (")
    elif first.endswith(": valid"):
        assert german.splitlines()[0] == first.replace(": valid", ": gültig")


def test_a_rules_fault_reads_in_german_and_english_stays_as_it_was():
    log = str(Path(__file__).parent / "golden" / "chit_limit.yaml")
    _, out, _ = check(log)
    assert check("--lang", "en", log)[1] == out
    assert "already holds 1 chit, the limit; no chit for 3a (R-6)" in out
    _, german, _ = check("--lang", "de", log)
    assert "ungültig (Regeln): 1a hat schon 1 Chip, die Höchstzahl; kein Chip für 3a (R-6)" in german
    assert "erlaubte Züge stattdessen" in german and "Runde 1, Zug 6: 1a assist 3a:chit" in german  # the log's notation as written
    assert "already" not in german and "legal turns" not in german


def test_the_printable_verdict_is_in_german_and_says_so(tmp_path):
    log = str(Path(__file__).parent / "golden" / "bring_too_many.yaml")
    pdf = tmp_path / "verdict.pdf"
    code, _, _ = check("--lang", "de", "--pdf", str(pdf), log)
    assert code == 1
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Urteil über das Spiel" in text and "UNGÜLTIG" in text and "Unterschriften" in text and "(Regeln §4)" in text
    assert "Game verdict" not in text and "Signatures" not in text
    assert reader.trailer["/Root"]["/Lang"] == "de"
    again = tmp_path / "again.pdf"
    check("--lang", "de", "--pdf", str(again), log)
    assert again.read_bytes() == pdf.read_bytes()  # the same bytes every time


def test_several_logs_are_told_in_german_by_the_workers_too(monkeypatch):
    from hi5pnp.judge import batch
    from hi5pnp.judge.check import DeckCache

    monkeypatch.setattr(batch, "PARALLEL_FROM", 1)  # workers even for a few logs
    logs = [str(p) for p in GOLDEN[:4]]
    by_workers = [o.text for o in batch.check_all(logs, jobs=2, lang="de")]
    assert by_workers == [batch.check_one(log, DeckCache(None), lang="de").text for log in logs]
    assert any("ungültig" in text for text in by_workers)


def test_a_language_hi5pnp_does_not_speak_is_a_bad_flag():
    code, _, err = check("--lang", "xx", str(GOLDEN[0]))
    assert code == 2 and "xx" in err
