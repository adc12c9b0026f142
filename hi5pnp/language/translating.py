"""A translator's tools: the catalogue template made from the source
(``extract``), a new language's catalogue begun from it (``begin``), every
language's catalogue brought up to date with it (``update``).

The messages are read with Babel from the package's Python code (marked
with ``_``, ``N_``, ``ngettext``, ``pgettext``) and from the bundled
templates (``{% trans %}`` blocks, ``_()`` calls). Every file is written so
that it changes only when its messages do: messages sorted, each with the
files it is in but no line numbers, and a fixed date in the header (the
files' history keeps their dates), so re-extracting an unchanged source
changes nothing and two translators' edits merge.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.extract import DEFAULT_KEYWORDS

from .. import data
from ..errors import OutputError, shown_path
from ..files import make_folder, write_output
from ..version import __version__
from .catalogue import TEMPLATE, read_catalogue
from .languages import DOMAIN, FOLDER_VARIABLE, SOURCE, LanguageError, normal, package_folder, po_path
from .templating import EXTRACT_OPTIONS

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

#: the date every catalogue's header gives (a changing date would change every file at every extraction)
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
HEADER = """\
# The messages of hi5pnp's kit and tools, for translation.
# Made by `hi5pnp translations extract`; a language's catalogue
# is begun by `hi5pnp translations init LANG` and kept up to
# date by `hi5pnp translations update` (docs/translating.md).
#"""
#: the words that mark a message in the Python code (Babel's own: _, N_,
#: gettext, ngettext, pgettext, npgettext and the rest), with where their messages are
KEYWORDS: dict[str, Any] = dict(DEFAULT_KEYWORDS)
#: a module that marks no message is not read by the extractor (most modules mark none)
_MARKED = re.compile(r"(?<![\w.])(?:" + "|".join(KEYWORDS) + r")\(")
COMMENT_TAG = "Translators:"  # a comment so begun, just above a message, is shown to its translator
PAGES = ("web", "pages")  # the web desk's jinja2 pages, in the package


def writable_folder() -> Path:
    """Where the translator's tools write: the folder ``HI5PNP_TRANSLATIONS``
    names when it is set, else the package's own (a source checkout)."""
    own = os.environ.get(FOLDER_VARIABLE, "")
    return Path(own) if own else package_folder()


def _sources() -> list[tuple[Path, str, str, Mapping[str, str]]]:
    """Each file messages are read from: its path, its name in the catalogue, Babel's method for it and the method's options."""
    package = package_folder().parent
    found: list[tuple[Path, str, str, Mapping[str, str]]] = [
        (path, path.relative_to(package.parent).as_posix(), "python", {})
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] not in ("data", "locale") and _MARKED.search(path.read_text(encoding="utf-8"))
    ]
    found += [(path, f"templates/{path.name}", "jinja2.ext:babel_extract", EXTRACT_OPTIONS) for path in sorted(data.template_folder().glob("*.j2"))]
    pages = package.joinpath(*PAGES)
    found += [(path, path.relative_to(package.parent).as_posix(), "jinja2.ext:babel_extract", EXTRACT_OPTIONS) for path in sorted(pages.rglob("*.html"))]
    return found


def template_catalogue() -> Catalog:
    """Every message of the source, read now."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(project="hi5pnp", version=__version__, header_comment=HEADER, charset="utf-8", fuzzy=False)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    for path, shown, method, options in _sources():
        stat = path.stat()
        for line, message, comments, context in _messages_in(path, stat.st_mtime_ns, stat.st_size, method, tuple(sorted(options.items()))):
            catalog.add(message, None, [(shown, line)], auto_comments=list(comments), context=context)
    return catalog


Found = tuple[tuple[int, Any, tuple[str, ...], str | None], ...]  # (line, message, comments, context) of each message in a file


@lru_cache(maxsize=1024)  # a file is read again only when it changes (the tests extract many times in one run)
def _messages_in(path: Path, _mtime: int, _size: int, method: str, options: tuple[tuple[str, str], ...]) -> Found:
    from babel.messages.extract import extract_from_file

    found = extract_from_file(method, path, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,), options=dict(options), strip_comment_tags=True)
    return tuple((line, message, tuple(comments), context) for line, message, comments, context in found)


def _text(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=76, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def _write(path: Path, text: bytes) -> bool:
    """Write ``path`` when its text changes (atomically); whether it did."""
    if path.is_file() and path.read_bytes() == text:
        return False
    make_folder(path.parent)
    write_output(path, text)  # a folder, a link or a device in its place: one line, exit 2
    return True


@dataclass(frozen=True)
class Written:
    """A catalogue file the tools wrote (or found already as it should be)."""

    path: Path
    changed: bool
    messages: int
    missing: int = 0  # messages not yet translated (a language's catalogue)

    def line(self) -> str:
        state = "written" if self.changed else "unchanged"
        todo = f", {self.missing:,} to translate" if self.missing else ""
        return f"{shown_path(self.path)}: {self.messages:,} messages{todo} ({state})"


def extract(folder: Path | None = None) -> Written:
    """The template ``hi5pnp.pot`` made from the source, in ``folder`` (:func:`writable_folder`)."""
    folder = folder or writable_folder()
    catalog = template_catalogue()
    path = folder / TEMPLATE
    return Written(path, _write(path, _text(catalog)), len(catalog))


def _untranslated(catalog: Catalog) -> int:
    return sum(1 for m in catalog if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple) else [m.string])))


def begin(lang: str, folder: Path | None = None) -> Written:
    """A new language's catalogue, every message untranslated, from the
    template (made first). An :class:`OutputError` when the language has one."""
    from babel.core import Locale, UnknownLocaleError

    code = normal(lang)
    try:
        locale = Locale.parse(code) if code else None
    except (UnknownLocaleError, ValueError):
        locale = None
    if code is None or locale is None or code == SOURCE:
        why = "is the language the messages are written in" if code == SOURCE else "is not a language code Babel knows (de, fr, pt_BR)"
        raise LanguageError(f"translations init: {lang!r} {why}")
    folder = folder or writable_folder()
    path = po_path(folder, code)
    if path.exists():
        raise OutputError(f"{shown_path(path)}: {code} has a catalogue already; `hi5pnp translations update` brings it up to date")
    template = extract(folder).path
    catalog = read_catalogue(template, code)
    catalog.locale = locale
    catalog.fuzzy = False
    catalog.revision_date = FIXED_DATE
    text = _text(catalog)
    _write(path, text)
    return Written(path, True, len(catalog), _untranslated(catalog))


def update(folder: Path | None = None) -> list[Written]:
    """The template made again, and each language's catalogue in ``folder``
    brought up to it: new messages added untranslated, changed ones kept as
    fuzzy guesses (shown in English until a translator checks them), gone
    ones dropped. The template first, then each language by code."""
    folder = folder or writable_folder()
    made = extract(folder)
    template = read_catalogue(made.path, None)
    written = [made]
    for path in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = path.parent.parent.name
        if normal(lang) != lang or lang == SOURCE or not path.is_file():
            continue  # not a language's catalogue
        catalog = read_catalogue(path, lang)
        catalog.update(template, update_creation_date=False)
        written.append(Written(path, _write(path, _text(catalog)), len(catalog), _untranslated(catalog)))
    return written


__all__ = ["DOMAIN", "Written", "begin", "extract", "template_catalogue", "update", "writable_folder"]
