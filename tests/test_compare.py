"""``simulate --compare``: two decks play the same games; each rate's change
comes with a paired interval (hi5pnp/sim/paired.py, docs/simulate.md)."""

from __future__ import annotations

import math

import pytest

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


def test_a_weakened_face_shows_its_drop(deck, deck_copy):
    weak = load_deck(weakened(deck_copy), need_score_sheet=False)
    c = compare(weak, deck, Plan(games=200, north="greedy", south="greedy"), jobs=2)
    one = c.faces["1a"]
    assert one.high < 0, one  # its interval excludes no change
    assert one.change == min(v.change for v in c.faces.values())
    other = compare(deck, weak, Plan(games=200, north="greedy", south="greedy"), jobs=2).faces["1a"]
    assert other.change == pytest.approx(-one.change) and other.low > 0  # the other way round


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


def test_pairs_merge_in_any_order_to_the_same_sums(deck, deck_copy):
    weak = load_deck(weakened(deck_copy), need_score_sheet=False)
    plan = Plan(games=12, north="random", south="random")
    whole, halves = Pairs(), [Pairs(), Pairs()]
    for i in range(plan.games):
        a, b = play_one(weak, plan, i), play_one(deck, plan, i)
        whole.add(a, b)
        halves[i % 2].add(a, b)
    halves[1].merge(halves[0])
    assert halves[1] == whole


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
