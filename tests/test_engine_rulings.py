"""One test or more for each ruling R-1..R-13 of docs/rules.md, and for the
other faults rules §7 lists. States are set up by hand on the bundled deck:

course (conftest.COURSE): 1: red speed, 2: red power, 3: green power,
4: gold grace, 5: red wits, 6/7: blue power, 8: red wits, 9: gold grace,
10: green power, 11: red power, 12: red speed (the final obstacle); finish 13.
1a has gems red red blue and matrix [speed power] [grace wits] [speed grace].
"""

from __future__ import annotations

import pytest
from conftest import NORTH, SOUTH, make_deck, new_state

from hi5pnp.deck import load_deck
from hi5pnp.rules import Action, Brought, RulesError, State, Turn, course_problem, setup_problem
from hi5pnp.sim.bots.players import play_random_game


def why(state, text):
    return state.why_illegal(Turn.parse(text))


def ruling(state, text):
    problem = why(state, text)
    assert problem is not None, f"{text} should be illegal"
    return problem.ruling


def legal(state, text):
    problem = why(state, text)
    assert problem is None, str(problem)
    return state.apply(Turn.parse(text))


def place(state, face, **where):
    state.arrange(face, **where)


# R-1 ---------------------------------------------------------------------
def test_r1_a_card_in_both_teams_is_refused(deck):
    problem = setup_problem(deck, {"north": NORTH, "south": ["1b", *SOUTH[1:]]})
    assert (problem.seat, problem.entry, problem.ruling) == ("south", 0, "R-1")
    with pytest.raises(RulesError):
        State(deck, {"north": NORTH, "south": ["1b", *SOUTH[1:]]}, "north")


def test_r1_a_face_of_a_card_not_chosen_is_not_in_play(deck):
    state = new_state(deck)
    assert ruling(state, "1b") == "R-1"
    assert "not in play" in why(state, "1a assist 1b").message


def test_team_size_comes_from_the_deck(deck):
    problem = setup_problem(deck, {"north": NORTH[:4], "south": SOUTH})
    assert problem.entry is None and "a team has 5" in problem.message


# R-2 ---------------------------------------------------------------------
def test_r2_each_card_is_faced_on_both_sides(deck):
    state = new_state(deck)
    assert state.finish == 13
    for p in range(1, 13):
        assert state.obstacle_at(p) is state.obstacle_at(13 - p)
    assert state.obstacle_at(1).id == "1a" and state.obstacle_at(12).id == "1a"
    assert state.obstacle_at(7).id == "6a"


def test_r2_course_length_follows_the_obstacle_count(tmp_path):
    small = load_deck(make_deck(tmp_path / "d", obstacles=3), need_score_sheet=False)
    assert small.course_length == 6
    state = new_state(small, course=["2b", "1a", "3a"])
    assert state.finish == 7 and state.obstacle_at(6).id == "2b"
    assert course_problem(small, ["2b", "1a"]).message.startswith("the course has 2 cards")


# R-3 ---------------------------------------------------------------------
def test_r3_a_player_with_no_ready_competitor_is_skipped(deck):
    state = new_state(deck)
    for face in NORTH:
        place(state, face, ready=False)
    assert state.current_player() == "south"
    legal(state, "6a")
    assert state.current_player() == "south"
    assert ruling(state, "1a") == "R-3"


# R-4 ---------------------------------------------------------------------
def test_r4_segment_ends_when_nobody_is_ready_and_the_token_passes(deck):
    state = new_state(deck)
    for n, s in zip(NORTH, SOUTH):
        rep = legal(state, n)
        assert not rep.segment_over
        rep = legal(state, s)
    assert rep.segment_over and state.token_holder() == "south"
    assert state.current_player() == "south"
    assert all(state.is_ready(f) for f in NORTH + SOUTH)
    assert ruling(state, "1a") == "R-4"


# R-5 ---------------------------------------------------------------------
def test_r5_exhausted_competitors_may_be_brought_and_bringing_changes_no_readiness(deck):
    state = new_state(deck)
    place(state, "6a", ready=False)
    legal(state, "1a assist 6a 7a")  # m=2 at red speed
    assert state.position("6a") == state.position("7a") == 2
    assert not state.is_ready("6a") and state.is_ready("7a")


# R-6 ---------------------------------------------------------------------
def test_r6_chit_over_the_limit_is_illegal(deck):
    state = new_state(deck)
    place(state, "1a", chits=3)
    assert ruling(state, "1a assist 6a:chit") == "R-6"
    place(state, "1a", chits=2)
    assert ruling(state, "1a assist 6a:chit 7a:chit") == "R-6"
    assert why(state, "1a assist 6a:chit 7a") is None
    legal(state, "1a assist 6a:chit 7a")
    assert state.chits_of("1a") == 3


def test_r6_mark_needs_an_unmarked_box_of_the_trait_in_the_column(deck):
    state = new_state(deck)  # speed: one box in column 1, one in column 3
    assert ruling(state, "1a assist 6a:t2") == "R-6"  # grace and wits only
    assert ruling(state, "1a assist 6a:t4") == "R-6"  # no such column
    assert ruling(state, "1a assist 6a:t0") == "R-6"
    assert ruling(state, "1a assist 6a:t1 7a:t1") == "R-6"  # one speed box in column 1
    rep = legal(state, "1a assist 6a:t1 7a:t3")
    assert rep.marks == [(1, "speed"), (3, "speed")]
    assert state.unmarked("1a") == [["power"], ["grace", "wits"], ["grace"]]


def test_r6_taking_nothing_is_always_allowed(deck):
    state = new_state(deck)
    place(state, "1a", chits=3)
    legal(state, "1a assist 6a 7a")
    assert state.chits_of("1a") == 3


def test_r6_chit_limit_comes_from_the_deck(tmp_path):
    d = load_deck(make_deck(tmp_path / "d", chit_limit=1), need_score_sheet=False)
    state = new_state(d)
    assert ruling(state, "1a assist 6a:chit 7a:chit") == "R-6"


# R-7 ---------------------------------------------------------------------
def test_r7_no_spending_past_the_finish(deck):
    state = new_state(deck)
    place(state, "1a", position=12, chits=2)
    assert ruling(state, "1a bypass 1") == "R-7"
    place(state, "1a", position=11)
    assert ruling(state, "1a bypass 2") == "R-7"
    rep = legal(state, "1a bypass 1")
    assert rep.placed == [("1a", 1)] and state.chits_of("1a") == 1


def test_bypass_is_bounded_by_chits_held_and_matching_gems(deck):
    state = new_state(deck)
    place(state, "1a", chits=1)
    assert "cannot spend 2" in why(state, "1a bypass 2").message
    place(state, "1a", chits=3)
    assert "at most 2" in why(state, "1a bypass 3").message  # two red gems
    legal(state, "1a bypass 2")
    assert state.position("1a") == 4 and state.chits_of("1a") == 1


# R-8 ---------------------------------------------------------------------
def test_r8_edition1_assist_takes_chits_up_to_the_limit_silently(deck):
    state = new_state(deck, edition=1)
    place(state, "1a", chits=2)
    rep = legal(state, "1a assist 6a 7a")
    assert rep.chits_taken == 1 and state.chits_of("1a") == 3


def test_r8_edition1_assist_takes_no_written_reward(deck):
    state = new_state(deck, edition=1)
    assert ruling(state, "1a assist 6a:chit 7a") == "R-8"


def test_edition1_assist_brings_exactly_min_of_gems_and_others(deck):
    state = new_state(deck, edition=1)
    assert "exactly 2" in why(state, "1a assist 6a").message
    assert "exactly 2" in why(state, "1a assist 6a 7a 2a").message
    for face in SOUTH + NORTH[1:]:
        place(state, face, position=2)
    place(state, "6a", position=1)
    assert "exactly 1" in why(state, "1a assist").message
    legal(state, "1a help 6a:t1")


# R-9 ---------------------------------------------------------------------
def test_r9_help_owes_a_mark_while_a_box_of_the_trait_is_unmarked(deck):
    state = new_state(deck, edition=1)
    assert ruling(state, "1a help 6a 7a") == "R-9"
    assert ruling(state, "1a help 6a:chit 7a:t1") == "§4"  # help earns marks, not chits
    legal(state, "1a help 6a:t1 7a:t3")


def test_r9_once_no_box_is_left_no_mark_is_owed(deck):
    state = new_state(deck, edition=1)
    place(state, "1a", unmarked=[["power"], ["grace", "wits"], ["speed", "grace"]])  # only column 3's speed box is left
    assert ruling(state, "1a help 6a:t3 7a:t3") == "R-9"
    assert ruling(state, "1a help 6a 7a:t3") == "R-9"  # owed first, for 6a
    legal(state, "1a help 6a:t3 7a")


def test_r9_marks_are_owed_only_for_opponents(deck):
    state = new_state(deck, edition=1)
    assert ruling(state, "1a help 2a:t1 6a:t3") == "§4"
    legal(state, "1a help 2a 6a:t3")


def test_help_is_edition1_only(deck):
    assert ruling(new_state(deck), "1a help 6a:t1") == "§4"


# R-10 --------------------------------------------------------------------
def test_r10_finishing_by_facing_the_final_obstacle(deck):
    state = new_state(deck)
    place(state, "1a", position=12)
    assert legal(state, "1a").placed == [("1a", 1)]
    legal(state, "6a")
    assert ruling(state, "1a") == "R-10"
    assert not state.on_course("1a")


def test_r10_finishing_by_being_brought_from_the_final_obstacle(deck):
    state = new_state(deck)
    place(state, "1a", position=12)
    place(state, "6a", position=12)
    legal(state, "1a assist 6a")
    assert state.finishers() == ["1a", "6a"]
    assert not state.on_course("6a")
    place(state, "2a", position=12)
    assert ruling(state, "7a assist 6a") == "R-10"  # a finished competitor cannot be brought


# R-11 --------------------------------------------------------------------
@pytest.mark.parametrize("order", [("6a", "2a"), ("2a", "6a")])
def test_r11_active_first_then_the_brought_in_listed_order(deck, order):
    state = new_state(deck)
    for face in ("1a", "2a", "6a"):
        place(state, face, position=12)
    legal(state, f"1a assist {order[0]} {order[1]}")
    assert state.finishers() == ["1a", *order]


# R-12 --------------------------------------------------------------------
def test_r12_the_last_needed_finisher_ends_the_round_and_later_arrivals_are_not_placed(deck):
    state = new_state(deck)
    for face in ("3a", "4a", "5a", "8a"):
        place(state, face, position=state.finish)
    for face in ("1a", "2a", "6a"):
        place(state, face, position=12)
    rep = legal(state, "1a assist 6a:t1 2a")
    assert rep.placed == [("1a", 5)] and rep.unplaced == ["6a", "2a"]
    assert rep.marks == [(1, "speed")]  # the turn is completed: its rewards stand
    assert rep.round_over and state.needs_course()
    result = state.results()[-1]
    assert result.finish == ("3a", "4a", "5a", "8a", "1a")
    assert result.points == {"north": 5 + 4 + 3 + 1, "south": 2}  # north: 3a 4a 5a 1a; south: 8a
    assert state.token_holder() == "south"  # the segment ends with the round
    assert ruling(state, "6a") == "R-12"


def test_r12_finishers_and_points_come_from_the_deck(tmp_path):
    d = load_deck(make_deck(tmp_path / "d", finishers=2, placing_points="[7, 1]"), need_score_sheet=False)
    state = new_state(d)
    for face in ("1a", "6a", "2a"):
        place(state, face, position=12)
    rep = legal(state, "1a assist 6a 2a")
    assert rep.unplaced == ["2a"] and [r.points for r in state.results()] == [{"north": 7, "south": 1}]


# R-13 --------------------------------------------------------------------
def test_r13_totals_and_draws(deck):
    state = new_state(deck)
    for face in ("1a", "6a", "2a", "7a"):  # placed 1st to 4th: north 5 + 3, south 4 + 2
        place(state, face, position=state.finish)
    place(state, "3a", position=12)
    legal(state, "3a")  # 5th: north 1
    assert state.scores() == {"north": 9, "south": 6} and state.winner() == "north"
    place(state, "6a", unmarked=[[], ["speed", "wits"], ["grace", "power"]])  # 6a's first column marked
    assert state.complete_columns() == {"north": 0, "south": 1}  # a complete column for south: 3 points
    assert state.scores() == {"north": 9, "south": 9} and state.winner() == "draw"


# the other faults of rules §7 -----------------------------------------------
def test_wrong_player(deck):
    state = new_state(deck)
    assert ruling(state, "6a") == "R-4"  # north holds the token and opens
    legal(state, "1a")
    assert "turns alternate" in why(state, "2a").message


def test_exhausted_competitor(deck):
    state = new_state(deck)
    legal(state, "1a")
    legal(state, "6a")
    problem = why(state, "1a")
    assert problem.message == "1a is exhausted this segment; north's ready competitors: 2a, 3a, 4a, 5a"


@pytest.mark.parametrize(
    "text, words",
    [
        ("1a assist 1a", "itself"),
        ("1a assist 6a 6a", "twice"),
        ("1a assist 6a 7a 8a", "at most 2"),
        ("1a assist 6a:chit 2a:chit", "own"),
        ("1a assist 9b", "not in play"),
    ],
)
def test_bringing_faults(deck, text, words):
    assert words in why(new_state(deck), text).message


def test_bringing_someone_elsewhere(deck):
    state = new_state(deck)
    place(state, "6a", position=2)
    assert "stands at position 2" in why(state, "1a assist 6a").message


def test_the_game_over_takes_no_turn(deck):
    import random

    state = play_random_game(deck, random.Random(3))
    face = state.faces[0]
    assert state.is_terminal() and ruling(state, face) == "§6"
    with pytest.raises(RulesError):
        state.apply(Turn.parse(face))
    assert state.why_course_illegal(["1a", "2a", "3a", "4a", "5a", "6a"]).ruling == "§6"


def test_rounds_are_judged_by_the_engine(deck):
    state = new_state(deck)
    assert state.why_round_incomplete().ruling == "R-12"
    assert "round 1 is cut short" in state.why_game_incomplete().message
    assert state.why_course_illegal(["1a", "2a", "3a", "4a", "5a", "6a"]).ruling == "R-12"


# turns made in code that the notation cannot write ------------------------------
@pytest.mark.parametrize(
    "turn",
    [
        Turn("1a", spend=3),  # a plain turn that spends
        Turn("1a", Action.BYPASS, spend=-2),
        Turn("1a", Action.ASSIST, (Brought("6a"),), 1),
        Turn("1a", Action.PLAIN, (Brought("6a"),)),
        Turn("1a", Action.BYPASS, (Brought("6a"),), 0),
    ],
)
def test_impossible_turns_are_illegal(deck, turn):
    state = new_state(deck)
    place(state, "1a", chits=3)
    assert state.why_illegal(turn).ruling == "§4"
    with pytest.raises(RulesError):
        state.apply(turn)
    assert state.position("1a") == 1 and state.chits_of("1a") == 3


# State.arrange refuses what play could never reach ------------------------------
def test_arrange_refuses_unreachable_positions(deck):
    state = new_state(deck)
    with pytest.raises(ValueError, match="neither team"):
        place(state, "9b", position=2)
    for face in ("1a", "2a", "3a", "6a"):
        place(state, face, position=state.finish)
    with pytest.raises(ValueError, match="would end the round"):
        place(state, "7a", position=state.finish)
    with pytest.raises(ValueError, match="does not come back"):
        place(state, "1a", position=3)
    for face in ("4a", "5a", "7a", "8a", "9a"):
        place(state, face, ready=False)
    with pytest.raises(ValueError, match="nobody would be ready"):
        place(state, "10a", ready=False)
    assert state.current_player() == "south" and state.ready_faces("south") == ["10a"]
    assert len(state.finishers()) == 4 and state.why_round_incomplete() is not None
