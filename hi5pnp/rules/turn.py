"""The turn notation of a game log: ``3a``, ``3a assist 2a:chit 5b``,
``3a help 2a:t2``, ``3a bypass 1``.

:class:`Turn` is the action object of the rules engine. ``Turn.parse`` reads
the log text (raising :class:`NotationError` for text that is not a turn at
all) and ``str(turn)`` writes it back in canonical form. Whether a turn is
*legal* is the engine's business, not this module's: ``3a assist 2a:t0``
parses fine and is then refused by the rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from ..errors import Hi5Error

#: The name and version of the game-log format whose turns this module reads.
LOG_FORMAT = "hi5/1"


class Action(StrEnum):
    """The option a player takes for the active competitor (rules §4)."""

    PLAIN = "plain"
    ASSIST = "assist"
    HELP = "help"
    BYPASS = "bypass"


class Chit(NamedTuple):
    """A reward: one chit on the active competitor's card."""

    def __str__(self) -> str:
        return "chit"


class Mark(NamedTuple):
    """A reward: a trait mark in ``column`` (1-based) of the active competitor's matrix."""

    column: int

    def __str__(self) -> str:
        return f"t{self.column}"


Reward = Chit | Mark
CHIT = Chit()

_FACE = re.compile(r"^([0-9]{1,6})([ab])$")
_BROUGHT = re.compile(r"^([0-9]{1,6})([ab])(?::(chit|t[0-9]+))?$")
_COUNT = re.compile(r"^[0-9]{1,6}$")
_CACHE = 1 << 16  # turns repeat a lot across logs: each text is parsed once (and each word of one brought)


class NotationError(Hi5Error, ValueError):
    """Text that is not a turn in the log notation (a read fault, not a rules
    fault; a ValueError too, as it always was)."""


@lru_cache(maxsize=_CACHE)
def face_id(text: str) -> str | None:
    """The canonical face id (``3a``) of ``text`` (``3A``, ``03a``), or None."""
    m = _FACE.match(text.strip().lower())
    return f"{int(m.group(1))}{m.group(2)}" if m else None


class Brought(NamedTuple):
    """A competitor brought along, with the reward its arrival earns (if any)."""

    face: str
    reward: Reward | None = None

    def __str__(self) -> str:
        return self.face if self.reward is None else f"{self.face}:{self.reward}"


class Turn(NamedTuple):
    """One turn: the active competitor and the option its owner takes."""

    face: str
    action: Action = Action.PLAIN
    brought: tuple[Brought, ...] = ()
    spend: int = 0  # chits spent (bypass)

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Read a turn as written in a log; raise :class:`NotationError` if it is not one."""
        if not isinstance(text, str):
            raise NotationError("a turn must be text such as '3a assist 2a:chit'")
        turn = _PARSED.get(text)
        if turn is None:
            if len(_PARSED) >= _CACHE:
                _PARSED.clear()
            turn = _PARSED[text] = _parse(text)
        return turn

    def __str__(self) -> str:
        if self.action is Action.PLAIN:
            return self.face
        if self.action is Action.BYPASS:
            return f"{self.face} bypass {self.spend}"
        return " ".join([self.face, self.action, *(str(b) for b in self.brought)])

    def faces(self) -> list[str]:
        """Every face id the turn names: the active one first, then those brought."""
        return [self.face, *(b.face for b in self.brought)]


def parse_turns(texts: Sequence[Any]) -> list[Turn]:
    """:meth:`Turn.parse` of each of ``texts``, in order: a log's turns, most
    of them read before (a look-up each); :class:`NotationError` for the
    first that is not a turn."""
    known = _PARSED.get
    try:
        return [known(text) or Turn.parse(text) for text in texts]
    except TypeError:  # a list or a mapping where a turn goes: no key of a look-up
        return [Turn.parse(text) for text in texts]


#: Each text read once: turns repeat a lot across logs. A dict, not an LRU
#: cache: a hit (nearly every turn of a batch) then costs one look-up.
_PARSED: dict[str, Turn] = {}


def _parse(text: str) -> Turn:
    words = text.lower().split()
    if not words:
        raise NotationError("the turn is empty; it starts with the active competitor's face id, e.g. '3a'")
    face = face_id(words[0])
    if face is None:
        raise NotationError(f"'{words[0]}' is not a face id; a turn starts with one, e.g. '3a'")
    if len(words) == 1:
        return Turn(face)
    action = _ACTIONS.get(words[1], Action.PLAIN)
    if action is Action.PLAIN:
        raise NotationError(f"'{words[1]}' is not an action; write assist, help or bypass (or nothing)")
    args = words[2:]
    if action is Action.BYPASS:
        if len(args) != 1 or not _COUNT.match(args[0]):
            raise NotationError("bypass takes one number: the chits spent, e.g. 'bypass 1'")
        return Turn(face, action, (), int(args[0]))
    return Turn(face, action, tuple([_brought(word) for word in args]))


#: Each option by its word (a dict: no exception to catch for a word that is none).
_ACTIONS = {a.value: a for a in Action}


@lru_cache(maxsize=_CACHE)
def _brought(word: str) -> Brought:
    m = _BROUGHT.match(word)
    if not m:
        raise NotationError(
            f"'{word}' is not a competitor brought along; write a face id, with ':chit' or ':t<column>' for a reward, e.g. '2a:chit' or '2a:t2'"
        )
    reward: Reward | None = None
    if m.group(3) == "chit":
        reward = CHIT
    elif m.group(3):
        digits = m.group(3)[1:]
        if len(digits) > 6:
            raise NotationError(f"'{word}': column number {digits} is too long")
        reward = Mark(int(digits))
    return Brought(f"{int(m.group(1))}{m.group(2)}", reward)
