"""The judge's desk: reading game logs, checking them against the rules,
telling a game turn by turn, dealing a game to record.

- :mod:`.log`, :mod:`.logwrite`: the log format, read and written
- :mod:`.check`: the verdict on a log (:func:`check_log`)
- :mod:`.verdict`: a verdict in words
- :mod:`.replay`, :mod:`.position`: the game and a position in words
- :mod:`.deal`: a dealt game as a log to fill in
- :mod:`.batch`: many logs at once
"""

from .check import DeckCache, Verdict, check_file, check_game, check_log
from .log import FORMAT, GameLog, parse_log, read_log
from .logwrite import game_log
from .problem import Problem, Record
from .verdict import verdict_lines

__all__ = [
    "FORMAT",
    "DeckCache",
    "GameLog",
    "Problem",
    "Record",
    "Verdict",
    "check_file",
    "check_game",
    "check_log",
    "game_log",
    "parse_log",
    "read_log",
    "verdict_lines",
]
