"""A translation keeps its message's placeholders: each ``%(name)s`` it
uses is one the message has, a per cent sign in a message with placeholders
is written ``%%``, and each ``{name}`` of a score sheet's word is one the
message has. A translation that breaks this would stop the build where it
is used; it is found when the catalogue is read instead, at its line."""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

from ..errors import Fault, printable, shown_path

if TYPE_CHECKING:
    from pathlib import Path

    from babel.messages.catalog import Catalog

PERCENT = re.compile(r"%\((\w+)\)")
BRACE = re.compile(r"\{(\w+)\}")
#: a %-conversion: its name, flags, width, precision and type
CONVERSION = re.compile(r"%(?:\((\w*)\))?([-#0 +]*)(\*|\d+)?(?:\.(\*|\d+))?([diouxXeEfFgGcrsa%]?)")
MOST_WIDTH = 999  # a width or precision a translation may give: three digits


def placeholder_faults(catalog: Catalog, path: Path) -> list[Fault]:
    """A fault at each translation of ``catalog`` that does not fill in as its message does."""
    faults = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        said = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for text in (s for s in said if s):
            why = _fills(" ".join(ids), text, "python-format" in message.flags or bool(PERCENT.search(" ".join(ids))))
            if why:
                shown = printable(ids[0] if len(ids[0]) <= 40 else ids[0][:37] + "...")
                faults.append(Fault(shown_path(path), message.lineno or 0, 0, f"the translation of {shown!r} {why}"))
    return faults


def _fills(message: str, translation: str, percent: bool) -> str:
    """Why ``translation`` does not fill in with the values ``message`` is
    given, or "". It is never filled in to tell: its placeholders are read,
    so a width of a billion is refused, not tried."""
    return _percent_fault(message, translation) if percent else _brace_fault(message, translation)


def _percent_fault(message: str, translation: str) -> str:
    names = dict.fromkeys(PERCENT.findall(message), 1)
    for name, _flags, width, precision, kind in CONVERSION.findall(translation):
        if kind == "%" and not name and not width and not precision:
            continue  # %% is a per cent sign
        if not kind:
            return "does not fill in: write a per cent sign %% in a message with placeholders"
        if names and not name:
            return f"has a %{kind} without a name; the message's placeholders are {_listed(names)}"
        if name and name not in names:
            return f"uses %({name})…, which the message does not have ({_listed(names)})"
        if "*" in (width, precision) or any(n and int(n) > MOST_WIDTH for n in (width, precision)):
            return f"gives a width or precision that is not a number up to {MOST_WIDTH} (%({name}){width}{'.' + precision if precision else ''}{kind})"
    try:
        translation % names
    except (KeyError, ValueError, TypeError) as exc:
        return f"does not fill in ({exc}): write a per cent sign %% in a message with placeholders"
    return ""


def _brace_fault(message: str, translation: str) -> str:
    names = dict.fromkeys(BRACE.findall(message), 1)
    try:
        fields = [f for f in string.Formatter().parse(translation) if f[1] is not None]
    except ValueError as exc:
        return f"does not fill in ({exc}): write a brace as {{{{ or }}}}" if names else ""  # a message never filled in may hold a lone brace
    for _text, name, spec, _conversion in fields:
        if name not in names:
            if not re.fullmatch(r"\w+", name or ""):
                return f"has the field {{{name}}}: a field is a name of the message ({_listed(names, '{', '}')}), with no '.', '[' or number"
            return f"uses {{{name}}}, which the message does not have ({_listed(names, '{', '}')})"
        if spec and ("{" in spec or any(int(d) > MOST_WIDTH for d in re.findall(r"\d+", spec))):
            return f"gives {{{name}:{spec}}} a width or precision that is not a number up to {MOST_WIDTH}"
    return ""


def _listed(names: dict[str, int], before: str = "%(", after: str = ")") -> str:
    return ", ".join(f"{before}{n}{after}" for n in names) or "none"
