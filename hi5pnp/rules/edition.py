"""The two editions of the rules (docs/rules.md §4): what each lets a player do
when the active competitor brings others along. The engine judges by these
facts, and the pictures and the record sheet describe them from here."""

from __future__ import annotations

from typing import NamedTuple

from .turn import Action


class Edition(NamedTuple):
    number: int
    #: the options that bring others along
    bring_actions: tuple[Action, ...]
    #: bringing is forced: exactly min(m, others at the position), not up to m
    exact_count: bool
    #: the option whose chits are taken by themselves, written nowhere (R-8)
    automatic_chits: Action | None
    #: the option that owes a trait mark per opponent while a box is free (R-9)
    owed_marks: Action | None

    def writes_chits(self, action: Action) -> bool:
        """May a chit be written after an opponent brought with ``action``?"""
        return action in self.bring_actions and action not in (self.automatic_chits, self.owed_marks)

    def writes_marks(self, action: Action) -> bool:
        """May a trait mark be written after an opponent brought with ``action``?"""
        return action in self.bring_actions and action != self.automatic_chits


EDITIONS = {
    1: Edition(1, (Action.ASSIST, Action.HELP), exact_count=True, automatic_chits=Action.ASSIST, owed_marks=Action.HELP),
    2: Edition(2, (Action.ASSIST,), exact_count=False, automatic_chits=None, owed_marks=None),
}
