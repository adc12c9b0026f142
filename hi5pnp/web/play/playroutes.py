"""The table's routes (``/play``): module-level functions as in :mod:`..app`,
which lists them in its ``ROUTES``. What they show and do is
:mod:`.playing`'s; every turn is played in the thread pool (a bot's turn
never holds the event loop).

Besides the pages, the page's script asks for the game as it stands
(``state.json``), a competitor's legal turns in groups with what each does
(``turns.json``), the game's part of the page (``part``) and the game's
news as server-sent events (``events``): the plain forms work without it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from ...errors import Hi5Error, TableError, printable
from ...language import N_, _
from ...rules import Seat
from .. import judging
from ..guard import form_of, whole
from ..templating import desk_of, page
from . import playing, replaying
from .news import News
from .tables import Kept

OPPONENTS = [
    {"value": "greedy", "label": N_("the greedy bot (plays its best turn now)")},
    {"value": "planner", "label": N_("the planner bot (looks a segment ahead)")},
    {"value": "random", "label": N_("the random bot (any legal turn)")},
    {"value": "person", "label": N_("a friend at this screen")},
    {"value": "friend", "label": N_("a friend on another machine (a link for each seat)")},
]
NO_KEY = N_("A game at the table is played, and watched, only by its links: ask the person who dealt it for yours.")
GONE = N_("That game is not at this desk: it was left alone for an hour, or it had ended and made room for a new deal, or the desk was started again.")
STREAM_FOR = 25.0  # seconds a game's event stream lasts; the browser opens the next by itself
STILL_HERE = 10.0  # seconds between comments that keep it open


def play_home(request: Request, status: int = 200, problem: str = "") -> Response:
    desk = desk_of(request)
    return page(request, "play.html", status, games=desk.tables.open_games(), opponents=[{**o, "label": _(o["label"])} for o in OPPONENTS], problem=problem)


async def play_new(request: Request) -> Response:
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    try:
        game_id = await run_in_threadpool(playing.new_game, desk_of(request), {k: str(v) for k, v in form.items()})
    except TableError as exc:  # every place holds a game in progress: said as it is
        return await run_in_threadpool(play_home, request, 409, printable(str(exc)))
    except Hi5Error as exc:
        return await run_in_threadpool(play_home, request, 400, printable(str(exc)))
    return RedirectResponse(f"/play/{game_id}", status_code=303)


def _kept(request: Request) -> tuple[Kept, frozenset[Seat]] | None:
    """The game of the address and the seats its link plays (none: it watches); None for a game or a secret not here."""
    kept = desk_of(request).tables.get(request.path_params["game"])
    seats = kept.seats_of(request.path_params["key"]) if kept is not None else None
    return None if kept is None or seats is None else (kept, seats)


def _view(request: Request, kept: Kept, seats: frozenset[Seat]) -> dict[str, object]:
    query, params = request.query_params, request.path_params
    with kept.lock:
        seen = playing.view(desk_of(request), params["game"], kept, query.get("face"), query.get("group"), params["key"], seats)
    seen["address"] = str(request.base_url).rstrip("/")
    return seen


def play_game(request: Request) -> Response:
    found = _kept(request)
    if found is None:
        return play_home(request, 404, _(GONE))
    return page(request, "play_game.html", g=_view(request, *found))


def play_unkeyed(request: Request) -> Response:
    """A game's address without its link's secret: it is played and watched only by its links."""
    return play_home(request, 404, _(NO_KEY))


def play_part(request: Request) -> Response:
    """The game's part of its page, for the script to swap in."""
    found = _kept(request)
    if found is None:
        return PlainTextResponse(_(GONE), status_code=404)
    return page(request, "_play_game.html", g=_view(request, *found))


async def play_act(request: Request) -> Response:
    """A turn, the faces chosen, an undo or the bot's turn, played in the thread pool; a spectator's link plays nothing."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    found = _kept(request)
    if found is None:
        return await run_in_threadpool(play_home, request, 404, _(GONE))
    kept, seats = found
    if not seats:
        return PlainTextResponse(_("a spectator's link watches the game and plays no turn"), status_code=403)
    await run_in_threadpool(playing.act_locked, kept, {k: str(v) for k, v in form.items()}, desk_of(request).tables.pause, seats)
    if request.headers.get("x-hi5-part"):  # the page's script: the game's part at once, no second request
        return await run_in_threadpool(play_part, request)
    return RedirectResponse(f"/play/{request.path_params['game']}/{request.path_params['key']}", status_code=303)


def play_state(request: Request) -> Response:
    found = _kept(request)
    if found is None:
        return JSONResponse({"error": _(GONE)}, status_code=404)
    kept = found[0]
    with kept.lock:
        return JSONResponse(playing.state_json(kept), headers={"Cache-Control": "no-store"})


def play_turns(request: Request) -> Response:
    found = _kept(request)
    if found is None:
        return JSONResponse({"error": _(GONE)}, status_code=404)
    kept, seats = found
    with kept.lock:
        told = playing.turns_json(kept, request.query_params.get("face", ""), seats)
    if told is None:
        return JSONResponse({"error": _("that competitor may not move now")}, status_code=409)
    return JSONResponse(told, headers={"Cache-Control": "no-store"})


async def play_events(request: Request) -> Response:
    """The game's news: an event ``turn`` (its data the number of changes) each time it changes."""
    found = _kept(request)
    if found is None:
        return PlainTextResponse(_(GONE), status_code=404)
    kept = found[0]
    given = request.headers.get("last-event-id") or request.query_params.get("since", "")
    seen = int(given) if given.isascii() and given.isdigit() and len(given) <= 12 else None
    return StreamingResponse(_stream(kept.news, seen, request), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


async def _stream(news: News, seen: int | None, request: Request) -> AsyncIterator[str]:
    now = news.count
    yield f"retry: 500\nid: {now}\n\n"
    if seen is not None and seen != now:
        yield f"id: {now}\nevent: turn\ndata: {now}\n\n"
    end = time.monotonic() + STREAM_FOR
    while (left := end - time.monotonic()) > 0 and not news.closed and not await request.is_disconnected():
        later = await news.wait(now, min(left, STILL_HERE))
        if later == now:
            yield ": still here\n\n"
            continue
        await asyncio.sleep(0.02)  # a turn and its bot's reply at once: told once
        now = news.count
        yield f"id: {now}\nevent: turn\ndata: {now}\n\n"


def play_position(request: Request) -> Response:
    desk = desk_of(request)
    found = _kept(request)
    svg = playing.position_svg(desk, found[0]) if found is not None else None
    return Response(svg, media_type="image/svg+xml") if svg else PlainTextResponse(_("no position to draw"), status_code=404)


def play_log(request: Request) -> Response:
    found = _kept(request)
    kept = found[0] if found is not None else None
    text = playing.log_text(kept) if kept is not None else None
    if kept is None or text is None:
        return PlainTextResponse(_("no such game, or its faces are not chosen yet"), status_code=404)
    saved = f'attachment; filename="game-{kept.table.seating.seed}.yaml"'
    return Response(text, media_type="text/yaml; charset=utf-8", headers={"Content-Disposition": saved})


async def play_judge(request: Request) -> Response:
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    desk = desk_of(request)
    found = _kept(request)
    text = playing.log_text(found[0]) if found is not None else None
    if text is None:
        return await run_in_threadpool(play_home, request, 404, _(GONE))
    name = await run_in_threadpool(judging.paste, desk, text.encode("utf-8"))
    return RedirectResponse(f"/judge/log/{quote(name)}", status_code=303)


def play_replay(request: Request) -> Response:
    """A log of the judge's folder, or a pasted one, stepped through on the board."""
    at = whole(request.query_params.get("at"), "at")
    seen = replaying.replay_view(desk_of(request), request.path_params["name"], at)
    if seen is None:
        return PlainTextResponse(_("no such log"), status_code=404)
    return page(request, "replay.html", r=seen, g=seen)


async def play_replay_game(request: Request) -> Response:
    """A game at the table replayed: its log pasted (as for the judge's page), then stepped through from its start."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    found = _kept(request)
    text = playing.log_text(found[0]) if found is not None else None
    if text is None:
        return await run_in_threadpool(play_home, request, 404, _(GONE))
    name = await run_in_threadpool(judging.paste, desk_of(request), text.encode("utf-8"))
    return RedirectResponse(f"/play/replay/{quote(name)}?at=0", status_code=303)


ROUTES: list[BaseRoute] = [
    Route("/play", play_home),
    Route("/play/replay/{name:str}", play_replay),
    Route("/play/new", play_new, methods=["POST"]),
    Route("/play/{game:str}", play_unkeyed),
    Route("/play/{game:str}/{key:str}", play_game),
    Route("/play/{game:str}/{key:str}", play_act, methods=["POST"]),
    Route("/play/{game:str}/{key:str}/part", play_part),
    Route("/play/{game:str}/{key:str}/state.json", play_state),
    Route("/play/{game:str}/{key:str}/turns.json", play_turns),
    Route("/play/{game:str}/{key:str}/events", play_events),
    Route("/play/{game:str}/{key:str}/position.svg", play_position),
    Route("/play/{game:str}/{key:str}/log.yaml", play_log),
    Route("/play/{game:str}/{key:str}/judge", play_judge, methods=["POST"]),
    Route("/play/{game:str}/{key:str}/replay", play_replay_game, methods=["POST"]),
]
