"""The designer's simulation, run in the background from the gallery: one
run at a time. :class:`SimJob` keeps its progress and the last result (the
text ``hi5pnp simulate`` prints, and the numbers of its chart); the run's
thread writes it, the pages read a copy, both under its lock."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..deck import load_deck
from ..errors import Hi5Error
from ..sim import BOT_NAMES, BotName, across, balance
from ..sim import strength as across_strength
from ..sim.report.results import to_json, to_text
from ..sim.report.strength import strength_json, strength_lines
from ..sim.run import Plan, simulate

MOST_FROM_PAGE = 50_000  # games a run started from the page may have: minutes at most
STRENGTH = "strength"  # the bots' choice that plays greedy, the planner and the search on the same games
STRENGTHS: tuple[BotName, ...] = ("greedy", "planner", "mcts")


@dataclass(frozen=True)
class SimState:
    """What the page shows of the simulation, at one moment."""

    state: str = ""  # "" (none yet), "running", "done" or "failed"
    done: int = 0  # games played of the run going on
    total: int = 0  # games asked for
    bot: str = ""
    error: str = ""  # why the last run failed
    result: dict[str, Any] | None = None  # the last run that ended well: simulate --json's object
    text: str = ""  # and its report, as simulate prints it
    finished: float = 0.0  # when that result was made (seconds since the epoch)
    step: int = 0  # moves on with every change, for the page to follow


@dataclass
class SimJob:
    """The desk's one simulation; ``told`` is called (from its thread) each time it moves on."""

    told: Callable[[], None] = lambda: None
    _now: SimState = field(default_factory=SimState)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def view(self) -> SimState:
        with self._lock:
            return self._now

    def _set(self, **changes: Any) -> None:
        with self._lock:
            self._now = replace(self._now, step=self._now.step + 1, **changes)
        self.told()

    def start(self, deck: str | None, games: int, bot: str) -> str | None:
        """Start a run of ``games`` games on ``deck``; None when started, else why not."""
        if bot not in (*BOT_NAMES, STRENGTH):
            return f"no bot '{bot}'; choose {', '.join((*BOT_NAMES, STRENGTH))}"
        if not 1 <= games <= MOST_FROM_PAGE:
            return f"games must be from 1 to {MOST_FROM_PAGE:,}"
        with self._lock:
            if self._now.state == "running":
                return "a simulation is running; wait for it to end"
            self._now = replace(self._now, state="running", done=0, total=games, bot=bot, error="", step=self._now.step + 1)
        self.told()
        threading.Thread(target=self._run, args=(deck, games, bot), daemon=True, name="simulate").start()
        return None

    def _run(self, where: str | None, games: int, bot: str) -> None:
        try:
            deck = load_deck(where, need_score_sheet=False)
            bots = STRENGTHS if bot == STRENGTH else (bot,)
            plans = [Plan(games=games, north=b, south=b) for b in bots]  # type: ignore[arg-type]

            def told(done: int, total: int) -> None:
                self._set(done=done, total=total)

            totals = across.play(deck, plans, None, told) if len(plans) > 1 else None
            summary = totals.summaries[0] if totals else simulate(deck, plans[0], None, told)
            bounds = balance.bounds_of(deck)
            verdict = balance.judge(summary, bounds)
            result = to_json(deck, plans[0], deck.edition, summary, verdict)
            lines = to_text(deck, plans[0], deck.edition, summary, verdict)
            if totals is not None:  # every strength: the first bot's run, and each face's verdict across them
                found = across_strength.judge(bots, totals, bounds.face_win_rate)
                result["strength"] = strength_json(found)
                lines = [*strength_lines(found), "", *lines]
            text = "\n".join(lines)
            self._set(state="done", result=result, text=text, finished=time.time())
        except Hi5Error as exc:
            self._set(state="failed", error=str(exc))
        except Exception as exc:  # the page must hear of any failure, not wait for ever
            self._set(state="failed", error=f"the simulation failed ({type(exc).__name__}: {exc})")
