"""Turn the deck into the data the layout templates see, and render the faces.

The templates get plain dicts (see the comment at the top of each template);
this is the one place that decides what a template may use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deck import CompetitorFace, Deck, ObstacleFace
from ..errors import Fault, TemplateError
from .cardsize import CardSize
from .layout import Layout
from .template import TemplateOverBudget, Templates

SAFE = 25.4 / 8  # mm: nothing important closer to the cut than 1/8 in, the cut tolerance card services name
FRAME = 3.8  # mm: the frame line's centre inside the cut, its stroke clear of SAFE (docs/kit.md)


@dataclass(frozen=True)
class RenderedCard:
    kind: str  # "competitor" or "obstacle"
    number: int
    faces: tuple[Layout, Layout]  # side a, side b
    ids: tuple[str, str]


def card_context(card: CardSize, bleed: float) -> dict[str, float]:
    """What a card template knows of the card: trim size, bleed, safe inset, frame inset, scale."""
    return {"w": card.width, "h": card.height, "bleed": bleed, "safe": SAFE, "frame": FRAME, "s": card.scale}


def gem_context(deck: Deck, color: str) -> dict[str, str]:
    return {"name": color, "label": deck.color_label(color), "hex": deck.colors[color], "glyph": deck.glyphs[color]}


def trait_context(deck: Deck, trait: str) -> dict[str, str]:
    return {"name": trait, "label": deck.trait_label(trait), "icon": deck.trait_icons[trait]}


def deck_context(deck: Deck) -> dict[str, Any]:
    r = deck.rules
    faces = deck.competitor_faces()
    return {
        "title": deck.title,
        "subtitle": deck.subtitle,
        "full_title": deck.full_title,  # "High Five: The Golden Gauntlet", spelled one way everywhere
        "edition": deck.edition,
        "colors": [gem_context(deck, c) for c in deck.colors],
        "traits": [trait_context(deck, t) for t in deck.traits],
        "trait_icons": dict(deck.trait_icons),  # a paragraph's {speed} draws the icon of speed
        "rules": {
            "rounds": r.rounds,
            "team_size": r.team_size,
            "finishers": r.finishers,
            "placing_points": list(r.placing_points),
            "column_points": r.column_points,
            "chit_limit": r.chit_limit,
        },
        "tallest_column": max((len(col) for f in faces for col in f.matrix), default=1),
        "tallest_face": max(faces, key=lambda f: max(len(col) for col in f.matrix)).id if faces else "",
        "widest_matrix": max((len(f.matrix) for f in faces), default=1),
        "competitor_cards": len(deck.competitors),
        "obstacle_cards": len(deck.obstacles),
    }


def competitor_context(deck: Deck, face: CompetitorFace) -> dict[str, Any]:
    return {
        "id": face.id,
        "card": face.card,
        "side": face.side,
        "name": face.name,
        "gems": [gem_context(deck, g) for g in face.gems],
        "matrix": [[trait_context(deck, t) for t in col] for col in face.matrix],
        "art": "art" if face.art else "",  # the src of its picture, when it has one
        "flavour": face.flavour,  # a line for under the trait grid, or ""
    }


def obstacle_context(deck: Deck, face: ObstacleFace) -> dict[str, Any]:
    return {
        "id": face.id,
        "card": face.card,
        "side": face.side,
        "name": face.name,
        "gem": gem_context(deck, face.color),
        "trait": trait_context(deck, face.trait),
        "art": "art" if face.art else "",
        "picture": face.picture,  # a pictogram's name (templates/_pictures.j2), or ""
    }


def render_faces(
    deck: Deck,
    templates: Templates,
    card: CardSize,
    bleed: float,
    faces: Sequence[CompetitorFace | ObstacleFace],
    ink: str = "normal",
) -> tuple[Layout, ...]:
    """Some faces, rendered (competitor or obstacle, by their type); ``ink``
    "low": white grounds and outlines instead of solid fills."""
    base = {"card": card_context(card, bleed), "deck": deck_context(deck), "size": [card.width, card.height], "low_ink": ink == "low", "icons": deck.icons}
    out = []
    faults: list[Fault] = []
    for f in faces:
        if isinstance(f, CompetitorFace):
            name, face = "competitor.yaml.j2", competitor_context(deck, f)
            item = f"competitor face {f.id}"
        else:
            name, face = "obstacle.yaml.j2", obstacle_context(deck, f)
            item = f"obstacle face {f.id}"
        images = {"art": f.art} if f.art else {}
        filename = "competitors.yaml" if isinstance(f, CompetitorFace) else "obstacles.yaml"
        written = {f.name: deck.sources.face_fault(filename, f.card, f.side, "name", "")}  # deck text a layout fault is told at
        if isinstance(f, CompetitorFace) and f.flavour:
            written[f.flavour] = deck.sources.face_fault(filename, f.card, f.side, "flavour", "")
        for i, trait in enumerate(deck.traits):  # a trait's label, when a language gives one
            if trait in deck.trait_labels:
                written.setdefault(deck.trait_labels[trait], deck.sources.fault("game.yaml", ("traits", i), ""))
        try:
            out.append(templates.layout(name, {**base, "face": face, "item_name": item, "images": images, "written": written}))
        except TemplateOverBudget:
            raise  # the build's budget is spent: no other face is laid out to be blamed for it
        except TemplateError as exc:  # every face is laid out: all their faults are told at once
            faults += [f for f in exc.faults if _shared(f) not in {_shared(g) for g in faults}]
    if faults:
        raise TemplateError(faults)
    return tuple(out)


def render_cards(deck: Deck, templates: Templates, card: CardSize, bleed: float = 0.0, ink: str = "normal") -> list[RenderedCard]:
    """Every card of the deck, both faces rendered: competitors, then
    obstacles. A fault of one face does not hide another's: all are raised
    together, as one :class:`TemplateError`."""
    cards: list[RenderedCard] = []
    faults: list[Fault] = []
    for kind, numbered in (("competitor", deck.competitors), ("obstacle", deck.obstacles)):
        for c in numbered:
            try:
                a, b = render_faces(deck, templates, card, bleed, c.faces, ink)
            except TemplateOverBudget:
                raise
            except TemplateError as exc:
                faults += [f for f in exc.faults if _shared(f) not in {_shared(g) for g in faults}]
                continue
            cards.append(RenderedCard(kind, c.number, (a, b), (c.a.id, c.b.id)))
    if faults:
        raise TemplateError(faults)
    return cards


def _shared(fault: Fault) -> tuple[str, int, int, str]:
    """A fault as every face would have it (its place, and its words without
    the face and the sizes that differ from face to face): a template's
    fault is told once for the deck, not once per face."""
    words = re.sub(r" \(on (competitor|obstacle) face \w+\)", "", fault.message)
    return fault.path, fault.line, fault.column, re.sub(r"\d+(\.\d+)?", "#", words)
