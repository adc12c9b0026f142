"""An icon drawn from an SVG file: a game.yaml's own icon for a trait or a
colour (``trait_icons: {speed: icons/sprint.svg}``), or one of a templates
folder's ``icons/``.

Only what an icon needs is read: the ``viewBox`` (or ``width`` and
``height``) and the ``d`` of every ``<path>``, drawn in one colour chosen by
the layout (the file's own colours are not used); its first comment is its credit
(author and licence), printed in the rulebook. A path with a
``transform``, or any shape other than ``<path>`` (``<circle>``, ``<text>``,
a picture), is refused by name, so an icon never prints other than it
looks in a browser. A black square filling the whole view box (game-icons.net
files carry one as their background) is left out. The file is read as
safely as the deck's YAML: a regular file, no link out of its folder, at
most :data:`MAX_ICON_BYTES`.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from ... import infile
from ...errors import Hi5Error
from ..yamlsource import read_bytes
from .svgpath import MAX_NUMBER, PathError, Steps, parse_path

MAX_ICON_BYTES = infile.LIMITS["icon"]  # 256 KiB: a game-icons.net icon has 1–10 KB
MAX_STEPS = 20_000  # drawing steps in one icon
_SVG = "{http://www.w3.org/2000/svg}"
_DRAWN = ("path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "text", "image", "use")
_NUMBER = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px)?\s*$")


class IconError(Hi5Error, ValueError):
    """Why an SVG file cannot be an icon, in words (the caller adds where)."""


@dataclass(frozen=True)
class Icon:
    """An icon's outlines in its view box (x, y, width, height), y downwards
    as SVG has it; ``evenodd``: the fill rule of its paths."""

    box: tuple[float, float, float, float]
    paths: tuple[tuple[Steps, bool], ...] = field(repr=False)  # (steps, even-odd) per <path>
    digest: bytes = field(repr=False, compare=False, default=b"")  # the file's SHA-256, for fingerprints
    credit: str = ""  # the file's first comment: its author and licence, for the rulebook's credits


def read_icon(path: Path, shown: str, inside: Path | None = None) -> Icon:
    """The icon in the SVG file ``path`` (named ``shown`` in messages): an
    :class:`IconError` when it is not one, a ``YamlReadError`` when it cannot be read."""
    data = read_bytes(path, shown, inside, MAX_ICON_BYTES)
    return icon_from_svg(data)


@functools.lru_cache(maxsize=64)  # the same bytes, read again at each rebuild (build --watch, the desk): parsed once
def icon_from_svg(data: bytes) -> Icon:
    """The icon an SVG document's bytes draw."""
    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        raise IconError("an SVG icon may not declare a DOCTYPE or entities")
    try:
        root = ET.fromstring(data, parser=ET.XMLParser(target=ET.TreeBuilder(insert_comments=True)))
    except ET.ParseError as exc:
        raise IconError(f"is not SVG (XML does not parse: {exc})") from None
    if root.tag not in ("svg", _SVG + "svg"):
        raise IconError(f"is not SVG: its root element is <{_local(root.tag)}>, not <svg>")
    box = _view_box(root)
    paths: list[tuple[Steps, bool]] = []
    steps_in_all = 0
    credit = ""
    for el in root.iter():
        if not isinstance(el.tag, str):  # a comment (ElementTree gives it the Comment factory as its tag)
            credit = credit or " ".join((el.text or "").split())
            continue
        tag = _local(el.tag)
        if el is not root and el.get("transform"):
            raise IconError(f"a <{tag}> has a transform; an icon's paths must be drawn in the view box's own coordinates")
        if tag in _DRAWN and tag != "path":
            raise IconError(f"has a <{tag}>; an icon is drawn from <path> elements only (convert shapes to paths in your drawing program)")
        if tag != "path" or not el.get("d"):
            continue
        try:
            steps = parse_path(el.get("d", ""))
        except PathError as exc:
            raise IconError(str(exc)) from None
        if _is_background(steps, box):
            continue
        steps_in_all += len(steps)
        if steps_in_all > MAX_STEPS:
            raise IconError(f"has more than {MAX_STEPS:,} drawing steps; simplify it")
        paths.append((steps, (el.get("fill-rule") or "").strip() == "evenodd"))
    if not paths:
        raise IconError("has no <path> to draw")
    return Icon(box, tuple(paths), hashlib.sha256(data).digest(), credit)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


MIN_BOX = 0.001  # a view box's width or height: the icon is scaled up by its inverse


def _view_box(root: ET.Element) -> tuple[float, float, float, float]:
    view = root.get("viewBox")
    if view:
        parts = view.replace(",", " ").split()
        try:
            x, y, w, h = (float(p) for p in parts)
        except ValueError:
            raise IconError(f"has a viewBox that is not four numbers: {view!r}") from None
    else:
        sizes = [_NUMBER.match(root.get(k) or "") for k in ("width", "height")]
        if not all(sizes):
            raise IconError("has no viewBox, nor a width and height in pixels")
        x, y, w, h = 0.0, 0.0, *(float(m.group(1)) for m in sizes if m)
    if not all(math.isfinite(v) and abs(v) <= MAX_NUMBER for v in (x, y, w, h)):
        raise IconError(f"has a view box that is not four finite numbers of at most {MAX_NUMBER:,.0f} either way")
    if not (w >= MIN_BOX and h >= MIN_BOX):
        raise IconError(f"has a view box narrower or lower than {MIN_BOX:g} (its width and height must be at least that)")
    return (x, y, w, h)


def _is_background(steps: Steps, box: tuple[float, float, float, float]) -> bool:
    """A path that only fills the whole view box (a square behind the icon)."""
    if len(steps) > 6 or any(op == "C" for op, _ in steps):
        return False
    points = {pt for op, pt in steps if op != "Z"}
    x, y, w, h = box
    return points == {(x, y), (x + w, y), (x + w, y + h), (x, y + h)}
