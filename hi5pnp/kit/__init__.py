"""The print-and-play kit: card sheets, tokens, score cards, record sheet,
rulebook, quick reference, each paper size assembled into one PDF.

- :mod:`.sheets`: where cards go on a sheet (pure geometry), and the card
  sheets, tokens, score cards, record sheet and alignment page
- :mod:`.manual`: the rules on paper (rulebook, quick reference, diagrams,
  the worked example)
- :mod:`.cut`: print then cut, for a Silhouette or a Cricut
- :mod:`.exports`: pictures of the faces, Tabletop Simulator, the
  card-printing services and their preflight
- :mod:`.options`, :mod:`.assemble`, :mod:`.build`, :mod:`.output`: the whole
  kit, its options, written safely
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .. import lazy

if TYPE_CHECKING:
    from ..deck import Deck
    from ..render.template import Templates
    from .build import Kit
    from .options import BuildOptions

#: loaded when first asked for: ``hi5pnp preview`` and ``images`` import
#: :mod:`.images` alone, without the build's PDF assembly (pypdf, platypus)
_LAZY = {"BuildOptions": "options", "ImageOptions": "options", "Kit": "build", "make_kit": "build", "write_kit": "output"}


__getattr__ = lazy.names(__name__, {name: f".{module}" for name, module in _LAZY.items()})


def build_kit(
    deck: Deck | str | Path | None = None,
    out: str | Path = "output",
    options: BuildOptions | None = None,
    templates: str | Path | Templates | None = None,
    *,
    jobs: int | None = None,
) -> Kit:
    """Build the kit from a deck (a loaded one, a bundled deck's name or a
    folder; None: the bundled deck) into the folder ``out``; a failure leaves
    the previous kit there as it was. ``templates``: a folder of templates,
    or a :class:`~hi5pnp.render.template.Templates` (None: the deck's own
    ``templates/`` folder when it has one, else the bundled ones). ``jobs``: see :func:`make_kit`."""
    from ..deck import Deck, load_deck
    from ..render.template import Templates
    from .build import make_kit
    from .options import BuildOptions
    from .output import write_kit

    loaded = deck if isinstance(deck, Deck) else load_deck(deck)
    chosen = templates if isinstance(templates, Templates) or templates is None else Templates(Path(templates))
    kit = make_kit(loaded, options or BuildOptions(), chosen, jobs=jobs)
    write_kit(kit.files, Path(out))
    return kit


__all__ = ["BuildOptions", "ImageOptions", "Kit", "build_kit", "make_kit", "write_kit"]
