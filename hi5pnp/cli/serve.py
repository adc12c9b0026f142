"""``hi5pnp serve``: the local web desk (:mod:`hi5pnp.web`), started with
uvicorn on this machine's own address unless told otherwise."""

from __future__ import annotations

from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    import socket

from .base import DECK_HELP, DECK_TYPE, TEMPLATES_HELP, TEMPLATES_TYPE, Command, Failure

LOCAL = ("127.0.0.1", "localhost", "::1")


@click.command(cls=Command)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--logs", type=click.Path(file_okay=False, exists=True, path_type=Path), help="The judge's folder of game logs, only read.")
@click.option(
    "--event",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    help="An event's folder: its logs as --logs gives them, and the event page may add new files to it "
    "(a round's logs and slips, played logs, rulings), never replacing one.",
)
@click.option(
    "--alias",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="The standings' alias file: other spellings of players' names (as hi5pnp standings --alias).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("hi5pnp-desk"),
    show_default=True,
    help="The desk's own folder: kits built on the print page, pasted logs.",
)
@click.option("--templates", type=TEMPLATES_TYPE, help=TEMPLATES_HELP)
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="The port (0: any free one).")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="The address to listen on. Anything but this machine's own lets others on the network use the desk."
)
@click.option(
    "--lang",
    metavar="LANG",
    default=None,
    help="Every page in this language (a code: de), whatever the browser prefers; without it, each browser gets the language "
    "it asks for (Accept-Language) among those hi5pnp speaks, else English.",
)
def serve(
    deck: str | None, logs: Path | None, event: Path | None, alias: Path | None, out: Path, templates: Path | None, port: int, host: str, lang: str | None
) -> None:
    """Start the web desk and print its address: the designer's gallery
    (following the deck's files as they are saved), the judge's and the
    event's pages, the print page and the table. Ctrl-C stops it."""

    import uvicorn

    from ..deck import load_deck
    from ..errors import DeckError, DeckNotFoundError
    from ..language import language
    from ..web import Desk, make_app

    lang = language(lang, "--lang") if lang is not None else None

    try:
        load_deck(deck)
    except DeckNotFoundError:
        raise
    except DeckError as exc:  # the gallery shows them, and the cards once they are mended
        click.echo(f"note: the deck has {len(exc.faults)} fault(s); the gallery shows them", err=True)
    if logs is not None and event is not None:
        raise click.UsageError("--logs and --event both name the judge's folder: give one (--event lets the desk add files to it)")
    if out.exists() and not out.is_dir():
        raise Failure([f"{out}: not a folder; --out names the desk's own folder"])
    if host not in LOCAL:
        click.echo(f"warning: listening on {host}: anyone who can reach this machine there can use the desk", err=True)
        click.echo(
            "note: a game at the table is played only through its seats' links, each with a secret of its own, and watched through its "
            "spectator's link (the page of the person who deals it shows them); requests for other host names, and posts from other sites, "
            "are refused",
            err=True,
        )
    if alias is not None:
        from ..event.aliases import read_aliases

        read_aliases(str(alias))  # a fault in it is told now, not on the judge's page
    desk = Desk(deck=deck, logs=event or logs, out=out, templates=templates, alias=alias, event=event is not None, lang=lang)
    answered = _own_names() if host in ("0.0.0.0", "::") else [host]  # every address: the machine's own names, never any Host
    hosts = None if host in LOCAL else [*answered, "127.0.0.1", "localhost"]
    sock = listening(host, port)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"the hi5pnp desk is at http://{shown}:{sock.getsockname()[1]}/ (Ctrl-C stops it)")
    if event is not None and host not in LOCAL:  # the judge's pages for the judge; the tables' pages by their own links
        import secrets

        reached = shown if host not in ("0.0.0.0", "::") else next((n for n in answered if n.count(".") == 3 and not n.startswith("127.")), shown)
        desk.public_url = f"http://{reached}:{sock.getsockname()[1]}"
        desk.judge_key = secrets.token_urlsafe(24)
        click.echo(f"the judge's link (open it once on each of the judge's devices; this machine needs none): {desk.public_url}/judge-link/{desk.judge_key}")
        click.echo(f"the tables' links and QR codes to print: {desk.public_url}/event/slips (on the judge's devices)", err=True)
    config = uvicorn.Config(make_app(desk, hosts), log_level="warning", lifespan="on", timeout_graceful_shutdown=1)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            desk.changes.close()  # Ctrl-C: the open pages' event streams end at once, so the connections close cleanly
            super().handle_exit(sig, frame)

    Server(config).run(sockets=[sock])  # the watch on the deck stops with the app


def listening(host: str, port: int) -> socket.socket:
    """The desk's socket, bound and listening on ``host``:``port``; Failure when it cannot."""
    import socket

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a desk stopped and started again gets its port back at once
    # each answer is written as its head, then its body: without this, the body waits for the browser's
    # delayed acknowledgement of the head (Nagle's algorithm), 40 ms on every request (the connections inherit it)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # a browser opened at once on the address printed waits, never refused
    except OSError as exc:
        sock.close()
        raise Failure([f"{host}:{port}: cannot listen there: {exc.strerror or exc}"]) from None
    return sock


def _own_names() -> list[str]:
    """This machine's names and addresses, the hosts a desk on every address answers to."""
    import socket

    names = {socket.gethostname(), socket.getfqdn()}
    for name in list(names):
        try:
            names |= {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
        except OSError:
            continue
    return sorted(n if ":" not in n else f"[{n}]" for n in names if n)
