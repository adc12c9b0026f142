"""The words of the rulebook and the quick reference: templates/rulebook.xml.j2
and templates/quickref.xml.j2 rendered with the deck's numbers and the rules
engine's worked example into a small XML markup, which :mod:`.rulebook` sets
in pages.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from ...deck import Deck
from ...errors import TemplateError
from ...language import _
from ...render.cardsize import CardSize
from ...render.faces import RenderedCard, deck_context
from ...render.layout import Layout
from ...render.template import Templates
from ...rules import EDITIONS, Mark, Seat, notation_examples
from ...rules.seat import seat_words
from ..sheets.tokens import CHITS
from .example import WorkedExample


def example_context(deck: Deck, ex: WorkedExample | None) -> dict[str, Any] | None:
    if ex is None:
        return None
    rep = ex.report
    name = {f.id: f.name for f in deck.competitor_faces()}
    seat = ex.before.seats
    active = rep.turn.face
    others = sorted((f for f, p in ex.before.positions.items() if p == rep.start and f != active), key=lambda f: (seat[f], int(f[:-1])))
    mover = seat_words(rep.seat)
    brought_words = []
    for b in rep.turn.brought:
        if seat[b.face] == rep.seat:
            brought_words.append(_("its own team's %(face)s %(name)s") % {"face": b.face, "name": name[b.face]})
        else:
            brought_words.append(_("%(seat)s's %(face)s %(name)s") % {"seat": seat_words(seat[b.face]), "face": b.face, "name": name[b.face]})
    opponents = [b for b in rep.turn.brought if seat[b.face] != rep.seat]
    rewards = []
    for b in opponents:
        said = {"face": b.face, "seat": mover, "trait": deck.trait_label(rep.obstacle.trait), "name": name[active]}
        if isinstance(b.reward, Mark):
            rewards.append(_("For bringing %(face)s, an opponent, %(seat)s marks a %(trait)s box in column %(column)d.") % {**said, "column": b.reward.column})
        elif b.reward is not None:
            rewards.append(_("For bringing %(face)s, an opponent, %(seat)s takes a chit for %(name)s.") % said)
    if rep.turn.action == EDITIONS[ex.edition].automatic_chits and rep.chits_taken:
        rewards.append(_("For each opponent brought, %(name)s takes a chit: %(chits)d in all.") % {"name": name[active], "chits": rep.chits_taken})
    return {
        "north": [f"{f} {name[f]}" for f in ex.teams[Seat.NORTH]],
        "south": [f"{f} {name[f]}" for f in ex.teams[Seat.SOUTH]],
        "segment": rep.segment,
        "seat": mover,
        "face": active,
        "name": name[active],
        "start": rep.start,
        "obstacle": rep.obstacle.name or rep.obstacle.id,
        "color": deck.color_label(rep.obstacle.color),
        "trait": deck.trait_label(rep.obstacle.trait),
        "matches": rep.matches,
        "eligible": [f"{f} ({seat_words(seat[f])})" for f in others],
        "brought_words": (" " + _("and") + " ").join(brought_words),
        "reward_words": " ".join(rewards) or _("No reward is taken."),
        "notation": str(rep.turn),
        "acted": list(ex.acted),
    }


def example_faces(deck: Deck, ex: WorkedExample | None, cards: list[RenderedCard]) -> tuple[Layout, Layout]:
    """The two faces the rulebook pictures, as rendered for the cards: the
    worked example's competitor and the obstacle it faces (or the first of each)."""
    comp = ex.report.turn.face if ex else deck.competitors[0].a.id
    obst = ex.report.obstacle.id if ex else deck.obstacles[0].a.id
    rendered = {(card.kind, face_id): layout for card in cards for face_id, layout in zip(card.ids, card.faces)}
    return rendered["competitor", comp], rendered["obstacle", obst]


def check_deck_for_text(deck: Deck) -> None:
    """Numbers the rulebook cannot teach are faults at their YAML line."""
    if not any(deck.rules.placing_points):
        message = "placing_points are all 0: a race where finishing scores nothing cannot be taught; give the first place some points"
        raise TemplateError(deck.sources.fault("game.yaml", ("rules", "placing_points"), message))


def icon_credits(deck: Deck, templates: Templates) -> list[str]:
    """The author and licence (each file's credit line) of every SVG icon the
    kit draws: those the deck names as glyphs or trait icons, and those a
    template names in quotes (the token sheet's "trophy")."""
    icons = {**templates.icons(), **deck.icons}
    named = {*deck.glyphs.values(), *deck.trait_icons.values()}
    drawn = [icon for name, icon in icons.items() if name in named or templates.mentions(f'"{name}"')]
    return _grouped(sorted({icon.credit for icon in drawn if icon.credit}))


_CREDIT = re.compile(r'^(".+") by (.+?)( \(.*\))?$')  # "Wave Crest" by Lorc (game-icons.net, CC BY 3.0)


def _grouped(credits: list[str]) -> list[str]:
    """Credits of one author and source said once: '"Eye Target", "Weight
    Lifting Up" by Delapouite (game-icons.net, CC BY 3.0)'. A credit of
    another form is kept whole."""
    groups: dict[tuple[str, str], list[str]] = {}
    out = []
    for credit in credits:
        m = _CREDIT.match(credit)
        if m:  # said again in the language spoken: 'von Lorc'
            groups.setdefault((m.group(2), m.group(3) or ""), []).append(m.group(1))
        else:
            out.append(credit)
    said = [
        _("%(titles)s by %(author)s%(source)s") % {"titles": ", ".join(titles), "author": author, "source": tail} for (author, tail), titles in groups.items()
    ]
    return sorted(out + said)


def rulebook_markup(deck: Deck, edition: int, templates: Templates, ex: WorkedExample | None, card: CardSize) -> ET.Element:
    check_deck_for_text(deck)
    context = {
        "deck": deck_context(deck),
        "edition": edition,
        "components": {
            "chits": CHITS,
            "tokens": 4 * len(deck.competitors),
            "sleeves": len(deck.competitors) + len(deck.obstacles) + 2,
            "sleeve_size": card.sleeve_words(),
        },
        "example": example_context(deck, ex),
        "icon_credits": icon_credits(deck, templates),
    }
    return templates.markup("rulebook.xml.j2", context)


def quickref_markup(deck: Deck, edition: int, templates: Templates) -> ET.Element:
    notation = [code.replace(" ", "\u00a0") for code, _meaning in notation_examples(EDITIONS[edition])]  # each kept on one line
    return templates.markup("quickref.xml.j2", {"deck": deck_context(deck), "edition": edition, "notation": notation})
