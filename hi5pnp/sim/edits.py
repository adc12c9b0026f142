"""The small edits ``hi5pnp tune`` tries for one face: one of its gems
another colour, one of its matrix boxes another trait, or one obstacle face
another colour or trait. Each :class:`Candidate` is the deck with that one
change, made in memory (the deck's frozen dataclasses, replaced), and the
value of the YAML file it changes (:class:`~hi5pnp.deck.edit.ValueEdit`),
so that the edit judged is the edit written.

An edit the rules cannot tell from one already tried is tried once: gems
count by colour (``[red, red, blue]`` to ``[green, red, blue]`` is
``[red, green, blue]``), and the boxes of a column are marked in any order.
No edit is tried that gives any face a box no obstacle of its gem colours
can mark (``hi5pnp validate`` warns of such boxes): the designer wants none.
Obstacle edits change every face's game, so only the few that most favour
the face's way out of its window, judged by :func:`reach`, are kept. An edit
that cannot be written as one value in place (a value that is a YAML alias
of another, or an anchor others repeat) is not tried.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..deck import CompetitorFace, Deck, ObstacleFace
from ..deck.edit import ValueEdit, writable
from ..deck.lints import markable_traits
from ..errors import OptionError

MOST_OBSTACLE_EDITS = 6  # obstacle edits kept for a face, by reach

Way = Literal["raise", "lower"]  # the face wins too little: raise it; too much: lower it


@dataclass(frozen=True)
class Candidate:
    """One edit of the deck, tried for ``face``."""

    face: str  # the face it is tried for
    what: str  # the edit in words: "2a's gem 3: blue to green"
    edit: ValueEdit  # the YAML value it changes
    deck: Deck = field(repr=False, compare=False)  # the deck with the edit made


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


def _gem_edits(deck: Deck, face: CompetitorFace, index: int) -> Iterator[Candidate]:
    seen = {tuple(sorted(face.gems))}
    for j, old in enumerate(face.gems):
        for colour in deck.colors:
            gems = list(face.gems)
            gems[j] = colour
            if tuple(sorted(gems)) in seen:
                continue
            seen.add(tuple(sorted(gems)))
            new = replace(face, gems=(gems[0], gems[1], gems[2]))
            yield Candidate(
                face.id,
                f"{face.id}'s gem {j + 1}: {old} to {colour}",
                ValueEdit("competitors.yaml", (index, face.side, "gems", j), old, colour),
                _with_face(deck, new),
            )


def _box_edits(deck: Deck, face: CompetitorFace, index: int) -> Iterator[Candidate]:
    for c, column in enumerate(face.matrix):
        seen = {tuple(sorted(column))}
        for b, old in enumerate(column):
            for trait in deck.traits:
                boxes = list(column)
                boxes[b] = trait
                if tuple(sorted(boxes)) in seen:
                    continue
                seen.add(tuple(sorted(boxes)))
                matrix = (*face.matrix[:c], tuple(boxes), *face.matrix[c + 1 :])
                yield Candidate(
                    face.id,
                    f"{face.id}'s column {c + 1}, box {b + 1}: {old} to {trait}",
                    ValueEdit("competitors.yaml", (index, face.side, "matrix", c, b), old, trait),
                    _with_face(deck, replace(face, matrix=matrix)),
                )


def _obstacle_edits(deck: Deck, target: CompetitorFace) -> Iterator[Candidate]:
    for o in deck.obstacle_faces():
        index = _card_index(deck, "obstacles.yaml", o.card)
        for key, names in (("color", deck.colors), ("trait", deck.traits)):
            old = o.color if key == "color" else o.trait
            for name in names:
                if name != old:
                    yield Candidate(
                        target.id,
                        f"obstacle {o.id}{f' ({o.name})' if o.name else ''}'s {'colour' if key == 'color' else key}: {old} to {name}",
                        ValueEdit("obstacles.yaml", (index, o.side, key), old, name),
                        _with_face(deck, replace(o, color=name) if key == "color" else replace(o, trait=name)),
                    )


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
    index = _card_index(deck, "competitors.yaml", face.card)
    own = [c for c in (*_gem_edits(deck, face, index), *_box_edits(deck, face, index)) if not _loses_a_box(c.deck, lost) and writable(deck, c.edit)]
    favour = _favour(deck, face)
    sign = 1 if way == "raise" else -1
    ranked = sorted(
        (c for c in _obstacle_edits(deck, face) if not _loses_a_box(c.deck, lost) and sign * favour(c) > 0 and writable(deck, c.edit)),
        key=lambda c: -sign * favour(c),
    )
    return own + ranked[:MOST_OBSTACLE_EDITS]
