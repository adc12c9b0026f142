"""The PDF report of ``hi5pnp simulate --report``: its verdict never
contradicts itself, each flagged face is named with the bots that flag it,
its gems, matrix and unmarkable boxes are shown, the axes fit the data, and
the comparison page lists every compared face. Also the reach analysis (what
a face can mark) and the drawing helpers."""

from __future__ import annotations

import io
import shutil
from dataclasses import replace

import pytest
from conftest import GOLDEN
from pypdf import PdfReader

from hi5pnp.deck import CompetitorFace, load_deck
from hi5pnp.render import fonts
from hi5pnp.sim.balance import BalanceVerdict, Finding, Windows, face_interval, judge
from hi5pnp.sim.compare import Change, Comparison
from hi5pnp.sim.findings import Run, nearest_edge
from hi5pnp.sim.paired import NO_CHANGE_KNOWN
from hi5pnp.sim.report.charts import fit, fit_span, percent, step_for, ticks, wrap
from hi5pnp.sim.report.pdf import face_span, report_bytes, write_report
from hi5pnp.sim.report.reach import Marker, reach
from hi5pnp.sim.run import Plan, simulate
from hi5pnp.sim.stats import Summary


@pytest.fixture(scope="module")
def played(mini):
    """Greedy and random bots on the mini deck: a few games each."""
    greedy = simulate(mini, Plan(games=60, seed=3, north="greedy", south="greedy"), jobs=1)
    random = simulate(mini, Plan(games=60, seed=3, north="random", south="random"), jobs=1)
    return greedy, random


def pages(data: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def plan(**kw) -> Plan:
    return Plan(games=60, seed=3, deck_name="mini", **kw)


def around(s: Summary) -> Windows:
    """Windows just wide enough for every estimate, narrower than the intervals: undecided."""
    rates = [fc.score * 100 for fc in s.faces.values()]
    first = 100 * s.first_wins / (s.first_wins + s.first_losses)
    return Windows(first_player=(first - 0.5, first + 0.5), face_win_rate=(min(rates) - 0.5, max(rates) + 0.5))


# ---- the verdict's state and headline


@pytest.mark.parametrize(
    ("windows", "state", "word"),
    [
        (Windows((0.0, 100.0), (0.0, 100.0)), "fair", "FAIR"),
        (Windows((0.0, 100.0), (99.0, 100.0)), "not fair", "NOT FAIR"),
        (None, "undecided", "UNDECIDED"),
    ],
)
def test_headline_follows_the_state(mini, played, windows, state, word):
    s = played[0]
    verdict = judge(s, windows or around(s))
    assert verdict.state == state
    first = pages(report_bytes(mini, plan(), 2, [("greedy", s, verdict)]))[0]
    head = first.split("\n")[:4]
    assert any(line.startswith(word) for line in head), head
    others = {"FAIR", "NOT FAIR", "UNDECIDED"} - {word}
    assert not any(line.startswith(w) for line in first.split("\n") for w in others if not w.startswith(word)), first
    assert f"greedy: {word}" in first


def test_estimate_outside_with_interval_reaching_in_is_never_fair(mini, played):
    """The first player's estimate outside its window but its interval still in it:
    not fair is not sure, fair it is not (the fault the report had)."""
    s = played[0]
    first = s.first_wins / (s.first_wins + s.first_losses)
    windows = Windows(first_player=(100 * first - 4, 100 * first - 1), face_win_rate=(0.0, 100.0))
    verdict = judge(s, windows)
    assert verdict.first is not None and not verdict.first.sure
    assert verdict.state == "undecided"
    first = pages(report_bytes(mini, plan(), 2, [("greedy", s, verdict)]))[0]
    assert "UNDECIDED" in first and "\nFAIR" not in first and "greedy: UNDECIDED" in first


def test_several_runs_are_as_fair_as_the_least_fair(mini, played):
    greedy, random = played
    runs = [("greedy", greedy, judge(greedy, Windows((0.0, 100.0), (0.0, 100.0)))), ("random", random, judge(random, around(random)))]
    first = pages(report_bytes(mini, plan(), 2, runs))[0]
    assert "\nUNDECIDED" in first and "greedy: FAIR" in first and "random: UNDECIDED" in first and "\nFAIR" not in first


# ---- several bots: each flagged face with the bots that flag it


def _flag(s: Summary, face: str, sure: bool) -> Finding:
    """The face flagged: its window just above its estimate."""
    fc = s.faces[face]
    low, high = face_interval(s, face)
    return Finding(face, fc.score, low, high, (100 * fc.score + 1, 100 * fc.score + 5), sure=sure, joint=len(s.faces))


def test_a_face_is_flagged_with_the_bots_that_flag_it(mini, played):
    greedy, random = played
    windows = Windows((0.0, 100.0), (46.0, 54.0))
    runs = [
        ("greedy", greedy, BalanceVerdict(windows, None, [_flag(greedy, "1b", True)])),
        ("random", random, BalanceVerdict(windows, None, [_flag(random, "2a", False), _flag(random, "1b", False)])),
    ]
    text = pages(report_bytes(mini, plan(), 2, runs))
    first = text[0]
    assert first.lstrip().startswith("High Five") and "NOT FAIR" in first
    lines = {line.split(":")[0].strip(): line for line in first.split("\n") if "flagged by" in line}
    assert "greedy" in lines["1b  Bo"] and "random" in lines["1b  Bo"]
    assert "random" in lines["2a  Cy"] and "greedy" not in lines["2a  Cy"]
    faces_page = text[2]
    assert "Faces to look at" in faces_page
    assert "flagged by greedy, random" in faces_page and "flagged by random" in faces_page
    assert faces_page.index("1b  Bo") < faces_page.index("2a  Cy")  # surely outside first


def test_no_face_flagged_shows_those_nearest_their_window(mini, played):
    s = played[0]
    verdict = judge(s, Windows((0.0, 100.0), (0.0, 100.0)))
    near = nearest_edge([Run("greedy", s, verdict)], 3)
    assert len(near) == 3
    faces_page = pages(report_bytes(mini, plan(), 2, [("greedy", s, verdict)]))[2]
    for face in near:
        comp = mini.competitor_face(face)
        assert f"{face}  {comp.name}" in faces_page
    assert "not flagged" in faces_page and "flagged by" not in faces_page


def test_seats_chart_has_intervals_and_the_other_charts(mini, played):
    second = pages(report_bytes(mini, plan(), 2, [("greedy", played[0], judge(played[0], around(played[0])))]))[1]
    for words in ("Seats and the first player", "95 % interval", "north wins", "first player", "Game length", "by trait", "colours matched"):
        assert words in second


# ---- the axes fit the data


def test_face_axis_covers_every_interval_and_the_window_and_no_more(played):
    greedy, random = played
    runs = [Run("greedy", greedy, judge(greedy, around(greedy))), Run("random", random, judge(random, around(random)))]
    lo, hi = face_span(runs)
    ends = [x for r in runs for f in r.summary.faces for x in face_interval(r.summary, f)]
    window = runs[0].verdict.bounds.face_win_rate
    assert lo <= min(ends) and max(ends) <= hi and lo <= window[0] / 100 and window[1] / 100 <= hi
    spread = max(ends) - min(ends)
    assert hi - lo <= spread * 1.2 + 1e-9  # a small margin, not a fixed range


def test_a_narrow_spread_gets_a_narrow_axis_with_round_ticks():
    lo, hi = fit_span([0.47, 0.53, 0.46, 0.54])
    assert 0.45 < lo < 0.46 and 0.54 < hi < 0.55
    marks = ticks((lo, hi))
    assert marks == [0.46, 0.48, 0.5, 0.52, 0.54] and ticks((lo, hi), 10) == [0.46, 0.47, 0.48, 0.49, 0.5, 0.51, 0.52, 0.53, 0.54]
    assert step_for(0.28, 6) == 0.05 and step_for(0.14, 6) == 0.025
    assert percent(0.475, 0.025) == "47.5%" and percent(-0.012, 0.001, signed=True) == "-1.2 pt" and percent(1e-12, 0.01, True) == "0 pt"


def test_text_keeps_to_its_box():
    long = "Sir Bartholomew Fitzwilliam-Ravenscroft the Unstoppable of the Golden Gauntlet"
    assert fonts.width(fit(long, 80, 8), "regular", 8) <= 80 and fit(long, 80, 8).endswith("…")
    lines = wrap(long + " won 45.3 % of games", 100, 8)
    assert all(fonts.width(line, "regular", 8) <= 100 for line in lines)
    assert not any(line.startswith("%") for line in lines)


# ---- the comparison page


def test_compare_page_lists_every_face_and_the_first_player(mini, played):
    s = played[0]
    verdict = judge(s, around(s))
    faces = {f: Change(0.01 * k - 0.03, 0.01 * k - 0.05, 0.01 * k - 0.01) for k, f in enumerate(sorted(s.faces))}
    faces["1b"] = Change(-0.12, -0.18, -0.06)
    cmp = Comparison(60, s, played[1], Change(-0.01, -0.03, 0.01), faces)
    text = pages(report_bytes(mini, plan(), 2, [("greedy", s, verdict)], {"greedy": cmp}, other="mini-edited"))
    page = text[-1]
    assert "Compared with deck mini-edited (greedy)" in page and "first player" in page
    for face in faces:
        assert f"{face}  {mini.competitor_face(face).name}" in page
    assert "-12.0 pt" in page and "-18.0 to -6.0 pt" in page  # changes in points, not per cent
    assert "Holm-corrected over the 9 rates compared" in page
    assert page.index("1b  Bo") > page.index("first player")  # the largest drop last


def test_identical_decks_give_a_flat_compare_page(mini, played):
    s = played[0]
    zero = Change(0.0, 0.0, 0.0)
    cmp = Comparison(60, s, s, zero, dict.fromkeys(s.faces, zero))
    page = pages(report_bytes(mini, plan(), 2, [("greedy", s, judge(s, around(s)))], {"greedy": cmp}, other="mini"))[-1]
    assert page.count("0 to 0 pt") == len(s.faces) + 2  # each face, the first player's row and its sentence


def test_a_change_never_measured_is_named_not_drawn(mini, played):
    s = played[0]
    faces = dict.fromkeys(s.faces, Change(0.01, -0.02, 0.04))
    faces["4b"] = NO_CHANGE_KNOWN
    cmp = Comparison(60, s, played[1], Change(0.0, -0.01, 0.01), faces)
    page = pages(report_bytes(mini, plan(), 2, [("greedy", s, judge(s, around(s)))], {"greedy": cmp}, other="mini"))[-1]
    assert "so not compared: 4b" in page and "4b  Hal" not in page
    assert "-100 pt" not in page  # the axis keeps to the changes measured


# ---- the faces page: gems, matrix, unmarkable boxes


def test_reach_on_a_hand_made_face(deck):
    # the bundled deck's red obstacles: 1a speed, 3b power, 5a wits: no red grace
    face = CompetitorFace(card=99, side="a", name="Test", gems=("red", "red", "red"), matrix=(("grace", "speed"), ("wits",), ("grace",)))
    found = reach(deck, face)
    assert found.dead == ((0, 0), (2, 0))
    assert found.dead_columns == (0, 2)
    assert found.markers["speed"] == (Marker("1a", "red", 3),)
    assert found.markers["grace"] == ()
    assert found.markable(0, 1) and not found.markable(0, 0)
    mixed = replace(face, gems=("red", "blue", "blue"))
    assert reach(deck, mixed).dead == ()
    assert reach(deck, mixed).markers["grace"] == (Marker("1b", "blue", 2),)
    assert list(reach(deck, mixed).markers) == ["speed", "grace", "wits"]  # the deck's order of traits


def test_every_box_of_the_bundled_deck_can_be_marked(deck):
    assert all(reach(deck, f).dead == () for f in deck.competitor_faces())


def test_the_faces_page_shows_boxes_nothing_can_mark(tmp_path, played):
    folder = tmp_path / "one-obstacle"
    shutil.copytree(GOLDEN / "mini", folder)
    text = (folder / "obstacles.yaml").read_text()
    (folder / "obstacles.yaml").write_text(text[: text.index("- card: 2")])  # red speed or blue wits only
    small = load_deck(folder, need_score_sheet=False)
    assert reach(small, small.competitor_face("3b")).dead == ((0, 0),)  # Flo: red gems, a wits box
    s = played[0]
    verdict = BalanceVerdict(Windows((0.0, 100.0), (46.0, 54.0)), None, [_flag(s, "3b", False)])
    faces_page = pages(report_bytes(small, plan(), 2, [("greedy", s, verdict)]))[2]
    assert "3b  Flo" in faces_page and "flagged by greedy" in faces_page
    assert "wits (1 box): no obstacle of its colours has it" in faces_page
    assert "1 box nothing can mark: column 1 can never be complete" in faces_page
    assert "red" in faces_page  # its gems, by name


# ---- the file


def test_same_runs_same_bytes_and_the_file_holds_them(tmp_path, mini, played):
    s = played[0]
    verdict = judge(s, around(s))
    one = report_bytes(mini, plan(), 2, [("greedy", s, verdict)])
    assert one == report_bytes(mini, plan(), 2, [("greedy", s, verdict)])
    write_report(tmp_path / "report.pdf", mini, plan(), 2, [("greedy", s, verdict)])
    assert (tmp_path / "report.pdf").read_bytes() == one


def test_many_faces_go_on_over_the_pages_after(tmp_path):
    from conftest import make_deck

    big = load_deck(make_deck(tmp_path / "big", copies=3), need_score_sheet=False)
    s = simulate(big, Plan(games=40, seed=1, north="random", south="random"), jobs=1)
    text = pages(report_bytes(big, plan(north="random", south="random"), 2, [("random", s, judge(s, Windows((0.0, 100.0), (0.0, 100.0))))]))
    assert "Each face's team win rate (continued)" in text[1]
    shown = text[0] + text[1]
    assert all(f"{face}  {big.competitor_face(face).name}" in shown for face in s.faces)
