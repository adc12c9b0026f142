"""The rules every request to the desk meets, beside Starlette's host
allow-list:

- every answer forbids framing (``Content-Security-Policy: frame-ancestors
  'none'`` and ``X-Frame-Options: DENY``: no page of another site can put
  the desk under a user's click) and loads nothing from elsewhere;
- a POST from another origin is refused (its ``Origin``, or
  ``Sec-Fetch-Site`` saying cross-site or same-site), before its token is
  looked at;
- a form is read only when it says its length, and only up to a bound;
- every number of a URL or a form is read strictly (ASCII digits, a bound
  on their count): anything else is a clear 400, never a traceback.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import OptionError
from ..language import _
from .desk import MAX_FORM, Desk

POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)  # position pictures opened alone carry their own style attributes
HEADERS = {
    "content-security-policy": POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
WHOLE = re.compile(r"[0-9]{1,9}")
DECIMAL = re.compile(r"[0-9]{1,4}(\.[0-9]{1,4})?")


class Guard:
    """ASGI middleware: the headers above on every answer, and posts from another origin refused."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            why = foreign(Headers(scope=scope))
            if why:
                await PlainTextResponse(why, status_code=403, headers=HEADERS)(scope, receive, send)
                return

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in HEADERS.items():
                    headers.setdefault(key, value)
            await send(message)

        await self.app(scope, receive, headed)


def foreign(headers: Headers) -> str:
    """Why a request that changes something comes from another site ("" when it does not)."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return _("refused: a request from another site (%(site)s) cannot change the desk") % {"site": site}
    origin = headers.get("origin")
    if origin is not None:
        parts = urlsplit(origin)
        if origin == "null" or parts.scheme not in ("http", "https") or parts.netloc.lower() != headers.get("host", "").lower():
            return _("refused: a request from %(origin)r cannot change the desk") % {"origin": origin}
    return ""


def whole(given: str | None, what: str, most: int = 10**9) -> int | None:
    """A whole number of a URL or a form (None when not given); OptionError for anything but ASCII digits up to ``most``."""
    if given is None or not given.strip():
        return None
    text = given.strip()
    if not WHOLE.fullmatch(text) or int(text) > most:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise OptionError(_("%(what)s: %(shown)r is not a whole number from 0 to %(most)s") % {"what": what, "shown": shown, "most": f"{most:,}"})
    return int(text)


def decimal(given: str | None, what: str) -> float | None:
    """A number with an optional decimal part (a bleed in millimetres); None when not given."""
    if given is None or not given.strip():
        return None
    text = given.strip()
    if not DECIMAL.fullmatch(text):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise OptionError(_("%(what)s: %(shown)r is not a number such as 3 or 2.5") % {"what": what, "shown": shown})
    return float(text)


async def form_of(request: Request, most: int = MAX_FORM, keyed: bool = True) -> dict[str, Any] | Response:
    """The request's form, once its length and token are right; else the response that says why not.
    ``keyed=False``: a form whose address carries its own secret (a table's link), without the run's token."""
    desk: Desk = request.app.state.desk
    length = request.headers.get("content-length", "")
    if not WHOLE.fullmatch(length.strip()):
        return PlainTextResponse(_("a form must say its length"), status_code=411)
    if int(length) > most:
        return PlainTextResponse(_("too large: at most %(most)s bytes") % {"most": f"{most:,}"}, status_code=413)
    async with request.form(max_files=1, max_fields=40, max_part_size=most) as form:
        values: dict[str, Any] = {}
        for key, value in form.multi_items():
            values[key] = (await value.read()) if hasattr(value, "read") else value
    if keyed and not desk.token_ok(values.get("token")):
        return PlainTextResponse(_("this form is from another run of the desk: reload the page"), status_code=403)
    return values
