"""The command line: ``hi5pnp new | export | build | validate | stats | check | replay | deal |
standings | pairings | simulate | tune | play | images | preview | preflight | docs | serve``.

The only place where errors become messages and exit codes
(:mod:`.base`). Each command imports what it needs when it runs, so that
``hi5pnp check`` never loads the PDF stack.
"""

from __future__ import annotations

import click

from .base import Group, print_version
from .build import build
from .deck import export, new, stats, validate
from .docs import docs
from .event import pairings, standings
from .images import images, preflight, preview
from .judge import check, deal_cmd, replay
from .play import play
from .serve import serve
from .sim import simulate
from .tune import tune


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version", is_flag=True, expose_value=False, is_eager=True, callback=print_version,
    help="Show the versions of hi5pnp, reportlab and pypdf, and exit.",
)  # fmt: skip
def main() -> None:
    """Print-and-play kit and judge's rules checker for High Five: The Golden Gauntlet.

    Shell completion: eval "$(_HI5PNP_COMPLETE=bash_source hi5pnp)" (zsh_source, fish_source).
    """


COMMANDS = (new, export, build, validate, stats, check, replay, deal_cmd, standings, pairings, simulate, tune, play, images, preview, preflight, docs, serve)
for command in COMMANDS:
    main.add_command(command)
