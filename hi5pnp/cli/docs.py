"""``hi5pnp docs``: the documentation that ships with the package, listed or
printed, so that an installed hi5pnp carries its own manual."""

from __future__ import annotations

import difflib

import click

from ..errors import shown_path
from .base import Command


@click.command(name="docs", cls=Command)
@click.argument("page", required=False)
def docs(page: str | None) -> None:
    """List the documentation's pages, or print PAGE (e.g. deck-format).

    The pages are installed with hi5pnp; README's links (docs/deck-format.md)
    name the same files: hi5pnp docs deck-format | less
    """
    from ..data import doc_pages, docs_folder

    pages = doc_pages()
    if page is None:
        for name, path in pages.items():
            click.echo(f"{name:<13} {_title(path.read_text(encoding='utf-8'))}")
        if pages:
            click.echo(f"(in {shown_path(docs_folder())}/; hi5pnp docs PAGE prints one)")
        return
    name = page.removesuffix(".md").removeprefix("docs/")
    if name not in pages:
        close = difflib.get_close_matches(name, list(pages), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f"; the pages: {', '.join(pages)}"
        raise click.BadParameter(f"no page '{page}'{hint}", param_hint="PAGE")
    click.echo(pages[name].read_text(encoding="utf-8"), nl=False)


def _title(text: str) -> str:
    """A page's first heading."""
    return next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")), "")
