"""One error hierarchy. Library code raises these; only the CLI turns them
into messages and exit codes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def shown_path(path: Path) -> str:
    """A path as messages show it: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


@dataclass(frozen=True, order=True)
class Fault:
    """One problem found in an input file, printed compiler-style."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        if self.line <= 0:
            return f"{self.path}: {self.message}"
        if self.column <= 0:
            return f"{self.path}:{self.line}: {self.message}"
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class Hi5Error(Exception):
    """Base of every error hi5pnp reports to a user."""

    exit_code = 1

    def lines(self) -> list[str]:
        return [str(self)]


class InputError(Hi5Error):
    """One or more faults in input files (a deck, a template, a log)."""

    def __init__(self, faults: list[Fault] | Fault):
        self.faults = sorted(faults) if isinstance(faults, list) else [faults]
        super().__init__("\n".join(str(f) for f in self.faults))

    def lines(self) -> list[str]:
        return [str(f) for f in self.faults]

    def __reduce__(self) -> tuple:
        # remade from its faults when it comes back from a build worker
        return (type(self), (self.faults,))


class DeckError(InputError):
    """The deck cannot be loaded: YAML that does not parse or breaks an invariant."""


class TemplateError(InputError):
    """A layout template does not render or describes an impossible layout."""


class LayoutError(Hi5Error):
    """A requested layout cannot be made (a card that does not fit the paper)."""


class OutputError(Hi5Error):
    """The kit cannot be written (an unwritable out folder)."""
