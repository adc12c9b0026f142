"""The two editions of the rules (docs/rules.md §4): what each lets a player do
when the active competitor brings others along. The engine judges by these
facts, and the pictures and the record sheet describe them from here."""

from __future__ import annotations

from typing import NamedTuple

from ..language import _
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


def notation_examples(edition: Edition) -> list[tuple[str, str]]:
    """Turns written as the edition's options allow, each with what it means
    (in the language spoken; the turns are the log's notation, the same in
    every language): for the record sheet and the log ``hi5pnp deal`` prints."""
    examples = [
        ("3a", _("3a faces its obstacle and just moves one position.")),
        ("3a bypass 2", _("3a spends 2 chits and moves 1 + 2 positions.")),
    ]
    for action in edition.bring_actions:
        if action == edition.automatic_chits:
            examples.append((f"3a {action} 7b 2a", _("3a brings 7b and 2a; chits for opponents are taken automatically.")))
        elif edition.writes_chits(action):
            examples.append((f"3a {action} 7b 2a:chit", _("3a brings 7b and 2a, and takes a chit for 2a (an opponent's competitor).")))
    for action in edition.bring_actions:
        if edition.writes_marks(action):
            examples.append((f"3a {action} 2a:t2", _("3a brings 2a and marks a box in column 2 of its own trait grid.")))
    return examples


#: Each edition's rules by its number (the numbers are the deck's
#: :data:`~hi5pnp.deck.model.EDITION_NUMBERS`, a test keeps the two alike).
EDITIONS = {
    e.number: e
    for e in (
        Edition(1, (Action.ASSIST, Action.HELP), exact_count=True, automatic_chits=Action.ASSIST, owed_marks=Action.HELP),
        Edition(2, (Action.ASSIST,), exact_count=False, automatic_chits=None, owed_marks=None),
    )
}
