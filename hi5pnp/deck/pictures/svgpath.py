"""An SVG path's ``d`` attribute read into a few absolute drawing steps.

Every command of SVG 1.1 paths is read (``M L H V C S Q T A Z`` and their
relative lower-case forms); the result uses only ``M`` (move), ``L``
(line), ``C`` (cubic Bézier) and ``Z`` (close), which any PDF library
draws: quadratic curves are raised to cubics (exactly) and elliptical arcs
are split into cubics of at most a quarter turn each (within 0.03 % of the
radius). A ``d`` that does not parse is a :class:`PathError` saying where.
"""

from __future__ import annotations

import math
import re

from ...errors import Hi5Error

#: the steps: ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y)) or ("Z", ())
Steps = list[tuple[str, tuple[float, ...]]]

_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_FLAG = re.compile(r"\s*,?\s*([01])")


MAX_NUMBER = 1e6  # a coordinate or radius of path data, either way: an icon's view box is a few hundred units
TINY = 1e-9  # a radius this small beside the arc's chord is none


class PathError(Hi5Error, ValueError):
    """A ``d`` attribute that is not SVG path data."""


def parse_path(d: str) -> Steps:
    """The drawing steps of ``d``, in absolute coordinates."""
    steps: Steps = []
    x = y = sx = sy = 0.0  # the current point and the start of the subpath
    last_cmd = ""
    ctrl: tuple[float, float] | None = None  # the last curve's second control point, for S and T
    pos, cmd = 0, ""
    drawn = 0  # the steps whose points are checked
    text = d.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise PathError(f"path data cannot be read at character {pos + 1}: {text[pos : pos + 12]!r}")
        tok = m.group(1)
        if tok.isalpha():
            cmd, pos = tok, m.end()
            if cmd in "Zz":
                steps.append(("Z", ()))
                x, y, last_cmd, ctrl = sx, sy, "Z", None
                continue
        elif not cmd or cmd in "Zz":
            if not cmd:
                raise PathError("path data must start with a move (M or m)")
            raise PathError(f"path data has a number where a command belongs, at character {pos + 1}")
        upper, rel = cmd.upper(), cmd.islower()
        args, pos = _numbers(text, pos, _ARGS[upper], upper == "A")
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if upper == "M":
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            steps.append(("M", (x, y)))
            cmd = "l" if rel else "L"  # pairs after a move are lines
            ctrl = None
        elif upper in "LHV":
            if upper == "L":
                x, y = ox + args[0], oy + args[1]
            elif upper == "H":
                x = ox + args[0]
            else:
                y = oy + args[0]
            steps.append(("L", (x, y)))
            ctrl = None
        elif upper in "CS":
            if upper == "C":
                x1, y1, x2, y2, ex, ey = ox + args[0], oy + args[1], ox + args[2], oy + args[3], ox + args[4], oy + args[5]
            else:
                x1, y1 = (2 * x - ctrl[0], 2 * y - ctrl[1]) if ctrl and last_cmd in "CS" else (x, y)
                x2, y2, ex, ey = ox + args[0], oy + args[1], ox + args[2], oy + args[3]
            steps.append(("C", (x1, y1, x2, y2, ex, ey)))
            ctrl, x, y = (x2, y2), ex, ey
        elif upper in "QT":
            if upper == "Q":
                qx, qy, ex, ey = ox + args[0], oy + args[1], ox + args[2], oy + args[3]
            else:
                qx, qy = (2 * x - ctrl[0], 2 * y - ctrl[1]) if ctrl and last_cmd in "QT" else (x, y)
                ex, ey = ox + args[0], oy + args[1]
            steps.append(("C", (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)))
            ctrl, x, y = (qx, qy), ex, ey
        else:  # A
            ex, ey = ox + args[5], oy + args[6]
            steps += [("C", c) for c in arc_to_curves(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), ex, ey)]
            x, y, ctrl = ex, ey, None
        last_cmd = upper
        if any(abs(v) > MAX_NUMBER for _, values in steps[drawn:] for v in values):  # relative steps add up
            raise PathError(f"path data goes past {MAX_NUMBER:,.0f} either way by character {pos} (a point or control point too far out)")
        drawn = len(steps)
        if steps[0][0] != "M":
            raise PathError("path data must start with a move (M or m)")
    return steps


def _numbers(text: str, pos: int, count: int, arc: bool) -> tuple[list[float], int]:
    """``count`` numbers from ``pos`` (an arc's two flags may be written as single digits run together)."""
    out: list[float] = []
    for i in range(count):
        m = _FLAG.match(text, pos) if arc and i in (3, 4) else _TOKEN.match(text, pos)
        if not m or m.group(1).isalpha():
            raise PathError(f"path data needs {count} numbers after a command, at character {pos + 1}")
        value = float(m.group(1))
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise PathError(f"path data has a number too large at character {pos + 1} (at most {MAX_NUMBER:,.0f} either way)")
        out.append(value)
        pos = m.end()
    return out, pos


def arc_to_curves(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool, x2: float, y2: float) -> list[tuple[float, ...]]:
    """An SVG elliptical arc (endpoint form, SVG 1.1 appendix F.6) as cubic
    Béziers of at most 90° each: each (x1, y1, x2, y2, x, y)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    line: list[tuple[float, ...]] = [(x1, y1, x2, y2, x2, y2)]
    if min(rx, ry) < TINY * max(1.0, abs(x1 - x2), abs(y1 - y2)) or max(rx, ry) > MAX_NUMBER:
        return line  # no radius (or one too small or too large to reckon with): a straight line, as SVG draws it
    try:
        curves = _arc_curves(x1, y1, rx, ry, angle, large, sweep, x2, y2)
    except (ZeroDivisionError, OverflowError, ValueError):
        return line  # radii so lopsided the ellipse cannot be reckoned: as good as flat
    return curves if all(math.isfinite(v) for c in curves for v in c) else line


def _arc_curves(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool, x2: float, y2: float) -> list[tuple[float, ...]]:
    phi = math.radians(angle % 360)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:  # radii too small to reach: scaled up just enough
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    k = math.sqrt(max(num, 0.0) / den) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    end = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    span = end - start
    if sweep and span < 0:
        span += 2 * math.pi
    elif not sweep and span > 0:
        span -= 2 * math.pi
    pieces = max(1, math.ceil(abs(span) / (math.pi / 2) - 1e-9))
    step = span / pieces
    alpha = 4 / 3 * math.tan(step / 4)

    def at(t: float) -> tuple[float, float, float, float]:
        """The point at angle t, and its derivative, on the ellipse."""
        ct, st = math.cos(t), math.sin(t)
        px, py = rx * ct, ry * st
        dxt, dyt = -rx * st, ry * ct
        return (cx + cos_p * px - sin_p * py, cy + sin_p * px + cos_p * py, cos_p * dxt - sin_p * dyt, sin_p * dxt + cos_p * dyt)

    out: list[tuple[float, ...]] = []
    t = start
    for _ in range(pieces):
        ax, ay, adx, ady = at(t)
        bx, by, bdx, bdy = at(t + step)
        out.append((ax + alpha * adx, ay + alpha * ady, bx - alpha * bdx, by - alpha * bdy, bx, by))
        t += step
    last = out[-1]
    out[-1] = (*last[:4], x2, y2)  # end exactly where the path says
    return out
