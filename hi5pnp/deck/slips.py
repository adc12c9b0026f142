"""What a YAML syntax error most likely is, in the words of the slip that made
it: a tab in the indentation, or one line indented unlike its neighbours.
PyYAML notices such a slip a line late and in its own terms ("did not find
expected key"); a designer needs the line they changed and what to do."""

from __future__ import annotations

import re

Pos = tuple[int, int]  # 1-based line and column


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _content(lines: list[str], k: int, step: int) -> int | None:
    """The index of the nearest line from ``k`` (going by ``step``) that holds more than a comment."""
    while 0 <= k < len(lines):
        bare = lines[k].strip()
        if bare and not bare.startswith("#"):
            return k
        k += step
    return None


def slip(text: str, pos: Pos) -> tuple[Pos, str] | None:
    """The slip behind a YAML error found at ``pos``, and the line it is on;
    None when it is none of the common ones."""
    lines = text.splitlines()
    if not 0 < pos[0] <= len(lines):
        return None
    line = lines[pos[0] - 1]
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    if "\t" in lead or line[pos[1] - 1 : pos[1]] == "\t":
        return pos, "a tab in the indentation; YAML indents with spaces only"
    here = pos[0] - 1
    before = _content(lines, here - 1, -1)
    after = _content(lines, here + 1, 1)
    for k in (before, here):
        found = _no_colon(lines, k)
        if found is not None:
            return found
    if before is None:
        return None
    mine, prev = _indent(line), _indent(lines[before])
    if mine == prev:
        return None
    if after is not None and _indent(lines[after]) == prev:  # this line alone is out of step
        return (here + 1, mine + 1), _words(mine, prev, "the lines around it")
    parent = _content(lines, before - 1, -1)
    if after is not None and _indent(lines[after]) == mine and parent is not None and _indent(lines[parent]) < min(prev, mine):
        # the first line of a block is out of step with the lines after it: it set the block's indentation
        return (before + 1, prev + 1), _words(prev, mine, "the lines after it in the same block")
    return None


def unclosed(text: str, pos: Pos, opened: Pos, close: str) -> tuple[Pos, str] | None:
    """A flow list or mapping (``[a, b]``, ``{a: 1}``) whose ``,`` or
    ``close`` is missing at the end of a line: PyYAML reads on into the next
    line and stops there, but the fault is at the end of the line before.
    None when that line ends as a flow's line may (PyYAML's place is right then)."""
    lines = text.splitlines()
    if not opened[0] < pos[0] <= len(lines) + 1:  # at the end of the text, too
        return None
    k = _content(lines, pos[0] - 2, -1)
    if k is None or k + 1 < opened[0]:
        return None
    body = re.sub(r"\s#.*$", "", lines[k]).rstrip()
    if body.endswith((",", "[", "{")):
        return None
    kind, start = ("list", "[") if close == "]" else ("mapping", "{")
    return (k + 1, len(body) + 1), f"the {kind} opened with '{start}' on line {opened[0]} goes on past this line: a ',' or '{close}' is missing at its end"


_KEY_ALONE = re.compile(r"^(\s*(?:-\s+)?)([A-Za-z_][\w-]*)\s+([\[{\"'\w].*)$")  # "gems [red, blue]": a key and its value, no colon


def _no_colon(lines: list[str], k: int | None) -> tuple[Pos, str] | None:
    """Line ``k`` written as ``key value`` with no colon, among lines that
    write ``key: value`` at its indentation: the colon left out."""
    if k is None:
        return None
    m = _KEY_ALONE.match(lines[k])
    if m is None or (":" in m.group(3).split("#")[0] and not m.group(3).startswith(("[", "{"))):
        return None
    indent = len(m.group(1))
    neighbours = [lines[j] for j in (_content(lines, k - 1, -1), _content(lines, k + 1, 1)) if j is not None]
    if not any(_indent(n) <= indent and ":" in n for n in neighbours):
        return None
    key = m.group(2)
    return (k + 1, indent + len(key) + 1), f"no colon after '{key}': a key and its value are written '{key}: {m.group(3).strip()}'"


def _words(mine: int, theirs: int, who: str) -> str:
    return f"this line is indented {mine} space{'s' * (mine != 1)}, {who} {theirs}: the entries of one list or mapping line up exactly, so indent it like them"
