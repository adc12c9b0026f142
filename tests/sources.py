"""The package's source read as syntax once per process: the shape tests
(architecture, raised errors, the library's boundary) each walk every module,
and parsing the package is most of their time."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def _walked(text: str) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(ast.parse(text)))


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at ``path``, in ``ast.walk``'s order (the
    same node objects while its text is the same: read them, never change them)."""
    return _walked(path.read_text(encoding="utf-8"))
