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

from .catalogue import ENGLISH, Catalogue, catalogue

_SPOKEN: ContextVar[Catalogue] = ContextVar("hi5pnp_language", default=ENGLISH)


def spoken() -> Catalogue:
    """The catalogue of the language being spoken here (English outside any :func:`speaking` block)."""
    return _SPOKEN.get()


@contextmanager
def speaking(lang: str | Catalogue) -> Iterator[Catalogue]:
    """Speak ``lang`` (a code, or a catalogue already read) for the length of the block."""
    chosen = lang if isinstance(lang, Catalogue) else catalogue(lang)
    token = _SPOKEN.set(chosen)
    try:
        yield chosen
    finally:
        _SPOKEN.reset(token)


def _(message: str) -> str:
    """``message`` in the language being spoken."""
    return _SPOKEN.get().gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for the count ``n``, in the language being spoken."""
    return _SPOKEN.get().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (``pgettext("verb", "Score")``), in the language being spoken."""
    return _SPOKEN.get().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _SPOKEN.get().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it: text set
    where a module is imported, translated with :func:`_` where it is used."""
    return message
