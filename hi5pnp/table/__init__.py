"""A game played at the table, by people and bots, every turn judged by the
engine: the desk's Play page and ``hi5pnp play`` share it.

- :mod:`.table`: :class:`Table` (the deal from a seed, faces chosen, turns
  played, a bot's turn, undo, the log) and :class:`Seating` (who plays)
- :mod:`.menu`: the legal turns of a competitor, grouped and told in words,
  for choosing by pointing or by number
"""

from .menu import Choice, menu
from .table import PERSON, PLAYERS, Refusal, Seating, Table

__all__ = ["PERSON", "PLAYERS", "Choice", "Refusal", "Seating", "Table", "menu"]
