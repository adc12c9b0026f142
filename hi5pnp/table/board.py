"""The board as the desk's page draws it: the course laid out as on the
table (positions 1 to n eastwards on the south side, n + 1 to 2n back
westwards on the north side, the finish past the last), who stands where
with their chits, the first-player token, and each competitor's gems and
trait matrix with its marks. Plain values for a template (and the page's
JSON): the engine's position read, the deck's words in the language spoken.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..deck import Deck
from ..judge.position import marked_boxes, status
from ..language import _, ngettext
from ..rules import SEATS, Seat, State
from ..rules.seat import seat_words


def short_labels(labels: list[str]) -> dict[str, str]:
    """Each label's shortest beginning no other label shares (at least one letter): "speed" -> "S"."""
    out = {}
    for label in labels:
        n = 1
        while n < len(label) and any(o != label and o[:n].lower() == label[:n].lower() for o in labels):
            n += 1
        out[label] = label[:n].capitalize()
    return out


def _chip(state: State, words: Deck, face: str, pickable: Collection[str], picked: str | None, marked: str = "") -> dict[str, Any]:
    card = words.competitor_face(face)
    chits = state.chits_of(face)
    seat = state.seat(face)
    said = {"face": face, "name": card.name if card else "", "seat": seat_words(seat), "status": status(state, face)}
    return {
        "face": face,
        "seat": str(seat),
        "ready": state.is_ready(face),
        "chits": chits,
        "pick": face in pickable,
        "picked": face == picked,
        "marked": face == marked,
        "label": _("%(face)s %(name)s (%(seat)s): %(status)s") % said,
    }


def board(state: State, words: Deck, names: Mapping[Seat, str], pickable: Collection[str] = (), picked: str | None = None, marked: str = "") -> dict[str, Any]:
    """The board of ``state``: its course in columns, the finish, and each
    side's competitors; ``pickable`` the competitors a click chooses,
    ``picked`` the one chosen, ``marked`` the one a replay points at."""
    course = state.course
    at: dict[int, list[str]] = {}
    for face in state.faces:
        if state.on_course(face):
            at.setdefault(state.position(face), []).append(face)
    order = {f: k for k, f in enumerate(state.faces)}
    columns = []
    n = len(course) if course is not None else 0
    for c in range(n):
        ob = course[c]  # type: ignore[index]
        told = words.obstacle_face(ob.id)
        spots = []
        for position in (2 * n - c, c + 1):  # north side above the card, south side below
            here = sorted(at.get(position, []), key=order.__getitem__)
            spots.append(
                {"position": position, "side": "north" if position > n else "south", "chips": [_chip(state, words, f, pickable, picked, marked) for f in here]}
            )
        columns.append(
            {
                "id": ob.id,
                "name": told.name if told is not None else "",
                "color": state.deck.colors.get(ob.color, "#777777"),
                "color_label": words.color_label(ob.color),
                "trait": words.trait_label(ob.trait),
                "north": spots[0],
                "south": spots[1],
            }
        )
    finished = [{"face": f, "place": k} for k, f in enumerate(state.finishers(), 1)]
    labels = [words.trait_label(t) for t in state.deck.traits]
    short = short_labels(labels)
    scores, complete = state.scores(), state.complete_columns()
    sides = []
    for seat in SEATS:
        team = []
        for face in state.team(seat):
            card = state.deck.competitor_face(face)
            told_card = words.competitor_face(face)
            assert card is not None
            matrix = []
            for column, free in zip(card.matrix, state.unmarked(face)):
                marks = marked_boxes(column, free)
                matrix.append(
                    {
                        "complete": not free,
                        "boxes": [{"short": short[words.trait_label(t)], "trait": words.trait_label(t), "marked": m} for t, m in zip(column, marks)],
                    }
                )
            gems = [{"color": state.deck.colors.get(g, "#777777"), "label": words.color_label(g)} for g in card.gems]
            team.append(
                {
                    "chip": _chip(state, words, face, pickable, picked, marked),
                    "name": told_card.name if told_card is not None else card.name,
                    "status": status(state, face),
                    "gems": gems,
                    "gems_said": ", ".join(g["label"] for g in gems),
                    "matrix": matrix,
                }
            )
        columns_said = ngettext("%(n)d complete column", "%(n)d complete columns", complete[seat]) % {"n": complete[seat]}
        sides.append({"seat": str(seat), "said": seat_words(seat), "name": names.get(seat, ""), "points": scores[seat], "columns": columns_said, "team": team})
    return {
        "headline": state.headline(),
        "columns": columns,
        "finish": state.finish,
        "finished": finished,
        "token": str(state.token_holder()),
        "token_said": seat_words(str(state.token_holder())),
        "sides": sides,
        "legend": [{"short": short[label], "trait": label} for label in labels],
    }
