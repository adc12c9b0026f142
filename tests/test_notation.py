"""The turn notation: parse and write round-trip; broken notation is a NotationError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hi5pnp.rules import CHIT, Action, Brought, Mark, NotationError, Turn

ASSIST, HELP, BYPASS = Action.ASSIST, Action.HELP, Action.BYPASS


@pytest.mark.parametrize(
    "text, turn",
    [
        ("3a", Turn("3a")),
        ("10B", Turn("10b")),
        ("3a bypass 2", Turn("3a", BYPASS, (), 2)),
        ("3a assist 2a:chit 5b", Turn("3a", ASSIST, (Brought("2a", CHIT), Brought("5b")))),
        ("3a  HELP   2a:T2", Turn("3a", HELP, (Brought("2a", Mark(2)),))),
        ("3a assist 2a:t0", Turn("3a", ASSIST, (Brought("2a", Mark(0)),))),  # a rules fault, not a read fault
        ("3a assist", Turn("3a", ASSIST, ())),
    ],
)
def test_parse(text, turn):
    assert Turn.parse(text) == turn
    assert Turn.parse(str(turn)) == turn


def test_canonical_text():
    assert str(Turn.parse("03A Assist 2a:CHIT")) == "3a assist 2a:chit"
    assert Turn.parse("3a assist 2a 4b").faces() == ["3a", "2a", "4b"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "a3",
        "3c",
        "3a jump",
        "3a bypass",
        "3a bypass -1",
        "3a bypass 1 2",
        "3a bypass x",
        "3a assist 2a:",
        "3a assist 2a:gold",
        "3a assist 2a:t",
        "3a assist 2a:t-1",
        "3a assist 2",
        12,
        None,
    ],
)
def test_broken_notation(text):
    with pytest.raises(NotationError):
        Turn.parse(text)


faces = st.builds(lambda n, s: f"{n}{s}", st.integers(1, 99), st.sampled_from("ab"))
rewards = st.one_of(st.none(), st.just(CHIT), st.builds(Mark, st.integers(0, 9)))
turns = st.one_of(
    st.builds(lambda f: Turn(f), faces),
    st.builds(lambda f, k: Turn(f, BYPASS, (), k), faces, st.integers(0, 5)),
    st.builds(
        lambda f, a, b: Turn(f, a, tuple(Brought(x, r) for x, r in b)),
        faces,
        st.sampled_from([ASSIST, HELP]),
        st.lists(st.tuples(faces, rewards), max_size=4),
    ),
)


@given(turns)
def test_round_trip(turn):
    assert Turn.parse(str(turn)) == turn
    assert Turn.parse(str(turn).upper()) == turn


@given(st.text(max_size=40))
def test_any_text_parses_or_is_refused(text):
    try:
        turn = Turn.parse(text)
    except NotationError:
        return
    assert Turn.parse(str(turn)) == turn
