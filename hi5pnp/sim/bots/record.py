"""What the simulator keeps of one game: small, picklable, and the same
whichever way the game was played (the engine with any bots, or the fast
random playout of :mod:`.playout`), so the two can be compared exactly."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ...rules import Seat, State, TurnReport


class GameRecord(NamedTuple):
    faces: tuple[str, ...]  # north's team, then south's
    seats: tuple[int, ...]  # per face: 0 north, 1 south
    first: int  # the seat holding the first-player token at the start
    scores: tuple[int, int]  # north, south
    turns: int
    places: tuple[tuple[int, ...], ...]  # per face, per round: its place (0: unplaced)
    columns: tuple[int, ...]  # per face: complete columns at the end
    trait_columns: tuple[tuple[str, int], ...]  # per trait: complete columns with a box of it
    trait_marks: tuple[tuple[str, int], ...]  # per trait: boxes marked
    colours: tuple[tuple[str, int, int], ...]  # per obstacle colour: turns facing it, of them with a matching gem

    @property
    def winner(self) -> int | None:
        """0 north, 1 south, None for a draw (R-13)."""
        n, s = self.scores
        return None if n == s else (0 if n > s else 1)


class Tally:
    """The obstacle colours faced, turn by turn, and how often a gem matched."""

    def __init__(self, colours: list[str]):
        self.faced = dict.fromkeys(colours, 0)
        self.matched = dict.fromkeys(colours, 0)

    def add(self, report: TurnReport) -> None:
        self.faced[report.obstacle.color] += 1
        self.matched[report.obstacle.color] += report.matches > 0


def matrix_tallies(
    traits: Sequence[str], matrices: Iterable[tuple[Sequence[Sequence[str]], Sequence[Sequence[str]]]]
) -> tuple[tuple[int, ...], tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """From each face's matrix and its boxes still unmarked: its complete
    columns, and per trait the complete columns holding it and the boxes marked."""
    columns: list[int] = []
    trait_columns = dict.fromkeys(traits, 0)
    trait_marks = dict.fromkeys(traits, 0)
    for matrix, unmarked in matrices:
        done = 0
        for col, left in zip(matrix, unmarked):
            if left is col and col:  # the column as printed, untouched (the engine's positions share it)
                continue
            for t in set(col):
                trait_marks[t] += col.count(t) - left.count(t)
                trait_columns[t] += not left
            done += not left
        columns.append(done)
    return tuple(columns), tuple(trait_columns.items()), tuple(trait_marks.items())


def record_of(state: State, tally: Tally) -> GameRecord:
    """The record of a finished game played on the engine."""
    faces = state.faces
    index = {f: i for i, f in enumerate(faces)}
    places = [[0] * len(state.results()) for _ in faces]
    for r, result in enumerate(state.results()):
        for k, face in enumerate(result.finish):
            places[index[face]][r] = k + 1
    matrices = []
    for face in faces:
        comp = state.deck.competitor_face(face)
        assert comp is not None
        matrices.append((comp.matrix, state.unmarked(face)))
    columns, trait_columns, trait_marks = matrix_tallies(state.deck.traits, matrices)
    score = state.scores()
    turns = sum(len(p.turns) for p in state.history())
    return GameRecord(
        faces=faces,
        seats=tuple(0 if state.seat(f) == Seat.NORTH else 1 for f in faces),
        first=0 if state.first == Seat.NORTH else 1,
        scores=(score[Seat.NORTH], score[Seat.SOUTH]),
        turns=turns,
        places=tuple(tuple(p) for p in places),
        columns=columns,
        trait_columns=trait_columns,
        trait_marks=trait_marks,
        colours=tuple((c, tally.faced[c], tally.matched[c]) for c in tally.faced),
    )
