"""Why something breaks the rules, in game words, with the ruling it rests on."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import FAULTS, Hi5Error
from ..language import _
from .seat import Seat


class Illegal(NamedTuple):
    """A reason in game words and the ruling it rests on (``R-6``, or a
    section of the rules such as ``§4``). A set-up or course fault also says
    which entry it concerns: the ``seat`` whose team, and the ``entry`` (0-based)
    of the team member or course card, when one entry is to blame."""

    message: str
    ruling: str
    seat: Seat | None = None
    entry: int | None = None

    @property
    def cite(self) -> str:
        return self.ruling if self.ruling.startswith("R-") else _("rules %(section)s") % {"section": self.ruling}

    def __str__(self) -> str:
        return f"{self.message} ({self.cite})"


class RulesError(Hi5Error, ValueError):
    """The engine was asked to do something the rules forbid (a ValueError
    too, as it always was): the input's fault."""

    exit_status = FAULTS

    def __init__(self, illegal: Illegal):
        super().__init__(str(illegal))
        self.illegal = illegal
