"""Tests for behaviour a bug once slipped past: each was checked by planting
the bug in the code and seeing the test fail (docs/testing.md).

- the back offset for the default long-edge flip, both axes, both signs, A4
  and Letter (the short-edge flip had the only offset test);
- R-8 with a teammate brought along, on a deck whose chit limit leaves room
  to show a chit wrongly taken for it;
- a glyph of its own for every gem colour, on the laid-out card faces;
- trait columns with one box left: not complete until the last mark, which
  then scores the column's points at the end of the game.
"""

from __future__ import annotations

import pytest
from conftest import COURSE, end_round, new_state

from hi5pnp.deck import load_deck
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.kit.sheets.cardsheets import duplex_grid
from hi5pnp.kit.sheets.imposition import Slot, duplex_back
from hi5pnp.render.cardsize import CARD_SIZES
from hi5pnp.render.elements.figures import Circle, Shape
from hi5pnp.render.faces import render_cards
from hi5pnp.render.shapes import add_shape
from hi5pnp.render.template import Templates
from hi5pnp.rules import Turn

POKER = CARD_SIZES["poker"]
OFFSETS = [(2.0, 0.0), (-2.0, 0.0), (0.0, 1.5), (0.0, -1.5), (1.25, -0.75), (-0.5, 2.5)]


# --- the back offset with the long-edge flip ---------------------------------------------


def _expected_back(front: Slot, paper, offset):
    """Where the back of ``front`` goes for a long-edge flip: a portrait sheet
    turns over its vertical long edge (x mirrors), a landscape sheet over its
    horizontal one (y mirrors, the back drawn turned 180°); then the offset,
    X mm right and Y mm up as seen on the back page (docs/kit.md)."""
    dx, dy = offset
    if paper.height >= paper.width:
        return (paper.width - front.x - front.width + dx, front.y + dy, 0)
    return (front.x + dx, paper.height - front.y - front.height + dy, 180)


@pytest.mark.parametrize("paper_name, landscape", [("a4", False), ("letter", True)])
@pytest.mark.parametrize("offset", OFFSETS)
def test_long_edge_back_offset_moves_each_back_right_and_up_on_the_back_page(paper_name, landscape, offset):
    grid = duplex_grid(paper_name, POKER, 0.0, 16)
    paper = grid.paper
    assert (paper.width > paper.height) == landscape  # A4 stays portrait, Letter turns landscape (docs/kit.md)
    for i in range(grid.per_page):
        front = Slot(*grid.cell(i), POKER.width, POKER.height)
        back = duplex_back(front, paper, "long", offset)
        centred = duplex_back(front, paper, "long")
        assert (back.x, back.y, back.rotation) == pytest.approx(_expected_back(front, paper, offset), abs=1e-9)
        # the offset is a plain shift of the back on its page, whatever the mirror
        assert (back.x - centred.x, back.y - centred.y) == pytest.approx(offset, abs=1e-9)
        assert (back.width, back.height) == (front.width, front.height)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_long_edge_back_without_offset_lands_exactly_behind_its_front(paper_name):
    """Seen through the sheet from the front, a back's footprint is its front's."""
    grid = duplex_grid(paper_name, POKER, 0.0, 16)
    paper = grid.paper
    for i in range(grid.per_page):
        front = Slot(*grid.cell(i), POKER.width, POKER.height)
        back = duplex_back(front, paper, "long")
        if paper.height >= paper.width:  # turned over the vertical edge: x mirrors
            through = (paper.width - back.x - back.width, back.y)
        else:  # turned over the horizontal edge: y mirrors
            through = (back.x, paper.height - back.y - back.height)
        assert through == pytest.approx((front.x, front.y), abs=1e-9)


@pytest.fixture(scope="module")
def offset_kit():
    offset = (1.5, -2.0)
    built = make_kit(load_deck(), BuildOptions(back_offset=offset, bleed=0))  # A4 portrait, Letter landscape
    return offset, built.manifest["cards"]


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
@pytest.mark.parametrize("paper_name, size", [("a4", (210.0, 297.0)), ("letter", (279.4, 215.9))])
def test_long_edge_back_offset_in_the_manifest(offset_kit, paper_name, size):
    """The built kit's manifest, in mm: every back lands where its front says,
    shifted by the offset (A4 portrait mirrors x; Letter, landscape, mirrors y)."""
    (dx, dy), rows = offset_kit
    name = f"cards-duplex-{paper_name}.pdf"
    fronts = {(r["page"], r["kind"], r["face"][:-1]): r for r in rows if r["file"] == name and r["side"] == "front"}
    backs = {(r["page"] - 1, r["kind"], r["face"][:-1]): r for r in rows if r["file"] == name and r["side"] == "back"}
    assert fronts.keys() == backs.keys() and len(fronts) == 16
    width, height = size
    for key, f in fronts.items():
        b = backs[key]
        if paper_name == "a4":
            assert b["x"] == pytest.approx(width - f["x"] - f["width"] + dx, abs=0.002)
            assert b["y"] == pytest.approx(f["y"] + dy, abs=0.002)
            assert b["rotation"] == 0
        else:
            assert b["x"] == pytest.approx(f["x"] + dx, abs=0.002)
            assert b["y"] == pytest.approx(height - f["y"] - f["height"] + dy, abs=0.002)
            assert b["rotation"] == 180


# --- R-8: edition 1's automatic chits count opponents only ------------------------------


def test_r8_a_teammate_brought_along_takes_no_chit(deck):
    """1a (red red blue) at red speed brings exactly two: its teammate 2a and
    south's 6a. Only 6a earns a chit; the limit (3) leaves room for a wrong one."""
    assert deck.rules.chit_limit >= 3
    state = new_state(deck, edition=1)
    rep = state.apply(Turn.parse("1a assist 2a 6a"))
    assert rep.chits_taken == 1 and state.chits_of("1a") == 1


def test_r8_only_teammates_brought_take_no_chit(deck):
    state = new_state(deck, edition=1)
    rep = state.apply(Turn.parse("1a assist 2a 3a"))
    assert rep.chits_taken == 0 and state.chits_of("1a") == 0


def test_r8_two_opponents_take_two_chits(deck):
    state = new_state(deck, edition=1)
    rep = state.apply(Turn.parse("1a assist 7a 6a"))
    assert rep.chits_taken == 2 and state.chits_of("1a") == 2


def test_r8_teammate_and_opponent_near_the_limit(deck):
    """One place left: the opponent's chit fills it, the teammate's counts for nothing."""
    state = new_state(deck, edition=1)
    state.arrange("1a", chits=2)
    rep = state.apply(Turn.parse("1a assist 6a 2a"))
    assert rep.chits_taken == 1 and state.chits_of("1a") == 3


# --- every gem colour has a glyph of its own -------------------------------------------------


@pytest.fixture(scope="module")
def glyph_deck():
    return load_deck()


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_each_gem_is_drawn_with_its_colours_glyph(glyph_deck, ink):
    """On the laid-out faces (the elements a face is drawn from), each gem's
    glyph is the one game.yaml gives its colour, and the colours' glyphs differ."""
    deck = glyph_deck
    assert len(set(deck.glyphs.values())) == len(deck.colors)  # one glyph per colour
    cards = render_cards(deck, Templates(), POKER, ink=ink)
    seen: dict[str, set[str]] = {}
    for card in cards:
        source = deck.competitors if card.kind == "competitor" else deck.obstacles
        faces = next(c for c in source if c.number == card.number).faces
        for face, layout in zip(faces, card.faces):
            els = {e.id: e for e in layout.elements if e.id}
            colours = face.gems if card.kind == "competitor" else [face.color]
            ids = [f"gem-{k}" for k in range(1, 4)] if card.kind == "competitor" else ["gem"]
            for gid, colour in zip(ids, colours):
                disc, glyph = els[gid], els[gid + "-glyph"]
                assert isinstance(glyph, Shape) and isinstance(disc, Circle)
                assert glyph.name == deck.glyphs[colour], (face.id, gid, colour)
                ring = disc.fill if ink == "normal" else disc.stroke
                assert ring == deck.colors[colour], (face.id, gid)
                assert (glyph.x, glyph.y) == pytest.approx((disc.x, disc.y), abs=disc.r * 0.1)
                seen.setdefault(colour, set()).add(glyph.name)
    assert seen == {c: {deck.glyphs[c]} for c in deck.colors}  # every colour shown, each with its own glyph


def test_a_glyph_chosen_in_game_yaml_is_the_one_drawn(deck_copy):
    """The glyph comes from the deck, not from the template: give red a cross."""
    folder = deck_copy("game.yaml", "red: heart", "red: cross")
    deck = load_deck(folder)
    card = render_cards(deck, Templates(), POKER)[0]  # competitor 1: 1a is red red blue
    glyphs = {e.id: e.name for e in card.faces[0].elements if isinstance(e, Shape)}
    assert [glyphs[f"gem-{k}-glyph"] for k in (1, 2, 3)] == ["cross", "cross", "diamond"]


class _Path:
    """Records what a shape draws, as reportlab's path would receive it."""

    def __init__(self):
        self.ops: list[tuple] = []

    def __getattr__(self, name):
        return lambda *args: self.ops.append((name, *(round(a, 6) for a in args)))


def test_the_gem_glyphs_draw_different_outlines(glyph_deck):
    drawn = {}
    for glyph in glyph_deck.glyphs.values():
        path = _Path()
        add_shape(path, glyph, 0, 0, 10)
        drawn[glyph] = tuple(path.ops)
        assert path.ops, glyph
    assert len(set(drawn.values())) == len(drawn)


# --- trait columns with one box left ---------------------------------------------------------


def _end_round(state, course=COURSE):
    assert end_round(state, course).round_over


def test_a_column_one_mark_short_is_not_complete_and_the_last_mark_scores_at_the_end(deck):
    state = new_state(deck)  # 1a: [speed power] [grace wits] [speed grace]; position 1 is red speed
    state.arrange("1a", unmarked=[["speed"], ["grace", "wits"], ["speed", "grace"]])
    assert state.complete_columns() == {"north": 0, "south": 0}
    assert state.scores() == {"north": 0, "south": 0}
    rep = state.apply(Turn.parse("1a assist 6a:t1"))
    assert rep.marks == [(1, "speed")]
    assert state.unmarked("1a") == [[], ["grace", "wits"], ["speed", "grace"]]
    assert state.complete_columns() == {"north": 1, "south": 0}
    assert state.scores() == {"north": deck.rules.column_points, "south": 0}
    for _ in range(deck.rules.rounds):
        _end_round(state)
    assert state.is_terminal()
    assert state.unmarked("1a")[0] == []  # marks last the whole game
    placing = state.placing_points()
    assert state.scores() == {"north": placing["north"] + 3, "south": placing["south"]}


def test_a_column_left_one_mark_short_scores_nothing_at_the_end(deck):
    state = new_state(deck)
    state.arrange("1a", unmarked=[["speed"], ["grace", "wits"], ["speed", "grace"]])
    state.arrange("6a", unmarked=[["speed"], ["speed", "wits"], ["grace", "power"]])  # 6a: one box short too
    for _ in range(deck.rules.rounds):
        _end_round(state)
    assert state.is_terminal() and state.complete_columns() == {"north": 0, "south": 0}
    assert state.scores() == state.placing_points()


def test_the_last_box_of_a_column_counts_for_its_owner_and_with_the_decks_points(tmp_path):
    from conftest import make_deck

    deck = load_deck(make_deck(tmp_path / "d", column_points=7), need_score_sheet=False)
    state = new_state(deck, first="south")
    # 6a (red red green; [speed speed] [speed wits] [grace power]) at red speed, one speed box left in column 1
    state.arrange("6a", unmarked=[["speed"], ["speed", "wits"], ["grace", "power"]])
    assert state.complete_columns() == {"north": 0, "south": 0}
    rep = state.apply(Turn.parse("6a assist 1a:t1"))
    assert rep.marks == [(1, "speed")]
    assert state.complete_columns() == {"north": 0, "south": 1}
    assert state.scores() == {"north": 0, "south": 7}


def test_edition1_help_owes_the_last_box_and_then_nothing(deck):
    """R-9 with one box left: the mark is owed, it completes the column, and
    once it is marked no mark is owed for the next opponent."""
    state = new_state(deck, edition=1)
    state.arrange("1a", unmarked=[["speed"], ["grace", "wits"], ["grace"]])  # one speed box left, in column 1
    assert state.why_illegal(Turn.parse("1a help 6a 7a")).ruling == "R-9"
    rep = state.apply(Turn.parse("1a help 6a:t1 7a"))
    assert rep.marks == [(1, "speed")]
    assert state.complete_columns()["north"] == 1
