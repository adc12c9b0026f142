"""The language each request is answered in: the one ``serve --lang``
names, else the one the browser prefers (its ``Accept-Language``) among
those hi5pnp speaks, else English. The pages, the face images, the
verdicts and the printable verdict are made in it; the JSON of a verdict
is the same in every language (docs/serve.md, "Languages")."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..language import from_accept_language, speaking


def chosen(fixed: str | None, accept_language: str | None) -> str:
    """The language of a request: ``fixed`` (serve --lang) when given, else the browser's preference."""
    return fixed or from_accept_language(accept_language)


class Speak:
    """ASGI middleware: each request handled while speaking its language
    (:func:`chosen`); answers say which (``Content-Language``), and that
    they vary with the browser's preference when they do."""

    def __init__(self, app: ASGIApp, fixed: str | None = None) -> None:
        self.app = app
        self.fixed = fixed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = chosen(self.fixed, Headers(scope=scope).get("accept-language"))
        scope.setdefault("state", {})["lang"] = lang

        async def said(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [(b"content-language", lang.replace("_", "-").encode())]
                if self.fixed is None:
                    extra.append((b"vary", b"Accept-Language"))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        with speaking(lang):
            await self.app(scope, receive, said)
