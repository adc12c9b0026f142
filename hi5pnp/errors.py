"""One error hierarchy. Library code raises these; only :mod:`hi5pnp.cli`
turns them into messages and exit codes."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

# control characters, line and paragraph separators, and the marks that reorder
# text on a terminal (a right-to-left override can disguise a name)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` safe for a terminal and on one line: control characters (an
    escape sequence in a log, a line break) shown as ``\\x1b``, ``\\n``."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as messages show it: relative to the current folder when inside
    it, as the user named it (links are not followed, so ``cards/`` stays
    ``cards/``)."""
    absolute = os.path.abspath(path)
    try:
        return str(Path(absolute).relative_to(os.path.abspath(os.getcwd()))) or "."
    except ValueError:
        return absolute


class Fault(NamedTuple):
    """One problem found in an input file, printed compiler-style:
    ``path:line:column: message`` (line and column 0 when unknown)."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        path, message = printable(self.path), printable(self.message)
        if self.line <= 0:
            return f"{path}: {message}"
        if self.column <= 0:
            return f"{path}:{self.line}: {message}"
        return f"{path}:{self.line}:{self.column}: {message}"


class Hi5Error(Exception):
    """Base of every error hi5pnp reports to a user."""

    def lines(self) -> list[str]:
        """The message, one printed line per item."""
        return str(self).splitlines() or [type(self).__name__]


class InputError(Hi5Error):
    """One or more faults in input files, in the order of their files and lines."""

    def __init__(self, faults: list[Fault] | Fault):
        self.faults = sorted(faults) if isinstance(faults, list) else [faults]
        super().__init__("\n".join(str(f) for f in self.faults))

    def lines(self) -> list[str]:
        return [str(f) for f in self.faults]

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Fault]]]:
        # remade from its faults when it comes back from a worker process
        return (type(self), (self.faults,))


class DeckError(InputError):
    """The deck has faults: YAML that does not parse, or a broken invariant."""


class DeckNotFoundError(DeckError):
    """There is no deck to read: the folder is missing, or not a folder."""


class TemplateError(InputError):
    """A layout template does not render, or describes an impossible layout."""


class LogError(InputError):
    """A game log cannot be read (or its deck cannot): a read fault."""


class LayoutError(Hi5Error):
    """A requested layout cannot be made (a card that does not fit the paper)."""


class OutputError(Hi5Error):
    """An output cannot be written, or may not be: an unwritable folder, a path
    that is a link, a device or an input of the run, a folder of someone
    else's files."""
