"""``check --try``'s suggestions paste back exactly (docs/game-log.md, "Trying
a correction"): the command a verdict offers keeps the earlier corrections,
replaces the one that wrote the turn in dispute where it stands (an inserted
turn is tried again as an insertion after the same line, a round's first turn
included), and a turn written after its round or the game ended is offered
as left out. A correction that changes nothing is refused at its flag."""

from __future__ import annotations

import re
import shlex
import shutil

import pytest
from conftest import GOLDEN
from test_checker_cli import run


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    return tmp_path


def log_without(folder, source, *gone):
    """A golden log with the lines holding ``gone`` (exact stripped texts, each the first such line) taken out."""
    lines = (GOLDEN / source).read_text().splitlines()
    for text in gone:
        lines.remove(next(x for x in lines if x.strip() == text or x.split("#")[0].strip() == text))
    path = folder / "g.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def line_of(path, start):
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip().startswith(start))


def suggested(output, what="to try one: "):
    """The command a text verdict offers, as its words."""
    found = re.search(re.escape(what) + r"(hi5pnp check .*?)\)?:?$", output, re.M)
    assert found, output
    return shlex.split(found.group(1))


def paste(words, turn):
    """Run a suggested command with TURN filled in."""
    assert words[:2] == ["hi5pnp", "check"]
    return run(*[turn if w == "TURN" else w for w in words[1:]])


def first_legal(output):
    at = output.splitlines().index(next(x for x in output.splitlines() if "legal turns instead" in x))
    return output.splitlines()[at + 1].strip()


def test_a_fault_in_an_inserted_turn_is_tried_again_as_an_insertion(folder):
    log = log_without(folder, "valid_ed2.yaml", "- 4a")  # south's second turn of round 1 forgotten
    k = line_of(log, "- 1a assist 3a:chit 2a")
    r = run("check", log, "--try", f"{k}+", "4a bypass 1")  # tried, but 4a holds no chit
    assert r.exit_code == 1 and f"{log}:{k}:" in r.stdout
    words = suggested(r.stdout)
    assert words.count("--try") == 1 and words[words.index("--try") + 1] == f"{k}+", words
    again = paste(words, first_legal(r.stdout))
    assert again.exit_code == 0, again.stdout + again.stderr  # the legal turn listed, pasted back, makes the game valid
    assert log.read_text().count("\n") == len(log.read_text().splitlines())  # the file untouched


def test_a_round_s_first_turn_inserted_after_its_turns_key_pastes_back(folder):
    text = (GOLDEN / "valid_ed2.yaml").read_text()
    text = text.replace("    turns:\n      - 3a assist 2a:t1       # south opens round 2 (the token passed at round's end)\n", "    turns:\n")
    (folder / "g.yaml").write_text(text)
    log = folder / "g.yaml"
    k = line_of(log, "- course: [2b, 1b]") + 1  # the round's 'turns:' line, nothing on it
    r = run("check", log, "--try", f"{k}+", "1a")  # north opens: but south holds the token
    assert r.exit_code == 1 and "R-12" in r.stdout
    words = suggested(r.stdout)
    assert f"{k}+" in words and str(k) not in words, words  # never the 'turns:' line itself
    again = paste(words, "3a assist 2a:t1")
    assert again.exit_code == 0, again.stdout + again.stderr


def test_earlier_corrections_stay_in_their_order(folder):
    log = log_without(folder, "valid_ed2.yaml", "- 4a", "- 4a assist 1a 3a       # 4a 1st, then 1a and 3a in the listed order")
    k = line_of(log, "- 1a assist 3a:chit 2a")
    last = max(n for n, t in enumerate(log.read_text().splitlines(), 1) if t.strip().startswith("- 2a"))
    r = run("check", log, "--try", f"{k}+", "4a", "--try", f"{last}+", "4a bypass 9")
    assert r.exit_code == 1 and f"{log}:{last}:" in r.stdout, r.stdout
    words = suggested(r.stdout)
    assert words[2:] == [str(log), "--try", f"{k}+", "4a", "--try", f"{last}+", "TURN"], words


def test_a_turn_after_its_round_ended_is_offered_left_out(folder):
    shutil.copy(GOLDEN / "turn_after_round.yaml", folder / "t.yaml")
    log = folder / "t.yaml"
    r = run("check", log)
    k = int(re.search(r":(\d+): invalid", r.stdout).group(1))
    assert "written after the round ended" in r.stdout
    words = suggested(r.stdout, "to read the log without it: ")
    assert words[2:] == [str(log), "--try", str(k), "-"], words
    assert paste(words, "").exit_code == 0  # the stray turn was the log's only fault


def test_a_turn_inserted_after_the_game_ended_is_offered_as_not_inserted(folder):
    shutil.copy(GOLDEN / "valid_ed2.yaml", folder / "g.yaml")
    log = folder / "g.yaml"
    last = line_of(log, "- 4a assist 1a 3a")
    r = run("check", log, "--try", f"{last}+", "2a")
    assert r.exit_code == 1 and "written after the game ended" in r.stdout
    words = suggested(r.stdout, "to read the log without it: ")
    assert words[2:] == [str(log)]  # the insertion dropped, nothing else
    assert paste(words, "").exit_code == 0


def test_the_replay_tells_the_turn_it_stops_at(folder):
    shutil.copy(GOLDEN / "turn_after_round.yaml", folder / "t.yaml")
    r = run("replay", folder / "t.yaml")
    told = [x for x in r.stdout.split("\n\n")[-2].splitlines() if x.strip()]
    assert re.fullmatch(r"\s+line \d+: 4a: written after the round ended; the replay stops here\.", told[-1]), told[-3:]


@pytest.mark.parametrize("tried", ["1a assist 3a:chit 2a", "1A  assist 3a:chit 2a"])
def test_a_correction_that_changes_nothing_is_refused_at_its_flag(folder, tried):
    shutil.copy(GOLDEN / "valid_ed2.yaml", folder / "g.yaml")
    log = folder / "g.yaml"
    k = line_of(log, "- 1a assist 3a:chit 2a")
    r = run("check", log, "--try", k, tried)
    assert r.exit_code == 2 and f"--try {k}" in r.stderr and "changes nothing" in r.stderr, r.stderr
    r = run("check", log, "--try", line_of(log, "deck:"), "deck:  mini  # the same")
    assert r.exit_code == 2 and "changes nothing" in r.stderr


def test_the_printable_verdict_names_an_inserted_turn_by_its_own_number(folder):
    import io

    import pypdf

    log = log_without(folder, "valid_ed2.yaml", "- 4a")
    k = line_of(log, "- 1a assist 3a:chit 2a")
    pdf = folder / "v.pdf"
    assert run("check", log, "--try", f"{k}+", "4a bypass 1", "--pdf", pdf).exit_code == 1
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.read_bytes())).pages).split())
    assert f"INVALID (1 correction tried): round 1, turn 2 (log line {k})" in text
    assert f"Round 1, turn 2 (log line {k}): 4a bypass 1" in text
