"""The alias file (``--alias FILE``): another spelling of a player's name,
as logs write it, mapped to the name to show; every fault at its line, and
two names mapped so that players would swap refused."""

from __future__ import annotations

from pathlib import Path

from ..deck import yamlsource
from ..deck.located import YMap
from ..errors import Fault, LogError
from .players import name_key


def read_aliases(path: str) -> dict[str, str]:
    """The alias file: a YAML mapping of another spelling to the name to show
    (``Bobby Jones: Bob Jones``); :class:`LogError` at its line for anything else."""
    try:
        doc = yamlsource.load(Path(path), path)
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    if doc is None:
        return {}
    if not isinstance(doc, YMap):
        raise LogError(Fault(path, 1, 0, "an alias file is a YAML mapping: another spelling: the name to show"))
    faults = []
    aliases: dict[str, str] = {}
    for key, value in doc.items():
        if not isinstance(key, str) or not isinstance(value, str) or not key.strip() or not value.strip():
            line, col = doc.key_at(key)
            faults.append(Fault(path, line, col, f"{key!r}: {value!r} is not a name and the name to show, both text"))
        else:
            aliases[key] = value
    faults += _crossed(aliases, doc, path)
    if faults:
        raise LogError(faults)
    return aliases


def _crossed(aliases: dict[str, str], doc: YMap, path: str) -> list[Fault]:
    """A name both shown and mapped to another (``A: B`` and ``B: A`` would
    swap two players silently; ``A: B`` and ``B: C`` would show A as B): a
    fault at the later of the two lines."""
    spelling = {name_key(k): k for k, v in aliases.items() if name_key(k) != name_key(v)}
    faults: dict[int, Fault] = {}  # one a line
    for key, shown in aliases.items():
        other = spelling.get(name_key(shown))
        if other is None or name_key(key) == name_key(shown):
            continue
        first, then = sorted((key, other), key=lambda k: doc.key_at(k))
        at = doc.key_at(then)
        if name_key(aliases[other]) == name_key(key):
            why = f"{first!r} and {then!r} are mapped to each other (lines {doc.key_at(first)[0]} and {at[0]}), so the two players would swap"
        else:
            why = (
                f"{shown!r} is both a name to show (line {doc.key_at(key)[0]}: {key}) and another spelling "
                f"(line {doc.key_at(other)[0]}: {aliases[other]}); map {key!r} straight to {aliases[other]!r}"
            )
        faults.setdefault(at[0], Fault(path, at[0], at[1], f"{why}: an alias file maps each other spelling to the name to show"))
    return [faults[n] for n in sorted(faults)]
