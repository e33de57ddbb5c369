"""`answerable delete DOC_ID...`: remove documents (and all their chunks) from the store."""

from __future__ import annotations

import click

from answerable.backends.registry import open_store
from answerable.core.types import DEFAULT_TENANT
from answerable.interfaces.cli.common import EXIT_ERROR, echo_json, reports_errors, settings
from answerable.interfaces.cli.store_options import not_blank, store_option


@click.command("delete")
@click.argument("document_ids", nargs=-1, required=True)
@click.option(
    "--tenant", default=DEFAULT_TENANT, show_default=True, callback=not_blank, help="Tenant the documents belong to."
)
@click.option("--json", "as_json", is_flag=True, help="Print what was deleted and what was not found as JSON.")
@store_option
@reports_errors
def delete_command(document_ids: tuple[str, ...], tenant: str, as_json: bool, store_url: str | None) -> None:
    """Delete documents by id, each in its own transaction; exit 1 if any was not in the store.

    A deleted document is gone from search, answers, citations and suggestions at once. Decision-log
    records that quoted it stay, as the record of what was answered. To keep a folder and the index in
    step, `answerable ingest FOLDER --prune` deletes what the folder no longer holds.
    """
    store = open_store(settings(store=store_url).store, create=False)
    try:
        found = {d: store.delete(tenant, d) for d in dict.fromkeys(document_ids)}
    finally:
        store.close()
    deleted = [d for d, gone in found.items() if gone]
    missing = [d for d, gone in found.items() if not gone]
    if as_json:
        echo_json({"tenant": tenant, "deleted": deleted, "not_found": missing})
    else:
        for d in deleted:
            click.echo(f"deleted {d}")
        for d in missing:
            click.echo(f"not found: {d} (tenant {tenant})")
    if missing:
        raise SystemExit(EXIT_ERROR)
