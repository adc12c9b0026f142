"""The deck model: the game's data as read from a deck folder.

Plain frozen dataclasses; :mod:`hi5pnp.deckload` builds them from YAML and
enforces the invariants. Everything else (cards, rulebook, engine) reads these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

SIDES = ("a", "b")


@dataclass(frozen=True)
class Rules:
    rounds: int = 3
    team_size: int = 5
    finishers: int = 5
    placing_points: tuple[int, ...] = (5, 4, 3, 2, 1)
    column_points: int = 3
    chit_limit: int = 3


@dataclass(frozen=True)
class CompetitorFace:
    card: int
    side: str
    name: str
    gems: tuple[str, str, str]
    matrix: tuple[tuple[str, ...], ...]  # columns, left to right; boxes top to bottom

    @property
    def id(self) -> str:
        return f"{self.card}{self.side}"


@dataclass(frozen=True)
class ObstacleFace:
    card: int
    side: str
    name: str
    color: str
    trait: str

    @property
    def id(self) -> str:
        return f"{self.card}{self.side}"


@dataclass(frozen=True)
class CompetitorCard:
    number: int
    a: CompetitorFace
    b: CompetitorFace

    @property
    def faces(self) -> tuple[CompetitorFace, CompetitorFace]:
        return (self.a, self.b)


@dataclass(frozen=True)
class ObstacleCard:
    number: int
    a: ObstacleFace
    b: ObstacleFace

    @property
    def faces(self) -> tuple[ObstacleFace, ObstacleFace]:
        return (self.a, self.b)


@dataclass(frozen=True)
class ScoreRow:
    kind: str  # "round" (one per round), "columns", "total", "blank"
    label: str
    hint: str = ""
    round: int = 0


@dataclass(frozen=True)
class ScoreSheet:
    title: str
    seats: tuple[str, ...]
    rows: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class Deck:
    path: Path
    title: str
    subtitle: str
    edition: int
    colors: dict[str, str]  # name -> "#RRGGBB", in print order
    traits: tuple[str, ...]
    rules: Rules
    competitors: tuple[CompetitorCard, ...]
    obstacles: tuple[ObstacleCard, ...]
    glyphs: dict[str, str] = field(default_factory=dict)  # colour -> glyph shape
    trait_icons: dict[str, str] = field(default_factory=dict)  # trait -> icon shape
    score_sheet: ScoreSheet | None = None
    fingerprint: str = ""  # sha256 of the deck's files

    def __post_init__(self) -> None:
        comp = {f.id: f for c in self.competitors for f in c.faces}
        obst = {f.id: f for c in self.obstacles for f in c.faces}
        object.__setattr__(self, "_competitor_faces", comp)
        object.__setattr__(self, "_obstacle_faces", obst)

    @property
    def course_length(self) -> int:
        """Number of obstacle positions (2 × obstacle cards); the finish is one past it."""
        return 2 * len(self.obstacles)

    def competitor_face(self, face_id: str) -> CompetitorFace | None:
        return self._competitor_faces.get(face_id)  # type: ignore[attr-defined]

    def obstacle_face(self, face_id: str) -> ObstacleFace | None:
        return self._obstacle_faces.get(face_id)  # type: ignore[attr-defined]

    def competitor_faces(self) -> list[CompetitorFace]:
        return [f for c in self.competitors for f in c.faces]

    def obstacle_faces(self) -> list[ObstacleFace]:
        return [f for c in self.obstacles for f in c.faces]
