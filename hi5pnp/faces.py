"""Turn the deck into the data the layout templates see, and render the faces.

The templates get plain dicts (see the comment at the top of each template);
this is the one place that decides what a template may use.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .deck import CompetitorFace, Deck, ObstacleFace
from .layout import Layout, render
from .sheets import CARD_SIZES

POKER = CARD_SIZES["poker"]


@dataclass(frozen=True)
class CardSpec:
    """The cards' trim size, bleed and safe-zone inset, in mm."""

    width: float = POKER[0]
    height: float = POKER[1]
    bleed: float = 0.0
    safe: float = 3.0

    def context(self) -> dict[str, float]:
        scale = min(self.width / POKER[0], self.height / POKER[1])
        return {"w": self.width, "h": self.height, "bleed": self.bleed, "safe": self.safe, "s": scale}


@dataclass
class RenderedCard:
    kind: str  # "competitor" or "obstacle"
    number: int
    faces: tuple[Layout, Layout]  # side a, side b
    ids: tuple[str, str]


def gem_context(deck: Deck, color: str) -> dict[str, str]:
    return {"name": color, "hex": deck.colors[color], "glyph": deck.glyphs[color]}


def trait_context(deck: Deck, trait: str) -> dict[str, str]:
    return {"name": trait, "icon": deck.trait_icons[trait]}


def deck_context(deck: Deck) -> dict[str, Any]:
    r = deck.rules
    faces = deck.competitor_faces()
    return {
        "title": deck.title,
        "subtitle": deck.subtitle,
        "edition": deck.edition,
        "colors": [gem_context(deck, c) for c in deck.colors],
        "traits": [trait_context(deck, t) for t in deck.traits],
        "rules": {
            "rounds": r.rounds,
            "team_size": r.team_size,
            "finishers": r.finishers,
            "placing_points": list(r.placing_points),
            "column_points": r.column_points,
            "chit_limit": r.chit_limit,
        },
        "tallest_column": max((len(col) for f in faces for col in f.matrix), default=1),
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
    }


def obstacle_context(deck: Deck, face: ObstacleFace) -> dict[str, Any]:
    return {
        "id": face.id,
        "card": face.card,
        "side": face.side,
        "name": face.name,
        "gem": gem_context(deck, face.color),
        "trait": trait_context(deck, face.trait),
    }


def render_faces(deck: Deck, spec: CardSpec, template_dir: Path, faces: list[CompetitorFace | ObstacleFace]) -> tuple[Layout, ...]:
    """Some faces, rendered (competitor or obstacle, by their type)."""
    base = {"card": spec.context(), "deck": deck_context(deck), "size": [spec.width, spec.height]}
    out = []
    for f in faces:
        kind, template, ctx_of = (
            ("competitor", "competitor.yaml.j2", competitor_context)
            if isinstance(f, CompetitorFace)
            else ("obstacle", "obstacle.yaml.j2", obstacle_context)
        )
        out.append(render(template_dir, template, {**base, "face": ctx_of(deck, f), "item_name": f"{kind} face {f.id}"}))
    return tuple(out)


def render_cards(deck: Deck, spec: CardSpec, template_dir: Path) -> list[RenderedCard]:
    """Every card of the deck, both faces rendered: competitors, then obstacles."""
    cards: list[RenderedCard] = []
    for kind, cards_of in (("competitor", deck.competitors), ("obstacle", deck.obstacles)):
        for card in cards_of:
            layouts = render_faces(deck, spec, template_dir, list(card.faces))
            cards.append(RenderedCard(kind, card.number, layouts, (card.a.id, card.b.id)))  # type: ignore[arg-type]
    return cards
