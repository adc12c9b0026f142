"""Five rounds of a nine-player event, each paired by hi5pnp, played by bots
and fed back (revision 5 of docs/game-log.md): no rematch, one bye each at
most, and nobody moving first more than one game more than second."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest
import yaml
from conftest import GOLDEN
from eventfix import fill_skeleton, rng

from hi5pnp.event.eventfolder import event_cross_table, event_standings, open_games, pair_next_round

PLAYERS = ["Ann Smith", "Bo Li", "Cai Wen", "Dee Lowe", "Eve Ray", "Finn Moss", "Gil Tan", "Hal Ng", "Ida Poe"]


def run_event(folder, mini, seed, rounds=5):
    """Pair, play and feed back ``rounds`` rounds; each round's pairs, byes and who moved first."""
    met: list[frozenset[str]] = []
    byes: list[str] = []
    firsts, seconds = Counter(), Counter()
    for number in range(1, rounds + 1):
        plan, written = pair_next_round(folder, seed=seed)
        assert plan.pairing.round == number
        for t in plan.pairing.tables:  # revision 6: who moves first never outranks the score groups
            lean = {s.player: firsts[s.player] - seconds[s.player] for s in (t.first, t.second)}
            if t.first.points == t.second.points:  # one group: the one who has moved first less often moves first
                assert lean[t.first.player] <= lean[t.second.player], (number, t)
            else:  # across groups, the better placed player's balance decides
                better = t.first if t.first.points > t.second.points else t.second
                assert (better is t.first) == (lean[better.player] <= 0), (number, t)
        assert open_games(folder), "a round just paired is open"
        for path in written:
            if path.name in (f"round{number}-written.json", f"round{number}-links.json"):  # the record of the files written; the tables' links
                continue
            if path.name.endswith("-bye.yaml"):
                byes.append(yaml.safe_load(path.read_text())["players"]["north"])
                continue
            fill_skeleton(path, mini, rng(seed * 100 + number * 10 + len(met)))
            doc = yaml.safe_load(path.read_text())
            assert doc["first"] == "north" and doc["round"] == number
            north, south = doc["players"]["north"], doc["players"]["south"]
            met.append(frozenset((north, south)))
            firsts[north] += 1
            seconds[south] += 1
        assert open_games(folder) == []
    return met, byes, firsts, seconds


@pytest.mark.parametrize("seed", [0, *(pytest.param(n, marks=pytest.mark.slow) for n in range(1, 7))])
def test_five_rounds_of_nine_players_played_by_bots(tmp_path, mini, seed):
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copytree(GOLDEN / "mini", folder / "mini")
    (folder / "event.yaml").write_text(f"event: Swiss test\ndeck: mini\nplayers: {PLAYERS}\nrounds: 5\ntiebreaks: [buchholz, sonneborn_berger, direct]\n")
    met, byes, _firsts, _seconds = run_event(folder, mini, seed)
    assert len(met) == 20 and len(set(met)) == 20, "no rematch"
    assert len(byes) == 5 and len(set(byes)) == 5, "one bye each at most"
    ranked, left = event_standings(folder)
    assert left == [] and sorted(s.player for s in ranked) == sorted(PLAYERS)
    assert sum(s.played for s in ranked) == 2 * 20 + 5
    cross = event_cross_table(folder)
    assert cross.columns == ("1", "2", "3", "4", "5")
    for row in cross.rows:
        assert sum(c == "bye" for c in row.cells) <= 1 and all(row.cells)
