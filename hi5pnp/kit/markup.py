"""The words of the rulebook and the quick reference: templates/rulebook.xml.j2
and templates/quickref.xml.j2 rendered with the deck's numbers and the rules
engine's worked example into a small XML markup, which :mod:`.rulebook` sets
in pages.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from ..deck import Deck
from ..errors import TemplateError
from ..render.cardsize import CardSize
from ..render.faces import RenderedCard, deck_context
from ..render.layout import Layout
from ..render.template import Templates
from ..rules import EDITIONS, Mark, Seat, notation_examples
from .example import WorkedExample
from .tokens import CHITS


def example_context(deck: Deck, ex: WorkedExample | None) -> dict[str, Any] | None:
    if ex is None:
        return None
    rep = ex.report
    name = {f.id: f.name for f in deck.competitor_faces()}
    seat = ex.before.seats
    active = rep.turn.face
    others = sorted((f for f, p in ex.before.positions.items() if p == rep.start and f != active), key=lambda f: (seat[f], int(f[:-1])))
    brought_words = []
    for b in rep.turn.brought:
        whose = "its own team's" if seat[b.face] == rep.seat else f"{seat[b.face]}'s"
        brought_words.append(f"{whose} {b.face} {name[b.face]}")
    opponents = [b for b in rep.turn.brought if seat[b.face] != rep.seat]
    rewards = []
    for b in opponents:
        if isinstance(b.reward, Mark):
            rewards.append(f"For bringing {b.face}, an opponent, {rep.seat} marks a {deck.trait_label(rep.obstacle.trait)} box in column {b.reward.column}.")
        elif b.reward is not None:
            rewards.append(f"For bringing {b.face}, an opponent, {rep.seat} takes a chit for {name[active]}.")
    if rep.turn.action == EDITIONS[ex.edition].automatic_chits and rep.chits_taken:
        rewards.append(f"For each opponent brought, {name[active]} takes a chit: {rep.chits_taken} in all.")
    return {
        "north": [f"{f} {name[f]}" for f in ex.teams[Seat.NORTH]],
        "south": [f"{f} {name[f]}" for f in ex.teams[Seat.SOUTH]],
        "segment": rep.segment,
        "seat": rep.seat,
        "face": active,
        "name": name[active],
        "start": rep.start,
        "obstacle": rep.obstacle.name or rep.obstacle.id,
        "color": deck.color_label(rep.obstacle.color),
        "trait": deck.trait_label(rep.obstacle.trait),
        "matches": rep.matches,
        "eligible": [f"{f} ({seat[f]})" for f in others],
        "brought_words": brought_words,
        "reward_words": " ".join(rewards) or "No reward is taken.",
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
        if m:
            groups.setdefault((m.group(2), m.group(3) or ""), []).append(m.group(1))
        else:
            out.append(credit)
    return sorted(out + [f"{', '.join(titles)} by {author}{tail}" for (author, tail), titles in groups.items()])


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
    notation = [code.replace(" ", "\u00a0") for code, _ in notation_examples(EDITIONS[edition])]  # each kept on one line
    return templates.markup("quickref.xml.j2", {"deck": deck_context(deck), "edition": edition, "notation": notation})
