"""The print-and-play kit: card sheets, tokens, score cards, record sheet,
rulebook, quick reference, each paper size assembled into one PDF.

- :mod:`.imposition`: where cards go on a sheet (pure geometry)
- :mod:`.cardsheets`, :mod:`.tokens`, :mod:`.scorecards`, :mod:`.recordsheet`,
  :mod:`.alignment`: the sheets
- :mod:`.markup`, :mod:`.rulebook`, :mod:`.quickref`, :mod:`.diagrams`,
  :mod:`.example`: the rules on paper
- :mod:`.assemble`, :mod:`.build`, :mod:`.output`: the whole kit, written safely
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..deck import Deck
    from ..render.template import Templates
    from .build import Kit
    from .options import BuildOptions

#: loaded when first asked for: ``hi5pnp preview`` and ``images`` import
#: :mod:`.images` alone, without the build's PDF assembly (pypdf, platypus)
_LAZY = {"BuildOptions": "options", "ImageOptions": "options", "Kit": "build", "make_kit": "build", "write_kit": "output"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
