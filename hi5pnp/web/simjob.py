"""The designer's simulation, run in the background from the gallery: one
run at a time, its progress and its result kept in the desk for the page
(the text ``hi5pnp simulate`` prints, and a chart of each face's team win
rate with its interval and the designer's window)."""

from __future__ import annotations

import threading
import time
from typing import Any

from ..deck import load_deck
from ..errors import Hi5Error
from ..sim import BOT_NAMES, balance
from ..sim.results import to_json, to_text
from ..sim.run import Plan, simulate
from .desk import Desk

MOST_FROM_PAGE = 50_000  # games a run started from the page may have: minutes at most


def start(desk: Desk, games: int, bot: str) -> str | None:
    """Start a run; None when started, else why not."""
    if bot not in BOT_NAMES:
        return f"no bot '{bot}'; choose {', '.join(BOT_NAMES)}"
    if not 1 <= games <= MOST_FROM_PAGE:
        return f"games must be from 1 to {MOST_FROM_PAGE:,}"
    with desk.lock:
        if desk.sim.get("state") == "running":
            return "a simulation is running; wait for it to end"
        desk.sim.update(state="running", done=0, total=games, bot=bot, started=time.time(), error="", step=desk.sim.get("step", 0) + 1)
    threading.Thread(target=_run, args=(desk, games, bot), daemon=True, name="simulate").start()
    return None


def _run(desk: Desk, games: int, bot: str) -> None:
    def progress(done: int, total: int) -> None:
        desk.sim.update(done=done, total=total, step=desk.sim.get("step", 0) + 1)

    try:
        deck = load_deck(desk.deck, need_score_sheet=False)
        plan = Plan(games=games, north=bot, south=bot)  # type: ignore[arg-type]
        summary = simulate(deck, plan, None, progress)
        verdict = balance.judge(summary, balance.bounds_of(deck))
        desk.sim.update(
            result=to_json(deck, plan, deck.edition, summary, verdict),
            text="\n".join(to_text(deck, plan, deck.edition, summary, verdict)),
            state="done",
        )
    except Hi5Error as exc:
        desk.sim.update(state="failed", error=str(exc))
    except Exception as exc:  # the page must hear of any failure, not wait for ever
        desk.sim.update(state="failed", error=f"the simulation failed ({type(exc).__name__}: {exc})")
    desk.sim["step"] = desk.sim.get("step", 0) + 1


def chart(result: dict[str, Any]) -> dict[str, Any]:
    """Bars for an SVG chart: each face's team win rate (percent), its 95 %
    interval and the window, placed on a 0-100 % scale ``width`` wide."""
    faces = result.get("faces", {})
    window = result.get("balance", {}).get("windows", {}).get("face_win_rate", [45, 55])
    rows = []
    for i, (face, numbers) in enumerate(faces.items()):
        rate = numbers["win_rate"]
        low, high = rate.get("interval", [rate["rate"], rate["rate"]])
        rows.append({"face": face, "y": 14 * i, "rate": 100 * rate["rate"], "low": 100 * low, "high": 100 * high,
                     "outside": not window[0] <= 100 * rate["rate"] <= window[1]})  # fmt: skip
    return {"rows": rows, "window": window, "height": 14 * len(rows) + 24}
