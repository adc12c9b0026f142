"""Property-based fuzzing of the log reader: whatever the text, the checker
answers with a verdict (a read fault at worst), never an exception."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from conftest import GOLDEN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hi5pnp.judge.check import DeckCache, check_file

VALID = (GOLDEN / "valid_ed2.yaml").read_text()
DECKS = DeckCache()
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_text(text: str | bytes):
    """Check ``text`` as a log file beside the mini deck."""
    fd, name = tempfile.mkstemp(suffix=".yaml", dir=FOLDER)
    with os.fdopen(fd, "wb") as f:
        f.write(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    try:
        verdict = check_file(Path(name), DECKS)
    finally:
        os.unlink(name)
    json.dumps(verdict.to_json())
    assert verdict.outcome in ("valid", "invalid", "unreadable")
    if verdict.outcome == "unreadable":
        assert verdict.problem.kind == "read" and verdict.read_faults
    return verdict


FOLDER = ""


def setup_module():
    global FOLDER
    FOLDER = tempfile.mkdtemp()
    shutil.copytree(GOLDEN / "mini", Path(FOLDER) / "mini")


def teardown_module():
    shutil.rmtree(FOLDER)


@FAST
@given(st.text(max_size=300))
def test_any_text(text):
    check_text(text)


@FAST
@given(st.binary(max_size=200))
def test_any_bytes(data):
    check_text(data)


YAML_BITS = st.sampled_from([":", " ", "-", "[", "]", "{", "}", "#", "&a", "*a", "!!str", "'", '"', "\n", "\t", "?", "|", ">", "1a", "9z", "%"])


@FAST
@given(st.data())
def test_edited_valid_log(data):
    """A valid log with a few lines deleted, duplicated or changed character by character."""
    lines = VALID.split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.integers(0, 3))
        if how == 0:
            del lines[i]
        elif how == 1:
            lines.insert(i, lines[i])
        else:
            col = data.draw(st.integers(0, len(lines[i])))
            bit = data.draw(YAML_BITS)
            lines[i] = lines[i][:col] + bit + lines[i][col + (how == 3) :]
        if not lines:
            break
    check_text("\n".join(lines))


values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=8) | st.sampled_from(["1a", "3a", "north", "2b"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["north", "south", "x", "1"]), inner, max_size=3),
    max_leaves=12,
)


@pytest.mark.slow
@FAST
@given(st.sampled_from(["log", "deck", "edition", "teams", "first", "rounds", "result", "players", "event"]), values)
def test_any_value_in_any_field(field, value):
    doc = yaml.safe_load(VALID)
    doc[field] = value
    check_text(yaml.safe_dump(doc))


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
@FAST
@given(st.integers(0, 1), st.sampled_from(["course", "turns", "finish", "points"]), values)
def test_any_value_in_a_round(index, field, value):
    doc = yaml.safe_load(VALID)
    doc["rounds"][index][field] = value
    check_text(yaml.safe_dump(doc))
