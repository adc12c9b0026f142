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
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import infile
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
    try:
        write_mo(compiled, translated, use_fuzzy=False)
        compiled.seek(0)
        translations = gettext.GNUTranslations(compiled)
    except Exception as exc:  # a catalogue Babel read but gettext will not take
        raise CatalogueError(Fault(shown_path(path), 0, 0, f"cannot be used: {type(exc).__name__}: {exc}")) from None
    return Catalogue(lang, translations, len(wanted - done), len(wanted), path)


def _key(message_id: str | tuple[str, ...] | list[str], context: str | None) -> tuple[str | None, str]:
    return context, message_id if isinstance(message_id, str) else message_id[0]


def read_catalogue(path: Path, lang: str | None) -> Catalog:
    """A ``.po`` or ``.pot`` file read with Babel; a :class:`CatalogueError`
    at its line when it does not read. The file is read by the one reader
    (a regular file of at most 4 MiB) and its ``Plural-Forms`` checked
    before Babel reads the messages (:func:`plural_faults`)."""
    from babel.messages.pofile import PoFileError, read_po

    shown = shown_path(path)
    try:
        data = infile.read_bytes(path, shown, None, infile.LIMITS["catalogue"])
    except infile.FileRefused as exc:
        raise CatalogueError(exc.fault) from None
    faults = plural_faults(data, shown)
    if faults:
        raise CatalogueError(faults)
    try:
        return read_po(io.BytesIO(data), locale=lang, domain=DOMAIN, abort_invalid=True)
    except PoFileError as exc:
        line = getattr(exc, "lineno", 0) or 0
        raise CatalogueError(Fault(shown, line, 0, f"not a catalogue Babel reads: {exc}")) from None
    except LookupError as exc:  # a charset Python does not know
        raise CatalogueError(Fault(shown, 0, 0, f"cannot read: its Content-Type names a charset Python does not know ({exc})")) from None
    except Exception as exc:  # whatever else a damaged catalogue makes Babel raise
        raise CatalogueError(Fault(shown, 0, 0, f"cannot read: {type(exc).__name__}: {exc}")) from None


MOST_PLURALS = 6  # the most forms a language's plural has (Arabic's six)
_PARTS = re.compile(r"\s*nplurals\s*=\s*(\d{1,12})\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")
HEADER_LINES = 200  # lines of a catalogue its header is looked for in


def _plural_forms(data: bytes) -> tuple[str, int] | None:
    """The ``Plural-Forms`` value of a catalogue's header (the ``msgstr`` of
    ``msgid ""``, its quoted lines joined) and the line it is on; None when
    it has none."""
    lines = data[: 1 << 16].decode("utf-8", "replace").splitlines()[:HEADER_LINES]
    for i, line in enumerate(lines[:-1]):
        if line.strip() != 'msgid ""' or not lines[i + 1].lstrip().startswith("msgstr"):
            continue
        block = [(i + 2, lines[i + 1].partition("msgstr")[2].strip())]  # (line number, quoted text)
        for number, more in enumerate(lines[i + 2 :], i + 3):
            if not more.strip().startswith('"'):
                break
            block.append((number, more.strip()))
        header, starts = "", []
        for number, quoted in block:
            starts.append((len(header), number))
            header += quoted[1:-1] if len(quoted) >= 2 and quoted.endswith('"') else quoted[1:]
        at = header.find("Plural-Forms:")
        if at < 0:
            return None
        value = header[at + len("Plural-Forms:") :].split("\\n", 1)[0]
        return value, max(n for start, n in starts if start <= at)
    return None


def plural_faults(data: bytes, shown: str) -> list[Fault]:
    """Faults of a catalogue's ``Plural-Forms`` header: it must give at most
    :data:`MOST_PLURALS` forms and a C expression in ``n`` that gettext
    compiles (:func:`gettext.c2py`, what :mod:`gettext` runs it with) and
    that gives a form in range, without dividing by zero, for 0 to 1,000."""
    import gettext

    found = _plural_forms(data)
    if found is None:
        return []
    value, line = found
    parts = _PARTS.match(value)
    if parts is None:
        return [Fault(shown, line, 0, "its Plural-Forms is not 'nplurals=N; plural=EXPRESSION;'")]
    count, expression = int(parts.group(1)), parts.group(2)
    if not 1 <= count <= MOST_PLURALS:
        return [Fault(shown, line, 0, f"its Plural-Forms gives {count:,} forms; a language has 1 to {MOST_PLURALS}")]
    try:
        form = gettext.c2py(expression)
        wrong = next((n for n in range(1001) if not 0 <= form(n) < count), None)
    except (ValueError, SyntaxError, RecursionError, MemoryError) as exc:
        return [Fault(shown, line, 0, f"its Plural-Forms' expression is not one gettext reads ({exc})")]
    except ArithmeticError as exc:
        return [Fault(shown, line, 0, f"its Plural-Forms' expression cannot be worked out for every count ({exc})")]
    if wrong is not None:
        return [Fault(shown, line, 0, f"its Plural-Forms' expression gives form {form(wrong)} for {wrong}; there are {count} forms (0 to {count - 1})")]
    return []
