"""The pages' templates: jinja2 files in ``pages/``, rendered by Starlette's
``Jinja2Templates`` with what every page is given (the run's token, the path,
the desk and the language spoken, ``lang``), and the desk of a request (``request.app.state.desk``). The
routes of :mod:`.app` and :mod:`.eventroutes` render through here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..language import spoken
from ..language.templating import install
from .desk import Desk

HERE = Path(__file__).parent


def desk_of(request: Request) -> Desk:
    desk: Desk = request.app.state.desk
    return desk


def _common(request: Request) -> dict[str, Any]:
    desk = desk_of(request)
    return {"token": desk.token, "path": request.url.path, "desk": desk, "lang": spoken().tag}


_env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "pages"), autoescape=True, trim_blocks=True, lstrip_blocks=True)
install(_env)  # the pages' words in the language of the request (its ``Speak`` block)
templates = Jinja2Templates(env=_env, context_processors=[_common])


def page(request: Request, name: str, status: int = 200, **values: Any) -> Response:
    return templates.TemplateResponse(request, name, values, status_code=status)
