"""Which kernel plays the bots' look-ahead: the compiled one (:mod:`.jit_lookahead`,
numba, the ``fast`` extra) where it works, else the pure one (:mod:`.lookahead`);
either makes the same choices."""

from __future__ import annotations

import functools
import importlib.util
import os

from ...language import _

KERNEL_VARIABLE = "HI5PNP_KERNEL"  # "python": the planner's pure kernel even where numba is installed


def compiled_kernel() -> bool:
    """Does the planner look ahead with the compiled kernel
    (:mod:`.jit_lookahead`): numba can be imported, and ``HI5PNP_KERNEL`` is
    not ``python``? Either kernel makes the same choices."""
    return os.environ.get(KERNEL_VARIABLE, "").strip().lower() != "python" and _numba_works()


#: How much sooner games are played with the compiled kernel, measured (docs/simulate.md, "Speed").
FASTER = {"greedy": 24, "planner": 3}


def what_numba_gives() -> str | None:
    """Without numba, what ``pip install 'hi5pnp[fast]'`` would give, in a line (None where numba works)."""
    if numba_installed():
        return None
    said = _("planner games would be about {planner} times faster, greedy games about {greedy} times, with numba: pip install 'hi5pnp[fast]'")
    return said.format(**FASTER)


def numba_installed() -> bool:
    """Is numba installed, and does it import? (Whatever ``HI5PNP_KERNEL`` says.)"""
    return _numba_works()


@functools.cache
def _numba_works() -> bool:
    """numba is installed and imports (a release that does not go with the installed numpy raises ImportError): asked once a process."""
    if importlib.util.find_spec("numba") is None:
        return False
    try:
        from . import jit_kernel  # noqa: F401  (compiles nothing: its functions compile when first called)
    except ImportError:
        return False
    return True
