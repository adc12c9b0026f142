"""The two players, called by their seats."""

from __future__ import annotations

from enum import StrEnum


class Seat(StrEnum):
    """North or south; compares equal to its name (``Seat.NORTH == "north"``)."""

    NORTH = "north"
    SOUTH = "south"

    @property
    def other(self) -> Seat:
        return Seat.SOUTH if self is Seat.NORTH else Seat.NORTH


SEATS = (Seat.NORTH, Seat.SOUTH)
