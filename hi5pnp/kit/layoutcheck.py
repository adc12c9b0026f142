"""validate's look at the layouts: the kit laid out in memory, nothing
written, with every layout fault told beside the deck's data faults.

A sound deck is made as build makes it. When that stops at a part with
faults, or when the deck's data has faults, each part of the kit is laid
out apart from the others, as far as the deck's sound data makes it
(docs/kit.md, "What validate lays out"):

- every card whose two faces read without a fault, and the sound face of a
  card whose other face has a fault;
- the token sheets of those cards, at each paper size;
- the quick reference, from game.yaml;
- the score cards, when score_sheets.yaml has no fault;
- the rulebook and the game record sheet, which count and draw every card
  (the course, the worked example), when every card is sound.

Nothing is laid out when game.yaml's colours, traits, shapes or rules have
faults: every page draws from them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from ..deck import Deck
from ..deck.load import DeckReading
from ..errors import Fault, InputError
from ..render.faces import RenderedCard, render_cards, render_faces
from ..render.template import TemplateOverBudget, Templates
from .build import make_kit
from .manual.example import worked_example
from .manual.markup import example_faces, quickref_markup, rulebook_markup
from .manual.quickref import quickref_file
from .manual.rulebook import rulebook_file
from .options import BuildOptions
from .sheets.recordsheet import record_sheet_file
from .sheets.scorecards import render_scorecards
from .sheets.tokens import render_tokens

T = TypeVar("T")


class _Faults:
    """The faults of the parts laid out so far, each told once."""

    def __init__(self) -> None:
        self.found: list[Fault] = []
        self.spent = False  # a template spent the build's budget: no other part is laid out

    def add(self, faults: list[Fault]) -> None:
        self.found += [f for f in faults if f not in self.found]

    def part(self, make: Callable[[], T]) -> T | None:
        """What ``make`` lays out, or None when it has faults (kept)."""
        if self.spent:
            return None
        try:
            return make()
        except TemplateOverBudget as exc:
            self.add(exc.faults)
            self.spent = True
            return None
        except InputError as exc:
            self.add(exc.faults)
            return None


def layout_faults(reading: DeckReading, options: BuildOptions, templates: Templates) -> tuple[list[Fault], list[str]]:
    """The faults of every part of the kit the deck's sound data makes
    (:class:`DeckReading`), and the notes build would give (a file it would
    not make). A layout that cannot be made at all (a card too big for the
    paper) still raises its :class:`~hi5pnp.errors.LayoutError`."""
    deck = reading.sound
    faults = _Faults()
    if deck is None:
        return [], []
    if not reading.faults:
        try:
            return [], make_kit(deck, options, templates).warnings
        except TemplateOverBudget as exc:  # the build's budget is spent: nothing more is rendered
            return exc.faults, []
        except InputError as exc:  # build stops at its first part with faults: each part apart tells the others'
            faults.add(exc.faults)
    _each_part(deck, reading, options, templates, faults)
    return faults.found, []


def _each_part(deck: Deck, reading: DeckReading, options: BuildOptions, templates: Templates, faults: _Faults) -> None:
    """Each part of the kit the sound data makes, laid out apart; their faults into ``faults``."""
    edition = options.edition or deck.edition
    icons = {**templates.icons(), **deck.icons}
    bleed = max(options.bleed, options.shop_bleed)
    cards: list[RenderedCard] | None = faults.part(lambda: render_cards(deck, templates, options.card, bleed, options.ink))
    if reading.faces:  # a card's sound face, its other face at fault
        faults.part(lambda: render_faces(deck, templates, options.card, bleed, reading.faces, options.ink))
    quickref = faults.part(lambda: quickref_markup(deck, edition, templates))
    if reading.sheet_whole:
        faults.part(lambda: render_scorecards(deck, templates, options.ink))
    example = faults.part(lambda: worked_example(deck, edition)) if reading.cards_whole else None
    rulebook = faults.part(lambda: rulebook_markup(deck, edition, templates, example, options.card)) if reading.cards_whole else None
    faces = example_faces(deck, example, cards) if rulebook is not None and cards is not None else None
    for paper in options.papers:
        faults.part(partial(render_tokens, deck, paper, templates, options.ink))
        if quickref is not None:
            faults.part(partial(quickref_file, deck, options.card, paper, "", quickref, templates.shown("quickref.xml.j2"), options.flip, icons))
        if reading.cards_whole:
            faults.part(partial(record_sheet_file, deck, edition, paper, ""))
        if rulebook is not None and faces is not None:
            faults.part(partial(rulebook_file, deck, edition, paper, "", rulebook, templates.shown("rulebook.xml.j2"), example, faces, icons))
