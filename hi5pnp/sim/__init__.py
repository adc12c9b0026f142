"""Players of the engine: bots that play whole games, for tests and for the
designer's balance numbers."""

from .bots import play_random_game, random_turn

__all__ = ["play_random_game", "random_turn"]
