"""A translation keeps its message's placeholders: each ``%(name)s`` it
uses is one the message has, a per cent sign in a message with placeholders
is written ``%%``, and each ``{name}`` of a score sheet's word is one the
message has. A translation that breaks this would stop the build where it
is used; it is found when the catalogue is read instead, at its line."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import Fault, printable, shown_path

if TYPE_CHECKING:
    from pathlib import Path

    from babel.messages.catalog import Catalog

PERCENT = re.compile(r"%\((\w+)\)")
BRACE = re.compile(r"\{(\w+)\}")


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
    """Why ``translation`` does not fill in with the values ``message`` is given, or ""."""
    if percent:
        names = dict.fromkeys(PERCENT.findall(message), 1)
        try:
            translation % names
        except KeyError as exc:
            return f"uses %({exc.args[0]})…, which the message does not have ({_listed(names)})"
        except (ValueError, TypeError) as exc:
            return f"does not fill in ({exc}): write a per cent sign %% in a message with placeholders"
        return ""
    names = dict.fromkeys(BRACE.findall(message), 1)
    if not names:
        return ""
    try:
        translation.format(**names)
    except KeyError as exc:
        return f"uses {{{exc.args[0]}}}, which the message does not have ({_listed(names, '{', '}')})"
    except (ValueError, IndexError) as exc:
        return f"does not fill in ({exc}): write a brace as {{{{ or }}}}"
    return ""


def _listed(names: dict[str, int], before: str = "%(", after: str = ")") -> str:
    return ", ".join(f"{before}{n}{after}" for n in names) or "none"
