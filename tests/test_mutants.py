"""Tests written for mutants that survived the mutation run (bench/mutation.py,
docs/testing.md): each pins a behaviour of the imposition geometry or of the
rules engine that no test held before. Pure arithmetic and engine states, so
they are fast, and the mutation run uses them."""

from __future__ import annotations

import pytest

from hi5pnp.errors import LayoutError, OptionError
from hi5pnp.kit.sheets.imposition import (
    MARK_CLEAR,
    MARK_GAP,
    MARK_LENGTH,
    MIN_MARGIN,
    Grid,
    Paper,
    Slot,
    best_grid,
    duplex_back,
    fit_grid,
    flip_words,
    fold_marks,
    fold_pair,
)

W, H = 63.5, 88.9  # a poker card


# --- imposition ------------------------------------------------------------------------------


def test_flip_words():
    assert (flip_words("long"), flip_words("short")) == ("long edge", "short edge")


def test_paper_named_portrait_and_landscape():
    assert Paper.named("a4") == Paper("a4", 210.0, 297.0)
    assert Paper.named("letter", landscape=True) == Paper("letter", 279.4, 215.9)
    assert MIN_MARGIN == MARK_CLEAR + 2.0 + MARK_GAP == 6.0


def test_grid_sizes_and_centring():
    g = Grid(Paper.named("a4", landscape=True), 4, 2, W, H, 2.0)
    assert (g.gutter, g.per_page) == (4.0, 8)
    assert g.block_w == pytest.approx(4 * W + 3 * 4.0)
    assert g.block_h == pytest.approx(2 * H + 4.0)
    assert g.left == pytest.approx((297 - g.block_w) / 2) and g.left == pytest.approx(15.5)
    assert g.bottom == pytest.approx((210 - g.block_h) / 2) and g.bottom == pytest.approx(14.1)


def test_cells_run_row_by_row_from_the_top_left():
    g = fit_grid("a4", W, H, 0.0, "a card")
    assert (g.cols, g.rows) == (3, 3)
    assert g.cell(0) == pytest.approx((9.75, 15.15 + 2 * H))  # top row, left
    assert g.cell(1) == pytest.approx((9.75 + W, 15.15 + 2 * H))
    assert g.cell(3) == pytest.approx((9.75, 15.15 + H))  # second row
    assert g.cell(8) == pytest.approx((9.75 + 2 * W, 15.15))  # bottom right
    bled = Grid(Paper.named("a4", landscape=True), 4, 2, W, H, 2.0)
    assert bled.cell(5) == pytest.approx((15.5 + W + 4.0, 14.1))  # gutters of twice the bleed


def test_cut_lines_are_shared_without_bleed_and_doubled_with_it():
    xs, ys = fit_grid("a4", W, H, 0.0, "a card").cut_lines()
    assert xs == pytest.approx([9.75, 73.25, 136.75, 200.25]) and ys == pytest.approx([15.15, 104.05, 192.95, 281.85])
    xs, ys = Grid(Paper.named("a4", landscape=True), 4, 2, W, H, 2.0).cut_lines()
    assert xs == pytest.approx([15.5, 79.0, 83.0, 146.5, 150.5, 214.0, 218.0, 281.5])
    assert ys == pytest.approx([14.1, 103.0, 107.0, 195.9])


@pytest.mark.parametrize(
    "paper, landscape, full",
    [("a4", False, True), ("a4", True, True), ("letter", False, False), ("letter", True, True)],
)
def test_full_marks(paper, landscape, full):
    """Portrait Letter leaves 6.35 mm above and below: marks of 2.35 mm, not full (docs/kit.md)."""
    assert fit_grid(paper, W, H, 0.0, "a card", landscape).full_marks is full


def test_full_marks_at_the_edge():
    """Exactly room for a full mark counts as full; a hair less does not."""
    need = MARK_LENGTH + MARK_CLEAR + MARK_GAP  # from the trim edge to the paper edge
    paper = Paper("x", 100.0, 2 * need + 50.0)
    assert Grid(paper, 1, 1, 100.0 - 2 * need, 50.0, 0.0).full_marks
    assert not Grid(paper, 1, 1, 100.0 - 2 * need + 0.01, 50.0, 0.0).full_marks
    assert not Grid(Paper("x", 100.0, 2 * need + 50.0 - 0.01), 1, 1, 100.0 - 2 * need, 50.0, 0.0).full_marks
    assert not Grid(paper, 1, 1, 100.0 - 2 * need, 50.0, 0.01).full_marks  # bleed comes out of the margin


@pytest.mark.parametrize("landscape, bleed", [(False, 0.0), (True, 2.0)])
def test_crop_marks_sit_outside_the_grid_on_every_cut_clear_of_the_edge(landscape, bleed):
    g = fit_grid("a4", W, H, bleed, "a card", landscape)
    xs, ys = g.cut_lines()
    marks = g.crop_marks()
    assert len(marks) == 2 * len(xs) + 2 * len(ys)
    assert all(m.kind == "crop" for m in marks)
    outer = (g.left - bleed - MARK_GAP, g.bottom - bleed - MARK_GAP, g.left + g.block_w + bleed + MARK_GAP, g.bottom + g.block_h + bleed + MARK_GAP)
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert sorted({m.x1 for m in vertical}) == xs and sorted({m.y1 for m in horizontal}) == ys
    for m in vertical:
        lo, hi = sorted((m.y1, m.y2))
        assert hi - lo == pytest.approx(min(MARK_LENGTH, outer[1] - MARK_CLEAR))
        assert (hi == pytest.approx(outer[1]) and lo >= MARK_CLEAR - 1e-9) or (lo == pytest.approx(outer[3]) and hi <= g.paper.height - MARK_CLEAR + 1e-9)
    for m in horizontal:
        lo, hi = sorted((m.x1, m.x2))
        assert hi - lo == pytest.approx(min(MARK_LENGTH, outer[0] - MARK_CLEAR))
        assert (hi == pytest.approx(outer[0]) and lo >= MARK_CLEAR - 1e-9) or (lo == pytest.approx(outer[2]) and hi <= g.paper.width - MARK_CLEAR + 1e-9)
    # each cut has a mark at both ends
    assert sum(1 for m in vertical if max(m.y1, m.y2) == pytest.approx(outer[1])) == len(xs)
    assert sum(1 for m in horizontal if min(m.x1, m.x2) == pytest.approx(outer[2])) == len(ys)


def test_short_crop_marks_stop_clear_of_the_edge():
    """Portrait Letter: the top and bottom marks shrink to what the margin allows."""
    g = fit_grid("letter", W, H, 0.0, "a card")
    bottom = [m for m in g.crop_marks() if m.x1 == m.x2 and m.y2 <= g.bottom]
    assert bottom and all(m.y1 == pytest.approx(MARK_CLEAR) for m in bottom)
    assert all(m.y2 - m.y1 == pytest.approx(6.35 - MARK_GAP - MARK_CLEAR) for m in bottom)


def test_fit_grid_counts_and_refuses():
    assert (lambda g: (g.cols, g.rows))(fit_grid("letter", W, H, 0.0, "a card", True)) == (4, 2)
    assert (lambda g: (g.cols, g.rows))(fit_grid("a4", W, H, 3.0, "a card")) == (2, 3)  # 3 × 69.5 > 198
    exact = fit_grid("a4", (210 - 2 * MIN_MARGIN) / 3, 100.0, 0.0, "a card")  # exactly three across
    assert exact.cols == 3
    assert fit_grid("a4", 66.0, 95.0, 0.0, "a card").cols == 3  # 3 × 66 = 198, rounding aside
    with pytest.raises(LayoutError) as info:
        fit_grid("a4", 300, 10, 1.5, "a card")
    assert "a card of 300 × 10 mm with 1.5 mm bleed does not fit on A4 paper (210 × 297 mm) inside 6 mm margins and crop marks" in str(info.value)
    with pytest.raises(LayoutError, match=r"a fold pair of 10 × 300 mm does not fit on Letter paper \(279.4 × 215.9 mm\) inside"):
        fit_grid("letter", 10, 300, 0.0, "a fold pair", landscape=True)  # too tall: no row fits


def test_fit_grid_one_item_that_just_fits():
    g = fit_grid("a4", 210 - 2 * MIN_MARGIN, 297 - 2 * MIN_MARGIN, 0.0, "a card")
    assert (g.cols, g.rows) == (1, 1)
    with pytest.raises(LayoutError):
        fit_grid("a4", 210 - 2 * MIN_MARGIN + 0.01, 100, 0.0, "a card")
    with pytest.raises(LayoutError):
        fit_grid("a4", 100, 297 - 2 * MIN_MARGIN + 0.01, 0.0, "a card")


def test_best_grid_choices():
    # 16 poker cards on Letter: two sheets either way, landscape has full marks
    assert best_grid("letter", W, H, 0.0, "a card", 16).paper.width == 279.4
    # with no count, the one holding more: portrait's 9, not landscape's 8
    assert best_grid("letter", W, H, 0.0, "a card").paper.width == 215.9
    # with 2 mm bleed on A4: 2 × 3 portrait, 4 × 2 landscape: landscape, with or without a count
    assert best_grid("a4", W, H, 2.0, "a card", 16).paper.width == 297.0
    assert best_grid("a4", W, H, 2.0, "a card").paper.width == 297.0
    # 9 cards on A4: one sheet portrait (3 × 3), two landscape (4 × 2): portrait
    assert best_grid("a4", W, H, 0.0, "a card", 9).paper.width == 210.0
    # 8 cards on A4: one sheet either way, both full: the first, portrait
    assert best_grid("a4", W, H, 0.0, "a card", 8).paper.width == 210.0
    # only landscape fits a wide item
    assert best_grid("a4", 250.0, 100.0, 0.0, "a card").paper.width == 297.0
    with pytest.raises(LayoutError, match="does not fit on A4 paper \\(210 × 297 mm\\)"):
        best_grid("a4", 300.0, 300.0, 0.0, "a card")  # the portrait error is the one raised


def test_best_grid_tie_on_sheets_goes_to_full_marks():
    """Letter, 4 cards: one sheet either way; portrait's marks are short, landscape's full."""
    g = best_grid("letter", W, H, 0.0, "a card", 4)
    assert g.paper.width == 279.4 and g.full_marks


def test_short_flip_back_on_a_portrait_sheet():
    paper = Paper.named("a4")
    back = duplex_back(Slot(10.0, 20.0, W, H), paper, "short", (1.0, 2.0))
    assert (back.x, back.y, back.rotation) == pytest.approx((11.0, 297 - 20 - H + 2.0, 180))
    turned = duplex_back(Slot(10.0, 20.0, W, H, 180), paper, "short")
    assert turned.rotation == 0  # turned twice is upright again
    assert (turned.width, turned.height) == (W, H)


def test_short_flip_back_on_a_landscape_sheet_mirrors_x():
    paper = Paper.named("letter", landscape=True)
    back = duplex_back(Slot(10.0, 20.0, W, H, 0), paper, "short", (-1.0, 0.5))
    assert (back.x, back.y, back.rotation) == pytest.approx((279.4 - 10 - W - 1.0, 20.5, 0))


def test_a_square_sheet_turns_like_a_portrait_one():
    paper = Paper("sq", 200.0, 200.0)
    assert duplex_back(Slot(10.0, 20.0, W, H), paper, "long").x == pytest.approx(200 - 10 - W)


def test_fold_pair():
    a, b, fold = fold_pair(12.0, 30.0, W, H)
    assert a == Slot(12.0, 30.0, W, H) and b == Slot(12.0 + W, 30.0, W, H) and fold == 12.0 + W


def test_fold_marks_on_each_fold_line_outside_the_grid():
    g = best_grid("a4", 2 * W, H, 0.0, "a fold pair (two cards wide)")
    marks = fold_marks(g, W)
    assert len(marks) == 2 * g.cols and all(m.kind == "fold" for m in marks)
    assert sorted({m.x1 for m in marks}) == pytest.approx([g.cell(c)[0] + W for c in range(g.cols)])
    low, top = g.bottom - g.bleed - MARK_GAP, g.bottom + g.block_h + g.bleed + MARK_GAP
    length = min(MARK_LENGTH, low - MARK_CLEAR)
    for m in marks:
        assert m.x1 == m.x2 and m.y2 - m.y1 == pytest.approx(length)
        assert m.y2 == pytest.approx(low) or m.y1 == pytest.approx(top)
    assert sum(1 for m in marks if m.y2 == pytest.approx(low)) == g.cols
    bled = best_grid("a4", 2 * W, H, 3.0, "a fold pair (two cards wide)")
    assert min(m.y1 for m in fold_marks(bled, W)) >= MARK_CLEAR - 1e-9
    assert max(m.y2 for m in fold_marks(bled, W) if m.y2 < bled.bottom) == pytest.approx(bled.bottom - 3.0 - MARK_GAP)


# --- the rules engine ------------------------------------------------------------------------

from conftest import COURSE, NORTH, SOUTH, end_round, make_deck, new_state  # noqa: E402

from hi5pnp.deck import load_deck  # noqa: E402
from hi5pnp.rules import Mark, NotationError, RulesError, State, Turn, deal  # noqa: E402


def turn(state, text):
    return state.apply(Turn.parse(text))


def test_turn_report_of_a_plain_turn(deck):
    state = new_state(deck)
    rep = turn(state, "1a")
    assert (rep.turn, rep.seat, rep.round, rep.segment, rep.start, rep.end) == (Turn("1a"), "north", 1, 1, 1, 2)
    assert (rep.obstacle.id, rep.matches, rep.brought, rep.chits_taken, rep.chits_spent, rep.marks) == ("1a", 2, [], 0, 0, [])
    assert (rep.placed, rep.unplaced, rep.segment_over, rep.round_over, rep.game_over, rep.next_player) == ([], [], False, False, False, "south")


def test_turn_report_of_a_bring_and_a_bypass(deck):
    state = new_state(deck)
    rep = turn(state, "1a assist 6a:chit 7a:chit")  # edition 2: written chits, counted one by one
    assert (rep.brought, rep.chits_taken, rep.end, rep.matches) == (["6a", "7a"], 2, 2, 2)
    assert state.chits_of("1a") == 2
    rep = turn(state, "9a")  # 9a (gold gold blue): no red gem at red speed
    assert rep.matches == 0 and rep.seat == "south" and rep.next_player == "north"
    state.arrange("2a", chits=2)
    rep = turn(state, "2a bypass 1")  # 2a at red speed
    assert (rep.chits_spent, rep.end, rep.start) == (1, 3, 1) and state.chits_of("2a") == 1


def test_segments_are_counted_and_the_report_says_which(deck):
    state = new_state(deck)
    for n, s in zip(NORTH, SOUTH):
        turn(state, n)
        rep = turn(state, s)
    assert rep.segment == 1 and rep.segment_over and state.segment == 2
    assert state.headline() == "round 1 of 3, segment 2: south to play"
    rep = turn(state, "6a")
    assert rep.segment == 2 and rep.seat == "south" and rep.round == 1
    for n, s in zip(NORTH, SOUTH[1:]):
        turn(state, n)
        turn(state, s)
    rep = turn(state, "5a")
    assert rep.segment_over and state.segment == 3 and state.token_holder() == "north"


def test_the_token_holder_with_nobody_ready_lets_the_other_open(mini):
    """Mini deck: south's two have finished; when north's segment ends the token
    passes to south, who has nobody to move, so north opens the next one (R-3, R-4)."""
    state = new_state(mini, course=["1a", "2a"], north=["1a", "2a"], south=["3a", "4a"])
    state.arrange("3a", position=state.finish)
    state.arrange("4a", position=state.finish)
    turn(state, "1a")
    rep = turn(state, "2a")
    assert rep.segment_over and state.token_holder() == "south"
    assert state.current_player() == "north" and rep.next_player == "north"


def test_between_rounds_nobody_is_ready_and_the_last_round_ends_the_game(deck):
    state = new_state(deck)
    rep = end_round(state)
    assert rep.round_over and not rep.game_over and rep.next_player is None
    assert state.ready_faces("north") == state.ready_faces("south") == []
    assert not any(state.is_ready(f) for f in state.faces)
    assert state.headline() == "round 2 of 3: no course laid yet"
    assert state.why_game_incomplete().message == "only 1 of the game's 3 rounds was played"
    end_round(state)
    assert state.why_game_incomplete().message == "only 2 of the game's 3 rounds were played"
    rep = end_round(state)
    assert rep.round_over and rep.game_over is True
    assert state.headline() == "the game is over after 3 rounds"
    assert state.why_game_incomplete() is None


def test_no_turn_outside_a_round(deck):
    state = State(deck, {"north": NORTH, "south": SOUTH}, "north")
    problem = state.why_illegal(Turn("1a"))
    assert (problem.message, problem.ruling) == ("no course is laid yet; each round starts with its course", "§2")
    assert state.why_game_incomplete().message == "only 0 of the game's 3 rounds were played"
    state.lay_course(COURSE)
    end_round(state)
    problem = state.why_illegal(Turn("1a"))
    assert (problem.message, problem.ruling) == ("round 1 is over: its last needed finisher has arrived, so no turn follows it", "R-12")
    end_round(state)
    end_round(state)
    problem = state.why_illegal(Turn("1a"))
    assert (problem.message, problem.ruling) == ("the game is over; no more turns are played", "§6")
    with pytest.raises(RulesError, match=r"^the game is over; no more turns are played \(rules §6\)$"):
        state.apply(Turn("1a"))


def test_not_in_play_names_the_card_and_who_plays_it(deck):
    state = new_state(deck)
    problem = state.why_illegal(Turn.parse("10b"))
    assert (problem.message, problem.ruling) == ("10b is not in play: card 10 is played as 10a by south", "R-1")
    problem = state.why_illegal(Turn.parse("1a assist 6b"))
    assert problem.message == "6b is not in play: card 6 is played as 6a by south"
    problem = state.why_illegal(Turn.parse("11a"))
    assert (problem.message, problem.ruling) == ("11a is not in play: card 11 is in neither team", "§2")


def test_team_and_seat(deck):
    state = new_state(deck)
    assert state.team("north") == tuple(NORTH) and state.team("south") == tuple(SOUTH)
    assert state.seat("6a") == "south" and state.seat("1a") == "north"


def test_the_winner_can_be_south(deck):
    state = new_state(deck)
    state.arrange("6a", unmarked=[[], ["speed", "wits"], ["grace", "power"]])
    assert state.scores() == {"north": 0, "south": 3} and state.winner() == "south"
    state.arrange("1a", unmarked=[[], ["grace", "wits"], ["speed", "grace"]])
    assert state.winner() == "draw"


def test_a_deal_gives_each_team_its_size_from_a_big_deck(tmp_path):
    big = load_deck(make_deck(tmp_path / "d", copies=2), need_score_sheet=False)
    import random

    setup = deal(big, random.Random(5))
    assert [len(setup.cards[s]) for s in ("north", "south")] == [5, 5]
    assert not set(setup.cards["north"]) & set(setup.cards["south"])
    assert len(setup.courses) == 3 and all(len(c) == len(big.obstacles) for c in setup.courses)


def test_notation_messages():
    with pytest.raises(NotationError, match=r"^a turn must be text such as '3a assist 2a:chit'$"):
        Turn.parse(3)
    with pytest.raises(NotationError) as info:
        Turn.parse("1a assist 2a:gold")
    assert (
        str(info.value) == "'2a:gold' is not a competitor brought along; write a face id, with ':chit' or ':t<column>' for a reward, e.g. '2a:chit' or '2a:t2'"
    )
    assert Turn.parse("1a assist 2a:t123456").brought[0].reward == Mark(123456)  # six digits: still a column
    with pytest.raises(NotationError, match=r"^'2a:t1234567': column number 1234567 is too long$"):
        Turn.parse("1a assist 2a:t1234567")


def test_rules_error_carries_the_reason(deck):
    state = new_state(deck)
    with pytest.raises(RulesError) as info:
        state.apply(Turn("6a"))
    assert str(info.value) == str(info.value.illegal) and str(info.value).endswith("(R-4)")
    assert info.value.illegal.ruling == "R-4"


def test_arrange_messages_and_limits(deck):
    state = new_state(deck)
    with pytest.raises(ValueError, match=r"^99a is in neither team \(1a, 2a, 3a, 4a, 5a, 6a, 7a, 8a, 9a, 10a\)$"):
        state.arrange("99a", chits=1)
    with pytest.raises(ValueError, match=r"has no such unmarked boxes"):
        state.arrange("1a", unmarked=[["speed", "power"], ["grace", "wits"]])  # a column short
    with pytest.raises(ValueError, match=r"^1a's matrix .* has no such unmarked boxes: \[\['wits'\], \[\], \[\]\]$"):
        state.arrange("1a", unmarked=[["wits"], [], []])  # no wits box in column 1
    with pytest.raises(ValueError, match=r"^position 14 is not on the course \(1-13\)$"):
        state.arrange("1a", position=14)
    with pytest.raises(ValueError, match=r"^4 chits: a card holds 0-3$"):
        state.arrange("1a", chits=4)
    state.arrange("1a", chits=0)  # none is a number of chits too
    assert state.chits_of("1a") == 0
    between = State(deck, {"north": NORTH, "south": SOUTH}, "north")
    with pytest.raises(ValueError, match=r"^a competitor is placed only while a round is under way$"):
        between.arrange("1a", chits=1)


def test_arrange_readiness(deck):
    state = new_state(deck)
    state.arrange("6a", position=state.finish, ready=True)  # a finisher is never ready
    assert not state.is_ready("6a") and not state.on_course("6a")
    state.arrange("6a", ready=True)
    assert not state.is_ready("6a")
    state.arrange("7a", ready=False)
    state.arrange("7a", ready=True)
    assert state.is_ready("7a")


def test_arrange_hands_the_turn_over_when_the_mover_has_nobody_ready(deck):
    state = new_state(deck, first="south")
    for face in SOUTH[:-1]:
        state.arrange(face, ready=False)
    assert state.current_player() == "south"
    state.arrange(SOUTH[-1], ready=False)
    assert state.current_player() == "north"


def test_arranged_readiness_counts_one_a_competitor(deck):
    """After arranging, north has one ready competitor: once it has played,
    north has none, and south plays on (R-3)."""
    state = new_state(deck)
    for face in NORTH[1:]:
        state.arrange(face, ready=False)
    turn(state, "1a")
    turn(state, "6a")
    assert state.current_player() == "south"


def test_a_position_in_words(deck):
    """str(state), which the judge's replay prints: every spot, chits, the exhausted, the finishers."""
    state = new_state(deck)
    turn(state, "1a assist 6a:chit 7a")
    state.arrange("2a", position=12)
    state.arrange("3a", position=13)
    assert str(state) == "\n".join(
        [
            "round 1 of 3, segment 1: south to play (first-player token: north; points so far north 0, south 0)",
            "  card  obstacle     south side          north side",
            "  1a    red speed    1: 4a 5a 8a 9a 10a  12: 2a   <- final obstacle",
            "  3b    red power    2: 1a(1)* 6a 7a     11: -",
            "  2a    green power  3: -                10: -",
            "  4a    gold grace   4: -                9: -",
            "  5a    red wits     5: -                8: -",
            "  6a    blue power   6: -                7: -",
            "  finished, in order: 1. 3a   (X(2): a competitor holding 2 chits; X*: exhausted)",
        ]
    )
    state.arrange("4a", position=13)
    assert state.course_rows()[-1].startswith("  finished, in order: 1. 3a, 2. 4a   (")
    assert str(State(deck, {"north": NORTH, "south": SOUTH}, "south")) == (
        "round 1 of 3: no course laid yet (first-player token: south; points so far north 0, south 0)"
    )


def test_a_position_in_words_keeps_its_columns_for_long_names(tmp_path):
    """Wide columns widen to the longest entry (here a 2-digit card number with chits)."""
    big = load_deck(make_deck(tmp_path / "d", copies=2), need_score_sheet=False)
    state = new_state(big, north=["11a", "12a", "13a", "14a", "15a"], south=["16a", "17a", "18a", "19a", "20a"])
    state.arrange("11a", chits=3)
    rows = state.course_rows()
    spot = "1: 11a(3) 12a 13a 14a 15a 16a 17a 18a 19a 20a"
    assert rows[0] == "  card  obstacle     " + "south side".ljust(len(spot) + 2) + "north side"
    assert rows[1] == f"  1a    red speed    {spot}  12: -   <- final obstacle"
    assert rows[2] == "  3b    red power    " + "2: -".ljust(len(spot) + 2) + "11: -"


def test_notation_examples_follow_the_edition():
    from hi5pnp.rules import EDITIONS, notation_examples

    plain = [("3a", "3a faces its obstacle and just moves one position."), ("3a bypass 2", "3a spends 2 chits and moves 1 + 2 positions.")]
    assert notation_examples(EDITIONS[1]) == [
        *plain,
        ("3a assist 7b 2a", "3a brings 7b and 2a; chits for opponents are taken automatically."),
        ("3a help 2a:t2", "3a brings 2a and marks a box in column 2 of its own trait grid."),
    ]
    assert notation_examples(EDITIONS[2]) == [
        *plain,
        ("3a assist 7b 2a:chit", "3a brings 7b and 2a, and takes a chit for 2a (an opponent's competitor)."),
        ("3a assist 2a:t2", "3a brings 2a and marks a box in column 2 of its own trait grid."),
    ]
    for edition in EDITIONS.values():  # every example is a turn the notation reads
        for text, _ in notation_examples(edition):
            Turn.parse(text)


def test_a_copy_is_independent(deck):
    state = new_state(deck)
    turn(state, "1a assist 6a:t1 7a:chit")
    state.arrange("2a", chits=1)
    copy = state.copy()
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.unmarked("1a") == state.unmarked("1a") and copy.chits_of("1a") == 1
    turn(copy, "8a assist 9a")  # 8a (green green red) at red speed, brings 9a along
    turn(copy, "2a assist 10a:t2 3a")  # a speed mark in 2a's column 2
    assert copy.unmarked("2a")[1] == ["power"] and copy.finishers() == [] and copy.position("2a") == 2
    assert state.position("8a") == 1 and state.position("9a") == 1 and state.is_ready("8a") and state.is_ready("2a")
    assert state.current_player() == "south" and len(state.history()[0].turns) == 1
    assert state.chits_of("1a") == 1 and state.chits_of("2a") == 1 and state.unmarked("1a")[0] == ["power"]
    assert state.unmarked("2a") == [["power"], ["speed", "power"], ["speed", "power", "wits"]]
    assert len(copy.history()[0].turns) == 3
    copy.arrange("2a", chits=3)
    copy.arrange("4a", position=copy.finish)
    end_round(copy)
    assert state.chits_of("2a") == 1 and state.on_course("4a") and state.finishers() == [] and state.results() == []
    # the original's segment still takes its nine other turns, whatever the copy's counts did
    played = 0
    while True:
        rep = state.apply(Turn(state.ready_faces(state.current_player())[0]))
        played += 1
        if rep.segment_over:
            break
    assert played == 9


def test_history_keeps_each_rounds_course_and_turns(deck):
    state = new_state(deck)
    turn(state, "1a")
    turn(state, "6a")
    history = state.history()
    assert len(history) == 1 and history[0].course == tuple(COURSE)
    assert [str(t) for t in history[0].turns] == ["1a", "6a"]
    end_round(state, course=list(reversed(COURSE)))
    history = state.history()
    assert len(history) == 1 and len(history[0].turns) == 3
    state.lay_course(list(reversed(COURSE)))
    assert [h.course for h in state.history()] == [tuple(COURSE), tuple(reversed(COURSE))]
    assert state.history()[1].turns == ()


def why(state, text):
    return state.why_illegal(Turn.parse(text))


def test_bypass_messages(deck):
    state = new_state(deck)
    state.arrange("1a", chits=1)
    assert str(why(state, "1a bypass 2")) == "1a holds 1 chit and cannot spend 2 (rules §4)"
    state.arrange("1a", chits=0)
    assert str(why(state, "1a bypass 1")) == "1a holds 0 chits and cannot spend 1 (rules §4)"
    state.arrange("1a", chits=3)
    assert str(why(state, "1a bypass 3")) == "1a may spend at most 2 chits here: that many of its gems are red (the obstacle's colour) (rules §4)"
    state.arrange("1a", position=6)  # blue power: one blue gem
    assert str(why(state, "1a bypass 2")) == "1a may spend at most 1 chit here: that many of its gems are blue (the obstacle's colour) (rules §4)"
    state.arrange("1a", position=11)
    assert str(why(state, "1a bypass 2")) == "spending 2 would carry 1a from position 11 past the finish (13); at most 1 may be spent here (R-7)"


def test_legal_actions_list_every_bypass_a_competitor_can_afford(deck):
    state = new_state(deck)
    state.arrange("1a", chits=3)  # two red gems at red speed: bypass 1 or 2
    bypasses = sorted(str(t) for t in state.legal_actions() if t.face == "1a" and t.action == "bypass")
    assert bypasses == ["1a bypass 1", "1a bypass 2"]
    state.arrange("1a", position=11)  # red power, two red gems, but the finish is two away: only 1
    assert sorted(str(t) for t in state.legal_actions() if t.face == "1a" and t.action == "bypass") == ["1a bypass 1"]


def test_legal_actions_at_the_final_obstacle_list_both_orders_of_arrival(deck):
    """R-11: brought from the final obstacle, the order written is the order of arrival."""
    state = new_state(deck)
    for face in ("1a", "6a", "7a"):
        state.arrange(face, position=12)
    pairs = {tuple(b.face for b in t.brought) for t in state.legal_actions() if t.face == "1a" and len(t.brought) == 2}
    assert {("6a", "7a"), ("7a", "6a")} <= pairs
    state.arrange("1a", position=11)  # one short of the final obstacle: one order is enough
    state.arrange("6a", position=11)
    state.arrange("7a", position=11)
    pairs = [
        tuple(b.face for b in t.brought) for t in state.legal_actions() if t.face == "1a" and len(t.brought) == 2 and all(b.reward is None for b in t.brought)
    ]
    assert len(pairs) == 1


def test_edition1_with_nothing_to_bring_lists_only_the_plain_turn(deck):
    """9a (gold gold blue) at red speed matches nothing: one turn, not an empty assist or help too."""
    state = new_state(deck, edition=1, first="south")
    assert [str(t) for t in state.legal_actions() if t.face == "9a"] == ["9a"]


def test_whose_turn_messages(deck):
    state = new_state(deck)
    assert str(why(state, "6a")) == "it is north's turn, not south's (6a): north holds the first-player token and opens the segment (R-4)"
    turn(state, "1a")
    assert str(why(state, "2a")) == "it is south's turn, not north's (2a): turns alternate (rules §3)"
    state.arrange("3a", position=state.finish)
    turn(state, "6a")
    assert str(why(state, "3a")) == "3a has finished this round and acts no more (R-10)"
    end_round(state)
    state.lay_course(COURSE)
    assert state.token_holder() == "south"
    assert str(why(state, "1a")) == (
        "it is south's turn, not north's (1a): south holds the first-player token and opens round 2: it passed once, to south, when round 1 ended (R-12)"
    )
    turn(state, "6a")
    turn(state, "1a")
    for n, s in zip(NORTH[1:], SOUTH[1:]):
        turn(state, s)
        turn(state, n)
    assert state.segment == 2 and state.token_holder() == "north"
    assert str(why(state, "6a")) == "it is north's turn, not south's (6a): north holds the first-player token and opens the segment (R-4)"


def test_reward_messages_and_rulings(deck):
    state = new_state(deck, edition=1)
    assert str(why(state, "1a help 6a:t4 7a:t1")) == "1a's matrix has columns 1-3; there is no column 4 (R-9)"
    assert str(why(state, "1a help 6a:t2 7a:t1")) == "column 2 of 1a's matrix has no unmarked speed box (R-9)"
    assert str(why(state, "1a help 6a 7a")) == "a speed mark is owed for 6a: 1a still has an unmarked speed box; write 6a:t<column> (R-9)"
    assert str(why(state, "1a assist 6a:chit 7a")) == "in edition 1, assist takes its chits by itself; write no reward after 6a (R-8)"
    state = new_state(deck)
    assert str(why(state, "1a assist 6a:t4")) == "1a's matrix has columns 1-3; there is no column 4 (R-6)"
    assert str(why(state, "1a assist 6a:t2")) == "column 2 of 1a's matrix has no unmarked speed box (R-6)"


def test_reward_options_count_chits_written_earlier_in_the_turn(deck):
    from hi5pnp.rules import CHIT, Action, Brought

    state = new_state(deck)
    marks = [Mark(1), Mark(3)]
    state.arrange("1a", chits=1)
    assert state.reward_options("1a", Action.ASSIST, [], "7a") == [None, CHIT, *marks]
    assert state.reward_options("1a", Action.ASSIST, [Brought("6a", CHIT)], "7a") == [None, CHIT, *marks]
    state.arrange("1a", chits=2)
    assert state.reward_options("1a", Action.ASSIST, [Brought("6a", CHIT)], "7a") == [None, *marks]  # the limit, 3, is reached
    state.arrange("1a", chits=3)
    assert state.reward_options("1a", Action.ASSIST, [], "7a") == [None, *marks]
    assert state.reward_options("1a", Action.ASSIST, [], "2a") == [None]  # a teammate earns nothing
    assert state.reward_options("1a", Action.ASSIST, [Brought("6a", Mark(1))], "7a") == [None, Mark(3)]


@pytest.mark.parametrize(
    "text, message",
    [
        ("1a assist 1a", "1a cannot bring itself along (rules §4)"),
        ("1a assist 6a 6a", "6a is brought twice (rules §4)"),
        (
            "1a assist 6a 7a 8a",
            "1a brings 3 but may bring at most 2: that many of its gems are red (the obstacle's colour); at its position: 2a, 3a, 4a, 5a, 6a, 7a, 8a, 9a, 10a (rules §4)",
        ),
        ("1a help 6a", "help is not an option in edition 2, the edition of this game (its options: assist, bypass) (rules §4)"),
    ],
)
def test_bring_messages(deck, text, message):
    assert str(why(new_state(deck), text)) == message


def test_bring_messages_elsewhere_and_finished(deck):
    state = new_state(deck)
    state.arrange("6a", position=2)
    state.arrange("2a", position=13)
    assert str(why(state, "1a assist 6a")) == "6a stands at position 2, not at 1a's position 1; only competitors at the same position can be brought (rules §4)"
    assert str(why(state, "1a assist 2a")) == "2a has finished this round and cannot be brought (R-10)"


def test_edition1_messages(deck):
    state = new_state(deck, edition=1)
    assert str(why(state, "1a assist 6a")) == (
        "in edition 1, assist brings exactly 2 (gems matching red: 2; others at its position: 2a, 3a, 4a, 5a, 6a, 7a, 8a, 9a, 10a), not 1 (rules §4)"
    )
    assert str(why(state, "1a help 6a:chit 7a:t1")) == "help earns trait marks, not chits (6a:chit) (rules §4)"
    state.arrange("1a", unmarked=[["power"], ["grace", "wits"], ["grace"]])  # no speed box left
    assert str(why(state, "1a help 6a:t1 7a")) == "no mark is owed for 6a: 1a has no unmarked speed box left (R-9)"


def test_turns_the_notation_cannot_write_are_named(deck):
    from hi5pnp.rules import Action, Brought

    state = new_state(deck)
    assert str(state.why_illegal(Turn("1a", spend=3))) == "1a cannot spend 3 chits with plain; only a bypass spends chits (rules §4)"
    assert (
        str(state.why_illegal(Turn("1a", Action.BYPASS, (Brought("6a"),), 0))) == "a bypass turn brings nobody; write assist to bring others along (rules §4)"
    )


def test_chits_up_to_the_limit_in_one_turn_and_the_message_past_it(deck):
    state = new_state(deck)
    state.arrange("1a", chits=1)
    assert why(state, "1a assist 6a:chit 7a:chit") is None  # 1 + 2 = the limit, 3
    state.arrange("1a", chits=2)
    assert str(why(state, "1a assist 6a:chit 7a:chit")) == (
        "1a already holds 3 chits, the limit: the chit for 6a, written earlier in this turn, filled its card; no chit for 7a (R-6)"
    )
    state.arrange("1a", chits=3)
    assert str(why(state, "1a assist 6a:chit")) == "1a already holds 3 chits, the limit; no chit for 6a (R-6)"


def test_set_up_problems_name_the_seat_and_entry(deck):
    from hi5pnp.rules import Illegal, setup_problems

    assert setup_problems(deck, {"north": NORTH[:4], "south": ["1b", "99a", *SOUTH[2:]]}) == [
        Illegal("north's team has 4 competitors; a team has 5", "§2", "north", None),
        Illegal("card 1 is used twice (1a and 1b)", "R-1", "south", 0),
        Illegal("99a is not a competitor face of the deck", "§1", "south", 1),
    ]
    with pytest.raises(RulesError, match=r"^card 1 is used twice \(1a and 1b\) \(R-1\)$"):
        State(deck, {"north": NORTH, "south": ["1b", *SOUTH[1:]]}, "north")
    with pytest.raises(OptionError, match=r"^first: 'east' is not one of its values; it takes 'north' or 'south'$"):
        State(deck, {"north": NORTH, "south": SOUTH}, "east")
    with pytest.raises(OptionError, match=r"^edition: 3 is not one of its values; it takes 1 or 2$"):
        State(deck, {"north": NORTH, "south": SOUTH}, "north", 3)


def test_course_problems_name_the_entry(deck):
    from hi5pnp.rules import Illegal, course_problem

    assert course_problem(deck, ["1a", "9a", "1b"]) == Illegal("9a is not an obstacle face of the deck", "§2", None, 1)
    assert course_problem(deck, ["1a", "3b", "2a", "3a"]) == Illegal("obstacle card 3 is laid twice (places 2 and 4 of the row)", "§2", None, 3)
    assert course_problem(deck, ["1a", "3b", "2a"]) == Illegal("the course has 3 cards; every obstacle card is laid once (6 cards; missing: 4, 5, 6)", "§2")


def test_lay_course_refuses_a_bad_course_and_a_round_too_many(deck, tmp_path):
    state = State(deck, {"north": NORTH, "south": SOUTH}, "north")
    with pytest.raises(RulesError, match=r"^obstacle card 1 is laid twice \(places 1 and 2 of the row\) \(rules §2\)$"):
        state.lay_course(["1a", "1b", "2a", "3a", "4a", "5a"])
    assert state.needs_course() and state.course is None
    state.lay_course(COURSE)
    with pytest.raises(RulesError, match=r"^round 1 is cut short: its turns end with 0 of the 5 finishers the round needs \(R-12\)$"):
        state.lay_course(COURSE)
    for _ in range(3):
        end_round(state)
    assert str(state.why_course_illegal(COURSE)) == "the game has 3 rounds; round 4 is one too many (rules §6)"
    one = load_deck(make_deck(tmp_path / "d", rounds=1), need_score_sheet=False)
    state = new_state(one)
    end_round(state)
    assert str(state.why_course_illegal(COURSE)) == "the game has 1 round; round 2 is one too many (rules §6)"


def test_before_the_first_course(deck):
    state = State(deck, {"north": NORTH, "south": SOUTH}, "north")
    assert state.segment == 0 and state.round == 0 and state.current_player() is None
    assert state.finishers() == [] and state.ready_faces("north") == []
    assert all(not state.on_course(f) and not state.is_ready(f) and state.chits_of(f) == 0 and state.position(f) == 1 for f in state.faces)
    with pytest.raises(OptionError, match=r"^position: no obstacle at position 1 \(1-12\)$"):
        state.obstacle_at(1)


def test_obstacle_at_only_on_the_course(deck):
    state = new_state(deck)
    assert state.obstacle_at(12).id == "1a"
    for position in (0, 13, 14, 19):
        with pytest.raises(OptionError, match=rf"^position: no obstacle at position {position} \(1-12\)$"):
            state.obstacle_at(position)


# --- survivors of the second run ---------------------------------------------------------------


def test_a_long_flip_keeps_a_turned_front_turned():
    back = duplex_back(Slot(10.0, 20.0, W, H, 180), Paper.named("a4"), "long")
    assert back.rotation == 180


def test_bleed_counts_twice_per_card_in_the_grid():
    assert fit_grid("a4", W, H, 1.0, "a card").cols == 3  # 3 × 65.5 = 196.5 of 198 mm
    assert fit_grid("a4", W, H, 5.0, "a card").rows == 2  # 3 × 98.9 > 285 mm


def test_best_grid_error_names_the_item():
    with pytest.raises(LayoutError, match=r"^.*a fold pair of 300 × 300 mm does not fit on A4 paper"):
        best_grid("a4", 300.0, 300.0, 0.0, "a fold pair")


def test_cells_of_a_bled_grid_step_by_card_and_gutter():
    g = Grid(Paper.named("a4", landscape=True), 4, 2, W, H, 2.0)
    assert g.cell(0) == pytest.approx((15.5, 14.1 + H + 4.0))
    assert g.cell(7) == pytest.approx((15.5 + 3 * (W + 4.0), 14.1))


def test_short_fold_and_crop_marks_and_the_top_ones_with_bleed():
    g = best_grid("a4", 2 * W, 97.0, 0.0, "a fold pair")  # 2 rows of 97 mm on landscape A4: 8 mm above and below
    low = g.bottom - MARK_GAP
    marks = fold_marks(g, W)
    assert all(m.y2 - m.y1 == pytest.approx(low - MARK_CLEAR) for m in marks)  # 4 mm, not 5
    assert min(m.y1 for m in marks) == pytest.approx(MARK_CLEAR)
    bled = best_grid("a4", 2 * W, H, 2.0, "a fold pair")
    top = bled.bottom + bled.block_h + 2.0 + MARK_GAP
    assert sorted({round(m.y1, 6) for m in fold_marks(bled, W)})[-1] == pytest.approx(top)
    narrow = Grid(Paper("x", 100.0, 100.0), 1, 1, 86.0, 50.0, 0.0)  # 7 mm at the sides
    side = [m for m in narrow.crop_marks() if m.y1 == m.y2]
    assert side and all(abs(m.x2 - m.x1) == pytest.approx(7.0 - MARK_GAP - MARK_CLEAR) for m in side)


def test_every_crop_mark_is_a_straight_line_on_a_cut():
    g = fit_grid("a4", W, H, 0.0, "a card")
    xs, ys = g.cut_lines()
    marks = g.crop_marks()
    vertical = [m for m in marks if m.x1 == m.x2 and m.x1 in xs]
    horizontal = [m for m in marks if m.y1 == m.y2 and m.y1 in ys]
    assert len(vertical) == 2 * len(xs) and len(horizontal) == 2 * len(ys)


def test_legal_bypasses_are_plain_turns_of_the_api(deck):
    from hi5pnp.rules import Action

    state = new_state(deck)
    state.arrange("1a", chits=2)
    legal = state.legal_actions()
    assert Turn("1a", Action.BYPASS, (), 1) in legal and Turn("1a", Action.BYPASS, (), 2) in legal
    assert all(isinstance(t.brought, tuple) for t in legal)


def test_readiness_is_a_bool(deck):
    state = new_state(deck)
    turn(state, "1a")
    state.arrange("6a", position=state.finish)
    assert state.is_ready("1a") is False and state.is_ready("6a") is False and state.is_ready("2a") is True


def test_arrange_refuses_a_segment_with_nobody_ready_in_so_many_words(deck):
    state = new_state(deck)
    for face in NORTH + SOUTH[:-1]:
        state.arrange(face, ready=False)
    with pytest.raises(ValueError, match=r"^nobody would be ready: a segment ends when all have acted$"):
        state.arrange(SOUTH[-1], ready=False)


def test_a_position_in_words_with_nobody_on_the_south_side(mini):
    state = new_state(mini, course=["1a", "2b"], north=["1a", "2a"], south=["3a", "4a"])
    assert state.course_rows()[-1].startswith("  finished, in order: none   (")
    for face in ("1a", "2a", "3a", "4a"):
        state.arrange(face, position=3)
    assert state.course_rows()[:3] == [
        f"  {'card':<5} {'obstacle':<12}{'south side':<14}north side",
        f"  {'1a':<5} {'red speed':<12}{'1: -':<14}4: -   <- final obstacle",
        f"  {'2b':<5} {'red wits':<12}{'2: -':<14}3: 1a 2a 3a 4a",
    ]


def test_column_numbers_of_six_digits_are_read(deck):
    """The notation caches what it has read: clear it, so this reads afresh."""
    from hi5pnp.rules import turn as notation

    notation._PARSED.clear()
    notation._brought.cache_clear()
    assert Turn.parse("6a assist 1a:t654321").brought[0].reward == Mark(654321)
    with pytest.raises(NotationError, match="is too long"):
        Turn.parse("6a assist 1a:t7654321")


def test_the_chits_that_filled_the_card_are_all_named(deck_copy):
    """A competitor with three gems of one colour can write three chits; with
    a limit of 2, the third is refused naming both that filled the card."""
    deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, red]")
    folder = deck_copy("game.yaml", "chit_limit: 3", "chit_limit: 2")
    deck = load_deck(folder, need_score_sheet=False)
    state = new_state(deck)
    assert str(why(state, "1a assist 6a:chit 7a:chit 8a:chit")) == (
        "1a already holds 2 chits, the limit: the chit for 6a and the chit for 7a, written earlier in this turn, filled its card; no chit for 8a (R-6)"
    )
