"""The rules of High Five as hi5pnp enforces them (docs/rules.md): the turn
notation and the game state. Pure: no files, no YAML, no PDF.

- :mod:`.turn`: ``Turn.parse("3a assist 2a:chit")``, ``str(turn)``
- :mod:`.state`: :class:`State`, the engine every other part asks
- :mod:`.game`, :mod:`.position`: a game's fixed facts and where it stands,
  each one value; :mod:`.play`: the effects of a turn on a position (the
  checked ``State.apply`` and the bots' unchecked look-ahead both play by it)
- :mod:`.board`, :mod:`.legality`, :mod:`.proposals`, :mod:`.setup`: the
  position asked in game words, the verdict on a turn, every legal turn, the set-up
- :mod:`.edition`, :mod:`.seat`, :mod:`.illegal`, :mod:`.deal`
"""

from .board import RoundResult
from .deal import Setup, deal, random_course
from .edition import EDITIONS, Edition, notation_examples
from .game import Game
from .illegal import Illegal, RulesError
from .position import Facing, Position
from .seat import SEATS, Seat
from .setup import course_problem, setup_problem, setup_problems
from .state import Played, State, TurnReport
from .turn import CHIT, LOG_FORMAT, Action, Brought, Chit, Mark, NotationError, Reward, Turn, face_id

__all__ = [
    "CHIT",
    "EDITIONS",
    "LOG_FORMAT",
    "SEATS",
    "Action",
    "Brought",
    "Chit",
    "Edition",
    "Facing",
    "Game",
    "Illegal",
    "Mark",
    "NotationError",
    "Played",
    "Position",
    "Reward",
    "RoundResult",
    "RulesError",
    "Seat",
    "Setup",
    "State",
    "Turn",
    "TurnReport",
    "course_problem",
    "deal",
    "face_id",
    "notation_examples",
    "random_course",
    "setup_problem",
    "setup_problems",
]
