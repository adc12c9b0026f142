"""A deck's counts: gems per colour, matrix boxes per trait, obstacle faces
per colour and per trait, per competitor face and in total (``hi5pnp
stats``), so that a comment like "15 of each colour" cannot drift unseen.

Pure: counted from a loaded :class:`~hi5pnp.deck.model.Deck`, in the deck's
own order of colours and traits.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from ..model import Deck


class FaceCount(NamedTuple):
    """One competitor face: its gems per colour and its boxes per trait."""

    face: str  # the face id, "1a"
    name: str
    gems: dict[str, int]  # colour -> gems of that colour, every colour of the deck
    boxes: dict[str, int]  # trait -> boxes of that trait, every trait of the deck


class Counts(NamedTuple):
    """The deck's counts; every mapping names every colour or trait, in the deck's order."""

    colors: tuple[str, ...]
    traits: tuple[str, ...]
    faces: tuple[FaceCount, ...]  # the competitor faces, in card order
    gems: dict[str, int]  # colour -> gems on all competitor faces
    boxes: dict[str, int]  # trait -> matrix boxes on all competitor faces
    obstacles: dict[str, dict[str, int]]  # colour -> trait -> obstacle faces

    @property
    def obstacle_colors(self) -> dict[str, int]:
        """Colour -> obstacle faces of that colour."""
        return {c: sum(row.values()) for c, row in self.obstacles.items()}

    @property
    def obstacle_traits(self) -> dict[str, int]:
        """Trait -> obstacle faces carrying that trait."""
        return {t: sum(self.obstacles[c][t] for c in self.colors) for t in self.traits}

    @property
    def obstacle_faces(self) -> int:
        return sum(self.obstacle_colors.values())

    def to_json(self) -> dict[str, Any]:
        """One JSON object: the totals, the competitor faces, the obstacle faces."""
        return {
            "colors": list(self.colors),
            "traits": list(self.traits),
            "competitor_faces": len(self.faces),
            "gems": {"total": sum(self.gems.values()), "per_color": self.gems},
            "boxes": {"total": sum(self.boxes.values()), "per_trait": self.boxes},
            "faces": [{"face": f.face, "name": f.name, "gems": f.gems, "boxes": f.boxes} for f in self.faces],
            "obstacle_faces": {
                "total": self.obstacle_faces,
                "per_color": self.obstacle_colors,
                "per_trait": self.obstacle_traits,
                "per_color_trait": self.obstacles,
            },
        }


def count(deck: Deck) -> Counts:
    """The counts of ``deck``."""
    colors, traits = tuple(deck.colors), deck.traits
    faces = tuple(
        FaceCount(f.id, f.name, _every(colors, Counter(f.gems)), _every(traits, Counter(t for col in f.matrix for t in col))) for f in deck.competitor_faces()
    )
    shown = Counter((o.color, o.trait) for o in deck.obstacle_faces())
    return Counts(
        colors,
        traits,
        faces,
        {c: sum(f.gems[c] for f in faces) for c in colors},
        {t: sum(f.boxes[t] for f in faces) for t in traits},
        {c: {t: shown[c, t] for t in traits} for c in colors},
    )


def _every(names: tuple[str, ...], found: Counter[str]) -> dict[str, int]:
    return {n: found[n] for n in names}


def table(counts: Counts) -> list[str]:
    """The counts as plain-text tables: one row per competitor face and the
    totals, then the obstacle faces by colour and trait."""
    c, t = counts.colors, counts.traits
    names = [f"{f.face} {f.name}" for f in counts.faces]
    total = f"total ({len(counts.faces)} faces)"
    width = max([len("competitor face"), len(total), *map(len, names)])

    def row(label: str, gems: dict[str, int], boxes: dict[str, int]) -> str:
        cells = _cells(c, gems) + " |" + _cells(t, boxes)
        return f"{label:<{width}}{cells} | {sum(gems.values()):>4} {sum(boxes.values()):>5}"

    head = f"{'competitor face':<{width}}{_heads(c)} |{_heads(t)} | gems boxes"
    lines = [head, "-" * len(head)]
    lines += [row(label, f.gems, f.boxes) for label, f in zip(names, counts.faces)]
    lines += ["-" * len(head), row(total, counts.gems, counts.boxes)]
    o_width = max(len("obstacle faces"), *map(len, c))
    o_head = f"{'obstacle faces':<{o_width}}{_heads(t)} | total"
    lines += ["", o_head, "-" * len(o_head)]
    lines += [f"{name:<{o_width}}{_cells(t, counts.obstacles[name])} | {sum(counts.obstacles[name].values()):>5}" for name in c]
    lines += ["-" * len(o_head), f"{'total':<{o_width}}{_cells(t, counts.obstacle_traits)} | {counts.obstacle_faces:>5}"]
    return lines


def _heads(names: tuple[str, ...]) -> str:
    return "".join(f" {n:>{max(len(n), 2)}}" for n in names)


def _cells(names: tuple[str, ...], values: dict[str, int]) -> str:
    return "".join(f" {values[n]:>{max(len(n), 2)}}" for n in names)
