"""The command line: ``hi5pnp new | export | build | validate | stats | check | replay | deal |
standings | pairings | result | simulate | tune | play | images | preview | preflight | docs | serve |
translations``.

The only place where errors become messages and exit codes
(:mod:`.base`). Each command's module is imported only when that command
runs (:class:`~.base.Group` loads it by name, click's way of loading
subcommands lazily), and each command imports what it needs when it runs,
so that ``hi5pnp check`` never loads the PDF stack or the other commands'
option tables.
"""

from __future__ import annotations

import click

from .base import Group, print_version

#: Each command's name and where it is defined (module of this package, function).
COMMANDS = {
    "new": ("deck", "new"),
    "export": ("deck", "export"),
    "build": ("build", "build"),
    "validate": ("deck", "validate"),
    "stats": ("deck", "stats"),
    "check": ("judge", "check"),
    "replay": ("judge", "replay"),
    "deal": ("judge", "deal_cmd"),
    "standings": ("event", "standings"),
    "pairings": ("event", "pairings"),
    "result": ("event", "result"),
    "simulate": ("sim", "simulate"),
    "tune": ("tune", "tune"),
    "play": ("play", "play"),
    "images": ("images", "images"),
    "preview": ("images", "preview"),
    "preflight": ("images", "preflight"),
    "docs": ("docs", "docs"),
    "serve": ("serve", "serve"),
    "translations": ("translations", "translations"),
}


@click.group(cls=Group, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=print_version,
    help="Show the versions of hi5pnp, reportlab and pypdf, and exit.",
)
def main() -> None:
    """Print-and-play kit and judge's rules checker for High Five: The Golden Gauntlet.

    Shell completion: eval "$(_HI5PNP_COMPLETE=bash_source hi5pnp)" (zsh_source, fish_source).
    """
