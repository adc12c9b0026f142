"""``simulate --compare``: two decks play the same games; each rate's change
comes with a paired interval (hi5pnp/sim/paired.py, docs/simulate.md)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.errors import OptionError
from hi5pnp.sim.compare import Change, Comparison, compare
from hi5pnp.sim.paired import FIRST, NO_CHANGE_KNOWN, Pairs
from hi5pnp.sim.run import Plan, play_one, simulate
from hi5pnp.sim.stats import Z95

BLACK = '  gold: "#E0A100"\n  black: "#000000"\n'


def weakened(deck_copy, face_gems="gems: [red, red, blue]"):
    """The bundled deck with 1a's gems of a colour no obstacle has: it can never mark a box."""
    deck_copy("game.yaml", '  gold: "#E0A100"\n', BLACK)
    return deck_copy("competitors.yaml", face_gems, "gems: [black, black, black]")


def test_a_deck_against_itself_changes_nothing_exactly(deck):
    plan = Plan(games=40, seed=3, north="greedy", south="greedy")
    c = compare(deck, deck, plan, jobs=2)
    assert isinstance(c, Comparison) and c.games == 40
    assert c.first_player == Change(0.0, 0.0, 0.0)
    assert set(c.faces) == {f.id for f in deck.competitor_faces()}
    assert all(change == (0.0, 0.0, 0.0) for change in c.faces.values())
    assert c.summary == c.other == simulate(deck, plan, jobs=1)


def test_an_identical_copy_from_another_folder_changes_nothing(deck_copy):
    folder = deck_copy("game.yaml", "# High Five", "# a copy of High Five")  # other bytes, the same cards
    copy = load_deck(folder, need_score_sheet=False)
    c = compare(copy, load_deck("default", need_score_sheet=False), Plan(games=20, north="random", south="random"), jobs=1)
    assert c.first_player == (0.0, 0.0, 0.0) and all(v == (0.0, 0.0, 0.0) for v in c.faces.values())


@pytest.mark.slow
def test_a_weakened_face_shows_its_drop(deck, deck_copy):
    weak = load_deck(weakened(deck_copy), need_score_sheet=False)
    c = compare(weak, deck, Plan(games=150, north="greedy", south="greedy"), jobs=2)
    one = c.faces["1a"]
    assert one.high < 0, one  # its interval excludes no change
    assert one.change == min(v.change for v in c.faces.values())


def test_the_paired_interval_is_the_delta_method_on_each_game(deck, deck_copy):
    """Checked against the per-game linearisation computed directly in floats."""
    weak = load_deck(weakened(deck_copy), need_score_sheet=False)
    plan = Plan(games=60, seed=2, north="random", south="random")
    pairs = Pairs()
    games = [(play_one(weak, plan, i), play_one(deck, plan, i)) for i in range(plan.games)]
    for a, b in games:
        pairs.add(a, b)

    def z(rec, key):
        if key == FIRST:
            return (0, 0) if rec.winner is None else (2 * (rec.winner == rec.first), 1)
        if key not in rec.faces:
            return (0, 0)
        seat = rec.seats[rec.faces.index(key)]
        return (1 if rec.winner is None else 2 * (rec.winner == seat), 1)

    n = plan.games
    for key in ("1a", "5b", FIRST):
        rows = [(*z(a, key), *z(b, key)) for a, b in games]
        ya, xa, yb, xb = (sum(r[k] for r in rows) for k in range(4))
        ra, rb = ya / (2 * xa), yb / (2 * xb)
        u = [(r[0] / 2 - ra * r[1]) / (xa / n) - (r[2] / 2 - rb * r[3]) / (xb / n) for r in rows]
        half = Z95 * math.sqrt(sum(x * x for x in u) / (n * (n - 1)))
        got = pairs.change(key)
        assert got.change == pytest.approx(ra - rb)
        assert (got.low, got.high) == pytest.approx((max(-1, ra - rb - half), min(1, ra - rb + half)))
        assert got.high - got.low > 0


def test_pairs_merge_in_any_order_and_turn_round(deck, deck_copy):
    weak = load_deck(weakened(deck_copy), need_score_sheet=False)
    plan = Plan(games=12, north="random", south="random")
    whole, halves = Pairs(), [Pairs(), Pairs()]
    for i in range(plan.games):
        a, b = play_one(weak, plan, i), play_one(deck, plan, i)
        whole.add(a, b)
        halves[i % 2].add(a, b)
    halves[1].merge(halves[0])
    assert halves[1] == whole
    backwards = Pairs()  # the other deck against this one: every change the other way
    for i in range(plan.games):
        backwards.add(play_one(deck, plan, i), play_one(weak, plan, i))
    for key in ("1a", "2b", FIRST):
        there, back = whole.change(key), backwards.change(key)
        assert (back.change, back.low, back.high) == pytest.approx((-there.change, -there.high, -there.low))


def test_unmeasured_rates_say_nothing_is_known():
    assert Pairs().change("1a") == NO_CHANGE_KNOWN == (0.0, -1.0, 1.0)


def test_a_comparison_saves_no_logs(deck, tmp_path):
    with pytest.raises(OptionError, match="saves no logs"):
        compare(deck, deck, Plan(games=2, logs=tmp_path))


def test_only_faces_both_decks_have_are_compared(deck, deck_copy):
    """A deck without card 10 (and teams of four): the faces of card 10 are not compared, the rest are."""
    folder = deck_copy("game.yaml", "team_size: 5", "team_size: 4")
    text = (folder / "competitors.yaml").read_text()
    (folder / "competitors.yaml").write_text(text[: text.index("- card: 10")])
    smaller = load_deck(folder, need_score_sheet=False)
    c = compare(deck, smaller, Plan(games=10, north="random", south="random"), jobs=1)
    assert set(c.faces) == {f.id for f in deck.competitor_faces()} - {"10a", "10b"}


def command(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_the_command_compares_in_json_and_text(deck_copy):
    folder = weakened(deck_copy)
    r = command("--json", "--deck", str(folder), "--compare", "default", "--games", "120", "--bot", "greedy")
    assert r.exit_code in (0, 1), r.stderr
    data = json.loads(r.stdout)
    c = data["compare"]
    assert c["deck"] == "default" and c["games"] == 120
    assert set(c["first_player"]) == {"change", "interval"}
    assert list(c["faces"]) == list(data["faces"])  # every face, in the deck's order
    one = c["faces"]["1a"]
    assert one["change"] < 0 and one["interval"][1] < 0
    assert one["change"] == pytest.approx(one["rate"] - one["other_rate"], abs=2e-4)
    assert one["rate"] == data["faces"]["1a"]["win_rate"]["rate"]
    text = command("--deck", str(folder), "--compare", "default", "--games", "120", "--bot", "greedy").stdout
    rows = text[text.index("against default, the same 120 games") :].splitlines()
    assert rows[1].startswith("  first player (decided games)")
    faces = [row.split()[0] for row in rows[3:]]
    assert faces[0] == "1a" and len(faces) == 20 and rows[3].endswith(" *")  # sorted by change, flagged


def test_the_command_with_an_identical_deck_prints_zero_changes():
    data = json.loads(command("--json", "--compare", "default", "--games", "20", "--bot", "random").stdout)["compare"]
    assert data["first_player"] == {"change": 0.0, "interval": [0.0, 0.0]}
    assert all(f["change"] == 0.0 and f["interval"] == [0.0, 0.0] for f in data["faces"].values()) and len(data["faces"]) == 20


@pytest.mark.parametrize(
    "args, words",
    [
        (["--compare", "no/such/deck"], "deck folder not found"),
        (["--compare", "default", "--save-logs", "logs"], "--save-logs saves the games of one deck"),
    ],
)
def test_bad_compare_flags_are_refused_with_status_2(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = command("--games", "2", *args)
    assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "logs").exists()


def test_a_faulty_other_deck_is_refused_with_status_2_and_its_faults(deck_copy):
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red]")
    r = command("--games", "2", "--compare", str(folder))
    assert r.exit_code == 2 and "the other deck cannot be read" in r.stderr and "competitors.yaml:" in r.stderr


def _reordered(folder):
    """The deck in ``folder`` with its competitor and obstacle cards listed in
    another order (reversed, and each card's sides written b before a)."""
    import yaml

    for name in ("competitors.yaml", "obstacles.yaml"):
        cards = yaml.safe_load((folder / name).read_text(encoding="utf-8"))
        turned = [{"card": c["card"], "b": c["b"], "a": c["a"]} for c in reversed(cards)]
        (folder / name).write_text(yaml.safe_dump(turned, sort_keys=False), encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("bot, sides", [("greedy", "random"), ("random", "random"), ("greedy", "bot")])
def test_a_deck_with_its_cards_in_another_order_compares_as_exactly_nothing(deck_copy, bot, sides):
    """Deals and courses are drawn from the cards' numbers, not their place in the file."""
    folder = _reordered(deck_copy("game.yaml", "# High Five", "# High Five, its cards reordered"))
    assert next(c.number for c in load_deck(folder, need_score_sheet=False).competitors) == 10
    args = ["simulate", "--deck", str(folder), "--compare", "default", "--games", "40", "--seed", "4", "--bot", bot, "--sides", sides, "--jobs", "1", "--json"]
    got = json.loads(CliRunner().invoke(main, args).output)["compare"]
    assert got["first_player"] == {"change": 0.0, "interval": [0.0, 0.0]}
    assert len(got["faces"]) == 20
    played = {face: f for face, f in got["faces"].items() if f["rate"] is not None}
    assert len(played) >= 10 and all(f["rate"] == f["other_rate"] for f in played.values())
    assert all(f["change"] == 0.0 and f["interval"] == [0.0, 0.0] for f in played.values()), played
    assert all(f["other_rate"] is None for face, f in got["faces"].items() if face not in played)  # a side bots never choose


def test_stars_are_holm_corrected_over_the_rates_compared(mini):
    """A change sure at 95 % on its own is not starred when twenty rates are looked at together; a large one is."""
    from hi5pnp.sim.report.results import compare_json, compare_text

    s = simulate(mini, Plan(games=20), jobs=1)
    noise = Change(0.0, -0.03, 0.03)
    faces = {f: noise for f in s.faces} | {"1a": Change(-0.025, -0.045, -0.005), "2a": Change(0.10, 0.07, 0.13)}
    c = Comparison(1000, s, s, noise, faces)
    assert c.sure() == {"2a"}  # 1a: p = 0.014, over the Holm level 0.05 / 8
    text = compare_text(mini, c, "other")
    assert "Holm-corrected over the 9 rates compared" in text[0] and "in percentage points" in text[0]
    starred = [line.split()[0] for line in text[3:] if line.endswith("*")]
    assert starred == ["2a"]
    got = compare_json(c, "other")
    assert got["correction"] == "holm" and got["sure"] == ["2a"]
