"""The languages of the kit: gettext catalogues, one per language, read
with Babel; the language being spoken (a context variable, never a global
setting); the marks that translate text (``_``, ``N_``, ``ngettext``,
``pgettext``); the templates' i18n; and the translator's tools
(docs/translating.md).

English is the source: every message is its English text, so English needs
no catalogue and an untranslated message is shown in English.
"""

from __future__ import annotations

from .catalogue import ENGLISH, Catalogue, CatalogueError, catalogue
from .languages import ALL, SOURCE, LanguageError, from_accept_language, known, language, languages
from .speech import N_, _, gettext, ngettext, npgettext, pgettext, speaking, spoken

__all__ = [
    "ALL",
    "ENGLISH",
    "N_",
    "SOURCE",
    "Catalogue",
    "CatalogueError",
    "LanguageError",
    "_",
    "catalogue",
    "from_accept_language",
    "gettext",
    "known",
    "language",
    "languages",
    "ngettext",
    "npgettext",
    "pgettext",
    "speaking",
    "spoken",
]
