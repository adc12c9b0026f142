"""What a YAML syntax error most likely is, in the words of the slip that made
it: a tab in the indentation, or one line indented unlike its neighbours.
PyYAML notices such a slip a line late and in its own terms ("did not find
expected key"); a designer needs the line they changed and what to do."""

from __future__ import annotations

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


def _words(mine: int, theirs: int, who: str) -> str:
    return (f"this line is indented {mine} space{'s' * (mine != 1)}, {who} {theirs}: "
            "the entries of one list or mapping line up exactly, so indent it like them")  # fmt: skip
