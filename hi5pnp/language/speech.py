"""The language being spoken, and the marks that translate text into it.

Code marks text for translation with :func:`_` (``ngettext`` for a count,
``pgettext`` for a word that needs its context); text written where a
module is imported is marked with :func:`N_`, which leaves it as it is, and
translated where it is used (``_(TITLE)``): a module is imported once, but
may speak many languages.

The language is not a global setting: it is the value of a context
variable, set for the length of a ``with speaking("de"):`` block. Each
thread and each asyncio task has its own, so two builds in two languages in
one process (the web desk's) never see each other's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .catalogue import Catalogue

# None: English, the messages as they are written. The catalogues are loaded
# only when another language is asked for, so that a command that prints in
# English (the checker) imports no more than this module.
_SPOKEN: ContextVar[Catalogue | None] = ContextVar("hi5pnp_language", default=None)


def spoken() -> Catalogue:
    """The catalogue of the language being spoken here (English outside any :func:`speaking` block)."""
    from .catalogue import ENGLISH

    return _SPOKEN.get() or ENGLISH


@contextmanager
def speaking(lang: str | Catalogue) -> Iterator[Catalogue]:
    """Speak ``lang`` (a code, or a catalogue already read) for the length of the block."""
    from .catalogue import Catalogue, catalogue

    chosen = lang if isinstance(lang, Catalogue) else catalogue(lang)
    token = _SPOKEN.set(chosen)
    try:
        yield chosen
    finally:
        _SPOKEN.reset(token)


def _(message: str) -> str:
    """``message`` in the language being spoken."""
    said = _SPOKEN.get()
    return message if said is None else said.gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for the count ``n``, in the language being spoken."""
    said = _SPOKEN.get()
    if said is None:
        return singular if n == 1 else plural
    return said.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (``pgettext("verb", "Score")``), in the language being spoken."""
    said = _SPOKEN.get()
    return message if said is None else said.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    said = _SPOKEN.get()
    if said is None:
        return singular if n == 1 else plural
    return said.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it: text set
    where a module is imported, translated with :func:`_` where it is used."""
    return message
