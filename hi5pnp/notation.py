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
from typing import NamedTuple

PLAIN = "plain"
ASSIST = "assist"
HELP = "help"
BYPASS = "bypass"
ACTIONS = (ASSIST, HELP, BYPASS)

CHIT = "chit"  # a reward: one chit on the active competitor's card

_FACE = re.compile(r"^([0-9]+)([ab])$")
_BROUGHT = re.compile(r"^([0-9]+)([ab])(?::(chit|t[0-9]+))?$")
_COUNT = re.compile(r"^[0-9]+$")


_PARSED_MAX = 1 << 16  # turns repeat a lot across logs: parse each text once


class NotationError(ValueError):
    """Text that is not a turn in the log notation (a read fault, not a rules fault)."""


def face_id(text: str) -> str | None:
    """The canonical face id (``3a``) of ``text`` (``3A``, ``03a``), or None."""
    known = _face_ids.get(text)
    if known is None:
        m = _FACE.match(text.strip().lower())
        known = "" if not m or len(m.group(1)) > 6 else f"{int(m.group(1))}{m.group(2)}"
        if len(_face_ids) < _PARSED_MAX:
            _face_ids[text] = known
    return known or None


_face_ids: dict[str, str] = {}  # text -> face id, or "" for none


_parsed: dict[str, Turn] = {}


class Brought(NamedTuple):
    """A competitor brought along, with the reward its arrival earns (if any).

    ``reward`` is None, ``"chit"`` or a 1-based column number of the active
    competitor's trait matrix (a trait mark in that column).
    """

    face: str
    reward: str | int | None = None

    def __str__(self) -> str:
        if self.reward is None:
            return self.face
        if self.reward == CHIT:
            return f"{self.face}:chit"
        return f"{self.face}:t{self.reward}"


class Turn(NamedTuple):
    """One turn: the active competitor and the option its owner takes."""

    face: str
    action: str = PLAIN  # plain | assist | help | bypass
    brought: tuple[Brought, ...] = ()
    spend: int = 0  # chits spent (bypass)

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Read a turn as written in a log; raise :class:`NotationError` if it is not one."""
        turn = _parsed.get(text) if isinstance(text, str) else None
        if turn is None:
            turn = cls._parse(text)
            if len(_parsed) >= _PARSED_MAX:
                _parsed.clear()
            _parsed[text] = turn
        return turn

    @classmethod
    def _parse(cls, text: str) -> Turn:
        if not isinstance(text, str):
            raise NotationError("a turn must be text such as '3a assist 2a:chit'")
        words = text.lower().split()
        if not words:
            raise NotationError("the turn is empty; it starts with the active competitor's face id, e.g. '3a'")
        face = face_id(words[0])
        if face is None:
            raise NotationError(f"'{words[0]}' is not a face id; a turn starts with one, e.g. '3a'")
        if len(words) == 1:
            return cls(face)
        action = words[1]
        if action not in ACTIONS:
            raise NotationError(f"'{words[1]}' is not an action; write assist, help or bypass (or nothing)")
        args = words[2:]
        if action == BYPASS:
            if len(args) != 1 or not _COUNT.match(args[0]) or len(args[0]) > 6:
                raise NotationError("bypass takes one number: the chits spent, e.g. 'bypass 1'")
            return cls(face, BYPASS, (), int(args[0]))
        brought = []
        for word in args:
            m = _BROUGHT.match(word)
            if not m or len(m.group(1)) > 6:
                raise NotationError(
                    f"'{word}' is not a competitor brought along; write a face id, "
                    "with ':chit' or ':t<column>' for a reward, e.g. '2a:chit' or '2a:t2'"
                )
            reward: str | int | None = m.group(3)
            if reward is not None and reward != CHIT:
                digits = reward[1:]
                if len(digits) > 6:
                    raise NotationError(f"'{word}': column number {digits} is too long")
                reward = int(digits)
            brought.append(Brought(f"{int(m.group(1))}{m.group(2)}", reward))
        return cls(face, action, tuple(brought))

    def __str__(self) -> str:
        if self.action == PLAIN:
            return self.face
        if self.action == BYPASS:
            return f"{self.face} bypass {self.spend}"
        return " ".join([self.face, self.action, *(str(b) for b in self.brought)])

    def faces(self) -> list[str]:
        """Every face id the turn names: the active one first, then those brought."""
        return [self.face, *(b.face for b in self.brought)]
