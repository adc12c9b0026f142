"""Values that remember where they were read: the mappings and lists of a
YAML file, with the line and column of each key and item (read by
:mod:`.yamlsource`), so that every fault can be reported as ``path:line:column``."""

from __future__ import annotations

from typing import Any

from ..errors import Fault


class YMap(dict[Any, Any]):
    """A mapping that knows its file and the position of each key and value."""

    path: str
    pos: tuple[int, int]

    def __init__(self, path: str, pos: tuple[int, int]):
        super().__init__()
        self.path = path
        self.pos = pos
        self.key_pos: dict[Any, tuple[int, int]] = {}
        self.value_pos: dict[Any, tuple[int, int]] = {}
        self.written: dict[Any, str] = {}  # key -> its scalar value's text as written
        self.told: set[Any] = set()  # keys given where a fault is told already (a CSV row not read): their absence is no fault of its own

    def as_written(self, key: Any) -> str | None:
        """The value of ``key`` as the file writes it (``1042``, ``Yes``,
        ``~``), if it is a scalar: free text is kept so, whatever YAML makes of it."""
        return self.written.get(key)

    def at(self, key: Any) -> tuple[int, int]:
        """Position of the value of ``key`` (or of the mapping if absent)."""
        return self.value_pos.get(key, self.pos)

    def key_at(self, key: Any) -> tuple[int, int]:
        return self.key_pos.get(key, self.pos)


class YList(list[Any]):
    """A sequence that knows its file and the position of each item."""

    path: str
    pos: tuple[int, int]

    def __init__(self, path: str, pos: tuple[int, int]):
        super().__init__()
        self.path = path
        self.pos = pos
        self.item_pos: list[tuple[int, int]] = []

    def at(self, index: int) -> tuple[int, int]:
        if 0 <= index < len(self.item_pos):
            return self.item_pos[index]
        return self.pos


def fault_at(container: YMap | YList, key: Any, message: str) -> Fault:
    """A fault at the value ``container[key]``."""
    line, col = container.at(key)
    return Fault(container.path, line, col, message)


def fault_key(container: YMap, key: Any, message: str) -> Fault:
    """A fault at the key ``key`` of a mapping."""
    line, col = container.key_at(key)
    return Fault(container.path, line, col, message)


def fault_on(container: YMap | YList, message: str) -> Fault:
    line, col = container.pos
    return Fault(container.path, line, col, message)
