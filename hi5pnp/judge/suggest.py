"""A "did you mean" for a word written where a face id goes (revision 4 of
docs/game-log.md): the nearest face ids of the deck (``1Ob`` → ``10b``, a
letter O or l read as the digit it looks like), and the face whose printed
name the judge wrote (``Felix`` → ``8b (Felix Flint)``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from ..errors import Fault

_LOOKALIKE = str.maketrans({"o": "0", "l": "1", "i": "1", "s": "5", "z": "2"})
_WORD = re.compile(r"[^\W\d_]+")


class _Face(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def _by_name(word: str, faces: Sequence[_Face]) -> list[_Face]:
    """Faces whose printed name is ``word``, or has it as one of its words (``Felix`` of ``Felix Flint``)."""
    w = " ".join(word.casefold().replace("_", " ").split())
    whole = [f for f in faces if " ".join(f.name.casefold().split()) == w]
    if whole:
        return whole
    return [f for f in faces if w in (x.casefold() for x in _WORD.findall(f.name))]


def nearest(word: str, faces: Sequence[_Face], n: int = 3) -> list[_Face]:
    """The faces a word most likely meant: by printed name first, then by a
    face id that looks like it, then by the nearest ids (at most ``n``)."""
    named = _by_name(word, faces)
    if named:
        return named[:n]
    ids = {f.id: f for f in faces}
    w = word.strip().lower()
    lookalike = w[:-1].translate(_LOOKALIKE) + w[-1:] if len(w) > 1 else w
    lookalike = lookalike.lstrip("0") or lookalike
    if lookalike in ids:
        return [ids[lookalike]]
    import difflib  # here: a log without slips never needs it (the checker's start)

    close = difflib.get_close_matches(w, list(ids), n=n, cutoff=0.5)
    if not close:  # a printed name misspelt: the nearest names
        names = {f.name.casefold(): f for f in faces}
        return [names[k] for k in difflib.get_close_matches(w.casefold(), list(names), n=1, cutoff=0.75)]
    return [ids[k] for k in close]


def did_you_mean(word: str, faces: Sequence[_Face], playing: Sequence[_Face] | None = None) -> str:
    """ "; did you mean 8b (Felix Flint)?" or "; did you mean 10b (Name) or 1b (Name)?", or ''.
    ``playing``: the faces in play (a turn's), the only ones offered; a
    printed name of a face not in play is told as such, with the face of
    its card that is in play."""
    if playing is not None:
        named = _by_name(word, faces)
        if named and not any(f in playing for f in named):
            f = named[0]
            other = [g for g in playing if g.id[:-1] == f.id[:-1]]
            offer = f"; did you mean {other[0].id} ({other[0].name})?" if other else ""
            return f"; {word} is {f.id} ({f.name}), a face not in play{offer}"
        faces = playing
    found = nearest(word, faces)
    if not found:
        return ""
    return "; did you mean " + " or ".join(f"{f.id} ({f.name})" for f in found) + "?"


def with_hint(fault: Fault, word: str, faces: Sequence[_Face], playing: Sequence[_Face] | None = None) -> Fault:
    """The fault with its "did you mean" added (unchanged when nothing is near)."""
    return fault._replace(message=fault.message + did_you_mean(word, faces, playing))
