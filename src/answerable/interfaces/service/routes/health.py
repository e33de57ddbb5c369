"""`GET /healthz` (no key: for load balancers) and `GET /metrics` (Prometheus text)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from answerable.core.version import __version__
from answerable.interfaces.service.metrics import exposition
from answerable.interfaces.service.schemas import HealthOut

router = APIRouter(tags=["operations"])


@router.get("/healthz", response_model=HealthOut, summary="The process is up and its models are loaded")
def healthz() -> HealthOut:
    # The app answers only after its start-up (store opened, models loaded and warmed) has finished.
    return HealthOut(status="ok", version=__version__)


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}, "description": "Prometheus text"}},
    summary="Requests by route and code, decisions by status and reason, latency per engine stage",
)
def metrics() -> Response:
    body, content_type = exposition()
    return Response(body, media_type=content_type)
