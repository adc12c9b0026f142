"""Which layout templates a deck is drawn with: the folder given (``--templates``),
else the deck's own (a ``templates/`` folder inside the deck, as ``hi5pnp new
--templates`` makes), else the bundled ones. Every command that draws a deck
chooses here, and says what it chose (docs/templates.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..deck.design.starter import TEMPLATES
from ..errors import shown_path
from ..render.template import Templates


@dataclass(frozen=True)
class TemplateChoice:
    folder: Path | None  # None: the bundled templates
    why: str  # "given", "the deck's own" or "bundled"

    def words(self) -> str:
        """The choice as a build's first line says it: ``templates: mydeck/templates (the deck's own)``."""
        if self.folder is None:
            return "templates: the bundled ones"
        said = "given with --templates" if self.why == "given" else self.why
        return f"templates: {shown_path(self.folder)} ({said})"

    def templates(self, *, remember: bool = False) -> Templates:
        return Templates(self.folder, remember=remember)


def own_templates(deck_folder: Path) -> Path | None:
    """The deck's own templates folder, or None when it has none."""
    folder = deck_folder / TEMPLATES
    return folder if folder.is_dir() else None


def choose_templates(deck_folder: Path, given: Path | None = None) -> TemplateChoice:
    """The templates a deck in ``deck_folder`` is drawn with: ``given`` wins,
    then the deck's own ``templates/`` folder, then the bundled templates."""
    if given is not None:
        return TemplateChoice(given, "given")
    own = own_templates(deck_folder)
    return TemplateChoice(own, "the deck's own") if own is not None else TemplateChoice(None, "bundled")
