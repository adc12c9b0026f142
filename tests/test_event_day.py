"""Event day (revision 6 of docs/game-log.md), a case each: no log decides by
its name (copies and second games held open until ruled, a skeleton beside
its played table), names checked against the entry list, event.yaml's
aliases and late entries, drops marked, and results without a full log
(``hi5pnp result``: a slip, a forfeit, a no-show, time called, a double loss).
Expected tables are worked out here by the contract's rules, not by the
standings' code."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import GOLDEN
from eventfix import fill_skeleton, played_log, rng, sha256
from test_checker_cli import run

from hi5pnp.judge.recorded import Adjudicated
from hi5pnp.judge.ruling import ruling_path, ruling_text

PLAYERS = ["Ann Smith", "Bo Li", "Cai Wen", "Dee Lowe"]


@pytest.fixture
def club(tmp_path):
    """An event of four on the mini deck, round 1 paired (its skeletons written), nothing played."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copytree(GOLDEN / "mini", folder / "mini")
    (folder / "event.yaml").write_text(f"event: Club\ndeck: mini\nplayers: [{', '.join(PLAYERS)}]\nrounds: 3\n")
    assert run("pairings", folder, "--logs", folder).exit_code == 0
    return folder


def tables(folder, round_number):
    """Each table's skeleton of a round: (path, north, south)."""
    import yaml

    got = []
    for p in sorted(folder.glob(f"round{round_number}-table*.yaml")):
        if ".ruling." in p.name:
            continue
        doc = yaml.safe_load(p.read_text())
        got.append((p, doc["players"]["north"], doc["players"]["south"]))
    return got


def standings(folder):
    r = run("standings", folder, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    return {s["player"]: s for s in got["standings"]}, got["left_out"]


def rule(log, adjudicated=None, judge="Sam"):
    ruling_path(log).write_text(ruling_text(sha256(log), judge, (), adjudicated))


def test_a_copied_log_holds_its_round_open_until_a_ruling_says_which_stands(club, mini):
    (t1, *_), (t2, *_) = tables(club, 1)
    state = fill_skeleton(t1, mini, rng(1))
    fill_skeleton(t2, mini, rng(2))
    shutil.copy(t1, club / "aaa-copy.yaml")  # a copy whose name sorts first
    r = run("pairings", club)
    assert r.exit_code == 2 and "one game in 2 logs (aaa-copy.yaml, round1-table1.yaml)" in r.stderr
    table, left = standings(club)
    assert {x["log"] for x in left} >= {"aaa-copy.yaml", "round1-table1.yaml"}
    assert sum(s["played"] for s in table.values()) == 2  # only table 2's game counts
    rule(club / "round1-table1.yaml", Adjudicated("", "counts", 0, counts=True))
    table, left = standings(club)
    assert {"log": "aaa-copy.yaml", "why": "the same game as round1-table1.yaml, which a ruling says counts"} in left
    assert sum(s["played"] for s in table.values()) == 4
    winner = {"north": 0, "south": 1}.get(state.winner())
    assert winner is None or table[tables(club, 1)[0][1 + winner]]["points"] == 3
    assert run("pairings", club).exit_code == 0


def test_a_second_game_of_a_player_in_a_round_names_both_until_one_is_void(club, mini):
    (t1, north, south), (t2, *_) = tables(club, 1)
    fill_skeleton(t1, mini, rng(1))
    fill_skeleton(t2, mini, rng(2))
    text, _state = played_log(mini, "mini", rng(9), north, "Dee Lowe" if south != "Dee Lowe" else "Cai Wen", 1, event="Club")
    (club / "zz-extra.yaml").write_text(text)
    r = run("pairings", club)
    assert r.exit_code == 2 and f"{north} has 2 games in round 1 (round1-table1.yaml, zz-extra.yaml)" in r.stderr
    rule(club / "zz-extra.yaml", Adjudicated("", "played by mistake", 0, void=True))
    _table, left = standings(club)
    assert {"log": "zz-extra.yaml", "why": "ruled void: played by mistake"} in left
    assert run("pairings", club).exit_code == 0


def test_a_played_log_sorting_after_its_skeleton_is_the_table(club, mini):
    for k, (t, *_) in enumerate(tables(club, 1)):
        played = t.with_name(t.stem + "-played.yaml")
        shutil.copy(t, played)
        fill_skeleton(played, mini, rng(k))
    table, left = standings(club)
    assert sum(s["played"] for s in table.values()) == 4
    assert all("the skeleton of the table played in" in x["why"] for x in left) and len(left) == 2
    assert run("pairings", club).exit_code == 0


def test_a_misspelt_name_is_no_new_player_and_an_alias_settles_it(club, mini):
    (t1, north, _), (t2, *_) = tables(club, 1)
    fill_skeleton(t1, mini, rng(1))
    fill_skeleton(t2, mini, rng(2))
    wrong = north.replace("a", "e", 1) if "a" in north else north + "x"
    t1.write_text(t1.read_text().replace(f'north: "{north}"', f'north: "{wrong}"'))
    table, left = standings(club)
    assert wrong not in table and sorted(table) == sorted(PLAYERS)
    assert any(f'players.north: "{wrong}" is not on the entry list; did you mean "{north}"?' in x["why"] for x in left)
    r = run("pairings", club)
    assert r.exit_code == 2 and "is not on the entry list" in r.stderr
    with (club / "event.yaml").open("a") as f:
        f.write(f'aliases: {{"{wrong}": "{north}"}}\n')
    table, _left = standings(club)
    assert table[north]["played"] == 1 and run("pairings", club).exit_code == 0


def test_an_alias_in_event_yaml_must_name_an_entered_player(club):
    with (club / "event.yaml").open("a") as f:
        f.write('aliases: {"Fin Moss": "Finn Moss"}\n')
    r = run("standings", club)
    assert r.exit_code == 2 and "event.yaml:5:23: 'Finn Moss' is not on the entry list" in r.stderr


def test_an_alias_file_in_the_folder_is_no_log(club, mini):
    for k, (t, *_) in enumerate(tables(club, 1)):
        fill_skeleton(t, mini, rng(k))
    (club / "aliases.yaml").write_text("Annie: Ann Smith\n")
    r = run("standings", club, "--json", "--alias", club / "aliases.yaml")
    assert r.exit_code == 0 and all("aliases.yaml" not in x["log"] for x in json.loads(r.stdout)["left_out"])


def test_a_late_entry_loses_each_round_missed_and_is_paired_from_their_round(club, mini):
    with (club / "event.yaml").open("a") as f:
        f.write("late: {Eve Ray: 2}\n")
    text = (club / "event.yaml").read_text().replace("Dee Lowe]", "Dee Lowe, Eve Ray]")
    (club / "event.yaml").write_text(text)
    for k, (t, *_) in enumerate(tables(club, 1)):
        fill_skeleton(t, mini, rng(k))
    table, _ = standings(club)
    assert {k: table["Eve Ray"][k] for k in ("played", "wins", "losses", "points", "game_points")} == {
        "played": 1,
        "wins": 0,
        "losses": 1,
        "points": 0,
        "game_points": 0,
    }
    r = run("pairings", club, "--json")
    assert r.exit_code == 0
    p = json.loads(r.stdout)
    assert p["bye"] != "Eve Ray" and any("Eve Ray" in (t["first"], t["second"]) for t in p["tables"])


def test_a_drop_is_marked_in_text_json_and_csv(club, mini):
    for k, (t, *_) in enumerate(tables(club, 1)):
        fill_skeleton(t, mini, rng(k))
    with (club / "event.yaml").open("a") as f:
        f.write("drops: {Bo Li: 1}\n")
    assert "Bo Li (dropped after round 1)" in run("standings", club).stdout
    table, _ = standings(club)
    assert table["Bo Li"]["dropped"] == 1 and "dropped" not in table["Ann Smith"]
    csv = run("standings", club, "--csv").stdout.splitlines()
    assert csv[0].endswith(",dropped") and any(line.startswith(f"{table['Bo Li']['rank']},Bo Li,") and line.endswith(",1") for line in csv)
    paired = run("pairings", club).stdout
    assert "not paired: Bo Li (dropped)" in paired and "v south Bo Li" not in paired and "north Bo Li" not in paired


def test_standings_before_any_game_list_the_entry_list(club):
    table, _ = standings(club)
    assert sorted(table) == sorted(PLAYERS) and all(s["played"] == 0 for s in table.values())


def test_results_without_a_log_score_as_the_contract_says(club, mini):
    """Round 1 played; round 2: a slip's result and a forfeit; round 3: a no-show and a double loss."""
    for k, (t, *_) in enumerate(tables(club, 1)):
        fill_skeleton(t, mini, rng(k))
    table1, _ = standings(club)
    assert run("pairings", club, "--logs", club).exit_code == 0
    (_a, an, as_), (_b, bn, bs) = tables(club, 2)
    r = run("result", club, "2", "1", "--winner", an, "--score", "31-28", "--by", "Sam")
    assert r.exit_code == 0, r.output
    assert run("result", club, "2", "1", "--winner", an, "--score", "31-28", "--by", "Sam").exit_code == 2  # never replaced
    assert run("result", club, "2", "2", "--winner", "south", "--score", "31-28", "--by", "Sam").exit_code == 2  # disagrees
    assert run("result", club, "2", "2", "--winner", "south", "--reason", "forfeit", "--by", "Sam").exit_code == 0
    table, _ = standings(club)
    assert table[an]["game_points"] == table1[an]["game_points"] + 31 and table[as_]["game_points"] == table1[as_]["game_points"] + 28
    assert table[bs]["points"] == table1[bs]["points"] + 3
    assert table[bs]["game_points"] == table1[bs]["game_points"] * 2  # the forfeit's winner: a bye's, the mean of their other game
    assert table[bn]["game_points"] == table1[bn]["game_points"] and table[bn]["losses"] == table1[bn]["losses"] + 1
    assert run("pairings", club, "--logs", club).exit_code == 0
    (_c, cn, cs), (_d, dn, ds) = tables(club, 3)
    assert run("result", club, "3", "1", "--winner", "north", "--reason", "no-show", "--by", "Sam").exit_code == 0
    assert run("result", club, "3", "2", "--reason", "double-loss", "--by", "Sam").exit_code == 0
    table2 = table
    table, _ = standings(club)
    assert table[cs]["dropped"] == 3 and table[cn]["points"] == table2[cn]["points"] + 3
    assert table[dn]["losses"] == table2[dn]["losses"] + 1 and table[ds]["losses"] == table2[ds]["losses"] + 1
    assert table[dn]["points"] == table2[dn]["points"] and table[dn]["game_points"] == table2[dn]["game_points"]


def test_time_called_on_an_unplayed_table_is_nil_all(club, mini):
    (_t1, north, _), (t2, *_) = tables(club, 1)
    fill_skeleton(t2, mini, rng(2))
    assert run("result", club, "1", "1", "--winner", north, "--reason", "time-called", "--by", "Sam").exit_code == 0
    table, _ = standings(club)
    assert table[north]["points"] == 3 and table[north]["game_points"] == 0


def test_a_preview_writes_nothing(club):
    before = sorted(p.name for p in club.iterdir())
    for name in ("round1-table1.yaml", "round1-table2.yaml"):
        (club / name).unlink()
    (club / "round1-written.json").unlink()
    r = run("pairings", club, "--preview", "--logs", club, "--slips", club / "s.pdf")
    assert r.exit_code == 0 and r.stdout.startswith("round 1: 2 tables") and r.stderr == ""
    assert sorted(p.name for p in club.iterdir()) == sorted(set(before) - {"round1-table1.yaml", "round1-table2.yaml", "round1-written.json"})


def test_score_groups_come_before_who_moves_first(club):
    """Both north players move first and win in round 1: as the two leaders, they meet in round 2."""
    (_, n1, _), (_, n2, _) = tables(club, 1)
    for table in ("1", "2"):
        assert run("result", club, "1", table, "--winner", "north", "--score", "30-20", "--by", "Sam").exit_code == 0
    p = json.loads(run("pairings", club, "--json").stdout)
    assert {p["tables"][0]["first"], p["tables"][0]["second"]} == {n1, n2}


def test_a_table_fixed_by_hand_is_paired_first_and_a_rematch_is_asked_for(club):
    (_, n1, s1), (_, n2, s2) = tables(club, 1)
    for table in ("1", "2"):
        assert run("result", club, "1", table, "--winner", "north", "--score", "30-20", "--by", "Sam").exit_code == 0
    p = json.loads(run("pairings", club, "--json", "--pair", f"{s1} v {s2}").stdout)
    assert {p["tables"][0]["first"], p["tables"][0]["second"]} == {s1, s2} and p["tables"][0]["table"] == 1
    r = run("pairings", club, "--pair", f"{n1} v {s1}")
    assert r.exit_code == 2 and "they have met already; add --allow-rematch" in r.stderr
    again = run("pairings", club, "--json", "--pair", f"{n1} v {s1}", "--pair", f"{n2} v {s2}", "--allow-rematch")
    assert again.exit_code == 0 and [t["table"] for t in json.loads(again.stdout)["tables"]] == [1, 2]
    r = run("pairings", club, "--pair", f"{n1[:-1]} v {s1}")
    assert r.exit_code == 2 and f'did you mean "{n1}"?' in r.stderr


def test_a_round_is_paired_again_only_while_no_game_of_it_is_played(club, mini):
    first = sorted((p.name, p.read_bytes()) for p in club.glob("round1-*"))
    r = run("pairings", club, "--redo", "1", "--logs", club, "--seed", "3")
    assert r.exit_code == 0 and "removed " in r.stderr
    assert sorted(p.name for p in club.glob("round1-*")) == [n for n, _ in first]
    (t1, *_), _ = tables(club, 1)
    fill_skeleton(t1, mini, rng(1))
    kept = sorted((p.name, p.read_bytes()) for p in club.iterdir() if p.is_file())
    r = run("pairings", club, "--redo", "1", "--logs", club)
    assert r.exit_code == 2 and "round1-table1.yaml: a game of round 1 is played or handed in" in r.stderr
    assert kept == sorted((p.name, p.read_bytes()) for p in club.iterdir() if p.is_file())


def test_a_round_file_changed_by_hand_is_not_removed(club):
    (t1, *_), _ = tables(club, 1)
    t1.write_text(t1.read_text() + "# a note\n")
    r = run("pairings", club, "--redo", "1", "--logs", club)
    assert r.exit_code == 2 and "round1-table1.yaml: changed since pairings wrote it" in r.stderr
    assert t1.read_text().endswith("# a note\n")


def test_a_table_played_from_its_skeleton_is_that_tables_game(club):
    """``play --from`` with the bot in both seats: the played log beside the skeleton, its round, table and names, valid; the skeleton is that table."""
    (t1, north, south), _ = tables(club, 1)
    r = run("play", "--from", t1, "--bot", "greedy", "--auto")
    assert r.exit_code == 0, r.output
    played = t1.with_name("round1-table1.played.yaml")
    text = played.read_text()
    assert "round: 1\ntable: 1\n" in text and f'players: {{north: "{north}", south: "{south}"}}' in text and "event: " in text
    assert run("check", played).exit_code == 0
    table, left = standings(club)
    assert table[north]["played"] == 1 and {"log": "round1-table1.yaml", "why": "the skeleton of the table played in round1-table1.played.yaml"} in left
    again = run("play", "--from", t1, "--bot", "greedy", "--auto")
    assert again.exit_code == 2 and "exists already; play never replaces a file" in again.output
    assert run("play", "--from", played, "--auto").exit_code != 0  # sides chosen: no skeleton


def test_the_table_is_kept_as_each_round_closes_and_a_later_change_is_listed(club, mini):
    (t1, north, _), (t2, *_) = tables(club, 1)
    assert not (club / "standings-round1.json").exists()
    fill_skeleton(t1, mini, rng(1))
    run("standings", club)
    assert not (club / "standings-round1.json").exists()  # round 1 is open
    fill_skeleton(t2, mini, rng(2))
    r = run("standings", club)
    assert "kept " in r.stderr and (club / "standings-round1.json").is_file()
    kept = (club / "standings-round1.json").read_bytes()
    assert "changed since a round closed" not in run("standings", club).stdout
    rows = {row["player"]: row for row in json.loads(kept)["standings"]}
    winner = "south" if rows[north]["wins"] == 1 else "north"  # the table's result turned round by a ruling
    assert run("result", club, "1", "1", "--winner", winner, "--reason", "a slip signed wrongly", "--by", "Sam").exit_code == 0
    said = run("standings", club).stdout
    assert "changed since a round closed" in said and "(changed by round1-table1.yaml)" in said
    assert (club / "standings-round1.json").read_bytes() == kept  # never replaced


def test_the_event_exports_as_one_file(club, mini):
    for k, (t, *_) in enumerate(tables(club, 1)):
        fill_skeleton(t, mini, rng(k))
    assert run("result", club, "1", "2", "--winner", "south", "--reason", "time called", "--by", "Sam").exit_code == 0
    out = club.parent / "club.json"
    r = run("standings", club, "--export", out)
    assert r.exit_code == 0, r.output
    got = json.loads(out.read_text())
    assert got["export"].startswith("hi5pnp/event") and got["players"] == PLAYERS and [x["round"] for x in got["rounds"]] == [1]
    games = {g["log"]: g for g in got["rounds"][0]["games"]}
    assert games["round1-table1.yaml"]["sha256"] == sha256(club / "round1-table1.yaml") and games["round1-table1.yaml"]["counts"]
    ruling = games["round1-table2.yaml"]["ruling"]
    assert ruling == {
        "file": "round1-table2.ruling.yaml",
        "sha256": sha256(club / "round1-table2.ruling.yaml"),
        "applied": True,
        "judge": "Sam",
        "adjudicated": {"winner": "south", "reason": "time called"},
        "corrections": 0,
    }
    assert got["standings"] == json.loads(run("standings", club, "--json").stdout)["standings"]
    assert run("standings", club, "--export", out).exit_code == 0  # an export is replaced by the next
    assert run("standings", club, "--export", club / "event.yaml").exit_code == 2  # anything else never is


def test_a_top_cut_is_paired_by_rank_a_drawn_game_replayed_and_the_bracket_shown(tmp_path):
    folder = tmp_path / "cup"
    folder.mkdir()
    (folder / "event.yaml").write_text("event: Cup\nplayers: [A1, B2, C3, D4, E5, F6]\nrounds: 2\ntop: 4\n")

    def play_round(number):
        assert run("pairings", folder, "--logs", folder).exit_code == 0
        for skeleton in sorted(folder.glob(f"round{number}-table*.yaml")):
            if ".played" not in skeleton.name and ".ruling" not in skeleton.name and not skeleton.with_name(skeleton.stem + ".played.yaml").exists():
                assert run("play", "--from", skeleton, "--bot", "greedy", "--auto").exit_code == 0

    play_round(1)
    play_round(2)
    swiss = json.loads(run("standings", folder, "--json").stdout)["standings"]
    r = run("pairings", folder, "--logs", folder, "--json")
    assert r.exit_code == 0
    semis = json.loads(r.stdout)
    top = [s["player"] for s in swiss[:4]]
    assert [(t["first"], t["second"]) for t in semis["tables"]] == [(top[0], top[3]), (top[1], top[2])] and semis["bye"] is None
    assert run("result", folder, "3", "1", "--winner", "draw", "--score", "30-30", "--by", "Sam").exit_code == 0
    assert run("play", "--from", folder / "round3-table2.yaml", "--bot", "greedy", "--auto").exit_code == 0
    r = run("pairings", folder, "--logs", folder)
    assert r.exit_code == 0 and "game 2" in r.stdout and (folder / "round3-table1-game2.yaml").is_file()
    assert "game: 2" in (folder / "round3-table1-game2.yaml").read_text()
    assert run("pairings", folder).exit_code == 2  # the replay is open
    assert run("play", "--from", folder / "round3-table1-game2.yaml", "--bot", "greedy", "--auto").exit_code == 0
    assert "game: 2" in (folder / "round3-table1-game2.played.yaml").read_text()
    r = run("pairings", folder, "--logs", folder, "--json")
    assert r.exit_code == 0
    final = json.loads(r.stdout)["tables"]
    assert len(final) == 1 and json.loads(r.stdout)["round"] == 4
    assert run("play", "--from", folder / "round4-table1.yaml", "--bot", "greedy", "--auto").exit_code == 0
    got = json.loads(run("standings", folder, "--json").stdout)
    assert [s["played"] for s in got["standings"]] == [2] * 6  # the top cut is no part of the Swiss table
    bracket = got["bracket"]
    assert [(m["round"], m["table"]) for m in bracket] == [(3, 1), (3, 2), (4, 1)] and all(m["winner"] for m in bracket)
    assert bracket[0]["games"] == ["round3-table1.yaml", "round3-table1-game2.played.yaml"]
    assert {final[0]["first"], final[0]["second"]} == {bracket[0]["winner"], bracket[1]["winner"]}
    assert "top 4:" in run("standings", folder).stdout
    r = run("pairings", folder)
    assert r.exit_code == 2 and "its top 4 are all paired" in r.stderr


def test_a_top_cut_needs_the_rounds_and_enough_players(tmp_path):
    (tmp_path / "event.yaml").write_text("players: [A, B, C]\ntop: 4\n")
    r = run("standings", tmp_path)
    assert r.exit_code == 2 and "event.yaml:2:" in r.stderr and "give 'rounds' too" in r.stderr
    (tmp_path / "event.yaml").write_text("players: [A, B, C]\nrounds: 2\ntop: 4\n")
    assert "a top 4 needs 4 players" in run("standings", tmp_path).stderr
    (tmp_path / "event.yaml").write_text("players: [A, B, C, D]\nrounds: 2\ntop: 3\n")
    assert "2, 4 or 8 players" in run("standings", tmp_path).stderr


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pairings_and_the_standings_print_for_the_wall(club, mini, paper):
    from pypdf import PdfReader

    for k, (t, *_) in enumerate(tables(club, 1)):
        fill_skeleton(t, mini, rng(k))
    sheet, table = club.parent / "wall.pdf", club.parent / "table.pdf"
    assert run("pairings", club, "--sheet", sheet, "--paper", paper, "--preview").exit_code == 0 and not sheet.exists()
    r = run("pairings", club, "--sheet", sheet, "--paper", paper)
    assert r.exit_code == 0, r.output
    text = "".join(page.extract_text() for page in PdfReader(sheet).pages)
    assert "round 2 pairings" in text and "By name" in text and "results as of" in text
    at = [text.index(name, text.index("By name")) for name in sorted(PLAYERS)]
    assert at == sorted(at)  # by name, alphabetical
    first = sheet.read_bytes()
    assert run("pairings", club, "--sheet", sheet, "--paper", paper).exit_code == 0 and sheet.read_bytes() == first  # the same bytes again
    r = run("standings", club, "--pdf", table, "--paper", paper)
    assert r.exit_code == 0, r.output
    reader = PdfReader(table)
    w, h = (595, 842) if paper == "a4" else (612, 792)
    assert abs(float(reader.pages[0].mediabox.width) - w) < 1 and abs(float(reader.pages[0].mediabox.height) - h) < 1
    text = "".join(page.extract_text() for page in reader.pages)
    assert "standings after round 1" in text and "Cross-table" in text and all(name in text for name in PLAYERS)
    assert run("standings", club, "--pdf", club / "event.yaml").exit_code == 2  # never over a file that is no PDF


def test_the_round_clock_counts_pauses_and_extends_a_table():
    from hi5pnp.errors import OptionError
    from hi5pnp.web.event.clock import RoundClock, shown

    now = [100.0]
    clock = RoundClock(now=lambda: now[0])
    assert clock.left() is None and shown(None) == ""
    clock.start(2, 50)
    now[0] += 600
    assert clock.left() == 2400 and shown(clock.left()) == "40:00"
    clock.pause()
    now[0] += 300
    assert clock.left() == 2400 and not clock.running
    clock.resume()
    now[0] += 60
    clock.extend(3, 5)
    assert clock.left() == 2340 and clock.left(3) == 2640
    now[0] += 5000
    assert clock.left() == 0 and shown(0) == "time"
    with pytest.raises(OptionError):
        clock.start(3, 0)


def test_the_desk_enters_a_tables_result_runs_the_clock_and_shows_the_board(club):
    from starlette.testclient import TestClient

    from hi5pnp.web import Desk, make_app

    desk = Desk(logs=club, out=club.parent / "desk", event=True)
    client = TestClient(make_app(desk), base_url="http://127.0.0.1")
    page = client.get("/event").text
    assert "Enter table 1's result" in page
    form = {"token": desk.token, "log": "round1-table1.yaml", "judge": "Sam", "winner": "north", "score": "", "reason": ""}
    refused = client.post("/event/result", data=form, follow_redirects=False)
    assert refused.status_code == 400 and "give the slip&#39;s score" in refused.text
    done = client.post("/event/result", data={**form, "score": "31-28"}, follow_redirects=False)
    assert done.status_code == 303 and (club / "round1-table1.ruling.yaml").is_file()
    forfeit = {**form, "log": "round1-table2.yaml", "winner": "south", "reason": "forfeit"}
    assert client.post("/event/result", data=forfeit, follow_redirects=False).status_code == 303
    table, _ = standings(club)
    (_, north, _), _ = tables(club, 1)
    assert table[north]["game_points"] == 31
    assert client.post("/event/clock", data={"token": desk.token, "action": "start", "minutes": "45"}, follow_redirects=False).status_code == 303
    board = client.get("/event/board").text
    assert 'role="timer"' in board and ("45:00" in board or "44:5" in board)
    assert all(name in board for name in PLAYERS)
    assert client.post("/event/clock", data={"token": desk.token, "action": "extend", "table": "2", "minutes": "5"}, follow_redirects=False).status_code == 303
    assert client.post("/event/clock", data={"token": desk.token, "action": "dance"}, follow_redirects=False).status_code == 400
