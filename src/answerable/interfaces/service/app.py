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
from answerable.interfaces.service.metrics import REJECTED, RequestMetrics
from answerable.interfaces.service.routes import routers
from answerable.interfaces.service.runner import Overloaded
from answerable.interfaces.service.state import positive, start

STATIC = Path(__file__).parent / "static"


class BodyLimit:
    """Refuse a body over `limit` bytes (413): by its Content-Length at once, or, sent in chunks without one,
    as soon as it passes the limit (such a body is read here first, then handed on whole)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = errors.envelope(413, "payload_too_large", f"the body is over the limit of {self.limit:,} bytes")
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and length.isdigit():
            if int(length) > self.limit:
                await too_large(scope, receive, send)
                return
            await self.app(scope, receive, send)  # the server holds the body to its stated length
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.limit:
                await too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)


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
        # FastAPI's /docs and /redoc load their script from a CDN; the service sends nothing elsewhere.
        docs_url=None,
        redoc_url=None,
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
