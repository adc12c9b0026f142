"""Score cards: one per seat, laid out from score_sheets.yaml (or the built-in
layout) through templates/scorecard.yaml.j2, imposed with crop marks."""

from __future__ import annotations

import dataclasses

from ...deck import Deck, ScoreSheet
from ...deck.scoresheet import DEFAULT_SHEET
from ...errors import TemplateError
from ...language import _
from ...render.faces import deck_context
from ...render.layout import Layout
from ...render.pdf import finish, new_canvas
from ...render.template import Templates
from ...rules.seat import seat_words
from .cardsheets import FormCache, draw_marks, draw_note
from .imposition import Slot, fit_grid


def sheet_rows(deck: Deck, sheet: ScoreSheet) -> list[dict[str, str]]:
    """The rows with ``rounds`` expanded to one per round and placeholders filled."""
    r = deck.rules
    values = {
        "column_points": r.column_points,
        "rounds": r.rounds,
        "chit_limit": r.chit_limit,
        "placing_points": "-".join(str(p) for p in r.placing_points),
    }
    rows = []
    for row in sheet.rows:
        repeats = range(1, r.rounds + 1) if row.kind == "rounds" else [0]
        for n in repeats:
            fill = {**values, "n": n}
            rows.append({"kind": row.kind, "label": said(row.label).format(**fill), "hint": said(row.hint).format(**fill)})
    return rows


def said(text: str) -> str:
    """A score sheet's word in the kit's language when it is one of hi5pnp's
    own (the built-in sheet's: "Total"); a deck's own word as it is written."""
    return _(text) if text else text


MAX_ROWS = 10  # rows the score card holds at a size that can be written in


def render_scorecards(deck: Deck, templates: Templates, ink: str = "normal") -> list[Layout]:
    sheet = deck.score_sheet or DEFAULT_SHEET
    rows = sheet_rows(deck, sheet)
    if len(rows) > MAX_ROWS:
        message = f"{deck.rules.rounds} rounds make a score card of {len(rows)} rows; it holds at most {MAX_ROWS}"
        raise TemplateError(deck.sources.fault("game.yaml", ("rules", "rounds"), message))
    return [
        templates.layout(
            "scorecard.yaml.j2",
            {
                "sheet": {"title": said(sheet.title), "seat": seat_words(seat), "rows": rows},
                "deck": deck_context(deck),
                "item_name": f"the {seat} score card",
                "low_ink": ink == "low",
            },
        )
        for seat in sheet.seats
    ]


def scorecards_file(cards: list[Layout], paper_name: str, title: str) -> bytes:
    first = cards[0]
    grid = fit_grid(paper_name, first.width, first.height, 0.0, "a score card")
    if grid.rows * grid.cols < len(cards):
        grid = max(
            (fit_grid(paper_name, first.width, first.height, 0.0, "a score card", landscape=True), grid),
            key=lambda g: g.per_page,
        )
    if grid.per_page > len(cards):  # only as many rows as there are cards, so no empty frames
        rows = -(-len(cards) // grid.cols)
        grid = dataclasses.replace(grid, rows=rows)
    paper = grid.paper
    c, buf = new_canvas((paper.width, paper.height), title, "Score cards", duplex="none")
    forms = FormCache(c, 0.0)
    for start in range(0, len(cards), grid.per_page):
        draw_marks(c, grid.crop_marks())
        draw_note(c, grid, _("Score cards: print one-sided at 100 %, cut on the marks; write in pencil, or use a clear sleeve and a marker."))
        for i, layout in enumerate(cards[start : start + grid.per_page]):
            x, y = grid.cell(i)
            forms.place(layout, f"score-card-{id(layout)}", Slot(x, y, layout.width, layout.height))
        c.showPage()
    return finish(c, buf)
