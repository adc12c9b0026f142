"""The game record sheet: write a game down as it is played, in the log
notation, so that a judge can check it afterwards (docs/game-log.md).

Page 1 holds the set-up (event, table, date, deck, the edition played
ticked in a box, the judge, both teams), a key to the notation, the result
and both players' signatures; then one page per round with the table, the
course, the notation's forms and turn lines numbered from 1 in each round,
in three columns, one turn a line with none left blank, so that a line's
number is the turn's number a verdict gives; and a spare page that carries
on the count for a long round.
"""

from __future__ import annotations

from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from ...deck import Deck
from ...language import N_, _
from ...render import fonts
from ...render.draw import color
from ...render.paper import Paper
from ...render.pdf import finish, new_canvas
from ...render.units import pt, to_mm
from ...rules import EDITIONS, notation_examples
from ...rules.seat import seat_words

MARGIN = 14.0
INK = "#2B2B36"
RULE = "#B9AC8C"
MUTED = "#6B6355"


def _text(c: Canvas, x: float, y: float, text: str, size: float = 9, style: str = "regular", align: str = "left", fill: str = INK) -> None:
    c.setFillColor(color(fill))
    c.setFont(fonts.font_name(style), size)
    {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align](pt(x), pt(y), text)


def _line(c: Canvas, x1: float, y1: float, x2: float, y2: float, fill: str = RULE, width: float = 0.5) -> None:
    c.setStrokeColor(color(fill))
    c.setLineWidth(width)
    c.line(pt(x1), pt(y1), pt(x2), pt(y2))


def _field(c: Canvas, x: float, y: float, label: str, width: float) -> None:
    _text(c, x, y, label, 8.5, fill=MUTED)
    start = x + to_mm(fonts.width(label, "regular", 8.5)) + 2
    _line(c, start, y - 0.8, x + width, y - 0.8)


def _boxes(c: Canvas, x: float, y: float, count: int, right: float, w: float = 13.0, h: float = 8.0) -> float:
    """``count`` boxes to write a face id in, in rows that stop at ``right``;
    returns the y of the lowest row."""
    c.setStrokeColor(color(RULE))
    c.setLineWidth(0.5)
    per_row = max(1, int((right - x + 1.5) // (w + 1.5)))
    for i in range(count):
        row, col = divmod(i, per_row)
        c.rect(pt(x + col * (w + 1.5)), pt(y - row * (h + 1.5)), pt(w), pt(h), stroke=1, fill=0)
    return y - ((count - 1) // per_row) * (h + 1.5)


def _edition_box(c: Canvas, x: float, y: float, edition: int) -> None:
    """ "Edition played: [ ] 1 [ ] 2": ticked by the players, so a game is never
    checked under the wrong rules (this sheet's examples are ``edition``'s)."""
    label = _("Edition played")
    _text(c, x, y, label, 8.5, fill=MUTED)
    bx = x + to_mm(fonts.width(label, "regular", 8.5)) + 2.5
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.6)
    for number in sorted(EDITIONS):
        c.rect(pt(bx), pt(y - 1), pt(3.6), pt(3.6), stroke=1, fill=0)
        _text(c, bx + 4.8, y, str(number), 9, "bold" if number == edition else "regular")
        bx += 11


ROUND_COLUMNS = 3
LINE_H = 6.4  # mm between turn lines: room for a pencil
LEAST_LINE_H = 5.6  # mm: closer only to keep MOST_TURNS lines on a short paper
MOST_TURNS = 90  # turn lines a round's page holds at least (a long round has the spare page too)
TURNS_TOP = 3.0  # mm from the turns' heading to the first line's top
TURNS_SAID = N_('Turns in order, one a line, no line left blank: line 5 is a verdict\'s "turn 5".')
BOTTOM = MARGIN + 22  # mm: the turn lines end here, above the round's finish


def _gloss(code: str) -> str:
    """A notation example in a few words: "3a assist 7b 2a:chit" is "brings 7b then 2a; a chit for 2a"."""
    words = code.split()
    if len(words) == 1:
        return _("just moves on")
    if words[1] == "bypass":
        return _("spends %(chits)s chits to move further") % {"chits": words[2]}
    then = " " + _("then") + " "  # "7b then 2a": who is brought, in order
    said = [_("brings %(faces)s") % {"faces": then.join(w.split(":")[0] for w in words[2:])}]
    for w in words[2:]:
        face, _colon, reward = w.partition(":")
        if reward == "chit":
            said.append(_("a chit for %(face)s") % {"face": face})
        elif reward.startswith("t"):
            said.append(_("a mark in column %(column)s") % {"column": reward[1:]})
    return "; ".join(said)


def _key(c: Canvas, edition: int, y: float, W: float) -> float:
    """The notation's forms, each with a few words, two to a row when they
    fit (else one); returns the y of the last row."""
    examples = [(code, _gloss(code)) for code, _meaning in notation_examples(EDITIONS[edition])]
    _text(c, MARGIN, y, _("How to write a turn:"), 8.5, fill=MUTED)
    half = (W - 2 * MARGIN) / 2
    wide = max(to_mm(fonts.width(code, "bold", 8.5) + fonts.width(gloss, "regular", 8)) + 2.5 for code, gloss in examples)
    per_row = 2 if wide <= half - 4 else 1
    for k, (code, gloss) in enumerate(examples):
        row, col = divmod(k, per_row)
        x, ly = MARGIN + 2 + col * half, y - 5 - row * 4.6
        _text(c, x, ly, code, 8.5, "bold")
        _text(c, x + to_mm(fonts.width(code, "bold", 8.5)) + 2.5, ly, gloss, 8)
    return y - 5 - ((len(examples) - 1) // per_row) * 4.6


class _Lines(NamedTuple):
    """Where a round page's turn lines are: how many a column, the top of the first, and the y of a note on them."""

    rows: int
    turns: float
    note: float


def _round_page(c: Canvas, deck: Deck, edition: int, W: float, top: float) -> _Lines:
    """A round's page but for its heading and the turns' numbers: the table
    (clear of any heading), the course, the notation, the turn lines and the
    round's finish."""
    right = W - MARGIN
    _field(c, right - 42, top, _("Table"), 42)  # a loose page finds its game
    y = top - 9
    _text(c, MARGIN, y, _("Course (obstacle faces, west to east, e.g. 4b):"), 8.5, fill=MUTED)
    _text(c, right, y, _("%(title)s — game record") % {"title": deck.full_title}, 8.5, align="right", fill=MUTED)
    y -= 10
    y = _boxes(c, MARGIN, y, len(deck.obstacles), right)
    note = y - 7
    y = _key(c, edition, note, W) - 7.5
    _text(c, MARGIN, y, _(TURNS_SAID), 8.5, fill=MUTED)
    bottom = BOTTOM
    turns = y - TURNS_TOP
    rows = _rows(turns - bottom)
    col_w = (W - 2 * MARGIN) / ROUND_COLUMNS
    for col in range(ROUND_COLUMNS):
        x = MARGIN + col * col_w
        for row in range(rows):
            ly = turns - (row + 1) * (turns - bottom) / rows
            _line(c, x + 10, ly + 0.6, x + col_w - 3, ly + 0.6)
    y = bottom - 7.5  # clear of the last turn line
    _field(c, MARGIN, y, _("Finishers in order (first %(finishers)d)") % {"finishers": deck.rules.finishers}, W - 2 * MARGIN)
    y -= 9
    _field(c, MARGIN, y, _("Placing points: %(seat)s") % {"seat": seat_words("north")}, 70)
    _field(c, MARGIN + 78, y, seat_words("south"), 50)
    return _Lines(rows, turns, note)


def _rows(room: float) -> int:
    """Turn lines a column holds in ``room`` mm: as many as fit :data:`LINE_H`
    apart, or closer (down to :data:`LEAST_LINE_H`) to make :data:`MOST_TURNS` in all."""
    at_least = -(-MOST_TURNS // ROUND_COLUMNS)
    return max(int(room // LINE_H), min(at_least, int(room // LEAST_LINE_H)))


def _turn_numbers(c: Canvas, W: float, lines: _Lines, first: int) -> None:
    """The turn lines' numbers, from ``first``, down each column in turn, and where the round carries on."""
    spare = _("Write the round above: this page carries on after line %(line)d.") % {"line": first - 1}
    more = spare if first > 1 else _("More turns? Carry on at line %(line)d, on the spare page.") % {"line": ROUND_COLUMNS * lines.rows + 1}
    _text(c, W - MARGIN, lines.note, more, 8.5, align="right", fill=MUTED)
    rows, turns = lines.rows, lines.turns
    col_w = (W - 2 * MARGIN) / ROUND_COLUMNS
    for k in range(ROUND_COLUMNS * rows):
        col, row = divmod(k, rows)
        ly = turns - (row + 1) * (turns - BOTTOM) / rows
        _text(c, MARGIN + col * col_w + 8.5, ly + 1.2, str(first + k), 7, align="right", fill=MUTED)


def record_sheet_file(deck: Deck, edition: int, paper_name: str, title: str) -> bytes:
    paper = Paper.named(paper_name)
    W, H = paper.width, paper.height
    r = deck.rules
    c, buf = new_canvas((W, H), title, _("Game record sheet"), duplex="none")
    right = W - MARGIN
    # --- page 1: the set-up ----------------------------------------------------
    y = H - MARGIN - 6
    _text(c, MARGIN, y, deck.full_title, 16, "bold")
    y -= 7
    _text(c, MARGIN, y, _("Game record"), 11, fill=MUTED)
    _text(c, right, y, _("rules edition %(edition)d") % {"edition": edition}, 9, align="right", fill=MUTED)
    y -= 11
    span = W - 2 * MARGIN
    _field(c, MARGIN, y, _("Event"), span * 0.5)
    _field(c, MARGIN + span * 0.53, y, _("Table"), span * 0.17)
    _field(c, MARGIN + span * 0.73, y, _("Date"), span * 0.27)
    y -= 10
    _field(c, MARGIN, y, _("Deck"), span * 0.3)
    _edition_box(c, MARGIN + span * 0.33, y, edition)
    _field(c, MARGIN + span * 0.62, y, _("Judge"), span * 0.38)
    for seat in ("north", "south"):
        y -= 14
        _text(c, MARGIN, y, seat_words(seat).upper(), 11, "bold")
        _field(c, MARGIN + 20, y, _("Player"), (W - 2 * MARGIN) - 20)
        y -= 12
        team = _("Team (the face chosen from each of the %(cards)d cards, e.g. 3b):") % {"cards": r.team_size}
        _text(c, MARGIN + 20, y + 2.2, team, 8.5, fill=MUTED)
        y -= 10
        y = _boxes(c, MARGIN + 20, y, r.team_size, right)
    y -= 12
    _field(c, MARGIN, y, _("First player (north or south)"), (W - 2 * MARGIN) * 0.6)
    y -= 14
    _text(c, MARGIN, y, _("How to write a turn"), 11, "bold")
    for code, meaning in notation_examples(EDITIONS[edition]):
        y -= 6.5
        _text(c, MARGIN + 4, y, code, 9, "bold")
        _text(c, MARGIN + 48, y, meaning, 9)
    y -= 9
    _text(c, MARGIN, y, _("Write the competitors brought along in the order they arrive: it decides who finishes first."), 8.5, fill=MUTED)
    y -= 5.5
    checked = _("A judge can check a finished sheet: typed up as a game log, hi5pnp check finds any illegal turn and the score.")
    _text(c, MARGIN, y, checked, 8.5, fill=MUTED)
    y -= 14
    _text(c, MARGIN, y, _("Result"), 11, "bold")
    for seat in ("north", "south"):
        y -= 9
        _field(c, MARGIN, y, _("%(Seat)s: complete trait columns") % {"Seat": seat_words(seat).title()}, 95)
        _field(c, MARGIN + 105, y, _("total"), W - 2 * MARGIN - 105)
    y -= 9
    _field(c, MARGIN, y, _("Winner (north, south or draw)"), (W - 2 * MARGIN) * 0.6)
    y -= 13
    _text(c, MARGIN, y, _("We agree this record is the game as played."), 8.5, fill=MUTED)
    y -= 11
    _field(c, MARGIN, y, _("North's signature"), span * 0.48)
    _field(c, MARGIN + span * 0.52, y, _("South's signature"), span * 0.48)
    c.showPage()
    # --- one page per round: the same page (a form) under each round's title --
    top = H - MARGIN - 6
    c.beginForm("round-page")
    lines = _round_page(c, deck, edition, W, top)
    c.endForm()
    per_page = ROUND_COLUMNS * lines.rows
    for rnd in range(1, r.rounds + 2):  # the rounds, and a spare page for a long one
        spare = rnd > r.rounds
        _text(c, MARGIN, top, _("Round ___, continued") if spare else _("Round %(round)d") % {"round": rnd}, 14, "bold")
        c.doForm("round-page")
        _turn_numbers(c, W, lines, per_page + 1 if spare else 1)  # the spare page carries on the round's count
        c.showPage()
    return finish(c, buf)
