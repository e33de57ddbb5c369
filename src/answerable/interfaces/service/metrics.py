"""Prometheus metrics: requests by route and code, decisions by status and reason, latency per engine stage.

With several worker processes (`answerable serve --workers N`), each process writes its values under
PROMETHEUS_MULTIPROC_DIR (set by `serve` before the workers start) and `/metrics` adds them up, so one
scrape sees the whole service whichever process answers it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# A `_created` series per label set doubles the scrape for nothing a dashboard reads.
disable_created_metrics()  # type: ignore[no-untyped-call]
REGISTRY = CollectorRegistry()

REQUESTS = Counter(
    "answerable_http_requests",
    "HTTP requests answered, by route and status code.",
    ["route", "method", "code"],
    registry=REGISTRY,
)
REQUEST_SECONDS = Histogram(
    "answerable_http_request_seconds",
    "Time to answer an HTTP request, by route.",
    ["route"],
    registry=REGISTRY,
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64),
)
DECISIONS = Counter(
    "answerable_decisions", "Decisions taken, by endpoint and status.", ["endpoint", "status"], registry=REGISTRY
)
REASONS = Counter(
    "answerable_decision_reasons",
    "Reason codes on decisions, by endpoint and code.",
    ["endpoint", "reason"],
    registry=REGISTRY,
)
STAGE_SECONDS = Histogram(
    "answerable_engine_stage_seconds",
    "Time per engine stage of a decision.",
    ["stage"],
    registry=REGISTRY,
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8),
)
QUEUE = Gauge(
    "answerable_model_queue", "Model requests running or waiting.", registry=REGISTRY, multiprocess_mode="livesum"
)
REJECTED = Counter("answerable_rejected", "Requests answered 503 because the model queue was full.", registry=REGISTRY)


def observe_decision(endpoint: str, record: Mapping[str, Any]) -> None:
    """Count a decision and its reasons, and time its stages, from its log record."""
    DECISIONS.labels(endpoint, str(record.get("status"))).inc()
    for reason in record.get("reason_codes") or ():
        REASONS.labels(endpoint, str(reason)).inc()
    for stage, ms in (record.get("timings_ms") or {}).items():
        STAGE_SECONDS.labels(str(stage)).observe(float(ms) / 1000)


def exposition() -> tuple[bytes, str]:
    """The metrics as Prometheus text: this process's, or every worker's where they share a folder."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


class RequestMetrics:
    """ASGI middleware counting and timing every HTTP request by its route template (never the raw path,
    whose ids would make a series per document)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        code = 500

        async def sending(message: Message) -> None:
            nonlocal code
            if message["type"] == "http.response.start":
                code = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = scope.get("route")
            name = getattr(route, "path", None) or ("static" if scope["path"].startswith("/static") else "unmatched")
            REQUESTS.labels(name, scope["method"], str(code)).inc()
            REQUEST_SECONDS.labels(name).observe(time.perf_counter() - start)


__all__ = ["REGISTRY", "RequestMetrics", "exposition", "observe_decision"]
