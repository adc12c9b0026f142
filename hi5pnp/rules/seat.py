"""The two players, called by their seats."""

from __future__ import annotations

from enum import StrEnum

from ..language import N_, _


class Seat(StrEnum):
    """North or south; compares equal to its name (``Seat.NORTH == "north"``)."""

    NORTH = "north"
    SOUTH = "south"

    @property
    def other(self) -> Seat:
        return Seat.SOUTH if self is Seat.NORTH else Seat.NORTH


SEATS = (Seat.NORTH, Seat.SOUTH)


#: each seat as the kit and the verdicts say it (``north``), in the language spoken
_WORDS = {"north": N_("north"), "south": N_("south")}


def seat_words(seat: str) -> str:
    """A seat (``Seat.NORTH``, or its name) in the language spoken: "north", German "Nord"."""
    return _(_WORDS[seat]) if seat in _WORDS else seat
