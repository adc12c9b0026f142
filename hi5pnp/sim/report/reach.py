"""What a competitor face can mark. A box of trait t is marked when the face
brings an opponent along past an obstacle of trait t, and it can bring only
past an obstacle whose colour is among its gems (rules §4). So a box of
trait t is *markable* only when some obstacle face of the deck has trait t
and a colour among the face's gems; a column holding a box that is not can
never be complete. Pure: the deck's data alone, no games played."""

from __future__ import annotations

from typing import NamedTuple

from ...deck import CompetitorFace, Deck


class Marker(NamedTuple):
    """An obstacle face that can mark a trait's boxes, and how many of the
    competitor's gems match its colour (the most it can bring past it)."""

    obstacle: str  # its face id
    color: str
    gems: int  # 1 to 3


class Reach(NamedTuple):
    face: str  # the competitor face's id
    markers: dict[str, tuple[Marker, ...]]  # trait -> the obstacle faces that can mark it, in deck order
    dead: tuple[tuple[int, int], ...]  # (column, box), from 0, of every box no obstacle can mark

    def markable(self, column: int, box: int) -> bool:
        return (column, box) not in self.dead

    @property
    def dead_columns(self) -> tuple[int, ...]:
        """The columns (from 0) that can never be complete."""
        return tuple(sorted({c for c, _ in self.dead}))


def reach(deck: Deck, face: CompetitorFace) -> Reach:
    """Which obstacles can mark each trait of ``face``'s matrix, and which of its boxes none can."""
    gems = set(face.gems)
    order = {t: k for k, t in enumerate(deck.traits)}
    traits = sorted({t for column in face.matrix for t in column}, key=lambda t: (order.get(t, len(order)), t))
    markers = {t: tuple(Marker(o.id, o.color, face.gems.count(o.color)) for o in deck.obstacle_faces() if o.trait == t and o.color in gems) for t in traits}
    dead = tuple((c, b) for c, column in enumerate(face.matrix) for b, t in enumerate(column) if not markers[t])
    return Reach(face.id, markers, dead)
