"""hi5pnp: print-and-play kit, rules engine and judge's checker for
*High Five: The Golden Gauntlet* (Michael Purcell, CC BY-SA 4.0).

The public API (what ``__all__`` names) is stable; everything else may change::

    import hi5pnp
    deck = hi5pnp.load_deck()                       # the bundled deck
    state = hi5pnp.State(deck, {"north": [...], "south": [...]}, first="north")
    verdict = hi5pnp.check_log("game.yaml")         # verdict.valid, verdict.to_json()
    hi5pnp.build_kit(deck, "output")                # the PDFs
    summary = hi5pnp.simulate(deck, hi5pnp.Plan(games=1000, north="greedy", south="greedy"))
    c = hi5pnp.compare(hi5pnp.load_deck("my-deck"), deck, hi5pnp.Plan())  # c.faces["3a"]: a change, paired

Heavy parts (the kit, with reportlab and pypdf) are imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import lazy
from .version import __version__

# name -> module that defines it
_EXPORTS = {
    "Deck": "hi5pnp.deck",
    "load_deck": "hi5pnp.deck",
    "State": "hi5pnp.rules",
    "Turn": "hi5pnp.rules",
    "Brought": "hi5pnp.rules",
    "Action": "hi5pnp.rules",
    "Seat": "hi5pnp.rules",
    "Chit": "hi5pnp.rules",
    "Mark": "hi5pnp.rules",
    "Illegal": "hi5pnp.rules",
    "RulesError": "hi5pnp.rules",
    "check_log": "hi5pnp.judge",
    "Verdict": "hi5pnp.judge",
    "game_log": "hi5pnp.judge",
    "build_kit": "hi5pnp.kit",
    "make_kit": "hi5pnp.kit",
    "BuildOptions": "hi5pnp.kit",
    "CardSize": "hi5pnp.render.cardsize",
    "simulate": "hi5pnp.sim.run",
    "Plan": "hi5pnp.sim.run",
    "compare": "hi5pnp.sim.compare",
    "Comparison": "hi5pnp.sim.compare",
    "Hi5Error": "hi5pnp.errors",
    "DeckError": "hi5pnp.errors",
    "LogError": "hi5pnp.errors",
    "OptionError": "hi5pnp.errors",
    "TemplateError": "hi5pnp.errors",
}

__all__ = [
    "Action",
    "Brought",
    "BuildOptions",
    "CardSize",
    "Chit",
    "Comparison",
    "Deck",
    "DeckError",
    "Hi5Error",
    "Illegal",
    "LogError",
    "Mark",
    "OptionError",
    "Plan",
    "RulesError",
    "Seat",
    "State",
    "TemplateError",
    "Turn",
    "Verdict",
    "__version__",
    "build_kit",
    "check_log",
    "compare",
    "game_log",
    "load_deck",
    "make_kit",
    "simulate",
]
assert sorted(__all__) == sorted(["__version__", *_EXPORTS])

if TYPE_CHECKING:
    from .deck import Deck, load_deck
    from .errors import DeckError, Hi5Error, LogError, OptionError, TemplateError
    from .judge import Verdict, check_log, game_log
    from .kit import BuildOptions, build_kit, make_kit
    from .render.cardsize import CardSize
    from .rules import Action, Brought, Chit, Illegal, Mark, RulesError, Seat, State, Turn
    from .sim.compare import Comparison, compare
    from .sim.run import Plan, simulate


__getattr__ = lazy.names(__name__, _EXPORTS)


def __dir__() -> list[str]:
    return sorted(__all__)
