"""`answerable gaps`: the decision log as a prioritised list of documentation to write, for one tenant."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import click

from answerable.backends.models.embed import Vectors
from answerable.backends.registry import load_embedder, open_store
from answerable.backends.store.base import Filter
from answerable.core.errors import InputError
from answerable.core.types import DEFAULT_TENANT
from answerable.engine.gaps import DEFAULT_THRESHOLD, Page, build_report, select, suggested_ids, to_csv, to_markdown
from answerable.interfaces.cli.common import reports_errors, settings
from answerable.interfaces.cli.store_options import embedder_option, names, not_blank, store_option


@click.command("gaps")
@click.option("--since", default=None, metavar="DATE", help="Only decisions logged on or after this date (YYYY-MM-DD).")
@click.option(
    "--format", "fmt", type=click.Choice(["md", "csv"]), default="md", show_default=True, help="Output format."
)
@click.option(
    "--tenant",
    default=DEFAULT_TENANT,
    show_default=True,
    callback=not_blank,
    help="Tenant of the viewer: only its questions.",
)
@click.option("--groups", default=None, help="Comma-separated groups of the viewer: only pages they may read.")
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=DEFAULT_THRESHOLD,
    show_default=True,
    help="Cosine similarity at which two questions count as the same gap.",
)
@store_option
@embedder_option
@reports_errors
def gaps_command(
    since: str | None,
    fmt: str,
    tenant: str,
    groups: str | None,
    threshold: float,
    store_url: str | None,
    embedder_spec: str | None,
) -> None:
    """Cluster abstained and partial questions by cause and rank them by how often they were asked.

    Shows only the viewer's tenant, and as closest pages only those the viewer may read.
    """
    if since is not None:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            raise InputError(f"--since: expected a date YYYY-MM-DD, got {since!r}") from None
    store = open_store(settings(store=store_url).store, create=False)
    try:
        viewer = frozenset(names(groups))
        found = select(store.read_log(since=since), tenant, viewer_groups=viewer)
        # A suggestion was filtered for whoever asked; the viewer may see less, so ask the store again.
        visible = store.get(suggested_ids(found), Filter(tenant=tenant, groups=viewer))
    finally:
        store.close()
    pages = {p.id: Page(p.id, p.title, p.url) for p in visible}

    def embed(texts: Sequence[str]) -> Vectors:
        # Loaded only when there is something to cluster: an empty report needs no model.
        vectors: Vectors = load_embedder(settings(embedder=embedder_spec).embedder).embed(texts)
        return vectors

    report = build_report(found, embed, pages, tenant=tenant, threshold=threshold, since=since)
    click.echo(to_markdown(report) if fmt == "md" else to_csv(report), nl=False)
