"""The web desk as a Starlette application: the routes of the three pages,
and the rules every request meets.

- Only the hosts it was started for are answered (a page of another site
  cannot reach it through a name that resolves to this machine).
- A request that changes anything is a POST carrying the run's token.
- A body is read only when it says its length, and only up to a bound.
- Every value shown is escaped (jinja2 autoescape); files are read only
  from the folders given and the desk's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import Hi5Error, printable
from . import gallery, judging, playing, printing, simjob
from .desk import MAX_FORM, MAX_PASTE, Desk

HERE = Path(__file__).parent
_pages = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "pages"), autoescape=True, trim_blocks=True, lstrip_blocks=True)


def make_app(desk: Desk, hosts: list[str] | None = None) -> Starlette:
    """The desk's application; ``hosts``: the host names it answers to (default: this machine's)."""

    def page(name: str, request: Request, status: int = 200, **values: Any) -> HTMLResponse:
        html = _pages.get_template(name).render(token=desk.token, path=request.url.path, desk=desk, **values)
        return HTMLResponse(html, status_code=status)

    async def form_of(request: Request, most: int = MAX_FORM) -> dict[str, Any] | Response:
        """The request's form, once its length and token are right; else the response that says why not."""
        length = request.headers.get("content-length")
        if length is None or not length.isdigit():
            return PlainTextResponse("a form must say its length", status_code=411)
        if int(length) > most:
            return PlainTextResponse(f"too large: at most {most:,} bytes", status_code=413)
        async with request.form(max_files=1, max_fields=40, max_part_size=most) as form:
            values: dict[str, Any] = {}
            for key, value in form.multi_items():
                values[key] = (await value.read()) if hasattr(value, "read") else value
        if not desk.token_ok(values.get("token")):
            return PlainTextResponse("this form is from another run of the desk: reload the page", status_code=403)
        return values

    # the designer -----------------------------------------------------------------------------
    def home(request: Request) -> Response:
        return page("gallery.html", request, g=gallery.gallery(desk), sim=_sim_view(desk))

    def gallery_part(request: Request) -> Response:
        return page("_gallery.html", request, g=gallery.gallery(desk))

    def sim_part(request: Request) -> Response:
        return page("_simulation.html", request, sim=_sim_view(desk))

    def face(request: Request) -> Response:
        made = gallery.face_image(desk, request.path_params["kind"], request.path_params["face"])
        if made is None:
            return PlainTextResponse("no such face", status_code=404)
        data, version = made
        fresh = request.query_params.get("v") == version
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=31536000, immutable" if fresh else "no-store"})

    async def events(request: Request) -> Response:
        return StreamingResponse(gallery.events(desk, request.is_disconnected), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def simulate(request: Request) -> Response:
        form = await form_of(request)
        if isinstance(form, Response):
            return form
        games = str(form.get("games", ""))
        why = simjob.start(desk, int(games), str(form.get("bot", ""))) if games.isdigit() else "games must be a whole number"
        if why:
            return page("gallery.html", request, status=409, g=gallery.gallery(desk), sim=_sim_view(desk), problem=why)
        return RedirectResponse("/#simulation", status_code=303)

    # the judge --------------------------------------------------------------------------------
    def judge_page(request: Request, status: int = 200, problem: str = "") -> Response:
        logs = [{"name": name, "outcome": judging.outcome(desk, name)} for name in desk.log_files()]
        return page("judge.html", request, status, logs=logs, table=judging.standings(desk), problem=problem)

    def judge_home(request: Request) -> Response:
        return judge_page(request)

    def judge_log(request: Request) -> Response:
        tries, problem = judging.parse_tries(request.query_params.getlist("line"), request.query_params.getlist("turn"))
        seen = judging.judged(desk, request.path_params["name"], tries)
        if seen is None:
            return PlainTextResponse("no such log", status_code=404)
        until = request.query_params.get("until", "")
        return page("log.html", request, v=seen, until=int(until) if until.isdigit() else None, problem=problem, tried_query=_tried_query(tries))

    def position(request: Request) -> Response:
        until = request.query_params.get("until", "")
        tries, _ = judging.parse_tries(request.query_params.getlist("line"), request.query_params.getlist("turn"))
        svg = judging.position_svg(desk, request.path_params["name"], int(until) if until.isdigit() else None, tries)
        return Response(svg, media_type="image/svg+xml") if svg else PlainTextResponse("no position to draw", status_code=404)

    def verdict_pdf(request: Request) -> Response:
        tries, _ = judging.parse_tries(request.query_params.getlist("line"), request.query_params.getlist("turn"))
        name = request.path_params["name"]
        pdf = judging.verdict_pdf(desk, name, tries)
        if pdf is None:
            return PlainTextResponse("no such log", status_code=404)
        stem = Path(name).stem
        return Response(pdf, media_type="application/pdf", headers={"Content-Disposition": f'attachment; filename="{quote(stem)}-verdict.pdf"'})

    async def paste(request: Request) -> Response:
        form = await form_of(request, MAX_PASTE + MAX_FORM)
        if isinstance(form, Response):
            return form
        given = form.get("file") or form.get("log") or b""
        text = given if isinstance(given, bytes) else str(given).encode("utf-8")
        if not text.strip():
            return judge_page(request, 400, "paste a log, or choose its file")
        try:
            name = judging.paste(desk, text)
        except Hi5Error as exc:
            return judge_page(request, 413, printable(str(exc)))
        return RedirectResponse(f"/judge/log/{quote(name)}", status_code=303)

    # the hobbyist -----------------------------------------------------------------------------
    def print_home(request: Request) -> Response:
        kit = printing.kit_files(desk)
        return page("print.html", request, kit=kit, choices=printing.choices(), guide=printing.guide(), done=request.query_params.get("done", ""))

    async def print_build(request: Request) -> Response:
        form = await form_of(request)
        if isinstance(form, Response):
            return form
        try:
            done = printing.build(desk, {k: str(v) for k, v in form.items()})
        except Hi5Error as exc:
            kit = printing.kit_files(desk)
            chosen = {**kit, "options": printing.chosen(form)}  # the form as the user left it, to mend
            return page("print.html", request, status=400, kit=chosen, choices=printing.choices(), guide=printing.guide(), problem=printable(str(exc)))
        return RedirectResponse(f"/print?done={quote(done)}", status_code=303)

    def print_file(request: Request) -> Response:
        path = printing.file_path(desk, request.path_params["name"])
        if path is None:
            return PlainTextResponse("no such file in the kit", status_code=404)
        return FileResponse(path)

    # the table ---------------------------------------------------------------------------------
    def play_home(request: Request, status: int = 200, problem: str = "") -> Response:
        return page("play.html", request, status, games=desk.tables.open_games(), opponents=_OPPONENTS, problem=problem)

    async def play_new(request: Request) -> Response:
        form = await form_of(request)
        if isinstance(form, Response):
            return form
        try:
            game_id = await run_in_threadpool(playing.new_game, desk, {k: str(v) for k, v in form.items()})
        except Hi5Error as exc:
            return play_home(request, 400, printable(str(exc)))
        return RedirectResponse(f"/play/{game_id}", status_code=303)

    def play_game(request: Request) -> Response:
        game_id = request.path_params["game"]
        kept = desk.tables.get(game_id)
        if kept is None:
            return play_home(request, 404, "That game is not at this desk: it was dropped after an hour alone, or the desk was restarted.")
        with kept.lock:
            seen = playing.view(desk, game_id, kept, request.query_params.get("face"))
        return page("play_game.html", request, g=seen)

    async def play_act(request: Request) -> Response:
        form = await form_of(request)
        if isinstance(form, Response):
            return form
        game_id = request.path_params["game"]
        kept = desk.tables.get(game_id)
        if kept is None:
            return play_home(request, 404, "That game is not at this desk any more.")

        def act() -> None:
            with kept.lock:
                playing.act(kept, {k: str(v) for k, v in form.items()})

        try:
            await run_in_threadpool(act)
        except Hi5Error as exc:
            kept.said = printable(str(exc))
        return RedirectResponse(f"/play/{game_id}", status_code=303)

    def play_position(request: Request) -> Response:
        kept = desk.tables.get(request.path_params["game"])
        svg = playing.position_svg(desk, kept) if kept is not None else None
        return Response(svg, media_type="image/svg+xml") if svg else PlainTextResponse("no position to draw", status_code=404)

    def play_log(request: Request) -> Response:
        kept = desk.tables.get(request.path_params["game"])
        if kept is None or kept.table.state is None:
            return PlainTextResponse("no such game, or its faces are not chosen yet", status_code=404)
        with kept.lock:
            text = playing.log_text(kept)
        saved = f'attachment; filename="game-{kept.table.seating.seed}.yaml"'
        return Response(text, media_type="text/yaml; charset=utf-8", headers={"Content-Disposition": saved})

    async def play_judge(request: Request) -> Response:
        form = await form_of(request)
        if isinstance(form, Response):
            return form
        kept = desk.tables.get(request.path_params["game"])
        if kept is None or kept.table.state is None:
            return play_home(request, 404, "That game is not at this desk any more.")
        with kept.lock:
            text = playing.log_text(kept)
        name = await run_in_threadpool(judging.paste, desk, text.encode("utf-8"))
        return RedirectResponse(f"/judge/log/{quote(name)}", status_code=303)

    def status(request: Request) -> Response:
        return JSONResponse({"deck": str(desk.deck_path), "signature": desk.signature(), "simulation": desk.sim.get("state", "")})

    routes = [
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
        Route("/print", print_home),
        Route("/print/build", print_build, methods=["POST"]),
        Route("/print/file/{name:str}", print_file),
        Route("/play", play_home),
        Route("/play/new", play_new, methods=["POST"]),
        Route("/play/{game:str}", play_game),
        Route("/play/{game:str}", play_act, methods=["POST"]),
        Route("/play/{game:str}/position.svg", play_position),
        Route("/play/{game:str}/log.yaml", play_log),
        Route("/play/{game:str}/judge", play_judge, methods=["POST"]),
        Route("/status", status),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    allowed = hosts or ["127.0.0.1", "localhost", "[::1]"]
    return Starlette(routes=routes, middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed)])


_OPPONENTS = [
    {"value": "greedy", "label": "the greedy bot (plays its best turn now)"},
    {"value": "planner", "label": "the planner bot (looks a segment ahead)"},
    {"value": "random", "label": "the random bot (any legal turn)"},
    {"value": "person", "label": "a friend at this screen"},
]


def _sim_view(desk: Desk) -> dict[str, Any]:
    sim = dict(desk.sim)
    if sim.get("result"):
        sim["chart"] = simjob.chart(sim["result"])
    return sim


def _tried_query(tries: list[judging.Try]) -> str:
    return "&".join(f"line={t.line}{'%2B' * t.after}&turn={quote(t.text)}" for t in tries)
