"""A deck's fingerprint: the SHA-256 of what the deck says, not of how its
files write it. Every value of the model goes in (the game's numbers and
names, each face, each picture's bytes by their digest, the score sheet and
the balance windows); comments, spacing, key order and the choice of YAML or
CSV for the cards do not. So the same deck written either way has one
fingerprint, and builds one kit, manifest included."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .model import CompetitorFace, Deck, ObstacleFace, Picture


def _picture(art: Picture | None) -> Any:
    return None if art is None else [art.kind, art.width, art.height, art.digest.hex()]


def _face(face: CompetitorFace | ObstacleFace) -> Any:
    if isinstance(face, CompetitorFace):
        said = [face.id, face.name, list(face.gems), [list(c) for c in face.matrix], _picture(face.art)]
        return [*said, face.flavour] if face.flavour else said  # (a face without one keeps the fingerprint it had)
    return [face.id, face.name, face.color, face.trait, face.picture, _picture(face.art)]


def deck_fingerprint(deck: Deck) -> str:
    """The SHA-256 (hex) of everything ``deck`` says (its path, sources and
    own fingerprint aside)."""
    said = {
        "title": [deck.title, deck.subtitle, deck.edition],
        "colors": list(deck.colors.items()),
        "traits": list(deck.traits),
        "rules": list(deck.rules),
        "glyphs": sorted(deck.glyphs.items()),
        "trait_icons": sorted(deck.trait_icons.items()),
        "competitors": [_face(f) for f in deck.competitor_faces()],
        "obstacles": [_face(f) for f in deck.obstacle_faces()],
        "score_sheet": None if deck.score_sheet is None else [deck.score_sheet.title, list(deck.score_sheet.seats), [list(r) for r in deck.score_sheet.rows]],
        "balance": None if deck.balance is None else list(deck.balance),
    }
    if deck.icons:  # (only then, so that a deck without its own icons keeps the fingerprint it had)
        said["icons"] = sorted((name, icon.digest.hex()) for name, icon in deck.icons.items())
    return hashlib.sha256(json.dumps(said, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()
