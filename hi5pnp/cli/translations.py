"""``hi5pnp translations extract | init LANG | update``: a translator's
tools (docs/translating.md). They write the catalogues in the folder
``HI5PNP_TRANSLATIONS`` names, else in the package's own ``locale/``."""

from __future__ import annotations

import click

from .base import Group


@click.group(name="translations", cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
def translations() -> None:
    """Make the catalogues a translator edits (gettext .po files).

    extract writes the messages of the kit and tools (hi5pnp.pot); init LANG
    begins a language's catalogue from it; update brings every language's up
    to date. Edit a .po file with any PO editor, then build --lang LANG.
    """


@translations.command(name="extract")
def extract() -> None:
    """Write hi5pnp.pot: every message of the code and the templates."""
    from ..language import translating

    click.echo(translating.extract().line())


@translations.command(name="init")
@click.argument("lang")
def init(lang: str) -> None:
    """Begin the catalogue of LANG (a code: de, fr, pt_BR), every message untranslated."""
    from ..language import translating

    click.echo(translating.begin(lang).line())


@translations.command(name="update")
def update() -> None:
    """Extract again, and bring each language's catalogue up to date: new
    messages untranslated, changed ones marked fuzzy (shown in English until
    checked), gone ones dropped."""
    from ..language import translating

    for written in translating.update():
        click.echo(written.line())
