"""The balance chart's numbers: each face's team win rate, its 95 %
interval and the designer's window, placed on an axis that spans the window
and every interval (with a little room), not 0-100 %, so the rates that sit
near one half stay apart. Each row is told in words as well: inside the
window, across its edge, or wholly outside, as the verdict counts them."""

from __future__ import annotations

import math
from typing import Any

from ..language import N_, _

STEPS = (0.5, 1, 2, 2.5, 5, 10, 20, 25)  # tick spacings, in percentage points
MOST_TICKS = 6
PLACES = {"inside": N_("inside the window"), "edge": N_("across the window's edge"), "outside": N_("outside the window")}


def axis(low: float, high: float) -> tuple[float, float, list[float]]:
    """An axis from below ``low`` to above ``high`` (percent), on round ticks, within 0-100."""
    span = max(high - low, 1.0)
    step = next((s for s in STEPS if span / s <= MOST_TICKS - 1), 25.0)
    start = max(0.0, math.floor((low - span * 0.05) / step) * step)
    end = min(100.0, math.ceil((high + span * 0.05) / step) * step)
    count = round((end - start) / step)
    return start, end, [start + k * step for k in range(count + 1)]


def place(low: float, high: float, rate_low: float, rate_high: float) -> str:
    """Where an interval lies against the window: inside, across its edge, or outside."""
    if rate_high < low or rate_low > high:
        return "outside"
    return "inside" if low <= rate_low and rate_high <= high else "edge"


def chart(result: dict[str, Any]) -> dict[str, Any]:
    """Rows for the chart: each face's rate, interval and place, as percent
    and as positions (percent of the axis's width)."""
    window = [float(w) for w in result.get("balance", {}).get("windows", {}).get("face_win_rate", [45, 55])]
    rows = []
    for face, numbers in result.get("faces", {}).items():
        rate = numbers["win_rate"]
        low, high = (100 * x for x in rate.get("interval", [rate["rate"], rate["rate"]]))
        rows.append({"face": face, "rate": 100 * rate["rate"], "low": low, "high": high, "place": place(window[0], window[1], low, high)})
    start, end, ticks = axis(min([window[0], *(r["low"] for r in rows)]), max([window[1], *(r["high"] for r in rows)]))

    def at(value: float) -> float:
        return round(100 * (value - start) / (end - start), 2)

    for r in rows:
        r.update(at=at(r["rate"]), left=at(r["low"]), width=round(at(r["high"]) - at(r["low"]), 2), words=_(PLACES[r["place"]]))
    return {
        "rows": rows,
        "window": {"low": window[0], "high": window[1], "left": at(window[0]), "width": round(at(window[1]) - at(window[0]), 2)},
        "ticks": [{"value": f"{t:g}", "at": at(t)} for t in ticks],
        "counts": {place: sum(r["place"] == place for r in rows) for place in PLACES},
    }
