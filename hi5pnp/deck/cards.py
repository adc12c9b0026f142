"""``competitors.yaml`` and ``obstacles.yaml``: the two-sided cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from ..errors import Fault
from .fields import FieldReader, describe, did_you_mean, show
from .located import YList, YMap
from .model import SIDES, CompetitorCard, CompetitorFace, ObstacleCard, ObstacleFace
from .pictures.art import ArtReader

COMPETITOR_FACE_KEYS = ("name", "gems", "matrix", "flavour", "art")
MAX_FLAVOUR = 300  # characters of a face's flavour line: two or three lines on a card at most
MAX_BOXES = 8  # columns in a matrix, and boxes in a column: what a card can hold
MAX_CARDS = {"competitor": 100, "obstacle": 30}  # cards of a kind in a deck
MAX_NUMBER = 999  # the highest card number
OBSTACLE_FACE_KEYS = ("name", "color", "trait", "art", "picture")
#: The pictograms the bundled templates draw for an obstacle (``picture:``; templates/_pictures.j2).
PICTURES = ("mud", "bridge", "boulder", "gate", "logs", "wall", "beam", "maze", "lanterns", "slide", "waterfall", "swing")

Face = TypeVar("Face", CompetitorFace, ObstacleFace)
Card = TypeVar("Card", CompetitorCard, ObstacleCard)


class Names:
    """The colours and traits game.yaml declares (none when it has faults)."""

    def __init__(self, colors: Sequence[str] = (), traits: Sequence[str] = (), folder: Path | None = None) -> None:
        self.colors, self.traits = tuple(colors), tuple(traits)
        self.art = ArtReader(folder) if folder else None  # reads a face's art file from the deck folder

    def color(self, r: FieldReader, container: YMap | YList, key: Any, value: Any) -> str | None:
        if not self.colors:
            return None  # game.yaml's colours have a fault of their own: no cascade of faults here
        if not isinstance(value, str) or value not in self.colors:
            hint = did_you_mean(value, self.colors)
            r.fault(container, key, f"gem colour {show(value)} is not a colour of game.yaml ({', '.join(self.colors)}){hint}")
            return None
        return value

    def trait(self, r: FieldReader, container: YMap | YList, key: Any, value: Any) -> str | None:
        if not self.traits:
            return None  # game.yaml's traits have a fault of their own
        if not isinstance(value, str) or value not in self.traits:
            hint = did_you_mean(value, self.traits)
            r.fault(container, key, f"trait {show(value)} is not a trait of game.yaml ({', '.join(self.traits)}){hint}")
            return None
        return value


class CardsRead(NamedTuple, Generic[Card, Face]):
    """The cards of a file, and what of them is sound: read without a fault
    (what validate still lays out when the deck has faults)."""

    cards: tuple[Card, ...]
    sound: tuple[Card, ...]  # no fault on their lines (a CSV row's, told before) nor found reading them
    faces: tuple[Face, ...]  # the sound faces of cards whose other face has a fault


def read_cards(
    r: FieldReader,
    doc: Any,
    names: Names,
    path: str,
    kind: str,
    read_face: Callable[[FieldReader, YMap, int, str, Names], Face | None],
    make_card: Callable[[int, Face, Face], Card],
) -> CardsRead[Card, Face]:
    """The cards of competitors.yaml or obstacles.yaml (``kind``: competitor/obstacle),
    or of their CSV files as :mod:`.csvsource` reads them, and which are sound."""
    if not isinstance(doc, YList):
        r.faults.append(Fault(path, 1, 1, f"{kind}s.yaml must be a list of cards, not {describe(doc)}"))
        return CardsRead((), (), ())
    if len(doc) > MAX_CARDS[kind]:
        r.fault_on(doc, f"{Path(path).name} has {len(doc)} cards; a deck has at most {MAX_CARDS[kind]}")
        return CardsRead((), (), ())
    article = "an" if kind[0] in "aeiou" else "a"
    cards: list[Card] = []
    sound: list[Card] = []
    lone: list[Face] = []
    seen: dict[int, int] = {}
    told = {f.line for f in r.faults if f.path == path}  # the lines of the file's faults so far: a CSV row's
    for i, cm in enumerate(doc):
        before = len(r.faults)
        if not isinstance(cm, YMap):
            r.fault(doc, i, f"each {kind} card must be a mapping with card, a and b, not {describe(cm)}")
            continue
        r.unknown_keys(cm, ("card", *SIDES), f"{article} {kind} card")
        num, twice = _card_number(r, cm, seen, f"{article} {kind} card")
        faces = _face_maps(r, cm, f"{kind} card {num}" if num is not None else f"{kind} card")
        if num is None or faces is None:
            continue
        card_sound = len(r.faults) == before and doc.at(i)[0] not in told
        read: list[tuple[Face | None, bool]] = []
        for side, fm in zip(SIDES, faces):  # a card used twice is read too: its faults are shown
            start = len(r.faults)
            face = read_face(r, fm, num, side, names)
            read.append((face, len(r.faults) == start and fm.pos[0] not in told))
        (a, a_sound), (b, b_sound) = read
        if a is not None and b is not None and not twice:
            cards.append(make_card(num, a, b))
            if card_sound and a_sound and b_sound:
                sound.append(cards[-1])
        if card_sound and not twice and a_sound != b_sound:
            lone += [face for face, face_sound in read if face is not None and face_sound]
    return CardsRead(tuple(cards), tuple(sound), tuple(lone))


def _card_number(r: FieldReader, m: YMap, seen: dict[int, int], what: str) -> tuple[int | None, bool]:
    """The card's number, and whether an earlier card has it (a fault; the card is still read for its other faults)."""
    num = r.get(m, "card", int, what)
    if num is None:
        return None, False
    if not 1 <= num <= MAX_NUMBER:
        r.fault(m, "card", f"card number must be a whole number from 1 to {MAX_NUMBER}, not {show(num)}")
        return None, False
    if num in seen:
        r.fault(m, "card", f"card number {num} is used twice (first at line {seen[num]})")
        return int(num), True
    seen[num] = m.at("card")[0]
    return int(num), False


def _face_maps(r: FieldReader, m: YMap, where: str) -> tuple[YMap, YMap] | None:
    faces = []
    for side in SIDES:
        if side not in m:
            if side not in m.told:
                r.fault_on(m, f"{where} lacks face '{side}'; every card has faces a and b")
        elif not isinstance(m[side], YMap):
            r.fault(m, side, f"face '{side}' of {where} must be a mapping, not {describe(m[side])}")
        else:
            faces.append(m[side])
    return (faces[0], faces[1]) if len(faces) == 2 else None


def read_competitor_face(r: FieldReader, fm: YMap, num: int, side: str, names: Names) -> CompetitorFace | None:
    where = f"face {num}{side}"
    r.unknown_keys(fm, COMPETITOR_FACE_KEYS, where)
    name = r.text(fm, "name", where)
    ok = bool(name)
    gems: list[str | None] = []
    gems_raw = r.get(fm, "gems", list, where)
    if gems_raw is None:
        ok = False
    else:
        if len(gems_raw) != 3:
            r.fault(fm, "gems", f"{where} has {len(gems_raw)} gems; a competitor has exactly three")
            ok = False
        gems = [names.color(r, gems_raw, j, g) for j, g in enumerate(gems_raw)]
    columns = _read_matrix(r, fm, where, names)
    if not ok or columns is None or None in gems or len(gems) != 3:
        return None
    g0, g1, g2 = (str(g) for g in gems)
    art = names.art.read(r, fm, where) if names.art else None
    flavour = r.text(fm, "flavour", where, required=False, longest=MAX_FLAVOUR)
    return CompetitorFace(num, side, name, (g0, g1, g2), columns, art, flavour)


def _read_matrix(r: FieldReader, fm: YMap, where: str, names: Names) -> tuple[tuple[str, ...], ...] | None:
    mat = r.get(fm, "matrix", list, where)
    if mat is None:
        return None
    if not mat:
        r.fault(fm, "matrix", f"the matrix of {where} is empty; it needs at least one column")
        return None
    if len(mat) > MAX_BOXES:
        r.fault(fm, "matrix", f"the matrix of {where} has {len(mat)} columns; a card holds at most {MAX_BOXES}")
        return None
    columns: list[tuple[str, ...]] = []
    ok = True
    for j, col in enumerate(mat):
        if not isinstance(col, YList):
            r.fault(mat, j, f"column {j + 1} of {where} must be a list of traits, not {describe(col)}")
            ok = False
        elif not col:
            r.fault(mat, j, f"column {j + 1} of {where} is empty; a column needs at least one box")
            ok = False
        elif len(col) > MAX_BOXES:
            r.fault(mat, j, f"column {j + 1} of {where} has {len(col)} boxes; a column holds at most {MAX_BOXES}")
            ok = False
        else:
            boxes = [names.trait(r, col, k, t) for k, t in enumerate(col)]
            ok &= None not in boxes
            columns.append(tuple(str(b) for b in boxes))
    return tuple(columns) if ok else None


def read_obstacle_face(r: FieldReader, fm: YMap, num: int, side: str, names: Names) -> ObstacleFace | None:
    where = f"obstacle face {num}{side}"
    r.unknown_keys(fm, OBSTACLE_FACE_KEYS, where)
    name = r.text(fm, "name", where, required=False)
    color = names.color(r, fm, "color", fm["color"]) if "color" in fm else None
    trait = names.trait(r, fm, "trait", fm["trait"]) if "trait" in fm else None
    for key in ("color", "trait"):
        if key not in fm:
            r.fault_on(fm, f"{where} lacks the required key '{key}'")
    art = names.art.read(r, fm, where) if names.art else None
    picture = fm.get("picture", "")
    if picture and picture not in PICTURES:
        hint = did_you_mean(picture, PICTURES)
        r.fault(fm, "picture", f"{show(picture)} is not a pictogram; choose one of: {', '.join(PICTURES)}{hint}")
        picture = ""
    return ObstacleFace(num, side, name, color, trait, art, str(picture)) if color and trait else None
