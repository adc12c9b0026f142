"""A language's translations, read from its ``.po`` file when first asked
for: the file is compiled in memory (Babel reads it, gettext answers from
it), so no compiled ``.mo`` file is kept beside it and an edited catalogue
is used at the next build, as it is.

A message without a translation (missing from the catalogue, empty, or
marked fuzzy) is given in English, and counted: :attr:`Catalogue.missing`
is how many of the template's messages (``hi5pnp.pot``) the language lacks.
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Fault, InputError, shown_path
from .languages import DOMAIN, SOURCE, folders, language, po_path
from .placeholders import placeholder_faults

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

TEMPLATE = f"{DOMAIN}.pot"


class CatalogueError(InputError):
    """A catalogue (``.po`` or ``.pot``) that cannot be read."""


@dataclass(frozen=True)
class Catalogue:
    """One language's translations: ``gettext`` and ``ngettext`` as
    :mod:`gettext` has them, and how many messages it has not translated."""

    lang: str
    translations: gettext.NullTranslations = field(compare=False, repr=False)
    missing: int = 0  # messages of the template this language gives in English
    total: int = 0  # messages of the template
    path: Path | None = None  # the .po file read; None for English

    @property
    def tag(self) -> str:
        """The language as a PDF or a web page names it (BCP 47): ``de``, ``pt-BR``."""
        return self.lang.replace("_", "-")

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.translations.npgettext(context, singular, plural, n)

    def warning(self) -> str | None:
        """A line for the user when some messages are given in English, else None."""
        if not self.missing:
            return None
        where = shown_path(self.path) if self.path else self.lang
        return f"{where}: {self.missing:,} of {self.total:,} messages not translated into {self.lang!r}; they are shown in English"


ENGLISH = Catalogue(SOURCE, gettext.NullTranslations())


def catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang`` (a code ``--lang`` takes: ``de``, ``de-DE``);
    English's is empty, the text itself. A :class:`LanguageError` for a
    language hi5pnp does not speak, a :class:`CatalogueError` for a file
    that does not read."""
    if lang == SOURCE:  # English, as every log of a batch asks: no folder looked at
        return ENGLISH
    lang = language(lang)
    if lang == SOURCE:
        return ENGLISH
    for folder in folders():
        path = po_path(folder, lang)
        if path.is_file():
            stat = path.stat()
            template = folder / TEMPLATE
            if not template.is_file():
                template = folders()[-1] / TEMPLATE
            there = template.stat() if template.is_file() else None
            return _read(lang, path, stat.st_mtime_ns, stat.st_size, template, there.st_mtime_ns if there else 0)
    return ENGLISH  # not reached: language() knows only languages with a file


@lru_cache(maxsize=32)  # a catalogue is read once while its files are unchanged (build --watch reads an edited one again)
def _read(lang: str, path: Path, _mtime: int, _size: int, template: Path, _template_mtime: int) -> Catalogue:
    from babel.messages.mofile import write_mo

    translated = read_catalogue(path, lang)
    faults = placeholder_faults(translated, path)
    if faults:
        raise CatalogueError(faults)
    wanted = {_key(m.id, m.context) for m in read_catalogue(template, None) if m.id} if template.is_file() else set()
    done = {_key(m.id, m.context) for m in translated if m.id and m.string and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])}
    if not wanted:  # no template: the catalogue's own messages are what it should have
        wanted = {_key(m.id, m.context) for m in translated if m.id}
    compiled = io.BytesIO()
    write_mo(compiled, translated, use_fuzzy=False)
    compiled.seek(0)
    return Catalogue(lang, gettext.GNUTranslations(compiled), len(wanted - done), len(wanted), path)


def _key(message_id: str | tuple[str, ...] | list[str], context: str | None) -> tuple[str | None, str]:
    return context, message_id if isinstance(message_id, str) else message_id[0]


def read_catalogue(path: Path, lang: str | None) -> Catalog:
    """A ``.po`` or ``.pot`` file read with Babel; a :class:`CatalogueError` at its line when it does not read."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=DOMAIN, abort_invalid=True)
    except PoFileError as exc:
        line = getattr(exc, "lineno", 0) or 0
        raise CatalogueError(Fault(shown_path(path), line, 0, f"not a catalogue Babel reads: {exc}")) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CatalogueError(Fault(shown_path(path), 0, 0, f"cannot read: {exc}")) from None
