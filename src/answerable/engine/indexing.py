"""The ingest pipeline: walk, load, chunk, embed what changed, and write each document atomically.

Chunks of several documents are embedded together in batches (the model is the bottleneck), then each
document is written in its own transaction. An unchanged document is skipped without embedding; a
changed one reuses the stored vector of every chunk whose content hash is unchanged.

With `prune`, the run is the whole corpus of the tenants it touched: their stored documents that it did
not see are deleted, so a page removed from the docs stops answering. Pruning is refused (nothing is
deleted) when any file was skipped, since a page that failed to parse this time is not a removed page,
and when the run saw no document at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from answerable.backends.models.embed import Embedder
from answerable.backends.store.base import Store
from answerable.core.codec import to_jsonable
from answerable.core.types import Chunk, embedding_text
from answerable.ingest.chunking import ChunkConfig, chunk
from answerable.ingest.loaders import DEFAULT_MAX_BYTES, Loaded, Skipped, find, load_file
from answerable.ingest.metadata import Defaults


@dataclass
class IngestReport:
    """What an ingest did: counts, and every skipped source with its reason."""

    documents: int = 0
    chunks: int = 0
    unchanged: int = 0
    embedded: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    pruned: list[tuple[str, str]] = field(default_factory=list)  # (tenant, document id), deleted
    # (document id, its tenant now, the other tenants that hold that id): new in its tenant but stored in
    # others, as when a page's `tenant` changed; the old copy stays readable there until it is deleted.
    elsewhere: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    prune_refused: str | None = None  # why --prune deleted nothing

    @property
    def ok(self) -> bool:
        """False only when nothing at all could be ingested (new, updated or unchanged)."""
        return self.documents + self.unchanged > 0

    def to_dict(self) -> dict[str, object]:
        return {
            "documents": self.documents,
            "chunks": self.chunks,
            "unchanged": self.unchanged,
            "embedded": self.embedded,
            "skipped": [{"source": s.source, "reason": s.reason} for s in self.skipped],
            "pruned": [{"tenant": t, "document_id": d} for t, d in self.pruned],
            "prune_refused": self.prune_refused,
            "also_in_other_tenants": [
                {"document_id": d, "tenant": t, "other_tenants": list(others)} for d, t, others in self.elsewhere
            ],
        }


def document_hash(loaded: Loaded, chunks: Sequence[Chunk], config: ChunkConfig) -> str:
    """Content, metadata and chunking settings: any change means the document is written again."""
    payload = json.dumps(
        [to_jsonable(loaded.document), [[c.content_hash, c.anchor] for c in chunks], config.size, config.overlap],
        sort_keys=True,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass
class _Pending:
    loaded: Loaded
    chunks: tuple[Chunk, ...]
    doc_hash: str


def ingest(
    paths: Iterable[Path],
    store: Store,
    embedder: Embedder,
    *,
    defaults: Defaults | None = None,
    config: ChunkConfig | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    batch_chunks: int = 256,
    progress: Callable[[str], None] | None = None,
    prune: bool = False,
    report: IngestReport | None = None,
    include_root: Path | None = None,
) -> IngestReport:
    """Ingest files and folders into `store`. Store and model errors propagate; bad files are skipped.

    `progress` is called with each file's path once the file has been read. `prune`: see the module.
    `include_root`: the folder a Markdown page's includes (`--8<-- "file"`) are read from, for every file
    (the project folder that holds `mkdocs.yml` and the code a docs folder pulls in); by default a page
    found in a folder may include files of that folder only (`loaders.find`).
    `report`, if given, is filled as the run goes, so a caller interrupted midway knows what landed.
    """
    defaults = defaults or Defaults()
    config = config or ChunkConfig()
    store.check_embedder(embedder.name, embedder.dim)
    report = report if report is not None else IngestReport()
    pending: list[_Pending] = []
    seen: dict[tuple[str, str], str] = {}  # (tenant, id) -> the source that gave it first

    def flush() -> None:
        _write(pending, store, embedder, report)
        pending.clear()

    for found in find(paths):
        for item in load_file(
            found.path,
            found.doc_id,
            defaults,
            max_bytes,
            rel_path=found.rel_path,
            nav_title=found.nav_title,
            url_path=found.url_path,
            include_root=include_root or found.include_root,
        ):
            if isinstance(item, Skipped):
                report.skipped.append(item)
                continue
            key = (item.document.tenant, item.document.id)
            if key in seen:
                problem = f"duplicate document id {item.document.id!r} in this batch: {seen[key]} has it already"
                report.skipped.append(Skipped(item.source, problem))
                continue
            seen[key] = item.source
            chunks = chunk(item, config)
            if not chunks:
                report.skipped.append(Skipped(item.source, "no text to index"))
                continue
            doc_hash = document_hash(item, chunks, config)
            stored = store.document_hash(item.document.tenant, item.document.id)
            if stored == doc_hash:
                report.unchanged += 1
                continue
            if stored is None:
                others = tuple(t for t in store.tenants_of(item.document.id) if t != item.document.tenant)
                if others:
                    report.elsewhere.append((item.document.id, item.document.tenant, others))
            pending.append(_Pending(item, chunks, doc_hash))
            if sum(len(p.chunks) for p in pending) >= batch_chunks:
                flush()
        if progress:
            progress(str(found.path))
    flush()
    if prune:
        _prune(store, seen, report)
        gone = set(report.pruned)
        still = [(d, t, tuple(o for o in others if (o, d) not in gone)) for d, t, others in report.elsewhere]
        report.elsewhere = [(d, t, others) for d, t, others in still if others]
    return report


def _prune(store: Store, seen: Mapping[tuple[str, str], str], report: IngestReport) -> None:
    if report.skipped:
        report.prune_refused = (
            f"{len(report.skipped)} source(s) skipped; a page that could not be read is not a removed page"
        )
        return
    if not seen:
        report.prune_refused = "the run found no document, so it cannot stand for a whole corpus"
        return
    for tenant in sorted({t for t, _ in seen}):
        for document_id in store.document_ids(tenant):
            if (tenant, document_id) not in seen and store.delete(tenant, document_id):
                report.pruned.append((tenant, document_id))


def _write(pending: list[_Pending], store: Store, embedder: Embedder, report: IngestReport) -> None:
    if not pending:
        return
    hashes = [c.content_hash for p in pending for c in p.chunks]
    known = store.vectors_for_hashes(hashes)
    todo: dict[str, str] = {}
    for p in pending:
        for c in p.chunks:
            if c.content_hash not in known:
                todo.setdefault(c.content_hash, embedding_text(p.loaded.document.title, c.heading_path, c.text))
    if todo:
        vectors = embedder.embed(list(todo.values()))
        known.update(zip(todo.keys(), vectors, strict=True))
        report.embedded += len(todo)
    for p in pending:
        matrix = np.stack([known[c.content_hash] for c in p.chunks]).astype(np.float32)
        store.upsert(p.loaded.document, p.chunks, matrix, p.doc_hash)
        report.documents += 1
        report.chunks += len(p.chunks)
