"""The turns a player may choose now, from the engine's legal turns only,
grouped by competitor and told in words: "brings 2a Ada Ash (south), takes a
chit". The desk's Play page points at them; ``hi5pnp play`` numbers them.

Where many stand together a competitor can have thousands of legal turns
(every group to bring, every reward): a menu lists the first :data:`MOST` of
each and counts the rest, and any of them may still be typed in notation.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..deck import Deck
from ..language import _, ngettext
from ..rules import Action, Chit, Mark, State, Turn
from ..rules.proposals import count_up_to
from ..rules.seat import seat_words

MOST = 60  # turns listed per competitor; the rest are counted, and may be typed
MOST_COUNTED = 10_000  # counted no further: past it, "more than 10,000"


@dataclass(frozen=True)
class Choice:
    """One legal turn: its notation, the option it takes and what it does."""

    notation: str
    action: str
    words: str


@dataclass(frozen=True)
class Competitor:
    """A ready competitor of the player to move, what it faces, and its turns."""

    face: str
    name: str
    facing: str
    choices: tuple[Choice, ...]
    more: int  # legal turns not listed


def _who(state: State, face: str, words: Deck | None = None) -> str:
    card = (words or state.deck).competitor_face(face)
    return f"{face} {card.name}" if card is not None and card.name else face


def turn_words(state: State, turn: Turn, words: Deck | None = None) -> str:
    """What ``turn`` does, in a few words, for the seat to move; the deck's
    names and traits as ``words`` (the deck in the language spoken) gives them."""
    words = words or state.deck
    f = state.facing(turn.face)
    if turn.action is Action.PLAIN:
        return _("moves on one position")
    if turn.action is Action.BYPASS:
        if not turn.spend:
            return _("moves on one position (bypass spending nothing)")
        k = turn.spend
        return ngettext("spends %(k)d chit and moves %(n)d positions", "spends %(k)d chits and moves %(n)d positions", k) % {"k": k, "n": k + 1}
    parts = []
    me = state.seat(turn.face)
    for b in turn.brought:
        theirs = state.seat(b.face)
        who = {"who": _who(state, b.face, words), "seat": seat_words(theirs)}
        text = _("brings %(who)s (own)") % who if theirs == me else _("brings %(who)s (%(seat)s)") % who
        if isinstance(b.reward, Chit):
            text += _(", takes a chit")
        elif isinstance(b.reward, Mark):
            text += _(", marks a %(trait)s box in column %(column)d") % {"trait": words.trait_label(f.obstacle.trait), "column": b.reward.column}
        elif theirs != me and state.edition.number == 2:
            text += _(", no reward")
        parts.append(text)
    return "; ".join(parts)


def facing_words(state: State, face: str, words: Deck | None = None) -> str:
    """Where ``face`` stands and what it faces: "at 4, facing 2b Rope Bridge (blue, power), 2 matching gems"."""
    words = words or state.deck
    f = state.facing(face)
    ob = f.obstacle
    told = words.obstacle_face(ob.id)
    name = f" {told.name}" if told is not None and told.name else ""
    chits = ngettext(", %(n)d chit", ", %(n)d chits", f.chits) % {"n": f.chits} if f.chits else ""
    said = {"position": f.position, "obstacle": f"{ob.id}{name}", "color": words.color_label(ob.color), "trait": words.trait_label(ob.trait), "n": f.matches}
    facing = ngettext(
        "at %(position)d, facing %(obstacle)s (%(color)s, %(trait)s), %(n)d matching gem",
        "at %(position)d, facing %(obstacle)s (%(color)s, %(trait)s), %(n)d matching gems",
        f.matches,
    )
    return facing % said + chits


def menu(state: State, words: Deck | None = None) -> list[Competitor]:
    """The player to move's ready competitors, each with its legal turns (the
    first :data:`MOST` listed, the rest counted); empty when nobody is to move."""
    seat = state.current_player()
    if seat is None:
        return []
    out = []
    for face in state.ready_faces(seat):
        turns = state.iter_legal_actions(face)
        listed = [Choice(str(t), str(t.action), turn_words(state, t, words)) for t in itertools.islice(turns, MOST)]
        more = count_up_to(turns, MOST_COUNTED)
        card = (words or state.deck).competitor_face(face)
        out.append(Competitor(face, card.name if card else "", facing_words(state, face, words), tuple(listed), more))
    return out
