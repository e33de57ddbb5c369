"""One JSON error envelope, `{"error": {"code", "message"}}`, for every 4xx and 5xx the service answers.

Bad input names the field and the problem. Store and model failures are 5xx errors, never abstentions;
their details go to the server log, not to the caller (they can name files and hosts).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from answerable.core.errors import InputError, ModelError, PolicyError, StoreError

log = logging.getLogger("answerable.service")

_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    500: "internal_error",
    503: "unavailable",
}


class ApiError(Exception):
    """An error answer: its status, a stable code and a message that says what to change."""

    def __init__(self, status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers or {})


def envelope(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def not_found(what: str) -> ApiError:
    """The same answer whether the thing is another tenant's or does not exist: existence is never revealed."""
    return ApiError(404, "not_found", f"no {what} with this id")


def _where(loc: Sequence[Any]) -> str:
    parts = [str(p) for p in loc if p != "body"] if len(loc) > 1 else [str(p) for p in loc]
    return ".".join(parts) or "body"


def validation_message(errors: Sequence[Mapping[str, Any]]) -> tuple[int, str, str]:
    """(status, code, message) for pydantic's errors: the first few, each as `field: problem`."""
    if any(e.get("type") == "json_invalid" for e in errors):
        first = next(e for e in errors if e.get("type") == "json_invalid")
        detail = (first.get("ctx") or {}).get("error", "")
        return 400, "invalid_json", f"the body is not valid JSON{': ' + str(detail) if detail else ''}"
    shown = []
    for e in errors[:5]:
        if e.get("type") == "extra_forbidden":
            shown.append(f"{_where(e.get('loc', ()))}: unknown field")
        elif e.get("type") == "missing":
            shown.append(f"{_where(e.get('loc', ()))}: required")
        else:
            shown.append(f"{_where(e.get('loc', ()))}: {e.get('msg', 'invalid')}")
    more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
    return 422, "invalid_request", "; ".join(shown) + more


def install(app: FastAPI) -> None:
    """Register the handlers that turn every error into the envelope."""

    async def api_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return envelope(exc.status, exc.code, exc.message, exc.headers)

    async def http_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        message = exc.detail if isinstance(exc.detail, str) else _CODES.get(exc.status_code, "error")
        code = _CODES.get(exc.status_code, "error")
        if exc.status_code == 404 and message == "Not Found":
            message = "no such route; the API is described at /openapi.json"
        return envelope(exc.status_code, code, message, exc.headers)

    async def invalid(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        status, code, message = validation_message(exc.errors())
        return envelope(status, code, message)

    async def input_error(_: Request, exc: Exception) -> JSONResponse:
        return envelope(422, "invalid_request", str(exc))

    async def store_error(_: Request, exc: Exception) -> JSONResponse:
        log.error("store error: %s", exc)
        return envelope(
            503,
            "store_error",
            "the store failed, so nothing was decided; retry, or tell the operator",
            {"Retry-After": "5"},
        )

    async def model_error(_: Request, exc: Exception) -> JSONResponse:
        log.error("model error: %s", exc)
        return envelope(500, "model_error", "a model failed, so nothing was decided; tell the operator")

    async def internal(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return envelope(500, "internal_error", "an unexpected error; the request was not answered")

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(InputError, input_error)
    app.add_exception_handler(PolicyError, input_error)
    app.add_exception_handler(StoreError, store_error)
    app.add_exception_handler(ModelError, model_error)
    app.add_exception_handler(Exception, internal)


__all__ = ["ApiError", "envelope", "install", "not_found", "validation_message"]
