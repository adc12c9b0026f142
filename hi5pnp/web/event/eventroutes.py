"""The event page's routes (``/event``), and "save as ruling" on a log's
page: module-level functions as in :mod:`.app`, which lists them in its
``ROUTES``. What they show and write is :mod:`.eventdesk`'s; every write
runs in the thread pool."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ...errors import EventError, Hi5Error, printable
from ...language import _
from ...render.paper import PAPER_NAMES, paper_title
from .. import judging
from ..desk import MAX_FORM, MAX_PASTE
from ..guard import form_of, whole
from ..templating import desk_of, page
from . import eventday, eventdesk, reports

PAPERS = [{"value": name, "label": paper_title(name)} for name in PAPER_NAMES]


def said(exc: Exception, before: str = "") -> str:
    """An error's message for the page, each line made printable (a refusal lists the open games a line each)."""
    return "\n".join(printable(line) for line in f"{before}{exc}".splitlines())


def event_home(request: Request, status: int = 200, problem: str = "", shown: dict[str, Any] | None = None, form: dict[str, Any] | None = None) -> Response:
    desk = desk_of(request)
    waiting: list[dict[str, Any]] = []
    try:
        ev = eventdesk.view(desk)
        if desk.event:
            read = eventdesk.event_of(desk)
            waiting = reports.waiting_reports(desk, read)
    except Hi5Error as exc:  # the event file or the alias file cannot be read: said on the page
        ev, problem, status = None, said(exc), 400 if status == 200 else status
    done = request.query_params.get("done", "") if request.method == "GET" else ""
    kept = {k: str(v) for k, v in (form or {}).items() if k in ("seed", "fixed", "rematch", "paper")}
    return page(request, "event.html", status, ev=ev, papers=PAPERS, problem=problem, done=done, preview=shown, kept=kept, waiting=waiting)


def _pairing_form(form: dict[str, Any]) -> tuple[int, list[str], bool]:
    """The pair form's seed, its tables fixed by hand and whether a fixed table may be a rematch."""
    return whole(str(form.get("seed", "")), "seed") or 0, eventdesk.fixed_tables(str(form.get("fixed", ""))), bool(form.get("rematch"))


async def _refused(request: Request, exc: Hi5Error, form: dict[str, Any] | None = None) -> Response:
    """The event page again with why the desk did not act: 409 for a conflict with the event as it stands (a
    round open, the planned rounds paired), else 400; the form's values kept."""
    return await run_in_threadpool(event_home, request, 409 if isinstance(exc, EventError) else 400, said(exc), None, form)


async def event_preview(request: Request) -> Response:
    """The next round as it would be paired, on the event page, writing nothing."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    seed, fixed, rematch = _pairing_form(form)
    try:
        shown = await run_in_threadpool(eventdesk.preview, desk_of(request), seed, fixed, rematch)
    except Hi5Error as exc:
        return await _refused(request, exc, form)
    return await run_in_threadpool(event_home, request, 200, "", shown, form)


async def told_or_said(request: Request, anchor: str, work: Callable[..., str], *args: Any) -> Response:
    """A desk's action run off the loop: what it did told on the event page (at ``anchor``), or why not
    (409 for a conflict with the event as it stands, else 400)."""
    try:
        told = await run_in_threadpool(work, *args)
    except Hi5Error as exc:
        return await _refused(request, exc)
    return RedirectResponse(f"/event?done={quote(told)}#{anchor}", status_code=303)


async def event_entry(request: Request) -> Response:
    """A late entry or a drop: a new event.yaml, the version before kept."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    return await told_or_said(request, "players", eventday.change_entry, desk_of(request), str(form.get("action", "")), str(form.get("name", "")))


async def event_pair(request: Request) -> Response:
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    seed, fixed, rematch = _pairing_form(form)
    try:
        number, written = await run_in_threadpool(eventdesk.pair, desk_of(request), seed, str(form.get("paper", "a4")), fixed, rematch)
    except Hi5Error as exc:
        return await _refused(request, exc, form)
    told = _("Round %(round)d paired: wrote %(files)s.") % {"round": number, "files": ", ".join(written)}
    return RedirectResponse(f"/event?done={quote(told)}#round", status_code=303)


async def event_hand_in(request: Request) -> Response:
    form = await form_of(request, MAX_PASTE + MAX_FORM)
    if isinstance(form, Response):
        return form
    given = form.get("file") or form.get("log") or b""
    text = given if isinstance(given, bytes) else str(given).encode("utf-8")
    table = str(form.get("table", ""))
    if not text.strip():
        return await run_in_threadpool(event_home, request, 400, printable(_("%(table)s: paste its log, or choose its file") % {"table": table}))
    try:
        name = await run_in_threadpool(eventdesk.hand_in, desk_of(request), table, text)
    except EventError as exc:
        return await run_in_threadpool(event_home, request, 409, said(exc))
    except Hi5Error as exc:
        return await run_in_threadpool(event_home, request, 400, said(exc, f"{table}: "))
    return RedirectResponse(f"/judge/log/{quote(name)}", status_code=303)


async def log_rule(request: Request) -> Response:
    """Save as ruling, on a log's page: the corrections tried there (the
    page's own query of them) and the result ruled, with the judge's name."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    name = request.path_params["name"]
    tried = parse_qs(str(form.get("tried", "")), keep_blank_values=True)
    tries, problem = judging.parse_tries(tried.get("line", []), tried.get("turn", []))
    if not problem:
        try:
            await run_in_threadpool(
                eventdesk.rule, desk_of(request), name, str(form.get("judge", "")), tries, str(form.get("winner", "")), str(form.get("reason", ""))
            )
            return RedirectResponse(f"/judge/log/{quote(name)}?ruled=1", status_code=303)
        except Hi5Error as exc:
            problem = said(exc)
    return await run_in_threadpool(_log_again, request, name, tries, str(form.get("tried", "")), problem, form)


def _log_again(request: Request, name: str, tries: judging.Tries, tried: str, problem: str, form: dict[str, object]) -> Response:
    """The log's page again, with why the ruling was not saved and the form as the judge left it."""
    desk = desk_of(request)
    seen = judging.judged(desk, name, tries)
    if seen is None:
        return PlainTextResponse(_("no such log"), status_code=404)
    kept = {k: str(form.get(k, "")) for k in ("judge", "winner", "reason")}
    return page(request, "log.html", 400, v=seen, until=None, problem=problem, tried_query=tried, rule=eventdesk.can_rule(desk, name), kept=kept)


def event_board(request: Request) -> Response:
    """The projector page: the round's clock, every player's table by name, the standings."""
    desk = desk_of(request)
    try:
        b = eventday.board(desk)
    except Hi5Error as exc:
        return event_home(request, 400, said(exc))
    if b is None:
        return event_home(request, 404, _("the desk follows no event: start it with --event FOLDER"))
    return page(request, "event_board.html", b=b)


async def event_clock(request: Request) -> Response:
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    minutes = whole(str(form.get("minutes", "")), "minutes")
    table = whole(str(form.get("table", "")), "table")
    return await told_or_said(request, "round", eventday.clock_act, desk_of(request), str(form.get("action", "")), minutes, table)


async def event_result(request: Request) -> Response:
    """A table's result entered from its slip: the judge's ruling beside its log."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    log = str(form.get("log", ""))
    args = [str(form.get(k, "")) for k in ("judge", "winner", "score", "reason")]
    quick = str(form.get("quick", ""))  # a forfeit or a no-show from the table's row: "forfeit:south", the winner's seat
    if quick:
        kind, _sep, seat = quick.partition(":")
        args = [args[0], seat, "", kind]
    try:
        name = await run_in_threadpool(eventday.enter_result, desk_of(request), log, *args)
    except EventError as exc:
        return await run_in_threadpool(event_home, request, 409, said(exc, f"{log}: "))
    except Hi5Error as exc:
        return await run_in_threadpool(event_home, request, 400, said(exc, f"{log}: "))
    told = _("%(log)s: the result is written as the ruling %(ruling)s.") % {"log": log, "ruling": name}
    return RedirectResponse(f"/event?done={quote(told)}#round", status_code=303)


def event_file(request: Request) -> Response:
    path = eventdesk.slips_path(desk_of(request), request.path_params["name"])
    if path is None:
        return PlainTextResponse(_("no such slips file in the event's folder"), status_code=404)
    return FileResponse(path, media_type="application/pdf", filename=path.name)


ROUTES: list[BaseRoute] = [
    Route("/event", event_home),
    Route("/event/pair", event_pair, methods=["POST"]),
    Route("/event/preview", event_preview, methods=["POST"]),
    Route("/event/entry", event_entry, methods=["POST"]),
    Route("/event/hand-in", event_hand_in, methods=["POST"]),
    Route("/event/file/{name:str}", event_file),
    Route("/event/board", event_board),
    Route("/event/clock", event_clock, methods=["POST"]),
    Route("/event/result", event_result, methods=["POST"]),
    Route("/judge/log/{name:str}/rule", log_rule, methods=["POST"]),
]
