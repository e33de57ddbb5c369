"""`answerable search "query"`: ranked passages the principal may read, with ids and scores."""

from __future__ import annotations

import click

from answerable.backends.registry import load_embedder, open_store
from answerable.core.codec import to_jsonable
from answerable.interfaces.cli.common import echo_json, reports_errors, require_text, settings
from answerable.interfaces.cli.store_options import build_filter, embedder_option, principal_options, store_option
from answerable.text.printable import printable


@click.command("search")
@click.argument("query")
@principal_options
@click.option("--k", default=5, type=click.IntRange(min=1), show_default=True, help="How many passages.")
@click.option("--mode", type=click.Choice(["hybrid", "bm25", "vector"]), default="hybrid", show_default=True)
@click.option("--doc-ids", default=None, help="Comma-separated document ids to restrict retrieval to.")
@click.option("--json", "as_json", is_flag=True, help="Print passages as JSON.")
@store_option
@embedder_option
@reports_errors
def search_command(
    query: str,
    tenant: str,
    groups: str | None,
    as_of: str | None,
    k: int,
    mode: str,
    doc_ids: str | None,
    as_json: bool,
    store_url: str | None,
    embedder_spec: str | None,
) -> None:
    """Search the store; access filters are applied inside the query."""
    require_text(query, "query")
    flt = build_filter(tenant, groups, as_of, doc_ids)
    store = open_store(settings(store=store_url).store, create=False)
    try:
        if mode == "bm25":
            hits = store.search_bm25(query, flt, k)
        else:
            embedder = load_embedder(settings(embedder=embedder_spec).embedder)
            stats = store.stats()
            if stats.embedder is not None:
                store.check_embedder(embedder.name, embedder.dim)
            vector = embedder.embed([query])[0]
            hits = (
                store.search_vector(vector, flt, k) if mode == "vector" else store.search_hybrid(query, vector, flt, k)
            )
    finally:
        store.close()
    if as_json:
        echo_json([to_jsonable(h) for h in hits])
        return
    if not hits:
        click.echo("no passages found")
    for rank, hit in enumerate(hits, start=1):
        s = hit.scores
        parts = [
            f"{name}={value:.4f}"
            for name, value in (("fused", s.fused), ("bm25", s.bm25), ("vector", s.vector))
            if value is not None
        ]
        click.echo(f"{rank:>2}. {hit.id}  {printable(hit.title or '', 200)}  ({', '.join(parts)})")
        click.echo(f"    {printable(' '.join(hit.text.split()), 201)}")
