"""`answerable ingest PATH...`: load, chunk, embed and store documents."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import click

from answerable.backends.registry import load_embedder, open_store
from answerable.core.errors import InputError
from answerable.engine.indexing import IngestReport, ingest
from answerable.ingest.chunking import ChunkConfig
from answerable.ingest.loaders import DEFAULT_MAX_BYTES, walk
from answerable.ingest.metadata import Defaults, check_url, parse_trust
from answerable.interfaces.cli.common import echo_json, reports_errors, settings
from answerable.interfaces.cli.store_options import embedder_option, names, not_blank, store_option


def _date(value: str | None, flag: str) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InputError(f"{flag}: expected a date YYYY-MM-DD, got {value!r}") from None


def _new_sqlite_file(store_url: str | None) -> Path | None:
    """The SQLite file this run would create, or None (it exists already, or the store is PostgreSQL)."""
    url = settings(store=store_url).store
    if not url.startswith("sqlite:///"):
        return None
    path = Path(url.removeprefix("sqlite:///"))
    return None if path.exists() else path


@click.command("ingest")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--tenant", default=None, callback=not_blank, help="Tenant of every document that does not name one.")
@click.option("--acl", default=None, help="Comma-separated groups allowed to read documents that name none.")
@click.option("--trust", default=None, help="Trust tier for documents that name none: official, community, draft.")
@click.option("--owner", default=None, help="Owner for documents that name none.")
@click.option("--source-kind", default=None, help="Source kind (guide, reference, release-notes, forum...).")
@click.option("--url", default=None, help="URL for documents that name none (one page; see --base-url for a site).")
@click.option(
    "--base-url",
    default=None,
    help="URL of the folder given: a document that names no URL gets this plus its path "
    "(Markdown and text without the suffix, HTML with it).",
)
@click.option("--updated-at", default=None, help="Last-updated date (YYYY-MM-DD) for documents that name none.")
@click.option("--effective-date", default=None, help="Effective date (YYYY-MM-DD) for documents that name none.")
@click.option("--chunk-size", default=1000, show_default=True, help="Chunk size in characters.")
@click.option("--overlap", default=150, show_default=True, help="Chunk overlap in characters.")
@click.option(
    "--max-bytes",
    default=DEFAULT_MAX_BYTES,
    show_default=True,
    type=click.IntRange(min=1),
    help="Skip files larger than this.",
)
@click.option(
    "--prune",
    is_flag=True,
    help="The PATHS are the whole corpus of their tenants: delete stored documents of those tenants that "
    "this run did not find (refused, deleting nothing, if any file was skipped).",
)
@click.option(
    "--include-root",
    default=None,
    type=click.Path(path_type=Path),
    help='Folder a page\'s includes (--8<-- "file", {! file !}, {* file *}, .. literalinclude::) are read '
    "from, as the site's build reads them (the project folder); by default only files in the folder ingested.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@store_option
@embedder_option
@reports_errors
def ingest_command(
    paths: tuple[Path, ...],
    tenant: str | None,
    acl: str | None,
    trust: str | None,
    owner: str | None,
    source_kind: str | None,
    url: str | None,
    base_url: str | None,
    updated_at: str | None,
    effective_date: str | None,
    chunk_size: int,
    overlap: int,
    max_bytes: int,
    prune: bool,
    include_root: Path | None,
    as_json: bool,
    store_url: str | None,
    embedder_spec: str | None,
) -> None:
    """Ingest Markdown, reST, HTML, Jupyter notebook, text and JSONL corpus files (folders are walked recursively).

    A document's own metadata (front matter, corpus fields) wins over these flags. Bad files are
    reported and skipped; the exit code is non-zero only if nothing could be ingested, the store failed,
    or --prune was refused.
    """
    if url and base_url:
        raise InputError("--url and --base-url: give one (--url is one page's address, --base-url a site's)")
    if include_root is not None and not include_root.is_dir():
        raise InputError(f"--include-root: {include_root} is not a folder")
    for flag, value in (("--url", url), ("--base-url", base_url)):
        problem = check_url(value) if value else None
        if problem is not None:  # checked here, not per file: every file would be skipped for it
            raise InputError(f"{flag}: {problem}, got {value!r}")
    defaults = Defaults(
        tenant=tenant,
        acl=names(acl) if acl is not None else None,
        trust=parse_trust(trust, "--trust"),
        owner=owner,
        source_kind=source_kind,
        url=url,
        base_url=base_url,
        updated_at=_date(updated_at, "--updated-at"),
        effective_date=_date(effective_date, "--effective-date"),
    )
    config = ChunkConfig(size=chunk_size, overlap=overlap)
    files = len(list(walk(paths)))
    # The embedder first: a spec that cannot be loaded must not leave behind a new, empty index that reading
    # commands would then accept.
    embedder = load_embedder(settings(embedder=embedder_spec).embedder)
    new_file = _new_sqlite_file(store_url)
    store = open_store(settings(store=store_url).store)
    report = IngestReport()
    try:
        with click.progressbar(length=files, label="ingesting", file=sys.stderr) as bar:
            ingest(
                paths,
                store,
                embedder,
                report=report,
                defaults=defaults,
                config=config,
                max_bytes=max_bytes,
                progress=lambda _source: bar.update(1),
                prune=prune,
                include_root=include_root,
            )
    except KeyboardInterrupt:
        # Each document is written in its own transaction: what landed is whole, the rest is as it was.
        click.echo(
            f"\ninterrupted: {report.documents} documents, {report.chunks} chunks written before it (each whole); "
            "run the same command again to finish (unchanged documents are skipped)",
            err=True,
        )
        raise SystemExit(130) from None
    finally:
        store.close()
    if new_file is not None and report.documents == 0 and report.unchanged == 0:
        # Nothing landed (a mistyped path, every file skipped): a new, empty index would be read as
        # "no documentation matches" by every later command. Leave none behind.
        for leftover in (new_file, *(new_file.with_name(new_file.name + s) for s in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)
        click.echo(f"nothing was ingested: no index was created at {new_file}", err=True)
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(
            f"{report.documents} documents, {report.chunks} chunks written ({report.embedded} embedded), "
            f"{report.unchanged} unchanged, {len(report.skipped)} skipped"
        )
        for skipped in report.skipped:
            click.echo(f"  skipped {skipped.source}: {skipped.reason}")
        if prune and report.prune_refused is None:
            click.echo(f"{len(report.pruned)} documents pruned")
            for tenant, document_id in report.pruned:
                click.echo(f"  pruned {document_id} (tenant {tenant})")
        for document_id, tenant, others in report.elsewhere:
            deletes = "; ".join(f"answerable delete {document_id} --tenant {other}" for other in others)
            click.echo(
                f"  note: {document_id} is new in tenant {tenant} and also stored in tenant {', '.join(others)}; "
                f"if the page moved, delete the old {'copies' if len(others) > 1 else 'copy'} ({deletes})"
            )
    if report.prune_refused is not None:
        click.echo(f"error: not pruned: {report.prune_refused}", err=True)
    if not report.ok or report.prune_refused is not None:
        raise SystemExit(1)
