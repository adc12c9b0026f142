"""Typed fields out of located YAML, with a fault for every field that is
missing, of the wrong kind or unknown. The deck loader and the game-log reader
both read this way, so their faults read alike."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..errors import Fault, printable
from .located import YList, YMap, fault_at, fault_key, fault_on

MAX_TEXT = 60  # characters of a name or title: more never fits on a card

KIND_NAMES: dict[type, str] = {int: "a whole number", str: "text", list: "a list", dict: "a mapping"}


def show(value: Any) -> str:
    """A value as a message quotes it, cut short when long, control characters escaped."""
    text = f"'{printable(value)}'" if isinstance(value, str) else "nothing" if value is None else printable(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def describe(value: Any) -> str:
    """What a value is, in words: "text 'three'", "a list", "nothing"."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, (int, float)):
        return f"the number {show(value)}"
    if isinstance(value, str):
        return f"text {show(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def nearest_word(key: str, words: list[str], cutoff: float = 0.6) -> list[str]:
    """The one of ``words`` nearest ``key`` if near enough (a list of at most one), by :func:`difflib.get_close_matches`."""
    import difflib  # here: a file without faults never needs it (the checker's start)

    return difflib.get_close_matches(key, words, n=1, cutoff=cutoff)


def did_you_mean(value: Any, names: Collection[str]) -> str:
    """ "; did you mean 'blue'?" when ``value`` is a near miss of one of ``names``, else ''."""
    if not isinstance(value, str):
        return ""
    close = nearest_word(value.lower(), list(names))
    return f"; did you mean '{close[0]}'?" if close else ""


def is_kind(value: Any, kind: type) -> bool:
    """``isinstance``, except that true/false is not a whole number."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


class FieldReader:
    """Collects faults while turning located YAML into values. ``noun`` is
    what the file calls its keys in messages ("key" in a deck, "field" in a log)."""

    def __init__(self, noun: str = "key") -> None:
        self.noun = noun
        self.faults: list[Fault] = []
        self._unknown: dict[int, list[str]] = {}  # id of a mapping -> its unknown keys, already faults

    def fault(self, container: YMap | YList, key: Any, message: str) -> None:
        """A fault at the value ``container[key]``."""
        self.faults.append(fault_at(container, key, message))

    def fault_key(self, m: YMap, key: Any, message: str) -> None:
        """A fault at the key ``key`` of a mapping."""
        self.faults.append(fault_key(m, key, message))

    def fault_on(self, container: YMap | YList, message: str) -> None:
        """A fault at the start of a mapping or list."""
        self.faults.append(fault_on(container, message))

    def mapping(self, doc: Any, where: str, path: str) -> YMap | None:
        """``doc`` if it is a mapping; otherwise a fault."""
        if isinstance(doc, YMap):
            return doc
        if doc is None:
            self.faults.append(Fault(path, 1, 1, f"{where} is empty; expected a mapping"))
        elif isinstance(doc, YList):
            self.fault_on(doc, f"{where} must be a mapping, not {describe(doc)}")
        else:
            self.faults.append(Fault(path, 1, 1, f"{where} must be a mapping, not {describe(doc)}"))
        return None

    def unknown_keys(self, m: YMap, allowed: Collection[str], where: str) -> None:
        for key in m:
            if key not in allowed:
                self._unknown.setdefault(id(m), []).append(str(key))
                hint = did_you_mean(key, allowed)
                self.fault_key(m, key, f"unknown {self.noun} '{key}' in {where}{hint or '; expected one of: ' + ', '.join(allowed)}")

    def get(self, m: YMap, key: str, kind: type, where: str, *, required: bool = True, default: Any = None, what: str = "") -> Any:
        """``m[key]`` if it is of ``kind``; else a fault (``what`` names the kind
        in the message) and ``default``."""
        if key not in m:
            unknown = self._unknown.get(id(m))
            misspelt = nearest_word(key, unknown) if unknown else []
            if required and not misspelt:  # a misspelt key has its fault ("did you mean") already
                self.fault_on(m, f"{where} lacks the required {self.noun} '{key}'")
            return default
        value = m[key]
        if not is_kind(value, kind):
            self.fault(m, key, f"'{key}' must be {what or KIND_NAMES.get(kind, kind.__name__)}, not {describe(value)}")
            return default
        return value

    def text(self, m: YMap, key: str, where: str, *, required: bool = True, default: str = "", longest: int = MAX_TEXT) -> str:
        """Non-empty text, stripped, of at most ``longest`` characters."""
        value = self.get(m, key, str, where, required=required)
        if value is None:
            return default
        if not value.strip():
            self.fault(m, key, f"'{key}' of {where} is empty; give it some text")
            return default
        if len(value.strip()) > longest:
            self.fault(
                m,
                key,
                f"'{key}' of {where} has {len(value.strip()):,} characters, over the {longest} a deck's text may have "
                "(a card's box holds fewer): shorten it, and validate then says how many fit in its box",
            )
            return default
        return str(value.strip())

    def whole(self, m: YMap, key: str, where: str, minimum: int = 1, maximum: int = 1000) -> int | None:
        """A whole number from ``minimum`` to ``maximum``."""
        value = self.get(m, key, int, where)
        if value is not None and not minimum <= value <= maximum:
            self.fault(m, key, f"'{key}' must be from {minimum} to {maximum}, not {show(value)}")
            return None
        return value if value is None else int(value)
