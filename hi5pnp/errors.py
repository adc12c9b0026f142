"""One error hierarchy. Library code raises these; only :mod:`hi5pnp.cli`
turns them into messages and exit codes.

Every error the library raises on purpose is a :class:`Hi5Error`: faults in
input files (:class:`InputError` and its kinds), layouts that cannot be made,
a kit that cannot be written, an option given a value it does not take
(:class:`OptionError`), and the rules package's own (``RulesError``: the
engine was asked to break a rule; ``NotationError``: text that is not a turn).

Each kind carries the exit status a command that stops on it ends with
(``exit_status``, as click's own exceptions carry theirs): 1 when the input
has faults, 2 when the command could not run (README, "Exit status").
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from .textsafe import printable as printable  # messages show names as text (the one helper)


def some_names(names: list[str], most: int = 5) -> str:
    """The first ``most`` of ``names`` for a message, each :func:`printable`,
    and how many more: "a.pdf, b.txt and 3 more"."""
    shown = ", ".join(printable(n) for n in names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


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


#: The exit status of an error in the input (a fault of the deck, a rule broken).
FAULTS = 1
#: The exit status of a command that could not run (a bad flag, a missing or unreadable input, an unwritable output).
CANNOT_RUN = 2


class Hi5Error(Exception):
    """Base of every error hi5pnp reports to a user."""

    #: the exit status of a command that stops on this error (README, "Exit status")
    exit_status = CANNOT_RUN

    def lines(self) -> list[str]:
        """The message, one printed line per item."""
        return str(self).splitlines() or [type(self).__name__]


#: The most faults a message lists; the rest are counted ("and 2,900 more faults").
MOST_FAULTS = 100


def capped(faults: Sequence[object], most: int = MOST_FAULTS) -> list[str]:
    """The first ``most`` of ``faults`` as lines and a count of the rest: a
    file of thousands of faults is told in a screenful, not in thousands of lines."""
    shown = [str(f) for f in faults[: most + 1 if len(faults) == most + 1 else most]]  # one more is told, not counted
    rest = len(faults) - len(shown)
    return shown + ([f"and {rest:,} more fault{'s' * (rest != 1)}"] if rest else [])


class InputError(Hi5Error):
    """One or more faults in input files, in the order of their files and
    lines; told (:meth:`lines`) as the first :data:`MOST_FAULTS` and a count."""

    exit_status = FAULTS

    def __init__(self, faults: list[Fault] | Fault):
        self.faults = sorted(faults) if isinstance(faults, list) else [faults]
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return capped(self.faults)

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Fault]]]:
        # remade from its faults when it comes back from a worker process
        return (type(self), (self.faults,))


class DeckError(InputError):
    """The deck has faults: YAML that does not parse, or a broken invariant."""


class DeckNotFoundError(DeckError):
    """There is no deck to read: the folder is missing, or not a folder."""

    exit_status = CANNOT_RUN


class TemplateError(InputError):
    """A layout template does not render, or describes an impossible layout."""


class LogError(InputError):
    """A game log cannot be read (or its deck cannot): a read fault (the
    game-log contract: the command could not run)."""

    exit_status = CANNOT_RUN


class EventError(Hi5Error):
    """An event's next round cannot be paired: a round still open, the planned
    rounds all paired, too few players, no pairing without a rematch."""


class LayoutError(Hi5Error):
    """A requested layout cannot be made (a card that does not fit the paper)."""

    exit_status = FAULTS


class OutputError(Hi5Error):
    """An output cannot be written, or may not be: an unwritable folder, a path
    that is a link, a device or an input of the run, a folder of someone
    else's files."""


class TableError(Hi5Error):
    """A game at the desk's table cannot be dealt or played: the table holds
    as many games in progress as it may, or a seat's link is not the game's."""


class OptionError(Hi5Error, ValueError):
    """A value given to the library that one of its options does not take
    (``BuildOptions(flip="Long")``, ``papers=("a3",)``, a State's edition):
    the message names the option, the value and the values it takes. On the
    command line, a bad flag (exit status 2)."""


def _kind(value: object) -> type:
    for kind in (bool, str, int):  # bool before int: True is an int
        if isinstance(value, kind):
            return kind
    return type(value)


def _same(value: object, choice: object) -> bool:
    """``value`` is ``choice``, and of its kind: 1 is not True, nor 1.0, nor "1"
    (text is text, whether a ``str`` or a ``StrEnum``'s member)."""
    return _kind(value) is _kind(choice) and value == choice


def _shown(value: object) -> str:
    return repr(str(value)) if isinstance(value, str) else repr(value)


def choices_words(allowed: Iterable[object]) -> str:
    """ "'long' or 'short'", "1 or 2", "'a4', 'letter' or ..."."""
    shown = [_shown(a) for a in allowed]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def check_choice(option: str, value: object, allowed: Iterable[object]) -> None:
    """Raise :class:`OptionError` unless ``value`` is one of ``allowed``."""
    allowed = tuple(allowed)
    if not any(_same(value, a) for a in allowed):
        raise OptionError(f"{option}: {_shown(value)} is not one of its values; it takes {choices_words(allowed)}")


def check_number(option: str, value: object, low: float, high: float, unit: str = "", whole: bool = False) -> None:
    """Raise :class:`OptionError` unless ``value`` is a number (a whole one
    when ``whole``) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
        raise OptionError(f"{option}: {value!r} is not a {'whole ' if whole else ''}number; it takes {low:g}–{high:g}{unit}")
    if not low <= value <= high:
        raise OptionError(f"{option}: {value:g}{unit} is out of range; it takes {low:g}–{high:g}{unit}")
