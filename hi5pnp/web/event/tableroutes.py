"""The players' routes of event day (``/event/table/<token>``: a table's page,
its report, confirmation or dispute), the judge's acceptance of a report
waiting, and the print view of the round's table slips with their QR codes
(``/event/slips``). What they read and write is :mod:`.reports`'s."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import quote

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ...errors import Hi5Error, printable
from ...event.floor.qrcode import qr_svg
from ...event.floor.tablelinks import table_url
from ...language import _
from ..desk import Desk
from ..guard import form_of, whole
from ..templating import desk_of, page
from . import eventdesk, reports
from .eventroutes import event_home, said, told_or_said
from .judgelink import judge_link

BROWSER = "hi5pnp-phone"  # a browser's own mark, so a report is confirmed from another


def _marked(request: Request, answer: Response) -> Response:
    if not request.cookies.get(BROWSER):
        answer.set_cookie(BROWSER, secrets.token_urlsafe(16), httponly=True, samesite="strict", path="/event/table/", max_age=86400)
    return answer


def _table_page(request: Request, status: int = 200, problem: str = "", done: str = "") -> Response:
    token = request.path_params["token"]
    try:
        view: dict[str, Any] | None = reports.table_view(desk_of(request), token)
        closed = ""
    except reports.Closed as exc:
        view, closed, status = None, str(exc), 410 if status == 200 and not done else status
    except Hi5Error as exc:
        view, closed, status = None, said(exc), 400
    return _marked(request, page(request, "event_table.html", status, t=view, closed=closed, problem=problem, done=done, table_token=token))


def table_home(request: Request) -> Response:
    return _table_page(request)


async def table_act(request: Request) -> Response:
    """A player's report, confirmation or dispute, from the table's page."""
    form = await form_of(request, keyed=False)  # the table's secret is in its address
    if isinstance(form, Response):
        return form
    desk, token = desk_of(request), request.path_params["token"]
    browser = request.cookies.get(BROWSER, "")
    action, who = str(form.get("action", "")), str(form.get("who", ""))
    try:
        if action == "report":
            north, south = (str(form.get(k, "")).strip() for k in ("north_score", "south_score"))
            score = f"{north}-{south}" if north or south else ""
            reason = "time-called" if form.get("time_called") else ""
            await run_in_threadpool(reports.report, desk, token, who, str(form.get("winner", "")), score, reason, browser)
        elif action == "confirm":
            name = await run_in_threadpool(reports.confirm, desk, token, who, browser)
            return await run_in_threadpool(_table_page, request, 200, "", _("Confirmed: the result is written (%(ruling)s). Thank you!") % {"ruling": name})
        elif action == "dispute":
            await run_in_threadpool(reports.dispute, desk, token, who)
        else:
            return await run_in_threadpool(_table_page, request, 400, _("report a result, or confirm or dispute the one reported"))
    except reports.Closed:
        return await run_in_threadpool(_table_page, request)
    except Hi5Error as exc:
        return await run_in_threadpool(_table_page, request, 400, said(exc))
    return RedirectResponse(f"/event/table/{quote(token)}", status_code=303)


async def report_accept(request: Request) -> Response:
    """The judge accepts a report waiting, on the event page."""
    form = await form_of(request)
    if isinstance(form, Response):
        return form
    number, table = whole(str(form.get("round", "")), "round"), whole(str(form.get("table", "")), "table")
    return await told_or_said(request, "reports", _accepted, desk_of(request), number or 0, table or 0, str(form.get("judge", "")))


def _accepted(desk: Desk, number: int, table: int, judge: str) -> str:
    name = reports.accept(desk, number, table, judge)
    return printable(_("Table %(table)d's report is accepted: written as %(ruling)s.") % {"table": table, "ruling": name})


def table_slips(request: Request) -> Response:
    """The latest round's table slips to print: each table's players, its link and its QR code."""
    desk = desk_of(request)
    try:
        ev = eventdesk.event_of(desk)
        links = reports.round_links(desk, ev)
    except Hi5Error as exc:
        return event_home(request, 400, said(exc))
    base = desk.public_url or str(request.base_url).rstrip("/")
    board = {t["table"]: t for t in eventday_tables(desk)}
    slips = []
    for number, token in sorted(links.items()):
        url = table_url(base, token)
        t = board.get(number, {})
        slips.append({"table": number, "north": t.get("north", ""), "south": t.get("south", ""), "url": url, "qr": Markup(qr_svg(url))})
    return page(request, "event_slips.html", event_name=ev.name, round=ev.latest_round, slips=slips)


def eventday_tables(desk: Desk) -> list[dict[str, Any]]:
    from .eventday import board

    b = board(desk)
    return list(b["tables"]) if b is not None else []


ROUTES: list[BaseRoute] = [
    Route("/event/table/{token:str}", table_home),
    Route("/event/table/{token:str}", table_act, methods=["POST"]),
    Route("/event/report/accept", report_accept, methods=["POST"]),
    Route("/event/slips", table_slips),
    Route("/judge-link/{key:str}", judge_link),
]
