"""Every legal turn of a competitor, grouped as a player looks for them, each
with what it does now: the desk's board offers them by pointing.

The groups: a plain move, the bypasses (by the chits spent), and the
assists and helps by the partners they bring (one group for each set
brought, its turns the rewards that may follow). What a turn does is found
by the engine itself: the position is copied, the turn played on the copy,
and the two compared (who moved from where to where, the boxes marked, the
chits taken and spent, who finished, the points of each side). Nothing of
the rules is restated here.

A competitor's turns are all listed, in groups; where there are more than
:data:`MOST_TOLD` (a crowd on a deck of other numbers), only the chosen
group's turns are told with their effects, and every other group is one
click away. Past :data:`MOST_WALKED` legal turns a competitor's groups stop
being counted: no deck of the game's shape comes near it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..deck import Deck
from ..language import _, ngettext
from ..rules import SEATS, Action, State, Turn
from ..rules.seat import seat_words
from .menu import turn_words

MOST_TOLD = 600  # turns of one competitor told with their effects at once
MOST_WALKED = 200_000  # legal turns of one competitor walked to group them


@dataclass(frozen=True)
class Effect:
    """What a turn does now, found by playing it on a copy of the position."""

    moved: tuple[tuple[str, int, int], ...]  # (face, from, to) for each competitor that moved
    marked: tuple[tuple[str, int, str], ...]  # (face, column, trait) for each box marked
    chits: tuple[tuple[str, int], ...]  # (face, change) for each competitor whose chits changed
    finished: tuple[tuple[str, int], ...]  # (face, place) for each competitor placed
    points: tuple[tuple[str, int], ...]  # (seat, change) for each side whose points changed
    ends: str  # "" or what ends with it: the segment, the round, the game

    def as_json(self) -> dict[str, Any]:
        return {
            "moved": [list(m) for m in self.moved],
            "marked": [list(m) for m in self.marked],
            "chits": [list(c) for c in self.chits],
            "finished": [list(f) for f in self.finished],
            "points": dict(self.points),
            "ends": self.ends,
        }


@dataclass(frozen=True)
class Told:
    """One legal turn: its notation, its words and what it does."""

    notation: str
    words: str
    effect: Effect | None  # None: in a group not told (past MOST_TOLD)
    said: str  # the effect in words


@dataclass
class Group:
    """Turns of one kind: a move, the bypasses, an assist or help bringing the same partners."""

    key: str  # "plain", "bypass", "assist:1a+3a", "help:2b"
    kind: str  # the action
    partners: tuple[str, ...]
    title: str
    turns: list[Turn] = field(default_factory=list)
    told: list[Told] = field(default_factory=list)


def group_key(turn: Turn) -> str:
    if turn.action in (Action.PLAIN, Action.BYPASS):
        return str(turn.action)
    return f"{turn.action}:{'+'.join(b.face for b in turn.brought)}"


def effect(state: State, turn: Turn) -> Effect:
    """What ``turn`` does from ``state``: the engine plays it on a copy."""
    after = state.copy()
    report = after.apply(turn)
    moved, marked, chits = [], [], []
    for face in state.faces:
        was, now = state.position(face), after.position(face)
        if was != now:
            moved.append((face, was, now))
        c = after.chits_of(face) - state.chits_of(face)
        if c:
            chits.append((face, c))
    for column, trait in report.marks:
        marked.append((turn.face, column, trait))
    before, scores = state.scores(), after.scores()
    points = tuple((str(s), scores[s] - before[s]) for s in SEATS if scores[s] != before[s])
    ends = "game" if report.game_over else "round" if report.round_over else "segment" if report.segment_over else ""
    return Effect(tuple(moved), tuple(marked), tuple(chits), tuple(report.placed), points, ends)


def effect_words(state: State, e: Effect, words: Deck | None = None) -> str:
    """An effect in a few words: "5a 0 → 3 · marks power in column 2 · north +3"."""
    words = words or state.deck
    finish = state.finish
    parts = []
    for face, was, now in e.moved:
        parts.append(f"{face} {was} → {now if now < finish else _('finish')}")
    for face, column, trait in e.marked:
        parts.append(_("%(face)s marks %(trait)s in column %(column)d") % {"face": face, "trait": words.trait_label(trait), "column": column})
    for face, change in e.chits:
        parts.append(
            ngettext("%(face)s %(sign)s%(n)d chit", "%(face)s %(sign)s%(n)d chits", abs(change))
            % {"face": face, "sign": "+" if change > 0 else "−", "n": abs(change)}
        )
    for face, place in e.finished:
        parts.append(_("%(face)s finishes %(place)d.") % {"face": face, "place": place})
    for seat, change in e.points:
        parts.append(
            ngettext("%(seat)s %(sign)s%(n)d point", "%(seat)s %(sign)s%(n)d points", abs(change))
            % {"seat": seat_words(seat), "sign": "+" if change > 0 else "−", "n": abs(change)}
        )
    if e.ends:
        parts.append({"segment": _("ends the segment"), "round": _("ends the round"), "game": _("ends the game")}[e.ends])
    return " · ".join(parts)


def _title(state: State, key: str, kind: str, partners: tuple[str, ...], words: Deck) -> str:
    if kind == Action.PLAIN:
        return _("Move on one position")
    if kind == Action.BYPASS:
        return _("Bypass, spending chits")
    who = ", ".join(f"{p} {c.name}" if (c := words.competitor_face(p)) is not None and c.name else p for p in partners)
    if kind == Action.ASSIST:
        return _("Assist, bringing %(who)s") % {"who": who}
    return _("Help, bringing %(who)s") % {"who": who}


def grouped(state: State, face: str, words: Deck | None = None, chosen: str | None = None) -> tuple[list[Group], int]:
    """``face``'s legal turns in groups, and their number; each group's turns
    told with their effects when the competitor has at most
    :data:`MOST_TOLD`, else only the ``chosen`` group's (its key)."""
    words = words or state.deck
    groups: dict[str, Group] = {}
    count = 0
    for turn in state.iter_legal_actions(face):
        key = group_key(turn)
        group = groups.get(key)
        if group is None:
            partners = tuple(b.face for b in turn.brought)
            group = groups[key] = Group(key, str(turn.action), partners, _title(state, key, str(turn.action), partners, words))
        group.turns.append(turn)
        count += 1
        if count >= MOST_WALKED:
            break
    for group in groups.values():
        if count <= MOST_TOLD or group.key == chosen:
            for turn in group.turns:
                e = effect(state, turn)
                group.told.append(Told(str(turn), turn_words(state, turn, words), e, effect_words(state, e, words)))
    order = {Action.PLAIN: 0, Action.BYPASS: 1, Action.ASSIST: 2, Action.HELP: 3}
    return sorted(groups.values(), key=lambda g: (order.get(Action(g.kind), 9), len(g.partners), [_number(p) for p in g.partners])), count


def _number(face: str) -> tuple[int, str]:
    return (int(face[:-1]), face[-1:]) if face[:-1].isdigit() else (0, face)
