"""`answerable serve`: the HTTP API and the chat page, on uvicorn, with N worker processes."""

from __future__ import annotations

import os
import shutil
import tempfile

import click

from answerable.backends.registry import open_store
from answerable.backends.store.url import redact_url
from answerable.core.errors import InputError
from answerable.core.settings import BY_NAME, SETTINGS, Settings
from answerable.interfaces.cli.common import policy_option, reports_errors, settings
from answerable.interfaces.cli.store_options import store_option


def _count(resolved: Settings, name: str) -> int:
    value = str(getattr(resolved, name))
    if not value.isdigit() or int(value) < 1:
        raise InputError(f"{BY_NAME[name].env} / --{name}: expected a whole number of at least 1, got {value!r}")
    return int(value)


@click.command("serve")
@click.option("--host", default=None, help="Address to listen on (env ANSWERABLE_HOST; default 127.0.0.1).")
@click.option("--port", default=None, help="Port to listen on (env ANSWERABLE_PORT; default 8080).")
@click.option(
    "--workers", default=None, help="Processes, each with its own models (env ANSWERABLE_WORKERS; default 1)."
)
@click.option(
    "--queue",
    default=None,
    help="Model requests a process holds at once before answering 503 (env ANSWERABLE_QUEUE; default 3).",
)
@store_option
@policy_option
@reports_errors
def serve_command(
    host: str | None,
    port: str | None,
    workers: str | None,
    queue: str | None,
    store_url: str | None,
    policy_path: str | None,
) -> None:
    """Serve the HTTP API (/v1/ask, /v1/check, /v1/documents, ...) and the chat page at /.

    The store must exist: `answerable keys create` (or `answerable ingest`) makes it. Every request needs an
    API key from `answerable keys create`; the OpenAPI description is at /openapi.json.
    """
    resolved = settings(host=host, port=port, workers=workers, queue=queue, store=store_url, policy=policy_path)
    n_workers, n_port = _count(resolved, "workers"), _count(resolved, "port")
    _count(resolved, "queue")
    _count(resolved, "max_request_bytes")
    open_store(resolved.store, create=False).close()  # a mistyped --store fails here, not in every worker
    try:
        import uvicorn
    except ImportError:
        raise InputError("the service needs its extra: pip install 'answerable[service]'") from None
    # The workers read their settings from the environment: the same values, however they were given here.
    for s in SETTINGS:
        value = getattr(resolved, s.name)
        if value is not None:
            os.environ[s.env] = value
    shared_metrics = None
    if n_workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        shared_metrics = tempfile.mkdtemp(prefix="answerable-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = shared_metrics
    click.echo(
        f"answerable: serving {redact_url(resolved.store)} at http://{resolved.host}:{n_port}/ "
        f"({n_workers} worker{'s' if n_workers > 1 else ''}); the models load before the first request",
        err=True,
    )
    try:
        uvicorn.run(
            "answerable.interfaces.service.app:app_from_env",
            factory=True,
            host=resolved.host,
            port=n_port,
            workers=n_workers,
            log_level="info",
            timeout_graceful_shutdown=30,
        )
    finally:
        if shared_metrics is not None:
            shutil.rmtree(shared_metrics, ignore_errors=True)
