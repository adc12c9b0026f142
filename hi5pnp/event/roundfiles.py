"""A round's files (``pairings --logs DIR``, revision 5 of docs/game-log.md):
a log skeleton per table, seating the player who moves first north with
``first: north``, and the bye as a log of its own. The files of a round are
written all or none, even when the command is stopped midway (:func:`write_round`)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..deck import Deck
from ..errors import Hi5Error, OutputError, printable
from ..files import check_output, make_folder, write_new
from ..judge.deal import deck_line, skeleton
from ..judge.log import FORMAT
from ..judge.logwrite import quote
from ..rules import deal
from .pairings import Pairing, Table


def deal_seed(seed: int, round_number: int, table: int) -> int:
    """The seed a table's deal is made with: each round and table its own, ``hi5pnp deal --seed`` gives it again."""
    return seed * 1_000_000 + round_number * 1000 + table


def table_log(deck: Deck, deck_name: str, t: Table, round_number: int, event: str, seed: int, game: int = 1) -> str:
    """A table's log skeleton: ``hi5pnp deal``'s, with the event, the round and
    table (and the game, for a knockout table's replay), both players filled
    in, and the player who moves first north."""
    n = deal_seed(seed, round_number, t.number) + 500 * (game - 1)  # a replay: a deal of its own
    made = skeleton(deal(deck, random.Random(n)), deck_name, deck.edition, n)
    players = f"players: {{north: {quote(t.first.player)}, south: {quote(t.second.player)}}}   # north moves first"
    filled = []
    for line in made.splitlines():
        if line.startswith("event: "):
            filled += [f"event: {quote(event)}", f"round: {round_number}", f"table: {t.number}", *([f"game: {game}"] if game > 1 else [])]
        elif line.startswith("players: "):
            filled.append(players)
        elif line.startswith("first: "):
            filled.append("first: north")
        else:
            filled.append(line)
    return "\n".join(filled) + "\n"


def bye_log(deck_name: str, player: str, round_number: int, event: str) -> str:
    """The bye as a log: an adjudicated win for the one player named, ``reason: bye``."""
    return (
        "\n".join(
            [
                f"# A bye: {printable(player)} wins round {round_number} without a game (written by hi5pnp pairings).",
                f"log: {FORMAT}",
                f"deck: {deck_line(deck_name)}",
                f"event: {quote(event)}",
                f"round: {round_number}",
                f"players: {{north: {quote(player)}}}",
                "adjudicated: {winner: north, reason: bye}",
            ]
        )
        + "\n"
    )


def round_files(p: Pairing, deck: Deck, deck_name: str, event: str, seed: int) -> dict[str, str]:
    """Each file of the round by its name: ``round<R>-table<T>.yaml``, ``round<R>-bye.yaml``."""
    part = f"-game{p.game}" if p.game > 1 else ""
    files = {f"round{p.round}-table{t.number}{part}.yaml": table_log(deck, deck_name, t, p.round, event, seed, p.game) for t in p.tables}
    if p.bye is not None:
        files[f"round{p.round}-bye.yaml"] = bye_log(deck_name, p.bye.player, p.round, event)
    return files


def write_round(folder: Path, files: dict[str, str], slips: tuple[Path, bytes] | None = None, keep: Sequence[Path] = ()) -> list[Path]:
    """Write a round's files into ``folder`` (and the slips PDF) all or none,
    even when the command is stopped meanwhile: every target checked first;
    each file written whole into a hidden folder of ``folder`` (which no
    reader of the event looks into); then, with Ctrl-C and SIGTERM held back
    for those few milliseconds, each linked to its name (never over a file)
    and the slips written; on any failure those placed are removed and the
    :class:`OutputError` says why. A stop while the files are being made
    leaves none of them. The written paths, in order."""
    from ..files import PDF, write_output

    targets = [folder / name for name in files]
    taken = [t for t in targets if os.path.lexists(t)]
    if taken:
        raise OutputError("\n".join(printable(f"{t}: exists already; pairings never replaces a log, and writes none of the round") for t in taken))
    if slips is not None:
        check_output(slips[0], keep=[*keep, *targets], kind=PDF)
    make_folder(folder)  # a file there, a name too long, no right: one line, exit 2
    staging: Path | None = None
    written: list[Path] = []
    try:
        with _held_back():  # a stop between the folder's making and this try would leave it behind
            try:
                staging = Path(tempfile.mkdtemp(dir=folder, prefix=STAGING))
            except OSError as exc:
                raise OutputError(printable(f"{folder}: cannot be written: {exc.strerror or exc}")) from None
        try:
            for target, text in zip(targets, files.values()):
                write_new(staging / target.name, text.encode("utf-8"))
        except (Hi5Error, OSError) as exc:
            message = str(exc) if isinstance(exc, Hi5Error) else f"cannot be written: {exc}"
            raise OutputError(f"{message}; none of the round's files is left written") from None
        with _held_back():
            try:
                for target in targets:
                    os.link(staging / target.name, target)  # a name taken meanwhile: FileExistsError, nothing replaced
                    written.append(target)
                if slips is not None:
                    write_output(slips[0], slips[1], keep=[*keep, *targets], kind=PDF)
                    written.append(slips[0])
            except (Hi5Error, OSError) as exc:
                for done in written:
                    done.unlink(missing_ok=True)
                message = str(exc) if isinstance(exc, Hi5Error) else f"cannot be written: {exc}"
                raise OutputError(f"{message}; none of the round's files is left written") from None
    finally:
        if staging is not None:
            with _held_back():  # a stop mid-removal would leave part of it
                shutil.rmtree(staging, ignore_errors=True)
    return written


STAGING = ".hi5pnp-round-"  # the hidden folder a round is made in before it is placed


@contextmanager
def _held_back() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back (delivered when the block ends), where
    the system can (a POSIX system's main thread); elsewhere nothing."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
