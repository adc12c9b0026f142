"""The one boundary between the library and the user: errors become messages
on standard error and exit codes, the same way in every command.

Exit status (README, "Exit status"):
- 0: done; the deck or game is valid.
- 1: the input has faults: ``check``, the game breaks a rule or a recorded
  value differs; ``validate``, ``stats``, ``build``, ``deal``, the deck or a template has
  faults, or asks for a layout that cannot be made.
- 2: the command could not run: a bad flag; an input that is missing (a deck
  folder, a log, a templates folder); a log that cannot be read, or its deck
  (``check``, ``replay``: the game-log contract); an output that cannot be
  written, or is refused (:class:`~hi5pnp.errors.OutputError`: an output
  file that names an input, a link or a device; a folder of others' files).
- 130: stopped by Ctrl-C (SIGINT); 143: stopped by SIGTERM (``kill``). The
  command's clean-ups run first (a temporary file or folder is removed; an
  output is written whole or not at all), and nothing is told as a result:
  a script reading the status never mistakes a stopped ``simulate`` for NOT
  FAIR (1).
- 141: standard output was closed early (``hi5pnp check logs/ | head -1``),
  as for any command a closed pipe stops.
"""

from __future__ import annotations

import atexit
import errno
import gc
import importlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, NoReturn

import click

from ..errors import CANNOT_RUN, FAULTS, Hi5Error, printable

# When the process ends, what is still alive is frozen out of the garbage
# collector's sight: the interpreter's last collections then skip it (the
# system takes the memory back whole). ``hi5pnp check`` of a thousand logs
# ends 30 ms sooner (docs/game-log.md, "How fast").
atexit.register(gc.freeze)

OK, NO, CANNOT, CLOSED_PIPE = 0, FAULTS, CANNOT_RUN, 141
INTERRUPTED, TERMINATED = 128 + signal.SIGINT, 128 + signal.SIGTERM  # 130, 143: as a shell reports a signal


class Terminated(BaseException):
    """SIGTERM, raised where the command is, so that its ``finally`` blocks
    and context managers clean up as for Ctrl-C. (A BaseException, as
    KeyboardInterrupt is: no ``except Exception`` takes it for a fault.)"""


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated


@contextmanager
def _signals_as_exceptions() -> Iterator[None]:
    """While a command runs: SIGTERM raises :class:`Terminated` (Ctrl-C
    raises KeyboardInterrupt already); the handler before is put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may take signals
        return
    before = signal.getsignal(signal.SIGINT), signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])


def _stopped(status: int, how: str) -> NoReturn:
    """The command was stopped from outside: say so on one line, and exit with ``status``."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not turn the way out into a traceback
    with suppress(OSError):
        click.echo(f"hi5pnp: stopped ({how}); no result", err=True)
    sys.exit(status)


def exit_code(error: Hi5Error) -> int:
    """The exit status of a command that stops on ``error``, the same in every
    command: the one its kind carries (``exit_status``): a library option
    given a value it does not take is a bad flag (2); a rule the engine was
    asked to break is the input's fault (1); text that is not a turn, a log
    that cannot be read (2)."""
    return error.exit_status


class Failure(click.ClickException):
    """The command could not run: lines for standard error, exit status 2."""

    exit_code = CANNOT

    def __init__(self, lines: list[str]):
        super().__init__("\n".join(lines))
        self.lines = lines

    def show(self, file: Any = None) -> None:
        for line in self.lines:
            click.echo(printable(line), err=True)  # a name quoted from a file or a flag shows as text, never as control


class Faulty(Failure):
    """The input has faults: lines for standard error, exit status 1."""

    exit_code = NO


def fail(error: Hi5Error) -> NoReturn:
    """Stop the command on ``error``, with its lines and its exit status."""
    raise (Faulty if exit_code(error) == NO else Failure)(error.lines())


def _quiet_closed_pipe() -> None:
    """Send what is left of standard output nowhere, so that Python's last
    flush does not complain about the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class _QuietPipe:
    """Ends quietly, with status 141, when standard output is closed early,
    whether in the command's own output or in click's (help, version)."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            made: click.Context = super().make_context(info_name, args, parent, **extra)  # type: ignore[misc]
            return made
        except OSError as exc:
            if not _is_output_failure(exc):
                raise
            _output_failed(exc)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)  # type: ignore[misc]
        except OSError as exc:
            if not _is_output_failure(exc):
                raise
            _output_failed(exc)
        except KeyboardInterrupt:
            _stopped(INTERRUPTED, "Ctrl-C")
        except Terminated:
            _stopped(TERMINATED, "terminated")

    def main(self, *args: Any, **extra: Any) -> Any:
        with _signals_as_exceptions():
            return super().main(*args, **extra)  # type: ignore[misc]


def _is_output_failure(exc: OSError) -> bool:
    """A closed pipe, or an output that cannot take more (a full disk, /dev/full)."""
    return isinstance(exc, BrokenPipeError) or exc.errno in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT)


def _output_failed(exc: OSError) -> NoReturn:
    """Standard output cannot take what the command writes: closed early (141,
    quietly), or failing (a full disk: a message, 2)."""
    _quiet_closed_pipe()
    if isinstance(exc, BrokenPipeError):
        sys.exit(CLOSED_PIPE)
    click.echo(f"hi5pnp: cannot write its output: {exc.strerror or exc}", err=True)
    sys.exit(CANNOT)


class Command(_QuietPipe, click.Command):
    """A command whose library errors become messages and an exit status (:func:`exit_code`)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Hi5Error as exc:
            fail(exc)


class Group(_QuietPipe, click.Group):
    """The command group. ``lazy`` names commands by where they are defined
    (name: (module of this package, function)); each is imported when it is
    asked for, so a command loads only its own module."""

    command_class = Command

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str]] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module, name = self.lazy[cmd_name]
            command = getattr(importlib.import_module(f"{__package__}.{module}"), name)
            assert isinstance(command, click.Command) and command.name == cmd_name, (cmd_name, command)
            self.add_command(command)
        return super().get_command(ctx, cmd_name)


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: hi5pnp's, and those of the libraries that shape its PDFs."""
    if not value or ctx.resilient_parsing:
        return
    import pypdf
    import reportlab

    from ..version import __version__

    click.echo(f"hi5pnp {__version__} (reportlab {reportlab.Version}, pypdf {pypdf.__version__}; Python {sys.version.split()[0]})")
    ctx.exit(OK)


#: A deck option's help: a bundled deck's name or a folder.
DECK_HELP = "Deck folder, or the name of a bundled deck (default: the bundled deck)."
#: The type of an option or argument naming a deck: completion offers folders.
DECK_TYPE = click.Path(file_okay=False)
TEMPLATES_HELP = "Layout templates folder (default: the deck's own templates/ folder if it has one, else the bundled templates)."
TEMPLATES_TYPE = click.Path(file_okay=False, exists=True, path_type=Path)


def one_deck(deck_arg: str | None, deck_opt: str | None) -> str | None:
    """The deck named as the argument DECK or with --deck, which are the same (not both)."""
    if deck_arg and deck_opt and deck_arg != deck_opt:
        raise click.UsageError("name the deck once: as DECK or with --deck")
    return deck_opt or deck_arg
