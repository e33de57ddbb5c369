"""`answerable stats`: what an index holds, and whether it is sound."""

from __future__ import annotations

import click

from answerable.backends.registry import open_store
from answerable.interfaces.cli.common import EXIT_ERROR, echo_json, reports_errors, settings
from answerable.interfaces.cli.store_options import store_option


@click.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@store_option
@reports_errors
def stats_command(as_json: bool, store_url: str | None) -> None:
    """Documents per tenant, chunks, the embedder, the decision log, and an integrity check.

    Exits 1 when the integrity check finds a problem (a document whose chunks are not all there, chunks
    without their full-text or vector rows, a damaged file).
    """
    store = open_store(settings(store=store_url).store, create=False)
    try:
        stats = store.stats()
        problems = store.integrity_check()
        url = store.url
    finally:
        store.close()
    if as_json:
        echo_json(
            {
                "store": url,
                "documents": stats.documents,
                "tenants": stats.tenants,
                "chunks": stats.chunks,
                "embedder": stats.embedder,
                "dim": stats.dim,
                "decisions": stats.decisions,
                "last_decision_at": stats.last_decision_at,
                "problems": problems,
            }
        )
    else:
        tenants = ", ".join(f"{t} {n}" for t, n in stats.tenants.items()) or "-"
        embedder = f"{stats.embedder} ({stats.dim} dimensions)" if stats.embedder else "none yet"
        click.echo(f"store: {url}")
        click.echo(f"documents: {stats.documents} (by tenant: {tenants})")
        click.echo(f"chunks: {stats.chunks}")
        click.echo(f"embedder: {embedder}")
        click.echo(
            f"decisions logged: {stats.decisions}" + (f", last at {stats.last_decision_at}" if stats.decisions else "")
        )
        click.echo("integrity: ok" if not problems else f"integrity: {len(problems)} problem(s)")
        for p in problems:
            click.echo(f"  - {p}")
    if problems:
        raise SystemExit(EXIT_ERROR)
