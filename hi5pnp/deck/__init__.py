"""The deck: the game's data (cards, colours, traits, rule numbers) read from a
folder of YAML files, with every fault reported at its file, line and column.

    deck = load_deck()                 # the bundled deck
    deck = load_deck("path/to/deck")   # raises DeckError listing every fault
"""

from .load import deck_folder, load_deck
from .model import SIDES, CompetitorCard, CompetitorFace, Deck, ObstacleCard, ObstacleFace, Rules, ScoreRow, ScoreSheet

__all__ = [
    "SIDES",
    "CompetitorCard",
    "CompetitorFace",
    "Deck",
    "ObstacleCard",
    "ObstacleFace",
    "Rules",
    "ScoreRow",
    "ScoreSheet",
    "deck_folder",
    "load_deck",
]
