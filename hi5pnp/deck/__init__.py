"""The deck: the game's data (cards, colours, traits, rule numbers) read from a
folder of YAML files, with every fault reported at its file, line and column.

    deck = load_deck()                 # the bundled deck
    deck = load_deck("path/to/deck")   # raises DeckError listing every fault
"""

from __future__ import annotations

from pathlib import Path

from .model import (
    EDITION_NUMBERS,
    SIDES,
    Balance,
    CompetitorCard,
    CompetitorFace,
    Deck,
    ObstacleCard,
    ObstacleFace,
    Picture,
    Rules,
    ScoreRow,
    ScoreSheet,
    no_such_edition,
)

__all__ = [
    "EDITION_NUMBERS",
    "SIDES",
    "Balance",
    "CompetitorCard",
    "CompetitorFace",
    "Deck",
    "ObstacleCard",
    "ObstacleFace",
    "Picture",
    "Rules",
    "ScoreRow",
    "ScoreSheet",
    "load_deck",
    "no_such_edition",
]


# The loader (and PyYAML with it) is imported when a deck is loaded, so that
# the rules, which use the model alone, import no YAML.
def load_deck(deck: str | Path | None = None, *, need_score_sheet: bool = True, need_fingerprint: bool = True, inside: Path | None = None) -> Deck:
    """Load and validate a deck (see :func:`hi5pnp.deck.load.load_deck`)."""
    from .load import load_deck as load

    return load(deck, need_score_sheet=need_score_sheet, need_fingerprint=need_fingerprint, inside=inside)
