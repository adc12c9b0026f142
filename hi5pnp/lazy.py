"""A package's names imported from its modules when first asked for (a
module ``__getattr__``, PEP 562), so that importing a package, or one small
module of it, loads nothing else: ``import hi5pnp`` loads no engine, and a
game's record (``hi5pnp.sim.bots.record``) no bots.

    __getattr__ = lazy.names(__name__, {"play_game": ".players"})

Each name is looked up in its module once, then kept in the package.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each name of ``where`` from its
    module (absolute, or relative to the package), kept once found."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(where[name], package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
