"""The judge's guard (``serve --event FOLDER --host ADDRESS``): a desk that
listens beyond this machine keeps the judge's pages for the judge. A
request from this machine itself (loopback) is always the judge's; any
other needs the judge's cookie, which the judge's secret link
(``/judge-link/<key>``, printed when the desk starts) sets. What stays open
to everyone who reaches the desk: a table's page by its own secret link
(``/event/table/<token>``), a game at the table by a seat's or a
spectator's link (``/play/<game>/<key>``), the stylesheet, the script and
the icon. Everything else is refused with 403 and says how to get in."""

from __future__ import annotations

import hmac
import re

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ...language import _
from ..desk import Desk

COOKIE = "hi5pnp-judge"
ENTRANCE = "/judge-link/"
LOOPBACK = ("127.0.0.1", "::1")
OPEN = re.compile(r"/event/table/[A-Za-z0-9_-]{1,64}|/static/.*|/favicon\.ico|/judge-link/.*|/play/(?!replay/)[^/]+/[^/]+(/[a-z.]+)?")


def is_judge(scope: Scope, desk: Desk) -> bool:
    """Whether a request is the judge's: no guard set, from this machine, or with the judge's cookie."""
    key = desk.judge_key
    if key is None:
        return True
    client = scope.get("client")
    if client is not None and client[0] in LOOPBACK:
        return True
    given = Request(scope).cookies.get(COOKIE, "")
    return hmac.compare_digest(given.encode(), key.encode())


class JudgeGuard:
    """ASGI middleware: the judge's pages only for the judge, when the desk has a judge's key."""

    def __init__(self, app: ASGIApp, desk: Desk) -> None:
        self.app = app
        self.desk = desk

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not OPEN.fullmatch(scope["path"]) and not is_judge(scope, self.desk):
            why = _(
                "refused: the judge's pages of this desk are open on its own machine, or through the judge's link the desk printed when it started; "
                "a table's page opens by its own link"
            )
            await PlainTextResponse(why, status_code=403)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def judge_link(request: Request) -> Response:
    """The judge's secret link: sets the judge's cookie on this browser, then the event page."""
    desk: Desk = request.app.state.desk
    given = request.path_params["key"]
    if desk.judge_key is None or not hmac.compare_digest(str(given).encode(), desk.judge_key.encode()):
        return PlainTextResponse(_("no such link: the judge's link is the one the desk printed when it started"), status_code=403)
    answer = RedirectResponse("/event", status_code=303)
    answer.set_cookie(COOKIE, desk.judge_key, httponly=True, samesite="strict", path="/")
    return answer
