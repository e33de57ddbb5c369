"""The FastAPI application: routes, the error envelope, metrics, the size limit and the chat page.

`create_app(settings)` builds it; the models load once per process, at start-up, before the first
request is answered. `answerable serve` runs `app_from_env` in each uvicorn worker.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from answerable.core.settings import Settings
from answerable.core.version import __version__
from answerable.engine.engine import Engine
from answerable.interfaces.service import errors
from answerable.interfaces.service.errors import ApiError
from answerable.interfaces.service.metrics import REJECTED, RequestMetrics
from answerable.interfaces.service.routes import routers
from answerable.interfaces.service.runner import Overloaded
from answerable.interfaces.service.state import positive, start

STATIC = Path(__file__).parent / "static"


class BodyLimit:
    """Refuse a body over `limit` bytes (413) by its Content-Length at once, or as it streams in."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = ApiError(413, "payload_too_large", f"the body is over the limit of {self.limit:,} bytes")
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.limit:
            await errors.envelope(413, too_large.code, too_large.message)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise too_large
            return message

        await self.app(scope, limited, send)


def create_app(settings: Settings | None = None, *, models: Engine | None = None) -> FastAPI:
    """The service over `settings` (default: the environment). `models`: an engine whose loaded models to
    share (tests load them once per run); None loads them at start-up."""
    settings = settings or Settings.resolve(os.environ)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.service = start(settings, models)
        try:
            yield
        finally:
            app.state.service.close()

    app = FastAPI(
        title="answerable",
        version=__version__,
        summary="Answers from documentation only when the allowed evidence authorizes it, else abstains with reasons.",
        lifespan=lifespan,
    )
    errors.install(app)

    async def overloaded(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Overloaded)
        REJECTED.inc()
        return errors.envelope(
            503,
            "overloaded",
            "the service is busy; retry after the seconds in Retry-After",
            {"Retry-After": str(exc.retry_after)},
        )

    app.add_exception_handler(Overloaded, overloaded)
    for router in routers():
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=_PAGE_HEADERS)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=positive(settings, "max_request_bytes"))
    app.add_middleware(RequestMetrics)
    return app


# The page runs only its own script and style, sends nothing elsewhere, and is never framed.
_PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def app_from_env() -> FastAPI:
    """The app of one `answerable serve` worker: settings from the environment `serve` set for it."""
    from answerable.interfaces.cli.process import prepare

    settings = Settings.resolve(os.environ)
    prepare(settings)
    return create_app(settings)


__all__ = ["app_from_env", "create_app"]
