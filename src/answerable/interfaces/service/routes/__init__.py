"""The API's routes, one module per resource; `ROUTERS` is what the app includes."""

from __future__ import annotations

from typing import Any

from answerable.interfaces.service.schemas import ErrorOut

_WHAT = {
    400: "The body is not valid JSON.",
    401: "No API key, or one that is not valid.",
    403: "The route needs an admin key.",
    404: "Nothing with this id in your tenant.",
    413: "The body is larger than the service reads.",
    422: "A field is missing, of the wrong type, unknown, or out of range; the message names it.",
    500: "A model or the service failed: nothing was decided (never an abstention).",
    503: "The model queue is full (retry after `Retry-After` seconds), or the store failed.",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents, each the one envelope."""
    return {code: {"model": ErrorOut, "description": _WHAT[code]} for code in codes}


def routers() -> list[Any]:
    from answerable.interfaces.service.routes import admin, ask, decisions, documents, health

    return [health.router, ask.router, documents.router, decisions.router, admin.router]


__all__ = ["errors", "routers"]
