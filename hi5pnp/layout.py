"""Layout templates: jinja2 templates in templates/ that describe, as YAML, the
named elements of a card face, a score card or a token sheet.

Every ``{{ … }}`` in a template is written out as a complete YAML value (text
is quoted for you), so card data can never break the YAML. Lengths are in
millimetres, measured from the top-left corner of the item, y downwards.
A template that names a field the data lacks, or describes an element that
cannot be drawn (an unknown key, text that overflows its box, something
important outside the safe zone), is a :class:`TemplateError` naming the
template and its line.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import yaml
from markupsafe import Markup

from . import fonts
from .errors import Fault, TemplateError, shown_path

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: element kind -> (required keys, optional keys with defaults)
ELEMENTS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "rect": (("x", "y", "w", "h"), {"r": 0.0, "fill": None, "stroke": None, "lw": 0.3, "dash": None}),
    "circle": (("x", "y", "r"), {"fill": None, "stroke": None, "lw": 0.3, "dash": None}),
    "line": (("x1", "y1", "x2", "y2"), {"stroke": "#000000", "lw": 0.3, "dash": None}),
    "text": (
        ("x", "y", "text", "size"),
        {"font": "regular", "fill": "#000000", "align": "left", "width": None, "rotate": 0, "min_size": None},
    ),
    "shape": (("x", "y", "size", "name"), {"fill": "#000000", "rotate": 0}),
}
COMMON = {"id": None, "layer": "content"}
LAYERS = ("content", "background", "decoration")
_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")
ASCENT, DESCENT = 0.76, 0.24  # of the font size, for Vera


@dataclass
class Element:
    kind: str
    props: dict[str, Any]

    def __getattr__(self, name: str) -> Any:
        props = self.__dict__.get("props")  # absent while the object is made
        if props is None or name not in props:
            raise AttributeError(name)
        return props[name]

    def __reduce__(self) -> tuple:
        # layouts go between build processes: as its two fields an element
        # pickles in a third of the time a dataclass's state takes
        return (Element, (self.kind, self.props))


@dataclass
class Layout:
    """A rendered template: its size (mm), safe-zone inset and elements."""

    template: str
    width: float
    height: float
    safe: float
    elements: list[Element] = field(default_factory=list)


def _finalize(value: Any) -> Markup:
    """Every ``{{ … }}`` becomes one complete YAML value; macro output passes as is."""
    kind = type(value)  # the common kinds first, by exact type
    if kind is float:
        return Markup(repr(round(value, 4)))
    if kind is int:
        return Markup(int.__repr__(value))
    if isinstance(value, Markup):
        return value
    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    if isinstance(value, float):
        return Markup(repr(round(value, 4)))
    return Markup(json.dumps(value, ensure_ascii=False))


def _text_width(text: str, size: float, font: str = "regular") -> float:
    """Template helper: the width of ``text`` in mm."""
    from .units import to_mm

    return to_mm(fonts.width(str(text), font, float(size)))


def _tint(hexv: str, amount: float) -> str:
    """Template filter: mix a colour with white (amount 0 = colour, 1 = white)."""
    r, g, b = (int(hexv[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#{:02X}{:02X}{:02X}".format(*mix)


@lru_cache(maxsize=1)
def bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between builds in the user's cache folder (as
    Python keeps .pyc files); keyed by the template's source, so never stale.
    None where that folder cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "hi5pnp", "templates")
    try:
        os.makedirs(folder, exist_ok=True)
        if not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(folder)


@lru_cache(maxsize=8)
def environment(template_dir: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir),
        bytecode_cache=bytecode_cache(),
        undefined=jinja2.StrictUndefined,
        finalize=_finalize,
        # autoescape marks macro output safe, so _finalize passes it through;
        # values are made YAML-safe by _finalize, not HTML-escaped
        autoescape=True,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["text_width"] = _text_width
    env.filters["tint"] = _tint
    return env


def _template_fault(exc: BaseException, shown: str, message: str) -> Fault:
    """A fault at the innermost template line of the traceback (jinja2 maps
    its frames to template files and lines), e.g. inside a macro file."""
    where, line = shown, 0
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            where, line = shown_path(Path(filename)), tb.tb_lineno
        tb = tb.tb_next
    return Fault(where, line, 0, message)


def _shown(template_dir: Path, name: str) -> str:
    return shown_path(template_dir / name)


def render(template_dir: Path, name: str, context: dict[str, Any]) -> Layout:
    """Render template ``name`` with ``context`` and check what it describes."""
    env = environment(str(template_dir))
    shown = _shown(template_dir, name)
    try:
        template = env.get_template(name)
        text = template.render(**context)
    except jinja2.TemplateSyntaxError as exc:
        where = _shown(template_dir, exc.name or name) if exc.name else shown
        raise TemplateError(Fault(where, exc.lineno or 0, 0, f"template syntax: {exc.message}")) from None
    except jinja2.TemplateNotFound as exc:
        raise TemplateError(Fault(_shown(template_dir, str(exc)), 0, 0, "template not found")) from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(_template_fault(exc, shown, f"{exc.message}")) from None
    except (TypeError, ValueError, ZeroDivisionError, AttributeError, KeyError) as exc:
        raise TemplateError(_template_fault(exc, shown, f"cannot render: {exc}")) from None
    try:
        data = parse_output(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        raise TemplateError(
            Fault(shown, 0, 0, f"renders to YAML that does not parse (rendered line {line}): {getattr(exc, 'problem', exc)}")
        ) from None
    source = Path(env.loader.get_source(env, name)[1]).read_text(encoding="utf-8")  # type: ignore[union-attr]
    return _check(data, shown, source, context)


# The shape the templates write, read without PyYAML (see parse_output).
_ELEMENT_LINE = re.compile(r"^( *)- +(\{.*\}) *$")
_TOP_LINE = re.compile(r"^([A-Za-z_][\w-]*):(?: +(.*?))? *$")
# In a flow value, outside its quoted strings: a bare word (quoted for JSON),
# or what JSON and YAML 1.1 read differently: 1e3 (text to YAML, a number to
# JSON) and x:1 (one key to YAML).
_BARE = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![\w."-])([A-Za-z_][\w-]*)(?![\w"-])|(\d[eE][-+]?\d|:(?! ))')
_ESCAPE = re.compile(r'\\[^"\\nt]')  # escapes YAML lacks, reads otherwise or refuses
_JSON_WORDS = {"true", "false", "null"}
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "none"}  # YAML 1.1 reads these otherwise
# characters YAML refuses, or treats as line breaks or indentation of its own
_UNUSUAL = re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_QUOTED: dict[str, str] = {}  # bare word -> as JSON


def _quote_bare(match: re.Match) -> str:
    word = match.group(1)
    if word is None:
        if match.group(2):
            raise ValueError(match.group(2))
        return match.group(0)
    quoted = _QUOTED.get(word)
    if quoted is None:
        if word not in _JSON_WORDS and word.lower() in _YAML_WORDS:
            raise ValueError(word)
        quoted = _QUOTED[word] = word if word in _JSON_WORDS else f'"{word}"'
    return quoted


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # JSON's NaN and Infinity are text to YAML


def _flow(text: str) -> Any:
    """A one-line flow value as YAML reads it, read as JSON once its bare words
    are quoted; ValueError wherever the two could differ."""
    if "\\" in text and _ESCAPE.search(text):
        raise ValueError(text)
    return json.loads(_BARE.sub(_quote_bare, text), parse_constant=_no_constant)


def _fast_document(text: str) -> dict[str, Any] | None:
    """The document read without PyYAML when it has just the shape the
    templates write: top-level ``key: value`` lines, an ``elements:`` list of
    one-line flow mappings, comments and blank lines. None when anything else
    appears, or anything JSON might read otherwise than YAML."""
    if _UNUSUAL.search(text):
        return None
    data: dict[str, Any] = {}
    elements: list[Any] | None = None
    indent = None
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        element = _ELEMENT_LINE.match(line)
        if element:
            if elements is None or indent not in (None, element.group(1)):
                return None
            indent = element.group(1)
            data["elements"] = elements  # "elements:" with nothing under it is null
            try:
                elements.append(_flow(element.group(2)))
            except ValueError:
                return None
            continue
        top = _TOP_LINE.match(line)
        if top is None or top.group(1) in data or top.group(1).lower() in _YAML_WORDS:
            return None
        key, value = top.groups()
        elements = None
        if key == "elements" and value is None:
            data[key], elements, indent = None, [], None
            continue
        if value is None:
            return None
        try:
            data[key] = _flow(value)
        except ValueError:
            return None
    return data or None


def parse_output(text: str) -> Any:
    """Parse a rendered template.

    The templates write a layout in a small shape: top-level ``key: value``
    lines and each element as a one-line flow mapping (``- {el: rect, x: 1.5,
    fill: "#FFFFFF"}``). A document of just that shape is read as JSON once
    its bare words are quoted, many times faster than through PyYAML; any
    other document, or anything JSON might read otherwise, is read by PyYAML.
    The result is always what YAML says.
    """
    data = _fast_document(text)
    if data is not None:
        return data
    return yaml.load(text, Loader=_Loader)


def _line_of(source: str, element_id: str | None) -> int:
    if not element_id:
        return 0
    for i, line in enumerate(source.splitlines(), 1):
        if re.search(r"\bid:\s*['\"]?" + re.escape(element_id) + r"\b", line):
            return i
    return 0


def _check(data: Any, shown: str, source: str, context: dict[str, Any]) -> Layout:
    faults: list[Fault] = []

    def bad(eid: str | None, message: str) -> None:
        what = f"element '{eid}': " if eid else ""
        item = context.get("item_name")
        for_item = f" (on {item})" if item else ""
        faults.append(Fault(shown, _line_of(source, eid), 0, f"{what}{message}{for_item}"))

    if not isinstance(data, dict) or not isinstance(data.get("elements"), list):
        raise TemplateError(Fault(shown, 0, 0, "a layout template must produce a mapping with an 'elements' list"))
    size = data.get("size")
    if size is None:
        size = context.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, (int, float)) and v > 0 for v in size)):
        raise TemplateError(Fault(shown, 0, 0, f"'size' must be [width, height] in mm, not {size!r}"))
    width, height = float(size[0]), float(size[1])
    safe = data.get("safe", 0.0)
    if not _num(safe) or not math.isfinite(safe) or safe < 0:
        raise TemplateError(Fault(shown, 0, 0, f"'safe' must be a length in mm, not {safe!r}"))
    unknown = sorted(set(data) - {"elements", "size", "safe"}, key=str)
    if unknown:
        raise TemplateError(Fault(shown, 0, 0, f"unknown top-level key '{unknown[0]}'; a layout has size, safe and elements"))
    layout = Layout(shown, width, height, safe)
    for raw in data["elements"]:
        if not isinstance(raw, dict) or len(raw) < 1:
            bad(None, f"an element must be a mapping, not {raw!r}")
            continue
        kind = raw.get("el")
        eid = raw.get("id")
        if kind not in ELEMENTS:
            bad(eid, f"unknown element kind {kind!r}; choose one of: {', '.join(ELEMENTS)}")
            continue
        required, optional = ELEMENTS[kind]
        props = {**COMMON, **optional}
        ok = True
        for key, value in raw.items():
            if key == "el":
                continue
            if key not in props and key not in required:
                bad(eid, f"unknown key '{key}' for a {kind}; expected: {', '.join(required + tuple(optional) + tuple(COMMON))}")
                ok = False
            props[key] = value
        for key in required:
            if key not in raw:
                bad(eid, f"a {kind} needs '{key}'")
                ok = False
        if not ok:
            continue
        message = _check_props(kind, props)
        if message:
            bad(eid, message)
            continue
        if kind == "text":
            message = _fit_text(props)
            if message:
                bad(eid, message)
                continue
        if props["layer"] == "content" and safe > 0:
            x0, y0, x1, y1 = bbox(kind, props)
            tol = 0.05
            if x0 < safe - tol or y0 < safe - tol or x1 > width - safe + tol or y1 > height - safe + tol:
                bad(
                    eid,
                    f"{_describe(kind, props)} reaches outside the safe zone "
                    f"({safe:g} mm inside the {width:g} × {height:g} mm edge): "
                    f"it spans x {x0:.1f}–{x1:.1f}, y {y0:.1f}–{y1:.1f} mm",
                )
                continue
        layout.elements.append(Element(kind, props))
    if faults:
        raise TemplateError(faults)
    return layout


def _describe(kind: str, props: dict[str, Any]) -> str:
    if kind == "text":
        return f"text '{props['text']}'"
    return f"the {kind}"


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


#: Lengths that must not be negative (w and h must be more than 0).
SIZES = ("w", "h", "r", "size", "lw", "width", "min_size")
NUMBERS = ("x", "y", "x1", "y1", "x2", "y2", "rotate", *SIZES)


def _check_props(kind: str, p: dict[str, Any]) -> str:
    for key in NUMBERS:
        if key not in p or (p[key] is None and key in ("width", "min_size")):
            continue
        value = p[key]
        if not _num(value) or not math.isfinite(value):
            return f"'{key}' must be a number (mm), not {value!r}"
        if key in SIZES and (value < 0 or (key in ("w", "h") and value == 0)):
            return f"'{key}' must be more than 0, not {value!r}"
    dash = p.get("dash")
    if dash is not None and not (isinstance(dash, list) and dash and all(_num(d) and math.isfinite(d) and d > 0 for d in dash)):
        return f"'dash' must be a list of lengths such as [1.0, 0.8], not {dash!r}"
    for key in ("fill", "stroke"):
        if key in p and p[key] is not None and not (isinstance(p[key], str) and _COLOR.match(p[key])):
            return f"'{key}' must be a colour like \"#1A2B3C\" or null, not {p[key]!r}"
    if p["layer"] not in LAYERS:
        return f"layer must be one of {', '.join(LAYERS)}, not {p['layer']!r}"
    if kind == "text":
        if not isinstance(p["text"], str):
            p["text"] = str(p["text"])
        if p["font"] not in fonts.FONTS:
            return f"font must be one of {', '.join(fonts.FONTS)}, not {p['font']!r}"
        if p["align"] not in ("left", "center", "right"):
            return f"align must be left, center or right, not {p['align']!r}"
        if p["rotate"] not in (0, 180):
            return f"rotate must be 0 or 180, not {p['rotate']!r}"
        missing = fonts.missing_glyphs(p["text"], p["font"])
        if missing:
            return f"text '{p['text']}' has characters the font cannot draw: {missing}"
    if kind == "shape":
        from .shapes import SHAPES

        if p["name"] not in SHAPES:
            return f"shape {p['name']!r} is unknown; choose one of: {', '.join(SHAPES)}"
    return ""


def _fit_text(p: dict[str, Any]) -> str:
    """Shrink text to its ``width`` (down to ``min_size``) or report the overflow."""
    from .units import to_mm

    if p["width"] is None:
        return ""
    size = float(p["size"])
    min_size = float(p["min_size"] if p["min_size"] is not None else size * 0.8)
    w = to_mm(fonts.width(p["text"], p["font"], size))
    if w <= p["width"] + 1e-6:
        return ""
    fitted = size * p["width"] / w
    if fitted + 1e-6 < min_size:
        return (
            f"text '{p['text']}' is {w:.1f} mm wide at {size:g} pt; the box is {p['width']:g} mm "
            f"and it would need {fitted:.1f} pt (smallest allowed {min_size:g} pt): shorten it"
        )
    p["size"] = fitted
    return ""


def text_width(p: dict[str, Any]) -> float:
    return _text_width(p["text"], p["size"], p["font"])


def bbox(kind: str, p: dict[str, Any]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm, y downwards."""
    if kind == "rect":
        return (p["x"], p["y"], p["x"] + p["w"], p["y"] + p["h"])
    if kind == "circle":
        return (p["x"] - p["r"], p["y"] - p["r"], p["x"] + p["r"], p["y"] + p["r"])
    if kind == "line":
        return (min(p["x1"], p["x2"]), min(p["y1"], p["y2"]), max(p["x1"], p["x2"]), max(p["y1"], p["y2"]))
    if kind == "shape":
        h = p["size"] / 2
        return (p["x"] - h, p["y"] - h, p["x"] + h, p["y"] + h)
    from .units import MM_PER_IN

    w = text_width(p)
    size_mm = float(p["size"]) * MM_PER_IN / 72
    x = p["x"]
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[p["align"]]
    up, down = ASCENT * size_mm, DESCENT * size_mm
    if p["rotate"] == 180:
        x0 = 2 * x - (x0 + w)
        return (x0, p["y"] - down, x0 + w, p["y"] + up)
    return (x0, p["y"] - up, x0 + w, p["y"] + down)

