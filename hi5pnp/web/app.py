"""The web desk as a Starlette application: the routes of the pages, each a
function of the module that finds the run's :class:`~.desk.Desk` in
``request.app.state.desk``, and the rules every request meets (the host
allow-list, then :mod:`.guard`).

A page is a route here, a template in ``pages/`` (extending ``base.html``,
rendered by :data:`templates` with the token, the path and the desk) and,
for what it shows, a function of the module of its job; a new page is one
line of :data:`ROUTES` more. Every route that reads files or draws is a
plain function, which Starlette runs in its thread pool; the routes that
must read a form first (``async``) hand their work to the pool too, so the
event loop (the streams, ``/status``) never waits on a build or a check.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from babel.dates import format_datetime
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import Hi5Error, OptionError, printable
from ..language import N_, _, spoken
from . import gallery, judging, printing, stream
from .chart import chart
from .desk import MAX_FORM, MAX_PASTE, Desk
from .event import eventdesk, eventroutes, tableroutes
from .event.judgelink import JudgeGuard
from .guard import Guard, form_of, whole
from .play import playroutes
from .spoken import Speak
from .templating import HERE, desk_of, page

LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
# Translators: when the last simulation ran, as a CLDR date pattern (Babel's format_datetime): "27 Nov 2026, 18:24"
DATE_PATTERN = N_("dd MMM y, HH:mm")


def sim_view(desk: Desk) -> dict[str, Any]:
    """The simulation as the page shows it: its state, and the last result's chart, dated."""
    now = desk.job.view()
    shown: dict[str, Any] = {"state": now.state, "done": now.done, "total": now.total, "bot": now.bot, "error": now.error}
    if now.result is not None:
        made = format_datetime(datetime.fromtimestamp(now.finished), _(DATE_PATTERN), locale=spoken().lang)
        bots = now.result.get("bots", {})
        said = " v ".join(_(b) for b in dict.fromkeys(bots.values())) if isinstance(bots, dict) else str(bots)
        bots_said = _("%(bots)s bots") % {"bots": said}
        shown.update(result=now.result, text=now.text, chart=chart(now.result), made=made, bots=bots_said, stale=now.state in ("failed", "running"))
    return shown


# the designer ------------------------------------------------------------------------------------------


def home(request: Request) -> Response:
    desk = desk_of(request)
    seen = desk.follow().counts()  # the watch runs before the files are read: a save after this is told to the page
    return page(request, "gallery.html", g=gallery.gallery(desk), sim=sim_view(desk), seen=seen)


def gallery_part(request: Request) -> Response:
    return page(request, "_gallery.html", g=gallery.gallery(desk_of(request)))


def sim_part(request: Request) -> Response:
    return page(request, "_simulation.html", sim=sim_view(desk_of(request)))


def face(request: Request) -> Response:
    made = gallery.face_image(desk_of(request), request.path_params["kind"], request.path_params["face"])
    if made is None:
        return PlainTextResponse(_("no such face"), status_code=404)
    data, version = made
    fresh = request.query_params.get("v") == version
    return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=31536000, immutable" if fresh else "no-store"})


async def events(request: Request) -> Response:
    changes = await run_in_threadpool(desk_of(request).follow)
    seen = stream.last_seen(request.headers.get("last-event-id"))
    said = stream.events(changes, seen, request.is_disconnected)
    return StreamingResponse(said, media_type="text/event-stream", headers={"Cache-Control": "no-store"})


async def simulate(request: Request) -> Response:
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    desk = desk_of(request)
    games = whole(str(form.get("games", "")), "games") or 0
    why = desk.job.start(desk.deck, games, str(form.get("bot", "")))
    if why:
        return await run_in_threadpool(page, request, "gallery.html", 409, g=gallery.gallery(desk), sim=sim_view(desk), problem=why)
    return RedirectResponse("/#simulation", status_code=303)


# the judge ---------------------------------------------------------------------------------------------


def judge_home(request: Request, status: int = 200, problem: str = "") -> Response:
    desk = desk_of(request)
    return page(request, "judge.html", status, logs=judging.listed(desk), table=judging.standings(desk), problem=problem)


def _tries(request: Request) -> tuple[judging.Tries, str]:
    return judging.parse_tries(request.query_params.getlist("line"), request.query_params.getlist("turn"))


def _tries_or_400(request: Request) -> judging.Tries:
    """The tries of a picture's or a PDF's address: one that cannot be read is a 400, never left out unsaid."""
    tries, problem = _tries(request)
    if problem:
        raise OptionError(problem)
    return tries


def judge_log(request: Request) -> Response:
    tries, problem = _tries(request)
    until = whole(request.query_params.get("until"), "until")
    seen = judging.judged(desk_of(request), request.path_params["name"], tries, until, whole(request.query_params.get("turns"), "turns"))
    if seen is None:
        return PlainTextResponse(_("no such log"), status_code=404)
    rule = eventdesk.can_rule(desk_of(request), request.path_params["name"])
    ruled = _("The ruling is saved beside the log.") if request.query_params.get("ruled") else ""
    return page(request, "log.html", v=seen, until=until, problem=problem, tried_query=tried_query(tries), rule=rule, kept={}, done=ruled)


def position(request: Request) -> Response:
    tries = _tries_or_400(request)
    until = whole(request.query_params.get("until"), "until")
    svg = judging.position_svg(desk_of(request), request.path_params["name"], until, tries)
    return Response(svg, media_type="image/svg+xml") if svg else PlainTextResponse(_("no position to draw"), status_code=404)


def verdict_pdf(request: Request) -> Response:
    tries = _tries_or_400(request)
    name = request.path_params["name"]
    pdf = judging.verdict_pdf(desk_of(request), name, tries)
    if pdf is None:
        return PlainTextResponse(_("no such log"), status_code=404)
    stem = Path(name).stem
    return Response(pdf, media_type="application/pdf", headers={"Content-Disposition": f'attachment; filename="{quote(stem)}-verdict.pdf"'})


async def paste(request: Request) -> Response:
    form = await form_of(request, MAX_PASTE + MAX_FORM)
    if isinstance(form, Response):
        return form
    given = form.get("file") or form.get("log") or b""
    text = given if isinstance(given, bytes) else str(given).encode("utf-8")
    if not text.strip():
        return await run_in_threadpool(judge_home, request, 400, _("paste a log, or choose its file"))
    try:
        name = await run_in_threadpool(judging.paste, desk_of(request), text)
    except Hi5Error as exc:
        return await run_in_threadpool(judge_home, request, 413, printable(str(exc)))
    return RedirectResponse(f"/judge/log/{quote(name)}", status_code=303)


# the hobbyist ------------------------------------------------------------------------------------------


def print_home(request: Request, status: int = 200, problem: str = "", form: dict[str, Any] | None = None) -> Response:
    kit = printing.kit_files(desk_of(request))
    if form is not None:
        kit = {**kit, "options": printing.chosen(form)}  # the form as the user left it, to mend
    done = request.query_params.get("done", "") if request.method == "GET" else ""
    return page(request, "print.html", status, kit=kit, choices=printing.choices(), guide=printing.guide(), done=done, problem=problem)


async def print_build(request: Request) -> Response:
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    try:
        done = await run_in_threadpool(printing.build, desk_of(request), {k: str(v) for k, v in form.items()})
    except Hi5Error as exc:
        return await run_in_threadpool(print_home, request, 400, printable(str(exc)), form)
    return RedirectResponse(f"/print?done={quote(done)}", status_code=303)


def print_file(request: Request) -> Response:
    path = printing.file_path(desk_of(request), request.path_params["name"])
    if path is None:
        return PlainTextResponse(_("no such file in the kit"), status_code=404)
    return FileResponse(path)


# the desk itself ---------------------------------------------------------------------------------------


def status(request: Request) -> Response:
    desk = desk_of(request)
    return JSONResponse({"deck": str(desk.deck_path), "changes": desk.changes.counts(), "simulation": desk.job.view().state})


def favicon(request: Request) -> Response:
    return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


def bad_value(request: Request, exc: Exception) -> Response:
    """A number of the address or a form that is no number: told on a page, status 400."""
    return page(request, "problem.html", 400, problem=printable(str(exc)))


ROUTES: list[BaseRoute] = [
    Route("/", home),
    Route("/gallery", gallery_part),
    Route("/simulation", sim_part),
    Route("/face/{kind:str}/{face:str}.png", face),
    Route("/events", events),
    Route("/simulate", simulate, methods=["POST"]),
    Route("/judge", judge_home),
    Route("/judge/log/{name:str}", judge_log),
    Route("/judge/log/{name:str}/position.svg", position),
    Route("/judge/log/{name:str}/verdict.pdf", verdict_pdf),
    Route("/judge/paste", paste, methods=["POST"]),
    *eventroutes.ROUTES,
    *tableroutes.ROUTES,
    Route("/print", print_home),
    Route("/print/build", print_build, methods=["POST"]),
    Route("/print/file/{name:str}", print_file),
    *playroutes.ROUTES,
    Route("/status", status),
    Route("/favicon.ico", favicon),
    Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
]


def make_app(desk: Desk, hosts: list[str] | None = None) -> Starlette:
    """The desk's application; ``hosts``: the host names it answers to (default: this machine's own)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await run_in_threadpool(desk.close)  # the watch on the deck's files

    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts or LOCAL_HOSTS),
        Middleware(Speak, fixed=desk.lang),
        Middleware(Guard),
        Middleware(JudgeGuard, desk=desk),
    ]
    app = Starlette(routes=ROUTES, middleware=middleware, exception_handlers={OptionError: bad_value}, lifespan=lifespan)
    app.state.desk = desk
    return app


def tried_query(tries: judging.Tries) -> str:
    return "&".join(f"line={t.line}{'%2B' * t.after}&turn={quote(t.text)}" for t in tries)
