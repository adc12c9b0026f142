"""The tie-breaks an event may choose, the cross-table, the event file's
faults, drops and late entries, and who moves first (revision 5 of
docs/game-log.md)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from fractions import Fraction

import pytest
from conftest import GOLDEN
from test_checker_cli import run

from hi5pnp.event.crosstable import cross_table
from hi5pnp.event.pairings import Balance, next_round
from hi5pnp.event.standings import CountedGame, Names, Standing, standings

ALL = ("omw", "game_points", "direct", "buchholz", "buchholz_cut1", "sonneborn_berger", "wins")


def game(north, south, winner, n, s, round_number=None, first="north"):
    return CountedGame(f"{north}-{south}", {"north": north, "south": south}, winner, {"north": n, "south": s}, "", round_number, first)


def bye(player, round_number=None):
    return CountedGame(f"bye-{player}", {"north": player}, "north", {"north": 0}, "bye", round_number)


# B beat A, A beat C, D beat B and C: A and B are tied on 3 match points
GAMES = [game("A", "B", "south", 5, 6, 1), game("A", "C", "north", 20, 0, 2, "south"), game("D", "B", "north", 1, 0, 2), game("D", "C", "north", 1, 0, 1)]


def by_player(ranked):
    return {s.player: s for s in ranked}


def test_each_tie_break_is_the_contract_s():
    got = by_player(standings(GAMES, Names(), ALL)[0])
    assert {p: got[p].values["buchholz"] for p in "ABCD"} == {"A": 3, "B": 9, "C": 9, "D": 3}
    assert {p: got[p].values["buchholz_cut1"] for p in "ABCD"} == {"A": 3, "B": 6, "C": 6, "D": 3}
    assert {p: got[p].values["sonneborn_berger"] for p in "ABCD"} == {"A": 0, "B": 3, "C": 0, "D": 3}
    assert {p: got[p].values["wins"] for p in "ABCD"} == {"A": 1, "B": 1, "C": 0, "D": 2}
    assert {p: got[p].values["game_points"] for p in "ABCD"} == {"A": 25, "B": 6, "C": 0, "D": 2}
    assert got["A"].values["omw"] == (Fraction(1, 2) + Fraction(1, 3)) / 2


def test_direct_encounter_ranks_the_winner_of_the_game_between_the_tied_above():
    on_points = standings(GAMES, Names(), ("game_points",))[0]
    assert [s.player for s in on_points] == ["D", "A", "B", "C"]
    direct = standings(GAMES, Names(), ("direct", "game_points"))[0]
    assert [s.player for s in direct] == ["D", "B", "A", "C"]
    assert by_player(direct)["B"].values["direct"] == 3 and by_player(direct)["A"].values["direct"] == 0
    assert by_player(direct)["D"].values["direct"] == 0  # alone on 6 points: no one to meet


def test_players_tied_on_every_key_share_a_rank():
    ranked = standings([game("A", "B", "draw", 4, 4), game("C", "D", "draw", 4, 4)], Names(), ("direct", "buchholz"))[0]
    assert [(s.rank, s.player) for s in ranked] == [(1, "A"), (1, "B"), (1, "C"), (1, "D")]


def test_a_bye_scores_the_mean_of_the_player_s_other_games_rounded_down_and_has_no_opponent():
    ranked = standings([game("P", "Q", "north", 7, 3, 1), game("Q", "P", "north", 9, 10, 2), bye("P", 3)], Names(), ALL)[0]
    p = by_player(ranked)["P"]
    assert p.game_points == 7 + 10 + 8 and p.played == 3 and p.points == 6
    assert p.values["buchholz"] == 6 and p.opponents == ["q", "q"]  # Q's 3 points, once a game, and no opponent for the bye
    alone = by_player(standings([bye("R")], Names(), ALL)[0])["R"]
    assert alone.game_points == 0 and alone.omw == 0


def test_the_cross_table_gives_the_opponent_s_rank_the_result_and_who_moved_first():
    ranked = standings([*GAMES, bye("A", 3), game("B", "C", "draw", 2, 2, 3, "south")], Names(), ())[0]
    rows = {r.player: r for r in cross_table(ranked).rows}
    rank = {s.player: s.rank for s in ranked}
    assert cross_table(ranked).columns == ("1", "2", "3")
    assert rows["A"].cells == (f"{rank['B']}-f", f"{rank['C']}+", "bye")
    assert rows["B"].cells == (f"{rank['A']}+", f"{rank['D']}-", f"{rank['C']}=")
    assert rows["C"].cells == (f"{rank['D']}-", f"{rank['A']}-f", f"{rank['B']}=f")


@pytest.fixture
def league(tmp_path):
    folder = tmp_path / "league"
    shutil.copytree(GOLDEN / "event", folder)
    shutil.copy(GOLDEN / "event.aliases", tmp_path / "aliases")
    return folder


def test_each_tie_break_of_the_event_file_is_a_column_in_text_csv_and_json(league):
    (league / "event.yaml").write_text("tiebreaks: [direct, buchholz, sonneborn_berger, wins, buchholz_cut1]\n")
    alias = league.parent / "aliases"
    got = json.loads(run("standings", league, "--alias", alias, "--json").stdout)["standings"]
    assert all(set(ALL) <= set(s) for s in got)
    text = run("standings", league, "--alias", alias).stdout.splitlines()
    assert text[0].split()[7:] == ["direct", "buchholz", "sonneborn_berger", "wins", "buchholz_cut1", "OMW", "game", "points"]
    rows = list(csv.DictReader(io.StringIO(run("standings", league, "--alias", alias, "--csv").stdout)))
    assert [r["buchholz"] for r in rows] == [str(s["buchholz"]) for s in got]
    assert [r["sonneborn_berger"] for r in rows] == [str(s["sonneborn_berger"]) for s in got]
    points = [(s["points"], s["direct"], s["buchholz"]) for s in got]
    assert points == sorted(points, reverse=True)  # ranked by them, in the file's order


def test_standings_cross_in_text_json_and_csv(league):
    alias = league.parent / "aliases"
    got = json.loads(run("standings", league, "--alias", alias, "--json", "--cross").stdout)
    assert got["cross"]["rounds"] == ["?"] * 10  # the league's logs name no round: in the order of their files
    ann = got["cross"]["rows"][0]
    assert ann["player"] == got["standings"][0]["player"] and len(ann["cells"]) == 10
    text = run("standings", league, "--alias", alias, "--cross").stdout
    assert "cross-table" in text
    rows = list(csv.reader(io.StringIO(run("standings", league, "--alias", alias, "--csv", "--cross").stdout)))
    assert rows[0][-10:] == [f"other{k}" for k in range(1, 11)]


EVENT_FAULTS = """\
event: Club
players: [Ann, Bo, ann]
drops: {Cy: 2, Bo: -1}
rounds: 0
tiebreaks: [omw, buchholtz, name]
colour: red
"""


def test_every_fault_of_the_event_file_is_named_at_its_line(tmp_path):
    (tmp_path / "event.yaml").write_text(EVENT_FAULTS)
    for command in ("standings", "pairings"):
        r = run(command, tmp_path)
        assert r.exit_code == 2
        where = str(tmp_path / "event.yaml")
        for line, words in (
            (2, "on the entry list already"),
            (3, "'Cy' is not on the entry list"),
            (3, "a whole number from 0"),
            (4, "'rounds'"),
            (5, "did you mean 'buchholz'"),
            (5, "the name always breaks"),
            (6, "unknown field 'colour'"),
        ):
            assert any(x.startswith(f"{where}:{line}:") and words in x for x in r.stderr.splitlines()), (line, words, r.stderr)
    (tmp_path / "event.yaml").write_text("players: [Ann\n")
    assert run("standings", tmp_path).exit_code == 2


def test_drops_and_late_entries(tmp_path):
    (tmp_path / "event.yaml").write_text("players: [Ann, Bo, Cy, Dee]\ndrops: {Bo: 0}\n")
    r = run("pairings", tmp_path, "--json")
    got = json.loads(r.stdout)
    assert got["not_paired"] == ["Bo"] and got["bye"] is not None and len(got["tables"]) == 1
    assert run("pairings", tmp_path, "--drop", "cy", "--json").exit_code == 0
    assert run("pairings", tmp_path, "--drop", "Zed").exit_code == 2


def test_who_moved_first_less_often_moves_first_the_better_placed_on_a_tie():
    a, b = Standing("Ann", "ann"), Standing("Bo", "bo")
    assert Balance({"ann": 2, "bo": 1}, {"ann": 1, "bo": 2}).order(a, b) == (b, a)
    assert Balance({}, {}).order(a, b) == (a, b)
    assert Balance({"ann": 1, "bo": 1}, {"ann": 1, "bo": 1}).order(a, b) == (a, b)
    p = next_round([a, b, Standing("Cy", "cy"), Standing("Dee", "dee")], set(), set(), {"ann": 1, "bo": 1}, 2, {"cy": 1, "dee": 1})
    assert {(t.first.player, t.second.player) for t in p.tables} == {("Cy", "Ann"), ("Dee", "Bo")}  # Ann and Bo both moved first: kept apart
