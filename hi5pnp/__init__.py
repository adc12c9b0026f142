"""hi5pnp: print-and-play kit, rules engine and judge's checker for
*High Five: The Golden Gauntlet* (Michael Purcell, CC BY-SA 4.0)."""

from pathlib import Path

__version__ = "0.1.0"

#: The project root: the bundled deck lives in ``cards/`` and the layout
#: templates in ``templates/`` beside the package (install with ``pip install -e .``).
PROJECT_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_DECKS = {"default": PROJECT_ROOT / "cards"}
TEMPLATE_DIR = PROJECT_ROOT / "templates"
