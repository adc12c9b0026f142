"""The deck model: the game's data as read from a deck folder.

Plain frozen dataclasses; :mod:`hi5pnp.deck.load` builds them from YAML and
enforces the invariants. Everything else (cards, rulebook, engine) reads these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import Fault
from .located import YList, YMap

if TYPE_CHECKING:
    from .pictures.icons import Icon  # read only for a deck naming icons of its own: check starts light

SIDES = ("a", "b")
#: The rules editions a deck, a log, a build or a game may name; what each
#: allows is :data:`hi5pnp.rules.edition.EDITIONS`.
EDITION_NUMBERS = (1, 2)


def no_such_edition(edition: object) -> str:
    """The fault of an edition that does not exist, in the words of every reader."""
    return f"edition {edition} does not exist; the rules have editions {' and '.join(map(str, EDITION_NUMBERS))}"


class Rules(NamedTuple):
    """The rule numbers of ``game.yaml`` (``rules:``)."""

    rounds: int = 3
    team_size: int = 5
    finishers: int = 5
    placing_points: tuple[int, ...] = (5, 4, 3, 2, 1)
    column_points: int = 3
    chit_limit: int = 3


class Balance(NamedTuple):
    """The designer's fairness windows (``balance:`` in game.yaml), in percent:
    the first player's share of decided games, and each face's team win rate
    (a draw counting half). None where the designer set none."""

    first_player: tuple[float, float] | None = None
    face_win_rate: tuple[float, float] | None = None


@dataclass(frozen=True)
class Picture:
    """A face's picture (``art:``): the file's bytes as read, its kind and size
    in pixels from its header (loading a deck decodes no pixel), and where
    the deck names it, so that a fault found when it is drawn has its line."""

    data: bytes = field(repr=False)
    kind: str  # "PNG" or "JPEG"
    width: int
    height: int
    name: str  # the file name as the deck writes it
    where: tuple[str, int, int]  # the ``art`` value: file, line, column
    digest: bytes = field(default=b"", repr=False)  # the SHA-256 of ``data``, made once per file

    def fault(self, message: str) -> Fault:
        """A fault at the ``art`` value naming this picture."""
        return Fault(*self.where, message)


@dataclass(frozen=True)
class CompetitorFace:
    card: int
    side: str
    name: str
    gems: tuple[str, str, str]
    matrix: tuple[tuple[str, ...], ...]  # columns, left to right; boxes top to bottom
    art: Picture | None = field(default=None, repr=False, compare=False)  # a PNG or JPEG (``art:``), or none
    flavour: str = ""  # an optional line printed under the trait grid (``**bold**``, ``*italic*``, ``{trait}`` icons)

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
    art: Picture | None = field(default=None, repr=False, compare=False)  # a PNG or JPEG (``art:``), or none
    picture: str = ""  # a pictogram the templates draw (``picture:``), or none

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


class ScoreRow(NamedTuple):
    kind: str  # "rounds" (one per round), "columns", "total", "blank"
    label: str
    hint: str = ""


class ScoreSheet(NamedTuple):
    title: str
    seats: tuple[str, ...]
    rows: tuple[ScoreRow, ...]


class Sources(NamedTuple):
    """Each deck file as read, with the position of every value, so that a
    fault found after loading (a number the rulebook cannot teach, a course
    too long to draw) is reported at its line without reading the file again."""

    shown: Mapping[str, str]  # file name -> path as messages show it
    docs: Mapping[str, Any]  # file name -> located YAML document (a CSV file's cards as the YAML would give them)
    files: Mapping[str, str] = {}  # file name -> the file read for it: itself, or competitors.csv/obstacles.csv
    #: A text given in another file: (file name, keys) -> where it is written
    #: (a deck in a language: its names in ``translations/LANG.yaml``)
    moved: Mapping[tuple[str, tuple[str | int, ...]], tuple[str, int, int]] = {}

    def fault(self, filename: str, keys: tuple[str | int, ...], message: str) -> Fault:
        """A fault at ``keys`` (a path of mapping keys and list indexes) in
        ``filename``, or at the deepest of them that exists."""
        if (filename, keys) in self.moved:
            return Fault(*self.moved[filename, keys], message)
        node = self.docs.get(filename)
        line = column = 0
        for key in keys:
            if isinstance(node, YMap) and key in node:
                line, column = node.at(key)
                node = node[key]
            elif isinstance(node, YList) and isinstance(key, int) and 0 <= key < len(node):
                line, column = node.at(key)
                node = node[key]
            else:
                break
        return Fault(self.shown.get(filename, filename), line, column, message)

    def face_fault(self, filename: str, number: int, side: str, key: str, message: str) -> Fault:
        """A fault at the ``key`` of face ``side`` of card ``number`` in ``filename``."""
        return self.fault(filename, self.face_keys(filename, number, side, key), message)

    def face_keys(self, filename: str, number: int, side: str, key: str) -> tuple[str | int, ...]:
        """The keys of a face's ``key`` in ``filename`` (the card's index in the file, the side, the key)."""
        doc = self.docs.get(filename)
        index = next((k for k, item in enumerate(doc or []) if isinstance(item, dict) and item.get("card") == number), -1)
        return (index, side, key)


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
    trait_icons: dict[str, str] = field(default_factory=dict)  # trait -> icon shape, or an SVG file of the deck's (its key in ``icons``)
    icons: dict[str, Icon] = field(default_factory=dict, repr=False, compare=False)  # the deck's own SVG icons, by their file name in game.yaml
    score_sheet: ScoreSheet | None = None
    balance: Balance | None = None
    fingerprint: str = ""  # sha256 of what the deck says (.fingerprint.deck_fingerprint); "" if loaded without one, or edited
    sources: Sources = field(default_factory=lambda: Sources({}, {}), repr=False, compare=False)
    #: The language of the deck's texts when given in one (:func:`hi5pnp.deck.translations.in_language`); "" for its own files' text
    language: str = ""
    color_labels: dict[str, str] = field(default_factory=dict)  # colour -> the word printed for it (its name when none)
    trait_labels: dict[str, str] = field(default_factory=dict)  # trait -> the word printed for it (its name when none)
    _competitor_faces: dict[str, CompetitorFace] = field(init=False, repr=False, compare=False)
    _obstacle_faces: dict[str, ObstacleFace] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_competitor_faces", {f.id: f for c in self.competitors for f in c.faces})
        object.__setattr__(self, "_obstacle_faces", {f.id: f for c in self.obstacles for f in c.faces})

    @property
    def full_title(self) -> str:
        """ "High Five: The Golden Gauntlet", or the title alone."""
        return f"{self.title}: {self.subtitle}" if self.subtitle else self.title

    def color_label(self, color: str) -> str:
        """The word printed for a gem colour: its label in the deck's language, else its name."""
        return self.color_labels.get(color, color)

    def trait_label(self, trait: str) -> str:
        """The word printed for a trait: its label in the deck's language, else its name."""
        return self.trait_labels.get(trait, trait)

    @property
    def course_length(self) -> int:
        """Number of obstacle positions (2 × obstacle cards); the finish is one past it."""
        return 2 * len(self.obstacles)

    def competitor_face(self, face_id: str) -> CompetitorFace | None:
        return self._competitor_faces.get(face_id)

    def obstacle_face(self, face_id: str) -> ObstacleFace | None:
        return self._obstacle_faces.get(face_id)

    def competitor_faces(self) -> list[CompetitorFace]:
        return [f for c in self.competitors for f in c.faces]

    def obstacle_faces(self) -> list[ObstacleFace]:
        return [f for c in self.obstacles for f in c.faces]
