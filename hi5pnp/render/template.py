"""The templates folder: jinja2 templates that describe everything a printed
item looks like (docs/templates.md), rendered in one environment.

- ``*.yaml.j2`` (and the macros they import) render to a layout: every
  ``{{ … }}`` is written out as one complete YAML value (text is quoted for
  you), so card data can never break the YAML; the result is checked by
  :func:`hi5pnp.render.layout.check_layout`.
- ``*.xml.j2`` render to the small markup of the rulebook and the quick
  reference; values are XML-escaped.

A name the data lacks is an error (``StrictUndefined``), reported with the
template's file and line, inside a macro file when that is where it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
import jinja2.exceptions
import yaml
from markupsafe import Markup

from .. import data, infile
from ..deck.pictures.icons import Icon
from ..errors import Fault, TemplateError, shown_path
from ..language import spoken
from ..language.templating import install as install_languages
from ..language.words import ordinal
from . import fonts
from .elements.text import text_width_mm
from .icons import ICON_FOLDER, folder_icons
from .layout import Layout, check_layout, line_of_id
from .sandbox import GENERATION, OverBudget, Sandbox, check_size
from .shapes import shape_words

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _BytecodeCache(jinja2.FileSystemBytecodeCache):
    """jinja2's cache of compiled templates, each keyed by the code generator
    too (:data:`~.sandbox.GENERATION`): a template compiled without the
    budget's checks, by another hi5pnp, is compiled again, never run."""

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha1(f"{super().get_cache_key(name, filename)}\0{GENERATION}".encode()).hexdigest()


_BYTECODE_CACHE = _BytecodeCache()
MARKUP_SUFFIX = ".xml.j2"
TEMPLATE_SUFFIX = ".j2"  # a template is a file of this name at the top of the folder; nothing else is read


FONT_FOLDER = "fonts"  # a templates folder's own fonts, named by a layout's ``fonts:``
MAX_FONT_BYTES = infile.LIMITS["font"]  # 32 MiB: a large CJK font has about 20
MAX_TEMPLATE_BYTES = infile.LIMITS["template"]  # 1 MiB: the largest bundled template is 20 KB


class _TemplateLoader(jinja2.BaseLoader):
    """The folder's templates: ``*.j2`` files at its top, read by the one
    reader (:mod:`hi5pnp.infile`: a regular file inside the folder, at most
    :data:`MAX_TEMPLATE_BYTES`), once a build (:meth:`Templates.text`); any
    other name is not found."""

    def __init__(self, templates: Templates):
        self.templates = templates

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        if not template.endswith(TEMPLATE_SUFFIX) or "/" in template or "\\" in template or template.startswith("."):
            raise jinja2.TemplateNotFound(template)
        text = self.templates.text(template)
        return text, str(self.templates.folder / template), lambda: self.templates.text(template) is text


class TemplateOverBudget(TemplateError):
    """A template that spent the build's budget (:mod:`.sandbox`): the build
    stops there, and nothing else is rendered to be blamed for it."""


@jinja2.pass_context
def _finalize(context: jinja2.runtime.Context, value: Any) -> Any:
    """In a layout, every ``{{ … }}`` becomes one complete YAML value (macro
    output passes as it is); in markup, values are left to autoescape."""
    if isinstance(value, jinja2.Undefined):
        str(value)  # a StrictUndefined raises UndefinedError, naming what is undefined
    check_size(value)  # a list of a thousand long texts is not written out
    if (context.name or "").endswith(MARKUP_SUFFIX) or isinstance(value, Markup):
        return value
    if isinstance(value, float):
        return Markup(repr(round(value, 4)))
    if isinstance(value, int) and not isinstance(value, bool):
        return Markup(int.__repr__(value))
    return Markup(json.dumps(value, ensure_ascii=False))


def _tint(hexv: str, amount: float) -> str:
    """Template filter: mix a colour with white (amount 0 = colour, 1 = white)."""
    r, g, b = (int(hexv[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#{:02X}{:02X}{:02X}".format(*mix)


def _fault_in(exc: BaseException, shown: str, message: str) -> Fault:
    """A fault at the innermost template line of the traceback (jinja2 maps
    its frames to template files and lines), e.g. inside a macro file."""
    where, line = shown, 0
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            where, line = shown_path(filename), tb.tb_lineno
        tb = tb.tb_next
    return Fault(where, line, 0, message)


MOST_REMEMBERED = 4096  # layouts a remembering Templates keeps: the faces of the largest deck, twice over


def _made_key(value: Any) -> Any:
    """What a value of a template's context that JSON cannot write is, for remembering a layout: a picture by its digest."""
    digest = getattr(value, "digest", None)
    if isinstance(digest, bytes):
        return digest.hex()
    raise _NotRemembered(type(value).__name__)


class _NotRemembered(Exception):
    """A value of a template's context that no remembered layout is keyed by."""


class Templates:
    """A folder of templates (the bundled ones when None) and the one jinja2
    environment that renders them."""

    def __init__(self, folder: Path | None = None, *, remember: bool = False):
        self.folder = folder if folder is not None else data.template_folder()
        self._sources: dict[str, str] = {}  # template name -> its text, read once
        self._resolved: Path | None = None  # the folder's real path, for the reader
        self._icons: dict[str, Icon] | None = None  # the folder's icons/*.svg, read once
        self._fonts: dict[str, str] = {}  # a font file of fonts/ -> the name it is registered under
        # remember=True: each layout made is kept, by its template and the
        # values it was given, and given again for the same values (build
        # --watch: a rebuild lays out only the faces that changed). For as
        # long as the template files are as they were: whoever keeps such a
        # Templates checks fingerprint() before each use (docs/kit.md, "Speed").
        self._made: dict[tuple[str, str], Layout] | None = {} if remember else None
        # sandboxed: a template is data a designer may be sent, and may reach
        # no further than the values it is given (no attributes of Python's
        # own, such as __globals__, and so no os.system)
        self.env = Sandbox(
            loader=_TemplateLoader(self),
            # compiled templates kept between runs, as Python keeps .pyc files
            # (in jinja2's own per-user folder in the temp directory), keyed
            # by each template's source, so never stale: a fifth of a build
            bytecode_cache=_BYTECODE_CACHE,
            undefined=jinja2.StrictUndefined,
            finalize=_finalize,
            # autoescape escapes markup values and marks macro output safe, so
            # that _finalize passes it through; layout values are made
            # YAML-safe by _finalize, not HTML-escaped
            autoescape=True,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        install_languages(self.env)  # {% trans %} and _(): in the language spoken when a template renders
        self.env.globals["text_width"] = text_width_mm
        self.env.globals["ordinal"] = ordinal  # 1st, 2nd: a place, in the language spoken
        self.env.globals["shape_words"] = shape_words  # "a heart": a shape named in a sentence
        self.env.filters["tint"] = _tint

    def shown(self, name: str) -> str:
        """A template's path as messages show it."""
        return shown_path(self.folder / name)

    def icons(self) -> dict[str, Icon]:
        """The folder's SVG icons (``icons/*.svg``), by name, read once."""
        if self._icons is None:
            self._icons = folder_icons(self.folder)
        return self._icons

    def fingerprint(self) -> str:
        """A digest of the templates (the ``*.j2`` files at the top of the
        folder, its ``icons/*.svg`` and ``fonts/``: no other file is read),
        for the kit's fingerprint. Each file is read once, by the one reader;
        the templates' texts are kept for the build that follows. A Templates
        that remembers layouts serves build after build (``build --watch``,
        the desk), each beginning here: its render budget starts again."""
        if self._made is not None:
            self.env.new_budget()
        h = hashlib.sha256()
        fresh: dict[str, str] = {}
        for name in self._names():
            data = self._read(name, MAX_TEMPLATE_BYTES)
            h.update(name.encode() + b"\0" + data.replace(b"\r\n", b"\n") + b"\0")
            text = self._decoded(name, data)
            kept = self._sources.get(name)
            fresh[name] = kept if kept == text else text  # the same text: its compiled template stays
        self._sources = fresh
        self._icons = folder_icons(self.folder)  # read again: the icons drawn are the ones fingerprinted
        for name, icon in sorted(self._icons.items()):
            h.update(f"{ICON_FOLDER}/{name}.svg".encode() + b"\0" + icon.digest)
        for name in self._names(FONT_FOLDER, (".ttf", ".otf")):
            h.update(f"{FONT_FOLDER}/{name}".encode() + b"\0")
            h.update(hashlib.sha256(self._read(f"{FONT_FOLDER}/{name}", MAX_FONT_BYTES)).digest())
        return h.hexdigest()

    def _names(self, sub: str = "", suffixes: tuple[str, ...] = (TEMPLATE_SUFFIX,)) -> list[str]:
        """The names of the files of the folder (or of its ``sub`` folder) with
        one of ``suffixes``, sorted; a folder of such a name is passed over."""
        where = self.folder / sub if sub else self.folder
        try:
            with os.scandir(where) as entries:
                return sorted(e.name for e in entries if e.name.lower().endswith(suffixes) and not e.is_dir(follow_symlinks=False))
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as exc:
            raise TemplateError(Fault(shown_path(where), 0, 0, f"cannot be read: {exc.strerror or exc}")) from None

    def _read(self, relative: str, limit: int) -> bytes:
        """A file of the folder, by the one reader: a regular file inside the folder, at most ``limit`` bytes."""
        path = self.folder / relative
        kind = "a template" if relative.endswith(TEMPLATE_SUFFIX) else "a font"
        try:
            return infile.read_bytes(path, shown_path(path), self._inside(), limit, kind)
        except infile.FileRefused as exc:
            raise TemplateError(exc.fault) from None

    def _inside(self) -> Path:
        if self._resolved is None:
            self._resolved = self.folder.resolve()
        return self._resolved

    def _decoded(self, name: str, data: bytes) -> str:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TemplateError(Fault(self.shown(name), data[: exc.start].count(b"\n") + 1, 0, "is not UTF-8 text")) from None

    def spent(self) -> bool:
        """Whether a template spent the build's budget (nothing more renders)."""
        return self.env.left <= 0

    def text(self, name: str) -> str:
        """A template's text, read once (by :meth:`fingerprint`, or when first asked for)."""
        if name not in self._sources:
            self._sources[name] = self._decoded(name, self._read(name, MAX_TEMPLATE_BYTES))
        return self._sources[name]

    def render(self, name: str, context: dict[str, Any]) -> str:
        """Template ``name`` rendered with ``context``, within the build's
        budget (:mod:`.sandbox`); any error a :class:`TemplateError`."""
        shown = self.shown(name)
        try:
            return self.env.render(self.env.get_template(name), context)
        except jinja2.TemplateSyntaxError as exc:
            where = self.shown(exc.name) if exc.name else shown
            raise TemplateError(Fault(where, exc.lineno or 0, 0, f"template syntax: {exc.message}")) from None
        except jinja2.TemplateNotFound as exc:
            raise TemplateError(Fault(self.shown(str(exc.name or name)), 0, 0, "template not found")) from None
        except jinja2.UndefinedError as exc:
            raise TemplateError(_fault_in(exc, shown, exc.message or "undefined")) from None
        except RecursionError:
            raise TemplateError(Fault(shown, 0, 0, "cannot render: a macro or include calls itself without end")) from None
        except OverBudget as exc:
            raise TemplateOverBudget(_fault_in(exc, shown, f"cannot render: {exc}")) from None
        except MemoryError as exc:
            raise TemplateOverBudget(_fault_in(exc, shown, "cannot render: it takes more memory than there is")) from None
        except jinja2.exceptions.SecurityError as exc:
            raise TemplateError(_fault_in(exc, shown, f"not allowed in a template: {exc}")) from None
        except (TypeError, ValueError, ZeroDivisionError, AttributeError, KeyError, IndexError, OverflowError) as exc:
            raise TemplateError(_fault_in(exc, shown, f"cannot render: {exc}")) from None

    def layout(self, name: str, context: dict[str, Any]) -> Layout:
        """A layout template rendered and checked (given again, not made
        again, for the same values when the Templates remembers layouts:
        a layout is never changed once made)."""
        if self._made is None:
            return self._layout(name, context)
        try:
            given = json.dumps({k: v for k, v in context.items() if k != "written"}, sort_keys=True, default=_made_key)
            key = (name, f"{spoken().lang}\0{given}")  # a layout is remembered in the language it was made in
        except _NotRemembered:  # a value of a kind no layout is remembered by
            return self._layout(name, context)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= MOST_REMEMBERED:
                self._made.clear()
            made = self._made[key] = self._layout(name, context)
        return made

    def _layout(self, name: str, context: dict[str, Any]) -> Layout:
        text = self.render(name, context)
        shown = self.shown(name)
        try:
            doc = yaml.load(text, Loader=_Loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark else 0
            problem = getattr(exc, "problem", exc)
            raise TemplateError(Fault(shown, 0, 0, f"renders to YAML that does not parse (rendered line {line}): {problem}")) from None
        icons = {**self.icons(), **(context.get("icons") or {})}  # a deck's own icons before the folder's
        return check_layout(doc, shown, lambda eid: self.locate(name, eid), {**context, "icons": icons, "font_files": self.font})

    def font(self, file: str) -> str:
        """The font file ``file`` of the folder's ``fonts/``, registered: the name text is set in with it."""
        if file not in self._fonts:
            self._fonts[file] = self._read_font(file)
        return self._fonts[file]

    def _read_font(self, file: str) -> str:
        path = self.folder / FONT_FOLDER / file
        shown = shown_path(path)
        if "/" in file or "\\" in file or not file.lower().endswith((".ttf", ".otf")):
            why = f"a font is a .ttf or .otf file of the folder's {FONT_FOLDER}/, named alone, not {file!r}"
            raise TemplateError(Fault(self.shown(FONT_FOLDER), 0, 0, why))
        data = self._read(f"{FONT_FOLDER}/{file}", MAX_FONT_BYTES)
        try:
            return fonts.register_own(data)
        except fonts.FontError as exc:
            raise TemplateError(Fault(shown, 0, 0, str(exc))) from None

    def mentions(self, text: str) -> bool:
        """Whether any template of the folder has ``text`` in it."""
        return any(text in self.text(name) for name in self._names())

    def locate(self, name: str, element_id: str | None) -> tuple[str, int]:
        """Where the element ``element_id`` of template ``name`` is written: in
        the template itself, or else in one of the folder's other templates
        (the macros it imports). (file as shown, line); line 0 when unknown."""
        if element_id:
            others = [n for n in self._names() if n != name]
            for candidate in [name, *others]:
                line = line_of_id(self.text(candidate), element_id)
                if line:
                    return self.shown(candidate), line
        return self.shown(name), 0

    def markup(self, name: str, context: dict[str, Any]) -> ET.Element:
        """A markup template (rulebook, quick reference) rendered and parsed."""
        text = self.render(name, context)
        try:
            return ET.fromstring(text)
        except ET.ParseError as exc:
            raise TemplateError(Fault(self.shown(name), 0, 0, f"renders to markup that does not parse (rendered line {exc.position[0]}): {exc}")) from None
