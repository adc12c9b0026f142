"""Each table's secret link (``/event/table/<token>``): a token per table
of a round, made with :func:`secrets.token_urlsafe` and kept in the event's
folder as ``round<R>-links.json`` (a new file, never replaced), so a desk
started again knows them. A token names one table of one round and nothing
else; the desk refuses it once that round is closed."""

from __future__ import annotations

import contextlib
import hmac
import json
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ...errors import Hi5Error, OptionError, OutputError, printable
from ...files import write_new
from ...infile import read_bytes

LINKS = re.compile(r"round([0-9]{1,6})-links\.json")
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")  # what token_urlsafe gives
PATH = "/event/table/"


@dataclass(frozen=True)
class TableLink:
    """One table's link: its round, its number and its secret."""

    round: int
    table: int
    token: str


def links_name(round_number: int) -> str:
    """The file of a round's links: ``round3-links.json``."""
    return f"round{round_number}-links.json"


def new_links(round_number: int, tables: Iterable[int]) -> str:
    """A round's links file: a fresh token for each table."""
    return json.dumps({"round": round_number, "tables": {str(t): secrets.token_urlsafe(24) for t in tables}}, indent=1) + "\n"


def read_links(folder: Path, round_number: int) -> dict[int, str]:
    """The tokens of a round's tables (none without its file, or when it cannot be read as the desk writes it)."""
    path = folder / links_name(round_number)
    try:
        said = json.loads(read_bytes(path, path.name, folder.resolve(), 1 << 20))
        tables = said["tables"]
        got = {int(k): str(v) for k, v in tables.items()} if said.get("round") == round_number else {}
    except (Hi5Error, ValueError, KeyError, TypeError, AttributeError):
        return {}
    return {t: v for t, v in got.items() if TOKEN.fullmatch(v)}


def links_of(folder: Path, round_number: int, tables: Iterable[int]) -> dict[int, str]:
    """A round's tokens, its file written first when it has none (a round
    paired before the desk made links); a table the file lacks has none."""
    wanted = sorted(set(tables))
    if not (folder / links_name(round_number)).exists() and wanted:
        with contextlib.suppress(OutputError):  # written meanwhile, or the folder takes no file: read what is there
            write_new(folder / links_name(round_number), new_links(round_number, wanted).encode("utf-8"))
    return read_links(folder, round_number)


def find_link(folder: Path, token: str) -> TableLink | None:
    """The table a token opens, of any round's links file (each compared in constant time); None for any other."""
    if not TOKEN.fullmatch(token):
        return None
    found = None
    for path in sorted(folder.iterdir()):
        m = LINKS.fullmatch(path.name)
        if m is None:
            continue
        number = int(m.group(1))
        for table, secret in read_links(folder, number).items():
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = TableLink(number, table, secret)
    return found


def checked_base(base: str) -> str:
    """The desk's address as a URL's start (``http://192.168.1.20:8765``); :class:`OptionError` saying what to give for anything else."""
    from urllib.parse import urlsplit

    parts = urlsplit(base.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise OptionError(printable(f"--url {base}: the desk's address as the players' phones reach it, such as http://192.168.1.20:8765"))
    return base.strip().rstrip("/")


def table_url(base: str, token: str) -> str:
    """The table's page at the desk's address ``base`` (``http://192.168.1.20:8765``)."""
    return f"{base.rstrip('/')}{PATH}{token}"
