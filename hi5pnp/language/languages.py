"""The languages hi5pnp speaks: English, the language its text is written
in, and each language with a catalogue (``locale/LANG/LC_MESSAGES/hi5pnp.po``
in the package, or in the folder ``HI5PNP_TRANSLATIONS`` names).

A language is named by its code as gettext names it: ``de``, ``fr``,
``pt_BR``. What a user writes is read forgivingly (``DE``, ``de-DE`` and
``de_AT`` are German when hi5pnp has German but not Austrian German); a
language hi5pnp has no catalogue for is a :class:`LanguageError` naming the
ones it has.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import OptionError, printable

#: the language of the source text: every msgid is English, and English needs no catalogue
SOURCE = "en"
DOMAIN = "hi5pnp"
#: a folder of catalogues searched before the package's (a translator's own, for an installed hi5pnp)
FOLDER_VARIABLE = "HI5PNP_TRANSLATIONS"
#: ``--lang all``: every language hi5pnp has
ALL = "all"

_CODE = re.compile(r"^([A-Za-z]{2,3})(?:[-_]([A-Za-z0-9]{2,8}))?$")


class LanguageError(OptionError):
    """A language hi5pnp has no catalogue for, or a code that is not a language."""


def package_folder() -> Path:
    """The catalogues shipped in the package (``hi5pnp/locale``; pip installs a package as files)."""
    return Path(__file__).resolve().parent.parent / "locale"


def folders() -> list[Path]:
    """Where catalogues are looked for, first found first: the folder
    ``HI5PNP_TRANSLATIONS`` names (when set), then the package's."""
    own = os.environ.get(FOLDER_VARIABLE, "")
    return ([Path(own)] if own else []) + [package_folder()]


def po_path(folder: Path, lang: str) -> Path:
    """Where the catalogue of ``lang`` lies in a folder of catalogues."""
    return folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def known() -> list[str]:
    """Every language hi5pnp speaks: English first, then those with a catalogue, by code."""
    found = {p.parent.parent.name for folder in folders() if folder.is_dir() for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po") if p.is_file()}
    found = {name for name in found if normal(name) == name}  # a folder that is no language code is not a language (a stray one, a backup)
    return [SOURCE, *sorted(found - {SOURCE})]


def normal(code: str) -> str | None:
    """A language code in gettext's spelling (``de``, ``pt_BR``), or None when ``code`` is not one."""
    match = _CODE.match(code.strip())
    if not match:
        return None
    lang, region = match.groups()
    return lang.lower() + (f"_{region.upper() if len(region) == 2 else region}" if region else "")


def _closest(code: str, have: list[str]) -> str | None:
    """The language of ``have`` that ``code`` asks for: itself, or its language without the region."""
    shaped = normal(code)
    if shaped is None:
        return None
    for candidate in (shaped, shaped.split("_")[0]):
        if candidate in have:
            return candidate
    return None


def language(value: str, option: str = "--lang") -> str:
    """The language ``value`` names (``de``, ``DE``, ``de-DE``), one hi5pnp speaks; else a :class:`LanguageError`."""
    have = known()
    found = _closest(value, have)
    if found is None:
        what = "is not a language code" if normal(value) is None else "is not a language hi5pnp speaks"
        raise LanguageError(f"{option}: {printable(repr(value))} {what}; it takes {', '.join(have)}")
    return found


def languages(value: str, option: str = "--lang") -> list[str]:
    """The languages of a ``--lang`` value: one (``de``), several (``en,de``)
    or ``all``; each once, in the order given."""
    if value.strip().lower() == ALL:
        return known()
    chosen: list[str] = []
    for part in value.split(","):
        if not part.strip():
            raise LanguageError(f"{option}: {printable(repr(value))} names an empty language; write codes apart with commas; it takes {', '.join(known())}")
        lang = language(part, option)
        if lang not in chosen:
            chosen.append(lang)
    return chosen


def from_accept_language(header: str | None) -> str:
    """The language a browser's ``Accept-Language`` header prefers among those
    hi5pnp speaks (``de-CH, de;q=0.9, en;q=0.5`` -> ``de``); English when it
    names none of them, or is missing or malformed."""
    have = known()
    wanted: list[tuple[float, int, str]] = []
    for order, item in enumerate((header or "").split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, number = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(number)
                except ValueError:
                    quality = 0.0
        if tag.strip() and tag.strip() != "*" and 0 < quality <= 1:
            wanted.append((-quality, order, tag.strip()))
    for _q, _o, tag in sorted(wanted):
        found = _closest(tag, have)
        if found is not None:
            return found
    return SOURCE
