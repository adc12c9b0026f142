"""Safe YAML reading that remembers where every value came from.

Decks and game logs are read into plain dicts, lists and scalars whose
containers (:class:`YMap`, :class:`YList`) carry the line and column of each
key and item, so that every fault can be reported as ``path:line:column``.

Only YAML's safe types are built. Input is bounded: a file larger than
:data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`, or aliases that
expand past :data:`MAX_NODES` values are refused with a fault, never a hang.
Duplicate keys are faults too (plain PyYAML keeps the last one silently).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml import events

from .. import infile
from ..errors import Fault, InputError
from .located import YList, YMap, fault_at, fault_key, fault_on
from .slips import slip, unclosed

__all__ = ["MAX_BYTES", "YList", "YMap", "YamlReadError", "decode", "fault_at", "fault_key", "fault_on", "load", "parse", "read_text"]

MAX_BYTES = infile.LIMITS["yaml"]  # 1 MiB: a deck file or a game log is a few KiB
MAX_DEPTH = 64
OUTSIDE = infile.OUTSIDE
MAX_NODES = 200_000

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_resolver = yaml.resolver.Resolver()
_constructor = yaml.constructor.SafeConstructor()


class YamlReadError(InputError):
    """A file that cannot be read as YAML (or at all), at the place of its
    one fault; its readers give it as their own kind (a deck's, a log's)."""

    def __init__(self, fault: Fault):
        super().__init__(fault)
        self.fault = fault

    def __reduce__(self) -> tuple[type[YamlReadError], tuple[Fault]]:  # type: ignore[override]
        return (type(self), (self.fault,))


def _pos(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


_plain: dict[str, Any] = {}  # plain scalars resolve to immutable values: resolve each text once
_PLAIN_MAX = 1 << 16


def _scalar(ev: events.ScalarEvent) -> Any:
    if not ev.style and ev.tag is None:
        hit = _plain.get(ev.value, _plain)
        if hit is not _plain:
            return hit
        value = _construct(ev)
        if len(_plain) >= _PLAIN_MAX:
            _plain.clear()
        _plain[ev.value] = value
        return value
    return _construct(ev)


MAX_NUMBER_TEXT = 40  # characters of a number: more is no number a deck or log needs
MAX_NUMBER = 10**18


def _construct(ev: events.ScalarEvent) -> Any:
    """The value of a scalar; :class:`_Unmade` if YAML's safe types cannot make
    it from an explicit tag (``!!float south``, ``!!int x``, an unknown tag).

    A plain scalar that YAML would read as a number or a date but cannot (a
    date of 30 February, a number of thousands of digits, which would also
    take long to make) is kept as the text it is: a free-text field keeps it,
    and a field that wants a number says it is not one.
    """
    tag = ev.tag
    implicit = tag is None or tag == "!"
    if implicit:
        tag = _resolver.resolve(yaml.ScalarNode, ev.value, ev.implicit)  # type: ignore[no-untyped-call]
        if tag == _STR:
            return ev.value  # text is made as itself: no node to build
        if tag in _NUMERIC and len(ev.value) > MAX_NUMBER_TEXT:
            return ev.value
    elif tag in _NUMERIC and len(ev.value) > MAX_NUMBER_TEXT:
        raise _Unmade(f"'{_clip(ev.value)}' ({len(ev.value):,} characters) is too long for a number")
    start: Any = ev.start_mark  # the C parser's marks are its own kind
    node = yaml.ScalarNode(tag, ev.value, start, ev.end_mark, ev.style)  # type: ignore[arg-type]
    try:
        value = _constructor.construct_object(node, deep=True)
    except Exception as exc:  # any failure to make a value is the input's fault
        if implicit:
            return ev.value
        what = tag.rsplit(":", 1)[-1] if tag else "value"
        problem = getattr(exc, "problem", None) if isinstance(exc, yaml.YAMLError) else None
        raise _Unmade(problem or f"'{_clip(ev.value)}' cannot be read as {what}") from None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        if implicit:
            return ev.value
        raise _Unmade(f"'{_clip(ev.value)}' is too large a number")
    return value


_STR = "tag:yaml.org,2002:str"
_NUMERIC = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp")


class _Unmade(Exception):
    """A scalar that YAML's safe types cannot make."""


def _clip(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _size(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + sum(_size(v) for v in value.values()) + len(value)
    if isinstance(value, list):
        return 1 + sum(_size(v) for v in value)
    return 1


def parse(text: str, path: str) -> Any:
    """Parse one YAML document of ``text`` (read from ``path``) into located values.

    Raises :class:`YamlReadError` with the position of the first problem.
    An empty document gives ``None``.
    """

    def fail(pos: tuple[int, int], message: str) -> YamlReadError:
        return YamlReadError(Fault(path, pos[0], pos[1], message))

    stack: list[list[Any]] = []  # frames: [container, pending key, its position, anchor, start position]
    anchors: dict[str, tuple[Any, int]] = {}
    nodes = 0
    root: Any = None
    docs = 0

    def attach(value: Any, pos: tuple[int, int], size: int) -> None:
        nonlocal root, nodes
        nodes += size
        if nodes > MAX_NODES:
            raise fail(pos, f"too much data: more than {MAX_NODES} values (aliases expanded); refused")
        if not stack:
            root = value
            return
        frame = stack[-1]
        container = frame[0]
        if isinstance(container, YList):
            container.append(value)
            container.item_pos.append(pos)
            return
        if frame[1] is _NO_KEY:
            if isinstance(value, (dict, list)):
                raise fail(pos, "a mapping key must be a plain value, not a list or mapping")
            if value in container:
                first = container.key_pos[value]
                raise fail(pos, f"duplicate key '{value}' (first given at line {first[0]})")
            frame[1] = value
            frame[2] = pos
            return
        key = frame[1]
        container[key] = value
        container.key_pos[key] = frame[2]
        container.value_pos[key] = pos
        frame[1] = _NO_KEY

    loader = None
    try:
        loader = _Loader(text)
        next_event, plain, unmade = loader.get_event, _plain.get, _plain  # the events one at a time, as yaml.parse gives them
        scalar_event, no_key, most = events.ScalarEvent, _NO_KEY, MAX_NODES
        # the innermost container's appends when it is a list (a log's turns: most scalars), else None
        item_of: Any = None
        pos_of: Any = None
        while True:
            ev = next_event()
            kind = type(ev)
            if kind is scalar_event:  # most events: every value and key, written into its container here
                value = plain(ev.value, unmade) if ev.tag is None and not ev.style else unmade
                if value is unmade:  # not a plain scalar made before
                    try:
                        value = _scalar(ev)
                    except _Unmade as exc:
                        raise fail(_pos(ev.start_mark), f"value not allowed: {exc}") from None
                mark = ev.start_mark
                pos = (mark.line + 1, mark.column + 1)
                if ev.anchor:
                    anchors[ev.anchor] = (value, 1)
                nodes += 1
                if not stack or nodes > most:
                    nodes -= 1
                    attach(value, pos, 1)
                    continue
                if item_of is not None:
                    item_of(value)
                    pos_of(pos)
                    continue
                frame = stack[-1]
                container = frame[0]
                if frame[1] is no_key:
                    if value in container:
                        raise fail(pos, f"duplicate key '{value}' (first given at line {container.key_pos[value][0]})")
                    frame[1], frame[2] = value, pos
                else:
                    key = frame[1]
                    container[key] = value
                    container.key_pos[key], container.value_pos[key] = frame[2], pos
                    container.written[key] = ev.value  # a value: as written
                    frame[1] = no_key
            elif kind is events.MappingStartEvent or kind is events.SequenceStartEvent:
                if ev.tag not in (None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"):
                    raise fail(_pos(ev.start_mark), f"tag {ev.tag} is not allowed")
                if len(stack) >= MAX_DEPTH:
                    raise fail(_pos(ev.start_mark), f"nesting deeper than {MAX_DEPTH} levels; refused")
                pos = _pos(ev.start_mark)
                if kind is events.MappingStartEvent:
                    container, item_of, pos_of = YMap(path, pos), None, None
                else:
                    container = YList(path, pos)
                    item_of, pos_of = container.append, container.item_pos.append
                stack.append([container, _NO_KEY, None, ev.anchor, pos])
            elif kind is events.MappingEndEvent or kind is events.SequenceEndEvent:
                container, _, _, anchor, pos = stack.pop()
                outer = stack[-1][0] if stack else None
                item_of, pos_of = (outer.append, outer.item_pos.append) if type(outer) is YList else (None, None)
                size = 1
                if anchor:
                    size = _size(container)
                    anchors[anchor] = (container, size)
                attach(container, pos, 1)
            elif kind is events.AliasEvent:
                pos = _pos(ev.start_mark)
                if ev.anchor not in anchors:
                    raise fail(pos, f"unknown alias *{ev.anchor}")
                value, size = anchors[ev.anchor]
                attach(value, pos, size)
            elif kind is events.DocumentStartEvent:
                docs += 1
                if docs > 1:
                    raise fail(_pos(ev.start_mark), "more than one YAML document in the file")
            elif ev is None or kind is events.StreamEndEvent:
                break
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _pos(mark) if mark else (0, 0)
        said = exc.problem or exc.context
        if said and "mapping values are not allowed" in said and _second_colon(text, pos):  # told before any guess at indentation
            raise fail(pos, f"not valid YAML: {said}: a value holding ': ' must be quoted, e.g. name: \"Dash: the Quick\"") from None
        found = None
        if exc.context_mark is not None and str(exc.context).startswith("while parsing a flow"):
            found = unclosed(text, pos, _pos(exc.context_mark), "]" if "sequence" in str(exc.context) else "}")
        found = found or slip(text, pos)
        if found is not None:
            raise fail(found[0], f"not valid YAML: {found[1]}") from None
        raise fail(pos, f"not valid YAML: {said}") from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses: its position is an offset
        at = int(exc.position)
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(int(exc.character))
        raise fail((line, column), f"not valid YAML: the character U+{ord(char):04X} is not allowed in YAML text") from None
    except yaml.YAMLError as exc:
        raise fail((0, 0), "not valid YAML: " + " ".join(str(exc).split())) from None
    finally:
        if loader is not None:
            loader.dispose()
    return root


class _NoKey:
    def __repr__(self) -> str:
        return "<no key>"


_NO_KEY = _NoKey()


def read_bytes(path: Path, shown: str, inside: Path | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most ``limit``, read by the one reader
    (:func:`hi5pnp.infile.read_bytes`: nothing but a regular file, no link out
    of ``inside``, the size told before reading); its refusal a :class:`YamlReadError`."""
    try:
        return infile.read_bytes(path, shown, inside, limit)
    except infile.FileRefused as exc:
        raise YamlReadError(exc.fault) from None


def read_text(path: Path, shown: str | None = None, inside: Path | None = None, wide: bool = False) -> str:
    """Read a UTF-8 file (see :func:`read_bytes`); faults name ``shown`` (default: path).
    ``wide``: UTF-16 or UTF-32 read too, when a byte-order mark says which (see :func:`decode`)."""
    shown = shown or str(path)
    return decode(read_bytes(path, shown, inside), shown, wide)


#: The byte-order marks of the wide encodings, UTF-32's first (its little-endian mark starts as UTF-16's does).
WIDE_MARKS = (
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32 (big-endian)"),
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32 (little-endian)"),
    (b"\xfe\xff", "utf-16-be", "UTF-16 (big-endian)"),
    (b"\xff\xfe", "utf-16-le", "UTF-16 (little-endian)"),
)


def decode(data: bytes, shown: str, wide: bool = False) -> str:
    """UTF-8 text of at most :data:`MAX_BYTES` (a file's, or standard
    input's). Text in UTF-16 or UTF-32 is told as such ("save it as UTF-8"),
    or, with ``wide`` (a game log, whose bytes a signature may rest on, so
    that it is read as it is), read when its byte-order mark says which."""
    if len(data) > MAX_BYTES:
        raise YamlReadError(Fault(shown, 0, 0, f"more than {MAX_BYTES:,} bytes; files over {MAX_BYTES:,} bytes are refused"))
    for mark, codec, name in WIDE_MARKS:
        if data.startswith(mark):
            if not wide:
                raise YamlReadError(Fault(shown, 1, 1, f"{name} text, as its byte-order mark says; this file is read as UTF-8: save it as UTF-8"))
            return _decode(data[len(mark) :], codec, name, shown)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a byte-order mark, as some editors write
    if b"\x00" in data and max(data[0::2].count(0), data[1::2].count(0)) * 4 >= len(data):
        raise YamlReadError(Fault(shown, 1, 1, "UTF-16 or UTF-32 text with no byte-order mark to say which; save it as UTF-8"))
    return _decode(data, "utf-8", "UTF-8", shown)


def _decode(data: bytes, codec: str, name: str, shown: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode(codec, errors="replace")
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        why = " (a log or deck is written in UTF-8)" if codec == "utf-8" else ", though its byte-order mark says so; save it as UTF-8"
        raise YamlReadError(Fault(shown, line, column, f"not {name} text{why}")) from None


def load(path: Path, shown: str | None = None, inside: Path | None = None) -> Any:
    """Read and parse one YAML file (see :func:`read_bytes` and :func:`parse`)."""
    shown = shown or str(path)
    return parse(read_text(path, shown, inside), shown)


def _second_colon(text: str, pos: tuple[int, int]) -> bool:
    """Is the ``: `` at ``pos`` (line, column) the second of its line, after a key's (``name: Dash: the Quick``)?"""
    line, column = pos
    lines = text.splitlines()
    return 0 < line <= len(lines) and ": " in lines[line - 1][: max(column - 1, 0)]
