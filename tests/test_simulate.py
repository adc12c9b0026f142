"""``hi5pnp simulate``: the contract (docs/simulate.md), its determinism, the
bots' strength, the statistics and the fast path against the engine."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from conftest import GOLDEN, make_deck
from PIL import Image
from pypdf import PdfReader

from hi5pnp.cli import main
from hi5pnp.judge.batch import check_all
from hi5pnp.rules import Seat
from hi5pnp.sim.bots.draw import game_rng, group
from hi5pnp.sim.bots.players import GreedyBot, PlannerBot, RandomBot, play_game
from hi5pnp.sim.bots.playout import random_playout
from hi5pnp.sim.bots.record import Tally, record_of
from hi5pnp.sim.stats import interval

FACE_KEYS = {"games", "team_wins", "team_draws", "placings", "points", "columns"}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def simulate_json(*args: str) -> dict:
    code, out, err = run("--json", *args)
    assert code in (0, 1), err
    return json.loads(out)


@pytest.mark.parametrize("edition", [1, pytest.param(2, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", [pytest.param("default", marks=pytest.mark.slow), "mini"])  # default: also the fast-path test below
def test_fast_playout_is_the_engine_game_turn_for_turn(deck, mini, edition, name):
    """Differential: the fast path and the engine with the random bot play the
    same game from the same generator: every turn, and the record, agree."""
    d = deck if name == "default" else mini
    bot = RandomBot()
    for i in range(800 if name == "default" else 400):
        tally = Tally(list(d.colors))
        state = play_game(d, {Seat.NORTH: bot, Seat.SOUTH: bot}, game_rng(7, i), edition=edition, watch=tally.add)
        turns: list = []
        fast = random_playout(d, game_rng(7, i), edition, turns)
        assert turns == [t for played in state.history() for t in played.turns], i
        assert fast == record_of(state, tally), i


@pytest.mark.slow
def test_fast_playout_on_other_numbers(tmp_path):
    from hi5pnp.deck import load_deck

    d = load_deck(
        make_deck(tmp_path / "d", obstacles=3, team_size=3, finishers=4, placing_points="[4, 3, 2, 1]", rounds=2, chit_limit=1), need_score_sheet=False
    )
    bot = RandomBot()
    for i in range(300):
        tally = Tally(list(d.colors))
        state = play_game(d, {Seat.NORTH: bot, Seat.SOUTH: bot}, game_rng(1, i), watch=tally.add)
        turns: list = []
        assert random_playout(d, game_rng(1, i), None, turns) == record_of(state, tally), i
        assert turns == [t for played in state.history() for t in played.turns], i


def test_the_json_follows_the_contract():
    data = simulate_json("--games", "60", "--bot", "random")
    for key in ("simulate", "deck", "edition", "games", "seed", "bots", "seats", "draws", "first_player", "turns", "faces"):
        assert key in data
    assert data["simulate"] == 1 and data["deck"] == "default" and data["edition"] == 2 and data["games"] == 60
    assert data["bots"] == {"north": "random", "south": "random"}
    assert data["seats"]["north"]["wins"] + data["seats"]["south"]["wins"] + data["draws"] == 60
    assert data["first_player"]["wins"] + data["first_player"]["losses"] + data["draws"] == 60
    assert data["turns"]["min"] >= 3 * 10  # each round: every competitor of a round acts at least once, 10 on the course
    assert sum(f["games"] for f in data["faces"].values()) == 60 * 10
    for face in data["faces"].values():
        assert set(face) >= FACE_KEYS
        assert len(face["placings"]) == 6 and sum(face["placings"]) == 3 * face["games"]
        rate = (face["team_wins"] + face["team_draws"] / 2) / face["games"]
        assert face["win_rate"]["rate"] == pytest.approx(rate, abs=1e-4)  # a draw counts half


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_same_seed_same_numbers_whatever_the_jobs():
    one = run("--json", "--games", "130", "--bot", "greedy", "--seed", "5", "--jobs", "1")
    two = run("--json", "--games", "130", "--bot", "greedy", "--seed", "5", "--jobs", "2")
    assert one[1] == two[1] and one[0] == two[0]
    other = run("--json", "--games", "130", "--bot", "greedy", "--seed", "6", "--jobs", "2")
    assert other[1] != one[1]


@pytest.mark.slow
def test_random_bot_runs_on_the_fast_path_with_the_same_numbers_as_the_engine(tmp_path):
    """The run's totals do not depend on the path: with logs saved, every game
    is played on the engine."""
    for sides in ("random", "bot"):  # the random bot chooses sides as a random deal does
        fast = simulate_json("--games", "80", "--bot", "random", "--seed", "3", "--sides", sides)
        engine = simulate_json("--games", "80", "--bot", "random", "--seed", "3", "--sides", sides, "--save-logs", str(tmp_path / sides))
        assert fast == engine, sides


@pytest.mark.parametrize("bots", [("random", "greedy"), ("planner", "greedy")])
def test_saved_logs_check_valid(tmp_path, bots):
    games = 4 if "planner" in bots else 12
    code, _, err = run("--games", str(games), "--north", bots[0], "--south", bots[1], "--save-logs", str(tmp_path / "logs"), "--sides", "bot")
    assert code in (0, 1), err
    files = sorted((tmp_path / "logs").glob("*.yaml"))
    assert [f.name for f in files] == [f"game-{i:06d}.yaml" for i in range(1, games + 1)]
    assert sorted(p.name for p in (tmp_path / "logs").iterdir() if p.suffix != ".yaml") == [".hi5pnp-saved-logs"]  # its mark
    outcomes = list(check_all([str(f) for f in files], jobs=1))
    assert all(o.outcome == "valid" for o in outcomes), [o.text for o in outcomes if o.outcome != "valid"]
    text = files[0].read_text()
    assert "result:" in text and "finish:" in text and "points:" in text and "deck: default" in text


def test_saved_logs_name_a_deck_folder_from_the_logs(tmp_path):
    deck = make_deck(tmp_path / "my deck")
    (deck / "art").mkdir()
    Image.new("RGB", (40, 40), "#C8102E").save(deck / "art" / "dash.png")  # the copy must carry the art too
    competitors = deck / "competitors.yaml"
    competitors.write_text(competitors.read_text().replace('    name: "Dash Dunmore"', '    name: "Dash Dunmore"\n    art: art/dash.png', 1))
    code, _, err = run("--deck", str(deck), "--games", "3", "--bot", "random", "--save-logs", str(tmp_path / "out" / "logs"))
    assert code in (0, 1), err
    log = tmp_path / "out" / "logs" / "game-000001.yaml"
    assert "deck: deck\n" in log.read_text()  # a copy, inside the logs' folder
    assert (tmp_path / "out" / "logs" / "deck" / "game.yaml").read_bytes() == (deck / "game.yaml").read_bytes()
    assert all(o.outcome == "valid" for o in check_all([str(log)], jobs=1))
    inside = tmp_path / "out" / "logs" / "own deck"
    make_deck(inside)
    run("--deck", str(inside), "--games", "1", "--bot", "random", "--save-logs", str(tmp_path / "out" / "logs"))
    assert "deck: own deck\n" in log.read_text()
    assert all(o.outcome == "valid" for o in check_all([str(log)], jobs=1))


@pytest.mark.slow
def test_planner_is_stronger_than_greedy(deck):
    """The planner wins most games against greedy, on either seat."""
    wins = 0
    games = 24
    for i in range(games):
        planner, greedy = PlannerBot(), GreedyBot()
        bots = {Seat.NORTH: planner, Seat.SOUTH: greedy} if i % 2 else {Seat.NORTH: greedy, Seat.SOUTH: planner}
        state = play_game(deck, bots, game_rng(11, i))
        wins += state.winner() == (Seat.NORTH if i % 2 else Seat.SOUTH)
    assert wins >= 0.65 * games


def test_greedy_beats_random(deck):
    wins = sum(play_game(deck, {Seat.NORTH: GreedyBot(), Seat.SOUTH: RandomBot()}, game_rng(12, i)).winner() == Seat.NORTH for i in range(20))
    assert wins >= 18


def test_exit_status_follows_the_verdict_and_the_headline_leads():
    code, out, _ = run("--games", "200", "--bot", "random", "--first-player-window", "0-1")
    assert code == 1
    assert out.splitlines()[0] == "NOT FAIR: 1 rate is outside its window (first player (decided games))"
    assert "first player (decided games)" in out and "is outside its window" in out
    code, out, _ = run("--games", "50", "--bot", "random", "--first-player-window", "0-100", "--face-window", "0-100")
    assert code == 0 and out.splitlines()[0].startswith("FAIR: every rate and its 95 % interval lie inside")
    code, out, _ = run("--games", "50", "--bot", "random")  # the deck's own windows: 50 games cannot tell
    assert code == 1 and out.splitlines()[0].startswith("UNDECIDED: ") and "games would tell" in out.splitlines()[0]


def test_windows_come_from_game_yaml(tmp_path):
    deck = make_deck(tmp_path / "d")
    game = deck / "game.yaml"
    game.write_text(game.read_text().replace("first_player: [48, 52]", "first_player: [0, 1]"))
    data = simulate_json("--deck", str(deck), "--games", "100", "--bot", "random")
    assert data["balance"]["windows"]["first_player"] == [0, 1]
    assert data["balance"]["fair"] is False and data["balance"]["outside"] == ["first player (decided games)"]
    assert data["balance"]["verdict"] == "not fair" and data["balance"]["headline"].startswith("NOT FAIR")
    # an option wins over game.yaml
    assert simulate_json("--deck", str(deck), "--games", "30", "--bot", "random", "--first-player-window", "0-100")["balance"]["windows"]["first_player"] == [
        0,
        100,
    ]


@pytest.mark.slow
def test_a_bad_balance_block_is_a_deck_fault_with_its_line(tmp_path):
    deck = make_deck(tmp_path / "d")
    game = deck / "game.yaml"
    game.write_text(game.read_text().replace("first_player: [48, 52]", "first_player: [55, 45]\n  fairness: 3"))
    line = next(k for k, text in enumerate(game.read_text().splitlines(), 1) if "[55, 45]" in text)
    result = CliRunner().invoke(main, ["validate", str(deck)])
    assert result.exit_code == 1
    assert f"game.yaml:{line}:" in result.stderr and "low then high" in result.stderr
    assert f"game.yaml:{line + 1}:" in result.stderr and "fairness" in result.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--games", "0"], "--games"),
        (["--bot", "oracle"], "oracle"),
        (["--bot", "random", "--north", "greedy"], "--bot"),
        (["--face-window", "60-40"], "window"),
        (["--face-window", "fair"], "LOW-HIGH"),
        (["--deck", "no/such/deck"], "deck folder not found"),
    ],
)
def test_bad_flags_are_refused_with_status_2(args, words):
    code, _, err = run(*args)
    assert code == 2 and words in err and "Traceback" not in err


@pytest.mark.slow
def test_report_pdf(tmp_path):
    out = tmp_path / "report.pdf"
    code, _, err = run("--games", "120", "--bot", "greedy", "--report", str(out), "--face-window", "0-100", "--first-player-window", "0-100")
    assert code == 0, err
    reader = PdfReader(out)
    assert len(reader.pages) >= 3
    first = reader.pages[0].extract_text()
    assert "\nFAIR" in first and "greedy: FAIR" in first and "UNDECIDED" not in first and "NOT FAIR" not in first
    assert "Felix Flint" in first and "CC BY-SA 4.0" in first
    second = reader.pages[1].extract_text()
    assert "Game length" in second and "by trait" in second and "colours matched" in second and "95 % interval" in second
    third = reader.pages[2].extract_text()
    assert "Faces to look at" in third and "No face is flagged" in third
    again = tmp_path / "again.pdf"
    run("--games", "120", "--bot", "greedy", "--report", str(again), "--face-window", "0-100", "--first-player-window", "0-100", "--jobs", "1")
    assert out.read_bytes() == again.read_bytes()


def test_report_unwritable_is_a_message(tmp_path):
    code, _, err = run("--games", "5", "--bot", "random", "--report", str(tmp_path / "no" / "dir" / "r.pdf"))
    assert code == 2 and "Traceback" not in err


def test_wilson_interval():
    low, high = interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert interval(0, 10)[0] == 0.0 and interval(10, 10)[1] == pytest.approx(1.0)
    assert interval(0, 0) == (0.0, 1.0)


def test_group_draws_distinct_members():
    rng = random.Random(1)
    for size in range(6):
        g = group(rng, "abcdef", size)
        assert len(g) == size == len(set(g))


def test_the_command_line_names_every_bot_the_simulator_has():
    from hi5pnp.sim import BOT_NAMES
    from hi5pnp.sim.bots.players import BOTS

    assert tuple(BOTS) == BOT_NAMES  # the light list the command line shows is the real one


def test_mini_deck_simulates(tmp_path):
    data = simulate_json("--deck", str(GOLDEN / "mini"), "--games", "40", "--bot", "greedy")
    assert data["games"] == 40 and data["faces"]
