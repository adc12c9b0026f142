"""Design lints: things a valid deck may do that a designer rarely means.
Warnings, not faults: ``hi5pnp validate`` prints them and still exits 0,
unless ``--strict``. Each names the file and line to look at.

- a gem colour no obstacle shows (its gems never match), or one no gem has;
- a trait no obstacle carries (its boxes can never be marked), or one no
  matrix asks for;
- a matrix box no obstacle of the face's gem colours can mark (R-6: a mark is
  of the trait faced, and only a matching gem brings anyone along);
- two competitor faces that are the same competitor (gems and matrix);
- counts badly skewed: one gem colour, obstacle colour, trait in matrices or
  trait on obstacles used more than twice as often as another;
- a name a spreadsheet would run as a formula (``=1+1``, ``@SUM(A1)``): a
  face's, a colour's or a trait's that begins with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return (``export --csv`` writes it after a
  single quote, but a CSV written by hand or by another tool may not).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ...errors import Fault
from ...textsafe import formula_like
from ..fields import show
from ..model import CompetitorFace, Deck

SKEW = 2.0  # the most common over the least common, beyond which counts are skewed


def design_lints(deck: Deck) -> list[Fault]:
    """Every design warning of ``deck``, in file order."""
    found: list[Fault] = []
    found += _colours(deck)
    found += _traits(deck)
    found += _unmarkable(deck)
    found += _duplicates(deck)
    found += _skews(deck)
    found += _formulas(deck)
    return found


def _face_fault(deck: Deck, face: CompetitorFace, key: str, message: str) -> Fault:
    return deck.sources.face_fault("competitors.yaml", face.card, face.side, key, message)


def _colours(deck: Deck) -> list[Fault]:
    shown = Counter(o.color for o in deck.obstacle_faces())
    gems = Counter(g for f in deck.competitor_faces() for g in f.gems)
    return _unused(
        deck,
        "colors",
        list(deck.colors),
        shown,
        gems,
        (
            "no obstacle is {n}, so the {c} {n} gems never match",
            "no competitor has a {n} gem, so {n} obstacles let nobody bring or bypass",
            "{n} is declared but no gem or obstacle is {n}",
        ),
    )


def _traits(deck: Deck) -> list[Fault]:
    carried = Counter(o.trait for o in deck.obstacle_faces())
    boxes = Counter(t for f in deck.competitor_faces() for col in f.matrix for t in col)
    return _unused(
        deck,
        "traits",
        list(deck.traits),
        carried,
        boxes,
        (
            "no obstacle carries {n}, so the {c} {n} boxes can never be marked",
            "no matrix has a {n} box",
            "no matrix has a {n} box, and no obstacle carries it",
        ),
    )


def _unused(deck: Deck, key: str, names: list[str], obstacles: Counter[str], cards: Counter[str], says: tuple[str, str, str]) -> list[Fault]:
    """Names of game.yaml's ``key`` that the obstacles or the competitor
    cards never use; ``says``: the warning for each case ({n} the name, {c}
    the cards' count)."""
    out = []
    for k, name in enumerate(names):
        case = 0 if not obstacles[name] and cards[name] else 1 if not cards[name] and obstacles[name] else 2 if not cards[name] else -1
        if case >= 0:
            where = (key, name) if key == "colors" else (key, k)
            out.append(deck.sources.fault("game.yaml", where, "warning: " + says[case].format(n=name, c=cards[name])))
    return out


def markable_traits(deck: Deck, face: CompetitorFace) -> set[str]:
    """The traits ``face`` can mark: those of the obstacles of its gem colours
    (a mark is of the trait faced, and only a matching gem brings anyone along)."""
    return {o.trait for o in deck.obstacle_faces() if o.color in face.gems}


def _unmarkable(deck: Deck) -> list[Fault]:
    """Boxes of a trait that no obstacle of the face's gem colours carries."""
    out = []
    for face in deck.competitor_faces():
        markable = markable_traits(deck, face)
        lost = sorted({t for col in face.matrix for t in col} - markable)
        if lost and markable:
            colours = ", ".join(sorted(set(face.gems)))
            out.append(
                _face_fault(
                    deck,
                    face,
                    "matrix",
                    f"warning: {face.id}'s {', '.join(lost)} boxes can never be marked: no {colours} obstacle carries "
                    f"{'that trait' if len(lost) == 1 else 'those traits'}",
                )
            )
    return out


def _duplicates(deck: Deck) -> list[Fault]:
    seen: dict[tuple[object, ...], str] = {}
    out = []
    for face in deck.competitor_faces():
        key = (tuple(sorted(face.gems)), tuple(sorted(tuple(sorted(col)) for col in face.matrix)))
        if key in seen:
            out.append(_face_fault(deck, face, "gems", f"warning: {face.id} ({face.name}) is the same competitor as {seen[key]}: the same gems and matrix"))
        else:
            seen[key] = f"{face.id} ({face.name})"
    return out


def _skew(counts: Counter[str], names: Iterable[str], what: str) -> tuple[str, str] | None:
    """The most used of ``names`` and the warning, when it is used more than SKEW times the least."""
    present = {n: counts[n] for n in names if counts[n]}
    if len(present) < 2:
        return None
    most, least = max(present, key=present.__getitem__), min(present, key=present.__getitem__)
    if present[most] <= SKEW * present[least]:
        return None
    listed = ", ".join(f"{n} {c}" for n, c in present.items())
    return most, f"warning: {what} are skewed: {listed} ({most} more than {SKEW:g} times {least})"


def _skews(deck: Deck) -> list[Fault]:
    """Skewed counts, each at the lines that make it: the obstacle faces of the
    most used colour or trait, or (for gems and boxes, spread over the cards)
    that colour or trait in game.yaml."""
    faces = deck.obstacle_faces()
    out = []
    for key, counts, names, what in (
        ("color", Counter(g for f in deck.competitor_faces() for g in f.gems), deck.colors, "gem colours"),
        ("color", Counter(o.color for o in faces), deck.colors, "obstacle colours"),
        ("trait", Counter(t for f in deck.competitor_faces() for col in f.matrix for t in col), deck.traits, "matrix traits"),
        ("trait", Counter(o.trait for o in faces), deck.traits, "obstacle traits"),
    ):
        found = _skew(counts, names, what)
        if found is None:
            continue
        most, message = found
        if what.startswith("obstacle"):
            its = [o for o in faces if getattr(o, key) == most]
            message += f"; the {most} obstacle faces: {', '.join(o.id for o in its)}"
            out.append(deck.sources.face_fault("obstacles.yaml", its[0].card, its[0].side, key, message))
        elif key == "color":
            out.append(deck.sources.fault("game.yaml", ("colors", most), message))
        else:
            out.append(deck.sources.fault("game.yaml", ("traits", list(deck.traits).index(most)), message))
    return out


def _formula_warning(what: str, name: str) -> str:
    return (
        f"warning: {what} {show(name)} begins as a spreadsheet formula does ({show(name[0])}): a spreadsheet opening "
        "the deck's CSV would run it (export --csv writes it after a single quote); begin it otherwise"
    )


def _formulas(deck: Deck) -> list[Fault]:
    """Names a spreadsheet would run as formulas: of faces, colours and traits."""
    out = []
    for face in deck.competitor_faces():
        if formula_like(face.name):
            out.append(_face_fault(deck, face, "name", _formula_warning(f"{face.id}'s name", face.name)))
    for obstacle in deck.obstacle_faces():
        if formula_like(obstacle.name):
            warning = _formula_warning(f"{obstacle.id}'s name", obstacle.name)
            out.append(deck.sources.face_fault("obstacles.yaml", obstacle.card, obstacle.side, "name", warning))
    out += [deck.sources.fault("game.yaml", ("colors", c), _formula_warning("colour", c)) for c in deck.colors if formula_like(c)]
    out += [deck.sources.fault("game.yaml", ("traits", k), _formula_warning("trait", t)) for k, t in enumerate(deck.traits) if formula_like(t)]
    return out
