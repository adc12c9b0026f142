"""Revision 4 of the checker's contract (docs/game-log.md): a recorded value
in a form that cannot be compared is a ``record`` fault and the rest of the
game is checked; a face id the deck lacks, or a printed name where a face id
goes, is told with the faces it most likely meant; a log invalid under its
own edition but wholly valid under the other says so. And ``check --try``
replaces a header line, leaves a line out or inserts one, the file unchanged."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import GOLDEN
from test_checker_cli import run


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    return tmp_path


def write(folder, name, source, *changes):
    text = (GOLDEN / source).read_text()
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    (folder / name).write_text(text)
    return folder / name


def verdict(*args):
    r = run("check", "--json", *args)
    return r.exit_code, json.loads(r.stdout)


@pytest.mark.parametrize(
    "change, field, recorded, computed",
    [
        (("winner: north", "winner: nroth"), "result.winner", "nroth", "draw"),
        (("winner: north", "winner: 7"), "result.winner", 7, "draw"),
        (("points: {north: 3, south: 4}", "points: {nort: 2, south: 4}"), "rounds[2].points.north", 2, 2),
        (("points: {north: 3, south: 4}", "points: {north: two, south: 4}"), "rounds[2].points.north", "two", 2),
        (("score: {north: 11, south: 10}", "score: {north: 10, suoth: 10}"), "result.score.south", 10, 10),
        (("score: {north: 11, south: 10}", "score: {n: 10, s: 10}"), "result.score.north", 10, 10),
    ],
)
def test_a_value_that_cannot_be_compared_is_a_record_fault_and_the_rest_is_checked(folder, change, field, recorded, computed):
    log = write(folder, "g.yaml", "dispute_score.yaml", change)
    code, v = verdict(log)
    assert code == 1 and v["error"]["kind"] == "record"
    mine = [r for r in v["records"] if r["field"] == field]
    assert mine and (mine[0]["recorded"], mine[0]["computed"]) == (recorded, computed)
    line = next(n for n, text in enumerate(log.read_text().splitlines(), 1) if change[1] in text)
    assert mine[0]["line"] == line
    assert v["complete"] is True and v["winner"] == "draw"  # the game was still replayed whole
    assert len(v["records"]) >= 2  # and the other written values compared


def test_a_slip_is_told_in_words(folder):
    log = write(folder, "g.yaml", "dispute_score.yaml", ("winner: north", "winner: nroth"))
    out = run("check", log).stdout
    assert "the winner: written nroth ('nroth' is not north, south or draw; did you mean north?), computed draw" in out


def test_an_unknown_round_field_stays_a_read_fault(folder):
    log = write(folder, "g.yaml", "valid_ed2.yaml", ("    finish: [", "    finsh: ["))
    code, v = verdict(log)
    assert code == 2 and "unknown field 'finsh'" in v["error"]["message"]


def test_a_face_id_the_deck_lacks_suggests_the_nearest(tmp_path):
    log = tmp_path / "g.yaml"
    log.write_text("log: hi5/1\nteams:\n  north: [1Ob, 3b, 5a, 7a, 9b]\n  south: [2a, 4a, 6b, 8a, 10a]\nfirst: north\nrounds: []\n")
    r = run("check", log)
    assert r.exit_code == 2 and "did you mean 10b (" in r.stderr


def test_a_printed_name_suggests_its_face(tmp_path):
    log = tmp_path / "g.yaml"
    log.write_text(
        "log: hi5/1\nteams:\n  north: [1a, 3b, 5a, 7a, 9b]\n  south: [2a, 4a, 6b, 8a, 10a]\nfirst: north\n"
        "rounds:\n  - course: [1a, 2a, 3a, 4a, 5a, 6a]\n    turns:\n      - Felix assist 3b\n"
    )
    r = run("check", log)
    assert r.exit_code == 2 and f"{log}:9:" in r.stderr  # south plays 8a: Felix's face is named, and the face in play offered
    assert "Felix is 8b (Felix Flint), a face not in play; did you mean 8a (Hattie Hurdle)?" in r.stderr


def test_a_team_face_of_a_mini_deck_by_name(folder):
    log = write(folder, "g.yaml", "valid_ed2.yaml", ("north: [1a, 2a]", "north: [ada, 2a]"))
    r = run("check", log)
    assert r.exit_code == 2 and "did you mean 1a (Ada)?" in r.stderr


def test_a_relabelled_edition_1_game_is_valid_under_edition_1(folder):
    log = write(folder, "g.yaml", "valid_ed1.yaml", ("edition: 1", "edition: 2"))
    code, v = verdict(log)
    assert code == 1 and v["valid_under_edition"] == 1
    out = run("check", log).stdout
    assert "invalid under edition 2, but valid under edition 1" in out
    fixed = run("check", log, "--try", 10, "edition: 1")
    assert fixed.exit_code == 0 and "valid" in fixed.stdout
    assert "edition: 2" in log.read_text()  # the file is not changed


def test_a_relabelled_edition_2_game_is_valid_under_edition_2(folder):
    log = write(folder, "g.yaml", "valid_ed2.yaml", ("deck: mini", "deck: mini\nedition: 1"))
    _, v = verdict(log)
    assert v.get("valid_under_edition") == 2, v["error"]


@pytest.mark.parametrize("name", ["valid_ed2.yaml", "chit_limit.yaml", "dispute_score.yaml"])
def test_no_edition_key_unless_the_other_edition_makes_it_valid(folder, name):
    shutil.copy(GOLDEN / name, folder / name)
    _, v = verdict(folder / name)
    assert "valid_under_edition" not in v


def lines_of(path):
    return path.read_text().splitlines()


def test_try_leaves_a_line_out_and_keeps_the_file_s_numbers(folder):
    # a turn written twice by mistake: leaving the copy out makes the game valid
    src = lines_of(GOLDEN / "valid_ed2.yaml")
    k = next(n for n, text in enumerate(src, 1) if text.strip().startswith("- 4a "))
    log = folder / "g.yaml"
    log.write_text("\n".join([*src[:k], src[k - 1], *src[k:]]) + "\n")
    before = log.read_bytes()
    code, v = verdict(log)
    assert code == 1 and v["error"]["line"] == k + 1
    code, v = verdict(log, "--try", k + 1, "-")
    assert code == 0 and v["tried"] == [{"line": k + 1, "delete": True}]
    assert log.read_bytes() == before


def test_try_inserts_a_missing_turn_after_a_line(folder):
    src = lines_of(GOLDEN / "valid_ed2.yaml")
    k = next(n for n, text in enumerate(src, 1) if text.strip().startswith("- 4a "))
    log = folder / "g.yaml"
    log.write_text("\n".join(src[: k - 1] + src[k:]) + "\n")  # south's turn forgotten
    code, v = verdict(log)
    assert code == 1
    code, v = verdict(log, "--try", f"{k - 1}+", "4a")
    assert code == 0, v["error"]
    assert v["tried"] == [{"line": k - 1, "after": True, "text": "4a"}]
    later = next(n for n, text in enumerate(lines_of(log), 1) if "points:" in text)
    records = run("check", "--json", log, "--try", f"{k - 1}+", "4a")
    assert json.loads(records.stdout)["records"] == []  # lines after the insertion keep the file's numbers
    wrong = verdict(log, "--try", f"{k - 1}+", "4a", "--try", later, "{north: 9, south: 9}")[1]
    assert wrong["records"][0]["line"] == later


def test_try_refuses_a_line_that_is_no_line(folder):
    shutil.copy(GOLDEN / "valid_ed2.yaml", folder / "g.yaml")
    r = run("check", folder / "g.yaml", "--try", "x1", "4a")
    assert r.exit_code == 2 and "not a line number" in r.stderr
    r = run("check", folder / "g.yaml", "--try", "9999", "4a")
    assert r.exit_code == 2 and "past the log's end" in r.stderr


@pytest.mark.parametrize("written, seat", [("Ann", "north"), ("'  sam '", "south"), ("ANN", "north")])
def test_a_player_s_name_as_the_winner_is_read_as_the_seat(folder, written, seat):
    log = write(folder, "g.yaml", "dispute_score.yaml", ("winner: north", f"winner: {written}"))
    code, v = verdict(log)
    assert [r for r in v["records"] if r["field"] == "result.winner"] == [
        {"line": next(n for n, x in enumerate(lines_of(log), 1) if "winner:" in x), "field": "result.winner", "recorded": seat, "computed": "draw"}
    ]
    ruled = write(folder, "a.yaml", "valid_ed2.yaml", ("result:", f"adjudicated: {{winner: {written}, reason: time called}}\nresult:"))
    code, v = verdict(ruled)
    assert code == 0 and v["adjudicated"]["winner"] == seat


def test_a_name_both_players_have_is_no_seat(folder):
    log = write(folder, "g.yaml", "dispute_score.yaml", ("winner: north", "winner: Ann"), ("south: Sam", "south: ann"))
    assert verdict(log)[0] == 1
    _, v = verdict(log)
    mine = next(r for r in v["records"] if r["field"] == "result.winner")
    assert mine["recorded"] == "Ann"
    assert "both players are named so" in run("check", log).stdout


@pytest.mark.parametrize("turn, meant", [("4c", "4a (Gus)"), ("4a assist 2c", "2a (Cy)"), ("4a assist 5a", "4a (Gus)")])
def test_a_turn_s_did_you_mean_names_only_faces_in_play(folder, turn, meant):
    # south plays 4a (Gus), not 4b (Hal); north plays 2a (Cy), not 2b (Di)
    log = write(folder, "g.yaml", "valid_ed2.yaml", ("      - 4a                    # south: 4a alone at 1", f"      - {turn}"))
    r = run("check", log)
    assert r.exit_code == 2
    assert "4b" not in r.stderr and "2b" not in r.stderr and "Hal)" not in r.stderr and "Di)" not in r.stderr, r.stderr
    assert f"did you mean {meant}" in r.stderr, r.stderr


def test_a_printed_name_of_a_face_not_in_play_says_so(folder):
    log = write(folder, "g.yaml", "valid_ed2.yaml", ("      - 4a                    # south: 4a alone at 1", "      - Hal"))
    assert "Hal is 4b (Hal), a face not in play; did you mean 4a (Gus)?" in run("check", log).stderr


def test_a_team_s_did_you_mean_names_any_face_of_the_deck(folder):
    log = write(folder, "g.yaml", "valid_ed2.yaml", ("south: [3a, 4a]", "south: [3a, 4c]"))
    assert "did you mean 4b (Hal) or 4a (Gus)?" in run("check", log).stderr
