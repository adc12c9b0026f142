"""The edits ``hi5pnp tune`` tries for one face: one of its gems another
colour, one of its matrix boxes another trait, a box added to a column or
taken from one, or one obstacle face another colour or trait. Each edit is
data (:class:`Edit`), made on any deck by :func:`made`, so edits add up into
plans (:func:`extended`); each made edit is a :class:`Candidate`: the deck
with that change, made in memory (the deck's frozen dataclasses, replaced),
and the value of the YAML file it changes
(:class:`~hi5pnp.deck.design.edit.ValueEdit`), so that the edit judged is the edit
written.

An edit the rules cannot tell from one already tried is tried once: gems
count by colour (``[red, red, blue]`` to ``[green, red, blue]`` is
``[red, green, blue]``), and the boxes of a column are marked in any order.
No edit is tried that gives any face a box no obstacle of its gem colours
can mark (``hi5pnp validate`` warns of such boxes): the designer wants none.
A box is added (to lower a face: a taller column is harder to complete)
only where the card still lays out (the bundled template at poker size:
boxes at least 4 mm each way), and taken (to raise one) only from a column
of two or more. Obstacle edits change every face's game, so only the few that
most favour the face's way out of its window, judged by :func:`reach`, are
kept. An edit
that cannot be written as one value in place (a value that is a YAML alias
of another, or an anchor others repeat) is not tried.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Literal

from ...deck import CompetitorFace, Deck, ObstacleFace
from ...deck.cards import MAX_BOXES
from ...deck.design.edit import ValueEdit, writable
from ...deck.design.lints import markable_traits
from ...errors import Hi5Error, OptionError
from ...render.cardsize import POKER
from ...render.faces import render_faces
from ...render.template import Templates

MOST_OBSTACLE_EDITS = 6  # obstacle edits kept for a face, by reach

Way = Literal["raise", "lower"]  # the face wins too little: raise it; too much: lower it
Kind = Literal["gem", "box", "add", "take", "colour", "trait"]


@dataclass(frozen=True)
class Edit:
    """One edit as data, to be made on a deck (:func:`made`): a competitor
    face's gem (``where`` its index), box (column, box), a box added to a
    column (column) or taken from it (column, box); an obstacle face's colour
    or trait (``where`` empty). ``new`` is the colour or trait written ("" to take a box)."""

    kind: Kind
    face: str  # the face edited: a competitor's, or an obstacle's
    where: tuple[int, ...]
    new: str

    @property
    def spot(self) -> tuple[str, str, int]:
        """What it changes: a plan edits each spot once (a gem, a column, an obstacle's colour or trait)."""
        if self.kind in ("colour", "trait"):
            return (self.face, self.kind, 0)
        return (self.face, "gem" if self.kind == "gem" else "column", self.where[0])


@dataclass(frozen=True)
class Candidate:
    """One edit of the deck, tried for ``face``."""

    face: str  # the face it is tried for
    what: str  # the edit in words: "2a's gem 3: blue to green"
    edit: ValueEdit  # the YAML value it changes
    deck: Deck = field(repr=False, compare=False)  # the deck with the edit made
    step: Edit | None = field(default=None, compare=False)  # the edit as data


def _card_index(deck: Deck, filename: str, number: int) -> int:
    """The index of card ``number`` in ``filename``'s list, as the deck was read."""
    for k, item in enumerate(deck.sources.docs.get(filename) or []):
        if isinstance(item, dict) and item.get("card") == number:
            return k
    raise OptionError(f"card {number} of {filename} has no place in the file the deck was read from; load the deck from its folder")


def _with_face(deck: Deck, new: CompetitorFace | ObstacleFace) -> Deck:
    """The deck with ``new`` in place of the face of its card and side (its
    fingerprint, a digest of files no longer as they are, left empty)."""

    def swapped(cards: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(c if c.number != new.card else replace(c, **{new.side: new}) for c in cards)

    if isinstance(new, CompetitorFace):
        return replace(deck, competitors=swapped(deck.competitors), fingerprint="")
    return replace(deck, obstacles=swapped(deck.obstacles), fingerprint="")


def unmarkable(deck: Deck) -> dict[str, int]:
    """Each face's boxes that no obstacle of its gem colours can mark."""
    lost = {}
    for face in deck.competitor_faces():
        markable = markable_traits(deck, face)
        lost[face.id] = sum(t not in markable for col in face.matrix for t in col)
    return lost


def _loses_a_box(deck: Deck, before: dict[str, int]) -> bool:
    """Whether some face of ``deck`` has more unmarkable boxes than ``before``."""
    return any(n > before[f] for f, n in unmarkable(deck).items())


def reach(deck: Deck, face: CompetitorFace) -> float:
    """A rough worth of a face against the course, to order obstacle edits:
    over the obstacle faces, its gems of the obstacle's colour (what it may
    bring or spend there), each counting more when its matrix has boxes of
    the obstacle's trait."""
    boxes = Counter(t for col in face.matrix for t in col)
    return float(sum(face.gems.count(o.color) * (1 + boxes[o.trait]) for o in deck.obstacle_faces()))


def _edits_of(deck: Deck, face: CompetitorFace) -> Iterator[Edit]:
    """Every edit of a face's gems and matrix, each once (as the rules tell them apart)."""
    seen = {tuple(sorted(face.gems))}
    for j in range(len(face.gems)):
        for colour in deck.colors:
            gems = tuple(sorted((*face.gems[:j], colour, *face.gems[j + 1 :])))
            if gems not in seen:
                seen.add(gems)
                yield Edit("gem", face.id, (j,), colour)
    for c, column in enumerate(face.matrix):
        boxes = {tuple(sorted(column))}
        for b in range(len(column)):
            for trait in deck.traits:
                changed = tuple(sorted((*column[:b], trait, *column[b + 1 :])))
                if changed not in boxes:
                    boxes.add(changed)
                    yield Edit("box", face.id, (c, b), trait)
        if len(column) < MAX_BOXES:
            yield from (Edit("add", face.id, (c,), trait) for trait in deck.traits)
        if len(column) > 1:
            yield from (Edit("take", face.id, (c, column.index(t)), "") for t in dict.fromkeys(column))


def _obstacle_edits(deck: Deck) -> Iterator[Edit]:
    for o in deck.obstacle_faces():
        yield from (Edit("colour", o.id, (), name) for name in deck.colors if name != o.color)
        yield from (Edit("trait", o.id, (), name) for name in deck.traits if name != o.trait)


def made(deck: Deck, step: Edit, target: str) -> Candidate | None:
    """``step`` made on ``deck``, tried for the face ``target``; None when
    the deck has no such face, box or column, or when it changes nothing."""
    if step.kind in ("colour", "trait"):
        return _obstacle_made(deck, step, target)
    face = deck.competitor_face(step.face)
    if face is None or step.where[0] >= (len(face.gems) if step.kind == "gem" else len(face.matrix)):
        return None
    index, c = _card_index(deck, "competitors.yaml", face.card), step.where[0]
    if step.kind == "gem":
        if face.gems[c] == step.new:
            return None
        gems = list(face.gems)
        gems[c] = step.new
        edit = ValueEdit("competitors.yaml", (index, face.side, "gems", c), face.gems[c], step.new)
        what = f"{face.id}'s gem {c + 1}: {face.gems[c]} to {step.new}"
        return Candidate(target, what, edit, _with_face(deck, replace(face, gems=(gems[0], gems[1], gems[2]))), step)
    column = face.matrix[c]
    b = step.where[1] if len(step.where) > 1 else 0
    if step.kind == "add":
        boxes, what = (*column, step.new), f"{face.id}'s column {c + 1}: a {step.new} box added"
    elif b >= len(column) or (step.kind == "box" and column[b] == step.new) or (step.kind == "take" and len(column) < 2):
        return None
    elif step.kind == "box":
        boxes, what = (*column[:b], step.new, *column[b + 1 :]), f"{face.id}'s column {c + 1}, box {b + 1}: {column[b]} to {step.new}"
    else:
        boxes, what = (*column[:b], *column[b + 1 :]), f"{face.id}'s column {c + 1}: its {column[b]} box taken out"
    if step.kind == "box":
        edit = ValueEdit("competitors.yaml", (index, face.side, "matrix", c, b), column[b], step.new)
    else:
        edit = ValueEdit("competitors.yaml", (index, face.side, "matrix", c), tuple(column), tuple(boxes))
    new_face = replace(face, matrix=(*face.matrix[:c], tuple(boxes), *face.matrix[c + 1 :]))
    return Candidate(target, what, edit, _with_face(deck, new_face), step)


def _obstacle_made(deck: Deck, step: Edit, target: str) -> Candidate | None:
    o = deck.obstacle_face(step.face)
    if o is None:
        return None
    key = "color" if step.kind == "colour" else "trait"
    old = o.color if key == "color" else o.trait
    if old == step.new:
        return None
    what = f"obstacle {o.id}{f' ({o.name})' if o.name else ''}'s {step.kind}: {old} to {step.new}"
    edit = ValueEdit("obstacles.yaml", (_card_index(deck, "obstacles.yaml", o.card), o.side, key), old, step.new)
    new = replace(o, color=step.new) if key == "color" else replace(o, trait=step.new)
    return Candidate(target, what, edit, _with_face(deck, new), step)


@cache
def _templates() -> Templates:
    return Templates()


def lays_out(deck: Deck, face_id: str) -> bool:
    """Whether the face lays out on the bundled template at poker size (its
    boxes at least 4 mm each way, every text fitting)."""
    face = deck.competitor_face(face_id)
    try:
        render_faces(deck, _templates(), POKER, 0.0, [face] if face else [])
    except Hi5Error:
        return False
    return True


def _fits(c: Candidate, lost: dict[str, int]) -> bool:
    """An edit tune may try: it gives no face a box that cannot be marked, and a box added or taken leaves the card laid out."""
    if _loses_a_box(c.deck, lost):
        return False
    return c.step is None or c.step.kind not in ("add", "take") or lays_out(c.deck, c.step.face)


def _favour(deck: Deck, face: CompetitorFace) -> Callable[[Candidate], float]:
    """How much an edit moves ``face``'s reach against the mean face's (higher: more in its favour)."""
    before = {f.id: reach(deck, f) for f in deck.competitor_faces()}

    def favour(c: Candidate) -> float:
        moved = {f.id: reach(c.deck, f) - before[f.id] for f in c.deck.competitor_faces()}
        return moved[face.id] - sum(moved.values()) / len(moved)

    return favour


def candidates(deck: Deck, face_id: str, way: Way) -> list[Candidate]:
    """The edits to try for ``face_id``, whose team wins too little (``way``
    "raise") or too much ("lower"): every edit of its gems and matrix, then
    the obstacle edits that most move its reach the right way."""
    face = deck.competitor_face(face_id)
    if face is None:
        raise OptionError(f"face: {face_id!r} is not a competitor face of the deck")
    if way not in ("raise", "lower"):
        raise OptionError(f"way: {way!r} is not one of its values; it takes 'raise' or 'lower'")
    lost = unmarkable(deck)
    harder = "add" if way == "raise" else "take"  # a box added makes a column harder, one taken easier: only the way asked
    steps = (step for step in _edits_of(deck, face) if step.kind != harder)
    own = [c for step in steps if (c := made(deck, step, face_id)) is not None and _fits(c, lost) and writable(deck, c.edit)]
    favour = _favour(deck, face)
    sign = 1 if way == "raise" else -1
    obstacles = [c for step in _obstacle_edits(deck) if (c := made(deck, step, face_id)) is not None]
    ranked = sorted((c for c in obstacles if sign * favour(c) > 0 and _fits(c, lost) and writable(deck, c.edit)), key=lambda c: -sign * favour(c))
    return own + ranked[:MOST_OBSTACLE_EDITS]


def extended(deck: Deck, steps: tuple[Edit, ...], more: Edit, target: str, lost: dict[str, int], was: str = "") -> Candidate | None:
    """``more`` made on ``deck`` (the deck with ``steps`` made), when it edits
    a spot none of them did and is an edit tune may try; else None. A gem's
    edit that replaced colour ``was`` moves to another gem of that colour
    when its own gem was edited already (gems count by colour)."""
    used = {s.spot for s in steps}
    face = deck.competitor_face(more.face)
    if more.kind == "gem" and was and face is not None:
        free = [j for j, g in enumerate(face.gems) if g == was and (more.face, "gem", j) not in used]
        more = replace(more, where=(free[0],)) if free else more
    if more.spot in used:
        return None
    c = made(deck, more, target)
    return c if c is not None and _fits(c, lost) and writable(deck, c.edit) else None
